import { expect, waitUntil } from '@open-wc/testing';
import { installBackToTop } from '../../../shared/page/back-to-top.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Other: the back-to-top button shows once the page is scrolled past one viewport height. */
describe('back to top', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(async () => {
    await resizeViewport({ width: 800, height: 600 });
    view = mount(
      `<div id="top" class="page-top">Top</div><div class="tall"></div><a href="#top" class="back-to-top" id="top-link" aria-label="Go to top">↑</a>`,
    );
    const tall = view.root.querySelector<HTMLElement>('.tall')!;
    tall.style.height = '4000px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(async () => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const button = () => view.root.querySelector<HTMLAnchorElement>('.back-to-top')!;
  const scrollTo = async (top: number) => {
    const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo({ top, behavior: 'instant' });
    await scrolled;
  };

  it('is hidden at the top and shown past one viewport height of scrolling', async () => {
    uninstall = installBackToTop(view.root);
    expect(visible(button())).to.equal(false);
    await scrollTo(window.innerHeight - 50);
    expect(visible(button())).to.equal(false);
    await scrollTo(window.innerHeight + 50);
    expect(visible(button())).to.equal(true);
    expect(button().classList.contains('active')).to.equal(true);
    await scrollTo(100);
    expect(visible(button())).to.equal(false);
  });

  it('follows the viewport height when the window is resized', async () => {
    uninstall = installBackToTop(view.root);
    await scrollTo(500);
    expect(visible(button())).to.equal(false);
    await resizeViewport({ width: 800, height: 400 });
    await waitUntil(() => visible(button()), 'shown after the viewport got shorter than the scroll');
    await resizeViewport({ width: 800, height: 600 });
    await waitUntil(() => !visible(button()), 'hidden again');
  });

  it('scrolls to the top and moves focus to its target', async () => {
    uninstall = installBackToTop(view.root, { reducedMotion: true });
    await scrollTo(1500);
    button().click();
    await waitUntil(() => window.scrollY === 0, 'at the top');
    expect(document.activeElement?.id).to.equal('top');
    expect(location.hash).to.equal('');
  });

  it('is accessible when shown', async () => {
    uninstall = installBackToTop(view.root);
    await scrollTo(1500);
    await expect(view.root).to.be.accessible();
  });
});
