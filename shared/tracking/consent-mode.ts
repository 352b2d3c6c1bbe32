import type { ConsentState } from '../events.ts';
import { $consent, type Consent } from '../stores/consent.ts';

/**
 * Passes `$consent` to the page's tracker the way Google consent mode expects (spec §7 Analytics
 * events: consent updates): statistics is analytics storage; marketing is ad storage, ad user
 * data and ad personalization. The page keeps its own `gtag('consent', 'default', ...)`.
 */

export const CONSENT_MODE_TYPES = {
  statistics: ['analytics_storage'],
  marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'],
} as const;

export type ConsentModeUpdate = Record<
  (typeof CONSENT_MODE_TYPES)[keyof typeof CONSENT_MODE_TYPES][number],
  ConsentState
>;

/** The consent-mode parameters for a consent state. */
export function toConsentMode(consent: Consent): ConsentModeUpdate {
  const update = {} as ConsentModeUpdate;
  for (const category of ['statistics', 'marketing'] as const) {
    for (const type of CONSENT_MODE_TYPES[category]) update[type] = consent[category];
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
 * Sends `gtag('consent', 'update', ...)` for every change of `$consent`, and once at start when
 * something is already granted. Returns the stop function.
 */
export function startConsentMode(options: { trackerName?: string; win?: Window } = {}): () => void {
  const send = (consent: Consent) =>
    getTracker(options.trackerName, options.win)('consent', 'update', toConsentMode(consent));
  const initial = $consent.get();
  if (initial.statistics === 'granted' || initial.marketing === 'granted') send(initial);
  return $consent.listen(send);
}
