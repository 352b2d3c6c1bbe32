/**
 * Dates and relative times through `Intl` (DESIGN §8), in the language the caller passes
 * (see `languageOf`). An invalid language tag falls back to the browser's language, never throws.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/**
 * A message time as chats show it (spec §9 Chat time format): the time when under 24 h old,
 * day and month when under a year, the full date otherwise.
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
 * How long ago (or how far ahead) `date` is from `now`, in the largest whole unit
 * ("3 days ago", "in 2 hours"), through `Intl.RelativeTimeFormat` with `numeric: 'auto'`
 * ("yesterday"). Pass `thresholds` to cap units (e.g. the reviews' time-ago rules of spec §9).
 */
export function relativeTime(
  date: Date,
  now: Date,
  locale?: string,
  units: readonly Intl.RelativeTimeFormatUnit[] = UNITS.map(([unit]) => unit),
): string {
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  }
  const diff = date.getTime() - now.getTime();
  const allowed = UNITS.filter(([unit]) => units.includes(unit));
  for (const [unit, size] of allowed) {
    if (Math.abs(diff) >= size) return format.format(Math.trunc(diff / size), unit);
  }
  const [smallest] = allowed.at(-1) ?? ['second'];
  return format.format(0, smallest);
}
