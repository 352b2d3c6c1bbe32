import { safeUrl } from '../../url.ts';
import type { Variation } from '../types.ts';
import type { StoreApiProductDetail } from './store-api-schemas.ts';

/**
 * The Store API's variation lookup for swatches (issue 18): WooCommerce's `get_variation` answers
 * the chosen `attribute_*` fields with the matching variation; over the Store API the product's
 * `variations` (ids and attributes) give the id, and `products/{id}` of that variation its price,
 * stock and image, in the shape swatches and the gallery read from `get_variation`.
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
          srcset: picture?.srcset ?? '',
          alt: picture?.alt ?? '',
        }
      : undefined,
  };
}
