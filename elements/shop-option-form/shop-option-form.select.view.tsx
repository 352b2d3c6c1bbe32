import { lazy, Suspense } from 'react';
import { OTHER_MARKER } from './engine/logic.ts';
import type { OptionValue } from './engine/schema.ts';
import { controlProps } from './shop-option-form.inputs.view.tsx';
import {
  flatValues,
  OptionQuantity,
  OTHER,
  OtherText,
  optionGroups,
  otherPick,
  picks,
} from './shop-option-form.option.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';

/**
 * `dropdown_type` values that ask for the searchable select. The spec names the setting only
 * (§3 custom option field: "dropdown_type") and not its values; these are the plugin's search-box
 * dropdowns as themes name them. Anything else is the native select.
 */
export const SEARCHABLE: ReadonlySet<string> = new Set(['search', 'searchable', 'select2', 'sumo']);
const Combobox = lazy(() => import('./shop-option-form.combobox.view.tsx'));
const MultiCombobox = lazy(() => import('./shop-option-form.multiselect.view.tsx'));

/**
 * A select (spec §2 "select (native or searchable, single or multiple, with grouped options)"):
 * native, or searchable (a lazy APG combobox, single or multiple) when `dropdown_type` asks for
 * it, with the 'other' option's text box and option quantities below.
 */
export function Select(props: FieldViewProps) {
  const { def, field, onValue } = props;
  const values = picks(field.value);
  const other = otherPick(values);
  const native = <NativeSelect {...props} />;
  // The combobox lists 'other' under WCPA's bare marker; its text lives in the value.
  const fromChoice = (v: string) => (v === OTHER_MARKER ? (other ?? OTHER_MARKER) : v);
  const toChoice = (v: string) => (v.startsWith(OTHER_MARKER) ? OTHER_MARKER : v);
  let select = native;
  if (SEARCHABLE.has(def.dropdown_type ?? ''))
    select = (
      <Suspense fallback={native}>
        {def.multiple ? (
          <MultiCombobox
            {...props}
            selected={values.map(toChoice)}
            onChange={(chosen) => onValue(chosen.map(fromChoice))}
          />
        ) : (
          <Combobox
            {...props}
            selected={other !== undefined ? OTHER_MARKER : (values[0] ?? '')}
            onChoose={(v) => onValue(v ? [fromChoice(v)] : [])}
          />
        )}
      </Suspense>
    );
  return (
    <>
      {select}
      <OtherText {...props} values={values} single={!def.multiple} />
      {def.enable_quantity &&
        flatValues(def.values)
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
      {optionGroups(def.values).map((g) =>
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
