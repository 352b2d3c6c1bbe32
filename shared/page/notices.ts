import type { Clock } from '../clock.ts';
import { onJQuery } from '../jquery-bridge.ts';
import {
  type BehaviourOptions,
  clockOf,
  documentOf,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

/** Alert notices WooCommerce prints (classic and block notices). */
export const ALERT_NOTICE_SELECTOR = [
  '.woocommerce-message[role="alert"]',
  '.woocommerce-error[role="alert"]',
  '.wc-block-components-notice-banner[role="alert"]',
].join(', ');
export const NOTICES_WRAPPER_SELECTOR = '.woocommerce-notices-wrapper';
export const NOTICES_SELECTOR = `${NOTICES_WRAPPER_SELECTOR}, ${ALERT_NOTICE_SELECTOR}`;

/**
 * Shop notices (spec §9 Storefront helpers), as WooCommerce's woocommerce.js and cart/checkout
 * scripts treat them:
 * - the first alert notice on the page gets focus after 500 ms (`tabindex="-1"` first), so screen
 *   reader and keyboard users start at what the shop just said; again after the cart updates;
 * - `scrollToNotices()` scrolls a notice area to 100 px below the top of the viewport over
 *   1000 ms (at once under reduced motion), and notices added later to a
 *   `.woocommerce-notices-wrapper` are scrolled to and focused that way.
 */

/** spec §9 Storefront helpers. */
export const NOTICE_FOCUS_DELAY_MS = 500;
export const NOTICE_SCROLL_OFFSET_PX = 100;
export const NOTICE_SCROLL_MS = 1000;
/** 64 steps of 15.625 ms: about 60 frames a second, and exact in binary, so the last step lands on 1000 ms. */
const STEP_MS = NOTICE_SCROLL_MS / 64;

const scrolls = new WeakMap<Window, () => void>();

/** jQuery's `swing` easing, as the theme's animation used it. */
const swing = (p: number) => 0.5 - Math.cos(p * Math.PI) / 2;

/**
 * Scrolls the window so that `target` sits 100 px below the top, over 1000 ms (timed by the clock),
 * or at once under reduced motion. A new scroll replaces one under way. Returns a cancel function.
 */
export function scrollToNotices(target: Element, options: BehaviourOptions = {}): () => void {
  const win = target.ownerDocument.defaultView ?? window;
  scrolls.get(win)?.();
  const clock: Clock = clockOf(options);
  const from = win.scrollY;
  const to = Math.max(0, from + target.getBoundingClientRect().top - NOTICE_SCROLL_OFFSET_PX);
  if (prefersReducedMotion(options) || from === to) {
    win.scrollTo({ top: to, behavior: 'instant' });
    return () => {};
  }
  let elapsed = 0;
  let timer: unknown;
  const step = () => {
    elapsed = Math.min(NOTICE_SCROLL_MS, elapsed + STEP_MS);
    win.scrollTo({ top: from + (to - from) * swing(elapsed / NOTICE_SCROLL_MS), behavior: 'instant' });
    if (elapsed < NOTICE_SCROLL_MS) timer = clock.setTimeout(step, STEP_MS);
    else scrolls.delete(win);
  };
  const cancel = () => {
    clock.clearTimeout(timer);
    if (scrolls.get(win) === cancel) scrolls.delete(win);
  };
  scrolls.set(win, cancel);
  timer = clock.setTimeout(step, STEP_MS);
  return cancel;
}

/** Focuses the first alert notice under `root` after 500 ms; returns a cancel function. */
export function focusFirstNotice(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  const notice = within(root, ALERT_NOTICE_SELECTOR)[0];
  if (!notice) return () => {};
  // A notice is not focusable by itself; -1 keeps it out of the tab order.
  if (!notice.hasAttribute('tabindex')) notice.tabIndex = -1;
  const clock = clockOf(options);
  const win = documentOf(root).defaultView ?? window;
  const timer = clock.setTimeout(() => {
    // While scrollToNotices is moving the page, focusing must not jump it.
    if (notice.isConnected) notice.focus({ preventScroll: scrolls.has(win) });
  }, NOTICE_FOCUS_DELAY_MS);
  return () => clock.clearTimeout(timer);
}

/** Focuses the page's first alert notice, and scrolls to and focuses notices added later. */
export const installNotices = definePageBehaviour({
  name: 'notices',
  selector: NOTICES_SELECTOR,
  install(root, context) {
    /** Focuses the first notice under `node` (its tabindex kept, to put back on uninstall). */
    const focusFirst = (node: PageRoot) => {
      const notice = within(node, ALERT_NOTICE_SELECTOR)[0];
      if (notice) context.keep(notice, 'tabindex');
      return focusFirstNotice(node, context.options);
    };
    const cancels: (() => void)[] = [focusFirst(root)];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const wrapper =
          record.target instanceof Element ? record.target.closest(NOTICES_WRAPPER_SELECTOR) : null;
        if (!wrapper || ![...record.addedNodes].some((n) => n instanceof Element)) continue;
        cancels.push(scrollToNotices(wrapper, context.options), focusFirst(wrapper));
        break;
      }
    });
    observer.observe(root, { childList: true, subtree: true });
    // WooCommerce's cart page refreshes its notices by ajax and says so with these jQuery events.
    const stopJQuery = onJQuery('updated_wc_div item_removed_from_classic_cart', () => {
      cancels.push(focusFirst(root));
    });
    return () => {
      observer.disconnect();
      stopJQuery();
      for (const cancel of cancels) cancel();
    };
  },
});
