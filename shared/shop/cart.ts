import { cookies } from '../cookies.ts';
import { type CartUpdateSource, emit } from '../events.ts';
import { jqueryWrap, onJQuery, triggerJQuery } from '../jquery-bridge.ts';
import { navigation } from '../navigation.ts';
import { sanitizeToFragment } from '../sanitize.ts';
import { local, session } from '../storage.ts';
import { $cart, EMPTY_CART, MINI_CART_SELECTOR, parseMiniCart } from '../stores/cart.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { shop } from './adapter.ts';
import { ShopError } from './request.ts';

/**
 * The cart's behaviour, as WooCommerce's cart-fragments.js and add-to-cart.js have it
 * (spec §2 Cart and checkout, §4, §7 Shop ajax endpoints, §8), driving `$cart`.
 */

/** spec §7: fragments are refreshed every 24 hours and the stored cart expires after 24 hours. */
export const DAY_MS = 86_400_000;
const CREATED_KEY = 'wc_cart_created';

export { navigation };

const storageKeys = () => {
  const { fragmentName, cartHashKey } = $pageConfig.get();
  return { fragmentName, cartHashKey };
};

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
      console.error(
        `storefront elements: cart fragment selector "${selector}" is not a valid CSS selector; skipped.`,
      );
      continue;
    }
    for (const target of targets) target.replaceWith(sanitizeToFragment(html));
  }
}

/** Stores fragments and hash where WooCommerce keeps them (session + local storage). */
function persist(fragments: Record<string, string>, hash: string) {
  const { fragmentName, cartHashKey } = storageKeys();
  session.set(fragmentName, JSON.stringify(fragments));
  local.set(cartHashKey, hash);
  session.set(cartHashKey, hash);
  if (hash) session.set(CREATED_KEY, String(Date.now()));
}

/** Takes a new cart from the shop: store, storage, page fragments, events. */
export function applyCart(
  fragments: Record<string, string>,
  cartHash: string,
  source: CartUpdateSource,
): void {
  const parsed = parseMiniCart(fragments[MINI_CART_SELECTOR]);
  $cart.set({ ...$cart.get(), ...parsed, fragments, hash: cartHash, known: true, error: '' });
  if (source !== 'loaded') persist(fragments, cartHash);
  applyFragmentsToPage(fragments);
  emit(document, 'shop-cart-updated', { cartHash, count: parsed.count, source });
  triggerJQuery(source === 'loaded' ? 'wc_fragments_loaded' : 'wc_fragments_refreshed');
}

function fail(endpoint: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  $cart.setKey('error', message);
  emit(document, 'shop-cart-error', { endpoint, message });
}

let refreshController: AbortController | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Asks the shop for fresh fragments (spec §7 Refresh fragments); on error an event only (spec §8). */
export async function refreshCart(): Promise<void> {
  refreshController?.abort();
  const controller = new AbortController();
  refreshController = controller;
  $cart.setKey('busy', true);
  try {
    const { fragments, cartHash } = await shop().refreshFragments(controller.signal);
    applyCart(fragments, cartHash, 'refreshed');
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'aborted') return;
    fail('get_refreshed_fragments', error);
    triggerJQuery('wc_fragments_ajax_error');
  } finally {
    if (refreshController === controller) {
      refreshController = undefined;
      $cart.setKey('busy', false);
    }
  }
  scheduleRefresh(DAY_MS);
}

function scheduleRefresh(delay: number) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshCart(), delay);
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

let started = false;
const cleanups: (() => void)[] = [];

/**
 * Starts the cart once per page, like cart-fragments.js: stored fragments are used when they are
 * fresh and match the cart cookie, else they are fetched. Beyond WooCommerce: a shopper with no
 * cart (no cookie, nothing stored) causes no request at all.
 */
export function startCart(): void {
  if (started) return;
  started = true;
  const { fragmentName, cartHashKey } = storageKeys();
  const cookieHash = cookies.get('woocommerce_cart_hash') ?? '';
  const storedHash = session.get(cartHashKey) ?? '';
  const created = Number(session.get(CREATED_KEY) ?? 0);
  let stored: Record<string, string> | null = null;
  try {
    const parsed: unknown = JSON.parse(session.get(fragmentName) ?? 'null');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, string>;
  } catch {
    stored = null;
  }
  const expired = storedHash !== '' && (!created || created + DAY_MS < Date.now());
  if (!hasCart()) {
    $cart.set({ ...EMPTY_CART, known: true });
  } else if (!expired && stored?.[MINI_CART_SELECTOR] && storedHash === cookieHash) {
    applyCart(stored, storedHash, 'loaded');
    scheduleRefresh(created ? Math.max(0, created + DAY_MS - Date.now()) : DAY_MS);
  } else {
    void refreshCart();
  }

  // Another tab changed the cart (spec: refreshed when another tab changes it).
  const onStorage = (event: StorageEvent) => {
    if (event.key === cartHashKey && event.newValue !== session.get(cartHashKey)) void refreshCart();
  };
  // Back/forward cache: the page may show an old cart.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void refreshCart();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onPageShow);
  cleanups.push(
    () => window.removeEventListener('storage', onStorage),
    () => window.removeEventListener('pageshow', onPageShow),
    // Theirs reach our store: other scripts adding/removing through WooCommerce's jQuery events.
    onJQuery('added_to_cart removed_from_cart', (_name, args) => {
      const [fragments, hash] = args as [Record<string, string> | undefined, string | undefined];
      if (fragments && typeof fragments === 'object') applyCart(fragments, String(hash ?? ''), 'external');
    }),
    onJQuery('wc_fragment_refresh', () => void refreshCart()),
  );
}

/** Stops the cart (tests): listeners removed, timers cleared, store emptied. */
export function resetCartForTest(): void {
  for (const cleanup of cleanups.splice(0)) cleanup();
  clearTimeout(refreshTimer);
  refreshController?.abort();
  started = false;
  $cart.set({ ...EMPTY_CART });
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
      // spec §8: error with product_url sends the browser to the product page.
      if (result.productUrl) navigation.assign(result.productUrl);
      else fail('add_to_cart', new Error(`The shop could not add product ${productId} to the cart.`));
      return result.productUrl ? 'navigated' : 'failed';
    }
    const { cartRedirectAfterAdd, cartUrl } = $pageConfig.get();
    if (cartRedirectAfterAdd) {
      navigation.assign(cartUrl);
      return 'navigated';
    }
    applyCart(result.fragments, result.cartHash, 'added');
    emit(source ?? document, 'shop-cart-item-added', {
      productId,
      quantity,
      data: fields,
      cartHash: result.cartHash,
    });
    triggerJQuery('added_to_cart', [result.fragments, result.cartHash, jqueryWrap(source)]);
    return 'added';
  } catch (error) {
    fail('add_to_cart', error);
    return 'failed';
  } finally {
    $cart.setKey('busy', false);
  }
}

function setPending(key: string, on: boolean) {
  const pending = $cart.get().pending.filter((k) => k !== key);
  $cart.setKey('pending', on ? [...pending, key] : pending);
}

/**
 * Removes a line (spec §7 Remove from cart). The row is blocked meanwhile; a failure or a
 * response without fragments follows the remove link (spec §8).
 */
export async function removeCartItem(key: string, source: Element | null = null): Promise<boolean> {
  const line = $cart.get().lines.find((l) => l.key === key);
  setPending(key, true);
  try {
    const result = await shop().removeFromCart(key);
    if (!result) throw new Error('no fragments');
    applyCart(result.fragments, result.cartHash, 'removed');
    emit(source ?? document, 'shop-cart-item-removed', { key, productId: line?.productId ?? '' });
    triggerJQuery('removed_from_cart', [result.fragments, result.cartHash, jqueryWrap(source)]);
    return true;
  } catch (error) {
    if (line?.removeHref) navigation.assign(line.removeHref);
    else fail('remove_from_cart', error);
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
    fail('flatsome_ajax_cart_item_alter_quantity', error);
    return false;
  } finally {
    setPending(key, false);
  }
}
