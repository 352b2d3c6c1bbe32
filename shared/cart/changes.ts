import { emit } from '../events.ts';
import { jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { navigation } from '../navigation.ts';
import { shop } from '../shop/adapter.ts';
import type { CartSnapshot } from '../shop/cart-types.ts';
import type { AddResult } from '../shop/types.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { safeUrl } from '../url.ts';
import type { AddOutcome, AddRequest } from './actions.ts';
import { readyForPage } from './fragments.ts';
import { $cart, cartFailed, refreshCart, setCart } from './store.ts';

/**
 * The cart's changes (spec §7 Add to cart, Option-form add to cart, Remove from cart, the theme's
 * quantity action), as WooCommerce's add-to-cart.js makes them: through the shop adapter, into
 * `$cart` (`store.ts`), followed by the cart's reaction (`reaction.ts` for every new cart, and below,
 * what follows an add or a remove). A lazy chunk of its own
 * (`changes.js`): `actions.ts` preloads it half a second after a cart is on the page and its doors
 * load it on a change that comes first, so that the shared chunk every page loads does not carry
 * them; their parameters are described there.
 */

// The reaction to an add or a remove (the reaction to every new cart is `reaction.ts`'s).

/**
 * Where the browser goes after an add's answer instead of staying on the page, or null (spec §7
 * Add to cart, §8): an error with `product_url` goes to the product page (http(s) only; without one,
 * a real shop's `product_url: false`, the add failed); a success goes to the cart page when the
 * shop says `cart_redirect_after_add` (read at the answer: the params may be printed late).
 */
function pageAfterAdd(result: AddResult): string | null {
  if (result.kind === 'error') return safeUrl(result.productUrl);
  const { cartRedirectAfterAdd, cartUrl } = $pageConfig.get();
  return cartRedirectAfterAdd ? cartUrl : null;
}

/**
 * After the store took an added cart: `shop-cart-item-added`, then `added_to_cart` (the reaction
 * to the new cart sends `wc_fragments_loaded` after it, issue 11 item 9).
 */
function announceAdded(
  cart: CartSnapshot,
  source: Element | null,
  added: { productId: string; quantity: number; data: Record<string, string> },
): void {
  emit(source ?? document, 'shop-cart-item-added', { ...added, cartHash: cart.hash });
  triggerJQuery('added_to_cart', [cart.fragments, cart.hash, jqueryWrap(source)]);
}

/**
 * After the store took the cart without a removed line: `shop-cart-item-removed`, then
 * `removed_from_cart`, whose `$button` is WooCommerce's remove link when there is one (issue 11
 * item 8: tracking plugins read its data attributes).
 */
function announceRemoved(
  cart: CartSnapshot,
  source: Element | null,
  removed: { key: string; productId: string; removeLink: Element | null },
): void {
  emit(source ?? document, 'shop-cart-item-removed', { key: removed.key, productId: removed.productId });
  triggerJQuery('removed_from_cart', [cart.fragments, cart.hash, jqueryWrap(removed.removeLink ?? source)]);
}

/**
 * A change the shop did not confirm (issue 11 item 3): reported, and the cart asked for again,
 * so what is shown is what the shop has (a change may have happened although its answer failed).
 */
function changeFailed(endpoint: string, error: unknown) {
  cartFailed(endpoint, error);
  void refreshCart({ keepError: true });
}

/** Adds a product: see `addToCart()` (`actions.ts`). */
export async function add(
  fields: Record<string, string>,
  source: Element | null,
  request: AddRequest = { endpoint: 'add_to_cart', send: (adapter) => adapter.addToCart(fields) },
): Promise<AddOutcome> {
  // WooCommerce's two names for the product: add-to-cart.js posts `product_id`, a product form `add-to-cart`.
  const productId = fields.product_id ?? fields['add-to-cart'] ?? '';
  const quantity = Number(fields.quantity ?? 1) || 1;
  if (!emit(source ?? document, 'shop-cart-item-add-request', { productId, quantity, data: fields }, true)) {
    return 'cancelled';
  }
  triggerJQuery('adding_to_cart', [jqueryWrap(source), fields]);
  $cart.setKey('busy', true);
  try {
    const result = await request.send(shop());
    const away = pageAfterAdd(result);
    if (away) {
      navigation.assign(away);
      return 'navigated';
    }
    if (result.kind === 'error') {
      changeFailed(request.endpoint, new Error(`The shop could not add product ${productId} to the cart.`));
      return 'failed';
    }
    await readyForPage(result.cart);
    setCart(result.cart, 'added');
    announceAdded(result.cart, source, { productId, quantity, data: fields });
    return 'added';
  } catch (error) {
    changeFailed(request.endpoint, error);
    return 'failed';
  } finally {
    $cart.setKey('busy', false);
  }
}

function setPending(key: string, on: boolean) {
  const pending = $cart.value!.pending.filter((k) => k !== key);
  $cart.setKey('pending', on ? [...pending, key] : pending);
}

/** Removes a line: see `removeCartItem()` (`actions.ts`). */
export async function remove(
  key: string,
  source: Element | null,
  removeLink: Element | null,
): Promise<boolean> {
  const line = $cart.value!.lines.find((l) => l.key === key);
  setPending(key, true);
  try {
    const cart = await shop().removeFromCart(key);
    if (!cart) throw new Error('no fragments');
    await readyForPage(cart);
    setCart(cart, 'removed');
    announceRemoved(cart, source, { key, productId: line?.productId ?? '', removeLink });
    return true;
  } catch (error) {
    if (line?.removeHref) navigation.assign(line.removeHref);
    else changeFailed('remove_from_cart', error);
    return false;
  } finally {
    setPending(key, false);
  }
}

/** Changes a line's quantity: see `setCartItemQuantity()` (`actions.ts`). */
export async function setQuantity(key: string, quantity: number, source: Element | null): Promise<boolean> {
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
