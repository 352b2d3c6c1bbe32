import { Fragment, type RefObject, useEffect } from 'react';
import { OTHER_MARKER } from './engine/logic.ts';
import type { OptionValue } from './engine/schema.ts';

/**
 * What the searchable selects share (issue 12, part of their lazy chunk): the list of choices, the
 * filter and the listbox popup of the APG combobox pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/), with option groups as labelled groups.
 */

/** One choice of the list: its value ('' for the placeholder), group, text, and whether it can be chosen. */
export interface Choice {
  value: string;
  label: string;
  group: string;
  disabled: boolean;
}

/** The choices of a select as the combobox lists them (groups flattened, 'other' last). */
export function choicesOf(
  values: readonly OptionValue[],
  placeholder: string | null,
  other: string | null,
  outOfStock: string,
): Choice[] {
  const out: Choice[] =
    placeholder === null ? [] : [{ value: '', label: placeholder, group: '', disabled: false }];
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

/** The choices whose label contains what was typed (case-insensitive); all of them for nothing typed. */
export function matching(choices: readonly Choice[], query: string): Choice[] {
  const needle = query.trim().toLocaleLowerCase();
  // The placeholder ('' = nothing chosen, as the native select's first option) only while not filtering.
  return choices.filter((c) =>
    needle ? c.value !== '' && c.label.toLocaleLowerCase().includes(needle) : true,
  );
}

/** The next choice that can be chosen from `from` in direction `by`, or `from` at the end. */
export function step(shown: readonly Choice[], from: number, by: 1 | -1): number {
  for (let i = from + by; i >= 0 && i < shown.length; i += by) if (!shown[i].disabled) return i;
  return from;
}

/** The listbox popup: options in their groups, the active one kept in view (scroll area 300 px, spec §9). */
/** The APG combobox attributes of a searchable select's text input (single and multiple). */
export function comboboxAttributes(listId: string, open: boolean, active: number) {
  return {
    type: 'text',
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
  } as const;
}

export function Listbox(props: {
  id: string;
  labelId: string;
  listbox: RefObject<HTMLDivElement | null>;
  shown: readonly Choice[];
  open: boolean;
  active: number;
  multiple?: boolean;
  selected(choice: Choice): boolean;
  onChoose(choice: Choice): void;
}) {
  const { id, shown, open, active, listbox } = props;
  useEffect(() => {
    if (open && active >= 0)
      listbox.current?.querySelector(`[id="${id}-${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id, listbox]);
  const groups = [...new Set(shown.map((c) => c.group))];
  return (
    <div
      ref={listbox}
      id={id}
      className="listbox"
      part="options"
      role="listbox"
      aria-labelledby={props.labelId}
      aria-multiselectable={props.multiple || undefined}
      hidden={!open || shown.length === 0}
    >
      {groups.map((group) => {
        const items = shown.map((c, i) => [c, i] as const).filter(([c]) => c.group === group);
        const list = items.map(([c, i]) => {
          const selected = props.selected(c);
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: the combobox keeps focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard goes through the combobox input
            <div
              key={c.value}
              id={`${id}-${i}`}
              role="option"
              className={`listbox-option${i === active ? ' listbox-option--active' : ''}`}
              part={selected ? 'option option--checked' : 'option'}
              aria-selected={selected}
              aria-disabled={c.disabled || undefined}
              onPointerDown={(e) => e.preventDefault()} // keep focus in the input
              onClick={() => props.onChoose(c)}
            >
              {c.label}
            </div>
          );
        });
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
  );
}
