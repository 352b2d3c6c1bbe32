import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { local, session } from '../../../shared/storage.ts';
import { installConsentApi, resetConsent, setConsent } from '../../../shared/stores/consent.ts';
import {
  type AnalyticsProduct,
  createAnalytics,
  type Ga4wConfig,
  wireAnalytics,
} from '../../../shared/tracking/analytics.ts';
import { $attribution, startAttribution } from '../../../shared/tracking/attribution.ts';
import { startConsentMode } from '../../../shared/tracking/consent-mode.ts';
import { type CookieClock, clearCookies, judgeCookiesBy } from './cookie-jar.ts';

// Issue 21 §1: without a consent source on the page, analytics events go to the tracker (consent
// mode decides) and attribution follows allowTracking; a page that declares a source (the WP
// Consent API, "shop_consent": { "mode": "opt-in" }, a window.shopConsent queue, a CMP's call)
// gets strict gating.
type TagWindow = Window & { testTag?: sinon.SinonSpy; consent_api?: unknown };
const win = window as TagWindow;
const LANDING = `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`;
const tea: AnalyticsProduct = { id: 7, name: 'Tea', prices: { price: '1200', currency_minor_unit: 2 } };
/** The page view's moment (issue 28), by whose clock the cookies' expiries are judged. */
const NOW = Date.UTC(2027, 0, 15, 10, 20, 30);
const hasAttributionCookies = () => document.cookie.includes('sbjs_current=');

function pageConfig(json: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-config';
  script.textContent = JSON.stringify(json);
  document.head.append(script);
}

describe('consent: pages with and without a consent source (issue 21 §1)', () => {
  let stops: (() => void)[] = [];
  let jar: CookieClock;

  beforeEach(() => {
    jar = judgeCookiesBy(() => NOW);
    clearCookies();
    resetConsent();
    win.testTag = sinon.spy();
    local.remove('shop_ga4_purchases');
    session.remove('shop_ga4_held_purchases');
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    document.querySelector('#shop-config')?.remove();
    delete win.testTag;
    delete window.wp_has_consent;
    delete win.consent_api;
    resetConsent();
    installConsentApi();
    resetConsent();
    clearCookies();
    jar.restore();
  });

  function analytics(config: Ga4wConfig = { data: { events: ['view_item'], product: tea } }) {
    const sender = createAnalytics({ settings: { tracker_function_name: 'testTag' }, data: config.data });
    stops.push(wireAnalytics(sender, config.data ?? {}), () => sender.stop());
  }
  const events = () =>
    win
      .testTag!.getCalls()
      .filter((c) => c.args[0] === 'event')
      .map((c) => c.args[1]);
  const attribution = (params = {}) => {
    const controller = startAttribution({
      env: { href: LANDING, referrer: '', userAgent: 'UA/1', now: new Date(NOW) },
      params,
      now: () => NOW,
    });
    stops.push(() => controller.stop());
    return controller;
  };

  it('no consent source: events go to the tracker at once, and no consent-mode update overrides the page defaults', () => {
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    analytics();
    expect(events()).to.deep.equal(['view_item']);
    expect(win.testTag!.getCalls().filter((c) => c.args[0] === 'consent')).to.have.length(0);
  });

  it('no consent source: attribution follows allowTracking', () => {
    installConsentApi();
    attribution();
    expect(hasAttributionCookies()).to.equal(true);
    expect($attribution.get().values.utm_source).to.equal('news');
    clearCookies();
    attribution({ allowTracking: false });
    expect(hasAttributionCookies()).to.equal(false);
  });

  for (const [name, declare] of [
    ['"shop_consent": { "mode": "opt-in" }', () => pageConfig({ shop_consent: { mode: 'opt-in' } })],
    ['a window.shopConsent queue', () => (window.shopConsent = [])],
    ['the WP Consent API', () => (win.consent_api = { consent_type: 'optin', cookie_prefix: 'wp_consent' })],
  ] as const) {
    it(`${name} declares a consent source: events wait for statistics, attribution for marketing`, () => {
      declare();
      installConsentApi();
      analytics();
      attribution();
      expect(events()).to.deep.equal([]);
      expect(hasAttributionCookies()).to.equal(false);
      setConsent({ statistics: 'granted', marketing: 'granted' });
      expect(events()).to.deep.equal(['view_item']);
      expect(hasAttributionCookies()).to.equal(true);
    });
  }

  it('a CMP that calls the page API later gets strict gating from then on (and the cookies go until it grants)', () => {
    installConsentApi();
    analytics({ data: {} });
    attribution();
    expect(hasAttributionCookies()).to.equal(true);
    window.shopConsent = window.shopConsent ?? [];
    (window.shopConsent as { update(u: object): unknown }).update({});
    expect(hasAttributionCookies()).to.equal(false);
    document.body.dispatchEvent(
      new CustomEvent('shop-search-submitted', {
        bubbles: true,
        composed: true,
        detail: { query: 'x', category: '' },
      }),
    );
    expect(events()).to.deep.equal([]);
  });
});
