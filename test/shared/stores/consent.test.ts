import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  $consent,
  $consentSource,
  type ConsentUpdate,
  consentPending,
  decidedConsent,
  installConsentApi,
  resetConsent,
  type ShopConsentApi,
  setConsent,
  toConsentState,
  trackingAllowed,
} from '../../../shared/stores/consent.ts';

const api = () => window.shopConsent as ShopConsentApi;

describe('$consent', () => {
  let changed: sinon.SinonSpy;

  beforeEach(() => {
    resetConsent();
    changed = sinon.spy();
    document.addEventListener('shop-consent-changed', changed);
  });
  afterEach(() => {
    document.removeEventListener('shop-consent-changed', changed);
    document.querySelector('#shop-config')?.remove();
    delete window.wp_has_consent;
    resetConsent();
    installConsentApi();
  });

  it('starts denied for both categories, with no consent source: tracking is allowed and consent mode decides', () => {
    expect($consent.get()).to.deep.equal({ statistics: 'denied', marketing: 'denied' });
    expect($consentSource.get()).to.equal(null);
    expect(trackingAllowed('statistics') && trackingAllowed('marketing')).to.equal(true);
    expect(decidedConsent()).to.deep.equal({});
  });

  it('any use of the page API declares a consent source: strict gating, pending until decided', () => {
    api().update({});
    expect($consentSource.get()).to.equal('api');
    expect(trackingAllowed('statistics')).to.equal(false);
    expect(consentPending('statistics')).to.equal(true);
    expect(changed.called).to.equal(false); // no value changed
    api().update({ statistics: 'denied' });
    expect(consentPending('statistics')).to.equal(false); // an explicit denial is a decision
    expect(decidedConsent()).to.deep.equal({ statistics: 'denied' });
  });

  it('setConsent merges, updates the store and emits shop-consent-changed on document once per change', () => {
    expect(setConsent({ statistics: 'granted' })).to.deep.equal({
      statistics: 'granted',
      marketing: 'denied',
    });
    expect($consent.get()).to.deep.equal({ statistics: 'granted', marketing: 'denied' });
    expect(changed.callCount).to.equal(1);
    const event = changed.firstCall.args[0] as CustomEvent;
    expect(event.detail).to.deep.equal({ statistics: 'granted', marketing: 'denied' });
    expect(event.bubbles && event.composed).to.equal(true);
    setConsent({ statistics: 'granted' });
    expect(changed.callCount).to.equal(1);
  });

  it('accepts granted/denied, allow/deny and booleans, and ignores anything else', () => {
    expect(toConsentState('allow')).to.equal('granted');
    expect(toConsentState(false)).to.equal('denied');
    expect(toConsentState('maybe')).to.equal(undefined);
    setConsent({ statistics: true, marketing: 'yes please' as unknown as boolean });
    expect($consent.get()).to.deep.equal({ statistics: 'granted', marketing: 'denied' });
  });

  it('page API: window.shopConsent.update / grantAll / denyAll / get', () => {
    expect(api().update({ marketing: 'granted' })).to.deep.equal({
      statistics: 'denied',
      marketing: 'granted',
    });
    expect(api().grantAll()).to.deep.equal({ statistics: 'granted', marketing: 'granted' });
    const copy = api().get();
    copy.statistics = 'denied';
    expect($consent.get().statistics).to.equal('granted');
    expect(api().denyAll()).to.deep.equal({ statistics: 'denied', marketing: 'denied' });
  });

  it('a CMP can dispatch shop-consent-update on document', () => {
    document.dispatchEvent(
      new CustomEvent<ConsentUpdate>('shop-consent-update', { detail: { statistics: 'granted' } }),
    );
    expect($consent.get().statistics).to.equal('granted');
  });

  it('follows the WP Consent API change event', () => {
    document.dispatchEvent(
      new CustomEvent('wp_listen_for_consent_change', { detail: { marketing: 'allow' } }),
    );
    expect($consent.get().marketing).to.equal('granted');
    document.dispatchEvent(
      new CustomEvent('wp_listen_for_consent_change', { detail: { marketing: 'deny' } }),
    );
    expect($consent.get().marketing).to.equal('denied');
  });

  it('applies a queue assigned before load and the page config at install', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.textContent = JSON.stringify({ shop_consent: { marketing: 'granted' } });
    document.head.append(script);
    window.shopConsent = [{ statistics: 'denied' }, { statistics: 'granted' }];
    installConsentApi();
    expect($consent.get()).to.deep.equal({ statistics: 'granted', marketing: 'granted' });
    expect($consentSource.get()).to.equal('page-config');
    expect(typeof api().update).to.equal('function');
  });

  it('"shop_consent": { "mode": "opt-in" } declares a source with nothing decided; "opt-out" grants undecided', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.textContent = JSON.stringify({ shop_consent: { mode: 'opt-in' } });
    document.head.append(script);
    installConsentApi();
    expect($consentSource.get()).to.equal('page-config');
    expect(consentPending('statistics') && consentPending('marketing')).to.equal(true);
    resetConsent();
    script.textContent = JSON.stringify({ shop_consent: { mode: 'opt-out' } });
    installConsentApi();
    expect($consent.get()).to.deep.equal({ statistics: 'granted', marketing: 'granted' });
    expect(decidedConsent()).to.deep.equal({});
  });
});
