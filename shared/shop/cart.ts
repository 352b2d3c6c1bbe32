import { emit } from '../events.ts';
import { jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { navigation } from '../navigation.ts';
import { $cart, cartFailed, readyForPage, refreshCart, setCart } from '../stores/cart.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { safeUrl } from '../url.ts';
import { shop } from './adapter.ts';
import type { CartSnapshot } from './cart-types.ts';

/**
 * What the shopper does to the cart (spec §7 Add to cart, Remove from cart, the theme's quantity
 * action), as WooCommerce's add-to-cart.js does it, through the shop adapter and into `$cart`.
 */

/** Asks the shop for the cart again (spec §7 Refresh fragments). */
export { refreshCart };

/**
 * A change the shop did not confirm (issue 11 item 3): reported, and the cart asked for again,
 * so what is shown is what the shop has (a change may have happened although its answer failed).
 */
function changeFailed(endpoint: string, error: unknown) {
  cartFailed(endpoint, error);
  void refreshCart({ keepError: true });
}

/**
 * The cart after an add, in WooCommerce's order: its markup on the page, `shop-cart-item-added`,
 * then `added_to_cart` (setCart's reaction sends `wc_fragments_loaded` after it, issue 11 item 9).
 */
export async function takeAddedCart(
  cart: CartSnapshot,
  source: Element | null,
  added: { productId: string; quantity: number; data: Record<string, string> },
): Promise<void> {
  await readyForPage(cart);
  setCart(cart, 'added');
  emit(source ?? document, 'shop-cart-item-added', { ...added, cartHash: cart.hash });
  triggerJQuery('added_to_cart', [cart.pageParts, cart.hash, jqueryWrap(source)]);
}

/** Adds a product (spec §7 Add to cart). Resolves to what happened. */
export async function addToCart(
  fields: Record<string, string>,
  source: Element | null = null,
): Promise<'added' | 'cancelled' | 'navigated' | 'failed'> {
  const productId = fields.product_id ?? '';
  const quantity = Number(fields.quantity ?? 1) || 1;
  if (!emit(source ?? document, 'shop-cart-item-add-request', { productId, quantity, data: fields }, true)) {
    return 'cancelled';
  }
  triggerJQuery('adding_to_cart', [jqueryWrap(source), fields]);
  $cart.setKey('busy', true);
  try {
    const result = await shop().addToCart(fields);
    if (result.kind === 'error') {
      // spec §8: an error with product_url sends the browser to the product page (http(s) only);
      // without one (a real shop's `product_url: false`) the add failed.
      const productUrl = safeUrl(result.productUrl);
      if (productUrl) navigation.assign(productUrl);
      else changeFailed('add_to_cart', new Error(`The shop could not add product ${productId} to the cart.`));
      return productUrl ? 'navigated' : 'failed';
    }
    const { cartRedirectAfterAdd, cartUrl } = $pageConfig.get();
    if (cartRedirectAfterAdd) {
      navigation.assign(cartUrl);
      return 'navigated';
    }
    await takeAddedCart(result.cart, source, { productId, quantity, data: fields });
    return 'added';
  } catch (error) {
    changeFailed('add_to_cart', error);
    return 'failed';
  } finally {
    $cart.setKey('busy', false);
  }
}

function setPending(key: string, on: boolean) {
  const pending = $cart.value!.pending.filter((k) => k !== key);
  $cart.setKey('pending', on ? [...pending, key] : pending);
}

/**
 * Removes a line (spec §7 Remove from cart). The row is blocked meanwhile; a failure or a
 * response without fragments follows the remove link (spec §8). `removeLink`: what
 * `removed_from_cart` hands on as its `$button` (issue 11 item 8: WooCommerce's remove link with
 * the line's data attributes, which tracking plugins read); `source` when not given.
 */
export async function removeCartItem(
  key: string,
  source: Element | null = null,
  removeLink: Element | null = null,
): Promise<boolean> {
  const line = $cart.value!.lines.find((l) => l.key === key);
  setPending(key, true);
  try {
    const cart = await shop().removeFromCart(key);
    if (!cart) throw new Error('no fragments');
    await readyForPage(cart);
    setCart(cart, 'removed');
    emit(source ?? document, 'shop-cart-item-removed', { key, productId: line?.productId ?? '' });
    triggerJQuery('removed_from_cart', [cart.pageParts, cart.hash, jqueryWrap(removeLink ?? source)]);
    return true;
  } catch (error) {
    if (line?.removeHref) navigation.assign(line.removeHref);
    else changeFailed('remove_from_cart', error);
    return false;
  } finally {
    setPending(key, false);
  }
}

/** Changes a line's quantity (spec §7: the theme's mini-cart action), then refreshes the cart. */
export async function setCartItemQuantity(
  key: string,
  quantity: number,
  source: Element | null = null,
): Promise<boolean> {
  setPending(key, true);
  try {
    await shop().setQuantity(key, quantity);
    emit(source ?? document, 'shop-cart-item-quantity-changed', { key, quantity });
    await refreshCart();
    return true;
  } catch (error) {
    changeFailed('flatsome_ajax_cart_item_alter_quantity', error);
    return false;
  } finally {
    setPending(key, false);
  }
}
