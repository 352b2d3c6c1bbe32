import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { OTHER_MARKER } from './engine/logic.ts';
import type { OptionValue } from './engine/schema.ts';
import { controlProps } from './shop-option-form.inputs.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';

/** One choice of the list: its value ('' for the placeholder), group, text, and whether it can be chosen. */
interface Choice {
  value: string;
  label: string;
  group: string;
  disabled: boolean;
}

/**
 * The searchable select (spec §2 "select (native or searchable)", issue 12): the APG combobox
 * with a listbox popup and list autocomplete (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/).
 * Typing filters the options by label; Down/Up move the active option (aria-activedescendant),
 * Alt+Down opens, Enter chooses, Escape closes and puts the chosen option's label back. The choice
 * goes through `onValue` exactly as the native select's does, so the form posts the same value.
 * Loaded on first use (`React.lazy`), with the native select shown meanwhile.
 */
export default function Combobox(
  props: FieldViewProps & { selected: string; onChoose(value: string): void },
) {
  const { def, selected, inputId, labelId, messages } = props;
  const placeholder = def.placeholder || messages.chooseOption;
  const choices = choicesOf(
    def.values,
    placeholder,
    def.other ? def.other_text || messages.other : null,
    messages.outOfStock,
  );
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null); // null: show the chosen option's label
  const [active, setActive] = useState(-1);
  const listbox = useRef<HTMLDivElement>(null);
  // The active option stays in view as the arrows move through a long list (scroll area 300 px, spec §9).
  useEffect(() => {
    if (open && active >= 0)
      listbox.current?.querySelector(`[id="${listId}-${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);
  const current = choices.find((c) => c.value === selected && c.value !== '');
  const needle = (query ?? '').trim().toLocaleLowerCase();
  // The placeholder ('' = nothing chosen, as the native select's first option) only while not filtering.
  const shown = choices.filter((c) =>
    needle ? c.value !== '' && c.label.toLocaleLowerCase().includes(needle) : true,
  );
  const optionId = (i: number) => `${listId}-${i}`;
  const step = (from: number, by: 1 | -1) => {
    for (let i = from + by; i >= 0 && i < shown.length; i += by) if (!shown[i].disabled) return i;
    return from;
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (choice: Choice | undefined) => {
    if (!choice || choice.disabled) return;
    props.onChoose(choice.value);
    close();
  };
  const opening = (list = shown) => {
    setOpen(true);
    const at = list.findIndex((c) => c.value === selected && !c.disabled);
    setActive(at >= 0 ? at : list.findIndex((c) => !c.disabled));
  };
  const groups = [...new Set(shown.map((c) => c.group))];
  return (
    <div className="combo">
      <input
        id={inputId}
        className="input"
        part="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={query ?? current?.label ?? ''}
        {...controlProps(props)}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setQuery(text);
          setOpen(true);
          const t = text.trim().toLocaleLowerCase();
          setActive(
            choices
              .filter((c) => (t ? c.value !== '' && c.label.toLocaleLowerCase().includes(t) : true))
              .findIndex((c) => !c.disabled),
          );
        }}
        onFocus={(e) => e.currentTarget.select()} // typing replaces the chosen label
        onClick={() => (open ? close() : opening())}
        onBlur={() => {
          close();
          props.onBlur();
        }}
        onKeyDown={(e) => {
          const key = e.key;
          if (key === 'ArrowDown' || key === 'ArrowUp') {
            e.preventDefault();
            if (!open || e.altKey) opening();
            else setActive(step(active, key === 'ArrowDown' ? 1 : -1));
          } else if (key === 'Enter' && open) {
            e.preventDefault(); // choosing must not submit the product form
            choose(shown[active]);
          } else if (key === 'Escape' && (open || query !== null)) {
            e.preventDefault();
            close();
          }
        }}
      />
      <div
        ref={listbox}
        id={listId}
        className="listbox"
        part="options"
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open || shown.length === 0}
      >
        {groups.map((group) => {
          const items = shown.map((c, i) => [c, i] as const).filter(([c]) => c.group === group);
          const list = items.map(([c, i]) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the combobox keeps focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard goes through the combobox input
            <div
              key={c.value}
              id={optionId(i)}
              role="option"
              className={`listbox-option${i === active ? ' listbox-option--active' : ''}`}
              part={c.value === selected ? 'option option--checked' : 'option'}
              aria-selected={c.value === selected}
              aria-disabled={c.disabled || undefined}
              onPointerDown={(e) => e.preventDefault()} // keep focus in the input
              onClick={() => choose(c)}
            >
              {c.label}
            </div>
          ));
          return group ? (
            // biome-ignore lint/a11y/useSemanticElements: options grouped inside an ARIA listbox
            <div key={group} role="group" aria-label={group}>
              <div className="option-group-label" aria-hidden="true">
                {group}
              </div>
              {list}
            </div>
          ) : (
            <Fragment key="">{list}</Fragment>
          );
        })}
      </div>
      {open && shown.length === 0 && (
        <div className="listbox listbox--empty" role="status">
          {messages.noResults}
        </div>
      )}
    </div>
  );
}

/** The choices of a select as the combobox lists them (groups flattened, 'other' last). */
function choicesOf(
  values: readonly OptionValue[],
  placeholder: string,
  other: string | null,
  outOfStock: string,
): Choice[] {
  const out: Choice[] = [{ value: '', label: placeholder, group: '', disabled: false }];
  const add = (o: OptionValue, group: string) =>
    out.push({
      value: o.value,
      label: o.stock_status === 'outofstock' ? `${o.label} (${outOfStock})` : o.label,
      group,
      disabled: o.stock_status === 'outofstock',
    });
  for (const v of values)
    if (v.options?.length) for (const o of v.options.flatMap((x) => x.options ?? [x])) add(o, v.label);
    else add(v, '');
  if (other !== null) out.push({ value: OTHER_MARKER, label: other, group: '', disabled: false });
  return out;
}
