import { map, onMount } from 'nanostores';
import { emit } from '../events.ts';
import { onJQuery } from '../jquery-bridge.ts';

/**
 * `$product` (DESIGN §4): the product the page is about and the variation the shopper chose,
 * read by the option form, gallery, swatches, sticky bar, buy-now and the chat's SKU. Fed by
 * WooCommerce's own variation events (`found_variation` / `reset_data`, through the jQuery
 * bridge) and by {@link setVariant} (our swatches); every change is announced on the document as
 * `shop-variant-changed`.
 */

/** A product image as WooCommerce's variation data carries it (spec §3 Product data). */
export interface ProductImage {
  src: string;
  srcset: string;
  alt: string;
  fullSrc: string;
  /** The gallery thumbnail (`gallery_thumbnail_src`); '' or absent when the shop sent none. */
  thumbSrc?: string;
}

export interface ProductState {
  /** The parent product id ('' when the page is not about one product). */
  id: string;
  /** The chosen variation's id ('' for none). */
  variationId: string;
  /** The SKU in force: the variation's, else the product's. */
  sku: string;
  /** The product's own SKU, restored when a variation is reset. */
  baseSku: string;
  /** Display price of the product or variation, null when unknown. */
  price: number | null;
  /** The base price of the product (before a variation), null when unknown. */
  basePrice: number | null;
  /** Stock: `inStock` and the quantity when the shop manages it. */
  stock: { inStock: boolean; quantity: number | null } | null;
  image: ProductImage | null;
  /** The chosen attributes (`attribute_pa_color` -> `blue`). */
  attributes: Record<string, string>;
  /** The quantity in the add-to-cart form. */
  quantity: number;
}

export const EMPTY_PRODUCT: ProductState = {
  id: '',
  variationId: '',
  sku: '',
  baseSku: '',
  price: null,
  basePrice: null,
  stock: null,
  image: null,
  attributes: {},
  quantity: 1,
};

/** `$product`: the current product or variation. */
export const $product = map<ProductState>({ ...EMPTY_PRODUCT });

/** Where a variant change came from (the page's own script, our swatches, a reset). */
export type VariantSource = 'page' | 'swatches' | 'reset';

const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : null;
};
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * Reads WooCommerce's variation object (the `found_variation` argument, spec §3) defensively:
 * themes send numbers as strings, missing images as `false`, attributes as `{}` or `[]`.
 */
export function variationToProduct(variation: unknown): Partial<ProductState> {
  if (typeof variation !== 'object' || variation === null) return {};
  const v = variation as Record<string, unknown>;
  const image = typeof v.image === 'object' && v.image !== null ? (v.image as Record<string, unknown>) : null;
  const attributes: Record<string, string> = {};
  if (typeof v.attributes === 'object' && v.attributes !== null && !Array.isArray(v.attributes)) {
    for (const [key, value] of Object.entries(v.attributes)) attributes[key] = text(value);
  }
  const quantity = num(v.max_qty);
  const inStock = v.is_in_stock === undefined ? true : Boolean(v.is_in_stock);
  return {
    variationId: text(v.variation_id),
    ...(text(v.sku) ? { sku: text(v.sku) } : {}),
    price: num(v.display_price),
    stock: { inStock, quantity: inStock ? quantity : 0 },
    image: image?.src
      ? {
          src: text(image.src),
          srcset: text(image.srcset),
          alt: text(image.alt),
          fullSrc: text(image.full_src) || text(image.src),
          thumbSrc: text(image.gallery_thumbnail_src),
        }
      : null,
    attributes,
  };
}

/** Sets the chosen variant (or resets it with `null`) and tells the page. */
export function setVariant(variant: Partial<ProductState> | null, source: VariantSource = 'swatches'): void {
  const current = $product.get();
  const next: ProductState =
    variant === null
      ? {
          ...current,
          variationId: '',
          sku: current.baseSku,
          price: current.basePrice,
          stock: null,
          image: null,
          attributes: {},
        }
      : { ...current, sku: current.baseSku, ...variant };
  $product.set(next);
  emit(document, 'shop-variant-changed', {
    productId: next.id,
    variationId: next.variationId,
    sku: next.sku,
    attributes: { ...next.attributes },
    source: variant === null ? 'reset' : source,
  });
}

/** Sets what the page is about (host apps, or the page's product data once read). */
export function setProduct(product: Partial<ProductState>): void {
  const current = $product.get();
  $product.set({
    ...current,
    ...product,
    baseSku: product.baseSku ?? product.sku ?? current.baseSku,
    basePrice: product.basePrice ?? product.price ?? current.basePrice,
  });
}

/** The product id of the page's add-to-cart form (WooCommerce's `form.cart`), if any. */
function readPageProductId(doc: Document): string {
  const form = doc.querySelector<HTMLFormElement>('form.variations_form, form.cart');
  return (
    form?.dataset.product_id ??
    form?.querySelector<HTMLInputElement | HTMLButtonElement>('[name="add-to-cart"]')?.value ??
    ''
  );
}

// The page's own variation script feeds the store for as long as someone reads it.
onMount($product, () => {
  if (!$product.get().id) {
    const id = readPageProductId(document);
    if (id) $product.setKey('id', id);
  }
  return onJQuery('found_variation reset_data', (name, args) => {
    if (name === 'reset_data') setVariant(null, 'reset');
    else setVariant(variationToProduct(args[0]), 'page');
  });
});
