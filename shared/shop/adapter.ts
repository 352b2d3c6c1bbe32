import type { Variation } from '../page/variations.ts';
import type { CartSnapshot } from './cart-types.ts';
import { chosenAdapter, type ShopAdapterName } from './choice.ts';
import { lazyAdapter } from './lazy.ts';
import type { Suggestion } from './schemas.ts';
import { shopifyFacade } from './shopify/shopify-config.ts';
import { storeApiFacade } from './store-api/store-api-config.ts';
import { wooCommerceClassic } from './woocommerce/classic.ts';

/** What adding a product can come back with (spec §7 Add to cart). */
export type AddResult = { kind: 'added'; cart: CartSnapshot } | { kind: 'error'; productUrl: string };

/**
 * The operations every shop adapter offers (DESIGN §5), in neutral data: carts are
 * {@link CartSnapshot}s; a shop's own markup (WooCommerce's fragments) is read inside its adapter.
 */
export interface ShopAdapter {
  addToCart(fields: Record<string, string>, signal?: AbortSignal): Promise<AddResult>;
  /**
   * Adds a product with its option-form data (spec §7 Option-form add to cart): the pairs are the
   * product form's data as posted (names repeat, e.g. `name[]`). Optional: without it the option
   * form resubmits the page instead.
   */
  addOptionsToCart?(
    fields: ReadonlyArray<readonly [string, string]>,
    signal?: AbortSignal,
  ): Promise<AddResult>;
  /** The new cart, or null when the shop answered without one (the caller follows the remove link). */
  removeFromCart(cartItemKey: string, signal?: AbortSignal): Promise<CartSnapshot | null>;
  setQuantity(cartItemKey: string, quantity: number, signal?: AbortSignal): Promise<void>;
  /** The cart as the shop has it now (spec §7 Refresh fragments). */
  refreshCart(signal?: AbortSignal): Promise<CartSnapshot>;
  /**
   * The cart from page parts the shop's own scripts handed over (stored fragments, the
   * `added_to_cart` jQuery event's arguments), or null when they hold no cart.
   */
  cartFromPageParts(parts: unknown, hash: string): CartSnapshot | null;
  /** The URL a search is sent to; results are cached by it (spec §7 Site ajax endpoint). */
  searchUrl(query: string, category?: string): string;
  search(url: string, signal?: AbortSignal): Promise<Suggestion[]>;
  quickView(productId: string, signal?: AbortSignal): Promise<string>;
  /**
   * The variation of `productId` matching the chosen `attribute_*` fields, as WooCommerce's
   * `get_variation` answers (false: none matches). Optional: without it swatches ask
   * `get_variation` themselves (issue 18: the Store API has its own lookup).
   */
  findVariation?(
    productId: string,
    chosen: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<Variation | false>;
  /**
   * Whether the shopper has a cart the shop keeps by other means than WooCommerce's cart cookies
   * (Shopify's `cart` cookie, a stored Store API cart token). Optional: classic has none.
   */
  hasCart?(): boolean;
}

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
