import type { CartSnapshot } from './cart-types.ts';
import type { Suggestion } from './schemas.ts';
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
}

let current: ShopAdapter | undefined;
/** The adapter in use (WooCommerce classic unless a host app installed another). */
export function shop(): ShopAdapter {
  current ??= wooCommerceClassic();
  return current;
}
/** Installs another adapter (a headless shop, or a test double); `undefined` restores the default. */
export function setShopAdapter(adapter: ShopAdapter | undefined): void {
  current = adapter;
}
