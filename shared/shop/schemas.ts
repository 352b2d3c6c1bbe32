import '../zod-config.ts';
import * as z from 'zod/mini';

/**
 * zod schemas of every shop response we read (spec §7), and nothing more: unknown fields pass
 * through untouched, missing or mistyped read fields are errors.
 */

/**
 * A fragments map (spec §3 Cart fragments: selector -> HTML) as real shops send it (issue 11
 * item 2): WooCommerce passes its filter's output through unchanged, so a theme snippet may put an
 * integer item count there, and an empty PHP array arrives as `[]`. Scalars become strings, other
 * values are dropped; one odd value never fails the reply. Anything but an object or an array is
 * still an error.
 */
export const fragmentsMap = z.pipe(
  z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  z.transform((raw): Record<string, string> => {
    if (Array.isArray(raw)) return {};
    const fragments: Record<string, string> = {};
    // Own keys only (zod's record drops `__proto__`): strings, numbers and booleans, as text.
    for (const [selector, value] of Object.entries(raw))
      if (value !== null && typeof value !== 'object') fragments[selector] = String(value);
    return fragments;
  }),
);

/** `null`/`undefined` read as ''. */
const orEmpty = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);

/** `fragments`: selector -> HTML, plus `cart_hash` (spec §3 Cart fragments). */
export const fragmentsResponse = z.object({
  fragments: fragmentsMap,
  cart_hash: orEmpty,
});
export type FragmentsResponse = z.infer<typeof fragmentsResponse>;

/**
 * add_to_cart / wcpa_ajax_add_to_cart: an error with product_url, or fragments (spec §7). A real
 * shop answers `product_url: false` for a product it has no page for (issue 11, Minor): read as ''.
 */
export const addToCartResponse = z.union([
  z.object({
    error: z.union([z.literal(true), z.literal('true')]),
    product_url: z.pipe(
      z.unknown(),
      z.transform((v) => (typeof v === 'string' ? v : '')),
    ),
  }),
  fragmentsResponse,
]);

/** remove_from_cart: fragments, or anything without them (WooCommerce's `{ success: false }`). */
export const removeFromCartResponse = z.union([
  fragmentsResponse,
  z.pipe(
    z.unknown(),
    z.transform(() => null),
  ),
]);

/**
 * Live search (spec §3 Search suggestion): `id` -1 is a non-navigating entry. Flatsome sends `img`
 * false for a row without an image and `type` ('Product', 'Page'); `value` is WordPress's
 * HTML-escaped title (the element decodes it to text, issue 11 item 7).
 */
export const suggestion = z.object({
  value: z.string(),
  id: z.catch(z.coerce.number().check(z.int()), -1),
  url: z.catch(z.string(), ''),
  img: z.catch(z.optional(z.string()), undefined),
  price: z.catch(z.optional(z.string()), undefined),
  type: z.catch(z.optional(z.string()), undefined),
});
export type Suggestion = z.infer<typeof suggestion>;
/**
 * `suggestions` is a list, or an object keyed by the list's old positions when Flatsome's
 * de-duplication kept PHP array keys (json_encode then prints `{"0":…,"3":…}`): read as its values,
 * in order (issue 11 item 7).
 */
export const searchResponse = z.object({
  suggestions: z.union([
    z.array(suggestion),
    z.pipe(
      z.record(z.string(), suggestion),
      z.transform((rows) => Object.values(rows)),
    ),
  ]),
});

/** Responses we do not read (spec §7: the quantity change response is not read). */
export const ignoredResponse = z.unknown();
