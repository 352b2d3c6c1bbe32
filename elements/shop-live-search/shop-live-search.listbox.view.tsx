import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useEventListener } from '../../shared/hooks/use-event-listener.ts';
import { SanitizedHtml } from '../../shared/sanitized-html.tsx';
import { highlight, type SuggestionOption } from './shop-live-search.suggestions.ts';

/** id of the option at `index` (the field's aria-activedescendant points at it). */
export const optionId = (index: number) => `option-${index}`;

/** One suggestion: image (none for `img: false`), name (text, query marked) and price (spec §4 Live search). */
function Option(props: {
  option: SuggestionOption;
  index: number;
  active: boolean;
  query: string;
  onChoose: (index: number) => void;
}) {
  const { option, index, active, query, onChoose } = props;
  const { suggestion, image, name, type } = option;
  const enabled = option.url !== null;
  // Flatsome's row kind ('product', 'page') as a part, so a page can style products and pages apart.
  const parts = [
    'option',
    active && 'option--active',
    !enabled && 'option--disabled',
    type && `option--type-${type}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // Focus stays in the combobox field, which owns the keyboard through aria-activedescendant (APG).
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the field.
    // biome-ignore lint/a11y/useFocusableInteractive: options are never focused themselves.
    <div
      id={optionId(index)}
      role="option"
      part={parts}
      className="option"
      aria-selected={active}
      aria-disabled={enabled ? undefined : true}
      // Keep focus in the field, so choosing does not blur it (WAI-ARIA APG combobox).
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(index)}
    >
      {image ? (
        <img part="option-image" className="image" src={image} alt="" loading="lazy" decoding="async" />
      ) : enabled ? (
        <span part="option-image" className="image" aria-hidden="true" />
      ) : null}
      {/* The name is decoded TEXT (issue 11 item 7): React writes it as text nodes, never as markup. */}
      <span part="option-name" className="name">
        {highlight(name, query).map((p, i) =>
          p.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: runs of one name never reorder.
            <mark key={i} part="option-match">
              {p.text}
            </mark>
          ) : (
            p.text
          ),
        )}
      </span>
      {/* Price HTML from the shop (spec §3), sanitised by DOMPurify into a fragment (DESIGN §9). */}
      {suggestion.price ? (
        <SanitizedHtml html={suggestion.price} price part="option-price" className="price" />
      ) : null}
    </div>
  );
}

/**
 * Narrow screens show the list as a full-width panel fixed under the field (styles): while it is
 * open, its top follows the field's bottom through resizes and scrolling.
 */
function usePanelPlacement(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
): void {
  const place = () => {
    const bottom = anchor.current?.getBoundingClientRect().bottom ?? 0;
    list.current?.style.setProperty('--_panel-top', `${Math.max(0, Math.round(bottom))}px`);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once each time the list opens.
  useLayoutEffect(() => {
    if (open) place();
  }, [open]);
  useEventListener(window, 'resize', place, { enabled: open });
  useEventListener(window, 'scroll', place, { enabled: open, capture: true, passive: true });
}

/** The suggestion list (role listbox) of the combobox. */
export function Listbox(props: {
  id: string;
  label: string;
  options: readonly SuggestionOption[];
  active: number;
  query: string;
  open: boolean;
  anchor: RefObject<HTMLElement | null>;
  onChoose: (index: number) => void;
}) {
  const { id, label, options, active, query, open, anchor, onChoose } = props;
  const ref = useRef<HTMLDivElement>(null);
  usePanelPlacement(open, anchor, ref);
  useEffect(() => {
    if (active >= 0) ref.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <div
      ref={ref}
      id={id}
      part="listbox"
      className="listbox"
      role="listbox"
      aria-label={label}
      hidden={!(open && options.length > 0)}
    >
      {options.map((option, index) => (
        <Option
          // biome-ignore lint/suspicious/noArrayIndexKey: a shop may repeat ids; positions identify options.
          key={index}
          option={option}
          index={index}
          active={index === active}
          query={query}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}
