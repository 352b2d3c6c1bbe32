import { z } from 'zod';

/**
 * zod schemas of every shop response we read (spec §7), and nothing more: unknown fields pass
 * through untouched, missing or mistyped read fields are errors.
 */

/** `fragments`: selector -> HTML, plus `cart_hash` (spec §3 Cart fragments). */
export const fragmentsResponse = z.object({
  fragments: z.record(z.string(), z.string()),
  cart_hash: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});
export type FragmentsResponse = z.infer<typeof fragmentsResponse>;

/** add_to_cart / wcpa_ajax_add_to_cart: an error with product_url, or fragments (spec §7). */
export const addToCartResponse = z.union([
  z.object({ error: z.literal(true).or(z.literal('true')), product_url: z.string().optional().default('') }),
  fragmentsResponse,
]);

/** remove_from_cart: fragments, or anything without them (WooCommerce's `{ success: false }`). */
export const removeFromCartResponse = z.union([fragmentsResponse, z.unknown().transform(() => null)]);

/**
 * Live search (spec §3 Search suggestion): `id` -1 is a non-navigating entry. Flatsome sends `img`
 * false for a row without an image and `type` ('Product', 'Page'); `value` is WordPress's
 * HTML-escaped title (the element decodes it to text, issue 11 item 7).
 */
export const suggestion = z.object({
  value: z.string(),
  id: z.coerce.number().int().catch(-1),
  url: z.string().catch(''),
  img: z.string().optional().catch(undefined),
  price: z.string().optional().catch(undefined),
  type: z.string().optional().catch(undefined),
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
    z.record(z.string(), suggestion).transform((rows) => Object.values(rows)),
  ]),
});

/** Responses we do not read (spec §7: the quantity change response is not read). */
export const ignoredResponse = z.unknown();
