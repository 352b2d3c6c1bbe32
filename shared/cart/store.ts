import { map, onMount, onNotify } from 'nanostores';
import { cookies } from '../cookies.ts';
import { type CartUpdateSource, emit } from '../events.ts';
import { hasJQuery, nativeEventArgs, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { shop } from '../shop/adapter.ts';
import type { CartSnapshot } from '../shop/cart-types.ts';
import { ShopError } from '../shop/request.ts';
import { session } from '../storage.ts';
import { readyForPage } from './fragments.ts';
import { DAY_MS, hasCart, storageKeys, storedCreated, storedFragments } from './persistence.ts';
import { reactToNewCart } from './reaction.ts';

/**
 * `$cart` (DESIGN §4): the cart as every element shows it, kept the way WooCommerce's
 * cart-fragments.js keeps it (spec §2 Cart and checkout, §7, §8).
 *
 * nanostores' habits: the cart starts with `onMount`, for whichever element or page behaviour
 * reads it first (stored fragments when fresh, else one refresh; cross-tab, back/forward-cache
 * and jQuery listeners; the 24-hour refresh), and stops when nobody reads it. What follows a new
 * cart (`reaction.ts`: persisting it, replacing the page's fragments, `shop-cart-updated`, the
 * jQuery mirror) reacts to the store changing, through `onNotify`, not inside the actions that
 * change it. Tests reset it with nanostores' `cleanStores($cart)`.
 */

export interface CartState extends CartSnapshot {
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
  /**
   * The shop's own words about the last failure (the Store API's or Shopify's error message),
   * for the shopper; '' when the failure was ours (network, time-out, a malformed answer).
   */
  shopMessage: string;
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
  shopMessage: '',
};

/**
 * `$cart`: the cart as every element shows it. The library's own code reads it with `.value`:
 * nanostores' `get()` on a store nobody listens to mounts it for a moment, which would start
 * the cart (a refresh request) and stop it again a second later.
 */
export const $cart = map<CartState>({ ...EMPTY_CART });

/** True while a cart read from storage is being set (it is not stored again). */
let settingFromStorage = false;

export interface SetCartOptions {
  /** Keep the last error shown (a refresh after a failed change shows the true cart, not success). */
  keepError?: boolean;
  /** The cart was read from storage (cart-fragments.js stored it): not stored again. */
  stored?: boolean;
}

/** Takes a new cart from the shop into the store; the reaction (`reaction.ts`) does the rest. */
export function setCart(cart: CartSnapshot, source: CartUpdateSource, options: SetCartOptions = {}): void {
  const { error, shopMessage } = options.keepError ? $cart.value! : EMPTY_CART;
  settingFromStorage = !!options.stored;
  try {
    $cart.set({ ...$cart.value!, ...cart, source, known: true, error, shopMessage });
  } finally {
    settingFromStorage = false;
  }
}

/** Records a failed cart request: the store's error and `shop-cart-error` (spec §8). */
export function cartFailed(endpoint: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const shopMessage = error instanceof ShopError && error.fromShop ? error.message : '';
  $cart.set({ ...$cart.value!, error: message, shopMessage });
  emit(document, 'shop-cart-error', { endpoint, message });
}

// The reaction to a new cart (not to busy/pending/error changes), in `reaction.ts`.
let reactedTo: Record<string, string> | undefined;
onNotify($cart, () => {
  const cart = $cart.value!;
  if (!cart.known || cart.source === null || cart.fragments === reactedTo) return;
  reactedTo = cart.fragments;
  reactToNewCart(cart, cart.source, settingFromStorage);
});

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
    const cart = await shop().refreshCart(controller.signal);
    await readyForPage(cart);
    if (controller.signal.aborted) return;
    setCart(cart, 'refreshed', options);
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
 * Whether cart-fragments.js runs and refreshes for the reasons we would (another tab, a
 * back/forward-cache show, every 24 hours); answered by the jQuery part (cart-jquery.ts) once loaded.
 */
let theirsRefresh: () => boolean = () => false;

/** A refresh of our own for a reason cart-fragments.js refreshes for too: skipped when it runs. */
function ownRefresh() {
  if (!theirsRefresh()) void refreshCart();
}

/**
 * The jQuery part (`cart-jquery.ts`, a lazy chunk): loaded with the page's first cart where jQuery is,
 * and handed what it may do to the cart, so that it imports nothing of this module.
 */
function startJQuery(needsCart: boolean): () => void {
  let stopJQuery: (() => void) | undefined;
  let stopped = false;
  import('./cart-jquery.ts')
    .then(({ hearJQuery }) => {
      if (stopped) return;
      const heard = hearJQuery(needsCart, { current: () => $cart.value!, setCart, refreshCart, cartFailed });
      theirsRefresh = heard.theirsRefresh;
      stopJQuery = heard.stop;
    })
    .catch((error) => {
      logError(null, 'cart-jquery failed to load', error);
      if (!stopped && needsCart) void refreshCart();
    });
  return () => {
    stopped = true;
    stopJQuery?.();
    theirsRefresh = () => false;
  };
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
  const created = storedCreated();
  const expired = storedHash !== '' && (!created || created + DAY_MS < Date.now());
  const stored =
    !expired && storedHash === cookieHash ? shop().cartFromFragments(storedFragments(), storedHash) : null;
  const jquery = hasJQuery();
  if (!hasCart()) {
    $cart.set({ ...$cart.value!, known: true });
  } else if (stored) {
    setCart(stored, 'loaded');
    scheduleRefresh(created ? Math.max(0, created + DAY_MS - Date.now()) : DAY_MS);
  } else if (!jquery) {
    void refreshCart();
  }
  // else the jQuery part decides: WooCommerce's cart-fragments.js may be refreshing for us.
  const needsCart = hasCart() && !stored;

  // Another tab changed the cart (spec: refreshed when another tab changes it).
  const onStorage = (event: StorageEvent) => {
    if (event.key === cartHashKey && event.newValue !== session.get(cartHashKey)) ownRefresh();
  };
  // Back/forward cache: the page may show an old cart.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) ownRefresh();
  };
  // Adds of single-add-to-cart.js, which needs no jQuery: a native `added_to_cart` (issue 11 item 1).
  const onNative = (event: Event) => {
    if (!(event instanceof CustomEvent)) return;
    const args = nativeEventArgs(event);
    const cart = shop().cartFromFragments(args[0], String(args[1] ?? ''));
    if (cart) setCart(cart, 'external');
    else void refreshCart();
  };
  const listeners = [
    [window, 'storage', onStorage],
    [window, 'pageshow', onPageShow],
    [document, 'added_to_cart', onNative],
    [document, 'removed_from_cart', onNative],
  ] as Array<[EventTarget, string, EventListener]>;
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);

  // Where jQuery is, WooCommerce's scripts and the theme's talk through it (issue 11 items 1, 10):
  // that part of the cart loads with the page's first cart, in a chunk of its own.
  const stopJQuery = jquery ? startJQuery(needsCart) : undefined;
  return () => {
    mounted = false;
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    stopJQuery?.();
    clearTimeout(refreshTimer);
    refreshController?.abort();
  };
}

onMount($cart, start);
