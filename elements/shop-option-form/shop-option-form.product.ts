import type { ProductState } from '../../shared/stores/product.ts';
import type { OptionFormSettings } from './shop-option-form.settings.ts';

/** The base product data of the settings, read for a reset (spec §4: reset restores the base product). */
export function baseProduct(settings: OptionFormSettings): Record<string, unknown> {
  return { ...settings.product };
}

/**
 * `$product` as the engine's product data (spec §3 Product data): price, stock, ids, sku, attributes.
 * A product the page says is not variable (`is_variable: false`) takes no variation from `$product`
 * (one chosen in a quick view of another product on the page).
 */
export function productData(p: ProductState, base: Record<string, unknown>): Record<string, unknown> {
  const notVariable = base.is_variable === false || /^(0|no|false)$/i.test(String(base.is_variable ?? ''));
  if (!p.variationId || notVariable) return { ...base, variation_id: base.variation_id ?? '' };
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.attributes)) attributes[k.replace(/^attribute_(pa_)?/u, '')] = v;
  return {
    ...base,
    variation_id: p.variationId,
    ...(p.price === null ? {} : { product_price: p.price }),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.stock
      ? {
          stock_status: p.stock.inStock ? 'instock' : 'outofstock',
          ...(p.stock.quantity === null ? {} : { stock_quantity: p.stock.quantity }),
        }
      : {}),
    product_attributes: { ...((base.product_attributes as object) ?? {}), ...attributes },
  };
}
