import { type ComponentType, useSyncExternalStore } from 'react';
import { loadChunk } from '../../shared/chunk-load.ts';
import type { FieldDef } from './engine/schema.ts';
import type { FieldState, FieldValue, Quantity } from './engine/types.ts';
import type { OptionFormMessages } from './shop-option-form.settings.ts';

/** What every field-type view gets from the field wrapper. */
export interface FieldViewProps {
  field: FieldState;
  def: FieldDef;
  /** Id of the input (the wrapper's label points at it); group types use it for the first choice. */
  inputId: string;
  /** Id of the label or legend text. */
  labelId: string;
  /** Ids of the description, counter and error, for `aria-describedby`. */
  describedBy: string | undefined;
  /** Blocking or shown errors: `aria-invalid`. */
  invalid: boolean;
  disabled: boolean;
  messages: OptionFormMessages;
  /** Section-level group errors (for groupValidation). */
  groupErrors: string[];
  /** The field's value now (quick successive clicks must not build on a stale render). */
  current(): FieldValue;
  onValue(value: FieldValue, quantity?: Quantity): void;
  /** Typed text: shown at once, given to the engine after the input debounce (spec §9). */
  onInput?(value: string): void;
  onQuantity(quantity: Quantity): void;
  onBlur(): void;
  /**
   * The view holds what the shopper entered but cannot post it, for a rule the engine does not
   * check (a date on a disabled weekday): while true, a submit is refused and the field's input
   * takes focus. A view reports false again when the problem is gone or it unmounts.
   */
  onProblem(problem: boolean): void;
}

/** How a field type is shown. */
export interface FieldType {
  view: ComponentType<FieldViewProps>;
  /** Several controls under one `<fieldset>`/`<legend>` (radio, checkbox and swatch groups). */
  group?: boolean | ((def: FieldDef) => boolean);
  /** Shows content only: no label, description, errors or repeater buttons. */
  display?: boolean;
}

const registry = new Map<string, FieldType>();

/** A field type whose code is a lazy chunk (issue 13): loaded when a form first shows one. */
interface LazyType {
  load: () => Promise<FieldType>;
  state: 'idle' | 'loading' | 'failed';
}
const lazyTypes = new Map<string, LazyType>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const listener of listeners) listener();
};

/**
 * The field-type registry (issue 12): the seam where uploads, the date picker, maps and captcha
 * plug in (`registerFieldType('file', { view: Upload })`) without touching the form. A type without
 * an entry is not rendered (the engine has already reported unknown types).
 */
export function registerFieldType(type: string, entry: FieldType): void {
  registry.set(type, entry);
  lazyTypes.delete(type);
  changed();
}

/**
 * Registers a field type whose code arrives as its own chunk (issue 13: "loaded as its own chunk
 * only when a form uses it"): `load` is a dynamic `import()` giving the type's entry. It runs the
 * first time a form renders a field of the type; until then the field shows as busy. A failed load
 * (spec §8 ChunkLoadError) is reported once, naming the tag and the type, and the field stays a
 * notice while the rest of the form keeps working.
 */
export function registerLazyFieldType(type: string, load: () => Promise<FieldType>): void {
  registry.delete(type);
  lazyTypes.set(type, { load, state: 'idle' });
  changed();
}

/** The view of a field type, if registered and loaded. */
export function fieldTypeOf(type: string): FieldType | undefined {
  return registry.get(type);
}

/** What a field of `type` can show now: its entry, or that its chunk is loading or failed. */
export type FieldTypeState = FieldType | 'loading' | 'failed' | undefined;

/** Starts loading a lazy type (once) and says where it stands. */
export function requireFieldType(type: string): FieldTypeState {
  const entry = registry.get(type);
  if (entry) return entry;
  const lazy = lazyTypes.get(type);
  if (!lazy) return undefined;
  if (lazy.state === 'idle') {
    lazy.state = 'loading';
    loadChunk(`shop-option-form.${type}`, lazy.load, {
      check: (loaded) => typeof loaded?.view === 'function',
    }).then(
      (loaded) => {
        if (lazyTypes.get(type) === lazy) registerFieldType(type, loaded);
      },
      (error: unknown) => {
        lazy.state = 'failed';
        console.error(
          `<shop-option-form>: the "${type}" field type could not be loaded; its fields are not shown.`,
          error,
        );
        changed();
      },
    );
  }
  return lazy.state === 'failed' ? 'failed' : 'loading';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** {@link requireFieldType} for a view: re-renders when the type's chunk arrives or fails. */
export function useFieldType(type: string): FieldTypeState {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return requireFieldType(type);
}
