/**
 * Traffic-source classification and cookie contents compatible, byte for byte, with the cookies
 * WooCommerce's order attribution writes through its fork of sourcebuster.js (spec §3
 * Attribution cookies, §5 Traffic source, §9 Attribution), because the shop's server reads
 * them. Pure logic over a `SbjsStore`: the DOM-free engine runs against real cookies
 * (`cookie-store.ts`) or an in-memory store while consent is missing (spec §4 Attribution).
 *
 * Wire format of every container: `key=value` pairs joined by `|||`, the whole string then
 * percent-encoded (encodeURIComponent plus `! ~ * ' ( )`), optionally base64 without padding.
 */

/** spec §3: the pair delimiter inside each cookie. */
export const DELIMITER = '|||';
/** sourcebuster's placeholder for "no value". */
export const NONE = '(none)';
/** The one migration sourcebuster knows (pipe delimiter `|` to `|||`). */
export const MIGRATION_ID = '1418474375998';

/** Container names without their prefix (spec §3: current, current_add, first, ...). */
export const CONTAINERS = [
  'current',
  'current_add',
  'first',
  'first_add',
  'session',
  'udata',
  'promo',
] as const;
export type Container = (typeof CONTAINERS)[number];
/** Every cookie attribution may write, service cookie included; all are removed on deny. */
export const ALL_COOKIES = [...CONTAINERS, 'migrations'] as const;

export type TrafficType = 'utm' | 'organic' | 'referral' | 'typein';

/** The traffic fields (spec §3) in cookie order, with their short aliases. */
export const MAIN_ALIASES = {
  type: 'typ',
  source: 'src',
  medium: 'mdm',
  campaign: 'cmp',
  content: 'cnt',
  term: 'trm',
  id: 'id',
  platform: 'plt',
  format: 'fmt',
  tactic: 'tct',
} as const;
export type TrafficData = Record<keyof typeof MAIN_ALIASES, string>;

export interface OrganicSource {
  host: string;
  param: string;
  display?: string;
}
export interface ReferralSource {
  host: string;
  display?: string;
  medium?: string;
}

/** spec §9 Attribution: the built-in search engine list (after google and yandex). */
export const BUILTIN_ORGANICS: readonly OrganicSource[] = [
  { host: 'bing.com', param: 'q', display: 'bing' },
  { host: 'yahoo.com', param: 'p', display: 'yahoo' },
  { host: 'about.com', param: 'q', display: 'about' },
  { host: 'aol.com', param: 'q', display: 'aol' },
  { host: 'ask.com', param: 'q', display: 'ask' },
  { host: 'globososo.com', param: 'q', display: 'globo' },
  { host: 'go.mail.ru', param: 'q', display: 'go.mail.ru' },
  { host: 'rambler.ru', param: 'query', display: 'rambler' },
  { host: 'tut.by', param: 'query', display: 'tut.by' },
];
/** spec §9 Attribution: the two referral rewrites. */
export const BUILTIN_REFERRALS: readonly ReferralSource[] = [
  { host: 't.co', display: 'twitter.com' },
  { host: 'plus.url.google.com', display: 'plus.google.com' },
];

export interface SbjsOptions {
  /** Cookie lifetime in months of 30 days (spec §5: default 6). 0 minutes after rounding = session cookies. */
  lifetime?: number;
  /** Session length in minutes (spec §5: default 30). */
  sessionLength?: number;
  /** Hours from UTC for fire dates; WooCommerce passes 0 (UTC). Undefined = the browser's zone. */
  timezoneOffset?: number;
  /** Base64-encode cookie values (WooCommerce's `wc_order_attribution_use_base64_cookies`). */
  base64?: boolean;
  /** Extra query parameters read as campaign, term and content (sourcebuster's AdWords options). */
  campaignParam?: string;
  termParam?: string;
  contentParam?: string;
  /** Written as `uip`; sourcebuster leaves it `(none)`. */
  userIp?: string;
  /** Promo code range (spec §9: 100000-999999); `true` uses the default range; off by default like WooCommerce. */
  promocode?: boolean | { min?: number; max?: number };
  /** Source and medium of typed-in traffic (spec §9: `(direct)` / `(none)`). */
  typeinAttributes?: { source: string; medium: string };
  /** The site's domain (default: the page host without its first `www.`), and whether subdomains are separate sites. */
  domain?: string | { host: string; isolate: boolean };
  organics?: OrganicSource[];
  referrals?: ReferralSource[];
  /** Cookie name prefix (default `sbjs_`). */
  cookiePrefix?: string;
}

export interface ResolvedSbjsOptions {
  lifetimeMinutes: number;
  sessionLength: number;
  timezoneOffset: number | undefined;
  base64: boolean;
  campaignParam?: string;
  termParam?: string;
  contentParam?: string;
  userIp: string;
  promocode: { min: number; max: number } | false;
  typein: { source: string; medium: string };
  domain: { host: string; isolate: boolean };
  organics: OrganicSource[];
  referrals: ReferralSource[];
  cookiePrefix: string;
}

/** What the engine needs from the page; tests pass their own. */
export interface SbjsEnvironment {
  href: string;
  referrer: string;
  userAgent: string;
  now: Date;
}

/** Decoded container values by full cookie name. `minutes` 0 = session cookie. */
export interface SbjsStore {
  get(name: string): string | null;
  set(name: string, value: string, minutes: number): void;
  remove(name: string): void;
}

export type SbjsGet = Record<Container, Record<string, string>>;

const positive = (value: unknown): number | false => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return value && Number.isFinite(n) ? n : false;
};

/** Hostname without its first `www.` (sourcebuster's `getHost`). */
export function stripWww(host: string): string {
  return host.replace('www.', '');
}

/** Hostname of a URL, '' when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Resolves options with sourcebuster's defaults (params.fetch). */
export function resolveOptions(options: SbjsOptions = {}, pageHost = ''): ResolvedSbjsOptions {
  const months = positive(options.lifetime) || 6;
  const promo = options.promocode;
  return {
    // sourcebuster: parseInt(months * 30 * 24 * 60) minutes.
    lifetimeMinutes: Math.trunc(months * 30 * 24 * 60),
    sessionLength: Math.trunc(positive(options.sessionLength) || 30),
    timezoneOffset: options.timezoneOffset,
    base64: Boolean(options.base64),
    campaignParam: options.campaignParam || undefined,
    termParam: options.termParam || undefined,
    contentParam: options.contentParam || undefined,
    userIp: options.userIp || NONE,
    promocode: promo
      ? {
          min: (typeof promo === 'object' && Math.trunc(Number(promo.min))) || 100000,
          max: (typeof promo === 'object' && Math.trunc(Number(promo.max))) || 999999,
        }
      : false,
    typein:
      options.typeinAttributes?.source && options.typeinAttributes.medium
        ? { ...options.typeinAttributes }
        : { source: '(direct)', medium: '(none)' },
    domain:
      typeof options.domain === 'string' && options.domain
        ? { host: options.domain, isolate: false }
        : typeof options.domain === 'object' && options.domain?.host
          ? { ...options.domain }
          : { host: stripWww(pageHost), isolate: false },
    organics: [...(options.organics ?? []).filter((o) => o.host && o.param), ...BUILTIN_ORGANICS],
    referrals: [...(options.referrals ?? []).filter((r) => r.host), ...BUILTIN_REFERRALS],
    cookiePrefix: options.cookiePrefix ?? 'sbjs_',
  };
}

/**
 * Keys that would reach `Object.prototype` members of a plain object (issue 22: a query string
 * with `__proto__`, `constructor` or `toString` must not wipe the visit's attribution).
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A map without a prototype: no key of it reaches `Object.prototype`. */
const nullMap = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * Query parameters the way sourcebuster reads them: raw (not percent-decoded, so the cookie
 * keeps `%20`), `a=b=c` gives `b`, a name without `=` counts as absent, repeats join with `,`.
 * The result has no prototype, and names of `Object.prototype` members are ignored.
 */
export function readQuery(query: string): Record<string, string | undefined> {
  const out = nullMap<string | string[] | undefined>();
  for (const pair of query.split('&')) {
    const [key, value] = pair.split('=');
    if (PROTOTYPE_KEYS.has(key)) continue;
    const seen = out[key];
    if (seen === undefined) out[key] = value;
    else if (typeof seen === 'string') out[key] = [seen, value as string];
    else seen.push(value as string);
  }
  const flat = nullMap<string | undefined>();
  for (const [key, value] of Object.entries(out)) flat[key] = Array.isArray(value) ? value.join(',') : value;
  return flat;
}

const escapeRegExp = (s: string) => s.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');

function parseUrl(url: string): { host: string; path: string; query: string } {
  try {
    const u = new URL(url);
    return { host: u.hostname, path: u.pathname, query: u.search.slice(1) };
  } catch {
    return { host: '', path: '', query: '' };
  }
}

/** True when the referrer is another site (sourcebuster's checkRefererHost). */
function isExternal(referrer: string, p: ResolvedSbjsOptions): boolean {
  const host = stripWww(parseUrl(referrer).host);
  if (p.domain.isolate) return host !== stripWww(p.domain.host);
  return !new RegExp(`^(?:.*\\.)?${escapeRegExp(p.domain.host)}$`, 'i').test(host);
}

/** The search engine's display name when the referrer is organic search, else undefined. */
export function organicSource(referrer: string, p: ResolvedSbjsOptions): string | undefined {
  const { host, query } = parseUrl(referrer);
  // Case-sensitive, as in sourcebuster: google needs no query, yandex needs `text=`.
  if (query && /^(?:.*\.)?yandex\..{2,9}$/.test(host) && /.*text=.*/.test(query)) return 'yandex';
  if (/^(?:www\.)?google\..{2,9}$/.test(host)) return 'google';
  if (!query) return undefined;
  for (const engine of p.organics) {
    if (
      new RegExp(`^(?:.*\\.)?${escapeRegExp(engine.host)}$`, 'i').test(host) &&
      new RegExp(`.*${escapeRegExp(engine.param)}=.*`, 'i').test(query)
    )
      return engine.display || engine.host;
  }
  return undefined;
}

/** Source and medium of a referral (rewrites first, else the referrer's host without `www.`). */
export function referralSource(referrer: string, p: ResolvedSbjsOptions): { source: string; medium: string } {
  const { host } = parseUrl(referrer);
  for (const rule of p.referrals) {
    if (new RegExp(`^(?:.*\\.)?${escapeRegExp(rule.host)}$`, 'i').test(host))
      return { source: rule.display || rule.host, medium: rule.medium || 'referral' };
  }
  return { source: stripWww(host), medium: 'referral' };
}

const UTM_KEYS = [
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
] as const;

function utmData(
  q: Record<string, string | undefined>,
  referrer: string,
  p: ResolvedSbjsOptions,
): TrafficData {
  const has = (key: string | undefined) => key !== undefined && q[key] !== undefined;
  const pick = (...choices: [boolean, string | undefined][]) => {
    for (const [when, value] of choices) if (when) return value as string;
    return NONE;
  };
  const gclid = has('gclid');
  const yclid = has('yclid');
  let term = pick([has('utm_term'), q.utm_term], [has(p.termParam), p.termParam && q[p.termParam]]);
  if (term === NONE) {
    // Yandex Direct: the term comes from the referrer's `text` parameter.
    const ref = parseUrl(referrer);
    if (referrer && ref.host && /^(?:.*\.)?yandex\..{2,9}$/i.test(ref.host))
      term = readQuery(ref.query).text || NONE;
  }
  return {
    type: 'utm',
    source: pick([has('utm_source'), q.utm_source], [gclid, 'google'], [yclid, 'yandex']),
    medium: pick([has('utm_medium'), q.utm_medium], [gclid, 'cpc'], [yclid, 'cpc']),
    campaign: pick(
      [has('utm_campaign'), q.utm_campaign],
      [has(p.campaignParam), p.campaignParam && q[p.campaignParam]],
      [gclid, 'google_cpc'],
      [yclid, 'yandex_cpc'],
    ),
    content: pick(
      [has('utm_content'), q.utm_content],
      [has(p.contentParam), p.contentParam && q[p.contentParam]],
    ),
    term,
    // These four use `||` in sourcebuster: an empty value is `(none)`.
    id: q.utm_id || NONE,
    platform: q.utm_source_platform || NONE,
    format: q.utm_creative_format || NONE,
    tactic: q.utm_marketing_tactic || NONE,
  };
}

const blank = (type: TrafficType, source: string, medium: string, content = NONE): TrafficData => ({
  type,
  source,
  medium,
  campaign: NONE,
  content,
  term: NONE,
  id: NONE,
  platform: NONE,
  format: NONE,
  tactic: NONE,
});

/** Packs the traffic fields in cookie order. */
export function packMain(data: TrafficData): string {
  return (Object.keys(MAIN_ALIASES) as (keyof TrafficData)[])
    .map((key) => `${MAIN_ALIASES[key]}=${data[key]}`)
    .join(DELIMITER);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-mm-dd hh:mm:ss` at `offsetHours` from UTC (browser zone when undefined). */
export function formatFireDate(date: Date, offsetHours?: number): string {
  const offset = offsetHours ?? -date.getTimezoneOffset() / 60;
  // Deliberately whole-date arithmetic in UTC: sourcebuster's setHours trick drops half-hour zones.
  const d = new Date(date.getTime() + offset * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

export function packExtra(env: SbjsEnvironment, p: ResolvedSbjsOptions): string {
  return `fd=${formatFireDate(env.now, p.timezoneOffset)}${DELIMITER}ep=${env.href}${DELIMITER}rf=${env.referrer || NONE}`;
}

export function packUser(visits: number, env: SbjsEnvironment, p: ResolvedSbjsOptions): string {
  return `vst=${visits}${DELIMITER}uip=${p.userIp}${DELIMITER}uag=${env.userAgent}`;
}

export function packSession(pages: number, env: SbjsEnvironment): string {
  return `pgs=${pages}${DELIMITER}cpg=${env.href}`;
}

export function packPromo(range: { min: number; max: number }, random: () => number = Math.random): string {
  const code = Math.floor(random() * (range.max - range.min + 1)) + range.min;
  return `code=${pad(code, String(range.max).length)}`;
}

/** Splits a decoded container into its pairs; each value is percent-decoded once more, as sourcebuster does. */
export function parseContainer(value: string | null): Record<string, string> {
  const out = nullMap<string>();
  if (!value) return out;
  for (const part of value.split(DELIMITER)) {
    const [key, ...rest] = part.split('=');
    if (PROTOTYPE_KEYS.has(key)) continue;
    out[key] = decodeData(rest.join('='));
  }
  return out;
}

/** sourcebuster's encodeData: encodeURIComponent plus `! ~ * ' ( )`. */
export function encodeData(s: string): string {
  return encodeURIComponent(s).replace(/[!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The six characters encodeData escapes beyond encodeURIComponent, as their escapes. */
const SB_ESCAPES: readonly (readonly [string, string])[] = [
  ['%21', '!'],
  ['%7E', '~'],
  ['%2A', '*'],
  ['%27', "'"],
  ['%28', '('],
  ['%29', ')'],
];

/**
 * sourcebuster's decodeData (woocommerce/sourcebuster-js `helpers/cookies.js`): decodeURIComponent,
 * then `%21 %7E %2A %27 %28 %29` (upper case only) in the decoded text turned back into
 * `! ~ * ' ( )`, one after the other. A raw `valentine%27s` from the query thus reads back as
 * `valentine's`, and the next write of that value is `%27`, not `%2527` (issue 11 item 11).
 * Malformed sequences fall back to `unescape` without those replacements, then ''.
 */
export function decodeData(s: string): string {
  try {
    let out = decodeURIComponent(s);
    for (const [code, char] of SB_ESCAPES) out = out.replaceAll(code, char);
    return out;
  } catch {
    try {
      return unescape(s);
    } catch {
      return '';
    }
  }
}

/** The cookie value for a container value: encoded, then base64 without padding when asked. */
export function encodeCookieValue(value: string, base64: boolean): string {
  const encoded = encodeData(value);
  return base64 ? btoa(encoded).replace(/=+$/, '') : encoded;
}

/** Reads a cookie value in either format (base64-only characters are tried as base64 first). */
export function decodeCookieValue(raw: string): string {
  let content = raw;
  if (/^[A-Za-z0-9+/]+$/.test(content)) {
    try {
      content = atob(content.padEnd(Math.ceil(content.length / 4) * 4, '='));
    } catch {
      // not base64 after all: keep the raw text
    }
  }
  return decodeData(content);
}

function runMigrations(store: SbjsStore, env: SbjsEnvironment, p: ResolvedSbjsOptions): void {
  const name = (c: string) => p.cookiePrefix + c;
  if (store.get(name('migrations'))) return;
  if (!store.get(name('first'))) {
    store.set(name('migrations'), `${MIGRATION_ID}=1`, p.lifetimeMinutes);
    return;
  }
  // Cookies from sourcebuster before 1.0 used a single `|`: switch to `|||` and reset the session.
  try {
    for (const container of CONTAINERS) {
      const value = store.get(name(container));
      if (value)
        store.set(
          name(container),
          value.replace(/(\|)?\|(\|)?/g, (m, a, b) => (a || b ? m : DELIMITER)),
          p.lifetimeMinutes,
        );
    }
    if (store.get(name('session'))) store.set(name('session'), packSession(0, env), p.lifetimeMinutes);
    store.set(name('migrations'), `${MIGRATION_ID}=1`, p.lifetimeMinutes);
  } catch {
    store.set(name('migrations'), `${MIGRATION_ID}=0`, p.lifetimeMinutes);
  }
}

/** Which traffic the current page view is, or null to keep the current source (internal navigation, mid-session referral). */
export function classify(
  env: Pick<SbjsEnvironment, 'href' | 'referrer'>,
  p: ResolvedSbjsOptions,
  state: { hasSession: boolean; hasFirst: boolean; hasCurrent: boolean },
): TrafficData | null {
  const q = readQuery(parseUrl(env.href).query);
  const custom = [p.campaignParam, p.termParam, p.contentParam].filter(Boolean) as string[];
  if ([...UTM_KEYS, ...custom].some((key) => q[key] !== undefined)) return utmData(q, env.referrer, p);
  const external = Boolean(env.referrer) && isExternal(env.referrer, p);
  const organic = external ? organicSource(env.referrer, p) : undefined;
  if (organic) return blank('organic', organic, 'organic');
  if (!state.hasSession && external) {
    const { source, medium } = referralSource(env.referrer, p);
    return blank('referral', source, medium, parseUrl(env.referrer).path);
  }
  if (!state.hasFirst && !state.hasCurrent) return blank('typein', p.typein.source, p.typein.medium);
  return null;
}

/** What a store holds that classification looks at (sourcebuster reads these cookies). */
export function storedState(
  store: Pick<SbjsStore, 'get'>,
  prefix = 'sbjs_',
): { hasSession: boolean; hasFirst: boolean; hasCurrent: boolean } {
  return {
    hasSession: Boolean(store.get(`${prefix}session`)),
    hasFirst: Boolean(store.get(`${prefix}first`)),
    hasCurrent: Boolean(store.get(`${prefix}current`)),
  };
}

/**
 * One page view, exactly as sourcebuster's init: migrations, current (always rewritten, so its
 * expiry slides), first, user data, session and promo. Returns the parsed containers (`sbjs.get`).
 *
 * `decided` is a classification made earlier on this page (issue 11 item 12: consent given
 * after load keeps the source classified at load, while times and expiries are those of the
 * run). A kept source (`null`) with neither `current` nor `first` in the store is classified
 * afresh, as there is nothing to keep. Without `decided`, the page view is classified now.
 */
export function runSourcebuster(
  store: SbjsStore,
  env: SbjsEnvironment,
  p: ResolvedSbjsOptions,
  random: () => number = Math.random,
  decided?: TrafficData | null,
): SbjsGet {
  const name = (c: string) => p.cookiePrefix + c;
  const life = p.lifetimeMinutes;
  runMigrations(store, env, p);

  const state = storedState(store, p.cookiePrefix);
  const traffic =
    decided !== undefined && (decided !== null || state.hasFirst || state.hasCurrent)
      ? decided
      : classify(env, p, state);
  // `String(...)`: sourcebuster writes whatever its read gave, a missing cookie as the text "null".
  if (traffic) {
    store.set(name('current_add'), packExtra(env, p), life);
    if (!store.get(name('first_add'))) store.set(name('first_add'), packExtra(env, p), life);
    store.set(name('current'), packMain(traffic), life);
  } else {
    store.set(name('current'), String(store.get(name('current'))), life);
  }
  // Read back, so `first` gets the value after one cookie round trip (decodeData's replacements included).
  if (!store.get(name('first'))) store.set(name('first'), String(store.get(name('current'))), life);

  const udata = store.get(name('udata'));
  const hasSession = Boolean(store.get(name('session')));
  let visits = 1;
  if (udata) {
    visits = Number.parseInt(parseContainer(udata).vst, 10) || 1;
    if (!hasSession) visits += 1;
  }
  store.set(name('udata'), packUser(visits, env, p), life);

  const session = store.get(name('session'));
  const pages = session ? (Number.parseInt(parseContainer(session).pgs, 10) || 1) + 1 : 1;
  store.set(name('session'), packSession(pages, env), p.sessionLength);

  if (p.promocode && !store.get(name('promo')))
    store.set(name('promo'), packPromo(p.promocode, random), life);

  return readSbjs(store, p.cookiePrefix);
}

/** Parses every container from a store (sourcebuster's `sbjs.get`). */
export function readSbjs(store: Pick<SbjsStore, 'get'>, prefix = 'sbjs_'): SbjsGet {
  const out = {} as SbjsGet;
  for (const container of CONTAINERS) out[container] = parseContainer(store.get(prefix + container));
  return out;
}

/** Reads `current.typ`-style accessors (WooCommerce's `fields` map values). */
export function readAccessor(get: SbjsGet, path: string): string | undefined {
  let node: unknown = get;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
