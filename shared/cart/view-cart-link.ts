import { $pageConfig } from '../stores/page-config.ts';
import { safeUrl } from '../url.ts';

/**
 * WooCommerce's view-cart link after a successful add (add-to-cart.js `updateButton`:
 * `<a href="cart_url" class="added_to_cart wc-forward" title="View cart">View cart</a>`, the
 * words `i18n_view_cart`), the one builder for the add-to-cart buttons, quick view and the option
 * form. The href is checked like every URL from settings (DESIGN §9): none when unsafe.
 */
export function viewCartLink(doc: Document = document): HTMLAnchorElement {
  const { cartUrl, i18nViewCart } = $pageConfig.get();
  const link = doc.createElement('a');
  if (safeUrl(cartUrl)) link.href = cartUrl; // as printed (WooCommerce writes `cart_url` as is)
  link.className = 'added_to_cart wc-forward';
  link.title = i18nViewCart;
  link.textContent = i18nViewCart;
  return link;
}

/** Puts the view-cart link after `button`, once, and not on the cart page (spec §4 Add-to-cart button). */
export function insertViewCartLink(button: Element | null): void {
  if (!button || $pageConfig.get().isCart || button.parentElement?.querySelector('.added_to_cart')) return;
  button.after(viewCartLink(button.ownerDocument));
}
