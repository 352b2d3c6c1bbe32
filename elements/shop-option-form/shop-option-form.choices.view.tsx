import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { fill } from '../../shared/format/messages.ts';
import { formatMoney } from '../../shared/format/money.ts';
import { $moneyFormat } from '../../shared/stores/page-config.ts';
import { safeUrl } from '../../shared/url.ts';
import { OTHER_MARKER } from './engine/logic.ts';
import type { OptionValue } from './engine/schema.ts';
import { controlProps } from './shop-option-form.inputs.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';
import { Tooltip } from './shop-option-form.tooltip.view.tsx';

const OTHER = '__other__';

/** The selected values of a choice field. */
export function picks(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
const otherPick = (values: string[]) => values.find((v) => v.startsWith(OTHER_MARKER));

/** A CSS colour the browser accepts, else null (option colours come from settings). */
export function cssColor(value: string | undefined): string | null {
  return value && typeof CSS !== 'undefined' && CSS.supports('color', value) ? value : null;
}

/** The option's price as text, when the field is priced per option. */
function usePriceText(props: FieldViewProps, option: OptionValue): string {
  const format = useStore($moneyFormat);
  const raw = props.def.priceOptions === 'different_for_all' ? option.price : props.def.price;
  const n = Number(raw);
  if (!props.def.enablePrice || raw === undefined || raw === '' || !Number.isFinite(n) || n === 0) return '';
  return `(+${formatMoney(n, format)})`;
}

function OptionText(props: FieldViewProps & { option: OptionValue }) {
  const { option, def, messages } = props;
  const price = usePriceText(props, option);
  const color = def.type === 'color-group' ? cssColor(option.color ?? option.value) : null;
  const src =
    def.type === 'image-group'
      ? (option.thumb_src ?? option.image)
      : def.type === 'productGroup'
        ? option.productImage
        : undefined;
  const image = src ? safeUrl(src, document.baseURI) : null;
  return (
    <>
      {color && (
        <span className="swatch" part="swatch" style={{ backgroundColor: color }} aria-hidden="true" />
      )}
      {image && <img className="option-image" part="option-image" src={image} alt="" loading="lazy" />}
      <span className="option-label">{option.label}</span>
      {price && <span className="option-price">{price}</span>}
      {option.stock_status === 'outofstock' && <span className="option-stock">({messages.outOfStock})</span>}
    </>
  );
}

/** Flattens nested option groups, keeping each group's label for a heading. */
function groups(values: readonly OptionValue[]): Array<{ label: string; options: OptionValue[] }> {
  const out: Array<{ label: string; options: OptionValue[] }> = [{ label: '', options: [] }];
  for (const v of values)
    if (v.options?.length)
      out.push({ label: v.label, options: v.options.flatMap((o) => (o.options ? o.options : [o])) });
    else out[0].options.push(v);
  return out.filter((g) => g.options.length);
}

/** The text box of the 'other' option (spec §5: its value carries WCPA's marker). */
function OtherText(props: FieldViewProps & { values: string[]; single: boolean }) {
  const current = otherPick(props.values);
  if (current === undefined) return null;
  const others = props.values.filter((v) => v !== current);
  return (
    <input
      className="input other-text"
      part="input"
      aria-label={props.def.other_text || props.messages.otherText}
      value={current.slice(OTHER_MARKER.length)}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onChange={(e) =>
        props.onValue(
          props.single
            ? [OTHER_MARKER + e.currentTarget.value]
            : [...others, OTHER_MARKER + e.currentTarget.value],
        )
      }
      onBlur={props.onBlur}
    />
  );
}

/** Quantity per selected option (spec §3 enable_quantity: min/max/step/decimals). */
function OptionQuantity(props: FieldViewProps & { option: OptionValue }) {
  const { def, field, option } = props;
  const q = typeof field.quantity === 'object' && field.quantity ? field.quantity[option.value] : undefined;
  return (
    <input
      type="number"
      className="input quantity"
      part="quantity"
      aria-label={`${def.quantity_label || props.messages.quantity}: ${option.label}`}
      value={q ?? def.min_quantity ?? 1}
      min={def.min_quantity ?? 1}
      max={def.max_quantity}
      step={def.quantity_step ?? (def.quantity_decimal ? 'any' : 1)}
      disabled={props.disabled}
      onChange={(e) => {
        const n = Number(e.currentTarget.value);
        if (Number.isFinite(n))
          props.onQuantity({
            ...(typeof field.quantity === 'object' ? field.quantity : {}),
            [option.value]: n,
          });
      }}
    />
  );
}

/** Radio, checkbox, colour and image groups (spec §2), and a checkbox with options. */
export function ChoiceGroup(props: FieldViewProps) {
  const { def, field, disabled, invalid, describedBy, messages, onValue, onBlur, inputId } = props;
  const single = def.type === 'radio-group';
  const values = picks(field.value);
  const toggle = (value: string, on: boolean) => {
    const now = picks(props.current());
    onValue(
      single ? [value] : on ? [...now.filter((v) => v !== value), value] : now.filter((v) => v !== value),
    );
  };
  let first = true;
  let n = 0;
  const input = (
    value: string,
    checked: boolean,
    optionDisabled: boolean,
    onChange: (on: boolean) => void,
    description?: string,
  ) => {
    const id = first ? inputId : undefined;
    first = false;
    return (
      <input
        id={id}
        type={single ? 'radio' : 'checkbox'}
        className="check"
        name={field.name}
        value={value}
        checked={checked}
        required={single && def.required}
        disabled={disabled || optionDisabled}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, description].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onChange(e.currentTarget.checked)}
        onBlur={onBlur}
      />
    );
  };
  return (
    <div className={`options${def.inline ? ' options--inline' : ''} options--${def.type}`} part="options">
      {groups(def.values).map((group) => (
        <div key={group.label} className="option-group">
          {group.label && <div className="option-group-label">{group.label}</div>}
          {group.options.map((option) => {
            const checked = values.includes(option.value);
            // Per-option description and tooltip (spec §3 option values: tooltip, description).
            n += 1;
            const descriptionId = option.description ? `${inputId}-option-${n}` : undefined;
            return (
              <div key={option.value} className="option-row">
                {/* biome-ignore lint/a11y/noLabelWithoutControl: the input is inside the label */}
                <label
                  className={`option${checked ? ' option--checked' : ''}`}
                  part={checked ? 'option option--checked' : 'option'}
                >
                  {input(
                    option.value,
                    checked,
                    option.stock_status === 'outofstock',
                    (on) => toggle(option.value, on),
                    descriptionId,
                  )}
                  <OptionText {...props} option={option} />
                </label>
                {option.tooltip && (
                  <Tooltip text={option.tooltip} label={fill(messages.tooltip, { label: option.label })} />
                )}
                {def.enable_quantity && checked && <OptionQuantity {...props} option={option} />}
                {descriptionId && (
                  <span id={descriptionId} className="option-description" part="description">
                    {option.description}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
      {def.other && (
        <div className="option-row">
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the input is inside the label */}
          <label className="option" part="option">
            {input(OTHER, otherPick(values) !== undefined, false, (on) =>
              onValue(
                single
                  ? [OTHER_MARKER]
                  : on
                    ? [...values, OTHER_MARKER]
                    : values.filter((v) => !v.startsWith(OTHER_MARKER)),
              ),
            )}
            <span className="option-label">{def.other_text || messages.other}</span>
          </label>
          <OtherText {...props} values={values} single={single} />
        </div>
      )}
      {def.enableClearSelection && values.length > 0 && (
        <button
          type="button"
          className="link-button"
          part="clear-button"
          disabled={disabled}
          onClick={() => onValue([])}
        >
          {messages.clear}
        </button>
      )}
    </div>
  );
}

/**
 * `dropdown_type` values that ask for the searchable select (spec §3 custom option field: the
 * definition names the select's kind; the plugin's search-box dropdowns). Anything else is native.
 */
const SEARCHABLE = new Set(['search', 'searchable', 'select2', 'sumo']);
const Combobox = lazy(() => import('./shop-option-form.combobox.view.tsx'));

/** A native select, single or multiple, with option groups and the 'other' option (spec §2). */
export function Select(props: FieldViewProps) {
  const { def, field, onValue } = props;
  const values = picks(field.value);
  const other = otherPick(values);
  const native = <NativeSelect {...props} />;
  const select =
    !def.multiple && SEARCHABLE.has(def.dropdown_type ?? '') ? (
      <Suspense fallback={native}>
        <Combobox
          {...props}
          selected={other !== undefined ? OTHER_MARKER : (values[0] ?? '')}
          onChoose={(v) => onValue(v ? [v === OTHER_MARKER ? (other ?? OTHER_MARKER) : v] : [])}
        />
      </Suspense>
    ) : (
      native
    );
  return (
    <>
      {select}
      <OtherText {...props} values={values} single={!def.multiple} />
      {def.enable_quantity &&
        def.values
          .flatMap((o) => (o.options?.length ? o.options : [o]))
          .filter((o) => values.includes(o.value))
          .map((o) => <OptionQuantity key={o.value} {...props} option={o} />)}
    </>
  );
}

function NativeSelect(props: FieldViewProps) {
  const { def, field, inputId, messages, onValue, onBlur } = props;
  const values = picks(field.value);
  const other = otherPick(values);
  const selected = values.map((v) => (v.startsWith(OTHER_MARKER) ? OTHER : v));
  const option = (o: OptionValue) => (
    <option key={o.value} value={o.value} disabled={o.stock_status === 'outofstock'}>
      {o.label}
      {o.stock_status === 'outofstock' ? ` (${messages.outOfStock})` : ''}
    </option>
  );
  return (
    <select
      id={inputId}
      className="input"
      part="input"
      multiple={def.multiple}
      value={def.multiple ? selected : (selected[0] ?? '')}
      {...controlProps(props)}
      onChange={(e) => {
        const chosen = [...e.currentTarget.selectedOptions].map((o) => o.value).filter(Boolean);
        onValue(chosen.map((v) => (v === OTHER ? (other ?? OTHER_MARKER) : v)));
      }}
      onBlur={onBlur}
    >
      {!def.multiple && <option value="">{def.placeholder || messages.chooseOption}</option>}
      {groups(def.values).map((g) =>
        g.label ? (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(option)}
          </optgroup>
        ) : (
          g.options.map(option)
        ),
      )}
      {def.other && <option value={OTHER}>{def.other_text || messages.other}</option>}
    </select>
  );
}
