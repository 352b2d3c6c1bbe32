import { onMount } from 'nanostores';
import type { AddResult, ShopAdapter } from '../shop/types.ts';
import { $cart, cartFailed } from './store.ts';

/**
 * What the shopper does to the cart (spec §7 Add to cart, Option-form add to cart, Remove from
 * cart, the theme's quantity action): the doors. The changes themselves (`changes.ts`: through the
 * shop adapter, into `$cart`, followed by the cart's reaction, `reaction.ts`) are a lazy chunk,
 * preloaded where a cart is on the page (below) and otherwise loaded on the first change; pages
 * without a cart never download them. Every add of the library (the page's buttons, quick view,
 * the option form) goes through {@link addToCart}.
 */

/** What an add came to. */
export type AddOutcome = 'added' | 'cancelled' | 'navigated' | 'failed';

/**
 * How an add is sent when not as a button's `add_to_cart`: the option form's pairs to
 * `wcpa_ajax_add_to_cart` (spec §7 Option-form add to cart). `endpoint` names it in
 * `shop-cart-error`.
 */
export interface AddRequest {
  endpoint: string;
  send(adapter: ShopAdapter): Promise<AddResult>;
}

/** The changes' chunk, or null when it could not load (reported as `endpoint`'s `shop-cart-error`). */
function changes(endpoint: string) {
  return import('./changes.ts').catch((error: unknown) => {
    cartFailed(endpoint, error);
    return null;
  });
}

// Once a cart is on the page (`$cart` started: a mini cart, the cart page), the changes load half a
// second later, after what the page needs first, so the shopper's first change does not wait for
// them; a failure here is reported by that first change, which loads them again.
onMount($cart, () => void setTimeout(() => import('./changes.ts').catch(() => {}), 500));

/**
 * Adds a product (spec §7 Add to cart): the cancelable `shop-cart-item-add-request` and
 * `adding_to_cart`, the request, then the cart's reaction (`reaction.ts`: leave for the product or
 * cart page, or take the cart and announce it). `fields`: what is posted (a button's data, a
 * product form's fields; an option form's pairs as one object, for the events). Resolves to what
 * happened; never rejects for the shop's sake.
 */
export async function addToCart(
  fields: Record<string, string>,
  source: Element | null = null,
  request?: AddRequest,
): Promise<AddOutcome> {
  return (await changes(request?.endpoint ?? 'add_to_cart'))?.add(fields, source, request) ?? 'failed';
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
  return (await changes('remove_from_cart'))?.remove(key, source, removeLink) ?? false;
}

/** Changes a line's quantity (spec §7: the theme's mini-cart action), then refreshes the cart. */
export async function setCartItemQuantity(
  key: string,
  quantity: number,
  source: Element | null = null,
): Promise<boolean> {
  return (
    (await changes('flatsome_ajax_cart_item_alter_quantity'))?.setQuantity(key, quantity, source) ?? false
  );
}
