import type { ComponentType } from 'react';
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
  onQuantity(quantity: Quantity): void;
  onBlur(): void;
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

/**
 * The field-type registry (issue 12): the seam where uploads, the date picker, maps and captcha
 * plug in (`registerFieldType('file', { view: Upload })`) without touching the form. A type without
 * an entry is not rendered (the engine has already reported unknown types).
 */
export function registerFieldType(type: string, entry: FieldType): void {
  registry.set(type, entry);
}

/** The view of a field type, if registered. */
export function fieldTypeOf(type: string): FieldType | undefined {
  return registry.get(type);
}
