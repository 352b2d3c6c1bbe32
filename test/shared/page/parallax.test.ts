import { expect, waitUntil } from '@open-wc/testing';
import { installParallax, parallaxShift } from '../../../shared/page/parallax.ts';
import { frames, resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

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
