import '../zod-config.ts';
import { atom } from 'nanostores';
import { type ConsentState, emit } from '../events.ts';
import { shopConfigJson } from './page-data.ts';

/**
 * `$consent`: the shopper's consent for statistics and marketing (DESIGN §4 stores), each
 * `granted` or `denied`. Attribution cookies and analytics events obey it (spec §7 Consent
 * updates: statistics is analytics storage; marketing is ad storage, ad user data and ad
 * personalization).
 *
 * Both start `denied` unless the page says otherwise. The page (a consent banner or CMP) updates
 * it in any of these ways; each is applied at once and every change dispatches
 * `shop-consent-changed` {statistics, marketing} on `document`:
 *
 * 1. The page API, available as soon as any storefront element or tracking module has loaded:
 *    ```js
 *    window.shopConsent.update({ statistics: 'granted', marketing: 'denied' });
 *    window.shopConsent.grantAll();  // both granted
 *    window.shopConsent.denyAll();   // both denied
 *    window.shopConsent.get();       // { statistics: 'granted', marketing: 'denied' }
 *    ```
 *    Values may be `'granted'`/`'denied'`, `'allow'`/`'deny'` or booleans; missing keys keep
 *    their current value.
 * 2. A queue, for a CMP that runs before our scripts: assign an array of updates to
 *    `window.shopConsent` (`window.shopConsent = [{ statistics: 'granted' }]`, or `push` onto
 *    one); it is applied in order when this module loads and then replaced by the API above.
 * 3. A DOM event, for a CMP that only dispatches events:
 *    ```js
 *    document.dispatchEvent(new CustomEvent('shop-consent-update', { detail: { marketing: 'granted' } }));
 *    ```
 * 4. The WordPress Consent API: its `wp_listen_for_consent_change` event (detail
 *    `{ statistics: 'allow' }`) is followed, and `wp_has_consent()` is asked at start-up.
 * 5. An initial value in the page's JSON config:
 *    `<script type="application/json" id="shop-config">{"shop_consent": {"statistics": "granted"}}</script>`
 *    (for shops whose visitors are not asked, e.g. outside consent-mode regions).
 */

export type { ConsentState };

export interface Consent {
  statistics: ConsentState;
  marketing: ConsentState;
}

/** Anything a CMP may hand us for one category. */
export type ConsentInput = ConsentState | 'allow' | 'deny' | boolean;

export type ConsentUpdate = Partial<Record<keyof Consent, ConsentInput>>;

export interface ShopConsentApi {
  update(update: ConsentUpdate): Consent;
  grantAll(): Consent;
  denyAll(): Consent;
  get(): Consent;
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

const DENIED: Consent = { statistics: 'denied', marketing: 'denied' };

/** Normalises one CMP value; undefined for anything unrecognised (the category is left as is). */
export function toConsentState(value: unknown): ConsentState | undefined {
  if (value === true || value === 'granted' || value === 'allow' || value === 'allowed') return 'granted';
  if (value === false || value === 'denied' || value === 'deny') return 'denied';
  return undefined;
}

export const $consent = atom<Consent>({ ...DENIED });

/**
 * Updates consent (missing or unrecognised keys keep their value) and, when something changed,
 * dispatches `shop-consent-changed` on `document`. Returns the new consent.
 */
export function setConsent(update: ConsentUpdate): Consent {
  const current = $consent.get();
  const next: Consent = {
    statistics: toConsentState(update?.statistics) ?? current.statistics,
    marketing: toConsentState(update?.marketing) ?? current.marketing,
  };
  if (next.statistics === current.statistics && next.marketing === current.marketing) return current;
  $consent.set(next);
  if (typeof document !== 'undefined') emit(document, 'shop-consent-changed', { ...next });
  return next;
}

/** True when the category is granted right now. */
export function hasConsent(category: keyof Consent): boolean {
  return $consent.get()[category] === 'granted';
}

const api: ShopConsentApi = {
  update: (update) => setConsent(update),
  grantAll: () => setConsent({ statistics: 'granted', marketing: 'granted' }),
  denyAll: () => setConsent({ statistics: 'denied', marketing: 'denied' }),
  get: () => ({ ...$consent.get() }),
};

function readConfigConsent(doc: Document): ConsentUpdate | undefined {
  const value = shopConfigJson(doc).shop_consent;
  return value && typeof value === 'object' ? (value as ConsentUpdate) : undefined;
}

function readWpConsent(win: Window): ConsentUpdate | undefined {
  if (typeof win.wp_has_consent !== 'function') return undefined;
  try {
    return { statistics: win.wp_has_consent('statistics'), marketing: win.wp_has_consent('marketing') };
  } catch {
    return undefined;
  }
}

let installed = false;

/**
 * Installs the page API and listeners (idempotent; runs when this module loads in a browser).
 * Exported for tests, which may call it again after replacing `window.shopConsent`.
 */
export function installConsentApi(win: Window = window): void {
  const pending = win.shopConsent;
  const config = readConfigConsent(win.document);
  if (config) setConsent(config);
  const wp = readWpConsent(win);
  if (wp) setConsent(wp);
  if (Array.isArray(pending)) for (const update of pending) setConsent(update);
  win.shopConsent = api;
  if (installed) return;
  installed = true;
  win.document.addEventListener('shop-consent-update', (event) => {
    const detail = (event as CustomEvent<ConsentUpdate>).detail;
    if (detail && typeof detail === 'object') setConsent(detail);
  });
  win.document.addEventListener('wp_listen_for_consent_change', (event) => {
    const detail = (event as CustomEvent<Record<string, unknown>>).detail;
    if (!detail || typeof detail !== 'object') return;
    const update: ConsentUpdate = {};
    if ('statistics' in detail) update.statistics = detail.statistics as ConsentInput;
    if ('marketing' in detail) update.marketing = detail.marketing as ConsentInput;
    setConsent(update);
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') installConsentApi(window);
