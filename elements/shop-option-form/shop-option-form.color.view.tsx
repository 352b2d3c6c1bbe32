import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { adoptStyles } from '../../shared/style-sheets.ts';

/**
 * Colour parts only some forms show (a lazy chunk: issue 19 size): a colour option's swatch with
 * the light-colour classes of spec §9, and the text variant of a colour field (spec §3
 * `color_picker_type: "text"`), with their styles.
 */
const COLOR_CSS = /* css */ `
.swatch--light { border-color: var(--_muted); }
.swatch--lighter { box-shadow: inset 0 0 0 1px var(--_border-color); }
.color-text { display: flex; gap: .5em; align-items: center; }
.color-text > .swatch { flex: none; }
`;

let paint: CanvasRenderingContext2D | null | undefined;
/**
 * spec §9 "Luma thresholds 210 and 235 add light-colour classes": a colour swatch above luma 210
 * gets `swatch--light`, above 235 also `swatch--lighter` (a border that shows on a light page).
 * Luma is Rec. 709 (0.2126 R + 0.7152 G + 0.0722 B) of the colour as the browser paints it.
 */
export function lumaClasses(color: string): string {
  paint ??= document.createElement('canvas').getContext('2d');
  if (!paint) return '';
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = color;
  paint.fillRect(0, 0, 1, 1);
  const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
  // In whole units (x 10000), so the thresholds are exact.
  const luma = 2126 * r + 7152 * g + 722 * b;
  return luma > 2350000 ? ' swatch--light swatch--lighter' : luma > 2100000 ? ' swatch--light' : '';
}

/** A swatch of `color` (a colour the browser takes), with its light-colour classes. */
function Swatch({ color }: { color: string | null }) {
  const swatch = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => adoptStyles(swatch.current, COLOR_CSS), []);
  return (
    <span
      ref={swatch}
      className={`swatch${color ? lumaClasses(color) : ''}`}
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
