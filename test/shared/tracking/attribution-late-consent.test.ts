import { expect } from '@open-wc/testing';
import { setConsent } from '../../../shared/stores/consent.ts';
import {
  $attribution,
  type AttributionController,
  startAttribution,
} from '../../../shared/tracking/attribution.ts';
import { type FakeClock, fakeClock } from '../../helpers/clock.ts';

// Issue 11 item 12: consent given after the page loaded. WooCommerce's script starts
// sourcebuster only when tracking is allowed, so the session start time (fire dates) and every
// cookie expiry are those of the grant; the visit's source is the one classified at load
// (spec §4 Attribution: nothing is written before consent, and a late consent loses no UTM).

// Near the real time: the browser drops cookies whose expiry has passed.
const T0 = Math.floor(Date.now() / 1000) * 1000;
const X = 7 * 60_000 + 30_000;
const SESSION_MS = 30 * 60_000;
const LIFETIME_MS = 6 * 30 * 24 * 60 * 60_000;
const LANDING = `${location.origin}/landing/?utm_source=news&utm_medium=email&utm_campaign=spring`;

/** `yyyy-mm-dd hh:mm:ss` in UTC (WooCommerce passes timezone_offset '0'). */
const fireDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests clear the raw cookies they made
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** The decoded text of an sbjs cookie, or undefined. */
function cookieText(name: string): string | undefined {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

/** Records every `document.cookie` write (the expiry cannot be read back from the jar). */
function recordCookieWrites(): { expiries(): Record<string, number>; restore(): void } {
  let holder: object | null = Object.getPrototypeOf(document);
  let accessor: PropertyDescriptor | undefined;
  while (holder && !accessor) {
    accessor = Object.getOwnPropertyDescriptor(holder, 'cookie');
    holder = Object.getPrototypeOf(holder);
  }
  const { get, set } = accessor!;
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => get!.call(document),
    set: (text: string) => {
      writes.push(text);
      set!.call(document, text);
    },
  });
  return {
    /** The last expiry written per sbjs cookie, in ms. */
    expiries() {
      const out: Record<string, number> = {};
      for (const text of writes) {
        const name = text.slice(0, text.indexOf('='));
        const expires = /;\s*expires=([^;]+)/i.exec(text)?.[1];
        if (name.startsWith('sbjs_') && expires) out[name] = Date.parse(expires);
      }
      return out;
    },
    restore() {
      Reflect.deleteProperty(document, 'cookie');
    },
  };
}

describe('attribution with consent given after the page loaded (issue 11 item 12)', () => {
  let controller: AttributionController | undefined;
  let clock: FakeClock;
  let recorder: ReturnType<typeof recordCookieWrites> | undefined;

  beforeEach(() => {
    clearCookies();
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clock = fakeClock(T0);
  });
  afterEach(() => {
    recorder?.restore();
    recorder = undefined;
    controller?.stop();
    controller = undefined;
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clearCookies();
  });

  const start = (referrer = '', params = {}, href = LANDING) =>
    (controller = startAttribution({
      env: { href, referrer, userAgent: 'UA/1' },
      params,
      now: () => clock.now(),
    }));

  it('consent at t0+X: the session starts at t0+X, expiries run from t0+X, the source is the one of load', () => {
    start('https://mail.example/inbox');
    expect(document.cookie).to.not.contain('sbjs_');
    expect($attribution.get().data?.current_add.fd).to.equal(fireDate(T0));

    clock.tick(X);
    recorder = recordCookieWrites();
    setConsent({ marketing: 'granted' });

    expect(cookieText('sbjs_current_add')).to.equal(
      `fd=${fireDate(T0 + X)}|||ep=${LANDING}|||rf=https://mail.example/inbox`,
    );
    expect(cookieText('sbjs_first_add')).to.equal(cookieText('sbjs_current_add'));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|\|\|mdm=email\|\|\|cmp=spring\|/);
    expect(cookieText('sbjs_session')).to.equal(`pgs=1|||cpg=${LANDING}`);
    expect($attribution.get().values).to.include({
      source_type: 'utm',
      utm_source: 'news',
      session_start_time: fireDate(T0 + X),
      session_pages: '1',
      session_count: '1',
    });

    const expiries = recorder.expiries();
    expect(expiries.sbjs_session).to.equal(T0 + X + SESSION_MS);
    for (const name of [
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_udata',
      'sbjs_migrations',
    ])
      expect(expiries[name], name).to.equal(T0 + X + LIFETIME_MS);
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
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${fireDate(T0 + X)}\\|`));
    expect($attribution.get().values).to.include({
      source_type: 'referral',
      session_start_time: fireDate(T0 + X),
    });
  });

  it('tracking switched on later (setOrderTracking) also starts the session then', () => {
    setConsent({ marketing: 'granted' });
    start('', { allowTracking: false });
    expect(document.cookie).to.not.contain('sbjs_');
    clock.tick(X);
    recorder = recordCookieWrites();
    controller!.setAllowTracking(true);
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${fireDate(T0 + X)}\\|`));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|/);
    expect(recorder.expiries().sbjs_session).to.equal(T0 + X + SESSION_MS);
  });

  it('consent already given at load: the session starts at load', () => {
    setConsent({ marketing: 'granted' });
    recorder = recordCookieWrites();
    start();
    clock.tick(X);
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${fireDate(T0)}\\|`));
    expect(recorder.expiries().sbjs_session).to.equal(T0 + SESSION_MS);
    expect($attribution.get().values.session_start_time).to.equal(fireDate(T0));
  });

  it('a grant after a denial on the same page starts afresh at the second grant', () => {
    start();
    clock.tick(X);
    setConsent({ marketing: 'granted' });
    setConsent({ marketing: 'denied' });
    expect(document.cookie).to.not.contain('sbjs_');
    clock.tick(X);
    setConsent({ marketing: 'granted' });
    expect(cookieText('sbjs_current_add')).to.match(new RegExp(`^fd=${fireDate(T0 + 2 * X)}\\|`));
    expect(cookieText('sbjs_current')).to.match(/^typ=utm\|\|\|src=news\|/);
    expect(cookieText('sbjs_session')).to.equal(`pgs=1|||cpg=${LANDING}`);
  });
});
