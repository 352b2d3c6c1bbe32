import type { PopupTiming } from './shop-popup.settings.ts';
import type { ImpressionPeriod } from './shop-popup.storage.ts';

/**
 * The display checks of `<shop-popup>` (spec §5 "Popup display checks (all must pass)"), pure:
 * everything they read about the visitor arrives in a {@link DisplayContext}.
 */

export type DeviceMode = 'desktop' | 'tablet' | 'mobile';
export type Browser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'opera' | 'ie' | 'other';

export interface DisplayContext {
  /** Page views since first seen, this one included. */
  pageViews: number;
  /** Sessions since first seen, this one included. */
  sessions: number;
  /** `document.referrer` ('' for none). */
  referrer: string;
  /** The page's own host, to tell internal referrers from external ones. */
  host: string;
  device: DeviceMode;
  browser: Browser;
  /** The logged-in user's roles (spec §6: supplied by the page); null for a visitor not logged in. */
  roles: readonly string[] | null;
  /** Now, in ms since the epoch. */
  now: number;
  /** The site's UTC offset in minutes (for schedules in site time). */
  siteOffsetMinutes: number;
  /** Impressions of this popup in the current period. */
  impressions(period: ImpressionPeriod): number;
}

export type DisplayCheck =
  | 'page_views'
  | 'sessions'
  | 'url'
  | 'sources'
  | 'devices'
  | 'browsers'
  | 'logged_in'
  | 'schedule'
  | 'times';

/** Search engines whose referrers count as the `search` source. */
const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia|qwant|startpage|ask)\./i;

/** The source of a visit: internal, external or search; null for no referrer (a direct visit). */
export function sourceOf(referrer: string, host: string): 'internal' | 'external' | 'search' | null {
  if (!referrer) return null;
  let refHost: string;
  try {
    refHost = new URL(referrer).hostname;
  } catch {
    return null;
  }
  if (refHost === host) return 'internal';
  return SEARCH_ENGINES.test(refHost) ? 'search' : 'external';
}

/** The browser named by a user agent string (order matters: Edge and Opera also say Chrome). */
export function browserOf(userAgent: string): Browser {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/MSIE |Trident\//.test(userAgent)) return 'ie';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

/** The page-builder device mode of a viewport width (mobile up to 767 px, tablet up to 1024 px). */
export function deviceOf(width: number): DeviceMode {
  if (width <= 767) return 'mobile';
  if (width <= 1024) return 'tablet';
  return 'desktop';
}

type WallTime = readonly [
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
];

/** The wall time (as if in UTC) the visitor's clock shows at `ms`. */
const wallAt = (ms: number) => ms - new Date(ms).getTimezoneOffset() * 60_000;

/**
 * The instant the visitor's clock first shows `parts` or later: on the night clocks go back, the
 * first of the two (the popup does not come back in the repeated hour); for a time skipped as
 * clocks go forward (02:30 in Europe/Berlin on 2027-03-28), the moment they jump, not an hour
 * after it, as `new Date` would have it (at 03:00 the clock is past 02:30).
 */
function visitorInstant(parts: WallTime): number {
  const moved = new Date(...parts).getTime();
  const wall = Date.UTC(...parts);
  if (wallAt(moved) === wall) return moved;
  // Skipped: `new Date` read it with the offset before the jump, so the jump lies in (low, moved].
  let low = moved - (wallAt(moved) - wall);
  let high = moved;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (wallAt(mid) >= wall) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * A schedule date as ms since the epoch: with `siteOffsetMinutes` the wall time is the site's,
 * otherwise the visitor's (see {@link visitorInstant} for daylight-saving nights). Null for an
 * empty or invalid date.
 */
export function scheduleTime(value: string, siteOffsetMinutes: number | null): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = match.slice(1).map((part) => part ?? '0');
  const parts: WallTime = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)];
  if (siteOffsetMinutes === null) return visitorInstant(parts);
  return Date.UTC(...parts) - siteOffsetMinutes * 60_000;
}

/** Whether the referrer passes the URL check; an invalid regex means no display. */
function urlMatches(check: NonNullable<PopupTiming['url']>, referrer: string): boolean {
  let matches: boolean;
  if (check.regex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(check.value);
    } catch {
      return false;
    }
    matches = pattern.test(referrer);
  } else {
    matches = referrer.includes(check.value);
  }
  return check.action === 'show' ? matches : !matches;
}

/** The first display check that fails, or null when all pass (spec §5: all must pass). */
export function failingCheck(timing: PopupTiming, ctx: DisplayContext): DisplayCheck | null {
  if (timing.page_views !== null && ctx.pageViews < timing.page_views) return 'page_views';
  if (timing.sessions !== null && ctx.sessions < timing.sessions) return 'sessions';
  if (timing.url !== null && !urlMatches(timing.url, ctx.referrer)) return 'url';
  if (timing.sources !== null) {
    const source = sourceOf(ctx.referrer, ctx.host);
    if (!source || !timing.sources.includes(source)) return 'sources';
  }
  if (timing.devices !== null && !timing.devices.includes(ctx.device)) return 'devices';
  if (timing.browsers !== null && !(timing.browsers as readonly string[]).includes(ctx.browser))
    return 'browsers';
  if (timing.logged_in !== null && ctx.roles !== null) {
    if (timing.logged_in.users === 'all') return 'logged_in';
    if (ctx.roles.some((role) => timing.logged_in?.roles.includes(role))) return 'logged_in';
  }
  if (timing.schedule !== null) {
    const offset = timing.schedule.timezone === 'site' ? ctx.siteOffsetMinutes : null;
    const start = timing.schedule.start ? scheduleTime(timing.schedule.start, offset) : -Infinity;
    const end = timing.schedule.end ? scheduleTime(timing.schedule.end, offset) : Infinity;
    if (start === null || end === null || ctx.now < start || ctx.now > end) return 'schedule';
  }
  if (timing.times !== null && ctx.impressions(timing.times.period) >= timing.times.times) return 'times';
  return null;
}

/** Whether every display check passes. */
export function passesDisplayChecks(timing: PopupTiming, ctx: DisplayContext): boolean {
  return failingCheck(timing, ctx) === null;
}
