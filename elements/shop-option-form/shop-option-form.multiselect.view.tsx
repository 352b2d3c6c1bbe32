import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { fill } from '../../shared/format/messages.ts';
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
 * The searchable multiple select (spec §2 "select (native or searchable, single or multiple)",
 * issue 12): the APG combobox with a multi-select listbox (`aria-multiselectable`), the chosen
 * options shown before it as removable tokens. Typing filters; Down/Up move the active option;
 * Enter or a click toggles it and the list stays open; Escape closes; Backspace in the empty box
 * removes the last chosen option. Each token is a button: Enter, Space, Delete or Backspace
 * removes it (focus moves to the next token, else the box), Left/Right move between tokens.
 * `onChange` gets the chosen values in the options' order, which is what a native multiple select
 * posts (`name[]` per option, in document order; `commit`). After a search, toggling an option
 * shows the whole list again with that option still active. Lazy, with the native select shown
 * meanwhile.
 */
export default function MultiCombobox(
  props: FieldViewProps & { selected: readonly string[]; onChange(values: string[]): void },
) {
  const { def, selected, inputId, labelId, messages } = props;
  const other = def.other ? def.other_text || messages.other : null;
  const choices = choicesOf(def.values, null, other, messages.outOfStock);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const listbox = useRef<HTMLDivElement>(null);
  const tokens = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const chosen = choices.filter((c) => selected.includes(c.value));
  const shown = matching(choices, query);
  const setFocusToken = useTokenFocus(tokens, input);
  const commit = (values: ReadonlySet<string>) =>
    props.onChange(choices.filter((c) => values.has(c.value)).map((c) => c.value));
  const toggle = (choice: Choice | undefined) => {
    if (!choice || choice.disabled) return;
    const next = new Set(selected);
    if (!next.delete(choice.value)) next.add(choice.value);
    commit(next);
    if (query) {
      setQuery('');
      setActive(choices.indexOf(choice));
    }
  };
  const remove = (value: string, at: number | null) => {
    commit(new Set(selected.filter((v) => v !== value)));
    if (at !== null) setFocusToken(at);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const opening = () => {
    setOpen(true);
    setActive(shown.findIndex((c) => !c.disabled));
  };
  const { required: _native, ...control } = controlProps(props); // the picks, not the text box, are required
  return (
    <div className="combo combo--multiple">
      {chosen.length > 0 && tokenList(chosen, props, tokens, input, remove)}
      <input
        ref={input}
        id={inputId}
        className="input"
        part="input"
        {...comboboxAttributes(listId, open, active)}
        placeholder={chosen.length ? undefined : def.placeholder || messages.chooseOptions}
        value={query}
        {...control}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setQuery(text);
          setOpen(true);
          setActive(matching(choices, text).findIndex((c) => !c.disabled));
        }}
        onClick={() => (open ? close() : opening())}
        onBlur={() => {
          close();
          props.onBlur();
        }}
        onKeyDown={(e) => {
          const key = e.key;
          if (key === 'ArrowDown' || key === 'ArrowUp') {
            e.preventDefault();
            if (!open || (e.altKey && key === 'ArrowDown')) opening();
            else if (e.altKey) close();
            else setActive(step(shown, active, key === 'ArrowDown' ? 1 : -1));
          } else if (key === 'Enter' && open) {
            e.preventDefault(); // choosing must not submit the product form
            toggle(shown[active]);
          } else if (key === 'Escape' && (open || query)) {
            e.preventDefault();
            close();
          } else if (key === 'Backspace' && !query && chosen.length) {
            e.preventDefault();
            remove(chosen[chosen.length - 1].value, null);
          } else if (key === 'ArrowLeft' && !query && chosen.length) {
            tokens.current?.querySelectorAll<HTMLButtonElement>('button')[chosen.length - 1]?.focus();
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
        multiple
        selected={(c) => selected.includes(c.value)}
        onChoose={toggle}
      />
      {open && shown.length === 0 && (
        <div className="listbox listbox--empty" role="status">
          {messages.noResults}
        </div>
      )}
    </div>
  );
}

/**
 * The chosen options as buttons that remove them (Enter, Space, Delete or Backspace: `remove` with
 * the token's place); Left/Right move between them, Right from the last one to the box (`input`).
 */
function tokenList(
  chosen: readonly Choice[],
  { def, messages, disabled }: FieldViewProps,
  tokens: RefObject<HTMLUListElement | null>,
  input: RefObject<HTMLInputElement | null>,
  remove: (value: string, at: number) => void,
) {
  return (
    <ul ref={tokens} className="tokens" aria-label={fill(messages.chosenOptions, { label: def.label ?? '' })}>
      {chosen.map((c, i) => (
        <li key={c.value}>
          <button
            type="button"
            className="token"
            part="token"
            aria-label={fill(messages.removeOption, { option: c.label })}
            disabled={disabled}
            onClick={() => remove(c.value, i)}
            onKeyDown={(e) => {
              const buttons = tokens.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
              if (e.key === 'Delete' || e.key === 'Backspace') {
                e.preventDefault();
                remove(c.value, i);
              } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                const to = buttons[i + (e.key === 'ArrowRight' ? 1 : -1)];
                (to ?? (e.key === 'ArrowRight' ? input.current : null))?.focus();
              }
            }}
          >
            {c.label}
            <span className="token-remove" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * After a token is removed, focus goes to the token now in its place, else to the box: the returned
 * function takes the removed token's place.
 */
function useTokenFocus(
  tokens: RefObject<HTMLUListElement | null>,
  input: RefObject<HTMLInputElement | null>,
): (at: number) => void {
  const [focusToken, setFocusToken] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (focusToken === null) return;
    const buttons = tokens.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(focusToken, buttons.length - 1)] ?? input.current)?.focus();
    setFocusToken(null);
  }, [focusToken, tokens, input]);
  return setFocusToken;
}
