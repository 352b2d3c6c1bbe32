/**
 * Dates and relative times through `Intl` (DESIGN §8), in the language the caller passes
 * (see `languageOf`). An invalid language tag falls back to the browser's language, never throws.
 */

import { intlFor } from './intl.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  return intlFor(`date ${JSON.stringify(options)}`, locale, (l) => new Intl.DateTimeFormat(l, options));
}

/**
 * A message time as chats show it (spec §9 Chat time format): the time when under 24 h old,
 * day and month when under a year (365 days), the full date otherwise. The age is elapsed time,
 * so a daylight-saving night does not move the thresholds; the text is in the browser's zone.
 */
export function formatMessageTime(date: Date, now: Date, locale?: string): string {
  const age = Math.abs(now.getTime() - date.getTime());
  const options: Intl.DateTimeFormatOptions =
    age < DAY
      ? { hour: 'numeric', minute: '2-digit' }
      : age < YEAR
        ? { day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric' };
  return dateFormat(locale, options).format(date);
}

/** A calendar date (`{ dateStyle }` in `locale`). */
export function formatDate(
  date: Date,
  locale?: string,
  style: Intl.DateTimeFormatOptions['dateStyle'] = 'medium',
): string {
  return dateFormat(locale, { dateStyle: style }).format(date);
}

/** Units of {@link relativeTime}, largest first, with the milliseconds each one holds. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', 1000],
];

/**
 * A relative-time format in `locale` (the browser's language for an invalid tag). The reviews'
 * time ago (elements/shop-reviews/shop-reviews.time.ts) says its chosen unit and count with it.
 */
export function relativeFormat(locale: string | undefined, numeric: 'always' | 'auto') {
  return intlFor(`relative ${numeric}`, locale, (l) => new Intl.RelativeTimeFormat(l, { numeric }));
}

/**
 * How long ago (or how far ahead) `date` is from `now`, in the largest whole unit of elapsed time
 * ("3 days ago", "in 2 hours", "23 hours ago" for noon to noon across a spring-forward night),
 * through `Intl.RelativeTimeFormat`. The units are lengths of time, as in the reviews' time-ago
 * rules of spec §9 ("under 48 h: a day"), so every count is said as a count ("1 day ago"): the
 * calendar words of `numeric: 'auto'` ("yesterday", "last month", German "vorgestern" for 2 days)
 * would name a calendar day or month the time may not be in (47 h before 22:30 is the day before
 * yesterday). Only zero takes the word ("now"). Pass `units` to cap them.
 */
export function relativeTime(
  date: Date,
  now: Date,
  locale?: string,
  units: readonly Intl.RelativeTimeFormatUnit[] = UNITS.map(([unit]) => unit),
): string {
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    relativeFormat(locale, value === 0 ? 'auto' : 'always').format(value, unit);
  const diff = date.getTime() - now.getTime();
  const allowed = UNITS.filter(([unit]) => units.includes(unit));
  for (const [unit, size] of allowed) {
    if (Math.abs(diff) >= size) return say(Math.trunc(diff / size), unit);
  }
  const [smallest] = allowed.at(-1) ?? ['second'];
  return say(0, smallest);
}
