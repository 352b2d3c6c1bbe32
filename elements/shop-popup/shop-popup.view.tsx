import { useStore } from '@nanostores/react';
import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { closeOnBackdrop, onEscape } from '../../shared/a11y/dialog-close.ts';
import { firstFocusable } from '../../shared/a11y/focus.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { useModalDialog } from '../../shared/hooks/use-modal-dialog.ts';
import type { PopupController } from './shop-popup.controller.ts';
import type { PopupSettings } from './shop-popup.settings.ts';

/**
 * The view of `<shop-popup>`: a native `<dialog>` (modal or not, through `useModalDialog`, closed
 * through the dialog kit's Escape and backdrop helpers) around the slotted light-DOM content.
 * Phases, timers and triggers live in the element's controller.
 */
export function Popup({ settings, host, controller }: ElementViewProps<PopupSettings, PopupController>) {
  const { phase, closeButton, animate, focusRequest } = useStore(controller.$state);
  const visible = phase !== 'hidden';
  const slot = useRef<HTMLSlotElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Our own close() of the dialog fires a `close` event later, maybe after the popup reopened:
  // that one is ours, not the browser's (set before useModalDialog's effect closes the dialog).
  const ownClose = useRef(false);
  useLayoutEffect(() => {
    if (!visible && dialog.current?.open) ownClose.current = true;
  });
  const dialog = useModalDialog({
    open: visible,
    // Non-modal: show()/close(), and focus returns to what had it.
    modal: settings.modal,
    onClose: () => {
      if (ownClose.current) {
        ownClose.current = false;
        return;
      }
      // Browsers close a modal without a cancelable `cancel` on a repeated Escape (no user
      // activation): with prevent_close_on_esc_key the popup is shown again.
      const { phase: now } = controller.$state.get();
      const d = dialog.current;
      if (host.settings.prevent_close_on_esc_key && d?.isConnected && (now === 'entering' || now === 'shown'))
        d.showModal();
      else controller.close();
    },
  });

  // Escape: our close (with its exit animation), or nothing (spec §3 prevent_close_on_esc_key);
  // a click on the backdrop (Escape's pointer twin), unless prevent_close_on_background_click.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const stops = [
      onEscape(d, () => {
        if (!host.settings.prevent_close_on_esc_key) controller.close();
      }),
      closeOnBackdrop(d, () => {
        if (!host.settings.prevent_close_on_background_click) controller.close();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [dialog, host, controller]);

  // spec §3 `classes`: extra classes on the host.
  useEffect(() => {
    const tokens = settings.classes.split(/\s+/).filter(Boolean);
    host.classList.add(...tokens);
    return () => host.classList.remove(...tokens);
  }, [host, settings.classes]);

  // spec §3 `a11y_navigation`: the focus request (after the focus delay) moves focus inside, to
  // the first focusable content, else the close button, else the dialog.
  useEffect(() => {
    if (focusRequest === 0 || !settings.a11y_navigation) return;
    const slotted = slot.current?.assignedElements({ flatten: true });
    (firstFocusable(slotted) ?? closeRef.current ?? dialog.current)?.focus();
  }, [focusRequest, settings.a11y_navigation, dialog]);

  const animation =
    !animate || phase === 'shown' || phase === 'hidden'
      ? ''
      : phase === 'entering'
        ? settings.entrance_animation
        : settings.exit_animation;
  const style = { '--_duration': `${settings.entrance_animation_duration}s` } as CSSProperties;
  return (
    <dialog
      ref={dialog}
      part="dialog"
      className={`dialog dialog--${phase}${animation && animation !== 'none' ? ` animate--${animation}` : ''}`}
      aria-label={settings.messages.label}
      tabIndex={-1}
      style={style}
    >
      <div className="body" part="body">
        <slot ref={slot} />
      </div>
      {closeButton && (
        <button
          ref={closeRef}
          type="button"
          part="close-button"
          className={`close close--${settings.close_button_position}`}
          aria-label={settings.messages.close}
          onClick={() => controller.close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </dialog>
  );
}
