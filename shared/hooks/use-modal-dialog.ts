import { type RefObject, useEffect, useRef } from 'react';
import { returnFocus } from '../a11y/focus.ts';
import { useLatest } from './use-latest.ts';

/** Options of {@link useModalDialog}. */
export interface ModalDialogOptions {
  /** Whether the dialog should be open. */
  open: boolean;
  /** Called when the browser closed the dialog itself (Escape, `form method=dialog`). */
  onClose(): void;
  /** Takes focus on close when the browser had nothing to return it to. */
  returnTo?: RefObject<HTMLElement | null>;
}

/**
 * A native modal `<dialog>` (DESIGN §8): `showModal()` while `open` (the page behind is inert,
 * Escape closes), `close()` otherwise. On close the browser returns focus to what had it before
 * `showModal`; when nothing is left to take it, `returnTo` does. Returns the ref for the dialog.
 */
export function useModalDialog({
  open,
  onClose,
  returnTo,
}: ModalDialogOptions): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const latestClose = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(returnTo?.current);
    }
  }, [open, returnTo]);

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
