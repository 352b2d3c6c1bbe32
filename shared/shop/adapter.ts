import { z } from 'zod';
import { $pageConfig } from '../stores/page-config.ts';
import { createQueue, shopRequest } from './request.ts';
import {
  addToCartResponse,
  type FragmentsResponse,
  fragmentsResponse,
  ignoredResponse,
  removeFromCartResponse,
  type Suggestion,
  searchResponse,
} from './schemas.ts';

/** What adding a product can come back with (spec §7 Add to cart). */
export type AddResult =
  | { kind: 'added'; fragments: Record<string, string>; cartHash: string }
  | { kind: 'error'; productUrl: string };

/** The operations every shop adapter offers (DESIGN §5). */
export interface ShopAdapter {
  addToCart(fields: Record<string, string>, signal?: AbortSignal): Promise<AddResult>;
  /** Fragments, or null when the shop answered without them (the caller follows the remove link). */
  removeFromCart(
    cartItemKey: string,
    signal?: AbortSignal,
  ): Promise<{ fragments: Record<string, string>; cartHash: string } | null>;
  setQuantity(cartItemKey: string, quantity: number, signal?: AbortSignal): Promise<void>;
  refreshFragments(signal?: AbortSignal): Promise<{ fragments: Record<string, string>; cartHash: string }>;
  /** The URL a search is sent to; results are cached by it (spec §7 Site ajax endpoint). */
  searchUrl(query: string, category?: string): string;
  search(url: string, signal?: AbortSignal): Promise<Suggestion[]>;
  quickView(productId: string, signal?: AbortSignal): Promise<string>;
}

const toFragments = (r: FragmentsResponse) => ({ fragments: r.fragments, cartHash: r.cart_hash });
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
          timeout: config().requestTimeout,
          signal,
        });
        return 'error' in response
          ? { kind: 'error' as const, productUrl: response.product_url }
          : { kind: 'added' as const, ...toFragments(response) };
      });
    },
    async removeFromCart(cartItemKey, signal) {
      const response = await shopRequest({
        endpoint: 'remove_from_cart',
        url: wcAjax('remove_from_cart'),
        method: 'POST',
        body: form({ cart_item_key: cartItemKey }),
        schema: removeFromCartResponse,
        timeout: config().requestTimeout,
        signal,
      });
      return response ? toFragments(response) : null;
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
        timeout: config().requestTimeout,
        signal,
        text: true,
      });
    },
    async refreshFragments(signal) {
      const response = await shopRequest({
        endpoint: 'get_refreshed_fragments',
        url: wcAjax('get_refreshed_fragments'),
        method: 'POST',
        body: form({ time: Date.now() }),
        schema: fragmentsResponse,
        timeout: config().requestTimeout,
        signal,
      });
      return toFragments(response);
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

let current: ShopAdapter | undefined;
/** The adapter in use (WooCommerce classic unless a host app installed another). */
export function shop(): ShopAdapter {
  current ??= wooCommerceClassic();
  return current;
}
/** Installs another adapter (a headless shop, or a test double). */
export function setShopAdapter(adapter: ShopAdapter | undefined): void {
  current = adapter;
}
