import { expect } from '@open-wc/testing';
import { columnsPerRow, DEFAULT_COLUMNS, installEqualHeight } from '../../../shared/page/equal-height.ts';
import { frames, resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** Product boxes whose titles are `heights` px tall (CSSOM: no style attributes in markup). */
const GRID = (classes: string, count: number) =>
  `<div class="products row equalize-box ${classes}">${Array.from(
    { length: count },
    (_, i) =>
      `<div class="col"><div class="product-small box"><div class="box-text"><p class="product-title"><span class="t">Product ${i}</span></p><div class="price-wrapper">$${i}</div></div></div></div>`,
  ).join('')}</div>`;
const HEIGHTS = [20, 40, 30, 60, 10];

describe('equal-height product boxes (spec §9 Theme: default columns 3 large, 3 medium, 2 small)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(async () => {
    uninstall();
    uninstall = () => {};
    view?.remove();
    await resizeViewport({ width: 800, height: 600 });
  });
  const build = (classes = '') => {
    view = mount(GRID(classes, HEIGHTS.length));
    view.root.querySelectorAll<HTMLElement>('.t').forEach((t, i) => {
      t.style.display = 'block';
      t.style.height = `${HEIGHTS[i]}px`;
    });
    for (const p of view.root.querySelectorAll<HTMLElement>('.product-title')) p.style.margin = '0';
  };
  const titles = () =>
    [...view.root.querySelectorAll<HTMLElement>('.product-title')].map((t) =>
      Math.round(t.getBoundingClientRect().height),
    );

  it('reads the columns from the classes, else 3, 3 and 2', () => {
    expect(DEFAULT_COLUMNS).to.deep.equal({ desktop: 3, medium: 3, small: 2 });
    const grid = document.createElement('div');
    grid.className = 'products large-columns-5 small-columns-1';
    expect(columnsPerRow(grid, 'desktop')).to.equal(5);
    expect(columnsPerRow(grid, 'medium')).to.equal(3);
    expect(columnsPerRow(grid, 'small')).to.equal(1);
  });

  it('large screens: rows of 3 by default', async () => {
    await resizeViewport({ width: 1000, height: 700 });
    build();
    uninstall = installEqualHeight(view.root);
    expect(titles()).to.deep.equal([40, 40, 40, 60, 60]);
  });

  it('medium screens: rows of 3 by default', async () => {
    await resizeViewport({ width: 700, height: 700 });
    build();
    uninstall = installEqualHeight(view.root);
    expect(titles()).to.deep.equal([40, 40, 40, 60, 60]);
  });

  it('small screens: rows of 2 by default, and again when the window is resized', async () => {
    await resizeViewport({ width: 500, height: 700 });
    build();
    uninstall = installEqualHeight(view.root);
    expect(titles()).to.deep.equal([40, 40, 60, 60, 10]);
    await resizeViewport({ width: 1000, height: 700 });
    window.dispatchEvent(new Event('resize'));
    await frames(1);
    expect(titles()).to.deep.equal([40, 40, 40, 60, 60]);
  });

  it('the column class decides; one column is left alone; the uninstall takes the heights off', async () => {
    await resizeViewport({ width: 1000, height: 700 });
    build('large-columns-4 small-columns-1');
    uninstall = installEqualHeight(view.root);
    expect(titles()).to.deep.equal([60, 60, 60, 60, 10]);
    uninstall();
    expect(titles()).to.deep.equal(HEIGHTS);
    await resizeViewport({ width: 500, height: 700 });
    uninstall = installEqualHeight(view.root);
    expect(titles()).to.deep.equal(HEIGHTS);
  });
});
