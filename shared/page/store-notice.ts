import { cookies } from '../cookies.ts';
import { hideElement, showElement, within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const STORE_NOTICE_SELECTOR = '.woocommerce-store-notice';

/**
 * Store notice (spec §2 Other, §4 Store notice): WooCommerce's `.woocommerce-store-notice`
 * banner is shown unless its cookie holds `hidden`; its dismiss link sets that cookie for the
 * whole site (path /, spec §9) and hides the notice. The cookie is `store_notice` followed by the
 * notice's `data-notice-id`, so a changed notice shows again.
 */

const DISMISS_SELECTOR = '.woocommerce-store-notice__dismiss-link';

/** The notice's cookie name. */
export function storeNoticeCookie(notice: HTMLElement): string {
  return `store_notice${notice.dataset.noticeId ?? ''}`;
}

/** Shows or hides the root's store notices from the cookie and handles their dismiss links. */
export const installStoreNotice = definePageBehaviour({
  name: 'store-notice',
  selector: STORE_NOTICE_SELECTOR,
  install(root, { on }) {
    for (const notice of within(root, STORE_NOTICE_SELECTOR)) {
      if (cookies.get(storeNoticeCookie(notice)) === 'hidden') hideElement(notice);
      else showElement(notice);
      // A dismiss "link" without href is not reachable by keyboard: make it a button.
      for (const link of notice.querySelectorAll<HTMLElement>(DISMISS_SELECTOR)) {
        if (link instanceof HTMLAnchorElement && !link.hasAttribute('href')) {
          link.setAttribute('role', 'button');
          link.tabIndex = 0;
        }
      }
    }
    const dismiss = (event: Event) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLElement>(DISMISS_SELECTOR) : null;
      const notice = link?.closest<HTMLElement>(STORE_NOTICE_SELECTOR);
      if (!link || !notice) return;
      if (event instanceof KeyboardEvent) {
        if (link.getAttribute('role') !== 'button' || (event.key !== 'Enter' && event.key !== ' ')) return;
      }
      event.preventDefault();
      cookies.set(storeNoticeCookie(notice), 'hidden', { path: '/' });
      hideElement(notice);
    };
    on(root, 'click', dismiss);
    on(root, 'keydown', dismiss);
  },
});
