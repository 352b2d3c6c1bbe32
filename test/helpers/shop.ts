/** Helpers over the demo shop's test API (examples/server), scoped to this browser's session cookie. */
import { cleanStores } from 'nanostores';
import { $cart, EMPTY_CART } from '../../shared/cart/store.ts';
import { navigation } from '../../shared/navigation.ts';
import { reloadPageConfig } from '../../shared/stores/page-config.ts';
import { $product, EMPTY_PRODUCT } from '../../shared/stores/product.ts';

export interface Fault {
  endpoint: string;
  status?: number;
  delayMs?: number;
  malformed?: boolean;
  hang?: boolean;
  body?: unknown;
  /** Answer with a redirect (`status`, default 307) to this same-site path. */
  location?: string;
  times?: number;
}
export interface LogEntry {
  endpoint: string;
  method: string;
  query: Record<string, string>;
  body: Record<string, string>;
  at: number;
}

/** Empties this session's cart, faults and log. */
export async function resetShop(): Promise<void> {
  await fetch('/__shop/reset', { method: 'POST', credentials: 'same-origin' });
}
/** Makes the shop misbehave for this session. */
export async function injectFault(fault: Fault): Promise<void> {
  const res = await fetch('/__shop/faults', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!res.ok) throw new Error(`fault not accepted: ${res.status}`);
}
export async function clearFaults(): Promise<void> {
  await fetch('/__shop/faults', { method: 'DELETE', credentials: 'same-origin' });
}
/** The demo shop's manners (issue 11): `tidy` is the protocol's common case, `unkind` a real shop's. */
export type ShopMode = 'tidy' | 'unkind';
export const SHOP_MODES: readonly ShopMode[] = ['tidy', 'unkind'];

/** Switches this session's shop manner; it survives `resetShop()`. */
export async function setShopMode(mode: ShopMode): Promise<void> {
  const res = await fetch('/__shop/mode', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (!res.ok) throw new Error(`shop mode not accepted: ${res.status}`);
}

/** Chromium runs every suite in both manners; Firefox and WebKit in the unkind one (below). */
const IN_CHROMIUM = /Chrom(e|ium)\//.test(navigator.userAgent); // HeadlessChrome/… too

/**
 * Runs a suite against the shop manners (issue 11: every element test that talks to the shop runs
 * in both). The body gets the mode, for the few expectations that differ between them.
 *
 * Both manners run in Chromium; Firefox and WebKit run the unkind one only. What differs between
 * the manners is what the shop answers, read by the same code in every engine, so the tidy run in
 * the other engines repeated what Chromium checks, at about a minute of CI per engine (issue 19,
 * CI time). The unkind manner is the one that finds engine differences: odd values, slow answers.
 */
export function eachShopMode(title: string, body: (mode: ShopMode) => void): void {
  for (const mode of IN_CHROMIUM ? SHOP_MODES : (['unkind'] as const)) {
    describe(`${title} [${mode} shop]`, () => {
      before(() => setShopMode(mode));
      after(() => setShopMode('tidy'));
      body(mode);
    });
  }
}

/** Shop requests this session made, oldest first. */
export async function shopLog(endpoint?: string): Promise<LogEntry[]> {
  const entries: LogEntry[] = await (await fetch('/__shop/log', { credentials: 'same-origin' })).json();
  return endpoint ? entries.filter((e) => e.endpoint === endpoint) : entries;
}
/** Adds a product straight through the shop endpoint (as another tab would). */
export async function addDirect(
  productId: number,
  quantity = 1,
): Promise<{ fragments: Record<string, string>; cart_hash: string }> {
  const res = await fetch('/?wc-ajax=add_to_cart', {
    method: 'POST',
    credentials: 'same-origin',
    body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
  });
  return res.json();
}

/**
 * Stops the cart and the product store with nanostores' `cleanStores` (their `onMount` cleanups
 * run: listeners removed, timers cleared, requests aborted) and empties them.
 */
export function resetStores(): void {
  cleanStores($cart, $product);
  $cart.set({ ...EMPTY_CART });
  $product.set({ ...EMPTY_PRODUCT });
}

/** Reads `$cart` until the returned function is called: starts the cart as an element would. */
export function readCart(): () => void {
  return $cart.listen(() => {});
}

/** Clears what the cart module keeps in storage and WooCommerce's cart cookies. */
export function clearCartTraces(): void {
  for (const storage of [sessionStorage, localStorage]) {
    for (const key of Object.keys(storage)) if (/^wc_/.test(key)) storage.removeItem(key);
  }
  for (const name of ['woocommerce_items_in_cart', 'woocommerce_cart_hash']) {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

/**
 * Gives every test of the calling `describe` a clean cart: nothing stored, no cart cookies, the
 * page config read again, an empty shop session, and page navigations recorded (in the returned
 * list, emptied before each test) instead of followed.
 */
export function useCleanCart(): string[] {
  const navigated: string[] = [];
  const realAssign = navigation.assign;
  beforeEach(async () => {
    resetStores();
    clearCartTraces();
    reloadPageConfig();
    await resetShop();
    navigated.length = 0;
    navigation.assign = (url: string) => {
      navigated.push(url);
    };
  });
  afterEach(async () => {
    navigation.assign = realAssign;
    await clearFaults();
    resetStores();
    clearCartTraces();
  });
  return navigated;
}
