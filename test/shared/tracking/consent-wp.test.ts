import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  $consent,
  $consentSource,
  consentPending,
  decidedConsent,
  installConsentApi,
  resetConsent,
  trackingAllowed,
} from '../../../shared/stores/consent.ts';
import { startConsentMode } from '../../../shared/tracking/consent-mode.ts';

// Issue 21 §2: the WP Consent API must not grant consent it was not given. Its browser globals
// (wp-consent-api.js): wp_has_consent(category), consent_api { consent_type, cookie_prefix,
// waitfor_consent_hook }, window.wp_consent_type set by the CMP, cookies <prefix>_<category>.
type WpWindow = Window & {
  consent_api?: { consent_type?: string; cookie_prefix?: string; waitfor_consent_hook?: boolean };
  wp_consent_type?: string;
  testTag?: sinon.SinonSpy;
};
const win = window as WpWindow;

function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the WP Consent API's own cookies, as its script writes them
  document.cookie = `${name}=${value}; path=/`;
}
function clearCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: removing the cookies the test wrote
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
const COOKIES = ['wp_consent_statistics', 'wp_consent_marketing', 'shop_cmp_statistics'];

describe('consent: the WP Consent API (issue 21 §2)', () => {
  let hasConsent: sinon.SinonStub;
  let stops: (() => void)[] = [];

  beforeEach(() => {
    resetConsent();
    hasConsent = sinon.stub().returns(true); // what a mis-set consent type would answer
    window.wp_has_consent = hasConsent;
    win.consent_api = { consent_type: 'optin', cookie_prefix: 'wp_consent' };
    win.testTag = sinon.spy();
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    for (const name of COOKIES) clearCookie(name);
    delete window.wp_has_consent;
    delete win.consent_api;
    delete win.wp_consent_type;
    delete win.testTag;
    resetConsent();
  });

  const consentUpdates = () => win.testTag!.getCalls().filter((c) => c.args[0] === 'consent');

  it('opt-in, no decision: wp_has_consent is not asked, consent reads denied and pending, no consent-mode update', () => {
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    expect(hasConsent.called).to.equal(false);
    expect($consentSource.get()).to.equal('wp-consent-api');
    expect($consent.get()).to.deep.equal({ statistics: 'denied', marketing: 'denied' });
    expect(consentPending('statistics')).to.equal(true);
    expect(trackingAllowed('statistics')).to.equal(false);
    expect(consentUpdates()).to.have.length(0);
  });

  it('asks wp_has_consent only for a category whose consent cookie exists, and passes on only that', () => {
    setCookie('wp_consent_statistics', 'allow');
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    expect(hasConsent.args).to.deep.equal([['statistics']]);
    expect($consent.get()).to.deep.equal({ statistics: 'granted', marketing: 'denied' });
    expect(decidedConsent()).to.deep.equal({ statistics: 'granted' });
    expect(consentUpdates().map((c) => c.args)).to.deep.equal([
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
  });

  it('uses the consent type the site set (the CMP’s window.wp_consent_type wins over the fallback)', () => {
    win.consent_api = { consent_type: 'optout', cookie_prefix: 'wp_consent' };
    installConsentApi();
    // opt-out without a decision: allowed, but nothing is pushed to consent mode as a decision
    expect(trackingAllowed('statistics')).to.equal(true);
    expect(decidedConsent()).to.deep.equal({});
    resetConsent();
    win.wp_consent_type = 'optin';
    installConsentApi();
    expect(trackingAllowed('statistics')).to.equal(false);
    expect(hasConsent.called).to.equal(false);
  });

  it('reads the cookie under the API’s cookie prefix', () => {
    win.consent_api = { consent_type: 'optin', cookie_prefix: 'shop_cmp' };
    setCookie('wp_consent_statistics', 'allow'); // another prefix: not this site's decision
    setCookie('shop_cmp_statistics', 'deny');
    hasConsent.returns(false);
    installConsentApi();
    expect(hasConsent.args).to.deep.equal([['statistics']]);
    expect(decidedConsent()).to.deep.equal({ statistics: 'denied' });
  });

  it('waits for the CMP to define its type when the API says so (wp_consent_type_defined)', () => {
    win.consent_api = { consent_type: 'optout', cookie_prefix: 'wp_consent', waitfor_consent_hook: true };
    installConsentApi();
    expect(trackingAllowed('statistics')).to.equal(false);
    win.wp_consent_type = 'optout';
    document.dispatchEvent(new CustomEvent('wp_consent_type_defined'));
    expect(trackingAllowed('statistics')).to.equal(true);
    expect(decidedConsent()).to.deep.equal({});
  });

  it('a change event is a decision for the category it names', () => {
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    const detail = Object.assign([] as string[], { marketing: 'allow' });
    document.dispatchEvent(new CustomEvent('wp_listen_for_consent_change', { detail }));
    expect(decidedConsent()).to.deep.equal({ marketing: 'granted' });
    expect(consentUpdates().map((c) => c.args[2])).to.deep.equal([
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
  });
});
