import { fill } from '../../shared/format/messages.ts';
import { OTHER_MARKER } from './engine/logic.ts';
import { ImagePopupButton } from './extras/image-popup.option.tsx';
import {
  OptionQuantity,
  OptionText,
  OTHER,
  OtherText,
  optionGroups,
  otherPick,
  picks,
} from './shop-option-form.option.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';
import { Tooltip } from './shop-option-form.tooltip.view.tsx';

export { Select } from './shop-option-form.select.view.tsx';

/**
 * Radio, checkbox, colour and image groups (spec §2), and a checkbox with options; each option
 * with its own description and tooltip (spec §3 option values: tooltip, description).
 */
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
      {optionGroups(def.values).map((group) => (
        <div key={group.label} className="option-group">
          {group.label && <div className="option-group-label">{group.label}</div>}
          {group.options.map((option) => {
            const checked = values.includes(option.value);
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
                <ImagePopupButton {...props} option={option} />
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
      {def.enableClearSelection &&
        values.length > 0 &&
        clearButton(messages.clear, disabled, () => onValue([]))}
    </div>
  );
}

/** The button clearing the selection (`enableClearSelection`). */
function clearButton(label: string, disabled: boolean, onClear: () => void) {
  return (
    <button type="button" className="link-button" part="clear-button" disabled={disabled} onClick={onClear}>
      {label}
    </button>
  );
}
