import { expect } from '@open-wc/testing';
import {
  columnsFor,
  parseBreakpoints,
  sizeClassOf,
} from '../../../elements/shop-reviews/shop-reviews.layout.ts';

describe('shop-reviews layout', () => {
  it('gives the size classes of spec §9 at every boundary', () => {
    const cases: [number, string][] = [
      [0, 'xs'],
      [509, 'xs'],
      [510, 'x'],
      [749, 'x'],
      [750, 's'],
      [1099, 's'],
      [1100, 'm'],
      [1449, 'm'],
      [1450, 'l'],
      [1799, 'l'],
      [1800, 'xl'],
      [4000, 'xl'],
    ];
    for (const [width, size] of cases) expect(sizeClassOf(width), `${width}px`).to.equal(size);
  });

  it('takes columns from width:columns breakpoints, the largest width not above the container', () => {
    const breakpoints = '750:3, 0:1, 510:2';
    expect(parseBreakpoints(breakpoints)).to.deep.equal([
      [0, 1],
      [510, 2],
      [750, 3],
    ]);
    expect(columnsFor(300, breakpoints)).to.equal(1);
    expect(columnsFor(510, breakpoints)).to.equal(2);
    expect(columnsFor(749, breakpoints)).to.equal(2);
    expect(columnsFor(2000, breakpoints)).to.equal(3);
    expect(columnsFor(100, '600:2,900:3'), 'under every breakpoint: the smallest').to.equal(2);
  });

  it('takes columns from the size class without breakpoints', () => {
    expect([400, 600, 900, 1200, 1500, 1900].map((w) => columnsFor(w, ''))).to.deep.equal([1, 2, 3, 4, 5, 6]);
  });
});
