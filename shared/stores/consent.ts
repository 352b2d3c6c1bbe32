import '../zod-config.ts';
import { atom } from 'nanostores';
import { cookies } from '../cookies.ts';
import { type ConsentState, emit } from '../events.ts';
import { shopConfigJson } from './page-data.ts';

/**
 * `$consent`: the shopper's consent for statistics and marketing (DESIGN §4 stores), each
 * `granted` or `denied`. Attribution cookies and analytics events obey it (spec §7 Consent
 * updates: statistics is analytics storage; marketing is ad storage, ad user data and ad
 * personalization).
 *
 * Two kinds of page (issue 21):
 *
 * - **No consent source** (the default): nothing on the page manages consent. Analytics events go
 *   to the tracker and Google consent mode (the page's own `gtag('consent', 'default', ...)`)
 *   decides what is stored, as the Google Analytics for WooCommerce integration does; order
 *   attribution follows the shop's `allowTracking` alone, as WooCommerce's own script does.
 *   `$consent` still reads `denied`/`denied`, but `consentSource()` is null and
 *   `trackingAllowed()` is true.
 * - **A consent source** declares itself in any of the ways below; from then on analytics waits
 *   for statistics consent and attribution for marketing consent (strict gating). The source is
 *   kept in `$consentSource`.
 *
 * Every change dispatches `shop-consent-changed` {statistics, marketing} on `document`.
 *
 * 1. The page API, available as soon as any storefront element or tracking module has loaded
 *    (any call, even `update({})`, declares the page a consent source):
 *    ```js
 *    window.shopConsent.update({ statistics: 'granted', marketing: 'denied' });
 *    window.shopConsent.grantAll();  // both granted
 *    window.shopConsent.denyAll();   // both denied
 *    window.shopConsent.get();       // { statistics: 'granted', marketing: 'denied' }
 *    ```
 *    Values may be `'granted'`/`'denied'`, `'allow'`/`'deny'` or booleans; missing keys keep
 *    their current value.
 * 2. A queue, for a CMP that runs before our scripts: assign an array of updates to
 *    `window.shopConsent` (`window.shopConsent = []` declares the source with no decision yet,
 *    `[{ statistics: 'granted' }]` decides); it is applied in order when this module loads and
 *    then replaced by the API above.
 * 3. A DOM event, for a CMP that only dispatches events:
 *    ```js
 *    document.dispatchEvent(new CustomEvent('shop-consent-update', { detail: { marketing: 'granted' } }));
 *    ```
 * 4. The WP Consent API (`window.wp_has_consent` / `window.consent_api` on the page): a category
 *    counts as decided only once the API's own cookie (`<consent_api.cookie_prefix>_<category>`,
 *    by default `wp_consent_statistics` / `wp_consent_marketing`, `allow` or `deny`) exists; then
 *    `wp_has_consent(category)` is asked, under the consent type the site set
 *    (`window.wp_consent_type`, else the API's fallback: what `wp_get_consent_type()` returned).
 *    Without a cookie, opt-in (and a CMP not yet done defining its type when the API waits for
 *    one) reads as denied and opt-out or no type as granted, both undecided. Its
 *    `wp_listen_for_consent_change` events are followed.
 * 5. The page's JSON config: `"shop_consent": { "mode": "opt-in" }` declares a source with no
 *    decision (`"opt-out"`: granted until the visitor says otherwise); initial values
 *    (`"shop_consent": { "statistics": "granted" }`) decide, for shops whose visitors are not
 *    asked (e.g. outside consent-mode regions).
 *
 * What is passed on to Google consent mode is only what was decided (`decidedConsent()`): a
 * visitor who decided nothing never gets a `granted` (or `denied`) update from us.
 */

export type { ConsentState };

export interface Consent {
  statistics: ConsentState;
  marketing: ConsentState;
}

export type ConsentCategory = keyof Consent;

/** Anything a CMP may hand us for one category. */
export type ConsentInput = ConsentState | 'allow' | 'deny' | boolean;

export type ConsentUpdate = Partial<Record<ConsentCategory, ConsentInput>>;

/** Where the page's consent comes from (null: no consent source, consent mode decides). */
export type ConsentSource = 'api' | 'queue' | 'event' | 'wp-consent-api' | 'page-config';

export interface ShopConsentApi {
  update(update: ConsentUpdate): Consent;
  grantAll(): Consent;
  denyAll(): Consent;
  get(): Consent;
}

/** The WP Consent API's browser globals (wp-consent-api.js and its localized `consent_api`). */
interface WpConsentGlobals {
  wp_has_consent?: (category: string) => boolean;
  consent_api?: { consent_type?: string; cookie_prefix?: string; waitfor_consent_hook?: unknown };
  wp_consent_type?: string;
  wp_fallback_consent_type?: string;
}

declare global {
  interface Window {
    shopConsent?: ShopConsentApi | ConsentUpdate[];
    wp_has_consent?: (category: string) => boolean;
  }
  interface GlobalEventHandlersEventMap {
    'shop-consent-update': CustomEvent<ConsentUpdate>;
  }
}

const CATEGORIES: readonly ConsentCategory[] = ['statistics', 'marketing'];
const DENIED: Consent = { statistics: 'denied', marketing: 'denied' };

/** Normalises one CMP value; undefined for anything unrecognised (the category is left as is). */
export function toConsentState(value: unknown): ConsentState | undefined {
  if (value === true || value === 'granted' || value === 'allow' || value === 'allowed') return 'granted';
  if (value === false || value === 'denied' || value === 'deny') return 'denied';
  return undefined;
}

export const $consent = atom<Consent>({ ...DENIED });

/** The page's consent source; null while the page has none (see the module comment). */
export const $consentSource = atom<ConsentSource | null>(null);

/** Categories the visitor (or the shop's config) decided; the rest are defaults. */
const decided = new Set<ConsentCategory>();

interface ApplyOptions {
  source: ConsentSource;
  /** False for values that are defaults of the source (no decision: opt-in/opt-out without a choice). */
  decide: boolean;
}

function applyConsent(update: ConsentUpdate, { source, decide }: ApplyOptions): Consent {
  const current = $consent.get();
  let declared = false;
  if ($consentSource.get() === null) {
    $consentSource.set(source);
    declared = true;
  }
  const next: Consent = { ...current };
  let newlyDecided = false;
  for (const category of CATEGORIES) {
    const value = toConsentState(update?.[category]);
    if (value === undefined) continue;
    if (decide || !decided.has(category)) next[category] = value;
    if (decide && !decided.has(category)) {
      decided.add(category);
      newlyDecided = true;
    }
  }
  const changed = next.statistics !== current.statistics || next.marketing !== current.marketing;
  if (!changed && !declared && !newlyDecided) return current;
  // A new object even when the values are the same: listeners re-check the gating (source or decision changed).
  $consent.set(next);
  if (changed && typeof document !== 'undefined') emit(document, 'shop-consent-changed', { ...next });
  return next;
}

/**
 * Updates consent as a decision (missing or unrecognised keys keep their value), declaring the
 * page a consent source, and when something changed dispatches `shop-consent-changed` on
 * `document`. Returns the new consent.
 */
export function setConsent(update: ConsentUpdate, source: ConsentSource = 'api'): Consent {
  return applyConsent(update, { source, decide: true });
}

/** True when the category is granted right now. */
export function hasConsent(category: ConsentCategory): boolean {
  return $consent.get()[category] === 'granted';
}

/** The page's consent source, or null when it has none. */
export function consentSource(): ConsentSource | null {
  return $consentSource.get();
}

/** True when the category was decided (by the visitor, a CMP or the shop's config), not defaulted. */
export function isDecided(category: ConsentCategory): boolean {
  return decided.has(category);
}

/** The decided categories only: what may be passed on to Google consent mode. */
export function decidedConsent(consent: Consent = $consent.get()): Partial<Consent> {
  return Object.fromEntries(CATEGORIES.filter((c) => decided.has(c)).map((c) => [c, consent[c]]));
}

/**
 * True when tracking for the category may run now: the page has no consent source (consent mode
 * decides), or the category is granted.
 */
export function trackingAllowed(category: ConsentCategory, consent: Consent = $consent.get()): boolean {
  return $consentSource.get() === null || consent[category] === 'granted';
}

/** True while a consent source waits for the visitor's decision on the category (not granted meanwhile). */
export function consentPending(category: ConsentCategory, consent: Consent = $consent.get()): boolean {
  return !trackingAllowed(category, consent) && !decided.has(category);
}

/** Forgets the source and every decision (tests; a page starts this way). */
export function resetConsent(): void {
  decided.clear();
  $consentSource.set(null);
  $consent.set({ ...DENIED });
}

const api: ShopConsentApi = {
  update: (update) => setConsent(update ?? {}),
  grantAll: () => setConsent({ statistics: 'granted', marketing: 'granted' }),
  denyAll: () => setConsent({ statistics: 'denied', marketing: 'denied' }),
  get: () => ({ ...$consent.get() }),
};

function applyConfigConsent(doc: Document): void {
  const value = shopConfigJson(doc).shop_consent;
  if (!value || typeof value !== 'object') return;
  const config = value as ConsentUpdate & { mode?: unknown };
  const mode = String(config.mode ?? '')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();
  const assumed = mode === 'optout' ? 'granted' : 'denied';
  applyConsent({ statistics: assumed, marketing: assumed }, { source: 'page-config', decide: false });
  applyConsent(config, { source: 'page-config', decide: true });
}

function wpGlobals(win: Window): WpConsentGlobals {
  return win as unknown as WpConsentGlobals;
}

/** True when the WP Consent API's script is on the page. */
function hasWpConsentApi(win: Window): boolean {
  const g = wpGlobals(win);
  return typeof g.wp_has_consent === 'function' || (!!g.consent_api && typeof g.consent_api === 'object');
}

/**
 * The consent type the site set: the CMP's `window.wp_consent_type`, else the API's fallback
 * (`wp_get_consent_type()` on the server). Undefined while the API waits for the CMP to define it.
 */
function wpConsentType(win: Window): string | undefined {
  const g = wpGlobals(win);
  if (typeof g.wp_consent_type === 'string') return g.wp_consent_type;
  if (g.consent_api?.waitfor_consent_hook) return undefined;
  const fallback = g.wp_fallback_consent_type ?? g.consent_api?.consent_type ?? '';
  return typeof fallback === 'string' ? fallback : '';
}

/** Reads the WP Consent API without granting anything that was not decided (issue 21 §2). */
function applyWpConsent(win: Window): void {
  const g = wpGlobals(win);
  const type = wpConsentType(win);
  const prefix =
    typeof g.consent_api?.cookie_prefix === 'string' ? g.consent_api.cookie_prefix : 'wp_consent';
  for (const category of CATEGORIES) {
    const cookie = cookies.get(`${prefix}_${category}`);
    if (cookie === 'allow' || cookie === 'deny') {
      let granted = cookie === 'allow';
      try {
        if (typeof g.wp_has_consent === 'function') granted = Boolean(g.wp_has_consent(category));
      } catch {
        // a broken API: the cookie itself is the visitor's choice
      }
      applyConsent({ [category]: granted }, { source: 'wp-consent-api', decide: true });
    } else {
      // No decision: opt-in (or a type still to come) is denied; opt-out or no consent management is granted.
      const assumed = type === undefined || (type !== '' && !type.includes('optout')) ? 'denied' : 'granted';
      applyConsent({ [category]: assumed }, { source: 'wp-consent-api', decide: false });
    }
  }
}

let installed = false;

/**
 * Installs the page API and listeners (idempotent; runs when this module loads in a browser).
 * Exported for tests, which may call it again after replacing `window.shopConsent`.
 */
export function installConsentApi(win: Window = window): void {
  const pending = win.shopConsent;
  applyConfigConsent(win.document);
  if (hasWpConsentApi(win)) applyWpConsent(win);
  if (Array.isArray(pending)) {
    applyConsent({}, { source: 'queue', decide: true });
    for (const update of pending) if (update && typeof update === 'object') setConsent(update, 'queue');
  }
  win.shopConsent = api;
  if (installed) return;
  installed = true;
  win.document.addEventListener('shop-consent-update', (event) => {
    const detail = (event as CustomEvent<ConsentUpdate>).detail;
    if (detail && typeof detail === 'object') setConsent(detail, 'event');
  });
  win.document.addEventListener('wp_listen_for_consent_change', (event) => {
    const detail = (event as CustomEvent<Record<string, unknown>>).detail;
    if (!detail || typeof detail !== 'object') return;
    const update: ConsentUpdate = {};
    // The API's detail is an array with named keys (`detail[category] = 'allow'`).
    for (const category of CATEGORIES)
      if (Object.hasOwn(detail, category)) update[category] = detail[category] as ConsentInput;
    setConsent(update, 'wp-consent-api');
  });
  // The CMP defined the consent type late (the API's `waitfor_consent_hook`): read it again.
  win.document.addEventListener('wp_consent_type_defined', () => {
    if (hasWpConsentApi(win)) applyWpConsent(win);
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') installConsentApi(window);
