import * as z from 'zod/mini';
import { $pageConfig } from '../../stores/page-config.ts';
import { safeUrl } from '../../url.ts';
import type { CartLine, CartSnapshot } from '../cart-types.ts';
import { createQueue, ShopError, type ShopFailure, shopRequest } from '../request.ts';
import { ignoredResponse, type Suggestion } from '../schemas.ts';
import { cartHashOf, escapeHtml } from '../snapshot.ts';
import type { ShopAdapter } from '../types.ts';
import { moneyFormat, shopifyFacade, shopifyRoot } from './shopify-config.ts';
import { formatShopifyMoney } from './shopify-money.ts';
import { type ShopifyCart, shopifyCart, shopifyError, shopifySuggestions } from './shopify-schemas.ts';

/** Shopify's error JSON (`{status, message, description}`): the description is the shopper's message. */
function failure(data: unknown): ShopFailure | undefined {
  const parsed = z.safeParse(shopifyError, data);
  if (!parsed.success) return undefined;
  const { description, message, status } = parsed.data;
  const text = description || message;
  return text ? { message: text, code: status === undefined ? undefined : String(status) } : undefined;
}

/** Cents in the shop's money format, as price HTML. */
const money = (cents: number) => `<span class="money">${formatShopifyMoney(cents, moneyFormat())}</span>`;

/** Shopify's cart as the neutral cart (issue 18: the mini-cart renders it without fragments). */
export function cartFromShopify(cart: ShopifyCart): CartSnapshot {
  const root = shopifyRoot();
  const lines: CartLine[] = cart.items.map((item) => {
    const src = safeUrl(item.featured_image?.url || item.image) ?? '';
    return {
      key: item.key,
      productId: String(item.product_id),
      sku: item.sku,
      name: item.title,
      url: safeUrl(item.url) ?? '',
      image: src ? { src, srcset: '', alt: item.featured_image?.alt ?? '' } : null,
      quantity: item.quantity,
      priceHtml: money(item.final_price),
      totalHtml: money(item.final_line_price),
      // No remove link: a failed remove is reported and the cart read again (issue 18).
      removeHref: '',
      limits: { min: 0, max: item.quantity_rule.max, step: item.quantity_rule.increment || 1 },
    };
  });
  return {
    hash: cartHashOf(lines, String(cart.total_price)),
    lines,
    count: cart.item_count,
    subtotalHtml: lines.length ? money(cart.items_subtotal_price) : '',
    links: lines.length
      ? [
          { href: safeUrl(`${root}cart`) ?? '', text: $pageConfig.get().i18nViewCart, checkout: false },
          { href: safeUrl(`${root}checkout`) ?? '', text: 'Check out', checkout: true },
        ]
      : [],
    fragments: {},
  };
}

/** `properties[Engraving]=Hi` form fields as the line item's properties. */
function propertiesOf(fields: Record<string, string>): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^properties\[(.+)\]$/.exec(name);
    if (match && value !== '') properties[match[1]] = value;
  }
  return properties;
}

/**
 * Shopify's Ajax API (issue 18): `/cart.js`, `/cart/add.js`, `/cart/change.js`,
 * `/cart/update.js` and `/search/suggest.json` under `Shopify.routes.root`, JSON in and out,
 * money in cents written in the shop's money format. Errors carry Shopify's `description`.
 */
export function shopify(): ShopAdapter {
  const addQueue = createQueue();
  const url = (path: string) => `${shopifyRoot()}${path}`;
  const send = <T>(
    endpoint: string,
    schema: z.core.$ZodType<T>,
    options: { json?: unknown; signal?: AbortSignal; timeout?: number; at?: string } = {},
  ) =>
    shopRequest({
      endpoint,
      url: options.at ?? url(endpoint),
      method: options.json === undefined ? 'GET' : 'POST',
      json: options.json,
      failure,
      schema,
      signal: options.signal,
      timeout: options.timeout,
    });
  const readCart = async (signal?: AbortSignal) =>
    cartFromShopify(
      await send('cart.js', shopifyCart, { signal, timeout: $pageConfig.get().requestTimeout }),
    );

  return {
    ...shopifyFacade(),
    addToCart(fields, signal) {
      // spec §4: adds are queued and sent one at a time.
      return addQueue.run(async () => {
        const id = Number(
          fields.id || fields.variation_id || fields.product_id || fields['add-to-cart'] || 0,
        );
        const quantity = Number(fields.quantity ?? 1) || 1;
        const properties = propertiesOf(fields);
        const item = { id, quantity, ...(Object.keys(properties).length ? { properties } : {}) };
        // add.js answers with the added items only: the cart is read after it.
        await send('cart/add.js', ignoredResponse, { json: { items: [item] }, signal });
        return { kind: 'added' as const, cart: await readCart(signal) };
      });
    },
    async removeFromCart(cartItemKey, signal) {
      return cartFromShopify(
        await send('cart/change.js', shopifyCart, { json: { id: cartItemKey, quantity: 0 }, signal }),
      );
    },
    async setQuantity(cartItemKey, quantity, signal) {
      await send('cart/update.js', shopifyCart, {
        json: { updates: { [cartItemKey]: Math.max(0, quantity) } },
        signal,
      });
    },
    refreshCart: readCart,
    async search(searchUrl, signal) {
      const answer = await send('search/suggest.json', shopifySuggestions, {
        at: searchUrl,
        signal,
        timeout: $pageConfig.get().requestTimeout,
      });
      const format = moneyFormat();
      return answer.resources.results.products.map((product): Suggestion => {
        const price = Number(product.price);
        return {
          id: product.id,
          // The live search reads names as escaped HTML (WordPress's titles); Shopify's are text.
          value: escapeHtml(product.title),
          url: product.url,
          img: product.featured_image?.url || product.image || undefined,
          price:
            Number.isFinite(price) && product.price !== undefined
              ? `<span class="money">${formatShopifyMoney(Math.round(price * 100), format)}</span>`
              : undefined,
          type: 'Product',
        };
      });
    },
    quickView() {
      return Promise.reject(
        new ShopError('http', 'quick view', 'Quick view is not offered by the Shopify adapter.'),
      );
    },
  };
}
