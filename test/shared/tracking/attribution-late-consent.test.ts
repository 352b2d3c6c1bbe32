import { expect } from '@open-wc/testing';
import { setConsent } from '../../../shared/stores/consent.ts';
import {
  $attribution,
  type AttributionController,
  startAttribution,
} from '../../../shared/tracking/attribution.ts';
import { type FakeClock, fakeClock } from '../../helpers/clock.ts';
import { type CookieClock, clearCookies, cookieJar, judgeCookiesBy, LIFETIME_COOKIES } from './cookie-jar.ts';

// Issue 11 item 12: consent given after the page loaded. WooCommerce's script starts
// sourcebuster only when tracking is allowed, so the session start time (fire dates) and every
// cookie expiry are those of the grant; the visit's source is the one classified at load
// (spec §4 Attribution: nothing is written before consent, and a late consent loses no UTM).

// The page loads at 23:52:30 UTC on New Year's Eve and consent comes X = 7.5 minutes later, at
// midnight (issue 28: a fixed moment, chosen so that the grant is in the new year); the cookies'
// expiries are judged by the test's clock (./cookie-jar.ts).
const T0 = Date.UTC(2026, 11, 31, 23, 52, 30);
const X = 7 * 60_000 + 30_000;
const LANDING = `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`;
/** Fire dates (UTC, WooCommerce's timezone_offset '0') of the load, of one X later and of two. */
const AT_LOAD = '2026-12-31 23:52:30';
const AT_X = '2027-01-01 00:00:00';
const AT_2X = '2027-01-01 00:07:30';

/** The decoded text of an sbjs cookie, or undefined. */
function cookieText(name: string): string | undefined {
  const raw = cookieJar()[name];
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

describe('attribution with consent given after the page loaded (issue 11 item 12)', () => {
  let controller: AttributionController | undefined;
  let clock: FakeClock;
  let jar: CookieClock;

  beforeEach(() => {
    clock = fakeClock(T0);
    jar = judgeCookiesBy(() => clock.now());
    clearCookies();
    setConsent({ statistics: 'denied', marketing: 'denied' });
  });
  afterEach(() => {
    controller?.stop();
    controller = undefined;
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clearCookies();
    jar.restore();
  });

  const start = (referrer = '', params = {}, href = LANDING) =>
    (controller = startAttribution({
      env: { href, referrer, userAgent: 'UA/1' },
      params,
      now: () => clock.now(),
    }));

  it("consent at t0+X: the session starts at t0+X, expiries run from t0+X, the source is the one of load (New Year's Eve: all of the new year)", () => {
    start('https://mail.example/inbox');
    expect(document.cookie).to.not.contain('sbjs_');
    expect($attribution.get().data?.current_add.fd).to.equal(AT_LOAD);

    clock.tick(X);
    setConsent({ marketing: 'granted' });

    expect(cookieText('sbjs_current_add')).to.equal(
      `fd=${AT_X}|||ep=${LANDING}|||rf=https://mail.example/inbox`,
    );
    expect(cookieText('sbjs_first_add')).to.equal(cookieText('sbjs_current_add'));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|\|\|mdm=email\|\|\|cmp=spring\|/);
    expect(cookieText('sbjs_session')).to.equal(`pgs=1|||cpg=${LANDING}`);
    expect($attribution.get().values).to.include({
      source_type: 'utm',
      utm_source: 'news',
      session_start_time: AT_X,
      session_pages: '1',
      session_count: '1',
    });

    // spec §5: 30 minutes and 6 months of 30 days (180 days), from the grant at midnight.
    expect(jar.expires('sbjs_session')).to.equal('Fri, 01 Jan 2027 00:30:00 GMT');
    for (const name of LIFETIME_COOKIES)
      expect(jar.expires(name), name).to.equal('Wed, 30 Jun 2027 00:00:00 GMT');
  });

  it('keeps the referral classified at load even when a session appears before consent', () => {
    start('https://blog.example/posts/best-tea', {}, `${location.origin}/tea/`);
    expect($attribution.get().data?.current.typ).to.equal('referral');
    clock.tick(X);
    // Another tab of the shop, granted meanwhile, started a session of its own (typed in).
    // biome-ignore lint/suspicious/noDocumentCookie: the other tab's cookies
    document.cookie = `sbjs_session=${encodeURIComponent(`pgs=1|||cpg=${location.origin}/`)}; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: the other tab's cookies
    document.cookie = `sbjs_current=${encodeURIComponent('typ=typein|||src=(direct)|||mdm=(none)')}; path=/`;
    setConsent({ marketing: 'granted' });
    expect(cookieText('sbjs_current')).to.match(/^typ=referral\|\|\|src=blog\.example\|\|\|mdm=referral\|/);
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${AT_X}\\|`));
    expect($attribution.get().values).to.include({
      source_type: 'referral',
      session_start_time: AT_X,
    });
  });

  it('tracking switched on later (setOrderTracking) also starts the session then', () => {
    setConsent({ marketing: 'granted' });
    start('', { allowTracking: false });
    expect(document.cookie).to.not.contain('sbjs_');
    clock.tick(X);
    controller!.setAllowTracking(true);
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${AT_X}\\|`));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|/);
    expect(jar.expires('sbjs_session')).to.equal('Fri, 01 Jan 2027 00:30:00 GMT');
  });

  it('consent already given at load: the session starts at load, and its cookie is gone 30 minutes later', () => {
    setConsent({ marketing: 'granted' });
    start();
    clock.tick(X);
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${AT_LOAD}\\|`));
    expect(jar.expires('sbjs_session')).to.equal('Fri, 01 Jan 2027 00:22:30 GMT');
    expect($attribution.get().values.session_start_time).to.equal(AT_LOAD);
    // spec §5: the session ends 30 minutes after the page view, in the new year; the rest stays.
    clock.tick(30 * 60_000 - X - 1);
    expect(cookieText('sbjs_session')).to.equal(`pgs=1|||cpg=${LANDING}`);
    clock.tick(1);
    expect(cookieText('sbjs_session')).to.equal(undefined);
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|/);
  });

  it('a grant after a denial on the same page starts afresh at the second grant', () => {
    start();
    clock.tick(X);
    setConsent({ marketing: 'granted' });
    setConsent({ marketing: 'denied' });
    expect(document.cookie).to.not.contain('sbjs_');
    clock.tick(X);
    setConsent({ marketing: 'granted' });
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${AT_2X}\\|`));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|/);
    expect(cookieText('sbjs_session')).to.equal(`pgs=1|||cpg=${LANDING}`);
  });
});
