import { type Breakpoint, currentBreakpoint } from '../breakpoints.ts';
import { definePageBehaviour } from './define-behaviour.ts';

/** The markup that asks for this behaviour (the same string as its registration in index.ts). */
export const EQUAL_HEIGHT_SELECTOR = '.products.equalize-box';

/**
 * Equal-height product boxes (spec §2 Cart and checkout: the equal-height behaviour, re-attached
 * after the cart totals update; §9 Theme "Default columns: 3 large, 3 medium, 2 small"), for the
 * theme's product grids marked `equalize-box`:
 *
 *   <div class="products row equalize-box large-columns-4 medium-columns-3 small-columns-2">
 *     <div class="product-small col"><div class="product-small box">
 *       <div class="box-text"><p class="product-title">…</p><div class="price-wrapper">…</div>
 *         <p class="box-excerpt">…</p><div class="add-to-cart-button">…</div></div>
 *     </div></div> …
 *   </div>
 *
 * In each row of boxes, the title, price, excerpt and add-to-cart parts get the height of the
 * tallest of their kind, so the rows line up. A row holds as many boxes as the grid's column class
 * for the screen says (`large-columns-N` from 850 px, `medium-columns-N` from 550 px,
 * `small-columns-N` below), else 3, 3 and 2; one column needs nothing. The heights are measured
 * again when the window is resized and when boxes arrive later (ajax); the uninstall takes them off.
 */

/** spec §9 Theme: default columns per row by screen size. */
export const DEFAULT_COLUMNS: Readonly<Record<Breakpoint, number>> = { desktop: 3, medium: 3, small: 2 };
const CLASS_PREFIX: Readonly<Record<Breakpoint, string>> = {
  desktop: 'large',
  medium: 'medium',
  small: 'small',
};
/** The parts of a box made equal, each on its own. */
export const EQUAL_PARTS = [
  '.box-text .product-title',
  '.box-text .price-wrapper',
  '.box-text .box-excerpt',
  '.box-text .add-to-cart-button',
] as const;

/** Boxes per row of a grid on a screen size: its column class, else the default. */
export function columnsPerRow(grid: Element, breakpoint: Breakpoint): number {
  const match = new RegExp(`(?:^|\\s)${CLASS_PREFIX[breakpoint]}-columns-(\\d+)(?:\\s|$)`).exec(
    grid.className,
  );
  const n = match ? Number(match[1]) : DEFAULT_COLUMNS[breakpoint];
  return n >= 1 ? n : DEFAULT_COLUMNS[breakpoint];
}

/** What a content-box element's height leaves out (its padding and border), in px. */
function frameOf(el: HTMLElement, win: Window): number {
  const style = win.getComputedStyle(el);
  if (style.boxSizing === 'border-box') return 0;
  return ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
    (sum, key) => sum + (Number.parseFloat(style[key as 'paddingTop']) || 0),
    0,
  );
}

export const installEqualHeight = definePageBehaviour({
  name: 'equal-height',
  selector: EQUAL_HEIGHT_SELECTOR,
  install(_root, { window: win, on, each, keep }) {
    const grids = new Set<HTMLElement>();
    const equalize = (grid: HTMLElement) => {
      const columns = columnsPerRow(grid, currentBreakpoint(win));
      const boxes = [...grid.querySelectorAll<HTMLElement>('.product-small.box')];
      for (const part of EQUAL_PARTS) {
        const parts = boxes.map((box) => box.querySelector<HTMLElement>(part));
        for (const el of parts)
          if (el) {
            keep(el, 'style');
            el.style.height = '';
          }
        if (columns <= 1) continue;
        for (let start = 0; start < parts.length; start += columns) {
          const row = parts.slice(start, start + columns).filter((el): el is HTMLElement => el !== null);
          const tallest = Math.max(0, ...row.map((el) => el.getBoundingClientRect().height));
          for (const el of row) el.style.height = `${tallest - frameOf(el, win)}px`;
        }
      }
    };
    each(EQUAL_HEIGHT_SELECTOR, (grid) => {
      grids.add(grid);
      equalize(grid);
    });
    on(win, 'resize', () => {
      for (const grid of grids) if (grid.isConnected) equalize(grid);
    });
  },
});
