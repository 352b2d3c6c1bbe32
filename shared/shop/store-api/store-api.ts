import * as z from 'zod/mini';
import { local } from '../../storage.ts';
import { $pageConfig } from '../../stores/page-config.ts';
import { readPageData } from '../../stores/page-data.ts';
import { safeUrl } from '../../url.ts';
import type { CartLine, CartLink, CartSnapshot } from '../cart-types.ts';
import { createQueue, ShopError, type ShopFailure, shopRequest } from '../request.ts';
import type { Suggestion } from '../schemas.ts';
import { cartHashOf, htmlToText, type MinorUnitFormat, minorUnitsHtml } from '../snapshot.ts';
import type { ShopAdapter } from '../types.ts';
import { wooCommerceClassic } from '../woocommerce/classic.ts';
import { printedNonce, restRoot, storeApiFacade, storeApiUrl, storePage } from './store-api-config.ts';
import {
  type StoreApiCart,
  type StoreApiCurrency,
  storeApiCart,
  storeApiError,
  storeApiProducts,
} from './store-api-schemas.ts';
import type { variationLookups } from './store-api-variations.ts';

/** Where an older version kept the cart token; the adapter removes it (tokens stay in memory now). */
export const CART_TOKEN_KEY = 'wc_store_api_cart_token';

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

/** A string, or '' for anything else (an add-on's item data is loosely typed). */
const words = (value: unknown) => (typeof value === 'string' ? value : '');

/** Adds two minor-unit amounts given as strings ('' counts as 0). */
const plus = (a: string, b: string) => String(Number(a || 0) + Number(b || 0));

/**
 * The Store API cart as the neutral cart (issue 18: the mini-cart renders it without fragments).
 * A variation's line is named after its parent (CartItemSchema `name`); the chosen attributes
 * (`variation[]`) and an add-on's data (`item_data[]`, hidden ones left out) are its details, so
 * Red/Small and Blue/Medium read apart. Line totals and the subtotal follow the shop's tax display
 * (`wcSettings.displayCartPricesIncludingTax`: `*_tax` added, as the cart block does); the unit
 * price already does (`prices` follow the cart's tax display).
 */
export function cartFromStoreApi(cart: StoreApiCart): CartSnapshot {
  const withTax =
    (readPageData('wcSettings') as { displayCartPricesIncludingTax?: unknown } | undefined)
      ?.displayCartPricesIncludingTax === true;
  const lines: CartLine[] = cart.items.map((item) => {
    const picture = item.images[0];
    const src = safeUrl(picture?.thumbnail || picture?.src) ?? '';
    const details = [
      ...item.variation.map((v) => ({ name: htmlToText(v.attribute), value: htmlToText(v.value) })),
      ...item.item_data
        .filter((d) => !d.hidden)
        .map((d) => ({
          name: htmlToText(words(d.key || d.name)),
          value: htmlToText(words(d.display || d.value)),
        })),
    ].filter((d) => d.value !== '');
    const totals = item.totals;
    return {
      key: item.key,
      productId: String(item.id),
      sku: item.sku,
      name: htmlToText(item.name),
      ...(details.length ? { details } : {}),
      url: safeUrl(item.permalink) ?? '',
      image: picture && src ? { src, srcset: '', alt: picture.alt } : null,
      quantity: item.quantity,
      priceHtml: minorUnitsHtml(item.prices.price, formatOf(item.prices)),
      totalHtml: minorUnitsHtml(
        withTax ? plus(totals.line_subtotal, totals.line_subtotal_tax) : totals.line_subtotal,
        formatOf(totals),
      ),
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
  const { totals } = cart;
  return {
    hash: cartHashOf(lines, cart.totals.total_price),
    lines,
    count: cart.items_count,
    subtotalHtml: cart.items.length
      ? minorUnitsHtml(
          withTax ? plus(totals.total_items, totals.total_items_tax) : totals.total_items,
          formatOf(totals),
        )
      : '',
    links: lines.length ? links : [],
    fragments: {},
  };
}

/**
 * The cookies that tell whose session this is, as far as the page can read them (WooCommerce's
 * session cookie and WordPress's login cookie; HttpOnly on most shops, and then '').
 */
const sessionCookies = () =>
  String(document.cookie.match(/(wp_woocommerce_session|wordpress_logged_in)_[^;]*/g));

/**
 * WooCommerce's Store API (`/wp-json/wc/store/v1`, issue 18), as its own front ends speak it (the
 * blocks' `store-api-nonce` middleware, the interactivity cart): JSON bodies, the cookie session,
 * and the `Nonce` header (the `wc_store_api` nonce the page printed, then the fresh one each
 * response brings). No `Cart-Token` on the shop's own origin: a token makes WooCommerce load the
 * session it names instead of the cookie's, and that session is the wrong one after a login (the
 * guest session is moved to the user and deleted) or a logout (destroyed). Only where the REST root
 * is on another origin (no cookies travel) and the shop hands the token out (CORS exposes it) is it
 * kept, in memory, and dropped when `User-ID` or the readable session cookies change. The token an
 * older version kept in localStorage is removed. Errors carry the shop's own message and code.
 */
export function wooCommerceStoreApi(): ShopAdapter {
  let nonce = printedNonce();
  local.remove(CART_TOKEN_KEY);
  const crossOrigin = new URL(restRoot(), location.href).origin !== location.origin;
  let cartToken = '';
  let tokenCookies = '';
  let userId: string | null = null;
  const addQueue = createQueue();
  const classic = wooCommerceClassic();
  const facade = storeApiFacade();
  let lookups: Promise<ReturnType<typeof variationLookups>> | undefined;
  /** The variation lookups (their own chunk, loaded at the first need; asked again after a failure). */
  const variations = () =>
    (lookups ??= import('./store-api-variations.ts').then(
      (m) => m.variationLookups(call),
      (error) => {
        lookups = undefined;
        throw error;
      },
    ));

  const headers = () => {
    const out: Record<string, string> = {};
    if (nonce) out.Nonce = nonce;
    // Another shopper's cookies since the token came: it names their session no more.
    if (cartToken && sessionCookies() !== tokenCookies) cartToken = '';
    if (cartToken) out['Cart-Token'] = cartToken;
    return out;
  };
  const onHeaders = (received: Headers) => {
    nonce = received.get('Nonce') || nonce;
    const user = received.get('User-ID');
    const switched = user !== null && userId !== null && user !== userId;
    if (user !== null) userId = user;
    if (switched) cartToken = '';
    const token = received.get('Cart-Token');
    if (!crossOrigin || !token || switched) return;
    cartToken = token;
    tokenCookies = sessionCookies();
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
        const variation = Object.keys(fields).some((name) => name.startsWith('attribute_'))
          ? await (await variations()).list(fields, signal)
          : [];
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
      return (await variations()).find(productId, chosen, signal);
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
