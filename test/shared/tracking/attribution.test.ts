import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { setConsent } from '../../../shared/stores/consent.ts';
import {
  $attribution,
  type AttributionController,
  readAttributionParams,
  startAttribution,
} from '../../../shared/tracking/attribution.ts';
import {
  type CookieClock,
  clearCookies,
  judgeCookiesBy,
  LIFETIME_COOKIES,
  cookieJar as sbjsCookies,
} from './cookie-jar.ts';

// spec §4 Attribution (allowed / denied, denying removes all cookies), §7 Order attribution.
// The page view happens at a fixed moment, 15 January 2027 10:20:30 UTC (issue 28: not today);
// the cookies' expiries are judged by that moment too (./cookie-jar.ts).
const NOW = Date.UTC(2027, 0, 15, 10, 20, 30);
const LANDING = `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`;

describe('order attribution', () => {
  let controller: AttributionController | undefined;
  let jar: CookieClock;
  /** The page view's moment (what the jar judges expiries by). */
  let now = NOW;

  beforeEach(() => {
    now = NOW;
    jar = judgeCookiesBy(() => now);
    clearCookies();
    setConsent({ statistics: 'denied', marketing: 'denied' });
  });
  afterEach(() => {
    controller?.stop();
    controller = undefined;
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clearCookies();
    jar.restore();
    for (const el of document.querySelectorAll('.attribution-fixture')) el.remove();
    delete window.wc_order_attribution;
    delete window.wp;
  });

  const start = (params = {}, at = NOW) => {
    now = at;
    controller = startAttribution({
      env: { href: LANDING, referrer: '', userAgent: 'UA/1', now: new Date(at) },
      params,
      now: () => at,
    });
    return controller;
  };

  it('writes nothing before consent, keeps the visit in memory, and writes it when consent arrives late', () => {
    start();
    expect(sbjsCookies()).to.deep.equal({});
    expect($attribution.get().allowed).to.equal(false);
    expect($attribution.get().values.utm_source).to.equal(null);
    expect($attribution.get().data?.current.src).to.equal('news');

    setConsent({ marketing: 'granted' });
    const cookies = sbjsCookies();
    expect(Object.keys(cookies).sort()).to.deep.equal([
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_migrations',
      'sbjs_session',
      'sbjs_udata',
    ]);
    expect(decodeURIComponent(cookies.sbjs_current)).to.equal(
      'typ=utm|||src=news|||mdm=email|||cmp=spring|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
    );
    expect(decodeURIComponent(cookies.sbjs_current_add)).to.equal(
      `fd=2027-01-15 10:20:30|||ep=${LANDING}|||rf=(none)`,
    );
    expect($attribution.get().allowed).to.equal(true);
    expect($attribution.get().values).to.include({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      referrer: '(none)',
      session_entry: LANDING,
      session_start_time: '2027-01-15 10:20:30',
      session_pages: '1',
      session_count: '1',
      user_agent: 'UA/1',
    });
    // spec §5: the session lasts 30 minutes, the rest 6 months of 30 days, from the page view.
    expect(jar.expires('sbjs_session')).to.equal('Fri, 15 Jan 2027 10:50:30 GMT');
    for (const name of LIFETIME_COOKIES)
      expect(jar.expires(name), name).to.equal('Wed, 14 Jul 2027 10:20:30 GMT');
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
        now: () => NOW,
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

  describe('fire dates and cookie lifetimes at hard moments (issue 28; spec §3 Attribution cookies, §5 Traffic source)', () => {
    // [name, the page view (UTC), its fire date (UTC, as WooCommerce passes timezone_offset '0'),
    //  the session's expiry (30 minutes on), the other cookies' expiry (6 × 30 = 180 days on)]
    const MOMENTS: [string, string, string, string, string][] = [
      [
        "New Year's Eve 23:55 in Kolkata (UTC+05:30) is 18:25 UTC: the fire date is still 31 December",
        '2026-12-31T18:25:00Z',
        '2026-12-31 18:25:00',
        'Thu, 31 Dec 2026 18:55:00 GMT',
        'Tue, 29 Jun 2027 18:25:00 GMT',
      ],
      [
        'a session started at 23:45 UTC on 31 December ends in the new year',
        '2026-12-31T23:45:00Z',
        '2026-12-31 23:45:00',
        'Fri, 01 Jan 2027 00:15:00 GMT',
        'Tue, 29 Jun 2027 23:45:00 GMT',
      ],
      [
        'a leap day: 6 months of 30 days from 29 February 2028 end on 27 August',
        '2028-02-29T12:00:00Z',
        '2028-02-29 12:00:00',
        'Tue, 29 Feb 2028 12:30:00 GMT',
        'Sun, 27 Aug 2028 12:00:00 GMT',
      ],
      [
        'the leap-day evening in Los Angeles (18:00 PST) is already 1 March in UTC',
        '2028-03-01T02:00:00Z',
        '2028-03-01 02:00:00',
        'Wed, 01 Mar 2028 02:30:00 GMT',
        'Mon, 28 Aug 2028 02:00:00 GMT',
      ],
      [
        '31 August: 6 months of 30 days end on 27 February, not on the 28th or in March',
        '2026-08-31T10:00:00Z',
        '2026-08-31 10:00:00',
        'Mon, 31 Aug 2026 10:30:00 GMT',
        'Sat, 27 Feb 2027 10:00:00 GMT',
      ],
      [
        "01:45 on Berlin's spring-forward night (00:45 UTC): the session ends 30 minutes later, at 03:15 on the wall",
        '2027-03-28T00:45:00Z',
        '2027-03-28 00:45:00',
        'Sun, 28 Mar 2027 01:15:00 GMT',
        'Fri, 24 Sep 2027 00:45:00 GMT',
      ],
    ];

    for (const [name, at, fireDate, sessionEnd, lifetimeEnd] of MOMENTS) {
      it(name, () => {
        setConsent({ marketing: 'granted' });
        start({}, Date.parse(at));
        const cookies = sbjsCookies();
        for (const add of ['sbjs_current_add', 'sbjs_first_add'])
          expect(decodeURIComponent(cookies[add]), add).to.equal(
            `fd=${fireDate}|||ep=${LANDING}|||rf=(none)`,
          );
        expect($attribution.get().values.session_start_time).to.equal(fireDate);
        expect(jar.expires('sbjs_session')).to.equal(sessionEnd);
        for (const cookie of LIFETIME_COOKIES) expect(jar.expires(cookie), cookie).to.equal(lifetimeEnd);
      });
    }
  });
});
