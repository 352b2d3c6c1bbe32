import { on } from '../events.ts';
import { onJQuery } from '../jquery-bridge.ts';
import { local, session } from '../storage.ts';
import { $consent, consentPending, trackingAllowed } from '../stores/consent.ts';
import { readPageData } from '../stores/page-data.ts';
import { getTracker } from './consent-mode.ts';

/**
 * GA4 analytics events (spec §7 Analytics events, §3 Analytics item / cart / order, §8 the
 * analytics rows, §9 Storefront helpers): the eight events of the WooCommerce Google Analytics
 * integration, sent to the page's tracker function with its item shape, from the integration's
 * configuration (`window.ga4w = { settings, data }`, or `"ga4w"` in the JSON page config, or a
 * later `ga4w:ready` event).
 *
 * Triggers (issue 21 §5): our own DOM events (element and page buttons), WooCommerce's jQuery
 * `added_to_cart` / `removed_from_cart` triggered by its own scripts, cart-page remove links,
 * classic listing clicks (product links and "Select options" / "Read more" buttons), Product
 * Collection and Products block cards, and the WooCommerce blocks' `wp.hooks` actions
 * (`experimental__woocommerce_blocks-*`: All Products, single product, Cart and Checkout blocks).
 * A product the page data does not hold is never made up (§7).
 *
 * Consent (issue 21 §1, §4): on a page without a consent source events go out at once and the
 * page's consent mode decides what is stored; with one, nothing is sent before statistics
 * consent: events wait in memory (a purchase in session storage, so it survives leaving the page)
 * and go out when it is granted, and are dropped when it is denied. A purchase is sent once per
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

/** spec §3 Analytics cart: coupons, totals (currency code, total price, tax, shipping), items. */
export interface AnalyticsCart {
  coupons?: { code: string }[];
  totals: {
    currency_code: string;
    total_price: string | number;
    /** The Store API cart's tax and shipping totals, in minor units. */
    total_tax?: string | number;
    total_shipping?: string | number;
    currency_minor_unit?: number;
  };
  items: AnalyticsProduct[];
}

/** `tax` and `shipping` from totals in minor units, each only when the shop gives it. */
function taxAndShipping(tax: unknown, shipping: unknown, minor?: number): Params {
  const out: Params = {};
  const taxValue = formatPrice(tax as string, minor);
  const shippingValue = formatPrice(shipping as string, minor);
  if (tax !== undefined && !Number.isNaN(taxValue)) out.tax = taxValue;
  if (shipping !== undefined && !Number.isNaN(shippingValue)) out.shipping = shippingValue;
  return out;
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
/** The integration's `view_item_list` list (issue 21 §6). */
export const LIST_ID = 'engagement';
export const LIST_NAME = 'Viewing products';

const hasPrice = (product: AnalyticsProduct) =>
  !Number.isNaN(formatPrice(product.totals?.line_total || product.prices?.price));

/** The integration's formatters: the event parameters, or null when there is nothing to send. */
export const FORMATTERS: Record<
  AnalyticsEventName,
  (input: EventInput, settings: Ga4wSettings) => Params | null
> = {
  // Never an add without a product and its price (issue 21 §7).
  add_to_cart: ({ product, quantity = 1 }, s) =>
    product && hasPrice(product) ? { items: [itemObject(product, quantity, s)] } : null,
  remove_from_cart: ({ product, quantity = 1 }, s) => ({
    items: product ? [itemObject(product, quantity, s)] : [],
  }),
  begin_checkout: ({ storeCart }, s) =>
    storeCart
      ? {
          currency: storeCart.totals.currency_code,
          value: formatPrice(storeCart.totals.total_price, storeCart.totals.currency_minor_unit),
          ...taxAndShipping(
            storeCart.totals.total_tax,
            storeCart.totals.total_shipping,
            storeCart.totals.currency_minor_unit,
          ),
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
  // A product known only by its id is reported only when the shop reports ids, not SKUs (§7).
  select_content: ({ product, contentId }, s) =>
    product
      ? { content_type: 'product', content_id: productId(product, s) }
      : contentId !== undefined && s.identifier !== 'product_sku'
        ? { content_type: 'product', content_id: contentId }
        : null,
  view_item: ({ product, listName = DEFAULT_LIST }, s) =>
    product ? { items: [impressionObject(product, listName, s)] } : null,
  // The integration's list: id `engagement`, name `Viewing products`; each item carries the list name.
  view_item_list: ({ products = [], listName = DEFAULT_LIST }, s) =>
    products.length
      ? {
          item_list_id: LIST_ID,
          item_list_name: LIST_NAME,
          items: products.map((p, i) => ({ ...impressionObject(p, listName, s), index: i + 1 })),
        }
      : null,
};

const PURCHASES_KEY = 'shop_ga4_purchases';
/** Purchases waiting for the visitor's consent decision, kept for the session (issue 21 §4). */
export const HELD_PURCHASES_KEY = 'shop_ga4_held_purchases';
const MAX_REMEMBERED = 50;
const MAX_QUEUED = 50;

function readList(storage: typeof local, key: string): unknown[] {
  try {
    const list = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const sentPurchases = (): string[] => readList(local, PURCHASES_KEY).map(String);

function heldPurchases(): Params[] {
  return readList(session, HELD_PURCHASES_KEY).filter(
    (p): p is Params => !!p && typeof p === 'object' && 'transaction_id' in p,
  );
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

/** What consent lets us do with an event now. */
function gate(): 'send' | 'hold' | 'drop' {
  const consent = $consent.get();
  if (trackingAllowed('statistics', consent)) return 'send';
  return consentPending('statistics', consent) ? 'hold' : 'drop';
}

/**
 * Creates the analytics sender over a configuration (no listeners). `startAnalytics` wires it
 * to the page; tests use this directly. Purchases held on an earlier page of the session are
 * picked up here.
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

  const hold = (name: AnalyticsEventName, params: Params, store = true) => {
    if (name === 'purchase') {
      const id = String(params.transaction_id);
      if (queue.some(([n, p]) => n === 'purchase' && String(p.transaction_id) === id)) return;
      if (store) {
        const held = heldPurchases().filter((p) => String(p.transaction_id) !== id);
        session.set(HELD_PURCHASES_KEY, JSON.stringify([...held, params].slice(-MAX_QUEUED)));
      }
    }
    if (queue.length < MAX_QUEUED) queue.push([name, params]);
  };

  const settle = () => {
    const now = gate();
    if (now === 'hold') return;
    const waiting = queue.splice(0);
    session.remove(HELD_PURCHASES_KEY);
    if (now === 'send') for (const [name, params] of waiting) deliver(name, params);
  };

  for (const params of heldPurchases()) hold('purchase', params, false);
  settle();
  const unsubscribe = $consent.listen(settle);

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
        const now = gate();
        if (now === 'send') deliver(event, params);
        else if (now === 'hold') hold(event, params);
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
  if (Number.isNaN(id)) return undefined;
  if (data.product?.id === id) return data.product;
  return data.products?.find((p) => p.id === id) ?? data.cart?.items?.find((p) => p.id === id);
}

/** The product id of a WooCommerce button: `data-product_id` (listings) or its value (single product). */
function buttonProductId(el: Element | null | undefined): number {
  const html = el instanceof HTMLElement ? el : null;
  return Number.parseInt(html?.dataset.product_id || (html as HTMLButtonElement | null)?.value || '', 10);
}

function readButtonId(target: EventTarget | null, detailId: unknown): number {
  const fromDetail = Number.parseInt(String(detailId ?? ''), 10);
  if (!Number.isNaN(fromDetail)) return fromDetail;
  return buttonProductId(target instanceof Element ? target : null);
}

/** The cart line key of a remove link (`data-cart_item_key`, as the mini-cart prints it). */
const cartKey = (el: Element) => (el instanceof HTMLElement && el.dataset.cart_item_key) || undefined;

/** The element a jQuery event argument holds (`$button`: a jQuery object, or an element). */
function elementOf(value: unknown): Element | null {
  if (value instanceof Element) return value;
  const first = (value as { 0?: unknown } | null | undefined)?.[0];
  return first instanceof Element ? first : null;
}

/** The quantity of an add: the event's, else the button's `data-quantity`, else 1. */
function addedQuantity(fromEvent: unknown, button: Element | null): number {
  const n = Number.parseInt(String(fromEvent ?? ''), 10);
  if (n > 0) return n;
  const q = Number.parseInt((button instanceof HTMLElement && button.dataset.quantity) || '', 10);
  return q > 0 ? q : 1;
}

/** The WooCommerce blocks' analytics actions (`@wordpress/hooks`, prefix `experimental__woocommerce_blocks`). */
export const BLOCK_ACTIONS: Readonly<Record<string, AnalyticsEventName>> = {
  'experimental__woocommerce_blocks-product-render': 'view_item',
  'experimental__woocommerce_blocks-product-list-render': 'view_item_list',
  'experimental__woocommerce_blocks-product-view-link': 'select_content',
  'experimental__woocommerce_blocks-cart-add-item': 'add_to_cart',
  'experimental__woocommerce_blocks-cart-remove-item': 'remove_from_cart',
  'experimental__woocommerce_blocks-checkout-render-checkout-form': 'begin_checkout',
};
const HOOK_NAMESPACE = 'storefront-elements/analytics';

interface WpHooks {
  addAction(hook: string, namespace: string, callback: (...args: unknown[]) => void): void;
  removeAction(hook: string, namespace: string): unknown;
}

function wpHooks(doc: Document): WpHooks | undefined {
  const hooks = ((doc.defaultView ?? window) as unknown as { wp?: { hooks?: Partial<WpHooks> } }).wp?.hooks;
  return typeof hooks?.addAction === 'function' && typeof hooks.removeAction === 'function'
    ? (hooks as WpHooks)
    : undefined;
}

const BLOCK_CARD = '.products-block-post-template .product, .wc-block-product-template .product';
const CLASSIC_CARD = '.products .product:not(.wp-block-post)';
const CART_REMOVE = '.woocommerce-cart-form .woocommerce-cart-form__cart-item .remove[data-product_id]';

const isAddButton = (button: Element | null) =>
  !!button &&
  button.classList.contains('add_to_cart_button') &&
  !button.classList.contains('product_type_variable');

/** Sends this page's instant events (the integration's `events` list: a product view, a list, ...). */
function sendInstantEvents(analytics: Analytics, data: Ga4wData): void {
  const instant = Array.isArray(data.events) ? data.events : Object.values(data.events ?? {});
  for (const name of instant) {
    try {
      if (name === 'add_to_cart') {
        const added = Array.isArray(data.added_to_cart) ? data.added_to_cart : [data.added_to_cart];
        for (const product of added.filter(Boolean) as AnalyticsProduct[])
          analytics.eventHandler('add_to_cart')({ product });
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
}

/**
 * Sends adds and removals, and remembers the buttons already counted by a click (block cards,
 * cart-page remove links), whose later added/removed events are the same add or removal.
 */
class CartSender {
  readonly #counted = new WeakSet<Element>();
  constructor(
    readonly handler: (name: AnalyticsEventName) => (input: EventInput) => void,
    readonly data: Ga4wData,
  ) {}

  /** Marks a button as counted by its click. */
  count(el: Element): void {
    this.#counted.add(el);
  }

  /** Whether `el` was counted by its click (and forgets it: the event comes once). */
  once(el: Element | null): boolean {
    if (!el || !this.#counted.has(el)) return false;
    this.#counted.delete(el);
    return true;
  }

  add(id: number, quantity: number): void {
    const product = findProduct(id, this.data);
    // §7: a product the page data does not hold is skipped, as the integration does.
    if (product) this.handler('add_to_cart')({ product: { ...product, quantity } });
  }

  remove(id: number, key?: string): void {
    // The integration's empty items for a product it does not know.
    this.handler('remove_from_cart')({ product: findProduct(id, this.data, key) });
  }

  addError(): void {
    console.error(
      'storefront elements: analytics could not read the product ID from the add-to-cart button of an added-to-cart event.',
    );
  }

  removeError(): void {
    console.error(
      'storefront elements: analytics could not read the product ID from the remove button of a removed-from-cart event.',
    );
  }

  /** A product selected from a listing: the product, or its ID when the page data lacks it. */
  select(id: number): void {
    const product = findProduct(id, this.data);
    this.handler('select_content')(product ? { product } : { contentId: id });
  }
}

/** Our events and WooCommerce's jQuery ones (add-to-cart.js, the mini-cart). Returns their stops. */
function listenToCartAndSearch(doc: Document, send: CartSender): Array<() => void> {
  return [
    on(doc, 'shop-cart-item-added', (event) => {
      const button = event.target instanceof Element ? event.target : null;
      if (send.once(button)) return;
      const id = readButtonId(event.target, event.detail.productId);
      if (Number.isNaN(id)) return send.addError();
      send.add(id, addedQuantity(event.detail.quantity, button));
    }),
    on(doc, 'shop-cart-item-removed', (event) => {
      const id = readButtonId(null, event.detail.productId);
      if (Number.isNaN(id) && !findProduct(id, send.data, event.detail.key)) return send.removeError();
      send.remove(id, event.detail.key);
    }),
    on(doc, 'shop-search-submitted', (event) => send.handler('search')({ searchTerm: event.detail.query })),
    on(doc, 'shop-search-selected', (event) => {
      if (event.detail.id === -1) return; // spec §3: a non-navigating entry
      const product = findProduct(event.detail.id, send.data);
      send.handler('select_content')(product ? { product } : { contentId: event.detail.id });
    }),
    // WooCommerce's own scripts: our mirrors of these are skipped by onJQuery.
    onJQuery('added_to_cart', (_name, args) => {
      const button = elementOf(args[2]);
      if (send.once(button)) return;
      const id = buttonProductId(button);
      if (Number.isNaN(id)) return send.addError();
      send.add(id, addedQuantity(undefined, button));
    }),
    onJQuery('removed_from_cart', (_name, args) => {
      const button = elementOf(args[2]);
      if (!button || send.once(button)) return; // no button: nothing to read (a cart-page removal counted on click)
      const id = buttonProductId(button);
      if (Number.isNaN(id)) return send.removeError();
      send.remove(id, cartKey(button));
    }),
  ];
}

/** The blocks' actions (All Products, single product, Cart and Checkout blocks). Returns the stop. */
function listenToBlockActions(doc: Document, send: CartSender): () => void {
  const hooks = wpHooks(doc);
  for (const [hook, name] of Object.entries(BLOCK_ACTIONS)) {
    hooks?.addAction(hook, HOOK_NAMESPACE, (input) => {
      if (input && typeof input === 'object') send.handler(name)(input as EventInput);
    });
  }
  return () => {
    for (const hook of Object.keys(BLOCK_ACTIONS)) hooks?.removeAction(hook, HOOK_NAMESPACE);
  };
}

/** The product ID a card's `[data-product_id]` (within `selector`) carries, NaN without one. */
const cardProductId = (card: Element, selector: string) =>
  Number.parseInt(card.querySelector(selector)?.getAttribute('data-product_id') ?? '', 10);

/** A click on a Product Collection / Products block card: an add, or a selection. */
function blockCardClick(target: Element, blockCard: Element, send: CartSender): void {
  const id = cardProductId(blockCard, '[data-product_id]');
  if (Number.isNaN(id)) return;
  const button = target.closest('.wc-block-components-product-button [data-product_id]');
  if (isAddButton(button)) {
    send.count(button!);
    send.add(id, addedQuantity(undefined, button));
  } else if (button || target.closest('.wc-block-components-product-image a, .wp-block-post-title a')) {
    const product = findProduct(id, send.data);
    if (product) send.handler('select_content')({ product });
  }
}

/** A click on a classic listing's product link, or a button that leads to the product ("Select options", "Read more"). */
function classicCardClick(target: Element, card: Element, send: CartSender): void {
  const id = cardProductId(card, 'a[data-product_id]');
  if (Number.isNaN(id)) return;
  const button = target.closest('.button[data-product_id]');
  if (!target.closest('.woocommerce-loop-product__link') && (!button || isAddButton(button))) return;
  send.select(id);
}

/** The page's clicks analytics reads: cart-page remove links, block cards and classic cards. */
function pageClick(send: CartSender): (event: Event) => void {
  return (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    // Cart page: a remove link (WooCommerce's cart.js removes the line without a jQuery event with the link).
    const removeLink = target.closest(CART_REMOVE);
    if (removeLink) {
      const id = buttonProductId(removeLink);
      if (Number.isNaN(id)) return send.removeError();
      send.count(removeLink);
      return send.remove(id, cartKey(removeLink));
    }
    const blockCard = target.closest(BLOCK_CARD);
    if (blockCard) return blockCardClick(target, blockCard, send);
    const card = target.closest(CLASSIC_CARD);
    if (card) classicCardClick(target, card, send);
  };
}

/** Wires an analytics sender to the page's events and sends this page's instant events. Returns stop. */
export function wireAnalytics(analytics: Analytics, data: Ga4wData, doc: Document = document): () => void {
  sendInstantEvents(analytics, data);
  const send = new CartSender((name) => analytics.eventHandler(name), data);
  const stops = [...listenToCartAndSearch(doc, send), listenToBlockActions(doc, send)];
  const onClick = pageClick(send);
  doc.addEventListener('click', onClick, true);
  return () => {
    for (const stop of stops) stop();
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
