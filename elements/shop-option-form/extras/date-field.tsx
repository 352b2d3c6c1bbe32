import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { lazyModule } from '../../../shared/chunk-load.ts';
import { fill, languageOf } from '../../../shared/format/messages.ts';
import { logError, logWarning } from '../../../shared/log.ts';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import type { FormulaRuntime } from '../engine/formula.ts';
import { formulaChunk } from '../shop-option-form.lazy.ts';
import type { FieldType, FieldViewProps } from '../shop-option-form.registry.ts';
import { type PickerProps, useDraft } from './date-draft.tsx';
import { type DateFormat, dateFormat, dateFormula, dateText, formatTime } from './date-format.ts';
import {
  type DateProblem,
  type DateRules,
  dateRules,
  isoOf,
  needsPicker,
  timeOf,
  timeSlots,
  usesFormula,
} from './date-rules.ts';

/**
 * The date, datetime-local and time field types (issue 13 "Dates and times"; spec §3, §5, §9),
 * one lazy chunk registered for all three. A native input where it can express the field's rules
 * (min/max and the time step); otherwise the calendar picker (`date-picker.tsx`, react-day-picker),
 * a further lazy chunk that only fields with disabled or enabled days, disabled weekdays, an inline
 * calendar, no manual input, several dates, a range, or a time window on a date-and-time field
 * load. A time without manual input is a list of its time slots. Rules the engine does not check
 * (disabled days, weekdays, the time step, formula limits) are checked here: a value breaking one
 * keeps what the shopper entered on screen, says why, and posts nothing for the field.
 */

const FIELD_CSS = '.date-problem:empty { display: none; }';

/** The calendar picker chunk (test seam: `pickerChunk.setLoader`). */
export const pickerChunk = lazyModule<ComponentType<PickerProps>>(() =>
  import('./date-picker.tsx').then((module) => module.DatePicker),
);

/** The text for a problem with `value`, in the page's language. */
function problemTextOf(props: FieldViewProps, rules: DateRules, format: DateFormat) {
  return (problem: DateProblem | undefined, value: string): string | undefined => {
    const t = (key: Parameters<typeof dateText>[1]) => dateText(props.messages, key);
    const date = value.slice(0, 10);
    switch (problem) {
      case undefined:
        return undefined;
      case 'invalid':
        return fill(t('dateInvalid'), {
          example: rules.type === 'time' ? formatTime('14:30', format.lang) : format.short(isoOf(new Date())),
        });
      case 'min':
        return fill(t('dateMin'), { date: format.long(rules.min!) });
      case 'max':
        return fill(t('dateMax'), { date: format.long(rules.max!) });
      case 'time':
        return fill(t('timeWindow'), {
          min: formatTime(timeOf(rules.minTime ?? 0), format.lang, rules.hour12),
          max: formatTime(timeOf(rules.maxTime ?? 24 * 60 - 1), format.lang, rules.hour12),
        });
      case 'step':
        return fill(t('timeStep'), { step: rules.step });
      default:
        return fill(t('dateUnavailable'), { date: format.long(date) });
    }
  };
}

/** The formula language, when the field's settings need it (loaded once for every form). */
function useFormulaRuntime(needed: boolean, id: string): FormulaRuntime | undefined {
  const [runtime, setRuntime] = useState(() => formulaChunk.loaded());
  useEffect(() => {
    if (!needed || runtime) return;
    let live = true;
    formulaChunk.load().then(
      (loaded) => live && setRuntime(() => loaded),
      (error: unknown) =>
        logError('shop-option-form', `field "${id}": the date formulas could not be loaded.`, error),
    );
    return () => {
      live = false;
    };
  }, [needed, runtime, id]);
  return needed ? runtime : undefined;
}

/** The field type's view: native input, time slots, or the calendar picker. */
export function DateField(props: FieldViewProps) {
  const { def } = props;
  const anchor = useRef<HTMLSpanElement>(null);
  const [lang, setLang] = useState<string | undefined>(undefined);
  useEffect(() => setLang(languageOf(anchor.current)), []);
  useEffect(() => adoptStyles(anchor.current, FIELD_CSS), []);
  const [today] = useState(() => new Date());
  const formulas = usesFormula(def);
  const runtime = useFormulaRuntime(formulas, def.elementId);
  const rules = useMemo(
    () => dateRules(def, today, runtime ? dateFormula(runtime, today) : undefined),
    [def, today, runtime],
  );
  const pending = formulas && !runtime;
  useEffect(() => {
    if (!pending && rules.unreadable.length)
      logWarning(
        'shop-option-form',
        `field "${def.elementId}": ${[...new Set(rules.unreadable)].join(', ')} could not be read as a date or time; left out.`,
      );
  }, [pending, rules, def.elementId]);
  const format = useMemo(() => dateFormat(lang), [lang]);
  const problemText = useMemo(() => problemTextOf(props, rules, format), [props, rules, format]);
  // `picker_type` (spec §3 layout): `calendar` always shows the calendar; `native` the browser's
  // input wherever it can take the value (one date, typed), its rules still checked here.
  const picker =
    def.picker_type === 'calendar'
      ? rules.type !== 'time'
      : def.picker_type === 'native'
        ? rules.mode !== 'single' || rules.inline || !rules.manualInput
        : needsPicker(rules);
  const [Picker, setPicker] = useState(() => (picker ? pickerChunk.loaded() : undefined));
  useEffect(() => {
    if (!picker || Picker) return;
    let live = true;
    pickerChunk.load().then(
      (loaded) => live && setPicker(() => loaded),
      (error: unknown) =>
        logError(
          'shop-option-form',
          `field "${def.elementId}": the date picker could not be loaded; a plain input is shown.`,
          error,
        ),
    );
    return () => {
      live = false;
    };
  }, [picker, Picker, def.elementId]);
  const view =
    rules.type === 'time' ? (
      <TimeInput {...props} rules={rules} format={format} problemText={problemText} />
    ) : picker && Picker ? (
      <Picker {...props} rules={rules} format={format} problemText={problemText} />
    ) : (
      <NativeDate {...props} rules={rules} format={format} problemText={problemText} busy={picker} />
    );
  return (
    <>
      <span ref={anchor} hidden />
      {view}
    </>
  );
}

/** A native date or datetime-local input with the field's limits (also while the picker loads). */
function NativeDate(props: PickerProps & { busy: boolean }) {
  const { def, rules, inputId, disabled, onBlur } = props;
  const { shown, commit, describedBy, invalid, message } = useDraft(props);
  const withTime = rules.type === 'datetime-local';
  const limit = (date: string | undefined, time: number | undefined, end: boolean) =>
    date && withTime ? `${date}T${time !== undefined ? timeOf(time) : end ? '23:59' : '00:00'}` : date;
  return (
    <>
      <input
        id={inputId}
        className="input"
        part="input"
        type={withTime ? 'datetime-local' : 'date'}
        value={shown}
        min={limit(rules.min, rules.minTime, false)}
        max={limit(rules.max, rules.maxTime, true)}
        step={withTime ? rules.step * 60 : undefined}
        placeholder={def.placeholder}
        disabled={disabled}
        required={def.required}
        aria-required={def.required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-busy={props.busy || undefined}
        onChange={(e) => commit(e.currentTarget.value)}
        onBlur={onBlur}
      />
      {message}
    </>
  );
}

/** A time: native with min, max and step, or (no manual input) the list of its slots. */
function TimeInput(props: PickerProps) {
  const { def, rules, inputId, disabled, onBlur, messages, format } = props;
  const { shown, commit, describedBy, invalid, message } = useDraft(props);
  const common = {
    id: inputId,
    part: 'input',
    disabled,
    required: def.required,
    'aria-required': def.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    onBlur,
  };
  if (!rules.manualInput)
    return (
      <>
        <select className="input" {...common} value={shown} onChange={(e) => commit(e.currentTarget.value)}>
          <option value="">{dateText(messages, 'chooseTime')}</option>
          {timeSlots(rules).map((slot) => (
            <option key={slot} value={slot}>
              {formatTime(slot, format.lang, rules.hour12)}
            </option>
          ))}
        </select>
        {message}
      </>
    );
  return (
    <>
      <input
        className="input"
        type="time"
        {...common}
        value={shown}
        min={rules.minTime !== undefined ? timeOf(rules.minTime) : undefined}
        max={rules.maxTime !== undefined ? timeOf(rules.maxTime) : undefined}
        step={rules.step * 60}
        onChange={(e) => commit(e.currentTarget.value)}
      />
      {message}
    </>
  );
}

/** The entry the registry loads for `date`, `datetime-local` and `time`. */
export const dateType: FieldType = { view: DateField };
