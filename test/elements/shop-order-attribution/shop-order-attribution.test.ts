import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { ShopOrderAttributionElement } from '../../../elements/shop-order-attribution/shop-order-attribution.ts';
import { setConsent } from '../../../shared/stores/consent.ts';
import { type AttributionController, startAttribution } from '../../../shared/tracking/attribution.ts';
import { uniqueTag } from '../../helpers/elements.ts';
import { type CookieClock, clearCookies, judgeCookiesBy } from '../../shared/tracking/cookie-jar.ts';

/** The page view's moment (issue 28), by whose clock the cookies' expiries are judged. */
const NOW = Date.UTC(2027, 0, 15, 10, 20, 30);

describe('shop-order-attribution', () => {
  let controller: AttributionController;
  let jar: CookieClock;

  beforeEach(() => {
    jar = judgeCookiesBy(() => NOW);
    clearCookies();
    setConsent({ marketing: 'denied' });
    controller = startAttribution({
      env: { href: `${location.origin}/?gclid=abc`, referrer: '', userAgent: 'UA/2', now: new Date(NOW) },
      now: () => NOW,
    });
  });
  afterEach(() => {
    controller.stop();
    setConsent({ marketing: 'denied' });
    clearCookies();
    jar.restore();
  });

  describe('rendering', () => {
    it('stamps one hidden input per field with the configured prefix, empty before consent', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><shop-order-attribution></shop-order-attribution></form>`,
      );
      const inputs = [...form.querySelectorAll('input')];
      expect(inputs).to.have.length(16);
      expect(inputs.every((i) => i.type === 'hidden' && i.value === '')).to.equal(true);
      expect(inputs[0].name).to.equal('wc_order_attribution_source_type');
      expect(inputs.map((i) => i.name)).to.include('wc_order_attribution_utm_marketing_tactic');
    });

    it('honours a prefix attribute', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><shop-order-attribution prefix="shop_"></shop-order-attribution></form>`,
      );
      expect(form.querySelector('input')!.name).to.equal('shop_source_type');
    });

    it('a second element in the same form stamps nothing', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><shop-order-attribution></shop-order-attribution><shop-order-attribution></shop-order-attribution></form>`,
      );
      expect(form.querySelectorAll('input')).to.have.length(16);
    });

    it('is registered under its static tag; define() leaves a taken tag alone', () => {
      expect(ShopOrderAttributionElement.tag).to.equal('shop-order-attribution');
      expect(customElements.get('shop-order-attribution') === ShopOrderAttributionElement).to.equal(true);
      const taken = ShopOrderAttributionElement.define(ShopOrderAttributionElement.tag);
      expect(taken === ShopOrderAttributionElement).to.equal(true);
    });

    it('under another tag (a subclass), a twin is still found by that tag', async () => {
      const tag = uniqueTag('order-attribution');
      class Renamed extends ShopOrderAttributionElement {}
      expect(Renamed.define(tag) === Renamed).to.equal(true);
      const form = document.createElement('form');
      form.innerHTML = `<${tag}></${tag}><${tag}></${tag}>`;
      document.body.append(form);
      try {
        expect(form.querySelectorAll('input')).to.have.length(16);
        expect(form.querySelectorAll(tag)[1].childElementCount).to.equal(0);
      } finally {
        form.remove();
      }
    });
  });

  describe('values', () => {
    it('fills the values when marketing consent arrives and submits them with the form', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><shop-order-attribution></shop-order-attribution></form>`,
      );
      setConsent({ marketing: 'granted' });
      const data = new FormData(form);
      expect(data.get('wc_order_attribution_source_type')).to.equal('utm');
      expect(data.get('wc_order_attribution_utm_source')).to.equal('google');
      expect(data.get('wc_order_attribution_utm_medium')).to.equal('cpc');
      expect(data.get('wc_order_attribution_utm_campaign')).to.equal('google_cpc');
      expect(data.get('wc_order_attribution_user_agent')).to.equal('UA/2');
      expect(data.get('wc_order_attribution_session_start_time')).to.equal('2027-01-15 10:20:30'); // UTC
      expect(form.querySelector('shop-order-attribution')!.values.utm_source).to.equal('google');
      setConsent({ marketing: 'denied' });
      expect(new FormData(form).get('wc_order_attribution_utm_source')).to.equal('');
    });
  });

  describe('bad input', () => {
    it('warns about a removed input field (spec §8)', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><shop-order-attribution></shop-order-attribution></form>`,
      );
      form.querySelector('input[name="wc_order_attribution_utm_id"]')!.remove();
      const warn = sinon.stub(console, 'warn');
      try {
        setConsent({ marketing: 'granted' });
        expect(warn.calledWithMatch('order attribution field "utm_id" not found')).to.equal(true);
      } finally {
        warn.restore();
      }
    });
  });

  describe('accessibility', () => {
    it('passes axe inside a form', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form aria-label="Checkout"><shop-order-attribution></shop-order-attribution></form>`,
      );
      await expect(form).to.be.accessible();
    });
  });
});
