import { type RefObject, useEffect, useRef } from 'react';
import { deepActiveElement, returnFocus } from '../a11y/focus.ts';
import { useLatest } from './use-latest.ts';

/** Options of {@link useModalDialog}. */
export interface ModalDialogOptions {
  /** Whether the dialog should be open. */
  open: boolean;
  /** Called when the dialog closed (the browser's close on Escape, `form method=dialog`, or ours). */
  onClose(): void;
  /** Takes focus on close when the browser had nothing to return it to. */
  returnTo?: RefObject<HTMLElement | null>;
  /**
   * Modal (default: `showModal()`) or not (`show()`; on close focus goes back to what had it
   * when it opened, when focus was lost).
   */
  modal?: boolean;
}

/**
 * A native `<dialog>` (DESIGN §8): `showModal()` while `open` (the page behind is inert, Escape
 * closes), `close()` otherwise. On close the browser returns focus to what had it before
 * `showModal`; when nothing is left to take it, `returnTo` does. Non-modal with `modal: false`.
 * How else it closes is the dialog kit's (shared/a11y/dialog-close.ts: `closeOnBackdrop`,
 * `onEscape`). Returns the ref for the dialog.
 */
export function useModalDialog({
  open,
  onClose,
  returnTo,
  modal = true,
}: ModalDialogOptions): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  /** What had focus when a non-modal dialog opened. */
  const opener = useRef<Element | null>(null);
  const latestClose = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = modal ? null : deepActiveElement();
      if (modal) dialog.showModal();
      else dialog.show();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(returnTo?.current ?? (opener.current as HTMLElement | null));
    }
  }, [open, modal, returnTo]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => latestClose.current();
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, [latestClose]);

  return ref;
}
