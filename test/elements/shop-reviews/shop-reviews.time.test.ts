import { expect } from '@open-wc/testing';
import { reviewTimeAgo, timeAgoOf } from '../../../elements/shop-reviews/shop-reviews.time.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const NOW = Date.UTC(2026, 10, 23, 12);

/** What Intl says for `value` `unit` in `lang`: counts as counts ("1 day ago"), zero as "now". */
const intl = (lang: string, value: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(lang, { numeric: value === 0 ? 'auto' : 'always' }).format(value, unit);

/** Each boundary of spec §9 (just under, at) with the unit and count expected. */
const BOUNDARIES: [ageMs: number, unit: Intl.RelativeTimeFormatUnit, count: number][] = [
  [0, 'second', 0],
  [44 * S, 'second', 0],
  [45 * S, 'minute', 1],
  [89 * S, 'minute', 1],
  [90 * S, 'minute', 2],
  [44 * MIN, 'minute', 44],
  [45 * MIN, 'hour', 1],
  [89 * MIN, 'hour', 1],
  [90 * MIN, 'hour', 2],
  [23 * H, 'hour', 23],
  [24 * H, 'day', 1],
  [47 * H, 'day', 1],
  [48 * H, 'day', 2],
  [29 * D, 'day', 29],
  [30 * D, 'month', 1],
  [59 * D, 'month', 1],
  [60 * D, 'month', 2],
  [364 * D, 'month', 12],
  [365 * D, 'year', 1],
  [729 * D, 'year', 1],
  [730 * D, 'year', 2],
  [3650 * D, 'year', 10],
];

describe('shop-reviews time ago', () => {
  it('chooses the unit and count by the thresholds of spec §9, at every boundary', () => {
    for (const [age, unit, count] of BOUNDARIES) {
      const got = timeAgoOf(age);
      expect([got.unit, got.count], `age ${age} ms`).to.deep.equal([unit, count]);
    }
    expect(timeAgoOf(-5 * MIN).phrase, 'a future time').to.equal('just_now');
  });

  for (const lang of ['en', 'de', 'fr', 'es', 'pl', 'ja', 'ar', 'ru']) {
    it(`says it as Intl.RelativeTimeFormat does in ${lang}`, () => {
      for (const [age, unit, count] of BOUNDARIES) {
        const seconds = (NOW - age) / 1000;
        expect(reviewTimeAgo(seconds, NOW, lang), `${lang} at ${age} ms`).to.equal(intl(lang, -count, unit));
      }
    });
  }

  describe("around the calendar's hard moments (spec §9: the thresholds are elapsed time)", () => {
    /** The phrase for a review written at `written` and read at `read` (ISO times with offsets). */
    const ago = (written: string, read: string, lang = 'en') =>
      reviewTimeAgo(Date.parse(written) / 1000, Date.parse(read), lang);

    it('says "1 day ago", not "yesterday", 47 h after 29 November 23:30 (on 1 December)', () => {
      expect(ago('2026-11-29T23:30Z', '2026-12-01T22:30Z')).to.equal('1 day ago');
      expect(ago('2026-11-29T23:30Z', '2026-12-01T22:30Z', 'de')).to.equal('vor 1 Tag');
    });

    it('says "1 month ago", not "last month", 30 to 59 days after 31 October', () => {
      expect(ago('2026-10-31T12:00Z', '2026-11-30T12:00Z')).to.equal('1 month ago');
      expect(ago('2026-10-31T12:00Z', '2026-12-29T12:00Z')).to.equal('1 month ago');
      expect(ago('2026-10-31T12:00Z', '2026-12-30T12:00Z')).to.equal('2 months ago');
    });

    it('says "10 minutes ago" on 1 January at 00:05 for 31 December 23:55 (Asia/Kolkata)', () => {
      expect(ago('2026-12-31T23:55+05:30', '2027-01-01T00:05+05:30')).to.equal('10 minutes ago');
    });

    it('counts the leap day: 29 February 2028 is "1 year ago" 365 days on, "12 months ago" a minute before', () => {
      expect(ago('2028-02-28T12:00Z', '2028-03-01T12:00Z')).to.equal('2 days ago');
      expect(ago('2028-02-29T12:00Z', '2029-02-28T11:59Z')).to.equal('12 months ago');
      expect(ago('2028-02-29T12:00Z', '2029-02-28T12:00Z')).to.equal('1 year ago');
    });

    it('Europe/Berlin spring forward: noon 27 March to noon 28 March 2027 is "23 hours ago"', () => {
      expect(ago('2027-03-27T12:00+01:00', '2027-03-28T12:00+02:00')).to.equal('23 hours ago');
      expect(ago('2027-03-27T12:00+01:00', '2027-03-28T13:00+02:00')).to.equal('1 day ago');
    });

    it('Europe/Berlin fall back: noon 24 October to 11:00 on 25 October 2026 is "1 day ago"', () => {
      expect(ago('2026-10-24T12:00+02:00', '2026-10-25T10:59+01:00')).to.equal('23 hours ago');
      expect(ago('2026-10-24T12:00+02:00', '2026-10-25T11:00+01:00')).to.equal('1 day ago');
    });
  });

  it('uses the translations setting over Intl, with {count}', () => {
    const translations = { just_now: 'gerade eben', days: 'vor {count} Tagen' };
    expect(reviewTimeAgo(NOW / 1000, NOW, 'en', translations)).to.equal('gerade eben');
    expect(reviewTimeAgo((NOW - 3 * D) / 1000, NOW, 'en', translations)).to.equal('vor 3 Tagen');
    expect(reviewTimeAgo((NOW - 3 * H) / 1000, NOW, 'en', translations)).to.equal(intl('en', -3, 'hour'));
  });

  it('falls back to the browser language for a bad language tag', () => {
    expect(reviewTimeAgo((NOW - 3 * H) / 1000, NOW, 'not a language!')).to.equal(
      intl(undefined as never, -3, 'hour'),
    );
  });
});
