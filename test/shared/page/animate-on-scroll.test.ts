import { expect, waitUntil } from '@open-wc/testing';
import { installAnimateOnScroll } from '../../../shared/page/animate-on-scroll.ts';
import { frames, resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §4: animated elements play once when they first enter the viewport. */
describe('animated elements', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  before(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    view = mount(
      '<p data-animate="fadeInUp" id="near">Near</p><div class="gap"></div><p data-animate="fadeIn" id="far">Far</p>',
    );
    view.root.querySelector<HTMLElement>('.gap')!.style.height = '2000px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const el = (id: string) => view.root.querySelector<HTMLElement>(`#${id}`)!;

  it('plays an element once, when it first enters the viewport (real scrolling)', async () => {
    uninstall = installAnimateOnScroll(view.root, { reducedMotion: false });
    await waitUntil(() => el('near').dataset.animated === 'true', 'the element in view plays');
    await frames(3);
    expect(el('far').dataset.animated).to.equal('false');
    el('far').scrollIntoView({ behavior: 'instant' });
    await waitUntil(() => el('far').dataset.animated === 'true', 'plays once scrolled into view');
    // Leaving and coming back does not replay it: it stays marked and is no longer watched.
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frames(3);
    expect(el('far').dataset.animated).to.equal('true');
  });

  it('marks everything at once under reduced motion', () => {
    uninstall = installAnimateOnScroll(view.root, { reducedMotion: true });
    expect(el('near').dataset.animated).to.equal('true');
    expect(el('far').dataset.animated).to.equal('true');
  });
});
