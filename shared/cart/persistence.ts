import { cookies } from '../cookies.ts';
import { hasJQuery } from '../jquery-bridge.ts';
import { shop } from '../shop/adapter.ts';
import { local, session } from '../storage.ts';
import { $pageConfig } from '../stores/page-config.ts';

/**
 * Where the cart is kept between pages, shared with WooCommerce's cart-fragments.js (spec §7,
 * issue 11 item 10): the fragments in session storage under `fragment_name`, the hash in both
 * storages under `cart_hash_key`, the time it was made under `wc_cart_created`, read and written
 * the way that script does, so either of us can take what the other stored.
 */

/** spec §7: fragments are refreshed every 24 hours and the stored cart expires after 24 hours. */
export const DAY_MS = 86_400_000;
const CREATED_KEY = 'wc_cart_created';

/** The storage keys the page names (`wc_cart_fragments_params`), read each time (they may come late). */
export const storageKeys = (): { fragmentName: string; cartHashKey: string } => $pageConfig.get();

/** Stores fragments and hash where WooCommerce keeps them (session + local storage). */
export function persist(fragments: Record<string, string>, hash: string): void {
  const { fragmentName, cartHashKey } = storageKeys();
  session.set(fragmentName, JSON.stringify(fragments));
  local.set(cartHashKey, hash);
  session.set(cartHashKey, hash);
  if (hash) session.set(CREATED_KEY, String(Date.now()));
}

/** When the stored cart was made (ms since the epoch), 0 when unknown. */
export function storedCreated(): number {
  return Number(session.get(CREATED_KEY) ?? 0);
}

/** The stored fragments, or null when absent or unreadable. */
export function storedFragments(): unknown {
  try {
    return JSON.parse(session.get(storageKeys().fragmentName) ?? 'null');
  } catch {
    return null;
  }
}

/** Whether the shopper has a cart at all (WooCommerce's cookies, a stored hash, or the adapter's own sign). */
export function hasCart(): boolean {
  const { cartHashKey } = storageKeys();
  return Boolean(
    cookies.get('woocommerce_items_in_cart') ||
      cookies.get('woocommerce_cart_hash') ||
      session.get(cartHashKey) ||
      // Shops that keep the cart otherwise (Shopify's `cart` cookie, a Store API cart token; issue 18).
      shop().hasCart?.(),
  );
}

/**
 * Whether WooCommerce's cart-fragments.js is on the page (issue 11 item 10): its parameters are
 * printed as a global (only where the script is enqueued) and jQuery is there.
 */
export function cartFragmentsExpected(): boolean {
  const params: unknown = (window as unknown as { wc_cart_fragments_params?: unknown })
    .wc_cart_fragments_params;
  return hasJQuery() && typeof params === 'object' && params !== null && !(params instanceof Node);
}
