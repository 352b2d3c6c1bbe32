import { expect } from '@open-wc/testing';
import {
  browserOf,
  type DisplayContext,
  deviceOf,
  failingCheck,
  scheduleTime,
  sourceOf,
} from '../../../elements/shop-popup/shop-popup.rules.ts';
import { type PopupTiming, timingSchema } from '../../../elements/shop-popup/shop-popup.settings.ts';
import { localTime } from '../../helpers/clock.ts';

const timing = (t: Record<string, unknown>): PopupTiming => timingSchema.parse(t);
const two = (n: number) => String(n).padStart(2, '0');
/** What the visitor's clock shows at `ms`: "2026-11-23 10:00". */
const wallClock = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
};
const ctx = (over: Partial<DisplayContext> = {}): DisplayContext => ({
  pageViews: 1,
  sessions: 1,
  referrer: '',
  host: 'shop.test',
  device: 'desktop',
  browser: 'chrome',
  roles: null,
  now: Date.UTC(2026, 10, 23, 12),
  siteOffsetMinutes: 0,
  impressions: () => 0,
  ...over,
});

describe('shop-popup display checks (spec §5)', () => {
  it('passes with no checks set', () => {
    expect(failingCheck(timing({}), ctx())).to.equal(null);
  });
  it('page views since first seen must reach the count', () => {
    expect(failingCheck(timing({ page_views: 3 }), ctx({ pageViews: 2 }))).to.equal('page_views');
    expect(failingCheck(timing({ page_views: 3 }), ctx({ pageViews: 3 }))).to.equal(null);
  });
  it('sessions must reach the count', () => {
    expect(failingCheck(timing({ sessions: 2 }), ctx({ sessions: 1 }))).to.equal('sessions');
    expect(failingCheck(timing({ sessions: 2 }), ctx({ sessions: 2 }))).to.equal(null);
  });
  it('URL check: substring of the referrer', () => {
    const t = timing({ url: { value: 'news.example' } });
    expect(failingCheck(t, ctx({ referrer: 'https://news.example/a' }))).to.equal(null);
    expect(failingCheck(t, ctx({ referrer: 'https://other.example/' }))).to.equal('url');
    const hide = timing({ url: { value: 'news.example', action: 'hide' } });
    expect(failingCheck(hide, ctx({ referrer: 'https://news.example/a' }))).to.equal('url');
  });
  it('URL check: regex, and an invalid regex means no display (even with action hide)', () => {
    const t = timing({ url: { value: '^https://(www\\.)?news\\.', regex: true } });
    expect(failingCheck(t, ctx({ referrer: 'https://www.news.example/' }))).to.equal(null);
    expect(failingCheck(t, ctx({ referrer: 'https://blog.example/' }))).to.equal('url');
    const bad = timing({ url: { value: '([', regex: true } });
    expect(failingCheck(bad, ctx({ referrer: '([' }))).to.equal('url');
    const badHide = timing({ url: { value: '([', regex: true, action: 'hide' } });
    expect(failingCheck(badHide, ctx({ referrer: 'x' }))).to.equal('url');
  });
  it('sources: internal, external, search; a direct visit has none', () => {
    expect(sourceOf('https://shop.test/a', 'shop.test')).to.equal('internal');
    expect(sourceOf('https://www.google.com/search?q=x', 'shop.test')).to.equal('search');
    expect(sourceOf('https://duckduckgo.com/', 'shop.test')).to.equal('search');
    expect(sourceOf('https://blog.example/', 'shop.test')).to.equal('external');
    expect(sourceOf('', 'shop.test')).to.equal(null);
    const t = timing({ sources: ['search', 'internal'] });
    expect(failingCheck(t, ctx({ referrer: 'https://www.bing.com/' }))).to.equal(null);
    expect(failingCheck(t, ctx({ referrer: 'https://blog.example/' }))).to.equal('sources');
    expect(failingCheck(t, ctx({ referrer: '' }))).to.equal('sources');
  });
  it('device mode must be allowed', () => {
    expect(deviceOf(400)).to.equal('mobile');
    expect(deviceOf(767)).to.equal('mobile');
    expect(deviceOf(900)).to.equal('tablet');
    expect(deviceOf(1025)).to.equal('desktop');
    const t = timing({ devices: ['mobile', 'tablet'] });
    expect(failingCheck(t, ctx({ device: 'desktop' }))).to.equal('devices');
    expect(failingCheck(t, ctx({ device: 'mobile' }))).to.equal(null);
  });
  it('browser must match', () => {
    expect(browserOf('Mozilla/5.0 (X11) AppleWebKit/537.36 Chrome/130.0 Safari/537.36')).to.equal('chrome');
    expect(browserOf('Mozilla/5.0 Chrome/130.0 Safari/537.36 Edg/130.0')).to.equal('edge');
    expect(browserOf('Mozilla/5.0 Chrome/130.0 Safari/537.36 OPR/100')).to.equal('opera');
    expect(browserOf('Mozilla/5.0 (X11; rv:128.0) Gecko/20100101 Firefox/128.0')).to.equal('firefox');
    expect(browserOf('Mozilla/5.0 (Macintosh) AppleWebKit/605 Version/17 Safari/605')).to.equal('safari');
    expect(browserOf('Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0)')).to.equal('ie');
    const t = timing({ browsers: ['firefox'] });
    expect(failingCheck(t, ctx({ browser: 'chrome' }))).to.equal('browsers');
    expect(failingCheck(t, ctx({ browser: 'firefox' }))).to.equal(null);
  });
  it('logged-in rule: hidden for all logged-in users, or the chosen roles; visitors pass', () => {
    const all = timing({ logged_in: { users: 'all' } });
    expect(failingCheck(all, ctx({ roles: null }))).to.equal(null);
    expect(failingCheck(all, ctx({ roles: ['customer'] }))).to.equal('logged_in');
    expect(failingCheck(all, ctx({ roles: [] }))).to.equal('logged_in');
    const custom = timing({ logged_in: { users: 'custom', roles: ['administrator'] } });
    expect(failingCheck(custom, ctx({ roles: ['customer'] }))).to.equal(null);
    expect(failingCheck(custom, ctx({ roles: ['customer', 'administrator'] }))).to.equal('logged_in');
  });
  it('schedule: between start and end, in site time when selected', () => {
    expect(scheduleTime('2026-11-23 10:00', 120)).to.equal(Date.UTC(2026, 10, 23, 8));
    expect(scheduleTime('2026-11-23', 0)).to.equal(Date.UTC(2026, 10, 23));
    expect(scheduleTime('not a date', 0)).to.equal(null);
    expect(wallClock(scheduleTime('2026-11-23 10:00', null)!)).to.equal('2026-11-23 10:00');
    const now = Date.UTC(2026, 10, 23, 12);
    const t = timing({ schedule: { start: '2026-11-23 13:00', end: '2026-11-24 00:00' } });
    // 12:00 UTC is 14:00 at UTC+2: inside; 12:00 at UTC+0: before the start.
    expect(failingCheck(t, ctx({ now, siteOffsetMinutes: 120 }))).to.equal(null);
    expect(failingCheck(t, ctx({ now, siteOffsetMinutes: 0 }))).to.equal('schedule');
    const ended = timing({ schedule: { end: '2026-11-23 11:00' } });
    expect(failingCheck(ended, ctx({ now }))).to.equal('schedule');
    const open = timing({ schedule: { start: '2026-01-01' } });
    expect(failingCheck(open, ctx({ now }))).to.equal(null);
    const broken = timing({ schedule: { start: 'soon' } });
    expect(failingCheck(broken, ctx({ now }))).to.equal('schedule');
  });

  describe("schedule around the calendar's hard moments", () => {
    const schedule = (end: string, timezone: 'site' | 'visitor', start = '') =>
      timing({ schedule: { start, end, timezone } });
    const check = (t: PopupTiming, at: number, siteOffsetMinutes = 0) =>
      failingCheck(t, ctx({ now: at, siteOffsetMinutes }));
    const visitor = (...at: Parameters<typeof localTime>) => localTime(...at).getTime();

    it("ends today at 23:55 in the visitor's time: shown at 23:54 on 31 December, not at 23:56", () => {
      const t = schedule('2026-12-31 23:55', 'visitor');
      expect(check(t, visitor(2026, 12, 31, 23, 54))).to.equal(null);
      expect(check(t, visitor(2026, 12, 31, 23, 55))).to.equal(null);
      expect(check(t, visitor(2026, 12, 31, 23, 56))).to.equal('schedule');
    });

    it("ends today at 23:55 in site time (UTC+5:30), whatever the visitor's zone", () => {
      const t = schedule('2026-12-31 23:55', 'site');
      expect(check(t, Date.parse('2026-12-31T23:54+05:30'), 330)).to.equal(null);
      expect(check(t, Date.parse('2026-12-31T23:56+05:30'), 330)).to.equal('schedule');
      // 23:54 at the site is 18:24 in UTC: for a site at UTC+0 the end is hours away.
      expect(check(t, Date.parse('2026-12-31T23:54+05:30'), 0)).to.equal(null);
      expect(check(t, Date.parse('2027-01-01T00:00Z'), 0)).to.equal('schedule');
    });

    it('ends on the leap day at 23:55 in site time (UTC-8), when UTC is already on 1 March', () => {
      const t = schedule('2028-02-29 23:55', 'site');
      expect(check(t, Date.parse('2028-03-01T07:54Z'), -480)).to.equal(null);
      expect(check(t, Date.parse('2028-03-01T07:56Z'), -480)).to.equal('schedule');
    });

    it("starts on 1 January at 00:00 in site time: not at 23:59 on New Year's Eve", () => {
      const t = schedule('2027-01-31 23:59', 'site', '2027-01-01 00:00');
      expect(check(t, Date.parse('2026-12-31T23:59+05:30'), 330)).to.equal('schedule');
      expect(check(t, Date.parse('2027-01-01T00:00+05:30'), 330)).to.equal(null);
    });

    it('spring forward (Europe/Berlin 2027-03-28): an end in the skipped hour (02:30) is past when the clocks jump to 03:00', () => {
      const t = schedule('2027-03-28 02:30', 'visitor');
      expect(check(t, visitor(2027, 3, 28, 1, 59))).to.equal(null);
      // In Berlin 03:01 comes two minutes after 01:59, and the clock never shows 02:30 between.
      expect(check(t, visitor(2027, 3, 28, 3, 1))).to.equal('schedule');
    });

    it('fall back (Europe/Berlin 2026-10-25): an end at 02:30 is the first one; the repeated hour does not bring it back', () => {
      const t = schedule('2026-10-25 02:30', 'visitor');
      const firstTwoTwentyNine = visitor(2026, 10, 25, 2, 29);
      expect(check(t, firstTwoTwentyNine)).to.equal(null);
      expect(check(t, visitor(2026, 10, 25, 2, 31))).to.equal('schedule');
      // An hour later the clock in Berlin reads 02:29 again.
      expect(check(t, firstTwoTwentyNine + 3_600_000)).to.equal('schedule');
    });
  });

  it('impressions must stay under the limit for the period', () => {
    const t = timing({ times: { times: 2, period: 'week' } });
    const asked: string[] = [];
    const seen = (n: number) => (period: string) => {
      asked.push(period);
      return n;
    };
    expect(failingCheck(t, ctx({ impressions: seen(1) }))).to.equal(null);
    expect(failingCheck(t, ctx({ impressions: seen(2) }))).to.equal('times');
    expect(asked).to.deep.equal(['week', 'week']);
  });
  it('all must pass: one failing check is enough', () => {
    const t = timing({ page_views: 1, devices: ['desktop'], browsers: ['safari'] });
    expect(failingCheck(t, ctx())).to.equal('browsers');
  });
});
