import { expect, waitUntil } from '@open-wc/testing';
import { installCarousels } from '../../../shared/page/carousel.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { captureConsole, mount, useThemeStylesheet } from './helpers.ts';

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

/** spec §3 page-builder element settings; APG carousel (rotation control, pause on hover and focus). */
describe('carousels: the page builder carousel widgets', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  const messages = captureConsole();
  useThemeStylesheet();
  before(async () => {
    await resizeViewport({ width: 1000, height: 700 });
  });
  after(async () => {
    await resizeViewport({ width: 800, height: 600 });
  });
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const widget = (settings: object | string, n = 5) =>
    `<div class="elementor-widget elementor-widget-image-carousel" data-settings='${
      typeof settings === 'string' ? settings : JSON.stringify(settings)
    }'><div class="elementor-widget-container"><div class="elementor-image-carousel-wrapper swiper" dir="ltr">
<div class="elementor-image-carousel swiper-wrapper" aria-label="Lookbook">${Array.from(
      { length: n },
      (_, i) =>
        `<div class="swiper-slide"><figure><a href="/look/${i + 1}/">Look ${i + 1}</a></figure></div>`,
    ).join('')}</div>
<div class="elementor-swiper-button elementor-swiper-button-prev" role="button" tabindex="0">‹</div>
<div class="elementor-swiper-button elementor-swiper-button-next" role="button" tabindex="0">›</div>
<div class="swiper-pagination"></div></div></div></div>`;
  const setUp = (settings: object | string, reducedMotion = true, n = 5) => {
    view = mount(widget(settings, n));
    uninstall = installCarousels(view.root, { clock, reducedMotion });
  };
  const track = () => view.root.querySelector<HTMLElement>('.swiper-wrapper')!;
  const slideAt = (i: number) => track().children[i] as HTMLElement;
  const q = <T extends Element = HTMLButtonElement>(s: string) => view.root.querySelector<T>(s);
  const dots = () => [...view.root.querySelectorAll<HTMLButtonElement>('.slider-dot')];
  const current = () => dots().findIndex((d) => d.getAttribute('aria-current') === 'true');
  const first = () => [...track().children].findIndex((s) => !(s as HTMLElement).inert);
  const width = () => slideAt(0).getBoundingClientRect().width;
  const shown = () => Math.round(track().clientWidth / width());

  it('slides_to_show and its tablet and mobile values (real resizing)', async () => {
    setUp(
      { slides_to_show: '4', slides_to_show_tablet: '3', slides_to_show_mobile: '2', autoplay: 'no' },
      true,
      6,
    );
    expect(shown()).to.equal(4);
    expect([...track().children].filter((s) => !(s as HTMLElement).inert)).to.have.length(4);
    await resizeViewport({ width: 700, height: 700 });
    await waitUntil(() => shown() === 3, 'three at 700 px');
    await resizeViewport({ width: 500, height: 700 });
    await waitUntil(() => shown() === 2, 'two at 500 px');
    await resizeViewport({ width: 1000, height: 700 });
  });

  it('navigation both: arrows and dots (one per view); the widget’s own Swiper controls are hidden', () => {
    setUp({ slides_to_show: '2', autoplay: 'no', navigation: 'both' });
    expect(q('.slider-previous')).to.not.equal(null);
    expect(q('.slider-next')).to.not.equal(null);
    expect(dots().map((d) => d.getAttribute('aria-label'))).to.deep.equal([
      'Slide 1',
      'Slide 2',
      'Slide 3',
      'Slide 4',
    ]);
    expect(q('.slider-dots')!.getAttribute('role')).to.equal('group');
    expect(current()).to.equal(0);
    for (const own of view.root.querySelectorAll<HTMLElement>('.elementor-swiper-button, .swiper-pagination'))
      expect(own.hidden).to.equal(true);
    dots()[2].click();
    expect(current()).to.equal(2);
    expect(first()).to.equal(2);
    expect(Math.abs(track().scrollLeft - 2 * width())).to.be.at.most(1);
  });

  it('navigation arrows, dots and none; pagination fraction', () => {
    setUp({ autoplay: 'no', navigation: 'arrows' });
    expect([!!q('.slider-next'), dots().length]).to.deep.equal([true, 0]);
    uninstall();
    view.remove();
    setUp({ autoplay: 'no', navigation: 'dots' });
    expect([!!q('.slider-next'), dots().length]).to.deep.equal([false, 3]);
    uninstall();
    view.remove();
    setUp({ autoplay: 'no', navigation: 'none' });
    expect([!!q('.slider-next'), dots().length]).to.deep.equal([false, 0]);
    uninstall();
    view.remove();
    setUp({ autoplay: 'no', navigation: 'arrows', pagination: 'fraction' });
    expect(q('.slider-fraction')!.textContent).to.equal('1 / 3');
    q('.slider-next')!.click();
    expect(q('.slider-fraction')!.textContent).to.equal('2 / 3');
  });

  it('infinite yes: previous at the start goes to the end, next at the end to the start', () => {
    setUp({ autoplay: 'no', infinite: 'yes' });
    expect(q('.slider-previous')!.disabled).to.equal(false);
    q('.slider-previous')!.click();
    expect(first()).to.equal(2);
    q('.slider-next')!.click();
    expect(first()).to.equal(0);
  });

  it('infinite no: the buttons stop (disabled) at either end', () => {
    setUp({ autoplay: 'no', infinite: 'no' });
    expect(q('.slider-previous')!.disabled).to.equal(true);
    q('.slider-next')!.click();
    q('.slider-next')!.click();
    expect(first()).to.equal(2);
    expect(q('.slider-next')!.disabled).to.equal(true);
    q('.slider-next')!.click();
    expect(first()).to.equal(2);
  });

  it('slides_to_scroll moves that many', () => {
    setUp({ autoplay: 'no', slides_to_show: '2', slides_to_scroll: '2', infinite: 'no' }, true, 6);
    q('.slider-next')!.click();
    expect(first()).to.equal(2);
    expect(dots()).to.have.length(3);
  });

  it('speed: a move glides over speed ms on the clock (799 ms: not there yet; 800 ms: there)', () => {
    setUp({ autoplay: 'no', speed: 800 }, false);
    q('.slider-next')!.click();
    clock.tick(400);
    const halfway = track().scrollLeft;
    expect(halfway)
      .to.be.above(1)
      .and.below(width() - 1);
    clock.tick(399);
    expect(clock.pending).to.equal(1); // still gliding
    expect(track().style.scrollSnapType).to.equal('none');
    clock.tick(1);
    expect(track().style.scrollSnapType).to.equal('x mandatory');
    expect(Math.abs(track().scrollLeft - width())).to.be.at.most(1);
    expect(clock.pending).to.equal(0);
  });

  it('the defaults: autoplay every 5000 ms, moves over 500 ms', () => {
    setUp({}, false);
    clock.tick(4999);
    expect(first()).to.equal(0);
    clock.tick(1);
    expect(first()).to.equal(1);
    q('.slider-rotation')!.click(); // stop, so only the move's timers are left
    q('.slider-next')!.click();
    clock.tick(499);
    expect(track().style.scrollSnapType).to.equal('none'); // still moving
    clock.tick(1);
    expect(track().style.scrollSnapType).to.equal('x mandatory');
    expect(clock.pending).to.equal(0);
  });

  it('speed under reduced motion: jumps at once', () => {
    setUp({ autoplay: 'no', speed: 800 }, true);
    q('.slider-next')!.click();
    expect(Math.abs(track().scrollLeft - width())).to.be.at.most(1);
    expect(clock.pending).to.equal(0);
  });

  it('autoplay: moves on every autoplay_speed (2999 ms: not yet), from the end back to the start', () => {
    setUp({ autoplay: 'yes', autoplay_speed: 3000, speed: 0 }, false);
    clock.tick(2999);
    expect(first()).to.equal(0);
    clock.tick(1);
    expect(first()).to.equal(1);
    clock.tick(3000);
    expect(first()).to.equal(2);
    clock.tick(3000);
    expect(first()).to.equal(0);
  });

  it('autoplay: the rotation control comes first and stops and starts it; live region only when stopped', () => {
    setUp({ autoplay: 'yes', autoplay_speed: 3000, speed: 0 }, false);
    const rotation = q('.slider-rotation')!;
    expect(q('.slider-nav')!.firstElementChild).to.equal(rotation);
    expect(rotation.getAttribute('aria-label')).to.equal('Stop slide rotation');
    expect(track().getAttribute('aria-live')).to.equal('off');
    rotation.click();
    expect(rotation.getAttribute('aria-label')).to.equal('Start slide rotation');
    expect(track().getAttribute('aria-live')).to.equal('polite');
    clock.tick(10000);
    expect(first()).to.equal(0);
    rotation.click();
    clock.tick(3000);
    expect(first()).to.equal(1);
  });

  it('autoplay pauses while the pointer is over it and while focus is in it', () => {
    setUp({ autoplay: 'yes', autoplay_speed: 3000, speed: 0 }, false);
    track().dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    clock.tick(6000);
    expect(first()).to.equal(0);
    expect(track().getAttribute('aria-live')).to.equal('polite');
    track().dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    clock.tick(3000);
    expect(first()).to.equal(1);
    slideAt(1).querySelector('a')!.focus();
    clock.tick(6000);
    expect(first()).to.equal(1);
    q('.slider-rotation')!.focus(); // the rotation control itself does not hold it
    clock.tick(3000);
    expect(first()).to.equal(2);
  });

  it('autoplay does not start under reduced motion; the control starts it', () => {
    setUp({ autoplay: 'yes', autoplay_speed: 3000 }, true);
    expect(q('.slider-rotation')!.getAttribute('aria-label')).to.equal('Start slide rotation');
    clock.tick(10000);
    expect(first()).to.equal(0);
    q('.slider-rotation')!.click();
    clock.tick(3000);
    expect(first()).to.equal(1);
  });

  it('effect fade: one slide at a time, cross-faded over speed', () => {
    setUp({ autoplay: 'no', effect: 'fade', speed: 700, slides_to_show: '3' }, false);
    const visibleSlides = () =>
      [...track().children].filter((s) => getComputedStyle(s).visibility === 'visible');
    expect(visibleSlides()).to.deep.equal([slideAt(0)]);
    expect(getComputedStyle(slideAt(1)).transitionDuration).to.contain('0.7s');
    q('.slider-next')!.click();
    expect(slideAt(1).classList.contains('is-selected')).to.equal(true);
    expect(slideAt(0).classList.contains('is-selected')).to.equal(false);
    expect(slideAt(0).getBoundingClientRect().left).to.equal(slideAt(1).getBoundingClientRect().left);
  });

  it('effect fade under reduced motion: no transition', () => {
    setUp({ autoplay: 'no', effect: 'fade', speed: 700 }, true);
    expect(
      getComputedStyle(slideAt(1))
        .transitionDuration.split(',')
        .every((d) => Number.parseFloat(d) === 0),
    ).to.equal(true);
  });

  it('data-settings that is not JSON: one console message naming the behaviour and the field; defaults used', () => {
    setUp('{slides_to_show: 2', true);
    expect(messages).to.have.length(1);
    expect(String(messages[0][0])).to.contain('carousel').and.to.contain('data-settings');
    expect(shown()).to.equal(3);
    expect(q('.slider-rotation')).to.not.equal(null);
  });

  it('a setting of the wrong kind is named', () => {
    setUp({ autoplay: 'no', autoplay_speed: 'soon' }, true);
    expect(messages).to.have.length(1);
    expect(String(messages[0][0])).to.contain('autoplay_speed');
  });

  it('passes axe (autoplay, arrows, dots)', async function () {
    this.timeout(20000);
    setUp({ autoplay: 'yes', navigation: 'both' }, true);
    await expect(view.root).to.be.accessible();
  });
});
