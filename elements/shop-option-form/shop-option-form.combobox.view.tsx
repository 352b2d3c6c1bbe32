import { useId, useRef, useState } from 'react';
import { controlProps } from './shop-option-form.inputs.view.tsx';
import {
  type Choice,
  choicesOf,
  comboboxAttributes,
  Listbox,
  matching,
  step,
} from './shop-option-form.listbox.view.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';

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
  const current = choices.find((c) => c.value === selected && c.value !== '');
  const shown = matching(choices, query ?? '');
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
  return (
    <div className="combo">
      <input
        id={inputId}
        className="input"
        part="input"
        {...comboboxAttributes(listId, open, active)}
        placeholder={placeholder}
        value={query ?? current?.label ?? ''}
        {...controlProps(props)}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setQuery(text);
          setOpen(true);
          setActive(matching(choices, text).findIndex((c) => !c.disabled));
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
            else setActive(step(shown, active, key === 'ArrowDown' ? 1 : -1));
          } else if (key === 'Enter' && open) {
            e.preventDefault(); // choosing must not submit the product form
            choose(shown[active]);
          } else if (key === 'Escape' && (open || query !== null)) {
            e.preventDefault();
            close();
          }
        }}
      />
      <Listbox
        id={listId}
        labelId={labelId}
        listbox={listbox}
        shown={shown}
        open={open}
        active={active}
        selected={(c) => c.value === selected}
        onChoose={choose}
      />
      {open && shown.length === 0 && (
        <div className="listbox listbox--empty" role="status">
          {messages.noResults}
        </div>
      )}
    </div>
  );
}
