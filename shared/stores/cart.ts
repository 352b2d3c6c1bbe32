import { map, onMount, onNotify } from 'nanostores';
import { cookies } from '../cookies.ts';
import { type CartUpdateSource, emit } from '../events.ts';
import { hasJQuery, nativeEventArgs, noteJQuery, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { type Sanitizer, sanitizer } from '../sanitizer.ts';
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

/** spec §7: fragments are refreshed every 24 hours and the stored cart expires after 24 hours. */
export const DAY_MS = 86_400_000;
const CREATED_KEY = 'wc_cart_created';

/** True while a cart read from storage is being set (it is not stored again). */
let settingFromStorage = false;

export interface SetCartOptions {
  /** Keep the last error shown (a refresh after a failed change shows the true cart, not success). */
  keepError?: boolean;
  /** The cart was read from storage (cart-fragments.js stored it): not stored again. */
  stored?: boolean;
}

/** Takes a new cart from the shop into the store; the reactions below do the rest. */
export function setCart(cart: CartSnapshot, source: CartUpdateSource, options: SetCartOptions = {}): void {
  const { pageParts, ...rest } = cart;
  const { error, shopMessage } = options.keepError ? $cart.value! : EMPTY_CART;
  settingFromStorage = !!options.stored;
  try {
    $cart.set({ ...$cart.value!, ...rest, fragments: pageParts, source, known: true, error, shopMessage });
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

/** The page parts each fragment's selector finds in `root` now; `quiet`: invalid selectors unreported. */
function fragmentTargets(
  fragments: Record<string, string>,
  root: ParentNode,
  quiet = false,
): Array<[Element, string]> {
  const targets: Array<[Element, string]> = [];
  for (const [selector, html] of Object.entries(fragments)) {
    try {
      for (const target of root.querySelectorAll(selector)) targets.push([target, html]);
    } catch {
      if (!quiet)
        logError(null, `cart fragment selector "${selector}" is not a valid CSS selector; skipped.`);
    }
  }
  return targets;
}

/** The longest a cart of the library's own requests waits for the sanitiser's chunk. */
export const READY_WAIT_MS = 3000;

/**
 * Settles once `cart`'s page parts can be put on the page at once: the sanitiser's chunk is here,
 * or nothing on the page matches them. The library's own cart requests await it before
 * `setCart`, so that the page's markup, `shop-cart-updated` and the jQuery events
 * (`added_to_cart`, then `wc_fragments_loaded`) keep WooCommerce's order even on the first cart.
 */
export async function readyForPage(cart: Pick<CartSnapshot, 'pageParts'>): Promise<void> {
  if (sanitizer.loaded() || !fragmentTargets(cart.pageParts, document, true).length) return;
  // A failure is reported where the parts are put on the page; a chunk that hangs holds the cart
  // back no more than READY_WAIT_MS (its parts then follow in order when it comes).
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    sanitizer.load().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, READY_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Replaces the page parts named by the fragments' selectors with the sanitised HTML, as
 * WooCommerce does with `$(key).replaceWith(value)`. Synchronous when nothing on the page matches
 * or the sanitiser's chunk is here (`sanitizer.ts`); otherwise the returned promise settles once
 * the parts are replaced (or the sanitiser failed to load, which is logged and leaves the page's
 * parts as they were).
 */
export function applyFragmentsToPage(
  fragments: Record<string, string>,
  root: ParentNode = document,
): Promise<void> | undefined {
  const replace = (module: Sanitizer, targets: Array<[Element, string]>) => {
    for (const [target, html] of targets) target.replaceWith(module.sanitizeToFragment(html));
  };
  const targets = fragmentTargets(fragments, root);
  if (!targets.length) return undefined;
  const now = sanitizer.loaded();
  if (now) return void replace(now, targets);
  return sanitizer.load().then(
    // The page may have changed while the chunk came: the parts are looked up again.
    (module) => replace(module, fragmentTargets(fragments, root)),
    (error: unknown) => logError(null, 'the cart fragments were not put on the page.', error),
  );
}

export const storageKeys = () => {
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

// Reactions to a new cart (not to busy/pending/error changes): persist, fragments, events.
let reactedTo: Record<string, string> | undefined;
onNotify($cart, () => {
  const cart = $cart.value!;
  if (!cart.known || cart.source === null || cart.fragments === reactedTo) return;
  reactedTo = cart.fragments;
  const { fragments, hash, count, source } = cart;
  if (source !== 'loaded' && !settingFromStorage) persist(fragments, hash);
  // The page's parts first, then the events: a theme's handler reads the new markup.
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
 * Whether WooCommerce's cart-fragments.js is on the page (issue 11 item 10): its parameters are
 * printed as a global (only where the script is enqueued) and jQuery is there.
 */
export function cartFragmentsExpected(): boolean {
  const params: unknown = (window as unknown as { wc_cart_fragments_params?: unknown })
    .wc_cart_fragments_params;
  return hasJQuery() && typeof params === 'object' && params !== null && !(params instanceof Node);
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

/** The stored page parts, or null when absent or unreadable. */
export function storedParts(): unknown {
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
    const cart = shop().cartFromPageParts(args[0], String(args[1] ?? ''));
    if (cart) setCart(cart, 'external');
    else void refreshCart();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('added_to_cart', onNative);
  document.addEventListener('removed_from_cart', onNative);

  // Where jQuery is, WooCommerce's scripts and the theme's talk through it (issue 11 items 1, 10):
  // that part of the cart loads with the page's first cart, in a chunk of its own.
  let stopJQuery: (() => void) | undefined;
  let stopped = false;
  if (jquery) {
    import('./cart-jquery.ts')
      .then(({ hearJQuery }) => {
        if (stopped) return;
        const heard = hearJQuery(needsCart);
        theirsRefresh = heard.theirsRefresh;
        stopJQuery = heard.stop;
      })
      .catch((error) => {
        logError(null, 'cart-jquery failed to load', error);
        if (!stopped && needsCart) void refreshCart();
      });
  }
  return () => {
    mounted = false;
    stopped = true;
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('added_to_cart', onNative);
    document.removeEventListener('removed_from_cart', onNative);
    stopJQuery?.();
    theirsRefresh = () => false;
    clearTimeout(refreshTimer);
    refreshController?.abort();
  };
}

onMount($cart, start);
