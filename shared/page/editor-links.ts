import { logError, logPrefix } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';
import { adoptStyles } from '../style-sheets.ts';
import { safeUrl } from '../url.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour } from './define-behaviour.ts';

export const EDITOR_LINKS_SELECTOR = '.block-edit-link, #wpadminbar, body.logged-in';

/**
 * What users who can edit pages get (issue 17; spec §6 Roles: flag `can_edit_pages`, §1): block
 * edit links and a console note about reduced motion. Shoppers get nothing.
 *
 * Flatsome prints, for editors, `<div class="block-edit-link" data-title="Edit Block: Footer"
 * data-frontend="…page-builder URL…" data-backend="…editor URL…"></div>` where a block is used,
 * and turns it into a tooltip offering both links. Links in a tooltip cannot be reached with the
 * keyboard (APG tooltip: no interactive content), so here it is an APG disclosure: a button named
 * from `data-title` that shows a small panel with the page-builder link and the editor link (on
 * click, Enter or Space, and while hovered); Escape closes it and focus goes back to the button,
 * as does leaving it with focus or a click elsewhere. URLs go through `safeUrl`.
 *
 * The flag is read from `flatsomeVars.user.can_edit_pages` (a page global or the `shop-config`
 * script); `options.canEditPages` overrides it.
 */

export const EDITOR_TEXTS = {
  editBlock: 'Edit block',
  pageBuilder: 'Edit with the page builder',
  editor: 'Edit in the WordPress editor',
  // spec §6 names the note, not its words.
  reducedMotion:
    'Reduced motion is on (prefers-reduced-motion: reduce): animations such as parallax, lottie, count-up and animate-on-scroll are not played on this page. Visitors who ask for reduced motion see it the same way.',
};

export interface EditorLinksOptions extends BehaviourOptions {
  /** Overrides the page's `can_edit_pages` flag. */
  canEditPages?: boolean;
}

/** The page's `can_edit_pages` flag (`flatsomeVars.user.can_edit_pages`). */
export function canEditPages(doc: Document = document): boolean {
  const vars = readPageData('flatsomeVars', doc) as { user?: { can_edit_pages?: unknown } } | undefined;
  const flag = vars?.user?.can_edit_pages;
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

const CSS = `
.block-edit-link{position:relative}
.block-edit-link__toggle{font:inherit;font-size:.8rem;min-block-size:1.75rem;padding:.125rem .5rem;border:1px solid currentColor;border-radius:var(--shop-radius,4px);background:var(--shop-color-surface,#fff);color:var(--shop-color-text,#1a1a1a);cursor:pointer}
.block-edit-link__panel{position:absolute;z-index:100;inset-block-start:100%;inset-inline-start:0;display:flex;flex-direction:column;gap:.25rem;min-inline-size:12rem;padding:.5rem;border-radius:var(--shop-radius,4px);background:#1a1a1a;color:#fff}
.block-edit-link__panel[hidden]{display:none}
.block-edit-link__panel a{color:#fff}
.block-edit-link :focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
`;

const noted = new WeakSet<Document>();
let ids = 0;

/** Block edit links and the reduced-motion note, for editors only. */
export const installEditorLinks = definePageBehaviour({
  name: 'editor-links',
  selector: EDITOR_LINKS_SELECTOR,
  messages: EDITOR_TEXTS,
  install(_root, context: BehaviourContext<typeof EDITOR_TEXTS, EditorLinksOptions>) {
    const doc = context.document;
    if (!(context.options.canEditPages ?? canEditPages(doc))) return;
    if (context.reducedMotion() && !noted.has(doc)) {
      noted.add(doc);
      console.info(`${logPrefix(null)} ${context.messages.reducedMotion}`);
    }
    const undo: (() => void)[] = [];
    const enhance = (holder: HTMLElement) => {
      if (holder.querySelector('.block-edit-link__toggle')) return;
      const links = (
        [
          [context.messages.pageBuilder, holder.dataset.frontend],
          [context.messages.editor, holder.dataset.backend],
        ] as const
      ).flatMap(([text, raw]) => {
        const href = safeUrl(raw);
        if (!href) return [];
        const a = doc.createElement('a');
        a.href = href;
        a.textContent = text;
        return [a];
      });
      if (links.length === 0) {
        logError(
          null,
          'editor links: a .block-edit-link has no http(s) data-frontend or data-backend; ignored.',
        );
        return;
      }
      adoptStyles(doc, CSS);
      const panel = doc.createElement('div');
      panel.className = 'block-edit-link__panel';
      panel.id = `block-edit-link-${++ids}`;
      panel.hidden = true;
      panel.append(...links);
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'block-edit-link__toggle';
      button.textContent = holder.dataset.title?.trim() || context.messages.editBlock;
      button.setAttribute('aria-expanded', 'false');
      button.setAttribute('aria-controls', panel.id);
      const set = (open: boolean) => {
        panel.hidden = !open;
        button.setAttribute('aria-expanded', String(open));
      };
      context.on(button, 'click', () => set(panel.hidden === true));
      context.on(holder, 'mouseenter', () => set(true));
      context.on(holder, 'mouseleave', () => {
        if (!holder.contains(doc.activeElement)) set(false);
      });
      context.on(holder, 'keydown', (event) => {
        if (event.key !== 'Escape' || panel.hidden) return;
        event.preventDefault();
        set(false);
        button.focus();
      });
      context.on(holder, 'focusout', (event) => {
        if (!holder.contains(event.relatedTarget as Node | null)) set(false);
      });
      const outside = (event: Event) => {
        if (!holder.contains(event.target as Node)) set(false);
      };
      context.on(doc, 'pointerdown', outside);
      holder.append(button, panel);
      undo.push(() => {
        button.remove();
        panel.remove();
      });
    };
    context.each('.block-edit-link', enhance);
    return () => {
      for (const u of undo) u();
    };
  },
});
