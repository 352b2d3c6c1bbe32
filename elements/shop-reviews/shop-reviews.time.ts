import { relativeFormat } from '../../shared/format/dates.ts';
import { fill } from '../../shared/format/messages.ts';
import type { TimePhrase } from './shop-reviews.settings.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** A time-ago phrase chosen by the thresholds: the unit, the count and the `translations` key. */
export interface TimeAgo {
  unit: Intl.RelativeTimeFormatUnit;
  count: number;
  phrase: TimePhrase;
}

const many = (age: number, size: number) => Math.max(2, Math.round(age / size));

/** The threshold an age falls under (spec §9 "Time-ago thresholds"); future times count as just now. */
export function timeAgoOf(ageMs: number): TimeAgo {
  const age = Math.max(0, ageMs);
  if (age < 45 * SECOND) return { unit: 'second', count: 0, phrase: 'just_now' };
  if (age < 90 * SECOND) return { unit: 'minute', count: 1, phrase: 'minute' };
  if (age < 45 * MINUTE) return { unit: 'minute', count: many(age, MINUTE), phrase: 'minutes' };
  if (age < 90 * MINUTE) return { unit: 'hour', count: 1, phrase: 'hour' };
  if (age < 24 * HOUR) return { unit: 'hour', count: Math.min(23, many(age, HOUR)), phrase: 'hours' };
  if (age < 48 * HOUR) return { unit: 'day', count: 1, phrase: 'day' };
  if (age < 30 * DAY) return { unit: 'day', count: Math.min(29, many(age, DAY)), phrase: 'days' };
  if (age < 60 * DAY) return { unit: 'month', count: 1, phrase: 'month' };
  if (age < 365 * DAY) return { unit: 'month', count: Math.min(12, many(age, MONTH)), phrase: 'months' };
  if (age < 2 * YEAR) return { unit: 'year', count: 1, phrase: 'year' };
  return { unit: 'year', count: Math.max(2, Math.floor(age / YEAR)), phrase: 'years' };
}

/**
 * "3 days ago" for a review written at `seconds` (a seconds timestamp, spec §3 Review card), in
 * `locale` through `Intl.RelativeTimeFormat` (a count as a count, zero as "now", as shared
 * `relativeTime` says them), unless `translations` has the phrase of that threshold.
 */
export function reviewTimeAgo(
  seconds: number,
  nowMs: number,
  locale: string | undefined,
  translations: Partial<Record<TimePhrase, string>> = {},
): string {
  const { unit, count, phrase } = timeAgoOf(nowMs - seconds * 1000);
  const own = Object.hasOwn(translations, phrase) ? translations[phrase] : undefined;
  if (own) return fill(own, { count });
  return relativeFormat(locale, count ? 'always' : 'auto').format(-count, unit);
}
