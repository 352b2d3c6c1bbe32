/**
 * The neutral cart every shop adapter returns (DESIGN §5): lines, subtotal, count and a hash.
 * What a shop needs beyond that to keep its own page in step travels in `fragments` (WooCommerce's
 * name, kept from the shop's answer through `$cart` to `shop-cart-updated`): only that shop's
 * adapter writes them, only the cart room (`shared/cart/fragments.ts`) puts them on the page.
 */

/** One cart line (spec §3 Cart item). URLs are already checked: http(s) or dropped (''). */
export interface CartLine {
  key: string;
  productId: string;
  sku: string;
  name: string;
  /**
   * What tells lines of one product apart (the Store API's `variation[]` and `item_data[]`):
   * attribute or add-on name and value, as text. Absent where the name already says it.
   */
  details?: { name: string; value: string }[];
  /** The product page, '' when the shop sent none or an unsafe one. */
  url: string;
  image: { src: string; srcset: string; alt: string } | null;
  quantity: number;
  /**
   * Price HTML of one unit as the shop sent it, sanitised where it is shown (`SanitizedHtml`,
   * DESIGN §9); '' when the shop shows none (Flatsome's quantity markup).
   */
  priceHtml: string;
  /** HTML of the line's total, when the shop shows one (Flatsome's `.product-subtotal`); sanitised where shown. */
  totalHtml?: string;
  /** Followed when the ajax remove fails (spec §8); '' when unsafe or absent. */
  removeHref: string;
  /**
   * The `data-*` attributes of the shop's remove link (name without `data-` -> value), handed on
   * with `removed_from_cart` (tracking plugins read them). Absent when the shop has no such link.
   */
  removeData?: Record<string, string>;
  /** The line's quantity limits (spec §5 Quantity inputs: min default 0, step default 1). */
  limits: { min: number; max: number | null; step: number };
}

/** A view-cart or checkout link. */
export interface CartLink {
  href: string;
  text: string;
  checkout: boolean;
}

/** The cart as a shop adapter hands it over. */
export interface CartSnapshot {
  /** The shop's cart hash ('' for an empty or unknown cart). */
  hash: string;
  lines: CartLine[];
  count: number;
  /** Subtotal HTML as the shop sent it; sanitised where shown. */
  subtotalHtml: string;
  links: CartLink[];
  /** The page's parts to replace (selector -> HTML) and keep, for the shop's own scripts. */
  fragments: Record<string, string>;
}
