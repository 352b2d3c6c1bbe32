import { logWarning } from '../log.ts';
import { createRestClient } from '../shop/rest.ts';
import { safeUrl } from '../url.ts';
import { documentOf, hideElement, within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const COMING_SOON_SELECTOR = '.coming-soon-footer-banner-dismiss';

/**
 * Coming-soon banner dismiss (spec §2 Other, §7 Coming-soon banner dismiss): WooCommerce's footer
 * banner (`#coming-soon-footer-banner`) has a dismiss link carrying `data-rest-url` and
 * `data-rest-nonce`. Dismissing POSTs `woocommerce_meta.coming_soon_banner_dismissed = "yes"` to
 * that URL with the nonce header (through the REST client), and the banner is hidden when the
 * request completes, whatever the result.
 */

const BANNER_SELECTOR = '#coming-soon-footer-banner, .coming-soon-footer-banner';

/** The banner a dismiss control belongs to. */
function bannerOf(control: HTMLElement): HTMLElement | null {
  return control.closest<HTMLElement>(BANNER_SELECTOR) ?? documentOf(control).querySelector(BANNER_SELECTOR);
}

/** Sends the dismissal and hides the banner once it completed (spec §7). */
export async function dismissComingSoonBanner(control: HTMLElement): Promise<void> {
  const banner = bannerOf(control);
  // Only a same-origin REST URL gets the nonce.
  const url = safeUrl(control.dataset.restUrl, location.href);
  try {
    if (!url || new URL(url).origin !== location.origin)
      throw new Error(`data-rest-url is not a same-origin URL`);
    const rest = createRestClient({ nonce: control.dataset.restNonce ?? '' });
    await rest({ url, method: 'POST', data: { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } } });
  } catch (error) {
    logWarning(null, 'the coming-soon banner dismissal was not saved.', error);
  } finally {
    hideElement(banner ?? control);
  }
}

/** Handles the coming-soon banner's dismiss control under the root. */
export const installComingSoonBanner = definePageBehaviour({
  name: 'coming-soon',
  selector: COMING_SOON_SELECTOR,
  messages: { dismiss: 'Dismiss the coming soon notice' },
  install(root, context) {
    const pending = new WeakSet<HTMLElement>();
    for (const control of within(root, COMING_SOON_SELECTOR)) {
      // WooCommerce prints an <a> without href: make it a button for keyboard and screen readers.
      if (control instanceof HTMLAnchorElement && !control.hasAttribute('href')) {
        control.setAttribute('role', 'button');
        control.tabIndex = 0;
      }
      const text = control.textContent?.trim() ?? '';
      if (!control.hasAttribute('aria-label') && (text === '' || text === '×' || text === '✕'))
        control.setAttribute('aria-label', context.messages.dismiss);
    }
    const onIntent = (event: Event) => {
      const control =
        event.target instanceof Element ? event.target.closest<HTMLElement>(COMING_SOON_SELECTOR) : null;
      if (!control) return;
      if (event instanceof KeyboardEvent) {
        if (control.getAttribute('role') !== 'button' || (event.key !== 'Enter' && event.key !== ' ')) return;
      }
      event.preventDefault();
      if (pending.has(control)) return;
      pending.add(control);
      void dismissComingSoonBanner(control).finally(() => pending.delete(control));
    };
    context.on(root, 'click', onIntent);
    context.on(root, 'keydown', onIntent);
  },
});
