import { expect, waitUntil } from '@open-wc/testing';
import {
  installMotionEffects,
  installParallax,
  motionShift,
  parallaxShift,
} from '../../../shared/page/parallax.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { frames, resizeViewport } from '../../helpers/elements.ts';
import { captureConsole, mount } from './helpers.ts';

/** spec §2 Other: parallax animations; none under reduced motion. */
describe('parallax', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(async () => {
    await resizeViewport({ width: 800, height: 600 });
    view = mount(
      '<div class="spacer"></div><div class="bg" data-parallax="4">Background</div><div class="spacer"></div>',
    );
    for (const spacer of view.root.querySelectorAll<HTMLElement>('.spacer')) spacer.style.height = '1500px';
    view.root.querySelector<HTMLElement>('.bg')!.style.height = '200px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const bg = () => view.root.querySelector<HTMLElement>('.bg')!;
  const shift = () => new DOMMatrix(getComputedStyle(bg()).transform).m42;
  const scrollTo = async (top: number) => {
    window.scrollTo({ top, behavior: 'instant' });
    await waitUntil(() => Math.abs(window.scrollY - top) < 1, `scrolled to ${top}`);
    await frames(2); // the scroll event has been handled
  };

  it('shifts with the scroll position: strength × 5 % of the distance from the viewport centre', async () => {
    uninstall = installParallax(view.root, { reducedMotion: false });
    await scrollTo(1000); // the element's centre 300 px below the viewport centre
    const top = bg().getBoundingClientRect().top - shift();
    expect(shift()).to.be.closeTo(parallaxShift(top + 100 - window.innerHeight / 2, 4), 1);
    const first = shift();
    await scrollTo(1500);
    await waitUntil(() => shift() !== first, 'moved with the scroll');
    expect(shift()).to.be.closeTo(
      parallaxShift(bg().getBoundingClientRect().top - shift() + 100 - 300, 4),
      1,
    );
    expect(bg().getAttribute('style')).not.to.contain('undefined');
  });

  it('none under reduced motion', async () => {
    uninstall = installParallax(view.root, { reducedMotion: true });
    await scrollTo(1000);
    expect(getComputedStyle(bg()).transform).to.equal('none');
  });

  it('uninstall takes the shift back', async () => {
    uninstall = installParallax(view.root, { reducedMotion: false });
    await scrollTo(1000);
    expect(shift()).not.to.equal(0);
    expect(installParallax(view.root)).to.equal(uninstall);
    uninstall();
    expect(getComputedStyle(bg()).transform).to.equal('none');
  });
});

const scrollPage = async (top: number) => {
  window.scrollTo({ top, behavior: 'instant' });
  await waitUntil(() => Math.abs(window.scrollY - top) < 1, `scrolled to ${top}`);
  await frames(2);
  // Chromium sometimes leaves out the scroll event of an instant scroll right after a layout change.
  window.dispatchEvent(new Event('scroll'));
};

/** spec §2 Other (the page builder's motion effects); §9 "Motion effects resize debounce 200 ms". */
describe('motion effects (page builder)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  const messages = captureConsole();
  beforeEach(async () => {
    await resizeViewport({ width: 1200, height: 600 });
    window.scrollTo({ top: 0, behavior: 'instant' });
    clock = fakeClock();
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  after(() => resizeViewport({ width: 800, height: 600 }));
  const settings = (extra: object = {}) =>
    JSON.stringify({
      motion_fx_motion_fx_scrolling: 'yes',
      motion_fx_translateY_effect: 'yes',
      motion_fx_translateY_speed: { unit: 'px', size: 4 },
      ...extra,
    });
  const setUp = (text: string, reducedMotion = false) => {
    view = mount(
      `<style id="mode-css">#elementor-device-mode::after { content: "desktop"; }</style><span id="elementor-device-mode"></span>
<div style="height: 1000px"></div><div class="fx" data-settings='${text}' style="height: 200px">Moving</div><div style="height: 1500px"></div>`,
    );
    uninstall = installMotionEffects(view.root, { clock, reducedMotion });
  };
  const fx = () => view.root.querySelector<HTMLElement>('.fx')!;
  const shift = () => new DOMMatrix(getComputedStyle(fx()).transform).m42;
  const setMode = (mode: string) => {
    document.querySelector('#mode-css')!.textContent =
      `#elementor-device-mode::after { content: "${mode}"; }`;
  };

  it('shifts with the scroll: 0 in the middle of its way, speed × 5 px at either end', async () => {
    expect([motionShift(50, 4), motionShift(0, 4), motionShift(100, 4), motionShift(100, -4)]).to.deep.equal([
      0, 20, -20, 20,
    ]);
    setUp(settings());
    await scrollPage(1000); // its top near the viewport's top: about 600 / 800 of its way
    const percent = () =>
      ((window.innerHeight - (fx().getBoundingClientRect().top - shift())) / (window.innerHeight + 200)) *
      100;
    await waitUntil(() => Math.abs(shift() - motionShift(percent(), 4)) < 0.5, 'shifted for this position');
    expect(percent()).to.be.within(60, 90);
    expect(shift()).to.be.below(-5);
  });

  it('only on the device modes of motion_fx_devices', async () => {
    setUp(settings({ motion_fx_devices: ['tablet', 'mobile'] }));
    await scrollPage(1000);
    expect(getComputedStyle(fx()).transform).to.equal('none');
  });

  it('after a resize, the mode is read again 200 ms after the last resize event (199 ms: as it was)', async () => {
    setUp(settings({ motion_fx_devices: ['desktop'] }));
    await scrollPage(1000);
    expect(shift()).to.not.equal(0);
    setMode('tablet');
    window.dispatchEvent(new Event('resize'));
    clock.tick(100);
    window.dispatchEvent(new Event('resize'));
    clock.tick(199);
    expect(shift()).to.not.equal(0);
    clock.tick(1);
    expect(getComputedStyle(fx()).transform).to.equal('none');
    setMode('desktop');
    window.dispatchEvent(new Event('resize'));
    clock.tick(200);
    expect(shift()).to.not.equal(0);
  });

  it('none under reduced motion', async () => {
    setUp(settings(), true);
    await scrollPage(1000);
    expect(getComputedStyle(fx()).transform).to.equal('none');
  });

  it('data-settings that is not JSON: one console message naming the behaviour and the field', () => {
    setUp('{"motion_fx_motion_fx_scrolling":"yes"');
    expect(messages).to.have.length(1);
    expect(String(messages[0][0])).to.contain('motion-effects').and.to.contain('data-settings');
  });

  it('uninstall takes the shift back', async () => {
    setUp(settings());
    await scrollPage(1000);
    uninstall();
    uninstall = () => {};
    expect(fx().getAttribute('style')).to.equal('height: 200px');
  });
});
