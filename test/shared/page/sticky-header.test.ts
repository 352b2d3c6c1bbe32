import { expect } from '@open-wc/testing';
import { installStickyHeader } from '../../../shared/page/sticky-header.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §2 Other, §4 Sticky header: stuck or unstuck by scroll position, shrink, hide on scrolling down. */
const HEADER = (classes: string) =>
  `<header class="header has-sticky ${classes}"><div class="header-wrapper"><nav aria-label="Main"><a href="/shop/" id="h-link">Shop</a></nav></div></header><div class="tall"></div>`;

describe('sticky header', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  before(() => resizeViewport({ width: 800, height: 600 }));
  const setUp = (classes = '') => {
    view = mount(HEADER(classes));
    view.root.querySelector<HTMLElement>('.header-wrapper')!.style.height = '80px';
    view.root.querySelector<HTMLElement>('.tall')!.style.height = '4000px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const bar = () => view.root.querySelector<HTMLElement>('.header-wrapper')!;
  const header = () => view.root.querySelector<HTMLElement>('.header')!;
  const scrollTo = async (top: number) => {
    const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo({ top, behavior: 'instant' });
    await scrolled;
  };
  const bottom = () => header().getBoundingClientRect().bottom + window.scrollY;

  it('is stuck once scrolled past the header, and unstuck above it', async () => {
    setUp();
    const end = bottom();
    uninstall = installStickyHeader(view.root);
    expect(bar().classList.contains('stuck')).to.equal(false);
    await scrollTo(end - 10);
    expect(bar().classList.contains('stuck')).to.equal(false);
    await scrollTo(end + 10);
    expect(bar().classList.contains('stuck')).to.equal(true);
    expect(header().style.minHeight).to.equal('80px');
    expect(bar().classList.contains('shrink')).to.equal(false);
    await scrollTo(5);
    expect(bar().classList.contains('stuck')).to.equal(false);
    expect(header().style.minHeight).to.equal('');
  });

  it('shrinks when stuck with sticky-shrink', async () => {
    setUp('sticky-shrink');
    uninstall = installStickyHeader(view.root);
    await scrollTo(bottom() + 50);
    expect(bar().classList.contains('shrink')).to.equal(true);
    await scrollTo(0);
    expect(bar().classList.contains('shrink')).to.equal(false);
  });

  it('with hide-on-scroll hides on scrolling down and shows on scrolling up', async () => {
    setUp('sticky-hide-on-scroll');
    uninstall = installStickyHeader(view.root);
    await scrollTo(bottom() + 100);
    expect(bar().classList.contains('stuck')).to.equal(true);
    await scrollTo(window.scrollY + 200);
    expect(bar().classList.contains('stuck-hidden')).to.equal(true);
    await scrollTo(window.scrollY - 100);
    expect(bar().classList.contains('stuck-hidden')).to.equal(false);
    expect(bar().classList.contains('stuck')).to.equal(true);
  });

  it('does not hide while focus is inside the bar, and shows when focus enters it', async () => {
    setUp('sticky-hide-on-scroll');
    uninstall = installStickyHeader(view.root);
    await scrollTo(bottom() + 100);
    await scrollTo(window.scrollY + 200);
    expect(bar().classList.contains('stuck-hidden')).to.equal(true);
    view.root.querySelector<HTMLElement>('#h-link')!.focus({ preventScroll: true });
    expect(bar().classList.contains('stuck-hidden')).to.equal(false);
    await scrollTo(window.scrollY + 200);
    expect(bar().classList.contains('stuck-hidden')).to.equal(false);
  });

  it('without hide-on-scroll never hides', async () => {
    setUp();
    uninstall = installStickyHeader(view.root);
    await scrollTo(bottom() + 100);
    await scrollTo(window.scrollY + 300);
    expect(bar().classList.contains('stuck-hidden')).to.equal(false);
  });

  it('uninstalling leaves the header as it was', async () => {
    setUp('sticky-shrink');
    uninstall = installStickyHeader(view.root);
    await scrollTo(bottom() + 100);
    uninstall();
    expect(bar().className).to.equal('header-wrapper');
    expect(header().style.minHeight).to.equal('');
  });
});
