import { expect } from '@open-wc/testing';
import { installStickyHeader } from '../../../shared/page/sticky-header.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import {
  addStylesheets,
  describeAnimation,
  preferReducedMotion,
  runningAnimations,
} from '../../helpers/reduced-motion.ts';
import { mount } from './helpers.ts';

/**
 * The sticky header with the theme's styles (styles/theme.css): it slides in when it sticks and
 * slides up when hide-on-scroll hides it, unless the shopper prefers reduced motion (DESIGN §7).
 * The media query is emulated where the driver can (Chromium); elsewhere there is nothing to check.
 */
const HEADER = `<header class="header has-sticky sticky-hide-on-scroll"><div class="header-wrapper"><nav aria-label="Main"><a href="/shop/">Shop</a></nav></div></header><div class="tall"></div>`;

describe('sticky header motion (theme styles)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let removeStyles = () => {};
  before(async () => {
    await resizeViewport({ width: 800, height: 600 });
    removeStyles = await addStylesheets(['/styles/theme.css']);
  });
  after(() => removeStyles());
  beforeEach(() => {
    view = mount(HEADER);
    view.root.querySelector<HTMLElement>('.header-wrapper')!.style.height = '80px';
    view.root.querySelector<HTMLElement>('.tall')!.style.height = '4000px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const bar = () => view.root.querySelector<HTMLElement>('.header-wrapper')!;
  const scrollTo = async (top: number) => {
    const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo({ top, behavior: 'instant' });
    await scrolled;
  };
  /** What moves on the bar after sticking, hiding, showing again and unsticking. */
  async function motionWhenDriven(): Promise<string[]> {
    const moving: string[] = [];
    const sample = (when: string) => {
      for (const animation of runningAnimations()) moving.push(`${when}: ${describeAnimation(animation)}`);
    };
    uninstall = installStickyHeader(view.root);
    await scrollTo(300);
    expect(bar().classList.contains('stuck')).to.equal(true);
    sample('stuck');
    await scrollTo(600);
    expect(bar().classList.contains('stuck-hidden')).to.equal(true);
    sample('hidden');
    await scrollTo(500);
    sample('shown again');
    await scrollTo(0);
    expect(bar().classList.contains('stuck')).to.equal(false);
    sample('unstuck');
    return moving;
  }

  it('slides in when motion is allowed (the check sees it)', async () => {
    const moving = await motionWhenDriven();
    expect(
      moving.some((m) => m.startsWith('stuck: shop-stuck-in')),
      moving.join('\n'),
    ).to.equal(true);
  });

  it('moves nothing under prefers-reduced-motion: stuck, hidden, shown or unstuck', async function () {
    const { css, undo } = await preferReducedMotion();
    try {
      if (!css) this.skip(); // the engine's driver cannot emulate the media query
      expect(await motionWhenDriven()).to.deep.equal([]);
    } finally {
      await undo();
    }
  });
});
