import { definePageBehaviour } from './define-behaviour.ts';

export const COMMENT_FORM_SELECTOR = '#respond form, .comment-respond form';

/**
 * The comment form's reply behaviour (spec §2 Comment form), as WordPress's comment-reply.js does
 * it, from the markup WordPress prints: a reply link (`a.comment-reply-link` with
 * `data-commentid`, `data-postid`, `data-belowelement`, `data-respondelement`, `data-replyto`)
 * moves the form (`#respond`) under its comment and sets `comment_parent` and `comment_post_ID`;
 * the cancel link (`#cancel-comment-reply-link`) puts it back; Ctrl/Cmd+Enter in the form submits
 * it (through `requestSubmit`, so the form's own checks, such as the required rating, still run).
 */

const PLACEHOLDER_ID = 'wp-temp-form-div';

function show(element: HTMLElement | null, visible: boolean) {
  if (!element) return;
  element.hidden = !visible;
  // WordPress prints the cancel link with display:none; CSSOM is allowed under a strict CSP.
  element.style.display = visible ? '' : 'none';
}

/** The reply title's own text (WordPress keeps the cancel link inside the title element). */
function titleText(title: Element | null): Text | null {
  if (!title) return null;
  for (const node of title.childNodes)
    if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) return node as Text;
  return null;
}

/** Moves the respond block under `below` for a reply to `commentId`; returns whether it moved. */
export function moveCommentForm(link: HTMLElement, doc: Document = document): boolean {
  const {
    commentid = '',
    postid = '',
    belowelement = '',
    respondelement = 'respond',
    replyto = '',
  } = link.dataset;
  const respond = doc.getElementById(respondelement);
  const below = doc.getElementById(belowelement);
  if (!respond || !below || !commentid) return false;
  const form = respond.querySelector('form');
  const parent = respond.querySelector<HTMLInputElement>('#comment_parent, input[name="comment_parent"]');
  const post = respond.querySelector<HTMLInputElement>('#comment_post_ID, input[name="comment_post_ID"]');
  if (!form || !parent) return false;
  if (!doc.getElementById(PLACEHOLDER_ID)) {
    const placeholder = doc.createElement('div');
    placeholder.id = PLACEHOLDER_ID;
    placeholder.hidden = true;
    respond.before(placeholder);
  }
  below.after(respond);
  parent.value = commentid;
  if (post && postid) post.value = postid;
  const title = titleText(respond.querySelector('#reply-title'));
  if (title && replyto) {
    title.parentElement!.dataset.originalTitle ??= title.textContent ?? '';
    title.textContent = replyto;
  }
  show(respond.querySelector<HTMLElement>('#cancel-comment-reply-link'), true);
  respond.querySelector<HTMLTextAreaElement>('textarea[name="comment"], #comment')?.focus();
  return true;
}

/** Puts the respond block back where the page printed it and clears the parent comment. */
export function restoreCommentForm(respond: HTMLElement, doc: Document = document): boolean {
  const placeholder = doc.getElementById(PLACEHOLDER_ID);
  if (!placeholder) return false;
  placeholder.replaceWith(respond);
  const parent = respond.querySelector<HTMLInputElement>('#comment_parent, input[name="comment_parent"]');
  if (parent) parent.value = '0';
  const titleElement = respond.querySelector<HTMLElement>('#reply-title');
  const title = titleText(titleElement);
  if (title && titleElement?.dataset.originalTitle !== undefined) {
    title.textContent = titleElement.dataset.originalTitle;
    delete titleElement.dataset.originalTitle;
  }
  const cancel = respond.querySelector<HTMLElement>('#cancel-comment-reply-link');
  show(cancel, false);
  respond.querySelector<HTMLTextAreaElement>('textarea[name="comment"], #comment')?.focus();
  return true;
}

/**
 * Installs the reply, cancel and Ctrl/Cmd+Enter behaviours under `root` (delegated, so comments
 * and forms added later work too); once per root. Returns the uninstall.
 */
export const installCommentForm = definePageBehaviour({
  name: 'comment-form',
  selector: COMMENT_FORM_SELECTOR,
  install(root, { document: doc, on }) {
    const onClick = (event: Event) => {
      const click = event as MouseEvent;
      if (click.defaultPrevented || click.button !== 0) return;
      const target = click.target instanceof Element ? click.target : null;
      const reply = target?.closest<HTMLElement>('a.comment-reply-link');
      if (reply && moveCommentForm(reply, doc)) {
        click.preventDefault();
        return;
      }
      const cancel = target?.closest<HTMLElement>('#cancel-comment-reply-link');
      const respond = cancel?.closest<HTMLElement>('#respond, .comment-respond');
      if (cancel && respond && restoreCommentForm(respond, doc)) click.preventDefault();
    };
    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key !== 'Enter' || !(key.ctrlKey || key.metaKey)) return;
      const field = key.target instanceof Element ? key.target.closest('textarea, input') : null;
      const form = (field as HTMLTextAreaElement | HTMLInputElement | null)?.form;
      if (!form?.closest('#respond, .comment-respond')) return;
      key.preventDefault();
      form.requestSubmit();
    };
    on(root, 'click', onClick);
    on(root, 'keydown', onKeyDown);
  },
});
