import { expect } from '@open-wc/testing';
import { reviewTimeAgo, timeAgoOf } from '../../../elements/shop-reviews/shop-reviews.time.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const NOW = Date.UTC(2026, 10, 23, 12);

/** What Intl says for `value` `unit` in `lang` (numeric auto, as the element asks). */
const intl = (lang: string, value: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(value, unit);

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
