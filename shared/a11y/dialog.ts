import { closeOnBackdrop, onEscape } from './dialog-close.ts';
import { deepActiveElement, firstFocusable, returnFocus } from './focus.ts';

/**
 * The one dialog builder (DESIGN §8; WAI-ARIA APG dialog): a native `<dialog>`, modal
 * (`showModal()`: focus kept inside and the page behind inert by the browser, Escape closes) or not
 * (`show()`, Escape closes it here), named by a text or by an element inside it, closed by a click
 * on its backdrop, focus on its first focusable element on open and back where it was on close.
 * Page behaviours build theirs with {@link openDialog}; a view that renders its `<dialog>` in React
 * gets the same through `useModalDialog` (shared/hooks/use-modal-dialog.ts). Both close through
 * the helpers of `./dialog-close.ts` (`closeOnBackdrop`, `onEscape`) and focus with `./focus.ts`
 * (`firstFocusable`, `returnFocus`). The builder is a module of its own so that only the page
 * behaviours that open a dialog load it (the helpers ride in the shared chunk with the hook).
 */

let ids = 0;

/** Names `dialog`: a text (`aria-label`), or an element inside it (`aria-labelledby`, given an id if it has none). */
export function labelDialog(dialog: HTMLDialogElement, label: string | HTMLElement): void {
  if (typeof label === 'string') {
    dialog.removeAttribute('aria-labelledby');
    dialog.setAttribute('aria-label', label);
  } else {
    label.id ||= `shop-dialog-label-${++ids}`;
    dialog.removeAttribute('aria-label');
    dialog.setAttribute('aria-labelledby', label.id);
  }
}

/** Options of {@link openDialog}. */
export interface DialogOptions {
  /** The document it opens in (default: the page's). */
  doc?: Document;
  /** Its classes. */
  className?: string;
  /** Its name: a text, or an element inside it (see {@link labelDialog}). */
  label: string | HTMLElement;
  /** Modal (default) or not. */
  modal?: boolean;
  /** A close button ("×", named by `label`), first in the dialog and sticky in its corner. */
  closeButton?: { label: string; className: string };
  /** What goes inside, after the close button. */
  content?: Iterable<Node>;
  /** Takes focus on open (default: the first focusable element, the close button when there is one). */
  focus?: HTMLElement | null;
  /**
   * Takes focus back on close when it is still on the page (the link that opened the dialog);
   * without one, what had focus before takes it back when focus was lost.
   */
  opener?: HTMLElement | null;
  /** A click on the backdrop closes it (default true). */
  closeOnBackdrop?: boolean;
  /** After it closed and left the page, focus returned. */
  onClose?(): void;
}

/**
 * Builds a `<dialog>` at the end of the body and opens it (see the module's comment); closing it
 * (`dialog.close()`, Escape, the close button, the backdrop) removes it from the page and returns
 * focus. Returns the open dialog.
 */
export function openDialog(options: DialogOptions): HTMLDialogElement {
  const { doc = document, modal = true } = options;
  const dialog = doc.createElement('dialog');
  if (options.className) dialog.className = options.className;
  labelDialog(dialog, options.label);
  if (options.closeButton) {
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = options.closeButton.className;
    close.setAttribute('aria-label', options.closeButton.label);
    close.textContent = '×';
    close.addEventListener('click', () => dialog.close());
    dialog.append(close);
  }
  if (options.content) dialog.append(...options.content);
  if (options.closeOnBackdrop !== false) closeOnBackdrop(dialog);
  if (!modal) onEscape(dialog, () => dialog.close());
  const before = deepActiveElement(doc) as HTMLElement | null;
  dialog.addEventListener('close', () => {
    dialog.remove();
    // APG dialog: focus back to the opener, without scrolling the page.
    if (options.opener?.isConnected) options.opener.focus({ preventScroll: true });
    else returnFocus(before, doc);
    options.onClose?.();
  });
  doc.body.append(dialog);
  if (modal) dialog.showModal();
  else dialog.show();
  (options.focus ?? firstFocusable(dialog) ?? dialog).focus({ preventScroll: true });
  return dialog;
}
