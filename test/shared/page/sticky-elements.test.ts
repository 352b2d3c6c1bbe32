import { expect, waitUntil } from '@open-wc/testing';
import { deviceMode } from '../../../shared/page/device-mode.ts';
import { installStickyElements, installStickySidebar } from '../../../shared/page/sticky-elements.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { frames, resizeViewport } from '../../helpers/elements.ts';
import { captureConsole, mount, useThemeStylesheet } from './helpers.ts';

const scrollTo = async (top: number) => {
  window.scrollTo({ top, behavior: 'instant' });
  await waitUntil(() => Math.abs(window.scrollY - top) < 1, `scrolled to ${top}`);
  await frames(2);
  // Chromium sometimes leaves out the scroll event of an instant scroll right after a layout change.
  window.dispatchEvent(new Event('scroll'));
};

/** The page's device-mode marker (the page builder's `#elementor-device-mode::after`). */
const marker = (mode: string) =>
  `<style id="mode-css">#elementor-device-mode::after { content: "${mode}"; }</style><span id="elementor-device-mode"></span>`;
const setMode = (mode: string) => {
  document.querySelector('#mode-css')!.textContent = `#elementor-device-mode::after { content: "${mode}"; }`;
};

/** spec §4 "Sticky element: inactive or active, depending on device mode"; §9 "Sticky reactivate debounce 300 ms". */
describe('sticky elements (page builder)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  const messages = captureConsole();
  before(() => resizeViewport({ width: 1200, height: 600 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(async () => {
    uninstall();
    view.remove();
    await scrollTo(0);
  });
  const setUp = (settings: object | string, mode: string | null = 'desktop') => {
    const text = typeof settings === 'string' ? settings : JSON.stringify(settings);
    view = mount(
      `${mode ? marker(mode) : ''}<div class="before" style="height: 200px"></div>
<div class="elementor-element e-con" id="bar" data-settings='${text}' style="height: 50px; width: 300px"><a href="/shop/">Shop</a></div>
<div class="after" style="height: 3000px"></div>`,
    );
    uninstall = installStickyElements(view.root, { clock });
  };
  const bar = () => view.root.querySelector<HTMLElement>('#bar')!;
  const spacer = () => view.root.querySelector<HTMLElement>('.elementor-sticky__spacer');

  it('reads the device mode from the page, else from the width (767 / 1024 px)', async () => {
    view = mount(marker('tablet'));
    expect(deviceMode(window)).to.equal('tablet');
    setMode('mobile_extra');
    expect(deviceMode(window)).to.equal('mobile');
    view.remove();
    expect(deviceMode(window)).to.equal('desktop'); // 1200 px
    await resizeViewport({ width: 1024, height: 600 });
    expect(deviceMode(window)).to.equal('tablet');
    await resizeViewport({ width: 767, height: 600 });
    expect(deviceMode(window)).to.equal('mobile');
    await resizeViewport({ width: 1200, height: 600 });
    view = mount('');
  });

  it('active on a listed device mode: fixed at sticky_offset once scrolled past, a spacer in its place', async () => {
    setUp({ sticky: 'top', sticky_on: ['desktop'], sticky_offset: 10 });
    expect(bar().classList.contains('elementor-sticky')).to.equal(true);
    await scrollTo(100);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(false);
    await scrollTo(500);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(true);
    expect(getComputedStyle(bar()).position).to.equal('fixed');
    expect(bar().getBoundingClientRect().top).to.equal(10);
    expect(bar().getBoundingClientRect().width).to.equal(300);
    expect(spacer()!.getBoundingClientRect().height).to.equal(50);
    expect(spacer()!.getAttribute('aria-hidden')).to.equal('true');
    await scrollTo(0);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(false);
    expect(spacer()).to.equal(null);
    expect(getComputedStyle(bar()).position).to.equal('static');
  });

  it('sticky_effects_offset: the effects class once scrolled that far', async () => {
    setUp({ sticky: 'top', sticky_effects_offset: 800 });
    await scrollTo(500);
    expect(bar().classList.contains('elementor-sticky--effects')).to.equal(false);
    await scrollTo(800);
    expect(bar().classList.contains('elementor-sticky--effects')).to.equal(true);
  });

  it('sticky bottom: fixed to the bottom while its place is below the viewport', async () => {
    view = mount(
      `${marker('desktop')}<div style="height: 1000px"></div><div id="bar" data-settings='{"sticky":"bottom","sticky_offset":5}' style="height: 40px"><a href="/">A</a></div><div style="height: 1000px"></div>`,
    );
    uninstall = installStickyElements(view.root, { clock });
    await scrollTo(0);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(true);
    expect(bar().getBoundingClientRect().bottom).to.equal(window.innerHeight - 5);
    await scrollTo(900);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(false);
  });

  it('inactive on a device mode not listed: stays in the flow', async () => {
    setUp({ sticky: 'top', sticky_on: ['tablet', 'mobile'] });
    expect(bar().classList.contains('elementor-sticky')).to.equal(false);
    await scrollTo(500);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(false);
    expect(spacer()).to.equal(null);
  });

  it('reactivates 300 ms after the last resize (299 ms: still as it was)', async () => {
    setUp({ sticky: 'top', sticky_on: ['desktop'] });
    await scrollTo(500);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(true);
    setMode('mobile');
    window.dispatchEvent(new Event('resize'));
    clock.tick(200);
    window.dispatchEvent(new Event('resize')); // debounced: counts from the last one
    clock.tick(299);
    expect(bar().classList.contains('elementor-sticky')).to.equal(true);
    clock.tick(1);
    expect(bar().classList.contains('elementor-sticky')).to.equal(false);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(false);
    expect(spacer()).to.equal(null);
    setMode('desktop');
    window.dispatchEvent(new Event('resize'));
    clock.tick(300);
    expect(bar().classList.contains('elementor-sticky--active')).to.equal(true);
  });

  it('by the viewport width without the page’s marker (real resizing)', async () => {
    setUp({ sticky: 'top', sticky_on: ['desktop'] }, null);
    expect(bar().classList.contains('elementor-sticky')).to.equal(true);
    const resized = new Promise((resolve) => window.addEventListener('resize', resolve, { once: true }));
    await resizeViewport({ width: 700, height: 600 });
    await resized;
    clock.tick(300);
    expect(bar().classList.contains('elementor-sticky')).to.equal(false);
    await resizeViewport({ width: 1200, height: 600 });
  });

  it('data-settings that is not JSON: one console message naming the behaviour and the field', () => {
    setUp('{"sticky":"top"');
    expect(messages).to.have.length(1);
    expect(String(messages[0][0])).to.contain('sticky-element').and.to.contain('data-settings');
    expect(bar().classList.contains('elementor-sticky')).to.equal(false);
  });

  it('uninstall puts it back in the flow', async () => {
    setUp({ sticky: 'top' });
    await scrollTo(500);
    uninstall();
    uninstall = () => {};
    expect(spacer()).to.equal(null);
    expect(bar().getAttribute('class')).to.equal('elementor-element e-con');
    expect(bar().getAttribute('style')).to.equal('height: 50px; width: 300px');
  });

  it('passes axe while stuck', async function () {
    this.timeout(20000);
    setUp({ sticky: 'top' });
    await scrollTo(500);
    await expect(view.root).to.be.accessible();
  });
});

/** spec §9 Theme "Sticky sidebar offset is sticky height plus 30". */
describe('sticky sidebar', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  useThemeStylesheet();
  before(async () => {
    await resizeViewport({ width: 1000, height: 600 });
  });
  after(async () => {
    await resizeViewport({ width: 800, height: 600 });
  });
  afterEach(async () => {
    uninstall();
    view.remove();
    await scrollTo(0);
  });
  const page = (header: boolean) =>
    `${header ? '<header class="header has-sticky"><div class="header-wrapper" style="height: 80px">Bar</div></header>' : ''}
<div class="row" style="display: flex"><div class="col" style="height: 3000px; flex: 1">Content</div>
<div class="col is-sticky-column" id="side" style="width: 200px; height: 300px">Sidebar</div></div>`;
  const side = () => view.root.querySelector<HTMLElement>('#side')!;

  it('sticks at the sticky header’s height plus 30 px', async () => {
    view = mount(page(true));
    uninstall = installStickySidebar(view.root);
    expect(getComputedStyle(side()).position).to.equal('sticky');
    expect(getComputedStyle(side()).top).to.equal('110px');
    await scrollTo(1000);
    expect(side().getBoundingClientRect().top).to.equal(110);
  });

  it('follows the bar’s height (a shrunk bar)', async () => {
    view = mount(page(true));
    uninstall = installStickySidebar(view.root);
    view.root.querySelector<HTMLElement>('.header-wrapper')!.style.height = '50px';
    await waitUntil(() => getComputedStyle(side()).top === '80px', 'the offset follows');
  });

  it('30 px without a sticky header', () => {
    view = mount(page(false));
    uninstall = installStickySidebar(view.root);
    expect(getComputedStyle(side()).top).to.equal('30px');
  });
});
