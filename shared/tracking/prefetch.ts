import { $pageConfig } from '../stores/page-config.ts';
import { shopConfigJson } from '../stores/page-data.ts';

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
 * or not (cart, checkout, my-account, logout, `?add-to-cart=`, `wc-ajax`, wp-admin, wp-login),
 * and speculation rules are used where the browser has them (`nonce` for strict-CSP pages; a
 * CSP-blocked rule falls back to `<link rel="prefetch">` for the rest of the page).
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

/** spec beyond: links that change state or cost the server. */
const NEVER = [
  /(^|\/)(cart|basket|checkout|my-account|wp-admin)(\/|$)/i,
  /logout|log-out|wp-login\.php/i,
  /[?&](add-to-cart|remove_item|undo_item|wc-ajax|_wpnonce|add_to_wishlist)=/i,
  /[?&]wc-ajax=|\/wc-ajax\//i,
];

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
  const cart = safePath($pageConfig.get().cartUrl, page);
  if (cart && cart !== '/' && url.pathname === cart) return false;
  return !exclude.some((rule) => (typeof rule === 'string' ? target.includes(rule) : rule.test(target)));
}

function safePath(href: string, base: Location | URL): string {
  try {
    return new URL(href, base.href).pathname;
  } catch {
    return '';
  }
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
    if (anchor && isPrefetchable(anchor, page(), settings.exclude)) prefetch(anchor);
  };
  const onOver = (event: Event) => {
    if (Date.now() - lastTouch < touchWindow) return; // the touch's emulated mouse events
    const anchor = anchorFrom(event);
    if (!anchor || anchor === pending || !isPrefetchable(anchor, page(), settings.exclude)) return;
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
