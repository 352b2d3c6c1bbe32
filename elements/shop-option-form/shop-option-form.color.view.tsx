import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { lightColourClasses } from '../../shared/luma.ts';
import { adoptStyles } from '../../shared/style-sheets.ts';

/**
 * Colour parts only some forms show (a lazy chunk): a colour option's swatch with the light-colour
 * classes of spec §9 (shared/luma.ts, as the variation swatches), and the text variant of a colour
 * field (spec §3 `color_picker_type: "text"`), with their styles.
 */
const COLOR_CSS = /* css */ `
.swatch--light { border-color: var(--_muted); }
.swatch--lighter { box-shadow: inset 0 0 0 1px var(--_border-color); }
.color-text { display: flex; gap: .5em; align-items: center; }
.color-text > .swatch { flex: none; }
`;

/** A swatch of `color` (a colour the browser takes), with its light-colour classes. */
function Swatch({ color }: { color: string | null }) {
  const swatch = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => adoptStyles(swatch.current, COLOR_CSS), []);
  return (
    <span
      ref={swatch}
      className={['swatch', ...(color ? lightColourClasses(color) : [])].join(' ')}
      part="swatch"
      style={{ backgroundColor: color ?? 'transparent' }}
      aria-hidden="true"
    />
  );
}

/**
 * The chunk's one entry (lazy): a colour option's swatch, or with `input` a colour field as a text
 * box with a swatch showing what was typed.
 */
export default function ColorPart({ color, input }: { color: string; input?: ReactNode }) {
  if (input === undefined) return <Swatch color={color} />;
  return (
    <span className="color-text">
      <Swatch color={color && CSS.supports('color', color) ? color : null} />
      {input}
    </span>
  );
}
