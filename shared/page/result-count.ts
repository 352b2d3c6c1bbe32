import { within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const RESULT_COUNT_SELECTOR = '.woocommerce-result-count[data-is-sorted-by="true"]';

/**
 * Result count live region (spec §2 Listing, §9: refreshed after 2000 ms): on a sorted listing
 * WooCommerce prints the result count as a live region (`role="alert"`, with the sort order in
 * screen-reader text) and marks it `data-is-sorted-by="true"`. Its content is taken out and put
 * back 2000 ms after load, so that screen readers announce the new order after the page changed
 * (a live region that is already filled on load is not announced).
 */

/** spec §9 Storefront helpers: result count refresh 2000 ms. */
export const RESULT_COUNT_REFRESH_MS = 2000;

/** Refreshes the sorted result count's live region once, 2000 ms after install. */
export const installResultCount = definePageBehaviour({
  name: 'result-count',
  selector: RESULT_COUNT_SELECTOR,
  install(root, context) {
    const clock = context.clock;
    const regions = within(root, RESULT_COUNT_SELECTOR);
    for (const region of regions)
      if (!region.hasAttribute('role') && !region.hasAttribute('aria-live')) {
        context.keep(region, 'role');
        region.setAttribute('role', 'status');
      }
    const timer = clock.setTimeout(() => {
      for (const region of regions) {
        if (!region.isConnected) continue;
        const content = [...region.childNodes];
        region.replaceChildren();
        region.append(...content);
      }
    }, RESULT_COUNT_REFRESH_MS);
    return () => {
      clock.clearTimeout(timer);
    };
  },
});
