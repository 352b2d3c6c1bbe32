import { $cart } from '../../shared/cart/store.ts';
import { defineElement } from '../../shared/define-element.tsx';
import { installAddToCartButtons } from '../../shared/page/add-to-cart-buttons.ts';
import { MiniCartController } from './shop-mini-cart.controller.ts';
import { miniCartSettings } from './shop-mini-cart.settings.ts';
import { styles } from './shop-mini-cart.styles.ts';
import { MiniCart } from './shop-mini-cart.view.tsx';

/**
 * Compact cart that follows the shared `$cart` store: a dropdown shown for 5 s after an add, or an
 * off-canvas drawer (native modal dialog) on screens up to 849 px. Adds made by WooCommerce's own
 * scripts open it too (add-to-cart.js's jQuery `added_to_cart`, single-add-to-cart.js's native
 * `added_to_cart`), and cart changes they make (cart.js's `updated_wc_div`, cart-fragments.js,
 * Flatsome's quantity change) reach it through `$cart`. Lines can be removed and their
 * quantities changed. Light-DOM content (e.g. a plain link to the cart) is the no-JavaScript
 * fallback and is shown if rendering fails. Loading this module also installs the page behaviour
 * the mini-cart needs: ajax add-to-cart for the page's `.ajax_add_to_cart` buttons
 * (`shared/page/add-to-cart-buttons.ts`, once per page).
 *
 * @tagname shop-mini-cart
 * @summary The mini-cart: dropdown or drawer over WooCommerce's cart fragments.
 * @attr {string} settings - JSON matching `miniCartSettings` (mode, drawerBreakpoint, revealMs, revealOnAdd, quantities, messages); `messages.item`/`messages.items` are the one/other plural forms of the item count. Invalid fields are reported and defaulted.
 * @attr {'auto'|'dropdown'|'drawer'} mode - Dropdown, drawer, or `auto` (drawer up to `drawer-breakpoint`).
 * @attr {number} drawer-breakpoint - Widest screen, in px, that gets the drawer in `auto` mode (default 849).
 * @attr {number} reveal-ms - How long the dropdown shows after an add (default 5000).
 * @event {CustomEvent<{ productId: string; quantity: number; data: Record<string, string>; cartHash: string }>} shop-cart-item-added - The shop added a product (dispatched from the page button; bubbles to document).
 * @event {CustomEvent<{ key: string; productId: string }>} shop-cart-item-removed - A line was removed from this mini-cart.
 * @event {CustomEvent<{ key: string; quantity: number }>} shop-cart-item-quantity-changed - A line's quantity was changed here.
 * @event {CustomEvent<{ cartHash: string; count: number; source: string }>} shop-cart-updated - The cart changed (dispatched on document).
 * @event {CustomEvent<{ endpoint: string; message: string }>} shop-cart-error - A cart request failed (dispatched on document).
 * @csspart button - The launcher button.
 * @csspart count - The item count badge.
 * @csspart panel - The dropdown or the drawer.
 * @csspart drawer - The drawer dialog.
 * @csspart title - The panel title.
 * @csspart close-button - The close button.
 * @csspart lines - The list of lines.
 * @csspart line - One cart line.
 * @csspart line-image - A line's image.
 * @csspart line-name - A line's product link.
 * @csspart line-details - A line's chosen attributes and add-on data (a `dl`), under its name.
 * @csspart line-price - A line's quantity and price (without steppers).
 * @csspart remove-button - A line's remove button.
 * @csspart quantity - A line's quantity stepper.
 * @csspart quantity-error - A line's quantity validity message.
 * @csspart subtotal - The subtotal.
 * @csspart actions - View-cart and checkout links.
 * @csspart cart-link - The view-cart link.
 * @csspart checkout-link - The checkout link.
 * @csspart empty - The empty-cart message.
 * @csspart error - The error line.
 * @cssproperty [--width=22rem] - Width of the dropdown and the drawer.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Count badge, checkout button and link colour.
 * @cssproperty [--on-accent=var(--shop-color-accent-text, #fff)] - Text on the accent and on the remove button's hover.
 * @cssproperty [--surface=var(--shop-color-surface, #fff)] - Dropdown and drawer background.
 * @cssproperty [--text-color=var(--shop-color-text, #1e1e24)] - Text in the dropdown and the drawer.
 * @cssproperty [--border-color=var(--shop-color-border, #c8c8c8)] - Hairlines between lines, steppers and the remove button.
 * @cssproperty [--danger-color=var(--shop-color-sale, #b3261e)] - Error text and the remove button's hover.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Corner radius of the launcher, panel, images and links.
 * @cssproperty [--z-index=var(--shop-z-index, 9999)] - Stacking order of the dropdown.
 */
export class ShopMiniCartElement extends defineElement(MiniCart, {
  tag: 'shop-mini-cart',
  settings: miniCartSettings,
  styles,
  attributes: {
    mode: { key: 'mode', type: 'string' },
    'drawer-breakpoint': { key: 'drawerBreakpoint', type: 'number' },
    'reveal-ms': { key: 'revealMs', type: 'number' },
  },
  // The cart is started (read, or taken from storage) once the element is on the page.
  stores: [$cart],
  // The view configures the drawer media query's answer (`narrow`) before the first paint.
  controller: ({ host, settings$ }) =>
    new MiniCartController({
      host,
      settings: settings$.get(),
      narrow: false,
      focusLauncher: () => host.shadowRoot?.querySelector<HTMLElement>('[part="button"]')?.focus(),
    }),
}) {}

ShopMiniCartElement.define();
// A page behaviour, started by the element's entry (never by its view): page buttons add by ajax.
installAddToCartButtons();

declare global {
  interface HTMLElementTagNameMap {
    'shop-mini-cart': ShopMiniCartElement;
  }
}
