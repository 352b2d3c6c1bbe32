import type { FieldDef } from '../engine/schema.ts';

/**
 * The rules of a date, datetime-local or time field (spec §3 "Dates and times", §5 "Date, time and
 * datetime inputs take min and max from the picker config", §9 "Default time step 15 minutes"),
 * resolved against today: pure, no DOM, no React.
 *
 * Sources, WCPA's names: `min_date` / `max_date`, `disabled_dates`, `enabled_dates`,
 * `disabled_weekdays` (0 = Sunday), `min_time` / `max_time`, `time_step` (minutes), `inline`,
 * `disable_manual_input`, `picker_mode`, and the custom picker config `date_pic_conf` (WCPA's JSON
 * config, flatpickr names: `minDate`, `maxDate`, `minTime`, `maxTime`, `disable`, `enable`,
 * `disabledWeekDays`, `minuteIncrement`, `inline`), which wins over the plain settings.
 *
 * A date setting is an expression: `YYYY-MM-DD`; `today` (also `now`, `0`); `+N` / `-N` days,
 * optionally with a unit (`+2w`, `-1m`, `+1y`, `d` for days); WCPA's older offset form
 * `+1970-01-03` (two days from today); or a formula in the option form's formula language (any
 * setting holding `{`), e.g. `{today.unixDays} + if({now.day} == 7, 2, 1)`, whose number is a day
 * count since 1970-01-01. `disable` / `enable` entries may also be `{ from, to }` ranges.
 */

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

/** A disabled or enabled entry: one day, or an inclusive range. */
export type DateSpan = { from: IsoDate; to: IsoDate };

/** Everything a date or time view checks, resolved. */
export interface DateRules {
  type: 'date' | 'datetime-local' | 'time';
  mode: 'single' | 'multiple' | 'range';
  min?: IsoDate;
  max?: IsoDate;
  disabled: DateSpan[];
  /** When non-empty, only these days can be chosen. */
  enabled: DateSpan[];
  /** Days of the week that cannot be chosen, 0 = Sunday. */
  weekdays: number[];
  /** Minutes since midnight. */
  minTime?: number;
  maxTime?: number;
  /** Minutes between allowed times (spec §9: 15 by default). */
  step: number;
  inline: boolean;
  manualInput: boolean;
  /** `time_layout`: 12-hour (`12`, `12h`, `ampm`) or 24-hour (`24`, `24h`) time lists; else the language's. */
  hour12?: boolean;
  /** Settings that could not be read (named for the console). */
  unreadable: string[];
}

/** Evaluates a date formula to a day count since 1970-01-01, or undefined when it fails. */
export type DateFormula = (source: string) => number | undefined;

/** Why a date or time cannot be chosen. */
export type DateProblem = 'min' | 'max' | 'disabled' | 'weekday' | 'notEnabled' | 'time' | 'step' | 'invalid';

const DAY_MS = 864e5;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** `YYYY-MM-DD` of a local date. */
export function isoOf(date: Date): IsoDate {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(date.getFullYear(), 4)}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** The local date of `YYYY-MM-DD` (noon, so no daylight-saving change moves it), or undefined. */
export function dateOf(iso: string): Date | undefined {
  const m = ISO.exec(iso.slice(0, 10));
  if (!m) return undefined;
  const d = new Date(+m[1], +m[2] - 1, +m[3], 12);
  return isoOf(d) === iso.slice(0, 10) ? d : undefined;
}

/** Day count since 1970-01-01 of a calendar date. */
export const unixDays = (iso: IsoDate): number => {
  const m = ISO.exec(iso)!;
  return Math.round(Date.UTC(+m[1], +m[2] - 1, +m[3]) / DAY_MS);
};
/** The calendar date `days` after 1970-01-01. */
export const fromUnixDays = (days: number): IsoDate =>
  new Date(Math.round(days) * DAY_MS).toISOString().slice(0, 10);

function addMonths(iso: IsoDate, months: number): IsoDate {
  const d = dateOf(iso)!;
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return isoOf(d);
}

/** Resolves one date expression (see the module comment) against `today`; undefined when unreadable. */
export function resolveDate(expression: unknown, today: Date, formula?: DateFormula): IsoDate | undefined {
  if (typeof expression === 'number' && Number.isFinite(expression))
    return fromUnixDays(unixDays(isoOf(today)) + expression);
  if (typeof expression !== 'string') return undefined;
  const s = expression.trim();
  const base = isoOf(today);
  if (s.includes('{')) {
    const days = formula?.(s);
    return days === undefined || !Number.isFinite(days) ? undefined : fromUnixDays(days);
  }
  if (/^(today|now|0)$/iu.test(s)) return base;
  const old = /^([+-])1970-(\d{2})-(\d{2})$/u.exec(s);
  if (old)
    return fromUnixDays(unixDays(base) + (old[1] === '-' ? -1 : 1) * unixDays(`1970-${old[2]}-${old[3]}`));
  const rel = /^([+-]\d+)\s*([dwmy]?)$/iu.exec(s);
  if (rel) {
    const n = Number(rel[1]);
    const unit = rel[2].toLowerCase();
    if (unit === 'm') return addMonths(base, n);
    if (unit === 'y') return addMonths(base, n * 12);
    return fromUnixDays(unixDays(base) + n * (unit === 'w' ? 7 : 1));
  }
  const iso = s.slice(0, 10);
  return dateOf(iso) ? iso : undefined;
}

/** Minutes since midnight of `HH:MM` (also `9:30 pm`), or undefined. */
export function minutesOf(time: unknown): number | undefined {
  if (typeof time !== 'string') return undefined;
  const t = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?$/iu.exec(time.trim());
  if (!t) return undefined;
  let h = +t[1];
  const m = +t[2];
  if (m > 59 || h > (t[3] ? 12 : 23)) return undefined;
  if (t[3]) h = (h % 12) + (t[3].toLowerCase() === 'pm' ? 12 : 0);
  return h * 60 + m;
}

/** `HH:MM` of minutes since midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Conf = Record<string, unknown>;

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim()) return value.split(/[,;\s]+/u).filter(Boolean);
  return [];
}

/**
 * Reads the field's date settings into {@link DateRules}, resolving expressions against `today`
 * (formulas with `formula`, when given; without it a formula setting is left out and named in
 * `unreadable`).
 */
export function dateRules(def: FieldDef, today: Date, formula?: DateFormula): DateRules {
  const conf: Conf = def.date_pic_conf && typeof def.date_pic_conf === 'object' ? def.date_pic_conf : {};
  const unreadable: string[] = [];
  const date = (value: unknown, name: string): IsoDate | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const resolved = resolveDate(value, today, formula);
    if (resolved === undefined) unreadable.push(name);
    return resolved;
  };
  const spans = (values: unknown[], name: string): DateSpan[] =>
    values.flatMap((v): DateSpan[] => {
      if (v && typeof v === 'object' && 'from' in v) {
        const from = date((v as Conf).from, name);
        const to = date((v as Conf).to ?? (v as Conf).from, name);
        return from && to ? [{ from, to }] : [];
      }
      const day = date(v, name);
      return day ? [{ from: day, to: day }] : [];
    });
  const weekdays = [...list(def.disabled_weekdays), ...list(conf.disabledWeekDays)]
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 7)
    .map((n) => n % 7); // 7 = Sunday too
  const time = (value: unknown, name: string) => {
    if (value === undefined || value === '') return undefined;
    const m = minutesOf(value);
    if (m === undefined) unreadable.push(name);
    return m;
  };
  const stepSetting = Number(def.time_step ?? conf.minuteIncrement ?? 15);
  const type = def.type === 'datetime-local' || def.type === 'time' ? def.type : 'date';
  return {
    type,
    mode: type === 'date' ? def.picker_mode : 'single',
    min: date(conf.minDate ?? def.min_date, 'min_date'),
    max: date(conf.maxDate ?? def.max_date, 'max_date'),
    disabled: spans([...def.disabled_dates, ...list(conf.disable)], 'disabled_dates'),
    enabled: spans([...def.enabled_dates, ...list(conf.enable)], 'enabled_dates'),
    weekdays: [...new Set(weekdays)].sort(),
    minTime: time(conf.minTime ?? def.min_time, 'min_time'),
    maxTime: time(conf.maxTime ?? def.max_time, 'max_time'),
    step: Number.isFinite(stepSetting) && stepSetting > 0 ? stepSetting : 15,
    inline: !!(def.inline || conf.inline === true),
    manualInput: !def.disable_manual_input,
    hour12: /^(12h?|am_?pm)$/iu.test(def.time_layout ?? '')
      ? true
      : /^24h?$/iu.test(def.time_layout ?? '')
        ? false
        : undefined,
    unreadable,
  };
}

/** Whether the field's settings hold a formula (the formula language must be loaded to read them). */
export function usesFormula(def: FieldDef): boolean {
  const conf = def.date_pic_conf ?? {};
  return [
    def.min_date,
    def.max_date,
    conf.minDate,
    conf.maxDate,
    ...def.disabled_dates,
    ...def.enabled_dates,
    ...list((conf as Conf).disable),
    ...list((conf as Conf).enable),
  ].some(
    (v) =>
      (typeof v === 'string' && v.includes('{')) ||
      (!!v && typeof v === 'object' && JSON.stringify(v).includes('{')),
  );
}

/**
 * Whether a native input can express the rules (min/max and the time step only). Otherwise the
 * calendar picker is needed: disabled or enabled days, disabled weekdays, an inline calendar, no
 * manual input, several dates or a range, or a time window on a date-and-time field.
 */
export function needsPicker(rules: DateRules): boolean {
  if (rules.type === 'time') return false;
  return (
    rules.disabled.length > 0 ||
    rules.enabled.length > 0 ||
    rules.weekdays.length > 0 ||
    rules.inline ||
    !rules.manualInput ||
    rules.mode !== 'single' ||
    (rules.type === 'datetime-local' && (rules.minTime !== undefined || rules.maxTime !== undefined))
  );
}

const within = (iso: IsoDate, spans: DateSpan[]) => spans.some((s) => iso >= s.from && iso <= s.to);

/** Why the calendar date `iso` cannot be chosen, or undefined when it can. */
export function dateProblem(iso: string, rules: DateRules): DateProblem | undefined {
  const day = dateOf(iso);
  if (!day) return 'invalid';
  const d = iso.slice(0, 10);
  if (rules.min && d < rules.min) return 'min';
  if (rules.max && d > rules.max) return 'max';
  if (rules.enabled.length && !within(d, rules.enabled)) return 'notEnabled';
  if (within(d, rules.disabled)) return 'disabled';
  if (rules.weekdays.includes(day.getDay())) return 'weekday';
  return undefined;
}

/** Why a time of day (`HH:MM`) cannot be chosen, or undefined when it can. */
export function timeProblem(time: string, rules: DateRules): DateProblem | undefined {
  const m = minutesOf(time);
  if (m === undefined) return 'invalid';
  if (rules.minTime !== undefined && m < rules.minTime) return 'time';
  if (rules.maxTime !== undefined && m > rules.maxTime) return 'time';
  if ((m - (rules.minTime ?? 0)) % rules.step !== 0) return 'step';
  return undefined;
}

/** Why a whole value (a date, `date T time`, or a time) cannot be chosen, or undefined. */
export function valueProblem(value: string, rules: DateRules): DateProblem | undefined {
  if (rules.type === 'time') return timeProblem(value, rules);
  const [date, time] = value.split('T');
  const problem = dateProblem(date, rules);
  if (problem || rules.type === 'date') return problem;
  return time ? timeProblem(time, rules) : 'invalid';
}

/** The times a shopper can pick: from the minimum (or midnight) to the maximum, every `step` minutes. */
export function timeSlots(rules: DateRules): string[] {
  const out: string[] = [];
  const end = rules.maxTime ?? 24 * 60 - 1;
  for (let m = rules.minTime ?? 0; m <= end && out.length < 1440; m += rules.step) out.push(timeOf(m));
  return out;
}
