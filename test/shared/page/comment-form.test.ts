import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installCommentForm } from '../../../shared/page/comment-form.ts';

/** WordPress's comment list with reply links and the respond block (comment_form()). */
async function comments() {
  const box = await fixture<HTMLDivElement>(html`<div id="comments">
    <ol class="commentlist">
      <li id="li-comment-7"><div id="div-comment-7"><p>First comment</p>
        <a rel="nofollow" class="comment-reply-link" href="?replytocom=7#respond" data-commentid="7" data-postid="42"
          data-belowelement="div-comment-7" data-respondelement="respond" data-replyto="Reply to Anna">Reply</a></div></li>
      <li id="li-comment-8"><div id="div-comment-8"><p>Second comment</p>
        <a rel="nofollow" class="comment-reply-link" href="?replytocom=8#respond" data-commentid="8" data-postid="42"
          data-belowelement="div-comment-8" data-respondelement="respond" data-replyto="Reply to Ben">Reply</a></div></li>
    </ol>
    <div id="respond" class="comment-respond">
      <h3 id="reply-title" class="comment-reply-title">Leave a reply <small><a rel="nofollow" id="cancel-comment-reply-link" href="#respond" hidden>Cancel reply</a></small></h3>
      <form id="commentform" class="comment-form" action="/wp-comments-post.php" method="post">
        <label for="comment">Comment</label><textarea id="comment" name="comment"></textarea>
        <input type="hidden" name="comment_post_ID" value="42" id="comment_post_ID">
        <input type="hidden" name="comment_parent" id="comment_parent" value="0">
        <button type="submit">Post comment</button>
      </form>
    </div></div>`);
  const respond = box.querySelector<HTMLElement>('#respond')!;
  const form = box.querySelector('form')!;
  const submitted: string[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted.push(String(new FormData(form).get('comment_parent')));
  });
  const uninstall = installCommentForm(box);
  return {
    uninstall,
    box,
    respond,
    form,
    submitted,
    parent: box.querySelector<HTMLInputElement>('#comment_parent')!,
  };
}

describe('comment form', () => {
  it('a reply link moves the form under its comment, sets the parent and post, and focuses the text', async () => {
    const { box, respond, parent } = await comments();
    box.querySelectorAll<HTMLElement>('.comment-reply-link')[1].click();
    expect(respond.previousElementSibling?.id).to.equal('div-comment-8');
    expect(parent.value).to.equal('8');
    expect(box.querySelector<HTMLInputElement>('#comment_post_ID')!.value).to.equal('42');
    expect(box.querySelector('#reply-title')!.firstChild!.textContent).to.equal('Reply to Ben');
    expect(box.querySelector<HTMLElement>('#cancel-comment-reply-link')!.hidden).to.equal(false);
    expect(document.activeElement?.id).to.equal('comment');
  });

  it('cancel puts the form back and clears the parent', async () => {
    const { box, respond, parent } = await comments();
    box.querySelector<HTMLElement>('.comment-reply-link')!.click();
    box.querySelector<HTMLElement>('#cancel-comment-reply-link')!.click();
    expect(respond.previousElementSibling?.classList.contains('commentlist')).to.equal(true);
    expect(parent.value).to.equal('0');
    expect(box.querySelector('#reply-title')!.firstChild!.textContent).to.equal('Leave a reply ');
    expect(box.querySelector<HTMLElement>('#cancel-comment-reply-link')!.hidden).to.equal(true);
  });

  it('Ctrl+Enter or Cmd+Enter in the comment submits the form; Enter alone does not', async () => {
    const { box, submitted } = await comments();
    box.querySelector<HTMLElement>('.comment-reply-link')!.click();
    await sendKeys({ type: 'Thanks!' });
    await sendKeys({ press: 'Enter' });
    expect(submitted).to.deep.equal([]);
    // Modifier chords are not sent alike by every engine's driver: the key event itself, then.
    const textarea = box.querySelector('textarea')!;
    const chord = (init: KeyboardEventInit) =>
      textarea.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init }),
      );
    expect(chord({ ctrlKey: true }), 'the newline is not typed').to.equal(false);
    expect(submitted).to.deep.equal(['7']);
    chord({ metaKey: true });
    expect(submitted).to.deep.equal(['7', '7']);
  });

  it('installs once per root, and uninstalls', async () => {
    const { box, respond, uninstall } = await comments();
    expect(installCommentForm(box) === uninstall).to.equal(true);
    uninstall();
    const link = box.querySelector<HTMLElement>('.comment-reply-link')!;
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
    expect(respond.previousElementSibling?.classList.contains('commentlist')).to.equal(true);
  });

  it('passes axe with the form under a comment', async () => {
    const { box } = await comments();
    box.querySelector<HTMLElement>('.comment-reply-link')!.click();
    await expect(box).to.be.accessible();
  });
});
