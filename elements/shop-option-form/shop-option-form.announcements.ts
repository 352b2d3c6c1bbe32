/**
 * What the option form says politely besides its view (spec §2, §5, §9): the total once typing
 * pauses, and the corrections the engine makes to what was entered, each naming its field. The
 * controller announces them; the field view shows the corrections at once.
 */
import type { FormLayout } from './engine/engine.ts';
import type { ErrorKey } from './engine/types.ts';

/**
 * spec §9 "Input change debounce 100 ms": typed text reaches the engine once typing pauses this
 * long, and the total is announced once changes pause this long.
 */
export const INPUT_DEBOUNCE_MS = 100;
export const ANNOUNCE_DELAY_MS = INPUT_DEBOUNCE_MS;

/** Corrections the engine makes to what was entered (spec §5), shown and announced at once. */
export const CORRECTION_KEYS: ReadonlySet<ErrorKey> = new Set<ErrorKey>([
  'allowedCharsError',
  'maxlengthError',
  'maxValueError',
  'maxFieldsError',
  'maxQuantityError',
]);

/** The display label of a field for announcements. */
export function labelOf(layout: FormLayout, id: string): string {
  const def = layout.fields.get(id)?.def;
  return (def?.label ?? def?.elementId ?? id).trim();
}
