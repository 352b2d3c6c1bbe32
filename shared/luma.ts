/**
 * spec §9 Product page and cart "Luma thresholds 210 and 235 add light-colour classes": a colour
 * swatch whose colour is lighter than luma 210 gets `swatch--light`, lighter than 235 also
 * `swatch--lighter`, so that the stylesheet can draw the border a near-white swatch needs on a light
 * page. Luma is Rec. 709 (0.2126 R + 0.7152 G + 0.0722 B, 0-255) of the colour as the browser reads
 * it (any CSS colour). The option form's colour options (shop-option-form.color.view.tsx) and the
 * variation swatches (shared/page/swatches.ts) both call this.
 */

/** spec §9: the luma above which a colour is light, and above which it is lighter still. */
export const LUMA_LIGHT = 210;
export const LUMA_LIGHTER = 235;

let paint: CanvasRenderingContext2D | null | undefined;

/** The Rec. 709 luma (0-255) of a CSS colour, or null when the browser does not read it as one. */
export function lumaOf(color: string): number | null {
  if (typeof CSS === 'undefined' || !CSS.supports('color', color)) return null;
  paint ??= document.createElement('canvas').getContext('2d');
  if (!paint) return null;
  paint.fillStyle = '#000';
  paint.fillStyle = color;
  const c = String(paint.fillStyle);
  const [r = 0, g = 0, b = 0] = c.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16))
    : (c.match(/[\d.]+/g) ?? []).map(Number);
  // In whole units (x 10000) so that the thresholds are exact, then back.
  return (2126 * r + 7152 * g + 722 * b) / 10000;
}

/** The light-colour classes of a colour: none, `swatch--light`, or both. */
export function lightColourClasses(color: string): string[] {
  const luma = lumaOf(color) ?? 0;
  if (luma > LUMA_LIGHTER) return ['swatch--light', 'swatch--lighter'];
  return luma > LUMA_LIGHT ? ['swatch--light'] : [];
}
