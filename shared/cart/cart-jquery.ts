import { cookies } from '../cookies.ts';
import { onJQuery, theirJQueryHandlers } from '../jquery-bridge.ts';
import { shop } from '../shop/adapter.ts';
import type { CartSnapshot } from '../shop/cart-types.ts';
import { session } from '../storage.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { cartFragmentsExpected, storageKeys, storedFragments } from './persistence.ts';

/**
 * The cart's jQuery part (issue 11 items 1 and 10), loaded by `$cart` (`store.ts`) on pages with
 * jQuery, in a chunk of its own, where
 * WooCommerce's scripts and the theme change the cart and say so through jQuery events:
 *
 * - `added_to_cart`/`removed_from_cart` with fragments (add-to-cart.js, themes): the cart they
 *   carry; without them (Flatsome's quantity change sends an argument-less `added_to_cart`): a
 *   refresh.
 * - `updated_wc_div` (cart.js after cart-page quantity changes, removes and coupons; Flatsome) and
 *   `wc_fragment_refresh`: a refresh, one for all events of one moment.
 * - `wc_fragments_refreshed`/`wc_fragments_loaded` of cart-fragments.js: the cart it stored, read
 *   from storage without a request.
 *
 * Where cart-fragments.js runs, it refreshes for `updated_wc_div`, `wc_fragment_refresh`, another
 * tab, a back/forward-cache show and every 24 hours, and at start when nothing fresh is stored:
 * we do not refresh for those too, but read what it stores (no duplicate requests). Our own
 * events never come back here (`onJQuery` skips our mirrors), so nothing loops.
 */

/**
 * What this part may do to the cart, handed over by `store.ts` when it loads this chunk (this
 * module imports nothing of the store: no circle between the store and its lazy part).
 */
export interface CartHands {
  /** The cart in the store now. */
  current(): Pick<CartSnapshot, 'hash' | 'fragments'> & { known: boolean };
  /** The store's `setCart`: here for carts other scripts brought (`external`). */
  setCart(cart: CartSnapshot, source: 'external', options?: { stored?: boolean }): void;
  /** The store's `refreshCart`: asks the shop for the cart. */
  refreshCart(): Promise<void>;
  /** The store's `cartFailed`: records a failed cart request (`shop-cart-error`). */
  cartFailed(endpoint: string, error: unknown): void;
}

/** cart-fragments.js is on the page and has bound its handlers. */
function cartFragmentsRuns(): boolean {
  return cartFragmentsExpected() && theirJQueryHandlers('wc_fragment_refresh') > 0;
}

/**
 * Starts hearing the page's jQuery events; `needsCart`: the cart has to be fetched (nothing fresh
 * was stored). Returns the stop, and whether cart-fragments.js does the refreshes now.
 */
export function hearJQuery(needsCart: boolean, cart: CartHands): { stop(): void; theirsRefresh(): boolean } {
  let active = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Waiting for cart-fragments.js's refresh: it ends (done or failed) within the page's time-out;
  // if no cart came by then (it failed, or finished before we listened), we ask the shop ourselves.
  const waitForTheirs = () => {
    timer = setTimeout(() => {
      if (active && !cart.current().known) void cart.refreshCart();
    }, $pageConfig.get().requestTimeout);
  };
  const decide = () => {
    if (!active || cart.current().known) return;
    if (!cartFragmentsRuns()) {
      void cart.refreshCart();
      return;
    }
    // Its refresh may have ended before we listened: then what it stored matches the cookie.
    if (session.get(storageKeys().cartHashKey) === (cookies.get('woocommerce_cart_hash') ?? ''))
      fromStorage();
    if (!cart.current().known) waitForTheirs();
  };
  // jQuery runs ready callbacks (cart-fragments.js starts in one) a task after DOMContentLoaded.
  const onReady = () => {
    timer = setTimeout(decide);
  };
  let changedBy: Set<string> | undefined;
  const changed = (reason: string) => {
    if (changedBy) {
      changedBy.add(reason);
      return;
    }
    changedBy = new Set([reason]);
    queueMicrotask(() => {
      const reasons = changedBy!;
      changedBy = undefined;
      if (!active) return;
      // cart-fragments.js refreshes for these itself; its wc_fragments_refreshed brings the cart.
      if (cartFragmentsRuns() && (reasons.has('updated_wc_div') || reasons.has('wc_fragment_refresh')))
        return;
      void cart.refreshCart();
    });
  };

  const fromStorage = () => {
    const stored = shop().cartFromFragments(storedFragments(), session.get(storageKeys().cartHashKey) ?? '');
    if (!stored) {
      changed('storage');
      return;
    }
    const current = cart.current();
    const same =
      current.known &&
      current.hash === stored.hash &&
      JSON.stringify(current.fragments) === JSON.stringify(stored.fragments);
    if (!same) cart.setCart(stored, 'external', { stored: true });
  };

  const stops = [
    onJQuery(
      'added_to_cart removed_from_cart',
      (name, args) => {
        const brought = shop().cartFromFragments(args[0], String(args[1] ?? ''));
        if (brought) cart.setCart(brought, 'external');
        else changed(name);
      },
      { native: false },
    ),
    onJQuery('wc_fragment_refresh updated_wc_div', (name) => changed(name)),
    // After the whole event: add-to-cart.js sends wc_fragments_loaded inside its `added_to_cart`
    // handler, before ours has taken (and stored) the new cart.
    onJQuery('wc_fragments_refreshed wc_fragments_loaded', () =>
      queueMicrotask(() => {
        if (active) fromStorage();
      }),
    ),
    onJQuery('wc_fragments_ajax_error', () => {
      if (!cart.current().known)
        cart.cartFailed('get_refreshed_fragments', new Error('WooCommerce could not refresh the cart.'));
    }),
  ];
  if (needsCart) {
    if (!cartFragmentsRuns() && cartFragmentsExpected() && document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', onReady, { once: true });
    } else {
      decide();
    }
  }

  return {
    theirsRefresh: cartFragmentsRuns,
    stop() {
      active = false;
      clearTimeout(timer);
      document.removeEventListener('DOMContentLoaded', onReady);
      for (const stop of stops) stop();
    },
  };
}
