import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { type OpenLightbox, openPhotoSwipe } from '../../../shared/lightbox/photoswipe.ts';
import { pageLinkActions } from '../../../shared/page/link-actions.ts';

/** What axe's colour-contrast check says of `context`'s nodes: passed, failed or undecided. */
interface Verdicts {
  passes: string[];
  violations: string[];
  incomplete: string[];
}
type AxeResult = { nodes: { target: string[] }[] };
type Axe = {
  run(context: Element, options: object): Promise<Record<keyof Verdicts, AxeResult[]>>;
};

async function contrast(context: Element): Promise<Verdicts> {
  // All of axe first (chai-a11y-axe loads axe-core on its first run).
  await expect(context).to.be.accessible();
  const axe = (window as unknown as { axe: Axe }).axe;
  const results = await axe.run(context, { runOnly: ['color-contrast'] });
  const targets = (list: AxeResult[]) => list.flatMap((r) => r.nodes.map((n) => n.target.join(' ')));
  return {
    passes: targets(results.passes),
    violations: targets(results.violations),
    incomplete: targets(results.incomplete),
  };
}

/**
 * The lightboxes' caption and counter have a contrast axe can decide and passes (WCAG 2.2 AA
 * 1.4.3), whatever lies behind them: the image, the page under a backdrop axe cannot see.
 */
describe('lightbox captions and counters: colour contrast', () => {
  let box: OpenLightbox | null = null;
  afterEach(async () => {
    box?.close();
    await box?.closed;
    box = null;
  });

  it('PhotoSwipe: the caption over the image and the counter', async () => {
    const slide = { src: '/shop-images/cap.svg', width: 800, height: 800, alt: 'Cap', caption: 'A cap' };
    box = openPhotoSwipe({
      slides: [slide, slide],
      index: 0,
      opener: null,
      reducedMotion: true,
      texts: {
        imageError: 'The image could not be loaded',
        imageErrorNumbered: 'The image #{index} could not be loaded.',
        close: 'Close',
        zoom: 'Zoom',
        previous: 'Previous',
        next: 'Next',
        imageOf: 'Image {index} of {count}',
      },
    });
    await waitUntil(() => document.querySelector('.pswp[data-open]'), 'did not open', { timeout: 4000 });
    await waitUntil(() => document.querySelector('.pswp__img:not(.pswp__img--placeholder)'), 'no image', {
      timeout: 4000,
    });
    const verdicts = await contrast(document.querySelector('.pswp')!);
    expect(verdicts.violations).to.deep.equal([]);
    expect(verdicts.incomplete).to.deep.equal([]);
    expect(verdicts.passes).to.include.members(['.pswp__caption', '.pswp__counter']);
  });

  it('page-builder link lightbox: the figcaption and the counter', async () => {
    const root = await fixture(html`<div>
      <a data-elementor-open-lightbox="yes" data-elementor-lightbox-title="One" data-elementor-lightbox-slideshow="c" href="/shop-images/cap.svg">One</a>
      <a data-elementor-open-lightbox="yes" data-elementor-lightbox-title="Two" data-elementor-lightbox-slideshow="c" href="/shop-images/beanie.svg">Two</a>
    </div>`);
    const actions = pageLinkActions();
    root.querySelector('a')!.click();
    const dialog = actions.lightbox!;
    try {
      await waitUntil(() => dialog.querySelector('img')?.complete, 'no image', { timeout: 4000 });
      const verdicts = await contrast(dialog);
      expect(verdicts.violations).to.deep.equal([]);
      expect(verdicts.incomplete).to.deep.equal([]);
      expect(verdicts.passes).to.include.members(['figcaption', 'span']);
    } finally {
      dialog.close();
    }
  });
});
