import type { ConsentState } from '../events.ts';
import { $consent, type Consent, decidedConsent } from '../stores/consent.ts';

/**
 * Passes `$consent` to the page's tracker the way Google consent mode expects (spec §7 Analytics
 * events: consent updates): statistics is analytics storage; marketing is ad storage, ad user
 * data and ad personalization. The page keeps its own `gtag('consent', 'default', ...)`.
 *
 * Only decided categories are passed on (issue 21 §2, §3): a decision at start-up is sent at
 * once, a denial as much as a grant, and a visitor who decided nothing gets no update at all, so
 * the page's defaults (and Google's regional ones) stay in force.
 */

export const CONSENT_MODE_TYPES = {
  statistics: ['analytics_storage'],
  marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'],
} as const;

export type ConsentModeUpdate = Record<
  (typeof CONSENT_MODE_TYPES)[keyof typeof CONSENT_MODE_TYPES][number],
  ConsentState
>;

/** The consent-mode parameters for a consent state (only the categories it holds). */
export function toConsentMode(consent: Consent): ConsentModeUpdate;
export function toConsentMode(consent: Partial<Consent>): Partial<ConsentModeUpdate>;
export function toConsentMode(consent: Partial<Consent>): Partial<ConsentModeUpdate> {
  const update: Partial<ConsentModeUpdate> = {};
  for (const category of ['statistics', 'marketing'] as const) {
    const state = consent[category];
    if (state === undefined) continue;
    for (const type of CONSENT_MODE_TYPES[category]) update[type] = state;
  }
  return update;
}

export type Tracker = (...args: unknown[]) => void;

/**
 * The page's tracker function (`window.gtag` unless configured otherwise). When the page has
 * none yet, a standard stub that queues on `window.dataLayer` is installed, as Google's snippet
 * and the WooCommerce integration do; gtag.js reads the queue when it loads.
 */
export function getTracker(name = 'gtag', win: Window = window): Tracker {
  const globals = win as unknown as Record<string, unknown>;
  const existing = globals[name];
  if (typeof existing === 'function') return existing as Tracker;
  if (!Array.isArray(globals.dataLayer)) globals.dataLayer = [];
  const queue = globals.dataLayer as unknown[];
  // gtag.js only accepts the `arguments` object itself, not an array copy.
  function stub() {
    // biome-ignore lint/complexity/noArguments: gtag's queue format is the Arguments object
    queue.push(arguments);
  }
  globals[name] = stub;
  return stub as Tracker;
}

/**
 * Sends `gtag('consent', 'update', ...)` with the decided categories: once at start when
 * anything is decided (granted or denied), then whenever a decision changes. Returns the stop
 * function.
 */
export function startConsentMode(options: { trackerName?: string; win?: Window } = {}): () => void {
  let last = '';
  const send = (consent: Consent) => {
    const update = toConsentMode(decidedConsent(consent));
    const key = JSON.stringify(update);
    if (key === '{}' || key === last) return;
    last = key;
    getTracker(options.trackerName, options.win)('consent', 'update', update);
  };
  send($consent.get());
  return $consent.listen(send);
}
