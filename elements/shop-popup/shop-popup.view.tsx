import { useStore } from '@nanostores/react';
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { deepActiveElement, returnFocus } from '../../shared/a11y/focus.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { emit } from '../../shared/events.ts';
import { useModalDialog } from '../../shared/hooks/use-modal-dialog.ts';
import { createPopupController } from './shop-popup.controller.ts';
import { pendingOpens, popupControllers } from './shop-popup.registry.ts';
import type { PopupSettings } from './shop-popup.settings.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The popup's id: `popup_id`, else the host's id, else "popup". */
export function popupIdOf(host: HTMLElement, settings: PopupSettings): string {
  return settings.popup_id || host.id || 'popup';
}

/**
 * The view of `<shop-popup>`: a native `<dialog>` (modal through `useModalDialog`, or non-modal)
 * around the slotted light-DOM content. Phases, timers and triggers live in the controller.
 */
export function Popup({ settings, host }: ElementViewProps<PopupSettings>) {
  const [controller] = useState(() => {
    const id = popupIdOf(host, settings);
    return createPopupController({
      settings: host.settings$,
      id,
      onChange: (open, trigger) =>
        open ? emit(host, 'shop-popup-opened', { id, trigger }) : emit(host, 'shop-popup-closed', { id }),
    });
  });
  useEffect(() => {
    popupControllers.set(host, controller);
    controller.start();
    if (pendingOpens.delete(host)) controller.open();
    return () => {
      popupControllers.delete(host);
      controller.dispose();
    };
  }, [controller, host]);
  const { phase, closeButton, animate, focusRequest } = useStore(controller.$state);
  const visible = phase !== 'hidden';
  const modal = settings.modal;
  const slot = useRef<HTMLSlotElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Our own close() of the dialog fires a `close` event later, maybe after the popup reopened:
  // that one is ours, not the browser's (set before useModalDialog's effect closes the dialog).
  const ownClose = useRef(false);
  useLayoutEffect(() => {
    if (!visible && dialog.current?.open) ownClose.current = true;
  });
  const dialog = useModalDialog({
    open: modal && visible,
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

  // Non-modal: show()/close(), and focus returns to what had it.
  useEffect(() => {
    const d = dialog.current;
    if (!d || modal) return;
    if (visible && !d.open) {
      opener.current = deepActiveElement() as HTMLElement | null;
      d.show();
    } else if (!visible && d.open) {
      d.close();
      returnFocus(opener.current);
    }
  }, [visible, modal, dialog]);

  // spec §3 `classes`: extra classes on the host.
  useEffect(() => {
    const tokens = settings.classes.split(/\s+/).filter(Boolean);
    host.classList.add(...tokens);
    return () => host.classList.remove(...tokens);
  }, [host, settings.classes]);

  // spec §3 `a11y_navigation`: the focus request (after the focus delay) moves focus inside.
  useEffect(() => {
    if (focusRequest === 0 || !settings.a11y_navigation) return;
    const slotted = slot.current?.assignedElements({ flatten: true }) ?? [];
    const first =
      slotted.map((el) => (el.matches(FOCUSABLE) ? el : el.querySelector(FOCUSABLE))).find(Boolean) ??
      closeRef.current ??
      dialog.current;
    (first as HTMLElement | null)?.focus();
  }, [focusRequest, settings.a11y_navigation, dialog]);

  const onCancel = (event: Event) => {
    // Escape: our close (with its exit animation), or nothing (spec §3 prevent_close_on_esc_key).
    event.preventDefault();
    if (!settings.prevent_close_on_esc_key) controller.close();
  };
  // Native listeners: keys from slotted (light-DOM) content never reach React's handlers.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (!settings.prevent_close_on_esc_key) controller.close();
  };
  const onClick = (event: MouseEvent) => {
    // A click on the backdrop reaches the dialog itself, outside its box (Escape is its keyboard twin).
    const d = dialog.current;
    if (!d || event.target !== d || settings.prevent_close_on_background_click) return;
    const box = d.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) controller.close();
  };
  useEffect(() => {
    const d = dialog.current;
    d?.addEventListener('cancel', onCancel);
    d?.addEventListener('keydown', onKeyDown);
    d?.addEventListener('click', onClick);
    return () => {
      d?.removeEventListener('cancel', onCancel);
      d?.removeEventListener('keydown', onKeyDown);
      d?.removeEventListener('click', onClick);
    };
  });

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
