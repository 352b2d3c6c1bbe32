import { createContext, useContext, useId, useRef, useState } from 'react';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { useFloatingPlacement } from '../../shared/hooks/use-floating-placement.ts';
import { useTimeout } from '../../shared/hooks/use-timeout.ts';

/** spec §9 "Tooltip hide delay 300 ms". */
export const TOOLTIP_HIDE_MS = 300;

/** The clock of the tooltips' hide delay: the form's controller's (tests inject a fake one). */
export const TooltipClock = createContext<Clock>(pageClock);

/**
 * A field's tooltip (APG tooltip pattern): an info button described by a `role="tooltip"` text,
 * shown on hover and focus, hidden 300 ms after the pointer or focus leaves (so the pointer can
 * reach it), at once on Escape. Placed with Floating UI; the text is text, never markup.
 */
export function Tooltip({ text, label }: { text: string; label: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hide = useTimeout(useContext(TooltipClock));
  const button = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  useFloatingPlacement(button, tip, open, 'top', 'shop-option-form');
  const show = () => {
    hide.clear();
    setOpen(true);
  };
  const later = () => hide.start(() => setOpen(false), TOOLTIP_HIDE_MS);
  return (
    <span className="tooltip-holder">
      <button
        ref={button}
        type="button"
        className="tooltip-button"
        part="tooltip-button"
        aria-label={label}
        aria-describedby={id}
        onMouseEnter={show}
        onMouseLeave={later}
        onFocus={show}
        onBlur={later}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            hide.clear();
            setOpen(false);
          }
        }}
      >
        ?
      </button>
      <span
        ref={tip}
        id={id}
        role="tooltip"
        className="tooltip"
        part="tooltip"
        hidden={!open}
        onMouseEnter={show}
        onMouseLeave={later}
      >
        {text}
      </span>
    </span>
  );
}
