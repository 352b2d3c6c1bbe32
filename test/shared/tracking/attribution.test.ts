import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { setConsent } from '../../../shared/stores/consent.ts';
import {
  $attribution,
  type AttributionController,
  readAttributionParams,
  startAttribution,
} from '../../../shared/tracking/attribution.ts';

// spec §4 Attribution (allowed / denied, denying removes all cookies), §7 Order attribution.
// One fixed instant near the real time drives fire dates and cookie expiries (expiries in the
// past would delete the cookies at once).
const NOW = Math.floor(Date.now() / 1000) * 1000;
/** `yyyy-mm-dd hh:mm:ss` in UTC, as WooCommerce passes timezone_offset '0'. */
const fireDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const LANDING = `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`;

function sbjsCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split('; ')) {
    const [name, ...rest] = part.split('=');
    if (name.startsWith('sbjs_')) out[name] = rest.join('=');
  }
  return out;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests clear the raw cookies they made
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe('order attribution', () => {
  let controller: AttributionController | undefined;

  beforeEach(() => {
    clearCookies();
    setConsent({ statistics: 'denied', marketing: 'denied' });
  });
  afterEach(() => {
    controller?.stop();
    controller = undefined;
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clearCookies();
    for (const el of document.querySelectorAll('.attribution-fixture')) el.remove();
    delete window.wc_order_attribution;
    delete window.wp;
  });

  const start = (params = {}) =>
    (controller = startAttribution({
      env: { href: LANDING, referrer: '', userAgent: 'UA/1', now: new Date(NOW) },
      params,
      now: () => NOW,
    }));

  it('writes nothing before consent, keeps the visit in memory, and writes it when consent arrives late', () => {
    start();
    expect(sbjsCookies()).to.deep.equal({});
    expect($attribution.get().allowed).to.equal(false);
    expect($attribution.get().values.utm_source).to.equal(null);
    expect($attribution.get().data?.current.src).to.equal('news');

    setConsent({ marketing: 'granted' });
    const jar = sbjsCookies();
    expect(Object.keys(jar).sort()).to.deep.equal([
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_migrations',
      'sbjs_session',
      'sbjs_udata',
    ]);
    expect(decodeURIComponent(jar.sbjs_current)).to.equal(
      'typ=utm|||src=news|||mdm=email|||cmp=spring|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
    );
    expect(decodeURIComponent(jar.sbjs_current_add)).to.equal(
      `fd=${fireDate(NOW)}|||ep=${LANDING}|||rf=(none)`,
    );
    expect($attribution.get().allowed).to.equal(true);
    expect($attribution.get().values).to.include({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      referrer: '(none)',
      session_entry: LANDING,
      session_start_time: fireDate(NOW),
      session_pages: '1',
      session_count: '1',
      user_agent: 'UA/1',
    });
  });

  it('statistics consent alone does not allow attribution', () => {
    start();
    setConsent({ statistics: 'granted' });
    expect(sbjsCookies()).to.deep.equal({});
  });

  it('denying removes every attribution cookie, including ones from earlier visits', () => {
    setConsent({ marketing: 'granted' });
    start({ lifetime: 6, base64: false });
    // biome-ignore lint/suspicious/noDocumentCookie: a promo cookie from an earlier visit
    document.cookie = 'sbjs_promo=code%3D123456; path=/';
    expect(Object.keys(sbjsCookies())).to.have.length(8);
    setConsent({ marketing: 'denied' });
    expect(sbjsCookies()).to.deep.equal({});
    expect($attribution.get().values.source_type).to.equal(null);
  });

  it('the allowTracking parameter switched off removes the cookies even with consent', () => {
    setConsent({ marketing: 'granted' });
    start();
    expect(sbjsCookies()).to.not.deep.equal({});
    controller!.setAllowTracking(false);
    expect(sbjsCookies()).to.deep.equal({});
    controller!.stop();
    controller = start({ allowTracking: false });
    expect(sbjsCookies()).to.deep.equal({});
  });

  it('writes base64 cookies when the base64 parameter is on', () => {
    setConsent({ marketing: 'granted' });
    start({ base64: true });
    expect(sbjsCookies().sbjs_migrations).to.equal(btoa('1418474375998%3D1').replace(/=+$/, ''));
  });

  it('fills plain hidden inputs named <prefix><field> and clears them on deny', () => {
    const form = document.createElement('form');
    form.className = 'attribution-fixture';
    form.innerHTML =
      '<input type="hidden" name="wc_order_attribution_utm_source"><input type="hidden" name="x_source_type">';
    document.body.append(form);
    setConsent({ marketing: 'granted' });
    start();
    expect(form.querySelector<HTMLInputElement>('[name="wc_order_attribution_utm_source"]')!.value).to.equal(
      'news',
    );
    controller!.stop();
    controller = start({ prefix: 'x_' });
    expect(form.querySelector<HTMLInputElement>('[name="x_source_type"]')!.value).to.equal('utm');
    setConsent({ marketing: 'denied' });
    expect(form.querySelector<HTMLInputElement>('[name="x_source_type"]')!.value).to.equal('');
  });

  it('sets the checkout block extension data', () => {
    const setExtensionData = sinon.spy();
    window.wp = { data: { dispatch: () => ({ __internalSetExtensionData: setExtensionData }) } };
    setConsent({ marketing: 'granted' });
    start();
    const [namespace, values, replace] = setExtensionData.lastCall.args;
    expect(namespace).to.equal('woocommerce/order-attribution');
    expect(values).to.include({ source_type: 'utm', utm_source: 'news' });
    expect(replace).to.equal(true);
  });

  it('reads wc_order_attribution params and fields from the page', () => {
    window.wc_order_attribution = {
      params: { lifetime: 0.5, session: '15', base64: '1', prefix: 'p_', allowTracking: false },
      fields: { source_type: 'current.typ' },
    };
    const params = readAttributionParams();
    expect(params).to.deep.include({
      lifetime: 0.5,
      session: 15,
      base64: true,
      prefix: 'p_',
      allowTracking: false,
    });
    expect(params.fields).to.deep.equal({ source_type: 'current.typ' });
    delete window.wc_order_attribution;
    expect(readAttributionParams()).to.deep.include({
      lifetime: 6,
      session: 30,
      base64: false,
      cookiePrefix: 'sbjs_',
    });
  });

  it('exposes setOrderTracking on wc_order_attribution when WooCommerce’s script is absent', () => {
    window.wc_order_attribution = { params: {} };
    setConsent({ marketing: 'granted' });
    start();
    window.wc_order_attribution.setOrderTracking!(false);
    expect(sbjsCookies()).to.deep.equal({});
  });

  it('keeps the attribution of a landing URL with __proto__, constructor and toString parameters (issue 22)', () => {
    const errors = sinon.stub(console, 'error');
    try {
      controller = startAttribution({
        env: {
          href: `${location.origin}/landing/?__proto__=1&constructor=2&toString=3&utm_source=news&utm_medium=email`,
          referrer: '',
          userAgent: 'UA/1',
          now: new Date(NOW),
        },
      });
      setConsent({ marketing: 'granted' });
    } finally {
      errors.restore();
    }
    expect(errors.called).to.equal(false);
    expect($attribution.get().data?.current.src).to.equal('news');
    expect($attribution.get().values).to.include({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
    });
    expect(decodeURIComponent(sbjsCookies().sbjs_current)).to.match(/^typ=utm\|\|\|src=news\|\|\|mdm=email/);
  });

  it('reads no field through an accessor naming an Object.prototype member', () => {
    window.wc_order_attribution = {
      params: {},
      fields: { source_type: 'current.typ', odd: 'current.constructor', odder: '__proto__.x' },
    };
    setConsent({ marketing: 'granted' });
    start();
    expect($attribution.get().values).to.deep.equal({ source_type: 'utm', odd: null, odder: null });
  });
});
