import { chosenAdapter, type ShopAdapterName } from './choice.ts';
import { lazyAdapter } from './lazy.ts';
import { shopifyFacade } from './shopify/shopify-config.ts';
import { storeApiFacade } from './store-api/store-api-config.ts';
import type { ShopAdapter } from './types.ts';
import { wooCommerceClassic } from './woocommerce/classic.ts';

/** The adapter for a name (issue 18): classic is in the shared chunk, the others load lazily. */
export function adapterFor(name: ShopAdapterName): ShopAdapter {
  switch (name) {
    case 'store-api':
      return lazyAdapter(
        storeApiFacade(),
        () => import('./store-api/store-api.ts').then((m) => m.wooCommerceStoreApi()),
        { findsVariations: true },
      );
    case 'shopify':
      return lazyAdapter(shopifyFacade(), () => import('./shopify/shopify.ts').then((m) => m.shopify()));
    default:
      return wooCommerceClassic();
  }
}

let current: ShopAdapter | undefined;
/**
 * The adapter in use: the one the page chose (`data-shop-adapter` / `shop_adapter`, issue 18; read
 * once, at the first call), WooCommerce classic by default, or one a host app installed.
 */
export function shop(): ShopAdapter {
  current ??= adapterFor(chosenAdapter());
  return current;
}
/** Installs another adapter (a headless shop, or a test double); `undefined` restores the default. */
export function setShopAdapter(adapter: ShopAdapter | undefined): void {
  current = adapter;
}
