/**
 * An executable model of WooCommerce's sourcebuster fork (woocommerce/sourcebuster-js 1.1.x:
 * `src/js/helpers/cookies.js`, `init.js`, `migrations.js`, `data.js`), written from that source
 * for the byte-for-byte tests of issue 11 item 11. It shares no code with shared/tracking on
 * purpose: the expected cookie bytes must not come from the code under test.
 *
 * The jar maps raw cookie names to raw cookie values, as `document.cookie` shows them. The
 * model runs `sbjs.init` as WooCommerce calls it (`timezone_offset: '0'`, no promo code, no
 * custom organics or referrals) for utm, referral (without the t.co / plus.google rewrites),
 * typed-in and internal traffic; search-engine referrers are not modelled. Expiries are not
 * modelled either: the tests' pages are minutes apart.
 */

export type Jar = Map<string, string>;

export interface ModelPage {
  /** `document.location.href` (already normalised by the browser). */
  href: string;
  referrer: string;
  userAgent: string;
  /** The page's `new Date` in ms. */
  now: number;
}

const DELIMITER = '|||';
const NONE = '(none)';
const MIGRATION = '1418474375998';

/** cookies.js encodeData. */
export function sbEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/!/g, '%21')
    .replace(/~/g, '%7E')
    .replace(/\*/g, '%2A')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29');
}

/** cookies.js decodeData. */
export function sbDecode(s: string): string {
  try {
    return decodeURIComponent(s)
      .replace(/%21/g, '!')
      .replace(/%7E/g, '~')
      .replace(/%2A/g, '*')
      .replace(/%27/g, "'")
      .replace(/%28/g, '(')
      .replace(/%29/g, ')');
  } catch {
    try {
      return unescape(s);
    } catch {
      return '';
    }
  }
}

/** cookies.js set/get/destroy/parse over a jar. `value` is concatenated as JavaScript would (null gives "null"). */
export class ModelCookies {
  constructor(
    readonly jar: Jar,
    readonly base64: boolean,
  ) {}

  set(name: string, value: unknown): void {
    let content = sbEncode(`${value}`);
    if (this.base64) content = btoa(content).replace(/=+$/, '');
    this.jar.set(sbEncode(name), content);
  }

  get(name: string): string | null {
    let content = this.jar.get(sbEncode(name));
    if (content === undefined) return null;
    if (/^[A-Za-z0-9+/]+$/.test(content)) {
      try {
        content = atob(content.padEnd(Math.ceil(content.length / 4) * 4, '='));
      } catch {
        // not base64: kept as it is
      }
    }
    return sbDecode(content);
  }

  destroy(name: string): void {
    this.jar.delete(sbEncode(name));
  }

  /** `cookies.parse` of one container: each value decoded once more. */
  parse(name: string): Record<string, string> {
    const out: Record<string, string> = {};
    const text = this.get(name);
    for (const pair of text ? text.split(DELIMITER) : []) {
      const [key, ...rest] = pair.split('=');
      out[key] = sbDecode(rest.join('='));
    }
    return out;
  }
}

/** uri.getParam over `location.search.substring(1)`. */
function getParam(query: string): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const part of query.split('&')) {
    const [key, value] = part.split('=');
    const seen = out[key];
    if (typeof seen === 'undefined') out[key] = value;
    else if (typeof seen === 'string') out[key] = [seen, value as string];
    else seen.push(value as string);
  }
  return out;
}

const getHost = (url: string) => new URL(url).hostname.replace('www.', '');

/** utils.setDate with offset 0 (UTC). */
function fireDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** One page view of `sbjs.init(...)`: writes into the jar as sourcebuster would. */
export function modelPageView(jar: Jar, page: ModelPage, base64 = false): void {
  const c = new ModelCookies(jar, base64);
  const url = new URL(page.href);
  const domain = url.hostname.replace('www.', '');
  const q = getParam(url.search.substring(1));

  // migrations.go
  if (!c.get('sbjs_first') && !c.get('sbjs_migrations')) {
    c.set('sbjs_migrations', `${MIGRATION}=1`);
  } else if (!c.get('sbjs_migrations')) {
    const names = [
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_session',
      'sbjs_udata',
      'sbjs_promo',
    ];
    for (const name of names) {
      const value = c.get(name);
      if (value) {
        const buffer = value.replace(/(\|)?\|(\|)?/g, (m, a, b) => (a || b ? m : DELIMITER));
        c.destroy(name);
        c.set(name, buffer);
      }
    }
    if (c.get('sbjs_session')) c.set('sbjs_session', `pgs=0${DELIMITER}cpg=${page.href}`);
    c.set('sbjs_migrations', `${MIGRATION}=1`);
  }

  const extra = () =>
    `fd=${fireDate(page.now)}${DELIMITER}ep=${page.href}${DELIMITER}rf=${page.referrer || NONE}`;
  const setExtra = () => {
    c.set('sbjs_current_add', extra());
    if (!c.get('sbjs_first_add')) c.set('sbjs_first_add', extra());
  };
  const main = (f: unknown[]) =>
    ['typ', 'src', 'mdm', 'cmp', 'cnt', 'trm', 'id', 'plt', 'fmt', 'tct']
      .map((alias, i) => `${alias}=${f[i]}`)
      .join(DELIMITER);
  const has = (key: string) => typeof q[key] !== 'undefined';
  const external = () => {
    if (!page.referrer) return false;
    const re = new RegExp(`^(?:.*\\.)?${domain.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&')}$`, 'i');
    return !re.test(getHost(page.referrer));
  };

  let current: unknown;
  const utmKeys = [
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_content',
    'utm_term',
    'utm_id',
    'utm_source_platform',
    'utm_creative_format',
    'utm_marketing_tactic',
    'gclid',
    'yclid',
  ];
  if (utmKeys.some(has)) {
    setExtra();
    const pick = (key: string, gclid: string, yclid: string) =>
      has(key) ? q[key] : has('gclid') ? gclid : has('yclid') ? yclid : NONE;
    current = main([
      'utm',
      pick('utm_source', 'google', 'yandex'),
      pick('utm_medium', 'cpc', 'cpc'),
      pick('utm_campaign', 'google_cpc', 'yandex_cpc'),
      has('utm_content') ? q.utm_content : NONE,
      has('utm_term') ? q.utm_term : NONE,
      q.utm_id || NONE,
      q.utm_source_platform || NONE,
      q.utm_creative_format || NONE,
      q.utm_marketing_tactic || NONE,
    ]);
  } else if (!c.get('sbjs_session') && external()) {
    setExtra();
    current = main([
      'referral',
      getHost(page.referrer),
      'referral',
      NONE,
      new URL(page.referrer).pathname,
      NONE,
      NONE,
      NONE,
      NONE,
      NONE,
    ]);
  } else if (!c.get('sbjs_first') && !c.get('sbjs_current')) {
    setExtra();
    current = main(['typein', '(direct)', '(none)', NONE, NONE, NONE, NONE, NONE, NONE, NONE]);
  } else {
    current = c.get('sbjs_current');
  }

  c.set('sbjs_current', current);
  if (!c.get('sbjs_first')) c.set('sbjs_first', c.get('sbjs_current'));

  let visits = 1;
  if (c.get('sbjs_udata')) {
    visits = Number.parseInt(c.parse('sbjs_udata').vst, 10) || 1;
    if (!c.get('sbjs_session')) visits += 1;
  }
  c.set('sbjs_udata', `vst=${visits}${DELIMITER}uip=${NONE}${DELIMITER}uag=${page.userAgent}`);

  let pages = 1;
  if (c.get('sbjs_session')) pages = (Number.parseInt(c.parse('sbjs_session').pgs, 10) || 1) + 1;
  c.set('sbjs_session', `pgs=${pages}${DELIMITER}cpg=${page.href}`);
}
