import { expect, waitUntil } from '@open-wc/testing';
import {
  focusFirstNotice,
  installNotices,
  NOTICE_FOCUS_DELAY_MS,
  NOTICE_SCROLL_MS,
  NOTICE_SCROLL_OFFSET_PX,
  scrollToNotices,
} from '../../../shared/page/notices.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §9 Storefront helpers: first alert notice focused after 500 ms; scroll to notices 100 px, 1000 ms. */
describe('notices', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(async () => {
    await resizeViewport({ width: 800, height: 600 });
    clock = fakeClock();
    view = mount(`<div class="spacer"></div>
<div class="woocommerce-notices-wrapper"><div class="woocommerce-info">Returning customer? Log in.</div><div class="woocommerce-error" role="alert">Billing Email address is a required field.</div><div class="woocommerce-message" role="alert">Cart updated.</div></div>
<div class="spacer"></div>`);
    for (const spacer of view.root.querySelectorAll<HTMLElement>('.spacer')) spacer.style.height = '2000px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const wrapper = () => view.root.querySelector<HTMLElement>('.woocommerce-notices-wrapper')!;
  const firstAlert = () => view.root.querySelector<HTMLElement>('.woocommerce-error')!;
  const targetTop = () => window.scrollY + wrapper().getBoundingClientRect().top - NOTICE_SCROLL_OFFSET_PX;

  it('focuses the first alert notice after 500 ms, not before', () => {
    uninstall = installNotices(view.root, { clock });
    expect(firstAlert().tabIndex).to.equal(-1);
    clock.tick(NOTICE_FOCUS_DELAY_MS - 1);
    expect(document.activeElement === firstAlert()).to.equal(false);
    clock.tick(1);
    expect(document.activeElement === firstAlert()).to.equal(true);
    expect(NOTICE_FOCUS_DELAY_MS).to.equal(500);
  });

  it('skips notices that are not alerts', () => {
    view.root.querySelector('.woocommerce-error')!.removeAttribute('role');
    focusFirstNotice(view.root, { clock });
    clock.tick(NOTICE_FOCUS_DELAY_MS);
    expect(document.activeElement?.classList.contains('woocommerce-message')).to.equal(true);
  });

  it('scrolls the notices to 100 px below the top over 1000 ms', () => {
    const to = targetTop();
    scrollToNotices(wrapper(), { clock, reducedMotion: false });
    expect(window.scrollY).to.equal(0);
    clock.tick(NOTICE_SCROLL_MS / 2);
    expect(window.scrollY).to.be.greaterThan(0).and.lessThan(to);
    clock.tick(NOTICE_SCROLL_MS / 2);
    expect(Math.abs(window.scrollY - to)).to.be.lessThan(1);
    expect(Math.round(wrapper().getBoundingClientRect().top)).to.equal(NOTICE_SCROLL_OFFSET_PX);
    expect(clock.pending).to.equal(0);
  });

  it('jumps at once under reduced motion', () => {
    const to = targetTop();
    scrollToNotices(wrapper(), { clock, reducedMotion: true });
    expect(Math.abs(window.scrollY - to)).to.be.lessThan(1);
    expect(clock.pending).to.equal(0);
  });

  it('notices added later are scrolled to and focused', async () => {
    uninstall = installNotices(view.root, { clock, reducedMotion: false });
    clock.tick(NOTICE_FOCUS_DELAY_MS);
    wrapper().replaceChildren();
    const added = document.createElement('div');
    added.className = 'woocommerce-message';
    added.setAttribute('role', 'alert');
    added.textContent = 'Coupon applied.';
    wrapper().append(added);
    await waitUntil(() => clock.pending > 0, 'scroll started');
    clock.tick(NOTICE_SCROLL_MS);
    expect(Math.round(wrapper().getBoundingClientRect().top)).to.equal(NOTICE_SCROLL_OFFSET_PX);
    expect(document.activeElement === added).to.equal(true);
  });

  it('is accessible', async () => {
    uninstall = installNotices(view.root, { clock });
    clock.tick(NOTICE_FOCUS_DELAY_MS);
    await expect(wrapper()).to.be.accessible();
  });
});
