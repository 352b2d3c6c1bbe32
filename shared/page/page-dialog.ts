import { openDialog } from '../a11y/dialog.ts';
import { adoptStyles } from '../style-sheets.ts';

/**
 * A modal dialog around markup that is already on the page (issue 17: the checkout terms, the
 * login popup), built by the kit's `openDialog` (shared/a11y/dialog.ts: a native `<dialog>` opened
 * with `showModal()`, APG dialog: focus trapped by the browser, Escape closes, the rest of the page
 * inert), a close button, a click on the backdrop closes it. The page's element is moved into
 * the dialog while it is open and put back where it was (with its `hidden` state and classes as
 * before) when it closes; focus goes back to the opener.
 */

export const PAGE_DIALOG_TEXTS = { close: 'Close' };

export interface PageDialogOptions {
  /** The page's element shown in the dialog. */
  content: HTMLElement;
  /** The dialog's name: an element inside `content` (aria-labelledby), or a text. */
  label: HTMLElement | string;
  /** Where focus goes back to on close. */
  opener?: HTMLElement | null;
  /** Where focus goes on open (default the close button). */
  focus?: HTMLElement | null;
  /** Classes removed from `content` while it is shown (e.g. Flatsome's `mfp-hide`), put back after. */
  unhide?: string[];
  className?: string;
  onClose?: () => void;
}

const CSS = `
.page-dialog{box-sizing:border-box;inline-size:min(48rem,calc(100vw - 2rem));max-block-size:calc(100dvh - 2rem);padding:0;border:0;border-radius:var(--shop-radius,4px);background:var(--shop-color-surface,#fff);color:var(--shop-color-text,#1a1a1a);overscroll-behavior:contain}
.page-dialog::backdrop{background:rgb(0 0 0/.6)}
.page-dialog__close{position:sticky;float:inline-end;inset-block-start:0;z-index:1;min-inline-size:2.75rem;min-block-size:2.75rem;border:0;background:transparent;color:inherit;font-size:1.5rem;cursor:pointer}
.page-dialog__body{padding:var(--shop-space-m,1rem)}
.page-dialog :focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
`;

/** Opens `content` in a modal dialog; returns the dialog (closing it puts everything back). */
export function openPageDialog(options: PageDialogOptions): HTMLDialogElement {
  const { content, label, opener, unhide = [] } = options;
  const doc = content.ownerDocument;
  adoptStyles(doc, CSS);
  const body = doc.createElement('div');
  body.className = 'page-dialog__body';

  const placeholder = doc.createComment('page-dialog');
  const wasHidden = content.hidden;
  const removed = unhide.filter((c) => content.classList.contains(c));
  content.replaceWith(placeholder);
  // WooCommerce prints the terms with `style="display: none; max-height: 200px"` (checkout.js slides them).
  const inline = { display: content.style.display, maxHeight: content.style.maxHeight };
  content.hidden = false;
  content.classList.remove(...removed);
  content.style.removeProperty('display');
  content.style.removeProperty('max-height');
  body.append(content);
  return openDialog({
    doc,
    className: `page-dialog ${options.className ?? ''}`.trim(),
    label,
    closeButton: { label: PAGE_DIALOG_TEXTS.close, className: 'page-dialog__close' },
    content: [body],
    focus: options.focus,
    opener,
    onClose: () => {
      if (placeholder.isConnected) placeholder.replaceWith(content);
      else content.remove();
      content.hidden = wasHidden;
      content.style.display = inline.display;
      content.style.maxHeight = inline.maxHeight;
      content.classList.add(...removed);
      options.onClose?.();
    },
  });
}
