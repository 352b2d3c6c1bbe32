import type { FormulaRuntime } from '../engine/formula.ts';
import { dateValue } from '../engine/references.ts';
import type { EngineState } from '../engine/state.ts';
import type { OptionFormMessages } from '../shop-option-form.settings.ts';
import { type DateFormula, dateOf, type IsoDate, isoOf } from './date-rules.ts';
import { DATE_TEXTS, type DateTexts } from './date-texts.ts';

/**
 * Dates as the shopper reads and types them, in the page's language through `Intl` (DESIGN §8),
 * the visible strings of the date extras, and date formulas. No DOM, no React.
 */

/** A text of the date extras: the form's `messages` where they set it, else its default (`date-texts.ts`). */
export function dateText(messages: OptionFormMessages, key: keyof DateTexts): string {
  return messages[key] || DATE_TEXTS[key];
}

/** `Intl.DateTimeFormat` in `lang`, or in the browser's language when `lang` is not a valid one. */
export function intl(lang: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

type Part = 'year' | 'month' | 'day';

/** How dates are written in a language: the numeric form the text input shows and reads. */
export interface DateFormat {
  /** e.g. `DD/MM/YYYY` for en-GB, `MM/DD/YYYY` for en-US (a hint for the placeholder). */
  pattern: string;
  /** The numeric form of a date (what the input shows). */
  short(iso: IsoDate): string;
  /** A long form for labels and messages (`Friday, 15 March 2024`). */
  long(iso: IsoDate): string;
  /** A typed date in the numeric form or as `YYYY-MM-DD`, or undefined. */
  parse(text: string): IsoDate | undefined;
  /** The first day of the week, 0 = Sunday (from `Intl.Locale` where the browser knows it). */
  weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  lang: string | undefined;
}

/** Week start of a language: `Intl.Locale#getWeekInfo` / `weekInfo` where supported, else Monday (Sunday for US English). */
function weekStart(lang: string | undefined): DateFormat['weekStartsOn'] {
  try {
    const locale = new Intl.Locale(lang ?? navigator.language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return (info.firstDay % 7) as DateFormat['weekStartsOn'];
    return /^en-US$|^en$/iu.test(locale.baseName) ? 0 : 1;
  } catch {
    return 1;
  }
}

/** The {@link DateFormat} of a language (the page's: `languageOf(node)`). */
export function dateFormat(lang: string | undefined): DateFormat {
  const numeric = intl(lang, { year: 'numeric', month: '2-digit', day: '2-digit', numberingSystem: 'latn' });
  const long = intl(lang, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const parts = numeric.formatToParts(new Date(2024, 10, 22, 12));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is Part => t === 'year' || t === 'month' || t === 'day');
  const names: Record<Part, string> = { year: 'YYYY', month: 'MM', day: 'DD' };
  const pattern = parts.map((p) => (p.type in names ? names[p.type as Part] : p.value)).join('');
  return {
    pattern,
    lang,
    weekStartsOn: weekStart(lang),
    short: (iso) => {
      const d = dateOf(iso);
      return d ? numeric.format(d) : iso;
    },
    long: (iso) => {
      const d = dateOf(iso);
      return d ? long.format(d) : iso;
    },
    parse(text) {
      const s = text.trim();
      if (/^\d{4}-\d{1,2}-\d{1,2}$/u.test(s)) {
        const [y, m, d] = s.split('-');
        const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
        return dateOf(iso) ? iso : undefined;
      }
      // Digits in the language's order (the input shows Latin digits: numberingSystem latn).
      const groups = s.match(/\d+/gu);
      if (!groups || groups.length !== 3 || order.length !== 3) return undefined;
      const got: Record<Part, number> = { year: 0, month: 0, day: 0 };
      order.forEach((part, i) => {
        got[part] = Number(groups[i]);
      });
      if (groups[order.indexOf('year')].length <= 2) got.year += 2000;
      const iso = isoOf(new Date(got.year, got.month - 1, got.day, 12));
      const d = dateOf(iso);
      return d && d.getMonth() === got.month - 1 && d.getDate() === got.day ? iso : undefined;
    },
  };
}

/** A time of day (`HH:MM`) in the language's form (`2:30 PM`, `14:30`), or as `hour12` says. */
export function formatTime(time: string, lang: string | undefined, hour12?: boolean): string {
  const [h, m] = time.split(':').map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m)) return time;
  return intl(lang, { hour: 'numeric', minute: '2-digit', hour12 }).format(new Date(2024, 0, 1, h, m));
}

/**
 * Date formulas (spec §3 "custom formula-based date config") through the option form's formula
 * language: date placeholders (`{today.unixDays}`, `{now.day}`, ...) read `now`; anything else
 * reads as empty. The number is a day count since 1970-01-01.
 */
export function dateFormula(runtime: FormulaRuntime, now: Date): DateFormula {
  const state = { today: now } as EngineState; // dateValue reads only the clock reading
  return (source) => {
    const compiled = runtime.compile(source);
    if (!compiled.ok) return undefined;
    const result = runtime.evaluateNumber(compiled, (ref) =>
      ref.kind === 'date' ? dateValue(state, ref.key) : null,
    );
    return result.error ? undefined : result.value;
  };
}
