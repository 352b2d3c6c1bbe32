import { expect } from '@open-wc/testing';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/**
 * styles/theme.css, the product listing grid: spec §9 Theme "Default columns: 3 large, 3 medium,
 * 2 small", and §9 "Layout grid is 6 columns per row" (the theme's column classes, at most 6).
 */
describe('the product listing grid (styles/theme.css)', () => {
  let view: ReturnType<typeof mount> | undefined;
  let link: HTMLLinkElement;
  before(async () => {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/styles/theme.css';
    const loaded = new Promise((resolve, reject) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', reject, { once: true });
    });
    document.head.append(link);
    await loaded;
  });
  after(async () => {
    link.remove();
    await resizeViewport({ width: 800, height: 600 });
  });
  afterEach(() => view?.remove());

  const columnsAt = async (width: number, classes = '') => {
    await resizeViewport({ width, height: 700 });
    view?.remove();
    view = mount(
      `<div class="products row ${classes}">${'<div class="col product-small"><p>Product</p></div>'.repeat(9)}</div>`,
    );
    const grid = view.root.firstElementChild as HTMLElement;
    return getComputedStyle(grid).gridTemplateColumns.split(' ').length;
  };

  it('3 columns on large and medium screens, 2 on small ones, by default', async () => {
    expect(await columnsAt(1200)).to.equal(3);
    expect(await columnsAt(850)).to.equal(3);
    expect(await columnsAt(849)).to.equal(3);
    expect(await columnsAt(550)).to.equal(3);
    expect(await columnsAt(549)).to.equal(2);
    expect(await columnsAt(360)).to.equal(2);
  });

  it("the row's class for the screen decides, each only on its screen", async () => {
    const classes = 'large-columns-4 medium-columns-5 small-columns-1';
    expect(await columnsAt(1200, classes)).to.equal(4);
    expect(await columnsAt(700, classes)).to.equal(5);
    expect(await columnsAt(400, classes)).to.equal(1);
  });

  it('a row holds at most 6 columns', async () => {
    expect(await columnsAt(1200, 'large-columns-6')).to.equal(6);
    expect(await columnsAt(1200, 'large-columns-8')).to.equal(6);
  });
});
