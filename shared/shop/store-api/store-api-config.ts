import { readPageData } from '../../stores/page-data.ts';
import type { AdapterFacade } from '../types.ts';

/**
 * What the page tells the Store API adapter (issue 18), and the adapter's synchronous part (in the
 * shared chunk; the requests are in the lazy `store-api` chunk).
 *
 * - The REST root: `wpApiSettings.root` as WordPress prints it (`/wp-json/`, or `/?rest_route=/`
 *   on sites without pretty permalinks), else `/wp-json/`.
 * - The `wc_store_api` nonce: `wcBlocksMiddlewareConfig.storeApiNonce` as WooCommerce prints it for
 *   its blocks; afterwards the `Nonce` header of each response.
 * - The cart and checkout pages: `wcSettings.storePages` (WooCommerce's block settings), else the
 *   page config's cart URL and `/checkout/`.
 */

/** The Store API's namespace under the REST root. */
export const STORE_API_NAMESPACE = 'wc/store/v1';
/** Products the live search asks for (Flatsome's default of 10 suggestions). */
export const SEARCH_PER_PAGE = 10;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The REST root the page printed. */
export function restRoot(): string {
  return text(record(readPageData('wpApiSettings')).root) ?? '/wp-json/';
}

/** A Store API URL: `path` under `/wc/store/v1/`, with query parameters (root with `?` or not). */
export function storeApiUrl(path: string, params: Record<string, string> = {}): string {
  const root = restRoot();
  const base = `${root}${root.endsWith('/') ? '' : '/'}${STORE_API_NAMESPACE}/${path}`;
  const query = new URLSearchParams(params).toString();
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** The `wc_store_api` nonce WooCommerce printed for its blocks, '' when none. */
export function printedNonce(): string {
  return text(record(readPageData('wcBlocksMiddlewareConfig')).storeApiNonce) ?? '';
}

/** A store page's permalink from `wcSettings.storePages` (cart, checkout). */
export function storePage(name: 'cart' | 'checkout'): string | undefined {
  return text(record(record(record(readPageData('wcSettings')).storePages)[name]).permalink);
}

/** The Store API adapter's synchronous part. */
export function storeApiFacade(): AdapterFacade {
  return {
    searchUrl(query, category) {
      const params: Record<string, string> = { search: query, per_page: String(SEARCH_PER_PAGE) };
      if (category) params.category = category;
      return storeApiUrl('products', params);
    },
    // The Store API hands the page no parts: its cart is always read from the shop. Whether there
    // is a cart, WooCommerce's own cookies tell (the cookie session, as the blocks use it).
    cartFromFragments: () => null,
  };
}
