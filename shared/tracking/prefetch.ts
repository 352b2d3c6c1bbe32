import { $pageConfig } from '../stores/page-config.ts';
import { readPageData, shopConfigJson } from '../stores/page-data.ts';

/**
 * Link prefetch (spec §2 Link prefetch, §9 Search and prefetch), in the manner of instant.page:
 * a link's target starts loading after a 65 ms hover, or at once on touch; mouse events within
 * 1100 ms of a touch are ignored (they are the touch's emulated mouse events). Only same-origin
 * http(s) links without a query string, and not hash links to the current page. Nothing runs when
 * data-saver is on or the browser can prefetch neither way.
 *
 * Links opt in with `data-prefetch` (allows a query string) and out with `data-no-prefetch` on
 * the link or any ancestor; instant.page's `data-instant` / `data-no-instant` work too.
 *
 * Beyond the spec: links that change state or cost the server are never prefetched, opted in
 * or not: the shop's cart, checkout and my-account pages and everything under them (logout,
 * order-received), as the page config names them (`wcSettings.storePages`, the cart URL of
 * `wc_add_to_cart_params`, `"shop_prefetch": { "pages": {...} }`; WooCommerce's default
 * `/cart/`, `/checkout/`, `/my-account/` otherwise), `?add-to-cart=`, `wc-ajax`, order-received,
 * customer-logout, wp-admin and wp-login (issue 21 §10). Speculation rules are used where the
 * browser has them (`nonce` for strict-CSP pages; a CSP-blocked rule falls back to
 * `<link rel="prefetch">` for the rest of the page). `<link rel="prefetch">` carries
 * `as="document"` and `fetchpriority="high"`, as instant.page 5 does for hover and touch
 * prefetches, so it is not loaded at the lowest priority (issue 21 §9).
 */

export interface PrefetchOptions {
  /** spec §9: 65 ms. */
  hoverDelay?: number;
  /** spec §2: 1100 ms. */
  touchIgnoreWindow?: number;
  /** `auto` uses speculation rules where supported, else `<link rel="prefetch">`. */
  mode?: 'auto' | 'link' | 'speculation';
  /** Nonce for the speculation-rules script on pages with a strict CSP. */
  nonce?: string;
  /** Extra never-prefetch rules, matched against the path plus query. */
  exclude?: (string | RegExp)[];
  /** The shop's never-prefetched pages (URLs or paths); read from the page config when absent. */
  pages?: Partial<Record<ShopPage, string>>;
  doc?: Document;
  /** Browser capabilities (tests). */
  features?: Partial<PrefetchFeatures>;
}

export interface PrefetchFeatures {
  saveData: boolean;
  linkPrefetch: boolean;
  speculationRules: boolean;
}

export const HOVER_DELAY = 65;
export const TOUCH_IGNORE_WINDOW = 1100;

/** spec beyond: links that change state or cost the server, wherever the shop's pages are. */
const NEVER = [
  /^\/wp-admin(\/|$)|\/wp-login\.php/i,
  /[?&](add-to-cart|remove_item|undo_item|wc-ajax|_wpnonce|add_to_wishlist|order-received|order-pay|customer-logout|action=logout)(=|&|$)/i,
  /\/wc-ajax\//i,
  // WooCommerce's endpoints (the thank-you page and logout) under whatever page they sit.
  /\/(order-received|customer-logout)(\/|$)/i,
];

export type ShopPage = 'cart' | 'checkout' | 'myaccount' | 'logout';

/** WooCommerce's default page paths, for a page config that names none. */
const DEFAULT_PAGES: Record<Exclude<ShopPage, 'logout'>, string> = {
  cart: '/cart/',
  checkout: '/checkout/',
  myaccount: '/my-account/',
};

/**
 * The shop's cart, checkout, my-account (and logout) URLs from the page: options, then
 * `"shop_prefetch": { "pages": ... }`, then `wcSettings.storePages.<page>.permalink` (what
 * WooCommerce prints for blocks), then `wc_add_to_cart_params.cart_url`, then the defaults.
 */
export function shopPages(doc: Document = document, pages: PrefetchOptions['pages'] = {}): string[] {
  const configured = (readConfigOptions(doc).pages ?? {}) as Record<string, unknown>;
  const storePages = (readPageData('wcSettings', doc) as { storePages?: Record<string, unknown> } | undefined)
    ?.storePages;
  const permalink = (page: string) => {
    const entry = storePages?.[page] as { permalink?: unknown } | undefined;
    return typeof entry?.permalink === 'string' && entry.permalink ? entry.permalink : undefined;
  };
  const pick = (page: ShopPage, ...fallbacks: (string | undefined)[]) =>
    [pages[page], configured[page], permalink(page), ...fallbacks].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
  return [
    pick('cart', $pageConfig.get().cartUrl, DEFAULT_PAGES.cart),
    pick('checkout', DEFAULT_PAGES.checkout),
    pick('myaccount', DEFAULT_PAGES.myaccount),
    pick('logout'),
  ].filter((v): v is string => v !== undefined);
}

/** True when `url` is the page at `href` or below it (same origin). The home page is never such a page. */
function underPage(url: URL, href: string): boolean {
  let page: URL;
  try {
    page = new URL(href, url.href);
  } catch {
    return false;
  }
  if (page.origin !== url.origin) return false;
  const base = page.pathname.replace(/\/+$/, '');
  if (base === '') return false;
  const path = url.pathname;
  if (path !== base && !path.startsWith(`${base}/`)) return false;
  // A logout URL with a query (`wp-login.php?action=logout`): the query must match too.
  return !page.search || url.search.startsWith(page.search.split('&')[0]);
}

function detectFeatures(doc: Document): PrefetchFeatures {
  const win = doc.defaultView ?? window;
  const connection = (
    win.navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  let linkPrefetch = false;
  try {
    linkPrefetch = doc.createElement('link').relList.supports('prefetch');
  } catch {
    linkPrefetch = false;
  }
  const scriptSupports = (win.HTMLScriptElement as unknown as { supports?: (type: string) => boolean })
    .supports;
  return {
    saveData: Boolean(connection?.saveData) || Boolean(connection?.effectiveType?.includes('2g')),
    linkPrefetch,
    speculationRules: typeof scriptSupports === 'function' && scriptSupports('speculationrules'),
  };
}

const optedOut = (a: HTMLAnchorElement) =>
  Boolean(a.closest('[data-no-prefetch]')) || 'noInstant' in a.dataset || a.hasAttribute('download');
const optedIn = (a: HTMLAnchorElement) => 'prefetch' in a.dataset || 'instant' in a.dataset;

/** True when the link may be prefetched under the rules above. */
export function isPrefetchable(
  anchor: HTMLAnchorElement,
  page: Location | URL = location,
  exclude: (string | RegExp)[] = [],
  pages: string[] = shopPages(anchor.ownerDocument),
): boolean {
  if (!anchor.href || optedOut(anchor)) return false;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== page.origin) return false;
  if (url.search && !optedIn(anchor)) return false;
  if (url.hash && url.pathname + url.search === page.pathname + page.search) return false;
  const target = url.pathname + url.search;
  if (NEVER.some((rule) => rule.test(target))) return false;
  if (pages.some((href) => underPage(url, href))) return false;
  return !exclude.some((rule) => (typeof rule === 'string' ? target.includes(rule) : rule.test(target)));
}

function anchorFrom(event: Event): HTMLAnchorElement | null {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement) return node;
  }
  return null;
}

export interface PrefetchController {
  /** URLs asked for so far. */
  readonly prefetched: ReadonlySet<string>;
  stop(): void;
}

function readConfigOptions(doc: Document): PrefetchOptions {
  const options = shopConfigJson(doc).shop_prefetch;
  return options && typeof options === 'object' ? (options as PrefetchOptions) : {};
}

let running: PrefetchController | null = null;

/**
 * Starts link prefetch on the document (once; options from the call, else `"shop_prefetch"` in
 * the JSON page config). Returns a controller whose `stop` removes every listener.
 */
export function startPrefetch(options: PrefetchOptions = {}): PrefetchController {
  if (running && !options.doc && !options.features) return running;
  running?.stop();
  const doc = options.doc ?? document;
  const settings = { ...readConfigOptions(doc), ...options };
  const features = { ...detectFeatures(doc), ...settings.features };
  const hoverDelay = settings.hoverDelay ?? HOVER_DELAY;
  const touchWindow = settings.touchIgnoreWindow ?? TOUCH_IGNORE_WINDOW;
  const prefetched = new Set<string>();
  const pages = shopPages(doc, settings.pages);
  const noop: PrefetchController = { prefetched, stop: () => {} };
  if (features.saveData || (!features.linkPrefetch && !features.speculationRules)) return noop;

  let mode: 'link' | 'speculation' =
    settings.mode === 'link' || !features.speculationRules ? 'link' : 'speculation';
  if (mode === 'link' && !features.linkPrefetch) return noop;
  const scripts = new Map<HTMLScriptElement, string>();

  const viaLink = (url: string) => {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    // instant.page 5: a prefetch after hover or touch is likely used soon; not the lowest priority.
    link.setAttribute('as', 'document');
    link.setAttribute('fetchpriority', 'high');
    doc.head.append(link);
  };
  const viaRules = (url: string) => {
    const script = doc.createElement('script');
    script.type = 'speculationrules';
    if (settings.nonce) script.nonce = settings.nonce;
    script.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: [url] }] });
    scripts.set(script, url);
    doc.head.append(script);
  };
  const prefetch = (anchor: HTMLAnchorElement) => {
    const url = anchor.href.split('#')[0];
    if (prefetched.has(url)) return;
    prefetched.add(url);
    if (mode === 'speculation') viaRules(url);
    else viaLink(url);
  };

  let lastTouch = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: HTMLAnchorElement | null = null;
  const page = () => doc.location ?? location;

  const onTouch = (event: Event) => {
    lastTouch = Date.now();
    const anchor = anchorFrom(event);
    if (anchor && isPrefetchable(anchor, page(), settings.exclude, pages)) prefetch(anchor);
  };
  const onOver = (event: Event) => {
    if (Date.now() - lastTouch < touchWindow) return; // the touch's emulated mouse events
    const anchor = anchorFrom(event);
    if (!anchor || anchor === pending || !isPrefetchable(anchor, page(), settings.exclude, pages)) return;
    clearTimeout(timer);
    pending = anchor;
    timer = setTimeout(() => {
      pending = null;
      prefetch(anchor);
    }, hoverDelay);
  };
  const onOut = (event: Event) => {
    if (!pending) return;
    const related = (event as MouseEvent).relatedTarget;
    if (related instanceof Node && pending.contains(related)) return;
    if (anchorFrom(event) !== pending) return;
    clearTimeout(timer);
    pending = null;
  };
  // A speculation rule refused by the page's CSP: fall back to <link rel="prefetch"> for good.
  const onViolation = (event: Event) => {
    const target = event.target as HTMLScriptElement;
    const url = scripts.get(target);
    if (url === undefined) return;
    mode = 'link';
    target.remove();
    scripts.delete(target);
    if (features.linkPrefetch) viaLink(url);
  };

  const capture = { capture: true, passive: true };
  doc.addEventListener('touchstart', onTouch, capture);
  doc.addEventListener('mouseover', onOver, capture);
  doc.addEventListener('mouseout', onOut, capture);
  doc.addEventListener('securitypolicyviolation', onViolation, true);

  const controller: PrefetchController = {
    prefetched,
    stop() {
      clearTimeout(timer);
      doc.removeEventListener('touchstart', onTouch, capture);
      doc.removeEventListener('mouseover', onOver, capture);
      doc.removeEventListener('mouseout', onOut, capture);
      doc.removeEventListener('securitypolicyviolation', onViolation, true);
      if (running === controller) running = null;
    },
  };
  running = controller;
  return controller;
}
