import '../../zod-config.ts';
import * as z from 'zod/mini';

/**
 * zod/mini schemas of the Store API responses we read (issue 18; WooCommerce's
 * `src/StoreApi/Schemas/V1/CartSchema.php`, `CartItemSchema.php`, `ProductSchema.php`): amounts
 * are strings in the currency's minor unit, with the currency's fields beside them. Unknown fields
 * pass; read fields that are missing or mistyped are errors, optional extras fall back.
 */

/** The currency fields every price object carries (`currency_minor_unit`: 2 for cents). */
const currency = {
  currency_minor_unit: z.catch(z.number(), 2),
  currency_decimal_separator: z.catch(z.string(), '.'),
  currency_thousand_separator: z.catch(z.string(), ','),
  currency_prefix: z.catch(z.string(), ''),
  currency_suffix: z.catch(z.string(), ''),
};
export type StoreApiCurrency = z.infer<z.ZodMiniObject<typeof currency>>;

const image = z.object({
  src: z.string(),
  thumbnail: z.catch(z.string(), ''),
  srcset: z.catch(z.string(), ''),
  alt: z.catch(z.string(), ''),
});
const images = z.catch(z.array(image), []);

/** One cart item (CartItemSchema). */
export const storeApiCartItem = z.object({
  key: z.string(),
  id: z.number(),
  quantity: z.number(),
  name: z.string(),
  sku: z.catch(z.string(), ''),
  permalink: z.catch(z.string(), ''),
  images,
  quantity_limits: z.catch(
    z.object({
      minimum: z.catch(z.number(), 1),
      maximum: z.catch(z.number(), 9999),
      multiple_of: z.catch(z.number(), 1),
    }),
    { minimum: 1, maximum: 9999, multiple_of: 1 },
  ),
  /** The chosen attributes: label and value (term name, or a custom attribute's text). */
  variation: z.catch(z.array(z.object({ attribute: z.string(), value: z.string() })), []),
  /** An add-on's data (`woocommerce_get_item_data`): `key` or `name`, `display` or `value`, `hidden`. */
  item_data: z.catch(z.array(z.record(z.string(), z.unknown())), []),
  prices: z.object({ price: z.string(), ...currency }),
  totals: z.object({
    line_subtotal: z.string(),
    line_subtotal_tax: z.catch(z.string(), '0'),
    line_total: z.string(),
    ...currency,
  }),
});

/** The cart (CartSchema): items, their count, totals in minor units, errors with codes. */
export const storeApiCart = z.object({
  items: z.array(storeApiCartItem),
  items_count: z.number(),
  totals: z.object({
    total_items: z.string(),
    total_items_tax: z.catch(z.string(), '0'),
    total_price: z.string(),
    ...currency,
  }),
  errors: z.catch(z.array(z.object({ code: z.string(), message: z.string() })), []),
});
export type StoreApiCart = z.infer<typeof storeApiCart>;

/** One product of `/products` (ProductSchema), as the live search reads it. */
export const storeApiProduct = z.object({
  id: z.number(),
  name: z.string(),
  permalink: z.catch(z.string(), ''),
  price_html: z.catch(z.string(), ''),
  images,
});
export const storeApiProducts = z.array(storeApiProduct);

/**
 * One product or variation of `products/{id}` (ProductSchema), as the variation lookup reads it
 * (issue 18 "variation lookup for swatches"): a variable product's `variations` carry their
 * attributes as `{ name: label, value: slug | null (any), key: 'attribute_pa_…' }` (`key` since
 * WooCommerce 8.x; older answers are matched through the product's `attributes`).
 */
export const storeApiProductDetail = z.object({
  id: z.number(),
  sku: z.catch(z.string(), ''),
  price_html: z.catch(z.string(), ''),
  prices: z.catch(
    z.optional(
      z.object({
        price: z.string(),
        regular_price: z.catch(z.string(), ''),
        currency_minor_unit: z.catch(z.number(), 2),
      }),
    ),
    undefined,
  ),
  images,
  is_in_stock: z.catch(z.boolean(), true),
  is_purchasable: z.catch(z.boolean(), true),
  low_stock_remaining: z.catch(z.nullable(z.number()), null),
  attributes: z.catch(
    z.array(z.object({ name: z.string(), taxonomy: z.catch(z.nullable(z.string()), null) })),
    [],
  ),
  variations: z.catch(
    z.array(
      z.object({
        id: z.number(),
        attributes: z.array(
          z.object({
            name: z.string(),
            value: z.catch(z.nullable(z.string()), null),
            key: z.optional(z.string()),
          }),
        ),
      }),
    ),
    [],
  ),
});
export type StoreApiProductDetail = z.infer<typeof storeApiProductDetail>;

/** A WP_Error as the REST server prints it: `{code, message, data: {status}}`. */
export const storeApiError = z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.unknown()),
});
