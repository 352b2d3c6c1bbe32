import * as z from 'zod/mini';
import { local } from '../../storage.ts';
import { $pageConfig } from '../../stores/page-config.ts';
import { safeUrl } from '../../url.ts';
import type { CartLine, CartLink, CartSnapshot } from '../cart-types.ts';
import { createQueue, ShopError, type ShopFailure, shopRequest } from '../request.ts';
import type { Suggestion } from '../schemas.ts';
import { cartHashOf, htmlToText, type MinorUnitFormat, minorUnitsHtml } from '../snapshot.ts';
import type { ShopAdapter } from '../types.ts';
import { wooCommerceClassic } from '../woocommerce/classic.ts';
import { CART_TOKEN_KEY, printedNonce, storeApiFacade, storeApiUrl, storePage } from './store-api-config.ts';
import {
  type StoreApiCart,
  type StoreApiCurrency,
  storeApiCart,
  storeApiError,
  storeApiProductDetail,
  storeApiProducts,
} from './store-api-schemas.ts';
import { foundVariation, matchingVariation } from './store-api-variations.ts';

/** The refusals after which a request is sent once more with the nonce the refusal brought. */
const NONCE_ERRORS = new Set(['woocommerce_rest_invalid_nonce', 'woocommerce_rest_missing_nonce']);

const formatOf = (c: StoreApiCurrency): MinorUnitFormat => ({
  minorUnit: c.currency_minor_unit,
  decimalSeparator: c.currency_decimal_separator,
  thousandSeparator: c.currency_thousand_separator,
  prefix: c.currency_prefix,
  suffix: c.currency_suffix,
});

/** The Store API's error JSON (`{code, message, data: {status}}`), message as text. */
function failure(data: unknown): ShopFailure | undefined {
  const parsed = z.safeParse(storeApiError, data);
  return parsed.success ? { message: htmlToText(parsed.data.message), code: parsed.data.code } : undefined;
}

/** The Store API cart as the neutral cart (issue 18: the mini-cart renders it without fragments). */
export function cartFromStoreApi(cart: StoreApiCart): CartSnapshot {
  const lines: CartLine[] = cart.items.map((item) => {
    const picture = item.images[0];
    const src = safeUrl(picture?.thumbnail || picture?.src) ?? '';
    return {
      key: item.key,
      productId: String(item.id),
      sku: item.sku,
      name: htmlToText(item.name),
      url: safeUrl(item.permalink) ?? '',
      image: picture && src ? { src, srcset: '', alt: picture.alt } : null,
      quantity: item.quantity,
      priceHtml: minorUnitsHtml(item.prices.price, formatOf(item.prices)),
      totalHtml: minorUnitsHtml(item.totals.line_subtotal, formatOf(item.totals)),
      // No remove link: a failed remove is reported and the cart read again (issue 18).
      removeHref: '',
      // The cart's quantity fields go down to 0 (remove), as WooCommerce's cart page does.
      limits: {
        min: 0,
        max: item.quantity_limits.maximum > 0 ? item.quantity_limits.maximum : null,
        step: item.quantity_limits.multiple_of || 1,
      },
    };
  });
  const config = $pageConfig.value ?? $pageConfig.get();
  const links: CartLink[] = [
    { href: safeUrl(storePage('cart') ?? config.cartUrl) ?? '', text: config.i18nViewCart, checkout: false },
    { href: safeUrl(storePage('checkout') ?? '/checkout/') ?? '', text: 'Checkout', checkout: true },
  ].filter((link) => link.href !== '');
  return {
    hash: cartHashOf(lines, cart.totals.total_price),
    lines,
    count: cart.items_count,
    subtotalHtml: cart.items.length ? minorUnitsHtml(cart.totals.total_items, formatOf(cart.totals)) : '',
    links: lines.length ? links : [],
    fragments: {},
  };
}

/** `attribute_pa_color=blue` form fields as the Store API's `variation` list. */
function variationOf(fields: Record<string, string>): { attribute: string; value: string }[] {
  return Object.entries(fields)
    .filter(([name, value]) => name.startsWith('attribute_') && value !== '')
    .map(([name, value]) => ({ attribute: name.slice('attribute_'.length), value }));
}

/**
 * WooCommerce's Store API (`/wp-json/wc/store/v1`, issue 18), as its cart and checkout blocks
 * speak it: JSON bodies, the `Nonce` header (the `wc_store_api` nonce the page printed, then the
 * fresh one each response brings) and the `Cart-Token` header (kept from responses, so a cart
 * survives where cookies do not reach). Errors carry the shop's own message and code.
 */
export function wooCommerceStoreApi(): ShopAdapter {
  let nonce = printedNonce();
  let cartToken = local.get(CART_TOKEN_KEY) ?? '';
  const addQueue = createQueue();
  const classic = wooCommerceClassic();
  const facade = storeApiFacade();

  const headers = () => {
    const out: Record<string, string> = {};
    if (nonce) out.Nonce = nonce;
    if (cartToken) out['Cart-Token'] = cartToken;
    return out;
  };
  const onHeaders = (received: Headers) => {
    nonce = received.get('Nonce') || nonce;
    const token = received.get('Cart-Token');
    if (!token) return;
    cartToken = token;
    // Compared with what storage holds, not with the token in memory: storage may have lost it
    // meanwhile (cleared by the shopper or another script) while the shop still sends the same.
    if (local.get(CART_TOKEN_KEY) !== token) local.set(CART_TOKEN_KEY, token);
  };

  async function call<T>(
    endpoint: string,
    url: string,
    schema: z.core.$ZodType<T>,
    options: { json?: unknown; signal?: AbortSignal; timeout?: number } = {},
  ): Promise<T> {
    const send = () =>
      shopRequest({
        endpoint,
        url,
        method: options.json === undefined ? 'GET' : 'POST',
        json: options.json,
        headers: headers(),
        onHeaders,
        failure,
        schema,
        signal: options.signal,
        timeout: options.timeout,
      });
    const sentWith = nonce;
    try {
      return await send();
    } catch (error) {
      // A stale or missing nonce: the refusal brings a fresh one; the request goes once more.
      const stale = error instanceof ShopError && NONCE_ERRORS.has(error.code ?? '') && nonce !== sentWith;
      if (!stale) throw error;
      return send();
    }
  }

  const cartCall = async (endpoint: string, json: unknown, signal?: AbortSignal) =>
    cartFromStoreApi(
      await call(`cart/${endpoint}`, storeApiUrl(`cart/${endpoint}`), storeApiCart, { json, signal }),
    );

  return {
    ...facade,
    addToCart(fields, signal) {
      // spec §4: adds are queued and sent one at a time.
      return addQueue.run(async () => {
        const id = Number(fields.variation_id || fields.product_id || fields['add-to-cart'] || 0);
        const quantity = Number(fields.quantity ?? 1) || 1;
        const variation = variationOf(fields);
        const cart = await cartCall(
          'add-item',
          { id, quantity, ...(variation.length ? { variation } : {}) },
          signal,
        );
        return { kind: 'added' as const, cart };
      });
    },
    removeFromCart(cartItemKey, signal) {
      return cartCall('remove-item', { key: cartItemKey }, signal);
    },
    async setQuantity(cartItemKey, quantity, signal) {
      if (quantity <= 0) await cartCall('remove-item', { key: cartItemKey }, signal);
      else await cartCall('update-item', { key: cartItemKey, quantity }, signal);
    },
    async findVariation(productId, chosen, signal) {
      const product = await call(
        'products',
        storeApiUrl(`products/${encodeURIComponent(productId)}`),
        storeApiProductDetail,
        { signal },
      );
      const id = matchingVariation(product, chosen);
      if (id === undefined) return false;
      const detail = await call('products', storeApiUrl(`products/${id}`), storeApiProductDetail, { signal });
      return foundVariation(detail, chosen);
    },
    async refreshCart(signal) {
      const cart = await call('cart', storeApiUrl('cart'), storeApiCart, {
        signal,
        timeout: $pageConfig.get().requestTimeout,
      });
      return cartFromStoreApi(cart);
    },
    async search(url, signal) {
      const products = await call('products', url, storeApiProducts, {
        signal,
        timeout: $pageConfig.get().requestTimeout,
      });
      return products.map(
        (product): Suggestion => ({
          id: product.id,
          // Names are HTML (the live search reads them as WordPress's escaped titles).
          value: product.name,
          url: product.permalink,
          img: product.images[0]?.thumbnail || product.images[0]?.src || undefined,
          price: product.price_html || undefined,
          type: 'Product',
        }),
      );
    },
    // The Store API has no quick view; the same WordPress answers the theme's action.
    quickView: (productId, signal) => classic.quickView(productId, signal),
  };
}
