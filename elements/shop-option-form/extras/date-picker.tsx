import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type DateRange, DayPicker, type DayPickerProps } from 'react-day-picker';
import { fill } from '../../../shared/format/messages.ts';
import { useModalDialog } from '../../../shared/hooks/use-modal-dialog.ts';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import { type PickerProps, useReportProblem } from './date-draft.tsx';
import { dateText, formatTime, intl } from './date-format.ts';
import { pickerStyles } from './date-picker.styles.ts';
import { dateOf, dateProblem, type IsoDate, isoOf, timeSlots, valueProblem } from './date-rules.ts';

/**
 * The calendar date picker (issue 13; spec §3 "Dates and times"): a text input the shopper may
 * type into (in the page's numeric date form, or `YYYY-MM-DD`; read-only with
 * `disable_manual_input`), a button opening the calendar in a modal dialog (WAI-ARIA APG "Date
 * Picker Dialog": the grid takes focus, arrows / Page Up / Page Down / Home / End move, Enter or
 * Space chooses, Escape closes and focus returns to the button), or the calendar inline under the
 * input (`inline`). react-day-picker draws the grid; days the rules forbid are disabled in it.
 * One date, several (`picker_mode` multiple, chosen until Done) or a range. A date and time field
 * adds a list of its time slots (min/max time, `time_step`). Month and weekday names come from
 * `Intl` in the page's language, as does the first day of the week.
 */

/** The picked days and time held by an engine value (`YYYY-MM-DD`, `…THH:MM`, or a list). */
function readValue(value: unknown): { dates: IsoDate[]; time: string } {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  const dates = list
    .filter((v): v is string => typeof v === 'string' && !!dateOf(v))
    .map((v) => v.slice(0, 10));
  const time = typeof list[0] === 'string' && list[0].includes('T') ? list[0].slice(11, 16) : '';
  return { dates, time };
}

/**
 * The calendar picker: the dates as text (typed, or read-only), a button opening the calendar in a
 * modal dialog (APG date picker dialog: focus goes to the chosen day, else today, else the first
 * open day, not to the first button showModal() picks), or the calendar inline, and the time
 * slots of a date-and-time field.
 */
export function DatePicker(props: PickerProps) {
  const { def, rules, format, inputId, disabled, messages, onBlur } = props;
  const t = (key: Parameters<typeof dateText>[1]) => dateText(messages, key);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog({ open, onClose: () => setOpen(false), returnTo: button });
  useEffect(() => adoptStyles(root.current, pickerStyles), []);
  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLButtonElement>('td[data-day] button[tabindex="0"]')?.focus();
  }, [open, dialog]);

  const [picked, shownText, problem, setText, commit, readTyped] = usePicked(props);
  const calendar = (
    <Calendar
      {...props}
      picked={picked.dates}
      autoFocus={!rules.inline}
      onPick={(dates, done) => {
        commit(dates, picked.time);
        if (done && !rules.inline) setOpen(false);
      }}
    />
  );
  const describedBy = [props.describedBy, problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const label = def.label ?? def.elementId;
  return (
    <div ref={root} className="date-picker">
      <div className="date-row">
        <input
          id={inputId}
          className="input date-text"
          part="input"
          type="text"
          inputMode={rules.manualInput ? 'numeric' : 'none'}
          autoComplete="off"
          value={shownText}
          placeholder={def.placeholder ?? format.pattern}
          readOnly={!rules.manualInput}
          disabled={disabled}
          required={def.required}
          aria-required={def.required || undefined}
          aria-invalid={props.invalid || !!problem || undefined}
          aria-describedby={describedBy}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && readTyped(e)}
          onClick={() => !rules.manualInput && !rules.inline && setOpen(true)}
          onBlur={() => {
            readTyped();
            onBlur();
          }}
        />
        {!rules.inline && (
          <button
            ref={button}
            type="button"
            className="date-button"
            part="date-button"
            disabled={disabled}
            aria-haspopup="dialog"
            aria-label={`${t(rules.mode === 'single' ? 'chooseDate' : 'chooseDates')}, ${label}`}
            onClick={() => setOpen(true)}
          >
            {CALENDAR_ICON}
          </button>
        )}
        {rules.type === 'datetime-local' &&
          timeSelect(
            rules,
            format,
            `${t('time')}, ${label}`,
            t('chooseTime'),
            picked.time,
            disabled,
            (time) => commit(picked.dates, time),
          )}
      </div>
      {rules.inline ? (
        calendar
      ) : (
        <dialog
          ref={dialog}
          className="date-dialog"
          part="date-dialog"
          aria-label={fill(t('calendar'), { label })}
        >
          {open && calendar}
          {open && rules.mode !== 'single' && (
            <button type="button" className="date-done" part="date-done" onClick={() => setOpen(false)}>
              {t('done')}
            </button>
          )}
        </dialog>
      )}
      <p id={errorId} className="error date-problem" part="error" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}

/**
 * What the engine holds and what the shopper sees (kept when it breaks a rule: nothing is posted
 * then, and the problem says why), as `[picked, shownText, problem, setText, commit, readTyped]`:
 * the picked dates and time, the text shown (typed, or the picked dates), why they cannot be posted,
 * what sets the typed text, what commits a pick, and what reads the typed text.
 */
function usePicked(props: PickerProps) {
  const { rules, format, field, messages, onValue, problemText } = props;
  const held = readValue(field.value);
  const [picked, setPicked] = useState(held);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useReportProblem(problem, props.onProblem);
  const sent = useRef(JSON.stringify(field.value ?? ''));
  useEffect(() => {
    const now = JSON.stringify(field.value ?? '');
    if (now !== sent.current) {
      sent.current = now;
      setPicked(readValue(field.value));
      setText(null);
      setProblem(undefined);
    }
  }, [field.value]);
  const commit = (dates: IsoDate[], time: string) => {
    setPicked({ dates, time });
    setText(null);
    const withTime = rules.type === 'datetime-local';
    const values = withTime && dates[0] ? [time ? `${dates[0]}T${time}` : dates[0]] : dates;
    const bad = values.find((v) => valueProblem(v, rules) && !(withTime && !time));
    let why = bad ? problemText(valueProblem(bad, rules), bad) : undefined;
    if (!why && rules.mode === 'range' && dates.length === 1) why = dateText(messages, 'rangeEnd');
    setProblem(why);
    props.onProblem(!!why);
    let out: string | string[];
    if (why) out = rules.mode === 'single' ? '' : [];
    else if (rules.mode === 'single')
      out = withTime ? (dates[0] && time ? `${dates[0]}T${time}` : '') : (dates[0] ?? '');
    else out = rules.mode === 'range' ? [...dates].sort() : dates;
    sent.current = JSON.stringify(out);
    onValue(out);
  };
  const shownText =
    text ?? picked.dates.map((d) => format.short(d)).join(rules.mode === 'range' ? ' – ' : ', ');
  // Enter reads the text (and submits nothing); so does leaving the input.
  const readTyped = (enter?: { preventDefault(): void }) => {
    enter?.preventDefault();
    if (text === null) return;
    const parts = text
      .split(rules.mode === 'range' ? /\s+[–-]\s+|\s*–\s*|\s+to\s+/u : /\s*[,;]\s*/u)
      .filter((p) => p.trim());
    const dates = parts.map((p) => format.parse(p));
    if (dates.some((d) => !d)) {
      setProblem(problemText('invalid', ''));
      props.onProblem(true);
      sent.current = JSON.stringify(rules.mode === 'single' ? '' : []);
      onValue(rules.mode === 'single' ? '' : []);
      return;
    }
    commit(rules.mode === 'single' ? (dates.slice(0, 1) as IsoDate[]) : (dates as IsoDate[]), picked.time);
  };
  return [picked, shownText, problem, setText, commit, readTyped] as const;
}

/** The calendar button's icon. */
const CALENDAR_ICON = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z"
    />
  </svg>
);

/** The time slots of a date-and-time field (min/max time, `time_step`), `none` first. */
function timeSelect(
  rules: PickerProps['rules'],
  format: PickerProps['format'],
  label: string,
  none: string,
  time: string,
  disabled: boolean,
  onTime: (time: string) => void,
) {
  return (
    <select
      className="input time-select"
      part="time-select"
      aria-label={label}
      value={time}
      disabled={disabled}
      onChange={(e) => onTime(e.currentTarget.value)}
    >
      <option value="">{none}</option>
      {timeSlots(rules).map((slot) => (
        <option key={slot} value={slot}>
          {formatTime(slot, format.lang, rules.hour12)}
        </option>
      ))}
    </select>
  );
}

interface CalendarProps extends PickerProps {
  picked: IsoDate[];
  autoFocus: boolean;
  /** The new selection; `done` when a single date or a whole range was chosen. */
  onPick(dates: IsoDate[], done: boolean): void;
}

/** react-day-picker with the field's rules, the page's language and the form's texts. */
function Calendar({ rules, format, messages, picked, autoFocus, onPick, def, disabled }: CalendarProps) {
  const t = (key: Parameters<typeof dateText>[1]) => dateText(messages, key);
  const lang = format.lang;
  const names = useMemo(
    () => ({
      caption: intl(lang, { month: 'long', year: 'numeric' }),
      weekday: intl(lang, { weekday: 'short' }),
      weekdayLong: intl(lang, { weekday: 'long' }),
      day: intl(lang, { day: 'numeric', numberingSystem: 'latn' }),
    }),
    [lang],
  );
  const dates = picked.map((d) => dateOf(d)!);
  const today = new Date();
  const first = dates[0] ?? (rules.min && rules.min > isoOf(today) ? dateOf(rules.min) : today);
  const base: DayPickerProps = {
    defaultMonth: first,
    startMonth: rules.min ? dateOf(rules.min) : undefined,
    endMonth: rules.max ? dateOf(rules.max) : undefined,
    disabled: disabled ? true : (day: Date) => !!dateProblem(isoOf(day), rules),
    weekStartsOn: format.weekStartsOn,
    // APG date picker: Home / End go to the first / last day of the week. react-day-picker moves
    // to the week's end and, when that day is disabled, repeats the same move from it and gives
    // up; then the first / last open day of the week (shown in this month) takes focus.
    onDayKeyDown: (day, _modifiers, e) => {
      if (e.key !== 'Home' && e.key !== 'End') return;
      const from = (day.getDay() - format.weekStartsOn + 7) % 7;
      const week = [0, 1, 2, 3, 4, 5, 6].map((i) =>
        isoOf(new Date(day.getFullYear(), day.getMonth(), day.getDate() - from + i)),
      );
      if (e.key === 'End') week.reverse();
      if (!dateProblem(week[0], rules)) return;
      const grid = (e.currentTarget as HTMLElement).closest('[role="grid"]');
      for (const iso of week) {
        const button = dateProblem(iso, rules)
          ? null
          : grid?.querySelector<HTMLButtonElement>(`td[data-day="${iso}"]:not([data-outside]) button`);
        if (button) {
          button.focus();
          return;
        }
      }
    },
    autoFocus,
    lang,
    navLayout: 'after',
    'aria-label': def.label ?? def.elementId,
    formatters: {
      formatCaption: (month) => names.caption.format(month),
      formatWeekdayName: (day) => names.weekday.format(day),
      formatDay: (day) => names.day.format(day),
    },
    labels: {
      labelDayButton: (day, modifiers) =>
        [
          format.long(isoOf(day)),
          modifiers.selected ? t('selected') : '',
          modifiers.disabled ? t('unavailable') : '',
        ]
          .filter(Boolean)
          .join(', '),
      labelWeekday: (day) => names.weekdayLong.format(day),
      labelNext: () => t('nextMonth'),
      labelPrevious: () => t('previousMonth'),
      labelGrid: (month) => names.caption.format(month),
    },
  };
  if (rules.mode === 'multiple')
    return (
      <DayPicker
        {...base}
        mode="multiple"
        selected={dates}
        onSelect={(days) => onPick((days ?? []).map(isoOf), false)}
      />
    );
  if (rules.mode === 'range') {
    const selected: DateRange | undefined = dates[0] ? { from: dates[0], to: dates[1] } : undefined;
    return (
      <DayPicker
        {...base}
        mode="range"
        excludeDisabled
        selected={selected}
        onSelect={(range) => {
          const out = [range?.from, range?.to].filter((d): d is Date => !!d).map(isoOf);
          const unique = [...new Set(out)];
          onPick(unique, unique.length === 2);
        }}
      />
    );
  }
  return (
    <DayPicker
      {...base}
      mode="single"
      selected={dates[0]}
      onSelect={(day) => onPick(day ? [isoOf(day)] : [], true)}
    />
  );
}
