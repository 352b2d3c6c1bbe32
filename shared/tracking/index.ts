import '../zod-config.ts';
import { logError } from '../log.ts';
import '../stores/consent.ts';
import { startAnalytics } from './analytics.ts';
import { startAttribution } from './attribution.ts';
import { startConsentMode } from './consent-mode.ts';
import { startPrefetch } from './prefetch.ts';

/**
 * The tracking entry: importing it (once per page, after the page's consent banner, if any)
 * installs the consent API and starts order attribution, consent-mode updates, GA4 analytics and
 * link prefetch. Each part reads its configuration from the page (see docs: Tracking) and never
 * throws into the page. Without a consent source on the page, events go to the tracker and the
 * page's consent mode decides; a page that declares one gets strict gating (shared/stores/consent.ts).
 */
let started = false;

export function startTracking(): void {
  if (started) return;
  started = true;
  const parts: [string, () => unknown][] = [
    ['order attribution', () => startAttribution()],
    ['consent mode', () => startConsentMode({ trackerName: window.ga4w?.settings?.tracker_function_name })],
    ['analytics', () => startAnalytics()],
    ['link prefetch', () => startPrefetch()],
  ];
  for (const [name, start] of parts) {
    try {
      start();
    } catch (error) {
      logError(null, `${name} could not start.`, error);
    }
  }
}

export { $consent, $consentSource, setConsent } from '../stores/consent.ts';

if (typeof document !== 'undefined') startTracking();

export { $attribution } from './attribution.ts';
export { startAnalytics, startAttribution, startConsentMode, startPrefetch };
