import * as z from 'zod/mini';
import { $pageConfig } from '../../stores/page-config.ts';
import { createQueue, shopRequest } from '../request.ts';
import {
  addToCartResponse,
  type FragmentsResponse,
  fragmentsResponse,
  ignoredResponse,
  removeFromCartResponse,
  searchResponse,
} from '../schemas.ts';
import type { ShopAdapter } from '../types.ts';
import { cartFromFragments, MINI_CART_SELECTOR } from './fragments.ts';

const toCart = (r: FragmentsResponse) => cartFromFragments(r.fragments, r.cart_hash);
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));

/** Live-search action of the Flatsome theme's admin-ajax handler (spec §7). */
export const SEARCH_ACTION = 'flatsome_ajax_search_products';

/**
 * WooCommerce classic: `?wc-ajax=%%endpoint%%` endpoints and admin-ajax.php actions, bit for
 * bit as WooCommerce's add-to-cart.js and cart-fragments.js and the theme's scripts send them.
 */
export function wooCommerceClassic(): ShopAdapter {
  const config = () => $pageConfig.get();
  const wcAjax = (endpoint: string) => config().wcAjaxUrl.toString().replace('%%endpoint%%', endpoint);
  const addQueue = createQueue();

  return {
    addToCart(fields, signal) {
      // spec §4: add requests are queued and sent one at a time.
      return addQueue.run(async () => {
        const response = await shopRequest({
          endpoint: 'add_to_cart',
          url: wcAjax('add_to_cart'),
          method: 'POST',
          body: form(fields),
          schema: addToCartResponse,
          // No time limit (issue 11 item 3): WooCommerce's add-to-cart.js sets none, and a slow add
          // that the shop completes must not be reported as failed.
          signal,
        });
        return 'error' in response
          ? { kind: 'error' as const, productUrl: response.product_url }
          : { kind: 'added' as const, cart: toCart(response) };
      });
    },
    addOptionsToCart(fields, signal) {
      // spec §7 Option-form add to cart: the form data to `wcpa_ajax_add_to_cart`, queued with
      // the other adds (spec §4); redirects are followed by fetch.
      return addQueue.run(async () => {
        const response = await shopRequest({
          endpoint: 'wcpa_ajax_add_to_cart',
          url: wcAjax('wcpa_ajax_add_to_cart'),
          method: 'POST',
          body: new URLSearchParams(fields.map(([k, v]) => [k, v])),
          schema: addToCartResponse,
          // No time limit (issue 11 item 3): WooCommerce's add-to-cart.js sets none, and a slow add
          // that the shop completes must not be reported as failed.
          signal,
        });
        return 'error' in response
          ? { kind: 'error' as const, productUrl: response.product_url }
          : { kind: 'added' as const, cart: toCart(response) };
      });
    },
    async removeFromCart(cartItemKey, signal) {
      const response = await shopRequest({
        endpoint: 'remove_from_cart',
        url: wcAjax('remove_from_cart'),
        method: 'POST',
        body: form({ cart_item_key: cartItemKey }),
        schema: removeFromCartResponse,
        // No time limit, as WooCommerce's remove (issue 11 item 3).
        signal,
      });
      return response ? toCart(response) : null;
    },
    async setQuantity(cartItemKey, quantity, signal) {
      // spec §7: the response is not read; success triggers a cart refresh.
      await shopRequest({
        endpoint: 'flatsome_ajax_cart_item_alter_quantity',
        url: config().ajaxUrl,
        method: 'POST',
        body: form({
          action: 'flatsome_ajax_cart_item_alter_quantity',
          quantity,
          cart_item_key: cartItemKey,
        }),
        schema: ignoredResponse,
        // No time limit, as the theme's quantity change (issue 11 item 3).
        signal,
        text: true,
      });
    },
    async refreshCart(signal) {
      const response = await shopRequest({
        endpoint: 'get_refreshed_fragments',
        url: wcAjax('get_refreshed_fragments'),
        method: 'POST',
        body: form({ time: Date.now() }),
        schema: fragmentsResponse,
        // spec §7: the one request with the page's time-out.
        timeout: config().requestTimeout,
        signal,
      });
      return toCart(response);
    },
    cartFromFragments(fragments, hash) {
      const checked = fragmentsResponse.safeParse({ fragments, cart_hash: hash });
      if (!checked.success || checked.data.fragments[MINI_CART_SELECTOR] === undefined) return null;
      return toCart(checked.data);
    },
    searchUrl(query, category) {
      const url = new URL(config().ajaxUrl, document.baseURI);
      url.searchParams.set('action', SEARCH_ACTION);
      url.searchParams.set('query', query);
      if (category) url.searchParams.set('product_cat', category);
      return url.pathname + url.search;
    },
    async search(url, signal) {
      const response = await shopRequest({
        endpoint: SEARCH_ACTION,
        url,
        method: 'GET',
        schema: searchResponse,
        timeout: config().requestTimeout,
        signal,
      });
      return response.suggestions;
    },
    quickView(productId, signal) {
      return shopRequest({
        endpoint: 'flatsome_quickview',
        url: config().ajaxUrl,
        method: 'POST',
        body: form({ action: 'flatsome_quickview', product: productId }),
        schema: z.string(),
        timeout: config().requestTimeout,
        signal,
        text: true,
      });
    },
  };
}
