import { expect, waitUntil } from '@open-wc/testing';
import { installCarousels } from '../../../shared/page/carousel.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §4: carousels only with 2 or more slides; §9: 3 to show (tablet 2, mobile 1), 1 to scroll. */
const slides = (n: number) =>
  Array.from({ length: n }, (_, i) => `<div><h3>Product ${i + 1}</h3><p>A fine thing.</p></div>`).join('');

describe('carousels', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => resizeViewport({ width: 1000, height: 700 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const slider = () => view.root.querySelector<HTMLElement>('.slider')!;
  const button = (cls: string) => view.root.querySelector<HTMLButtonElement>(`.${cls}`)!;
  const shown = () => Math.round(slider().clientWidth / slider().children[0].getBoundingClientRect().width);
  const scrolled = () =>
    new Promise((resolve) => slider().addEventListener('scroll', resolve, { once: true }));

  it('leaves a slider with one slide alone', () => {
    view = mount(`<div class="slider row-slider" aria-label="Featured">${slides(1)}</div>`);
    uninstall = installCarousels(view.root, { reducedMotion: true });
    expect(slider().hasAttribute('role')).to.equal(false);
    expect(slider().getAttribute('style')).to.equal(null);
    expect(view.root.querySelector('.slider-nav')).to.equal(null);
  });

  it('gives two or more slides the APG carousel roles and buttons', () => {
    view = mount(`<div class="slider row-slider" aria-label="Featured">${slides(2)}</div>`);
    uninstall = installCarousels(view.root, { reducedMotion: true });
    expect(slider().getAttribute('role')).to.equal('region');
    expect(slider().getAttribute('aria-roledescription')).to.equal('carousel');
    const first = slider().children[0];
    expect([first.getAttribute('role'), first.getAttribute('aria-label')]).to.deep.equal(['group', '1 of 2']);
    expect(button('slider-next').getAttribute('aria-controls')).to.equal(slider().id);
  });

  it('shows 3 slides on desktop and scrolls one at a time, the buttons disabled at the ends', async () => {
    view = mount(`<div class="slider row-slider" aria-label="Featured">${slides(5)}</div>`);
    uninstall = installCarousels(view.root, { reducedMotion: true });
    expect(shown()).to.equal(3);
    const width = slider().children[0].getBoundingClientRect().width;
    expect(button('slider-previous').disabled).to.equal(true);
    let moved = scrolled();
    button('slider-next').click();
    await moved;
    expect(Math.abs(slider().scrollLeft - width)).to.be.at.most(1);
    expect(button('slider-previous').disabled).to.equal(false);
    moved = scrolled();
    button('slider-next').click();
    await moved;
    expect(button('slider-next').disabled).to.equal(true);
    moved = scrolled();
    button('slider-previous').click();
    await moved;
    expect(Math.abs(slider().scrollLeft - width)).to.be.at.most(1);
  });

  it('shows 2 slides on medium and 1 on small screens (real resizing)', async () => {
    view = mount(`<div class="slider row-slider" aria-label="Featured">${slides(5)}</div>`);
    uninstall = installCarousels(view.root, { reducedMotion: true });
    await resizeViewport({ width: 700, height: 700 });
    await waitUntil(() => shown() === 2, 'two slides at 700 px');
    await resizeViewport({ width: 500, height: 700 });
    await waitUntil(() => shown() === 1, 'one slide at 500 px');
    expect(slider().style.getPropertyValue('--slides-to-show')).to.equal('1');
  });

  it('leaves the product gallery slider and banner sliders alone', () => {
    view = mount(
      `<div class="slider product-gallery-slider">${slides(3)}</div><div class="slider">${slides(3)}</div>`,
    );
    uninstall = installCarousels(view.root, { reducedMotion: true });
    expect(view.root.querySelectorAll('[role="region"], .slider-nav')).to.have.length(0);
  });

  it('takes its counts from data-slides-to-show', () => {
    view = mount(
      `<div class="slider row-slider" data-slides-to-show="4 2 1" aria-label="Featured">${slides(6)}</div>`,
    );
    uninstall = installCarousels(view.root, { reducedMotion: true });
    expect(shown()).to.equal(4);
  });

  it('passes axe', async function () {
    this.timeout(20000);
    view = mount(`<div class="slider row-slider" aria-label="Featured">${slides(4)}</div>`);
    uninstall = installCarousels(view.root, { reducedMotion: true });
    await expect(view.root).to.be.accessible();
  });
});
