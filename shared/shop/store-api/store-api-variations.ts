import type * as z from 'zod/mini';
import { safeUrl } from '../../url.ts';
import type { Variation } from '../types.ts';
import { storeApiUrl } from './store-api-config.ts';
import { type StoreApiProductDetail, storeApiProductDetail } from './store-api-schemas.ts';

/**
 * The Store API's variation lookup for swatches (issue 18): WooCommerce's `get_variation` answers
 * the chosen `attribute_*` fields with the matching variation; over the Store API the product's
 * `variations` (ids and attributes) give the id, and `products/{id}` of that variation its price,
 * stock and image, in the shape swatches and the gallery read from `get_variation`. A chunk of its
 * own, loaded at the first lookup or variation add: a page without variations never needs it.
 */

/** WordPress's `sanitize_title` for an attribute label, as far as attribute keys need it. */
const slugOf = (label: string) =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');

type VariationAttribute = StoreApiProductDetail['variations'][number]['attributes'][number];

/** The form field (`attribute_pa_color`) of a variation's attribute. */
function fieldOf(attribute: VariationAttribute, product: StoreApiProductDetail): string {
  if (attribute.key) return attribute.key;
  const taxonomy = product.attributes.find((a) => a.name === attribute.name)?.taxonomy;
  return `attribute_${taxonomy || slugOf(attribute.name)}`;
}

/**
 * The attribute's name as `products/{id}` gives it (the label: `Color`, `Gift wrap`) for a form
 * field (`attribute_gift-wrap`), or undefined when the product has no such attribute.
 */
export function attributeNameOf(product: StoreApiProductDetail, field: string): string | undefined {
  for (const variation of product.variations)
    for (const attribute of variation.attributes)
      if (fieldOf(attribute, product) === field) return attribute.name;
  return product.attributes.find((a) => `attribute_${a.taxonomy || slugOf(a.name)}` === field)?.name;
}

/**
 * The id of the variation matching `chosen` (WooCommerce's rule: every attribute the variation
 * sets agrees; one set to "any", `null`, takes whatever was chosen), or undefined.
 */
export function matchingVariation(
  product: StoreApiProductDetail,
  chosen: Readonly<Record<string, string>>,
): number | undefined {
  return product.variations.find((variation) =>
    variation.attributes.every((attribute) => {
      const picked = chosen[fieldOf(attribute, product)] ?? '';
      return picked !== '' && (attribute.value === null || attribute.value === picked);
    }),
  )?.id;
}

/** A variation's `products/{id}` as WooCommerce's `get_variation` JSON (what swatches publish). */
export function foundVariation(
  detail: StoreApiProductDetail,
  chosen: Readonly<Record<string, string>>,
): Variation {
  const unit = 10 ** (detail.prices?.currency_minor_unit ?? 2);
  const amount = (minor: string | undefined) => (minor ? Number(minor) / unit : undefined);
  const picture = detail.images[0];
  const src = safeUrl(picture?.src) ?? '';
  return {
    variation_id: detail.id,
    attributes: { ...chosen },
    sku: detail.sku,
    price_html: detail.price_html,
    display_price: amount(detail.prices?.price),
    display_regular_price: amount(detail.prices?.regular_price),
    is_in_stock: detail.is_in_stock,
    is_purchasable: detail.is_purchasable,
    variation_is_active: true,
    variation_is_visible: true,
    max_qty: detail.low_stock_remaining ?? '',
    image: src
      ? {
          src,
          full_src: src,
          thumb_src: safeUrl(picture?.thumbnail) ?? src,
          gallery_thumbnail_src: safeUrl(picture?.thumbnail) ?? src,
          srcset: picture?.srcset ?? '',
          alt: picture?.alt ?? '',
        }
      : undefined,
  };
}

/** The adapter's request function (nonce, session, errors). */
export type StoreApiCall = <T>(
  endpoint: string,
  url: string,
  schema: z.core.$ZodType<T>,
  options?: { signal?: AbortSignal },
) => Promise<T>;

/** The variation lookups of one adapter, over its requests; `products/{id}` is asked once each. */
export function variationLookups(call: StoreApiCall) {
  const products = new Map<string, Promise<StoreApiProductDetail>>();
  const product = (id: string, signal?: AbortSignal) => {
    let found = products.get(id);
    if (!found) {
      found = call('products', storeApiUrl(`products/${encodeURIComponent(id)}`), storeApiProductDetail, {
        signal,
      });
      products.set(id, found);
      found.catch(() => products.delete(id));
    }
    return found;
  };
  return {
    /** The variation of `productId` matching `chosen`, as `get_variation` answers (false: none). */
    async find(productId: string, chosen: Readonly<Record<string, string>>, signal?: AbortSignal) {
      const id = matchingVariation(await product(productId, signal), chosen);
      if (id === undefined) return false;
      return foundVariation(
        await call('products', storeApiUrl(`products/${id}`), storeApiProductDetail, { signal }),
        chosen,
      );
    },
    /**
     * The chosen `attribute_*` fields as the Store API's `variation` list, each attribute named as
     * `CartController::sanitize_variation_data` reads it on every WooCommerce version: a global
     * attribute by its taxonomy (`pa_color`), a custom one by the name `products/{id}` gives
     * (`Gift wrap`, not the field's `gift-wrap`). Without that answer a custom attribute keeps its
     * field name (`attribute_gift-wrap`, read since WooCommerce 8.x).
     */
    async list(fields: Record<string, string>, signal?: AbortSignal) {
      const chosen = Object.entries(fields).filter(([name, value]) => name.startsWith('attribute_') && value);
      const parent = fields.product_id || fields['add-to-cart'] || '';
      const detail =
        parent && chosen.some(([name]) => !name.startsWith('attribute_pa_'))
          ? await product(parent, signal).catch(() => undefined)
          : undefined;
      return chosen.map(([name, value]) => ({
        attribute: name.startsWith('attribute_pa_')
          ? name.slice('attribute_'.length)
          : ((detail && attributeNameOf(detail, name)) ?? name),
        value,
      }));
    },
  };
}
