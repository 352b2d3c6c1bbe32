// @ts-check
// Product images drawn on the fly as SVG (issue 2 §6: no binary assets in the repository): a
// colour from the product name, a simple shape per category and the product's initial.
import { createHash } from 'node:crypto';
import { esc } from './http.mjs';

/** @param {string} text */
function hue(text) {
  return createHash('md5').update(text).digest().readUInt16BE(0) % 360;
}

/** One simple silhouette per top-level category, drawn in a 100x100 box. */
const SHAPES = {
  tshirts: 'M30 22 L42 16 Q50 24 58 16 L70 22 L84 36 L74 46 L68 40 L68 84 L32 84 L32 40 L26 46 L16 36 Z',
  hoodies:
    'M32 26 Q50 6 68 26 L84 38 L76 50 L70 44 L70 86 L30 86 L30 44 L24 50 L16 38 Z M40 28 Q50 40 60 28 Q50 20 40 28 Z',
  clothing: 'M30 20 L44 16 L50 26 L56 16 L70 20 L82 40 L72 46 L70 42 L70 86 L30 86 L30 42 L28 46 L18 40 Z',
  accessories: 'M20 60 Q20 30 50 30 Q80 30 80 60 L88 66 L12 66 Z',
  bags: 'M24 38 L76 38 L82 86 L18 86 Z M38 38 Q38 18 50 18 Q62 18 62 38 L57 38 Q57 24 50 24 Q43 24 43 38 Z',
  music: 'M50 14 A36 36 0 1 1 49.9 14 Z M50 42 A8 8 0 1 0 50.1 42 Z',
  posters: 'M22 14 L78 14 L78 86 L22 86 Z',
  decor: 'M40 16 L60 16 L60 24 Q78 36 72 70 Q68 86 50 86 Q32 86 28 70 Q22 36 40 24 Z',
  kitchen:
    'M22 34 L70 34 L70 76 Q70 86 60 86 L32 86 Q22 86 22 76 Z M70 44 Q86 44 86 56 Q86 68 70 68 L70 62 Q80 62 80 56 Q80 50 70 50 Z',
};

/**
 * The SVG of one product image.
 * @param {{ name: string, categories: string[] }} product
 * @param {{ size: number, view: number }} options  size in px; view 1.. shifts the palette for gallery images
 */
export function productSvg(product, { size, view }) {
  const h = (hue(product.name) + (view - 1) * 40) % 360;
  const category = product.categories[product.categories.length - 1] ?? '';
  const shape = SHAPES[/** @type {keyof typeof SHAPES} */ (category)] ?? SHAPES.posters;
  const initial = esc((product.name.match(/[A-Za-z0-9]/)?.[0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${esc(product.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 92%)"/><stop offset="1" stop-color="hsl(${(h + 30) % 360} 65% 80%)"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#g)"/>
<path d="${shape}" fill="hsl(${h} 45% 42%)" fill-rule="evenodd" transform="rotate(${(view - 1) * 6} 50 50)"/>
<text x="50" y="58" text-anchor="middle" dominant-baseline="middle" font-family="Georgia, serif" font-size="20" font-weight="700" fill="hsl(${h} 80% 96%)">${initial}</text>
</svg>`;
}
