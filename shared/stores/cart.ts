import { map, onMount, onNotify } from 'nanostores';
import { cookies } from '../cookies.ts';
import { type CartUpdateSource, emit } from '../events.ts';
import {
  hasJQuery,
  noteJQuery,
  onJQuery,
  onWooEvent,
  theirJQueryHandlers,
  triggerJQuery,
} from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { sanitizeToFragment } from '../sanitize.ts';
import { shop } from '../shop/adapter.ts';
import type { CartLine, CartLink, CartSnapshot } from '../shop/cart-types.ts';
import { ShopError } from '../shop/request.ts';
import { local, session } from '../storage.ts';
import { $pageConfig } from './page-config.ts';

export type { CartLine, CartLink, CartSnapshot };

/**
 * `$cart` (DESIGN §4): the cart as every element shows it, kept the way WooCommerce's
 * cart-fragments.js keeps it (spec §2 Cart and checkout, §7, §8).
 *
 * nanostores' habits: the cart starts with `onMount`, for whichever element or page behaviour
 * reads it first (stored fragments when fresh, else one refresh; cross-tab, back/forward-cache
 * and jQuery listeners; the 24-hour refresh), and stops when nobody reads it. What follows a new
 * cart (persisting it, replacing the page's fragments, `shop-cart-updated`, the jQuery mirror)
 * reacts to the store changing, through `onNotify`, not inside the actions that change it.
 * Tests reset it with nanostores' `cleanStores($cart)`.
 */

export interface CartState extends Omit<CartSnapshot, 'pageParts'> {
  /** The shop's page parts (WooCommerce: selector -> HTML) as the shop sent them. */
  fragments: Record<string, string>;
  /** True once the contents are known (from storage or the shop). */
  known: boolean;
  /** What brought the current contents. */
  source: CartUpdateSource | null;
  /** Cart item keys with a request in flight (those rows are blocked, spec §4 Mini-cart). */
  pending: string[];
  /** True while an add or refresh is running. */
  busy: boolean;
  /** The last error message, '' when fine. */
  error: string;
}

export const EMPTY_CART: CartState = {
  hash: '',
  fragments: {},
  lines: [],
  count: 0,
  subtotalHtml: '',
  links: [],
  known: false,
  source: null,
  pending: [],
  busy: false,
  error: '',
};

/**
 * `$cart`: the cart as every element shows it. The library's own code reads it with `.value`:
 * nanostores' `get()` on a store nobody listens to mounts it for a moment, which would start
 * the cart (a refresh request) and stop it again a second later.
 */
export const $cart = map<CartState>({ ...EMPTY_CART });

/** spec §7: fragments are refreshed every 24 hours and the stored cart expires after 24 hours. */
export const DAY_MS = 86_400_000;
const CREATED_KEY = 'wc_cart_created';

export interface SetCartOptions {
  /** Keep the last error shown (a refresh after a failed change shows the true cart, not success). */
  keepError?: boolean;
}

/** Takes a new cart from the shop into the store; the reactions below do the rest. */
export function setCart(cart: CartSnapshot, source: CartUpdateSource, options: SetCartOptions = {}): void {
  const { pageParts, ...rest } = cart;
  const error = options.keepError ? $cart.value!.error : '';
  $cart.set({ ...$cart.value!, ...rest, fragments: pageParts, source, known: true, error });
}

/** Records a failed cart request: the store's error and `shop-cart-error` (spec §8). */
export function cartFailed(endpoint: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  $cart.setKey('error', message);
  emit(document, 'shop-cart-error', { endpoint, message });
}

/**
 * Replaces the page parts named by the fragments' selectors with the sanitised HTML, as
 * WooCommerce does with `$(key).replaceWith(value)`.
 */
export function applyFragmentsToPage(fragments: Record<string, string>, root: ParentNode = document): void {
  for (const [selector, html] of Object.entries(fragments)) {
    let targets: Element[];
    try {
      targets = [...root.querySelectorAll(selector)];
    } catch {
      logError(null, `cart fragment selector "${selector}" is not a valid CSS selector; skipped.`);
      continue;
    }
    for (const target of targets) target.replaceWith(sanitizeToFragment(html));
  }
}

const storageKeys = () => {
  const { fragmentName, cartHashKey } = $pageConfig.get();
  return { fragmentName, cartHashKey };
};

/** Stores fragments and hash where WooCommerce keeps them (session + local storage). */
function persist(fragments: Record<string, string>, hash: string) {
  const { fragmentName, cartHashKey } = storageKeys();
  session.set(fragmentName, JSON.stringify(fragments));
  local.set(cartHashKey, hash);
  session.set(cartHashKey, hash);
  if (hash) session.set(CREATED_KEY, String(Date.now()));
}

/** True while a cart read from storage is being set (it is not stored again). */
let settingFromStorage = false;

// Reactions to a new cart (not to busy/pending/error changes): persist, fragments, events.
let reactedTo: Record<string, string> | undefined;
onNotify($cart, () => {
  const cart = $cart.value!;
  if (!cart.known || cart.source === null || cart.fragments === reactedTo) return;
  reactedTo = cart.fragments;
  const source = cart.source;
  if (source !== 'loaded' && !settingFromStorage) persist(cart.fragments, cart.hash);
  applyFragmentsToPage(cart.fragments);
  emit(document, 'shop-cart-updated', { cartHash: cart.hash, count: cart.count, source });
  mirror(source);
});

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
    // After the `added_to_cart`/`removed_from_cart` its caller triggers right after setCart, and
    // only if add-to-cart.js (when on the page) did not already answer it with its own.
    const heard = noteJQuery('wc_fragments_loaded');
    queueMicrotask(() => {
      if (!heard()) triggerJQuery('wc_fragments_loaded');
    });
  }
}

let refreshController: AbortController | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let mounted = false;

function scheduleRefresh(delay: number) {
  clearTimeout(refreshTimer);
  if (mounted) refreshTimer = setTimeout(ownRefresh, delay);
}

/**
 * Asks the shop for the cart (spec §7 Refresh fragments); on error an event only (spec §8).
 * `keepError`: after a failed change, the true cart is shown and the failure stays reported.
 */
export async function refreshCart(options: SetCartOptions = {}): Promise<void> {
  refreshController?.abort();
  const controller = new AbortController();
  refreshController = controller;
  $cart.setKey('busy', true);
  try {
    setCart(await shop().refreshCart(controller.signal), 'refreshed', options);
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'aborted') return;
    cartFailed('get_refreshed_fragments', error);
    triggerJQuery('wc_fragments_ajax_error');
  } finally {
    if (refreshController === controller) {
      refreshController = undefined;
      $cart.setKey('busy', false);
    }
  }
  scheduleRefresh(DAY_MS);
}

/**
 * Whether WooCommerce's cart-fragments.js is on the page (issue 11 item 10): its parameters are
 * printed as a global (only where the script is enqueued) and jQuery is there.
 */
function cartFragmentsExpected(): boolean {
  const params: unknown = (window as unknown as { wc_cart_fragments_params?: unknown })
    .wc_cart_fragments_params;
  return hasJQuery() && typeof params === 'object' && params !== null && !(params instanceof Node);
}

/**
 * Whether cart-fragments.js runs now: expected, and its handlers are bound (it refreshes on
 * `wc_fragment_refresh` and `updated_wc_div`, after another tab's change, on a back/forward-cache
 * show and every 24 hours). It then does those refreshes and we read what it stored.
 */
function cartFragmentsRuns(): boolean {
  return cartFragmentsExpected() && theirJQueryHandlers('wc_fragment_refresh') > 0;
}

/** A refresh of our own for a reason cart-fragments.js refreshes for too: skipped when it runs. */
function ownRefresh() {
  if (!cartFragmentsRuns()) void refreshCart();
}

/**
 * Other scripts changed the cart without handing us its fragments (cart.js's `updated_wc_div`,
 * Flatsome's argument-less `added_to_cart`, `wc_fragment_refresh`): one refresh for all the
 * events of one moment (Flatsome sends two for one quantity change), none when cart-fragments.js
 * refreshes for them itself (its `wc_fragments_refreshed` then brings the cart from storage).
 */
let changedBy: Set<string> | undefined;
function externalChange(reason: string) {
  if (changedBy) {
    changedBy.add(reason);
    return;
  }
  changedBy = new Set([reason]);
  queueMicrotask(() => {
    const reasons = changedBy!;
    changedBy = undefined;
    if (!mounted) return;
    if (cartFragmentsRuns() && (reasons.has('updated_wc_div') || reasons.has('wc_fragment_refresh'))) return;
    void refreshCart();
  });
}

/**
 * cart-fragments.js refreshed or loaded the cart and stored it where we keep it too: the cart
 * comes from storage, without a request; storage without a usable cart means asking the shop.
 */
function cartFromStorage() {
  const hash = session.get(storageKeys().cartHashKey) ?? '';
  const cart = shop().cartFromPageParts(storedParts(), hash);
  if (!cart) {
    externalChange('storage');
    return;
  }
  const current = $cart.value!;
  if (
    current.known &&
    current.hash === cart.hash &&
    JSON.stringify(current.fragments) === JSON.stringify(cart.pageParts)
  )
    return;
  settingFromStorage = true;
  try {
    setCart(cart, 'external');
  } finally {
    settingFromStorage = false;
  }
}

/** Whether the shopper has a cart at all (WooCommerce's cookies or a stored hash). */
export function hasCart(): boolean {
  const { cartHashKey } = storageKeys();
  return Boolean(
    cookies.get('woocommerce_items_in_cart') ||
      cookies.get('woocommerce_cart_hash') ||
      session.get(cartHashKey),
  );
}

/** The stored page parts, or null when absent or unreadable. */
function storedParts(): unknown {
  try {
    return JSON.parse(session.get(storageKeys().fragmentName) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * Starts the cart, like cart-fragments.js: stored fragments are used when they are fresh and
 * match the cart cookie, else they are fetched. Beyond WooCommerce: a shopper with no cart (no
 * cookie, nothing stored) causes no request at all.
 */
function start(): () => void {
  mounted = true;
  const { cartHashKey } = storageKeys();
  const cookieHash = cookies.get('woocommerce_cart_hash') ?? '';
  const storedHash = session.get(cartHashKey) ?? '';
  const created = Number(session.get(CREATED_KEY) ?? 0);
  const expired = storedHash !== '' && (!created || created + DAY_MS < Date.now());
  const stored =
    !expired && storedHash === cookieHash ? shop().cartFromPageParts(storedParts(), storedHash) : null;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  // Waiting for cart-fragments.js's refresh: it ends (done or failed) within the page's time-out;
  // if no cart came by then (it failed, or finished before we listened), we ask the shop ourselves.
  const waitForTheirs = () => {
    waitTimer = setTimeout(() => {
      if (mounted && !$cart.value!.known) void refreshCart();
    }, $pageConfig.get().requestTimeout);
  };
  const onReady = () => {
    // jQuery runs ready callbacks (cart-fragments.js starts in one) a task after DOMContentLoaded.
    waitTimer = setTimeout(() => {
      if (!mounted || $cart.value!.known) return;
      if (cartFragmentsRuns()) waitForTheirs();
      else void refreshCart();
    });
  };
  if (!hasCart()) {
    $cart.set({ ...$cart.value!, known: true });
  } else if (stored) {
    setCart(stored, 'loaded');
    scheduleRefresh(created ? Math.max(0, created + DAY_MS - Date.now()) : DAY_MS);
  } else if (cartFragmentsRuns()) {
    // issue 11 item 10: cart-fragments.js is refreshing; its wc_fragments_refreshed brings the cart.
    waitForTheirs();
  } else if (cartFragmentsExpected() && document.readyState === 'loading') {
    // It will start when the document is ready: it refreshes then, or we do if it did not come.
    document.addEventListener('DOMContentLoaded', onReady, { once: true });
  } else {
    void refreshCart();
  }

  // Another tab changed the cart (spec: refreshed when another tab changes it).
  const onStorage = (event: StorageEvent) => {
    if (event.key === cartHashKey && event.newValue !== session.get(cartHashKey)) ownRefresh();
  };
  // Back/forward cache: the page may show an old cart.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) ownRefresh();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onPageShow);
  // Theirs reach our store (issue 11 item 1): other scripts adding and removing through
  // WooCommerce's events, with jQuery or as native events (single-add-to-cart.js).
  const offChanges = onWooEvent('added_to_cart removed_from_cart', (name, args) => {
    const cart = shop().cartFromPageParts(args[0], String(args[1] ?? ''));
    if (cart) setCart(cart, 'external');
    else externalChange(name);
  });
  const offRefresh = onJQuery('wc_fragment_refresh updated_wc_div', (name) => externalChange(name));
  // After the whole event: add-to-cart.js sends wc_fragments_loaded inside its `added_to_cart`
  // handler, before ours has taken (and stored) the new cart.
  const offTheirs = onJQuery('wc_fragments_refreshed wc_fragments_loaded', () =>
    queueMicrotask(() => {
      if (mounted) cartFromStorage();
    }),
  );
  const offError = onJQuery('wc_fragments_ajax_error', () => {
    if (!$cart.value!.known)
      cartFailed('get_refreshed_fragments', new Error('WooCommerce could not refresh the cart.'));
  });
  return () => {
    mounted = false;
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('DOMContentLoaded', onReady);
    clearTimeout(waitTimer);
    offChanges();
    offRefresh();
    offTheirs();
    offError();
    clearTimeout(refreshTimer);
    refreshController?.abort();
  };
}

onMount($cart, start);
