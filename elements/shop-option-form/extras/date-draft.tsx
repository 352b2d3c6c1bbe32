import { useEffect, useId, useRef, useState } from 'react';
import type { FieldViewProps } from '../shop-option-form.registry.ts';
import type { DateFormat } from './date-format.ts';
import { type DateProblem, type DateRules, valueProblem } from './date-rules.ts';

/**
 * What the date field's views share (issue 13): the props the native inputs and the calendar
 * picker get, and how a value the engine cannot take is held on screen and reported. Its own
 * module, so the picker (a lazy chunk) and the field that loads it do not import each other.
 */

/** What the picker view gets besides the field props. */
export interface PickerProps extends FieldViewProps {
  rules: DateRules;
  format: DateFormat;
  /** Says why a value cannot be chosen (undefined when it can). */
  problemText(problem: DateProblem | undefined, value: string): string | undefined;
}

/**
 * What the shopper entered but cannot be posted blocks the submit (the engine does not know these
 * rules): the field wrapper is told while there is a problem, and no longer once the view goes
 * (hidden, re-initialised).
 */
export function useReportProblem(problem: string | undefined, onProblem: (problem: boolean) => void) {
  useEffect(() => {
    onProblem(!!problem);
  }, [problem, onProblem]);
  useEffect(() => () => onProblem(false), [onProblem]);
}

/**
 * The shopper's text for a field while the engine holds something else (a value breaking a rule
 * posts nothing, but stays on screen), and the message saying why.
 */
export function useDraft(props: PickerProps) {
  const engineValue = typeof props.field.value === 'string' ? props.field.value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const errorId = useId();
  // A value set from outside (re-initialisation, a clone moving down) replaces the draft.
  const sent = useRef(engineValue);
  useEffect(() => {
    if (engineValue !== sent.current) {
      sent.current = engineValue;
      setDraft(null);
      setProblem(undefined);
    }
  }, [engineValue]);
  useReportProblem(problem, props.onProblem);
  const commit = (value: string) => {
    const why = value ? props.problemText(valueProblem(value, props.rules), value) : undefined;
    setDraft(value);
    setProblem(why);
    props.onProblem(!!why);
    sent.current = why ? '' : value;
    props.onValue(sent.current);
  };
  const describedBy = [props.describedBy, problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const message = (
    <p id={errorId} className="error date-problem" part="error" aria-live="polite">
      {problem}
    </p>
  );
  return { shown: draft ?? engineValue, commit, describedBy, invalid: props.invalid || !!problem, message };
}
