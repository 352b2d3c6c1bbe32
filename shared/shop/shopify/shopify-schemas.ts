import '../../zod-config.ts';
import * as z from 'zod/mini';

/**
 * zod/mini schemas of the Shopify Ajax API responses we read (issue 18; shopify.dev, Cart API and
 * Predictive Search API references): cart money in cents (integers), predictive-search prices as
 * decimal strings. Unknown fields pass; read fields missing or mistyped are errors.
 */

const orEmpty = z.pipe(
  z.catch(z.nullish(z.string()), ''),
  z.transform((v) => v ?? ''),
);

/** One line item of `/cart.js`. */
export const shopifyLineItem = z.object({
  key: z.string(),
  id: z.number(),
  product_id: z.number(),
  quantity: z.number(),
  title: z.string(),
  sku: orEmpty,
  url: orEmpty,
  image: orEmpty,
  featured_image: z.catch(z.nullish(z.object({ url: orEmpty, alt: orEmpty })), null),
  final_price: z.number(),
  final_line_price: z.number(),
  quantity_rule: z.catch(
    z.object({
      min: z.catch(z.number(), 1),
      max: z.catch(z.nullable(z.number()), null),
      increment: z.catch(z.number(), 1),
    }),
    { min: 1, max: null, increment: 1 },
  ),
});

/** `/cart.js`, and what `/cart/change.js` and `/cart/update.js` answer. */
export const shopifyCart = z.object({
  item_count: z.number(),
  items: z.array(shopifyLineItem),
  items_subtotal_price: z.number(),
  total_price: z.number(),
});
export type ShopifyCart = z.infer<typeof shopifyCart>;

/** One product of `/search/suggest.json` (prices as decimal strings). */
export const shopifySuggestedProduct = z.object({
  id: z.number(),
  title: z.string(),
  url: orEmpty,
  price: z.catch(z.optional(z.union([z.string(), z.number()])), undefined),
  image: orEmpty,
  featured_image: z.catch(z.nullish(z.object({ url: orEmpty })), null),
});

/** `/search/suggest.json`: `resources.results.products`. */
export const shopifySuggestions = z.object({
  resources: z.object({
    results: z.object({ products: z.catch(z.array(shopifySuggestedProduct), []) }),
  }),
});

/** Shopify's error JSON: `{status, message, description}` (`status` a number or a word). */
export const shopifyError = z.object({
  status: z.optional(z.union([z.number(), z.string()])),
  message: z.optional(z.string()),
  description: z.optional(z.string()),
});
