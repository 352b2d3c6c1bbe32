import type { CartSnapshot } from './cart-types.ts';
import type { Suggestion } from './schemas.ts';

/**
 * The shop layer's contract (DESIGN §5), in a module of types only: the adapters implement it, the
 * chooser (`adapter.ts`) and the lazy facades (`lazy.ts`) hand it out, and the cart room
 * (`shared/cart/`) and page behaviours call it, so none of them imports another to know its shape.
 * The cart's own data is in `cart-types.ts`.
 */

/** Attribute field name (`attribute_pa_color`) -> value (`blue`; '' = none chosen, or "any"). */
export type Attributes = Record<string, string>;

/** A variation as WooCommerce prints it in `data-product_variations` or answers `get_variation`. */
export interface Variation {
  variation_id: number | string;
  attributes: Attributes;
  is_in_stock?: boolean;
  is_purchasable?: boolean;
  variation_is_active?: boolean;
  variation_is_visible?: boolean;
  /** Stock left when managed ('' or absent when not). */
  max_qty?: number | string;
  /** The shop's own "N in stock" text for the low-stock label, when it prints one. */
  variation_stock_left?: string;
  [key: string]: unknown;
}

/** What adding a product can come back with (spec §7 Add to cart). */
export type AddResult = { kind: 'added'; cart: CartSnapshot } | { kind: 'error'; productUrl: string };

/**
 * The operations every shop adapter offers (DESIGN §5), in neutral data: carts are
 * {@link CartSnapshot}s; a shop's own markup (WooCommerce's fragments) is read inside its adapter.
 * Adapters only answer: what a new cart does to the page and the store is the cart room's work.
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
   * The cart from fragments the shop's own scripts handed over (stored fragments, the
   * `added_to_cart` jQuery event's arguments), or null when they hold no cart.
   */
  cartFromFragments(fragments: unknown, hash: string): CartSnapshot | null;
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

/** What an adapter answers without its code (a lazy adapter, `lazy.ts`): the synchronous parts. */
export type AdapterFacade = Pick<ShopAdapter, 'searchUrl' | 'cartFromFragments' | 'hasCart'>;
