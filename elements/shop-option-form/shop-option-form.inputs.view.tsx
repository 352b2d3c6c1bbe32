import { Suspense } from 'react';
import { SanitizedHtml } from '../../shared/sanitized-html.tsx';
import { ColorPart } from './shop-option-form.option.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';

/**
 * What every native control of a field carries: disabled, required (also for assistive tech),
 * invalid and the ids of its description and error. One place, so no control forgets one.
 */
export function controlProps({ def, disabled, invalid, describedBy }: FieldViewProps) {
  return {
    disabled,
    required: def.required,
    'aria-required': def.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
}

/**
 * Native single inputs (spec §2): text, email, url, number, date, datetime-local, time, color. A
 * colour's `color_picker_type` (spec §3 layout) is `native` (the browser's picker, default) or
 * `text`: a text box taking any CSS colour, with a swatch showing it.
 */
export function TextInput(props: FieldViewProps) {
  const { field, def, inputId, onValue, onInput = onValue, onBlur } = props;
  const attrs = field.inputAttrs;
  const value = typeof field.value === 'string' ? field.value : '';
  const numeric = def.type === 'number';
  const type =
    def.type === 'color' && def.color_picker_type === 'text'
      ? 'text'
      : def.type === 'text' && def.subtype === 'password'
        ? 'password'
        : def.type;
  const input = (
    <input
      id={inputId}
      className="input"
      part="input"
      type={type}
      value={type === 'color' && !value ? '#000000' : value}
      placeholder={def.placeholder}
      {...controlProps(props)}
      inputMode={numeric ? 'decimal' : undefined}
      min={attrs.min as string | number | undefined}
      max={attrs.max as string | number | undefined}
      step={(attrs.step as string | number | undefined) ?? (def.type === 'time' ? 900 : undefined)}
      onChange={(e) => onInput(e.currentTarget.value)}
      onBlur={onBlur}
    />
  );
  return def.type === 'color' && type === 'text' ? (
    <Suspense fallback={input}>
      <ColorPart color={value} input={input} />
    </Suspense>
  ) : (
    input
  );
}

/** A multi-line text (spec §2 textarea). */
export function TextArea(props: FieldViewProps) {
  const { field, def, inputId, onValue, onInput = onValue, onBlur } = props;
  return (
    <textarea
      id={inputId}
      className="input"
      part="input"
      rows={def.rows ?? 3}
      value={typeof field.value === 'string' ? field.value : ''}
      placeholder={def.placeholder}
      {...controlProps(props)}
      onChange={(e) => onInput(e.currentTarget.value)}
      onBlur={onBlur}
    />
  );
}

/** A single checkbox without options: posts `name=1` when ticked. */
export function SingleCheckbox(props: FieldViewProps) {
  const { field, inputId, onValue, onBlur } = props;
  return (
    <input
      id={inputId}
      type="checkbox"
      className="check"
      part="input"
      checked={field.value === true}
      {...controlProps(props)}
      onChange={(e) => onValue(e.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}

/** A hidden field: posted, never shown. */
export function Hidden() {
  return null;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Display types (spec §2): content (sanitised HTML), header, separator, group errors only. */
export function Display({ def, groupErrors }: FieldViewProps) {
  if (def.type === 'separator') return <hr className="separator" part="separator" />;
  if (def.type === 'header') {
    const Tag = (HEADINGS.has(def.subtype ?? '') ? def.subtype : 'h4') as 'h4';
    return (
      <Tag className="header" part="header">
        {def.label}
      </Tag>
    );
  }
  if (def.type === 'groupValidation')
    return (
      <div className="group-errors" part="group-errors" role="alert">
        {groupErrors.map((message) => (
          <p key={message} className="error" part="error">
            {message}
          </p>
        ))}
      </div>
    );
  return <SanitizedHtml html={def.content ?? ''} className="content" part="content" />;
}
