/**
 * How a native `<dialog>` closes (DESIGN §8; WAI-ARIA APG dialog): a click on its backdrop, and
 * Escape handled the same way whether it is modal or not. Used by the dialog builder
 * (`./dialog.ts`) and by `useModalDialog` (shared/hooks/use-modal-dialog.ts).
 */

/**
 * Whether a click landed on the backdrop of `dialog`: a click there reaches the dialog itself,
 * outside its box (a click on the dialog's own padding is inside the box and does not count).
 */
export function isBackdropClick(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  const { left, right, top, bottom } = dialog.getBoundingClientRect();
  const { clientX: x, clientY: y } = event;
  return event.target === dialog && (x < left || x > right || y < top || y > bottom);
}

/** Calls `close` (default: closes the dialog) on a click on the backdrop. Returns the undo. */
export function closeOnBackdrop(
  dialog: HTMLDialogElement,
  close: () => void = () => dialog.close(),
): () => void {
  const onClick = (event: MouseEvent) => {
    if (isBackdropClick(dialog, event)) close();
  };
  dialog.addEventListener('click', onClick);
  return () => dialog.removeEventListener('click', onClick);
}

/**
 * Escape in `dialog`, modal or not, calls `handler` instead of the browser's own close: the
 * modal's `cancel` and the key itself (a non-modal dialog gets no `cancel`; keys from slotted
 * light-DOM content never reach React's handlers, so this listens natively). Returns the undo.
 */
export function onEscape(dialog: HTMLDialogElement, handler: () => void): () => void {
  // One listener for both: a `cancel`, or a key that is Escape.
  const onKey = (event: Event) => {
    if (event.type === 'cancel' || (event as KeyboardEvent).key === 'Escape') {
      event.preventDefault();
      handler();
    }
  };
  dialog.addEventListener('cancel', onKey);
  dialog.addEventListener('keydown', onKey);
  return () => {
    dialog.removeEventListener('cancel', onKey);
    dialog.removeEventListener('keydown', onKey);
  };
}
