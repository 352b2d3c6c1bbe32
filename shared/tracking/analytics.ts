import { on } from '../events.ts';
import { local } from '../storage.ts';
import { $consent } from '../stores/consent.ts';
import { readPageData } from '../stores/page-data.ts';
import { getTracker } from './consent-mode.ts';

/**
 * GA4 analytics events (spec §7 Analytics events, §3 Analytics item / cart / order, §8 the
 * analytics rows, §9 Storefront helpers): the eight events of the WooCommerce Google Analytics
 * integration, sent to the page's tracker function with its item shape, from the integration's
 * configuration (`window.ga4w = { settings, data }`, or `"ga4w"` in the JSON page config, or a
 * later `ga4w:ready` event). Cart and search events come from our own DOM events, so block and
 * element buttons are never missed. Nothing is sent before statistics consent: events wait in
 * memory and go out when it is granted (dropped if it is denied). A purchase is sent once per
 * transaction id, even when the thank-you page is reloaded.
 */

export const ANALYTICS_EVENTS = [
  'add_to_cart',
  'begin_checkout',
  'purchase',
  'remove_from_cart',
  'search',
  'select_content',
  'view_item',
  'view_item_list',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** A product as the integration prints it (Store API shape, spec §3 Analytics item). */
export interface AnalyticsProduct {
  id: number;
  key?: string;
  sku?: string;
  name?: string;
  quantity?: number;
  variation?: string | { attribute: string; value: string }[];
  categories?: { name: string }[];
  prices?: { price: string | number; currency_minor_unit?: number; currency_code?: string };
  totals?: { line_total?: string | number };
  price_after_coupon_discount?: string | number;
  extensions?: { woocommerce_google_analytics_integration?: { identifier?: string } };
}

/** spec §3 Analytics cart. */
export interface AnalyticsCart {
  coupons?: { code: string }[];
  totals: { currency_code: string; total_price: string | number; currency_minor_unit?: number };
  items: AnalyticsProduct[];
}

/** spec §3 Analytics order. */
export interface AnalyticsOrder {
  id: number | string;
  affiliation?: string;
  totals: {
    currency_code: string;
    total_price: string | number;
    tax_total?: string | number;
    shipping_total?: string | number;
    currency_minor_unit?: number;
  };
  items: AnalyticsProduct[];
}

export interface Ga4wSettings {
  /** The page's tracker function name (default `gtag`). */
  tracker_function_name?: string;
  /** Events the shop enabled; all when absent. */
  events?: string[];
  /** `product_sku` reports the SKU (or `#id`) as item id. */
  identifier?: 'product_id' | 'product_sku';
}

export interface Ga4wData {
  /** Events to send at once on this page (view_item, view_item_list, begin_checkout, purchase, add_to_cart). */
  events?: string[] | Record<string, string>;
  cart?: AnalyticsCart;
  products?: AnalyticsProduct[];
  product?: AnalyticsProduct;
  added_to_cart?: AnalyticsProduct | AnalyticsProduct[];
  order?: AnalyticsOrder;
  list_name?: string;
}

export interface Ga4wConfig {
  settings?: Ga4wSettings;
  data?: Ga4wData;
}

declare global {
  interface Window {
    ga4w?: Ga4wConfig;
  }
}

export interface EventInput {
  product?: AnalyticsProduct;
  products?: AnalyticsProduct[];
  quantity?: number;
  storeCart?: AnalyticsCart;
  order?: AnalyticsOrder;
  listName?: string;
  searchTerm?: string;
  /** select_content for a product we only know by id (live search). */
  contentId?: string | number;
}

type Params = Record<string, unknown>;

/** spec §9: prices from minor units are divided by 10 to the power of the minor unit. */
export function formatPrice(price: string | number | undefined, minorUnit = 2): number {
  return Number.parseInt(String(price), 10) / 10 ** minorUnit;
}

export function productId(product: AnalyticsProduct, settings: Ga4wSettings = {}): string | number {
  const identifier = product.extensions?.woocommerce_google_analytics_integration?.identifier;
  if (identifier !== undefined) return identifier;
  if (settings.identifier === 'product_sku') return product.sku ? product.sku : `#${product.id}`;
  return product.id;
}

/** spec §9: up to 5 categories per item, as item_category, item_category2 ... item_category5. */
function categories(product: AnalyticsProduct): Params {
  return Object.fromEntries(
    (product.categories ?? []).slice(0, 5).map((c, i) => [`item_category${i > 0 ? i + 1 : ''}`, c.name]),
  );
}

function variant(product: AnalyticsProduct): Params {
  const v = product.variation;
  if (!v || (Array.isArray(v) && v.length === 0)) return {};
  return { item_variant: Array.isArray(v) ? v.map((a) => `${a.attribute}: ${a.value}`).join(', ') : v };
}

/** The item of add/remove/checkout/purchase events (spec §3 Analytics item). */
export function itemObject(product: AnalyticsProduct, quantity = 1, settings: Ga4wSettings = {}): Params {
  const minor = product.prices?.currency_minor_unit ?? 2;
  const data: Params = {
    item_id: productId(product, settings),
    item_name: product.name,
    ...categories(product),
    quantity: product.quantity ?? quantity,
    // Line total for bundled products, if there is one.
    price: formatPrice(product.totals?.line_total || product.prices?.price, minor),
    ...variant(product),
  };
  // A product known only from its button has no price: leave the field out rather than send NaN.
  if (Number.isNaN(data.price)) delete data.price;
  const price = Number(product.prices?.price);
  const afterCoupon = Number(product.price_after_coupon_discount);
  if (product.price_after_coupon_discount !== undefined && afterCoupon < price) {
    data.discount = formatPrice(price - afterCoupon, minor);
    data.price = formatPrice(afterCoupon, minor);
  }
  return data;
}

function impressionObject(product: AnalyticsProduct, listName: string, settings: Ga4wSettings): Params {
  return {
    item_id: productId(product, settings),
    item_name: product.name,
    item_list_name: listName,
    ...categories(product),
    price: formatPrice(product.prices?.price, product.prices?.currency_minor_unit ?? 2),
  };
}

const DEFAULT_LIST = 'Product List';

/** The integration's formatters: the event parameters, or null when there is nothing to send. */
export const FORMATTERS: Record<
  AnalyticsEventName,
  (input: EventInput, settings: Ga4wSettings) => Params | null
> = {
  add_to_cart: ({ product, quantity = 1 }, s) => ({
    items: product ? [itemObject(product, quantity, s)] : [],
  }),
  remove_from_cart: ({ product, quantity = 1 }, s) => ({
    items: product ? [itemObject(product, quantity, s)] : [],
  }),
  begin_checkout: ({ storeCart }, s) =>
    storeCart
      ? {
          currency: storeCart.totals.currency_code,
          value: formatPrice(storeCart.totals.total_price, storeCart.totals.currency_minor_unit),
          ...(storeCart.coupons?.[0]?.code ? { coupon: storeCart.coupons[0].code } : {}),
          items: storeCart.items.map((item) => itemObject(item, 1, s)),
        }
      : null,
  purchase: ({ order }, s) =>
    order
      ? {
          transaction_id: order.id,
          affiliation: order.affiliation,
          currency: order.totals.currency_code,
          value: formatPrice(order.totals.total_price, order.totals.currency_minor_unit),
          tax: formatPrice(order.totals.tax_total, order.totals.currency_minor_unit),
          shipping: formatPrice(order.totals.shipping_total, order.totals.currency_minor_unit),
          items: order.items.map((item) => itemObject(item, 1, s)),
        }
      : null,
  search: ({ searchTerm }) => ({ search_term: searchTerm }),
  select_content: ({ product, contentId }, s) =>
    product
      ? { content_type: 'product', content_id: productId(product, s) }
      : contentId !== undefined
        ? { content_type: 'product', content_id: contentId }
        : null,
  view_item: ({ product, listName = DEFAULT_LIST }, s) =>
    product ? { items: [impressionObject(product, listName, s)] } : null,
  view_item_list: ({ products = [], listName = DEFAULT_LIST }, s) =>
    products.length
      ? {
          item_list_id: listName
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '_')
            .replace(/(^_+|_+$)/g, ''),
          item_list_name: listName,
          items: products.map((p, i) => ({ ...impressionObject(p, listName, s), index: i + 1 })),
        }
      : null,
};

const PURCHASES_KEY = 'shop_ga4_purchases';
const MAX_REMEMBERED = 50;
const MAX_QUEUED = 50;

function sentPurchases(): string[] {
  try {
    const list = JSON.parse(local.get(PURCHASES_KEY) ?? '[]');
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

export interface Analytics {
  /** Returns the handler of an event; throws `Event <name> is not supported.` for anything else (spec §8). */
  eventHandler(name: string): (input: EventInput) => void;
  stop(): void;
}

/** Reads the integration's configuration from the page. */
export function readAnalyticsConfig(doc: Document = document): Ga4wConfig | undefined {
  const config = readPageData('ga4w', doc);
  return config && typeof config === 'object' ? (config as Ga4wConfig) : undefined;
}

export const MISSING_CONFIG_WARNING =
  'storefront elements: analytics configuration and tracking data (window.ga4w or "ga4w" in <script id="shop-config">) not found after the page was fully loaded.';

/** spec §8: configuration data not found after load is a warning. */
export function warnIfConfigMissing(doc: Document = document): boolean {
  if (readAnalyticsConfig(doc)) return false;
  console.warn(MISSING_CONFIG_WARNING);
  return true;
}

function readButtonId(target: EventTarget | null, detailId: unknown): number {
  const fromDetail = Number.parseInt(String(detailId ?? ''), 10);
  if (!Number.isNaN(fromDetail)) return fromDetail;
  const el = target instanceof HTMLElement ? target : null;
  return Number.parseInt(el?.dataset.product_id || (el as HTMLButtonElement | null)?.value || '', 10);
}

/**
 * Creates the analytics sender over a configuration (no listeners). `startAnalytics` wires it
 * to the page; tests use this directly.
 */
export function createAnalytics(config: Ga4wConfig, win: Window = window): Analytics {
  const settings = config.settings ?? {};
  const queue: [AnalyticsEventName, Params][] = [];

  const deliver = (name: AnalyticsEventName, params: Params) => {
    if (name === 'purchase') {
      const id = String(params.transaction_id);
      const sent = sentPurchases();
      if (sent.includes(id)) return; // reloaded thank-you page
      local.set(PURCHASES_KEY, JSON.stringify([...sent, id].slice(-MAX_REMEMBERED)));
    }
    getTracker(settings.tracker_function_name, win)('event', name, params);
  };

  const flush = () => {
    for (const [name, params] of queue.splice(0)) deliver(name, params);
  };
  const unsubscribe = $consent.listen((consent) => {
    if (consent.statistics === 'granted') flush();
    else queue.length = 0;
  });

  return {
    eventHandler(name) {
      if (!(ANALYTICS_EVENTS as readonly string[]).includes(name))
        throw new Error(`Event ${name} is not supported.`);
      const event = name as AnalyticsEventName;
      const enabled = !Array.isArray(settings.events) || settings.events.includes(event);
      return (input) => {
        if (!enabled) return;
        const params = FORMATTERS[event](input, settings);
        if (!params) return;
        if ($consent.get().statistics === 'granted') deliver(event, params);
        else if (queue.length < MAX_QUEUED) queue.push([event, params]);
      };
    },
    stop() {
      unsubscribe();
      queue.length = 0;
    },
  };
}

function findProduct(id: number, data: Ga4wData, key?: string): AnalyticsProduct | undefined {
  if (key) {
    const line = data.cart?.items?.find((item) => item.key === key);
    if (line) return line;
  }
  if (data.product?.id === id) return data.product;
  return data.products?.find((p) => p.id === id) ?? data.cart?.items?.find((p) => p.id === id);
}

/** A minimal item from the button itself, so an add from a button the page data does not list still counts. */
function productFromButton(id: number, target: EventTarget | null): AnalyticsProduct {
  const el = target instanceof HTMLElement ? target : null;
  return { id, sku: el?.dataset.product_sku || undefined, name: el?.dataset.product_name || undefined };
}

/** Wires an analytics sender to the page's events and sends this page's instant events. Returns stop. */
export function wireAnalytics(analytics: Analytics, data: Ga4wData, doc: Document = document): () => void {
  const handler = (name: AnalyticsEventName) => analytics.eventHandler(name);
  const instant = Array.isArray(data.events) ? data.events : Object.values(data.events ?? {});
  for (const name of instant) {
    try {
      if (name === 'add_to_cart') {
        const added = Array.isArray(data.added_to_cart) ? data.added_to_cart : [data.added_to_cart];
        for (const product of added.filter(Boolean) as AnalyticsProduct[])
          handler('add_to_cart')({ product });
      } else {
        analytics.eventHandler(name)({
          storeCart: data.cart,
          products: data.products,
          product: data.product,
          order: data.order,
          listName: data.list_name,
        });
      }
    } catch (error) {
      console.error('storefront elements:', error);
    }
  }

  const offs = [
    on(doc, 'shop-cart-item-added', (event) => {
      const id = readButtonId(event.target, event.detail.productId);
      if (Number.isNaN(id)) {
        console.error(
          'storefront elements: analytics could not read the product ID from the add-to-cart button of a shop-cart-item-added event.',
        );
        return;
      }
      const product = findProduct(id, data) ?? productFromButton(id, event.target);
      handler('add_to_cart')({ product, quantity: event.detail.quantity || 1 });
    }),
    on(doc, 'shop-cart-item-removed', (event) => {
      const id = readButtonId(null, event.detail.productId);
      const product = findProduct(id, data, event.detail.key);
      if (!product && Number.isNaN(id)) {
        console.error(
          'storefront elements: analytics could not read the product ID from the remove button of a shop-cart-item-removed event.',
        );
        return;
      }
      handler('remove_from_cart')({ product: product ?? { id } });
    }),
    on(doc, 'shop-search-submitted', (event) => handler('search')({ searchTerm: event.detail.query })),
    on(doc, 'shop-search-selected', (event) => {
      if (event.detail.id === -1) return; // spec §3: a non-navigating entry
      const product = findProduct(event.detail.id, data);
      handler('select_content')(product ? { product } : { contentId: event.detail.id });
    }),
  ];

  // Classic product listings: a click on the product link is select_content.
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const card = target?.closest('.products .product:not(.wp-block-post)');
    if (!card || !target?.closest('.woocommerce-loop-product__link')) return;
    const id = Number.parseInt(
      card.querySelector('a[data-product_id]')?.getAttribute('data-product_id') ?? '',
      10,
    );
    if (Number.isNaN(id)) return;
    const product = findProduct(id, data);
    handler('select_content')(product ? { product } : { contentId: id });
  };
  doc.addEventListener('click', onClick, true);

  return () => {
    for (const off of offs) off();
    doc.removeEventListener('click', onClick, true);
  };
}

let running: { stop(): void } | null = null;

/**
 * Starts analytics once: at once when the configuration is on the page, else on `ga4w:ready`,
 * warning if it is still missing after the window's load event (spec §8).
 */
export function startAnalytics(doc: Document = document): { stop(): void } {
  if (running) return running;
  const win = doc.defaultView ?? window;
  let analytics: Analytics | undefined;
  let unwire: (() => void) | undefined;
  const init = () => {
    const config = readAnalyticsConfig(doc);
    if (!config || analytics) return;
    analytics = createAnalytics(config, win);
    unwire = wireAnalytics(analytics, config.data ?? {}, doc);
  };
  const onLoad = () => warnIfConfigMissing(doc);
  if (readAnalyticsConfig(doc)) init();
  else {
    doc.addEventListener('ga4w:ready', init, { once: true });
    if (doc.readyState === 'complete') onLoad();
    else win.addEventListener('load', onLoad, { once: true });
  }
  running = {
    stop() {
      unwire?.();
      analytics?.stop();
      doc.removeEventListener('ga4w:ready', init);
      win.removeEventListener('load', onLoad);
      running = null;
    },
  };
  return running;
}
