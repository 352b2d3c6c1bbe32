import { expect } from '@open-wc/testing';
import {
  createCookieStore,
  createMemoryStore,
  domainAttribute,
} from '../../../shared/tracking/cookie-store.ts';
import {
  decodeCookieValue,
  encodeCookieValue,
  formatFireDate,
  readQuery,
  resolveOptions,
  runSourcebuster,
  type SbjsEnvironment,
  type SbjsOptions,
} from '../../../shared/tracking/sourcebuster.ts';
import { localTime } from '../../helpers/clock.ts';
import { type CookieClock, clearCookies, cookieJar, judgeCookiesBy } from './cookie-jar.ts';

// Cookie contents for each traffic case (spec §3 Attribution cookies, §5 Traffic source, §9 Attribution).
const T0 = Date.UTC(2026, 0, 15, 10, 20, 30);
const UA = 'TestAgent/1.0';
const SITE = 'https://www.shop.example';

function env(path: string, referrer = '', at = T0): SbjsEnvironment {
  return { href: SITE + path, referrer, userAgent: UA, now: new Date(at) };
}

function visit(
  e: SbjsEnvironment,
  options: SbjsOptions = {},
  store = createMemoryStore(undefined, () => e.now.getTime()),
) {
  const p = resolveOptions({ timezoneOffset: 0, ...options }, new URL(e.href).hostname);
  const get = runSourcebuster(store, e, p, () => 0.5);
  return { get, store, p };
}

const NONE7 = 'cmp=(none)|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)';

describe('sourcebuster-compatible attribution engine', () => {
  describe('traffic classification', () => {
    it('direct (typein) visit: (direct)/(none) with every container', () => {
      const { store } = visit(env('/'));
      expect(store.get('sbjs_current')).to.equal(`typ=typein|||src=(direct)|||mdm=(none)|||${NONE7}`);
      expect(store.get('sbjs_first')).to.equal(store.get('sbjs_current'));
      expect(store.get('sbjs_current_add')).to.equal(`fd=2026-01-15 10:20:30|||ep=${SITE}/|||rf=(none)`);
      expect(store.get('sbjs_first_add')).to.equal(store.get('sbjs_current_add'));
      expect(store.get('sbjs_udata')).to.equal(`vst=1|||uip=(none)|||uag=${UA}`);
      expect(store.get('sbjs_session')).to.equal(`pgs=1|||cpg=${SITE}/`);
      expect(store.get('sbjs_migrations')).to.equal('1418474375998=1');
      expect(store.get('sbjs_promo')).to.equal(null);
    });

    const engines: [string, string][] = [
      ['https://www.google.com/', 'google'],
      ['https://www.google.co.uk/search?q=shoes', 'google'],
      ['https://yandex.ru/search/?text=shoes', 'yandex'],
      ['https://www.bing.com/search?q=shoes', 'bing'],
      ['https://search.yahoo.com/search?p=shoes', 'yahoo'],
      ['https://www.about.com/?q=shoes', 'about'],
      ['https://search.aol.com/aol/search?q=shoes', 'aol'],
      ['https://www.ask.com/web?q=shoes', 'ask'],
      ['https://www.globososo.com/?q=shoes', 'globo'],
      ['https://go.mail.ru/search?q=shoes', 'go.mail.ru'],
      ['https://nova.rambler.ru/search?query=shoes', 'rambler'],
      ['https://search.tut.by/?query=shoes', 'tut.by'],
    ];
    for (const [referrer, source] of engines) {
      it(`organic search from ${source} (${new URL(referrer).hostname})`, () => {
        const { store } = visit(env('/shoes/', referrer));
        expect(store.get('sbjs_current')).to.equal(`typ=organic|||src=${source}|||mdm=organic|||${NONE7}`);
        expect(store.get('sbjs_current_add')).to.equal(
          `fd=2026-01-15 10:20:30|||ep=${SITE}/shoes/|||rf=${referrer}`,
        );
      });
    }

    it('a search engine host without its query parameter is a referral, not organic', () => {
      const { store } = visit(env('/', 'https://www.bing.com/maps'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=referral|||src=bing.com|||mdm=referral|||cmp=(none)|||cnt=/maps|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
      );
    });

    it('referral keeps the host without www. and the referrer path as content', () => {
      const { store } = visit(env('/', 'https://www.blog.example/posts/best-shoes?x=1'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=referral|||src=blog.example|||mdm=referral|||cmp=(none)|||cnt=/posts/best-shoes|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
      );
    });

    it('referral rewrites: t.co is twitter.com, plus.url.google.com is plus.google.com', () => {
      expect(visit(env('/', 'https://t.co/abc')).store.get('sbjs_current')).to.match(
        /^typ=referral\|\|\|src=twitter\.com\|\|\|mdm=referral\|\|\|cmp=\(none\)\|\|\|cnt=\/abc\|/,
      );
      expect(visit(env('/', 'https://plus.url.google.com/url?q=x')).store.get('sbjs_current')).to.match(
        /^typ=referral\|\|\|src=plus\.google\.com\|\|\|mdm=referral\|\|\|cmp=\(none\)\|\|\|cnt=\/url\|/,
      );
    });

    it('utm with every parameter, values kept raw (percent-encoded as in the URL)', () => {
      const query =
        '?utm_source=news%20letter&utm_medium=email&utm_campaign=spring&utm_content=hero&utm_term=red+shoes' +
        '&utm_id=42&utm_source_platform=dv360&utm_creative_format=banner&utm_marketing_tactic=remarketing';
      const { store } = visit(env(`/sale/${query}`, 'https://mail.example/'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=utm|||src=news%20letter|||mdm=email|||cmp=spring|||cnt=hero|||trm=red+shoes|||id=42|||plt=dv360|||fmt=banner|||tct=remarketing',
      );
    });

    it('a utm parameter alone is enough; missing ones are (none)', () => {
      const { store, get } = visit(env('/?utm_campaign=x'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=utm|||src=(none)|||mdm=(none)|||cmp=x|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
      );
      expect(get.current.cmp).to.equal('x');
    });

    it('utm_source_platform alone marks utm traffic', () => {
      const { store } = visit(env('/?utm_source_platform=sa360'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=utm|||src=(none)|||mdm=(none)|||cmp=(none)|||cnt=(none)|||trm=(none)|||id=(none)|||plt=sa360|||fmt=(none)|||tct=(none)',
      );
    });

    it('gclid: google / cpc / google_cpc', () => {
      const { store } = visit(env('/?gclid=abc'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=utm|||src=google|||mdm=cpc|||cmp=google_cpc|||cnt=(none)|||trm=(none)|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
      );
    });

    it('yclid: yandex / cpc / yandex_cpc, term from the yandex referrer text', () => {
      const { store } = visit(env('/?yclid=1', 'https://yandex.ru/clck/?text=boots'));
      expect(store.get('sbjs_current')).to.equal(
        'typ=utm|||src=yandex|||mdm=cpc|||cmp=yandex_cpc|||cnt=(none)|||trm=boots|||id=(none)|||plt=(none)|||fmt=(none)|||tct=(none)',
      );
    });

    it('an empty utm_id is (none) while an empty utm_source stays empty, as sourcebuster reads them', () => {
      const { store } = visit(env('/?utm_source=&utm_id='));
      expect(store.get('sbjs_current')).to.match(/^typ=utm\|\|\|src=\|\|\|mdm=\(none\).*\|\|\|id=\(none\)\|/);
      expect(readQuery('utm_source')).to.deep.equal({ utm_source: undefined });
      expect(readQuery('a=1&a=2&b=x=y')).to.deep.equal({ a: '1,2', b: 'x' });
    });
  });

  describe('sessions and returning visitors', () => {
    it('internal navigation keeps the source and counts pages', () => {
      const store = createMemoryStore(undefined, () => T0);
      visit(env('/?utm_source=ads&utm_medium=cpc'), {}, store);
      const before = store.get('sbjs_current');
      const addBefore = store.get('sbjs_current_add');
      visit(env('/product/1/', `${SITE}/?utm_source=ads&utm_medium=cpc`, T0 + 60_000), {}, store);
      visit(env('/cart/', `${SITE}/product/1/`, T0 + 120_000), {}, store);
      expect(store.get('sbjs_current')).to.equal(before);
      expect(store.get('sbjs_current_add')).to.equal(addBefore);
      expect(store.get('sbjs_session')).to.equal(`pgs=3|||cpg=${SITE}/cart/`);
      expect(store.get('sbjs_udata')).to.equal(`vst=1|||uip=(none)|||uag=${UA}`);
    });

    it('a subdomain of the site is internal, another site is not', () => {
      const store = createMemoryStore(undefined, () => T0);
      visit(env('/'), {}, store);
      visit(env('/x', 'https://blog.shop.example/post', T0 + 1000), {}, store);
      expect(store.get('sbjs_current')).to.match(/^typ=typein/);
    });

    it('a referral in the middle of a session does not replace the source, organic does', () => {
      const store = createMemoryStore(undefined, () => T0);
      visit(env('/'), {}, store);
      visit(env('/a', 'https://blog.example/', T0 + 1000), {}, store);
      expect(store.get('sbjs_current')).to.match(/^typ=typein/);
      visit(env('/b', 'https://www.google.com/', T0 + 2000), {}, store);
      expect(store.get('sbjs_current')).to.match(/^typ=organic\|\|\|src=google/);
      expect(store.get('sbjs_first')).to.match(/^typ=typein/);
    });

    it('after the 30-minute session window a referral starts a new source and a new visit', () => {
      let now = T0;
      const store = createMemoryStore(undefined, () => now);
      visit(env('/'), {}, store);
      now = T0 + 29 * 60_000;
      visit(env('/a', `${SITE}/`, now), {}, store);
      expect(store.get('sbjs_session')).to.equal(`pgs=2|||cpg=${SITE}/a`);
      now += 31 * 60_000;
      visit(env('/b', 'https://blog.example/review', now), {}, store);
      expect(store.get('sbjs_current')).to.match(/^typ=referral\|\|\|src=blog\.example/);
      expect(store.get('sbjs_first')).to.match(/^typ=typein/);
      expect(store.get('sbjs_session')).to.equal(`pgs=1|||cpg=${SITE}/b`);
      expect(store.get('sbjs_udata')).to.equal(`vst=2|||uip=(none)|||uag=${UA}`);
      expect(store.get('sbjs_current_add')).to.equal(
        `fd=2026-01-15 11:20:30|||ep=${SITE}/b|||rf=https://blog.example/review`,
      );
      expect(store.get('sbjs_first_add')).to.equal(`fd=2026-01-15 10:20:30|||ep=${SITE}/|||rf=(none)`);
    });

    it('a returning direct visitor keeps the old source and counts a new visit', () => {
      let now = T0;
      const store = createMemoryStore(undefined, () => now);
      visit(env('/?utm_source=ads'), {}, store);
      now += 3 * 24 * 3600_000;
      visit(env('/', '', now), {}, store);
      expect(store.get('sbjs_current')).to.match(/^typ=utm\|\|\|src=ads/);
      expect(store.get('sbjs_udata')).to.match(/^vst=2\|/);
      expect(store.get('sbjs_session')).to.equal(`pgs=1|||cpg=${SITE}/`);
    });

    it('custom session length and promo code range', () => {
      let now = T0;
      const store = createMemoryStore(undefined, () => now);
      visit(env('/'), { sessionLength: 5, promocode: { min: 5, max: 50 } }, store);
      // floor(0.5 * (50 - 5 + 1)) + 5, padded to the width of max
      expect(store.get('sbjs_promo')).to.equal('code=28');
      now += 6 * 60_000;
      visit(env('/a', `${SITE}/`, now), { sessionLength: 5 }, store);
      expect(store.get('sbjs_udata')).to.match(/^vst=2\|/);
      expect(resolveOptions({ promocode: true }).promocode).to.deep.equal({ min: 100000, max: 999999 });
    });

    it('defaults: 6 months of 30 days, 30-minute sessions', () => {
      const p = resolveOptions({}, 'www.shop.example');
      expect(p.lifetimeMinutes).to.equal(6 * 30 * 24 * 60);
      expect(p.sessionLength).to.equal(30);
      expect(p.domain).to.deep.equal({ host: 'shop.example', isolate: false });
      expect(p.cookiePrefix).to.equal('sbjs_');
    });

    it('a custom cookie prefix names every container', () => {
      const { store } = visit(env('/'), { cookiePrefix: 'shop_' });
      expect(store.get('shop_current')).to.match(/^typ=typein/);
      expect(store.get('sbjs_current')).to.equal(null);
    });
  });

  describe('cookie encoding', () => {
    // The cookies are written at T0, by whose clock their expiries are judged (issue 28).
    let jar: CookieClock;
    beforeEach(() => {
      jar = judgeCookiesBy(() => T0);
    });
    afterEach(() => {
      clearCookies();
      jar.restore();
    });

    const raw = (name: string) => cookieJar()[name];

    it('writes sourcebuster-encoded values (base64 off)', () => {
      const e = env('/?utm_source=a(b)&utm_medium=it%27s');
      const p = resolveOptions({ timezoneOffset: 0 }, 'localhost');
      runSourcebuster(createCookieStore({ base64: false, domain: p.domain, now: () => T0 }), e, p);
      expect(raw('sbjs_current')).to.equal(
        'typ%3Dutm%7C%7C%7Csrc%3Da%28b%29%7C%7C%7Cmdm%3Dit%2527s%7C%7C%7Ccmp%3D%28none%29%7C%7C%7Ccnt%3D%28none%29%7C%7C%7Ctrm%3D%28none%29%7C%7C%7Cid%3D%28none%29%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
      );
      expect(raw('sbjs_migrations')).to.equal('1418474375998%3D1');
      // spec §5: the session for 30 minutes, the rest for 6 months of 30 days, from T0.
      expect(jar.expires('sbjs_session')).to.equal('Thu, 15 Jan 2026 10:50:30 GMT');
      expect(jar.expires('sbjs_current')).to.equal('Tue, 14 Jul 2026 10:20:30 GMT');
      expect(raw('sbjs_session')).to.equal(
        'pgs%3D1%7C%7C%7Ccpg%3Dhttps%3A%2F%2Fwww.shop.example%2F%3Futm_source%3Da%28b%29%26utm_medium%3Dit%2527s',
      );
    });

    it('writes base64 without padding when base64 is on, and reads both formats', () => {
      const e = env('/');
      const p = resolveOptions({ timezoneOffset: 0, base64: true }, 'localhost');
      const store = createCookieStore({ base64: true, domain: p.domain, now: () => T0 });
      runSourcebuster(store, e, p);
      const expected = btoa(
        encodeURIComponent(`vst=1|||uip=(none)|||uag=${UA}`).replace(/[()]/g, (c) =>
          c === '(' ? '%28' : '%29',
        ),
      ).replace(/=+$/, '');
      expect(raw('sbjs_udata')).to.equal(expected);
      expect(raw('sbjs_udata')).to.not.match(/=$/);
      expect(store.get('sbjs_udata')).to.equal(`vst=1|||uip=(none)|||uag=${UA}`);
      expect(decodeCookieValue(encodeCookieValue('typ=utm|||src=x', false))).to.equal('typ=utm|||src=x');
      expect(decodeCookieValue(encodeCookieValue('typ=utm|||src=x', true))).to.equal('typ=utm|||src=x');
    });

    it('parses values decoded twice, as sbjs.get does', () => {
      const { get } = visit(env('/?utm_source=news%20letter'));
      expect(get.current.src).to.equal('news letter');
      expect(get.udata.vst).to.equal('1');
      expect(get.session.pgs).to.equal('1');
    });

    it('domain attribute: the site with a leading dot, none on localhost, IPs or when isolated', () => {
      expect(domainAttribute('shop.example', false)).to.equal(';domain=.shop.example');
      expect(domainAttribute('shop.example', true)).to.equal('');
      expect(domainAttribute('localhost', false)).to.equal('');
      expect(domainAttribute('127.0.0.1', false)).to.equal('');
    });
  });

  describe('dates at hard moments (issue 28)', () => {
    const pad = (n: number) => String(n).padStart(2, '0');

    // [what, the moment (UTC), hours from UTC, the fire date in sourcebuster's `yyyy-mm-dd hh:mm:ss`]
    const FIRE_DATES: [string, string, number, string][] = [
      [
        "New Year's Eve 23:55 in Kolkata, in UTC as WooCommerce asks",
        '2026-12-31T18:25:00Z',
        0,
        '2026-12-31 18:25:00',
      ],
      [
        'the same moment at +05:30: the half hour is kept (sourcebuster itself would drop it)',
        '2026-12-31T18:25:00Z',
        5.5,
        '2026-12-31 23:55:00',
      ],
      [
        'ten minutes later at +05:30: the year has turned',
        '2026-12-31T18:35:00Z',
        5.5,
        '2027-01-01 00:05:00',
      ],
      ['the leap-day evening in Los Angeles (-08:00)', '2028-03-01T02:00:00Z', -8, '2028-02-29 18:00:00'],
      ['the leap day ends at +01:00', '2028-02-29T23:30:00Z', 1, '2028-03-01 00:30:00'],
      [
        'the last evening of February in Auckland (+13:00)',
        '2027-02-28T08:30:00Z',
        13,
        '2027-02-28 21:30:00',
      ],
      [
        'three hours later in Auckland: February 2027 has 28 days',
        '2027-02-28T11:30:00Z',
        13,
        '2027-03-01 00:30:00',
      ],
    ];
    for (const [what, at, offset, expected] of FIRE_DATES) {
      it(`fire date (first and current visit): ${what}`, () => {
        expect(formatFireDate(new Date(at), offset)).to.equal(expected);
      });
    }

    it('the fire date at +05:30 through a whole page view: first_add and current_add on New Year’s Day', () => {
      const { get } = visit(env('/', '', Date.parse('2026-12-31T18:35:00Z')), { timezoneOffset: 5.5 });
      expect(get.first_add.fd).to.equal('2027-01-01 00:05:00');
      expect(get.current_add.fd).to.equal('2027-01-01 00:05:00');
    });

    it("without an offset, the fire date is the browser's wall clock, also across Berlin's daylight-saving switches", () => {
      // The same reading in every zone: a local date and time comes back as it was set.
      expect(formatFireDate(localTime(2026, 12, 31, 23, 55))).to.equal('2026-12-31 23:55:00');
      expect(formatFireDate(localTime(2028, 2, 29, 18, 0))).to.equal('2028-02-29 18:00:00');
      // In Europe/Berlin: 01:59:30 CET then 03:00:30 CEST a minute later (spring forward), and
      // 02:30 CEST then 02:30 CET an hour later (fall back); elsewhere, whatever the wall says.
      for (const at of [
        '2027-03-28T00:59:30Z',
        '2027-03-28T01:00:30Z',
        '2026-10-25T00:30:00Z',
        '2026-10-25T01:30:00Z',
      ]) {
        const d = new Date(at);
        const wall = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
        expect(formatFireDate(d), at).to.equal(wall);
      }
    });

    /** One visitor's page views, each at its moment `at` (UTC), which the store's clock follows. */
    function visitor() {
      let now = 0;
      const store = createMemoryStore(undefined, () => now);
      return (path: string, referrer: string, at: string) => {
        now = Date.parse(at);
        return visit(env(path, referrer, now), {}, store).get;
      };
    }

    it("spec §5: a 30-minute session runs across New Year's midnight; 30 minutes after its last page it is over", () => {
      const view = visitor();
      view('/', '', '2026-12-31T23:50:00Z');
      expect(view('/a', `${SITE}/`, '2027-01-01T00:19:00Z').session.pgs).to.equal('2');
      const get = view('/b', 'https://blog.example/review', '2027-01-01T00:49:00Z');
      expect(get.current.typ).to.equal('referral');
      expect(get.session.pgs).to.equal('1');
      expect(get.udata.vst).to.equal('2');
      expect(get.first_add.fd).to.equal('2026-12-31 23:50:00');
      expect(get.current_add.fd).to.equal('2027-01-01 00:49:00');
    });

    it("spec §5: Berlin's spring-forward night, 01:50 CET to 03:19 CEST, is 29 minutes: one session; 03:50 is a new visit", () => {
      const view = visitor();
      view('/', '', '2027-03-28T00:50:00Z');
      const inSession = view('/a', 'https://blog.example/review', '2027-03-28T01:19:00Z');
      expect(inSession.session.pgs).to.equal('2');
      expect(inSession.current.typ).to.equal('typein'); // a referral mid-session keeps the source
      const next = view('/b', 'https://blog.example/review', '2027-03-28T01:50:00Z');
      expect(next.current.typ).to.equal('referral');
      expect(next.udata.vst).to.equal('2');
      expect(next.current_add.fd).to.equal('2027-03-28 01:50:00');
    });

    it("spec §5: Berlin's fall-back night, 02:40 CEST to 02:09 CET, is 29 minutes later though the wall clock went back: one session", () => {
      const view = visitor();
      view('/?utm_source=ads', '', '2026-10-25T00:40:00Z');
      const get = view('/a', 'https://blog.example/review', '2026-10-25T01:09:00Z');
      expect(get.session.pgs).to.equal('2');
      expect(get.current.src).to.equal('ads');
      expect(get.udata.vst).to.equal('1');
    });

    // [first visit (UTC), its fire date, the last minute it is remembered, the minute it is
    // forgotten, that visit's fire date]: 6 months of 30 days are 180 days (spec §5), not months.
    const LIFETIMES: [string, string, string, string, string, string][] = [
      [
        '31 August 2026 is remembered until 27 February 2027',
        '2026-08-31T10:00:00Z',
        '2026-08-31 10:00:00',
        '2027-02-27T09:59:00Z',
        '2027-02-27T10:00:00Z',
        '2027-02-27 10:00:00',
      ],
      [
        'the leap day 29 February 2028 is remembered until 27 August',
        '2028-02-29T12:00:00Z',
        '2028-02-29 12:00:00',
        '2028-08-27T11:59:00Z',
        '2028-08-27T12:00:00Z',
        '2028-08-27 12:00:00',
      ],
    ];
    for (const [what, first, firstDate, remembered, forgotten, forgottenDate] of LIFETIMES) {
      it(`spec §5: the attribution lifetime of a first visit on ${what}`, () => {
        /** A first visit from an ad, then a direct one at `iso`. */
        const returning = (iso: string) => {
          const view = visitor();
          view('/?utm_source=ads', '', first);
          return view('/', '', iso);
        };
        const kept = returning(remembered);
        expect([kept.first.src, kept.current.src, kept.udata.vst]).to.deep.equal(['ads', 'ads', '2']);
        expect(kept.first_add.fd).to.equal(firstDate);
        const fresh = returning(forgotten);
        expect([fresh.first.typ, fresh.current.typ, fresh.udata.vst]).to.deep.equal([
          'typein',
          'typein',
          '1',
        ]);
        expect(fresh.first_add.fd).to.equal(forgottenDate);
      });
    }
  });

  describe('hostile query strings (issue 22)', () => {
    const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

    it('reads the query into a map without a prototype, ignoring Object.prototype names', () => {
      const q = readQuery('__proto__=x&constructor=y&toString=z&utm_source=news&__proto__=again');
      expect(Object.getPrototypeOf(q)).to.equal(null);
      expect(Object.keys(q)).to.deep.equal(['utm_source']);
      expect(q.utm_source).to.equal('news');
      expect(q.constructor).to.equal(undefined);
      expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
    });

    for (const key of HOSTILE) {
      it(`keeps the campaign of a landing URL with a "${key}" parameter`, () => {
        const { get } = visit(env(`/?${key}=1&utm_source=news&utm_medium=email&${key}=2`));
        expect(get.current.typ).to.equal('utm');
        expect(get.current.src).to.equal('news');
        expect(get.current.mdm).to.equal('email');
        expect(get.udata.vst).to.equal('1');
      });

      it(`classifies a visit whose only parameter is "${key}" as typed in`, () => {
        const { get } = visit(env(`/?${key}`));
        expect(get.current.typ).to.equal('typein');
      });
    }

    it('keeps a Yandex Direct term from a referrer whose query has hostile names', () => {
      const { get } = visit(
        env('/?yclid=1', 'https://yandex.ru/search/?__proto__=1&constructor=2&text=blue%20hat'),
      );
      expect(get.current.src).to.equal('yandex');
      expect(get.current.trm).to.equal('blue hat');
    });

    it('ignores cookie pairs named after Object.prototype members', () => {
      const store = createMemoryStore(undefined, () => T0);
      store.set('sbjs_udata', 'vst=3|||__proto__=x|||constructor=y|||uip=(none)|||uag=UA', 60);
      const { get } = visit(env('/'), {}, store);
      expect(Object.getPrototypeOf(get.udata)).to.equal(null);
      expect(get.udata.vst).to.equal('4');
    });
  });
});
