import { cookies } from '../../cookies.ts';
import { readPageData } from '../../stores/page-data.ts';
import type { AdapterFacade } from '../types.ts';

/**
 * What the page tells the Shopify adapter (issue 18), and the adapter's synchronous part (in the
 * shared chunk; the requests are in the lazy `shopify` chunk). From the `Shopify` object a theme
 * has on every page (a global, or the same object in `<script id="shop-config">`):
 * - `Shopify.routes.root`: the locale-aware root every Ajax API URL starts with (`/`, `/fr/`);
 * - `Shopify.money_format`: the shop's money format (`${{amount}}`, `{{amount_with_comma_separator}} €`),
 *   as themes print it from `{{ shop.money_format | json }}`; `${{amount}}` when absent.
 */

/** Suggestions the live search asks for (the Predictive Search API's maximum). */
export const SUGGEST_LIMIT = 10;
// biome-ignore lint/suspicious/noTemplateCurlyInString: Shopify's placeholder syntax, not a template.
export const DEFAULT_MONEY_FORMAT = '${{amount}}';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** `Shopify.routes.root`, always ending in `/`. */
export function shopifyRoot(): string {
  const root = record(record(readPageData('Shopify')).routes).root;
  if (typeof root !== 'string' || !root) return '/';
  return root.endsWith('/') ? root : `${root}/`;
}

/** The shop's money format. */
export function moneyFormat(): string {
  const format = record(readPageData('Shopify')).money_format;
  return typeof format === 'string' && format.includes('{{') ? format : DEFAULT_MONEY_FORMAT;
}

/** The Shopify adapter's synchronous part. */
export function shopifyFacade(): AdapterFacade {
  return {
    // Predictive search has no category filter: the category is not sent (README, Shopify).
    searchUrl(query) {
      const params = new URLSearchParams({
        q: query,
        'resources[type]': 'product',
        'resources[limit]': String(SUGGEST_LIMIT),
        'resources[options][unavailable_products]': 'last',
      });
      return `${shopifyRoot()}search/suggest.json?${params}`;
    },
    // Shopify hands the page no parts: its cart is always read from /cart.js.
    cartFromFragments: () => null,
    // Shopify keeps the cart's token in the `cart` cookie once the shopper has a cart.
    hasCart: () => Boolean(cookies.get('cart')),
  };
}
