/**
 * Chat time format (spec §9 Chat time format): the time when under 24 h old, the day and month
 * when under a year, the full date otherwise, through `Intl` in the page's language. No DOM.
 */
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

/** Formats `date` as seen at `now` in `locale` (undefined: the browser's language). */
export function formatChatTime(date: Date, now: Date, locale?: string): string {
  const age = Math.abs(now.getTime() - date.getTime());
  const options: Intl.DateTimeFormatOptions =
    age < DAY
      ? { hour: 'numeric', minute: '2-digit' }
      : age < YEAR
        ? { day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    // An invalid `lang` value must not break the chat.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
