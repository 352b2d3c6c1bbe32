import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { setConsent } from '../../../shared/stores/consent.ts';
import { type AttributionController, startAttribution } from '../../../shared/tracking/attribution.ts';
import { createCookieStore, createMemoryStore } from '../../../shared/tracking/cookie-store.ts';
import { decodeData, encodeData } from '../../../shared/tracking/sourcebuster.ts';
import { FUZZ_SEED } from '../../helpers/fuzz.ts';
import { type CookieClock, clearCookies, judgeCookiesBy, cookieJar as sbjsJar } from './cookie-jar.ts';
import { type Jar, type ModelPage, modelPageView, sbDecode, sbEncode } from './sourcebuster-model.ts';

// The fixed seed of every fuzz run (test/helpers/fuzz.ts): the same cases in every run and engine.
fc.configureGlobal({ seed: FUZZ_SEED });

// Issue 11 item 11: attribution cookies byte for byte as WooCommerce's sourcebuster fork writes
// them (spec §3 Attribution cookies), on the landing page and on every later page, for values
// with `' ( ) ! ~ *` and their escapes. The expected bytes come from an independent model of
// sourcebuster (./sourcebuster-model.ts); each page re-runs our init over the cookies left by
// the page before, with consent given before the page or after it loaded. The visit starts at a
// fixed moment (issue 28), by whose clock the cookies' expiries are judged (./cookie-jar.ts).

const T0 = Date.UTC(2027, 0, 15, 10, 20, 30);
const atT0 = () => T0;
/** The moment of the page being viewed, by which the cookies' expiries are judged. */
let pageNow = T0;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) it's ~*!";

/** Pieces of hostile query values, as typed into a link (the browser normalises the URL). */
const TOKENS = [
  "valentine's",
  'valentine%27s',
  "'",
  '(',
  ')',
  '!',
  '~',
  '*',
  '%21',
  '%7E',
  '%7e',
  '%2A',
  '%2a',
  '%27',
  '%28',
  '%29',
  '%2527',
  '%252527',
  '%25',
  '%',
  '%ZZ',
  '%E9',
  'é',
  'caf%C3%A9',
  '+',
  ' ',
  '%20',
  '|',
  '|||',
  '=',
  ';',
  ',',
  '"',
  '<',
  '>',
  '[',
  ']',
  '`',
  '^',
  '\\',
  '/',
  '?',
  '@',
  'a',
  'Z',
  '7',
  '-',
  '_',
  '.',
];

const url = (path: string) => new URL(path, location.origin).href;

type Grant = 'before load' | 'after load';

/** One page view through our init (consent before or after the page loaded); returns the raw cookies. */
function ourPageView(page: ModelPage, base64: boolean, grant: Grant): Record<string, string> {
  setConsent({ marketing: grant === 'before load' ? 'granted' : 'denied' });
  let controller: AttributionController | undefined;
  pageNow = page.now;
  try {
    controller = startAttribution({
      env: { href: page.href, referrer: page.referrer, userAgent: page.userAgent, now: new Date(page.now) },
      params: { base64 },
      now: () => page.now,
    });
    if (grant === 'after load') setConsent({ marketing: 'granted' });
    return sbjsJar();
  } finally {
    controller?.stop();
  }
}

/** A visit: each page through our init and through the model, the raw cookies compared after each. */
function compareVisit(pages: ModelPage[], base64: boolean, grant: Grant): void {
  clearCookies();
  const jar: Jar = new Map();
  pages.forEach((page, i) => {
    const ours = ourPageView(page, base64, grant);
    modelPageView(jar, page, base64);
    expect(ours, `page ${i + 1}: ${page.href}`).to.deep.equal(Object.fromEntries(jar));
  });
}

/** Landing page with utm parameters, then two internal pages. */
function utmVisit(a: string, b: string): ModelPage[] {
  const landing = url(
    `/landing/?utm_source=${a}&utm_medium=email&utm_campaign=${b}&utm_term=${a}&utm_id=${b}`,
  );
  const product = url(`/product/?q=${b}`);
  return [
    { href: landing, referrer: 'https://mail.example/inbox?x=(1)', userAgent: UA, now: T0 },
    { href: product, referrer: landing, userAgent: UA, now: T0 + 60_000 },
    { href: url('/cart/'), referrer: product, userAgent: UA, now: T0 + 120_000 },
  ];
}

/** A referral whose path carries the value, then an internal page. */
function referralVisit(a: string): ModelPage[] {
  const landing = url(`/?from=${a}`);
  return [
    { href: landing, referrer: `https://blog.example/posts/${a}`, userAgent: UA, now: T0 },
    { href: url(`/shop/${a}`), referrer: landing, userAgent: UA, now: T0 + 60_000 },
  ];
}

describe('attribution cookies byte for byte (issue 11 item 11)', () => {
  let written: CookieClock;
  beforeEach(() => {
    pageNow = T0;
    written = judgeCookiesBy(() => pageNow);
    clearCookies();
    setConsent({ statistics: 'denied', marketing: 'denied' });
  });
  afterEach(() => {
    setConsent({ statistics: 'denied', marketing: 'denied' });
    clearCookies();
    written.restore();
  });

  it("decodeData turns %21 %7E %2A %27 %28 %29 back into ! ~ * ' ( ) after decoding, as sourcebuster does", () => {
    expect(decodeData('valentine%2527s')).to.equal("valentine's");
    expect(decodeData('%2521%257E%252A%2527%2528%2529')).to.equal("!~*'()");
    // upper case only, and only in the decoded text
    expect(decodeData('%257e%252a')).to.equal('%7e%2a');
    expect(decodeData('%27')).to.equal("'");
    // malformed: unescape, without the replacements
    expect(decodeData('%E9%2527')).to.equal('é%27');
    for (const s of ["valentine's", '50%', '%ZZ', 'a%27b', 'x%2527', '%E9'])
      expect(decodeData(s)).to.equal(sbDecode(s));
    expect(encodeData("valentine's (all) ~*!")).to.equal(sbEncode("valentine's (all) ~*!"));
  });

  for (const base64 of [false, true]) {
    for (const grant of ['before load', 'after load'] as const) {
      const label = `base64 ${base64 ? 'on' : 'off'}, consent ${grant}`;

      it(`utm_campaign=valentine's (as typed and as %27): same bytes on the first and every later page (${label})`, () => {
        compareVisit(utmVisit("valentine's", 'valentine%27s'), base64, grant);
        compareVisit(utmVisit('(summer)!~*', '%28summer%29%21%7E%2A'), base64, grant);
      });

      it(`hostile utm values and referrer paths: same bytes on every page (property, ${label})`, () => {
        const value = fc
          .array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 6 })
          .map((t) => t.join(''));
        fc.assert(
          fc.property(value, value, (a, b) => {
            compareVisit(utmVisit(a, b), base64, grant);
            compareVisit(referralVisit(a), base64, grant);
          }),
          { numRuns: 25 },
        );
      });
    }
  }

  it("a visit across New Year's midnight and one into a leap day: same bytes, first visit dated on the landing page (issue 28)", () => {
    // [the landing page (UTC), its fire date, the session's expiry 30 minutes after the third page]
    for (const [start, landed, sessionEnd] of [
      [Date.UTC(2026, 11, 31, 23, 59, 30), '2026-12-31 23:59:30', 'Fri, 01 Jan 2027 00:31:30 GMT'],
      [Date.UTC(2028, 1, 28, 23, 59, 30), '2028-02-28 23:59:30', 'Tue, 29 Feb 2028 00:31:30 GMT'],
    ] as const) {
      const pages = utmVisit('news', 'eve').map((page, i) => ({ ...page, now: start + i * 60_000 }));
      compareVisit(pages, false, 'after load');
      // The pages after the landing one keep its fire date; each one moves the session's end on.
      const text = (name: string) => decodeURIComponent(sbjsJar()[name]);
      expect(text('sbjs_first_add')).to.match(new RegExp(`^fd=${landed}\\|`));
      expect(text('sbjs_current_add')).to.match(new RegExp(`^fd=${landed}\\|`));
      expect(written.expires('sbjs_session')).to.equal(sessionEnd);
    }
  });

  it('the first page writes first from the read-back current, as sourcebuster does (current %2527, first %27)', () => {
    const [landing] = utmVisit('news', 'valentine%27s');
    const jar = ourPageView(landing, false, 'after load');
    expect(jar.sbjs_current).to.contain('cmp%3Dvalentine%2527s');
    expect(jar.sbjs_first).to.contain('cmp%3Dvalentine%27s');
  });

  it('cookies from sourcebuster before 1.0 (| delimiter) migrate to the same bytes', () => {
    const old = (text: string) => sbEncode(text);
    const seed = () => {
      clearCookies();
      // biome-ignore lint/suspicious/noDocumentCookie: cookies an old sourcebuster left
      document.cookie = `sbjs_current=${old("typ=utm|src=it%27s|mdm=(x)|cmp=valentine's")}; path=/`;
      // biome-ignore lint/suspicious/noDocumentCookie: cookies an old sourcebuster left
      document.cookie = `sbjs_first=${old('typ=typein|src=(direct)|mdm=(none)')}; path=/`;
      // biome-ignore lint/suspicious/noDocumentCookie: cookies an old sourcebuster left
      document.cookie = `sbjs_session=${old('pgs=3|cpg=https://old.example/a%27b')}; path=/`;
    };
    seed();
    const jar: Jar = new Map(Object.entries(sbjsJar()));
    const page: ModelPage = { href: url('/x/?q=%27'), referrer: url('/'), userAgent: UA, now: T0 };
    const ours = ourPageView(page, false, 'before load');
    modelPageView(jar, page, false);
    expect(ours).to.deep.equal(Object.fromEntries(jar));
  });

  it('a value read back from the memory store makes the same round trip as a cookie read', () => {
    const domain = { host: location.hostname, isolate: false };
    const cookies = createCookieStore({ base64: false, domain, now: atT0 });
    const cookies64 = createCookieStore({ base64: true, domain, now: atT0 });
    const text = fc.oneof(
      fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }).map((t) => t.join('')),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (value, base64) => {
        const memory = createMemoryStore(() => null, atT0, base64);
        const store = base64 ? cookies64 : cookies;
        memory.set('sbjs_x', `cmp=${value}`, 10);
        store.set('sbjs_x', `cmp=${value}`, 10);
        expect(memory.get('sbjs_x')).to.equal(store.get('sbjs_x'));
      }),
      { numRuns: 200 },
    );
    cookies.remove('sbjs_x');
    expect(createMemoryStore(() => null).get('sbjs_none')).to.equal(null);
    const memory = createMemoryStore(() => null, atT0);
    memory.set('sbjs_current', 'cmp=valentine%27s', 10);
    expect(memory.get('sbjs_current')).to.equal("cmp=valentine's");
  });
});
