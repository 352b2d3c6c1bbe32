import { type CartUpdateSource, emit } from '../events.ts';
import { noteJQuery, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import type { CartSnapshot } from '../shop/cart-types.ts';
import { applyFragmentsToPage } from './fragments.ts';
import { cartFragmentsExpected, persist } from './persistence.ts';

/**
 * The cart's reaction to every new cart, whatever brought it (spec §7, §8; issue 11 item 9):
 * {@link reactToNewCart} stores it, puts its fragments on the page, then sends `shop-cart-updated`
 * and WooCommerce's `wc_fragments_*` events, in WooCommerce's order. The store (`store.ts`) calls
 * it and decides nothing of it itself. What follows an add or a remove besides (where an add
 * leaves to, `shop-cart-item-added` / `shop-cart-item-removed` and jQuery's `added_to_cart` /
 * `removed_from_cart`) is decided with the changes, in `changes.ts` (`pageAfterAdd`,
 * `announceAdded`, `announceRemoved`), a lazy chunk of their own.
 */

/**
 * What follows a new cart on the page, in the order the carts came: only while the sanitiser's
 * chunk is on its way (the first cart whose fragments match page parts) does this wait.
 */
let pageWork: Promise<void> | undefined;
function inOrder(work: () => Promise<void> | undefined) {
  if (!pageWork) {
    const waiting = work();
    if (!waiting) return;
    pageWork = waiting;
  } else pageWork = pageWork.then(work);
  const mine = pageWork.catch((error: unknown) => logError(null, 'a cart update failed on the page.', error));
  pageWork = mine;
  void mine.then(() => {
    if (pageWork === mine) pageWork = undefined;
  });
}

/**
 * A new cart in `$cart` (not a busy, pending or error change): stored where cart-fragments.js
 * keeps it (unless it came from there), its fragments on the page, then `shop-cart-updated` and
 * the jQuery mirror; the page's parts first, so a theme's handler reads the new markup.
 * `source`: what brought it; `fromStorage`: the cart was read from storage (not stored again).
 */
export function reactToNewCart(
  cart: Pick<CartSnapshot, 'fragments' | 'hash' | 'count'>,
  source: CartUpdateSource,
  fromStorage: boolean,
): void {
  const { fragments, hash, count } = cart;
  if (source !== 'loaded' && !fromStorage) persist(fragments, hash);
  const announce = () => {
    emit(document, 'shop-cart-updated', { cartHash: hash, count, source });
    mirror(source);
  };
  inOrder(() => {
    const replacing = applyFragmentsToPage(fragments);
    if (replacing) return replacing.then(announce);
    announce();
    return undefined;
  });
}

/**
 * WooCommerce's events after a new cart, in its order (issue 11 item 9): `wc_fragments_refreshed`
 * only after a fragment refresh, `wc_fragments_loaded` after loading from storage and after our
 * own adds and removes (WooCommerce's add-to-cart.js sends it once it has put the fragments of
 * `added_to_cart`/`removed_from_cart` on the page). Carts that other scripts brought
 * (`external`) are announced by those scripts.
 */
function mirror(source: CartUpdateSource) {
  if (source === 'refreshed') triggerJQuery('wc_fragments_refreshed');
  // cart-fragments.js, where it is on the page, loads the same stored cart and says so itself.
  else if (source === 'loaded') {
    if (!cartFragmentsExpected()) triggerJQuery('wc_fragments_loaded');
  } else if (source === 'added' || source === 'removed') {
    // After the `added_to_cart`/`removed_from_cart` announced right after setCart (below), and
    // only if add-to-cart.js (when on the page) did not already answer it with its own.
    const heard = noteJQuery('wc_fragments_loaded');
    queueMicrotask(() => {
      if (!heard()) triggerJQuery('wc_fragments_loaded');
    });
  }
}
