import { defineElement } from '../../shared/define-element.tsx';
import { emit } from '../../shared/events.ts';
import { pageLinkActions } from '../../shared/page/link-actions.ts';
import { PopupController } from './shop-popup.controller.ts';
import { popupIdOf, popupSettings } from './shop-popup.settings.ts';
import { styles } from './shop-popup.styles.ts';
import { Popup } from './shop-popup.view.tsx';

/**
 * Popup of the page-builder add-on (spec §2 "Popups and filters", §3 "Popup settings", §4 "Popups",
 * §5 "Popup display checks", §9): its light-DOM content shows in a native `<dialog>` (modal, or
 * non-modal with `modal: false`) once every display check passes and a trigger fires (page load,
 * scroll, scroll to a selector, clicks, inactivity, exit intent, adblock detection), or when a link
 * action or an `open_selector` click opens it. It closes with its close button (after its delay),
 * Escape, a background click or by itself, plays its exit animation and counts the view.
 *
 * @tagname shop-popup
 * @summary A page-builder popup: display checks, triggers and a native dialog.
 * @attr {string} settings - JSON matching `popupSettings`; invalid fields are reported and their defaults used.
 * @event shop-popup-opened - The popup opened; `detail.trigger` names the trigger (null for a link action).
 * @event shop-popup-closed - The popup closed and its view was counted.
 * @csspart dialog - The dialog box.
 * @csspart body - The scrolling area around the content.
 * @csspart close-button - The close button.
 * @cssproperty [--width=min(32rem, calc(100vw - 2rem))] - Dialog width.
 * @cssproperty [--surface=var(--shop-color-surface, #fff)] - Dialog background.
 * @cssproperty [--text-color=var(--shop-color-text, #333)] - Dialog text.
 * @cssproperty [--border-color=var(--shop-color-border, #ddd)] - Dialog border.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Corner radius.
 */
export class ShopPopupElement extends defineElement(Popup, {
  tag: 'shop-popup',
  settings: popupSettings,
  styles,
  // Display checks, triggers and timers: connected while the popup is on the page.
  controller: ({ host, settings$ }) => {
    // Read when needed: the settings are the defaults until the element first connects.
    const id = () => popupIdOf(host, settings$.get());
    return new PopupController({
      settings: settings$,
      id,
      onChange: (open, trigger) =>
        open
          ? emit(host, 'shop-popup-opened', { id: id(), trigger })
          : emit(host, 'shop-popup-closed', { id: id() }),
    });
  },
}) {
  /**
   * Opens the popup (as a link action does): no display checks, unless the shopper turned it off.
   * Before the popup is on the page, it opens once it is.
   */
  open(): void {
    this.controller.open();
  }
  /** Closes the popup; `doNotShowAgain` sets its disable flag. */
  close(options?: { doNotShowAgain?: boolean }): void {
    this.controller.close(options);
  }
}

ShopPopupElement.define();
// Link actions (popup open/close from links and action hashes) come with the popups (spec §2).
pageLinkActions();

declare global {
  interface HTMLElementTagNameMap {
    'shop-popup': ShopPopupElement;
  }
}
