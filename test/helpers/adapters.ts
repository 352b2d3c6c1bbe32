/** Runs suites against each shop adapter (issue 18) over the demo shop, which speaks all three. */
import { adapterFor, setShopAdapter } from '../../shared/shop/adapter.ts';
import type { ShopAdapterName } from '../../shared/shop/choice.ts';
import { CART_TOKEN_KEY } from '../../shared/shop/store-api/store-api.ts';

export type { ShopAdapterName };

/** The demo shop's log names of each adapter's calls (examples/server: shop.mjs, store-api.mjs, shopify.mjs). */
export const ENDPOINTS: Record<
  ShopAdapterName,
  { add: string; remove: string; quantity: string; refresh: string; search: string }
> = {
  woocommerce: {
    add: 'add_to_cart',
    remove: 'remove_from_cart',
    quantity: 'flatsome_ajax_cart_item_alter_quantity',
    refresh: 'get_refreshed_fragments',
    search: 'flatsome_ajax_search_products',
  },
  'store-api': {
    add: 'store-api:cart/add-item',
    remove: 'store-api:cart/remove-item',
    quantity: 'store-api:cart/update-item',
    refresh: 'store-api:cart',
    search: 'store-api:products',
  },
  shopify: {
    add: 'shopify:cart/add.js',
    remove: 'shopify:cart/change.js',
    quantity: 'shopify:cart/update.js',
    refresh: 'shopify:cart.js',
    search: 'shopify:search/suggest.json',
  },
};

/** The adapters that are not WooCommerce classic (whose suites already run against classic). */
export const OTHER_ADAPTERS: readonly ShopAdapterName[] = ['store-api', 'shopify'];

/** Forgets what the adapters keep in the browser: the Store API's cart token, Shopify's `cart` cookie. */
export function clearAdapterTraces(): void {
  localStorage.removeItem(CART_TOKEN_KEY);
  document.cookie = 'cart=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/**
 * Runs a suite once per adapter: a fresh adapter of that kind is installed before it (as the
 * page's `shop_adapter` would choose it) and the default restored after.
 */
export function eachAdapter(
  title: string,
  body: (name: ShopAdapterName) => void,
  names: readonly ShopAdapterName[] = OTHER_ADAPTERS,
): void {
  for (const name of names) {
    describe(`${title} [${name} adapter]`, () => {
      before(() => {
        clearAdapterTraces();
        setShopAdapter(adapterFor(name));
      });
      after(() => {
        setShopAdapter(undefined);
        clearAdapterTraces();
      });
      body(name);
    });
  }
}
