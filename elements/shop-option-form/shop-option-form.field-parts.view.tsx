import { fill } from '../../shared/format/messages.ts';
import type { FieldInstance } from './engine/types.ts';
import type { OptionFormMessages } from './shop-option-form.settings.ts';

/** Column classes on the 6-column grid (spec §2 layout: `col`, default the whole row). */
export function colClass(col: number | undefined): string {
  const n = Math.round(col ?? 6);
  return `col-${n >= 1 && n <= 6 ? n : 6}`;
}

/**
 * A field's own design colours and sizes (spec §3 custom option field "Design colours and sizes"):
 * its `design` object with the page config's colour names, plus `swatch_size` and `image_size`
 * (a number of px or a CSS length), as the form's knobs on the field (CSSOM, never a style
 * attribute string: strict CSP). Values the browser does not take as a colour or length are left out.
 */
const FIELD_KNOBS: Record<string, string> = {
  primary_color: '--_accent',
  border_color: '--_border-color',
  error_color: '--_danger',
  text_color: '--_text',
  background_color: '--_surface',
  swatch_size: '--_swatch',
  image_size: '--_image',
};
export function fieldDesign(design: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(design ?? {})) {
    const size = name.endsWith('_size');
    const value = size && typeof raw === 'number' && raw > 0 ? `${raw}px` : raw;
    if (
      Object.hasOwn(FIELD_KNOBS, name) &&
      typeof value === 'string' &&
      CSS.supports(size ? 'width' : 'color', value)
    )
      out[FIELD_KNOBS[name]] = value;
  }
  return out;
}

/** A lazy field type (issue 13) whose chunk has not arrived, or could not be loaded. */
export function PendingField(props: {
  inst: FieldInstance;
  state: 'loading' | 'failed';
  messages: OptionFormMessages;
}) {
  const { inst, state, messages } = props;
  return (
    <div
      className={`field field--${inst.def.type} field--${state} ${colClass(inst.def.col)}`}
      part="field"
      data-field-id={inst.id}
      aria-busy={state === 'loading'}
    >
      <span className="label">{inst.def.label ?? ''}</span>
      {state === 'failed' && (
        <p className="error" part="error" role="alert">
          {messages.fieldUnavailable}
        </p>
      )}
    </div>
  );
}

/** The characters-left counter and the errors, each tied to the input by its id. */
export function FieldMessages(props: {
  ids: { count: string; error: string };
  charLeft: number | undefined;
  errors: string[];
  messages: OptionFormMessages;
}) {
  const { ids, charLeft, errors, messages } = props;
  return (
    <>
      {charLeft !== undefined && (
        <p id={ids.count} className="counter" part="counter">
          {fill(messages.charLeft, { count: charLeft })}
        </p>
      )}
      <div id={ids.error} className="errors" part="errors" aria-live="polite">
        {errors.map((message) => (
          <p key={message} className="error" part="error">
            {message}
          </p>
        ))}
      </div>
    </>
  );
}
