/**
 * Doubles of WooCommerce's own front-end scripts for tests (issue 11), written for the tests from
 * what those scripts do (event names, arguments, order, storage keys), on the real jQuery:
 *
 * - cart-fragments.js: refreshes on `wc_fragment_refresh` and `updated_wc_div`, stores what
 *   `added_to_cart`/`removed_from_cart` carry, loads fresh stored fragments at start
 *   (`wc_fragments_loaded`) or refreshes (`wc_fragments_refreshed`), replacing page parts.
 * - cart.js: after a change on the cart page it replaces the cart form and triggers
 *   `updated_wc_div`.
 * - Flatsome's mini-cart quantity change: the quantity request, then `added_to_cart` without
 *   arguments and `updated_wc_div`.
 * - single-add-to-cart.js: the add request, then a native `added_to_cart` CustomEvent whose
 *   `detail.detail` holds [fragments, cart_hash, button].
 */
import jQuery from 'jquery';

type Fragments = Record<string, string>;
interface FragmentsParams {
  wc_ajax_url: string;
  cart_hash_key: string;
  fragment_name: string;
  request_timeout: string;
}

const PARAMS: FragmentsParams = {
  wc_ajax_url: '/?wc-ajax=%%endpoint%%',
  cart_hash_key: 'wc_cart_hash',
  fragment_name: 'wc_fragments',
  request_timeout: '5000',
};

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? '';

/** Puts jQuery on the page as `window.jQuery`; returns the removal. */
export function pageJQuery(): () => void {
  (window as { jQuery?: unknown }).jQuery = jQuery;
  return () => {
    delete (window as { jQuery?: unknown }).jQuery;
  };
}

/**
 * Runs a cart-fragments.js double: prints `wc_cart_fragments_params`, binds its handlers and
 * starts as it does (stored fragments or one refresh). Returns the uninstall and its refresh count.
 */
export function startCartFragmentsDouble(options: { start?: boolean } = {}) {
  const { start = true } = options;
  const params = { ...PARAMS };
  (window as unknown as { wc_cart_fragments_params?: unknown }).wc_cart_fragments_params = params;
  const $ = jQuery;
  const body = $(document.body);
  let refreshes = 0;
  const store = (fragments: Fragments | undefined, hash: string | undefined) => {
    sessionStorage.setItem(params.fragment_name, JSON.stringify(fragments));
    localStorage.setItem(params.cart_hash_key, String(hash));
    sessionStorage.setItem(params.cart_hash_key, String(hash));
  };
  const refresh = async () => {
    refreshes += 1;
    try {
      const response = await fetch(params.wc_ajax_url.replace('%%endpoint%%', 'get_refreshed_fragments'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: `time=${Date.now()}`,
      });
      if (!response.ok) throw new Error(response.statusText);
      const data = (await response.json()) as { fragments?: Fragments; cart_hash?: string };
      if (data?.fragments) {
        for (const [key, value] of Object.entries(data.fragments)) $(key).replaceWith(value);
        store(data.fragments, data.cart_hash);
        if (data.cart_hash) sessionStorage.setItem('wc_cart_created', String(Date.now()));
        body.trigger('wc_fragments_refreshed');
      }
    } catch {
      body.trigger('wc_fragments_ajax_error');
    }
  };
  const onRefresh = () => void refresh();
  const onChange = (_event: unknown, fragments?: Fragments, hash?: string) => store(fragments, hash);
  body.on('wc_fragment_refresh updated_wc_div', onRefresh);
  body.on('added_to_cart removed_from_cart', onChange);
  if (start) {
    try {
      const stored = JSON.parse(sessionStorage.getItem(params.fragment_name) ?? 'null') as Fragments | null;
      const hash = sessionStorage.getItem(params.cart_hash_key) ?? '';
      if (stored?.['div.widget_shopping_cart_content'] && hash === cookie('woocommerce_cart_hash')) {
        for (const [key, value] of Object.entries(stored)) $(key).replaceWith(value);
        body.trigger('wc_fragments_loaded');
      } else throw new Error('No fragment');
    } catch {
      void refresh();
    }
  }
  return {
    get refreshes() {
      return refreshes;
    },
    uninstall() {
      body.off('wc_fragment_refresh updated_wc_div', onRefresh);
      body.off('added_to_cart removed_from_cart', onChange);
      delete (window as unknown as { wc_cart_fragments_params?: unknown }).wc_cart_fragments_params;
    },
  };
}

/** cart.js after the cart form changed the cart (quantity, remove, coupon): `updated_wc_div`. */
export function cartPageUpdated(): void {
  jQuery(document.body).trigger('updated_wc_div');
}

/** Flatsome's mini-cart quantity change: the request, then `added_to_cart` (no arguments) and `updated_wc_div`. */
export async function flatsomeQuantityChange(cartItemKey: string, quantity: number): Promise<void> {
  await fetch('/wp-admin/admin-ajax.php', {
    method: 'POST',
    body: new URLSearchParams({
      action: 'flatsome_ajax_cart_item_alter_quantity',
      quantity: String(quantity),
      cart_item_key: cartItemKey,
    }),
  });
  jQuery(document.body).trigger('added_to_cart');
  jQuery(document.body).trigger('updated_wc_div');
}

/** single-add-to-cart.js: posts the add, then dispatches the native `added_to_cart` CustomEvent. */
export async function singleProductAdd(productId: number, button: Element | null = null): Promise<void> {
  const response = await fetch('/?wc-ajax=add_to_cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product_id: String(productId), quantity: '1' }),
  });
  const data = (await response.json()) as { fragments?: Fragments; cart_hash?: string };
  document.body.dispatchEvent(
    new CustomEvent('added_to_cart', {
      bubbles: true,
      cancelable: true,
      detail: { detail: [data.fragments, data.cart_hash, button] },
    }),
  );
}
