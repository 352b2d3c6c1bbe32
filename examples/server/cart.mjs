// @ts-check
// The cart of one session, with WooCommerce's rules (issue 2 §6, spec §3 Cart item, §7 Shop ajax
// endpoints): line keys from product, variation and attributes; stock limits; cart hash.
import { createHash } from 'node:crypto';
import { activePrice, attributeValue, imageUrl, permalink, productById, variationById } from './catalog.mjs';

/**
 * @typedef {import('./catalog.mjs').Product} Product
 * @typedef {import('./catalog.mjs').Variation} Variation
 * @typedef {{ key: string, productId: number, variationId: number, variation: Record<string, string>, quantity: number }} CartLine
 * @typedef {Map<string, CartLine>} Cart
 * @typedef {{
 *   key: string, quantity: number, product: Product, variation: Variation | undefined,
 *   chosen: Record<string, string>, productId: number, name: string, sku: string, unitPrice: number, lineTotal: number,
 *   maxQuantity: number | null, url: string, thumb: string,
 * }} LineView
 */

const md5 = (/** @type {string} */ text) => createHash('md5').update(text).digest('hex');

/** WooCommerce's generate_cart_id: the same product, variation and attributes share one line. */
export function lineKey(
  /** @type {number} */ productId,
  /** @type {number} */ variationId,
  /** @type {Record<string, string>} */ variation,
) {
  const attrs = Object.keys(variation)
    .sort()
    .map((k) => `${k}=${variation[k]}`)
    .join('&');
  return md5(`${productId}_${variationId}_${attrs}`);
}

/**
 * The purchasable item (simple product or variation) a line refers to.
 * @param {CartLine} line
 */
function itemOf(line) {
  const product = productById(line.productId);
  const variation = line.variationId ? variationById(line.variationId) : undefined;
  return { product, variation, item: variation ?? product };
}

/** WooCommerce's wc_stock_amount: an integer quantity, 0 for anything unparsable. */
export function stockAmount(/** @type {unknown} */ value) {
  const n = Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * Whether a posted value is one of the attribute's options (a global attribute's term slug, any
 * case; a custom attribute's option text as entered).
 * @param {Product} product @param {string} key attribute_… @param {string | undefined} value
 */
function isOption(product, key, value) {
  const attribute = product.attributes.find((a) => `attribute_${a.slug}` === key);
  if (!attribute || !value) return false;
  const given = attribute.slug.startsWith('pa_') ? value.toLowerCase() : value;
  return attribute.options.some((o) => attributeValue(attribute, o) === given);
}

/**
 * The variation's attributes with the shopper's choice for each "any" one ('' when none was
 * posted), as WooCommerce keeps them on the cart line.
 * @param {Product} product @param {Variation} variation @param {Record<string, string>} fields
 */
export function chosenAttributes(product, variation, fields) {
  return Object.fromEntries(
    Object.entries(variation.attributes).map(([k, v]) => [
      k,
      v !== '' ? v : isOption(product, k, fields[k]) ? fields[k] : '',
    ]),
  );
}

/**
 * Picks the variation an add-to-cart request means: a variation id posted as product_id (as WC's
 * ajax add_to_cart accepts), an explicit variation_id, or the attribute_* fields of the form.
 * @param {Product} product
 * @param {Record<string, string>} fields
 * @returns {Variation | undefined}
 */
export function findVariation(product, fields) {
  const explicit = stockAmount(fields.variation_id);
  if (explicit) return product.variations.find((v) => v.id === explicit);
  // An "any" attribute (stored empty) takes any of its options.
  const matches = product.variations.filter((v) =>
    Object.entries(v.attributes).every(([k, val]) =>
      val === '' ? isOption(product, k, fields[k]) : (fields[k] ?? '').toLowerCase() === val,
    ),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Adds to the cart like WC()->cart->add_to_cart: false (and nothing changes) for an unknown
 * product, a variable product without a chosen variation, out of stock, a quantity <= 0, or more
 * than the stock left.
 * @param {Cart} cart
 * @param {Record<string, string>} fields  posted form fields
 * @returns {{ ok: true, line: CartLine, product: Product } | { ok: false, product: Product | undefined, reason: string }}
 */
export function addToCart(cart, fields) {
  const requested = stockAmount(fields.product_id ?? fields['add-to-cart']);
  // WC: `empty( $_POST['quantity'] ) ? 1 : wc_stock_amount(...)`, so a missing or "0" quantity means 1.
  const quantity = !fields.quantity || fields.quantity === '0' ? 1 : stockAmount(fields.quantity);
  let product = productById(requested);
  /** @type {Variation | undefined} */
  let variation;
  const asVariation = product ? undefined : variationById(requested);
  if (asVariation) {
    variation = asVariation;
    product = productById(asVariation.parentId);
  }
  if (!product) return { ok: false, product: undefined, reason: 'unknown product' };
  if (product.type === 'variable') {
    variation ??= findVariation(product, fields);
    if (!variation) return { ok: false, product, reason: 'Please choose product options' };
  }
  const item = variation ?? product;
  const attrs = variation ? chosenAttributes(product, variation, fields) : {};
  // WC_Cart::add_to_cart: every attribute of a variation needs a value ("any" ones the shopper's).
  const missing = product.attributes.filter((a) => attrs[`attribute_${a.slug}`] === '').map((a) => a.name);
  if (missing.length)
    return {
      ok: false,
      product,
      reason: `${missing.join(', ')} ${missing.length > 1 ? 'are required fields' : 'is a required field'}`,
    };
  if (quantity <= 0) return { ok: false, product, reason: 'invalid quantity' };
  if (item.stockStatus !== 'instock')
    return {
      ok: false,
      product,
      reason: `You cannot add "${product.name}" to the cart because the product is out of stock.`,
    };
  const key = lineKey(product.id, variation?.id ?? 0, attrs);
  const existing = cart.get(key);
  const total = (existing?.quantity ?? 0) + quantity;
  if (item.stockQuantity !== null && total > item.stockQuantity)
    return {
      ok: false,
      product,
      reason: `You cannot add that amount to the cart — we have ${item.stockQuantity} in stock and you already have ${existing?.quantity ?? 0} in your cart.`,
    };
  const line = existing ?? {
    key,
    productId: product.id,
    variationId: variation?.id ?? 0,
    variation: attrs,
    quantity: 0,
  };
  line.quantity = total;
  cart.set(key, line);
  return { ok: true, line, product };
}

/**
 * Sets a line's quantity; 0 or less removes it. The quantity is capped at the stock left so the
 * demo cart never holds more than exists (WooCommerce itself only complains at checkout).
 * @param {Cart} cart
 * @param {string} key
 * @param {number} quantity
 */
export function setQuantity(cart, key, quantity) {
  const line = cart.get(key);
  if (!line) return false;
  if (quantity <= 0) {
    cart.delete(key);
    return true;
  }
  const { item } = itemOf(line);
  line.quantity = item?.stockQuantity ? Math.min(quantity, item.stockQuantity) : quantity;
  return true;
}

/**
 * The cart's lines with everything a template needs.
 * @param {Cart} cart
 * @returns {LineView[]}
 */
export function cartLines(cart) {
  /** @type {LineView[]} */
  const out = [];
  for (const line of cart.values()) {
    const { product, variation, item } = itemOf(line);
    if (!product || !item) continue;
    const unitPrice = activePrice(item);
    out.push({
      key: line.key,
      quantity: line.quantity,
      product,
      variation,
      chosen: line.variation,
      productId: product.id,
      name: variation?.name ?? product.name,
      sku: item.sku,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
      maxQuantity: item.stockQuantity,
      url: variation
        ? `${permalink(product)}?${new URLSearchParams(line.variation).toString()}`
        : permalink(product),
      thumb: imageUrl(product, 'thumb'),
    });
  }
  return out;
}

/** Number of items (sum of quantities). @param {Cart} cart */
export const cartCount = (cart) => [...cart.values()].reduce((n, l) => n + l.quantity, 0);

/** Subtotal in cents. @param {Cart} cart */
export const cartSubtotal = (cart) => cartLines(cart).reduce((n, l) => n + l.lineTotal, 0);

/**
 * WooCommerce's get_cart_hash: md5 of the cart for the session plus its total; '' when empty.
 * @param {Cart} cart
 */
export function cartHash(cart) {
  if (cart.size === 0) return '';
  const session = Object.fromEntries(
    [...cart.values()].map((l) => [
      l.key,
      {
        key: l.key,
        product_id: l.productId,
        variation_id: l.variationId,
        variation: l.variation,
        quantity: l.quantity,
      },
    ]),
  );
  return md5(JSON.stringify(session) + (cartSubtotal(cart) / 100).toFixed(2));
}

/**
 * The cart item WooCommerce's get_cart_item() returns (what Flatsome's quantity action echoes):
 * [] when the line is gone.
 * @param {Cart} cart
 * @param {string} key
 */
export function cartItemJson(cart, key) {
  const line = cart.get(key);
  if (!line) return [];
  const view = cartLines(cart).find((l) => l.key === key);
  const total = ((view?.lineTotal ?? 0) / 100).toFixed(2);
  return {
    key: line.key,
    product_id: line.productId,
    variation_id: line.variationId,
    variation: line.variation,
    quantity: line.quantity,
    data_hash: md5(JSON.stringify(line.variation)),
    line_tax_data: { subtotal: [], total: [] },
    line_subtotal: Number(total),
    line_subtotal_tax: 0,
    line_total: Number(total),
    line_tax: 0,
    data: {},
  };
}
