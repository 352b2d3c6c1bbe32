import { hasJQuery, onJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { safeUrl } from '../url.ts';
import { type BehaviourOptions, type PageRoot, within } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';

export const CART_PAGE_SELECTOR = '.woocommerce-cart-form, .cart_totals';

/**
 * The cart page after its totals update (issue 17; spec §2 "Cart and checkout": lazy images,
 * quick view, wishlist, refresh and equal-height behaviours re-attached). WooCommerce's cart.js
 * replaces the cart form and the totals box with new markup, then triggers `updated_wc_div`
 * (whole cart) or `updated_cart_totals` (totals) on `document.body`. The containers that are new
 * since the last time are handed to {@link reattachPageContent}: it swaps in the lazy images'
 * real sources itself, then announces the container with a `shop-page-content-replaced` event
 * (bubbling, `detail.root` the container) and the `reattach` option, so the page-behaviour
 * registry installs the behaviours whose markup is in it (quick view, wishlist, refresh,
 * equal height…) on that container: the wishlist buttons (wishlist.ts), the equal-height rows
 * (equal-height.ts) and the quick view install on markup that arrives, and the cart refresh below
 * is delegated from the root, so the replaced cart form keeps it.
 *
 * **Cart refresh** (the theme's "auto refresh" of the cart page, printed as a `.cart-auto-refresh`
 * element or class on the page): changing a cart item's quantity (`.woocommerce-cart-form
 * .cart_item .qty`) presses the form's "Update cart" button (`button[name="update_cart"]`) once
 * the shopper has stopped changing it for {@link CART_REFRESH_DELAY_MS} (the theme's delay; the
 * spec names none), so that several presses of the quantity buttons make one update.
 */

/** The theme's cart auto-refresh delay after the last quantity change (the spec names none). */
export const CART_REFRESH_DELAY_MS = 1200;
const CART_QTY = '.woocommerce-cart-form .cart_item .qty';

/** The event {@link reattachPageContent} dispatches on the new container (it bubbles to the document). */
export const PAGE_CONTENT_REPLACED = 'shop-page-content-replaced';
export interface PageContentReplacedDetail {
  root: Element;
}

/** WooCommerce's cart.js events after it replaced cart markup. */
export const CART_UPDATED_EVENTS = ['updated_cart_totals', 'updated_wc_div'] as const;

export interface CartPageOptions extends BehaviourOptions {
  /** Called with each new container (the registry's hook). */
  reattach?: (root: Element) => void;
}

/** Flatsome's lazy images (`img.lazy-load[data-src]`): the real source, loaded lazily by the browser. */
const LAZY_IMAGES = 'img.lazy-load[data-src], img[data-lazy-src]';

/** Puts the real sources of the lazy images under `root` in place (`loading="lazy"`). */
export function loadLazyImages(root: PageRoot): void {
  for (const img of within<HTMLImageElement>(root, LAZY_IMAGES)) {
    const src = safeUrl(img.dataset.src ?? img.dataset.lazySrc);
    if (!src) continue;
    img.loading = 'lazy';
    const srcset = img.dataset.srcset ?? img.dataset.lazySrcset;
    if (srcset) img.srcset = srcset;
    img.src = src;
    img.classList.remove('lazy-load');
    img.classList.add('lazy-load-active');
    delete img.dataset.src;
    delete img.dataset.lazySrc;
  }
}

/**
 * Re-attaches the page's behaviours to markup that replaced old markup: lazy images here, then
 * the `shop-page-content-replaced` event and the `reattach` callback for everything else.
 */
export function reattachPageContent(container: Element, reattach?: (root: Element) => void): void {
  loadLazyImages(container);
  container.dispatchEvent(
    new CustomEvent<PageContentReplacedDetail>(PAGE_CONTENT_REPLACED, {
      bubbles: true,
      detail: { root: container },
    }),
  );
  try {
    reattach?.(container);
  } catch (error) {
    logError(null, 'cart page: re-attaching the page behaviours failed.', error);
  }
}

/** Re-attaches behaviours to the cart markup WooCommerce replaces after a totals update. */
export const installCartPage = definePageBehaviour({
  name: 'cart-page',
  selector: CART_PAGE_SELECTOR,
  install(root, context: BehaviourContext<Messages, CartPageOptions>) {
    const doc = context.document;
    const clock = context.clock;
    let refresh: unknown;
    context.on(root, 'change', (event: Event) => {
      const qty = event.target instanceof Element ? event.target : null;
      if (!qty?.matches(CART_QTY) || !doc.querySelector('.cart-auto-refresh')) return;
      const form = qty.closest('form');
      clock.clearTimeout(refresh);
      refresh = clock.setTimeout(() => {
        // The button of the form now (WooCommerce replaces the form after an update).
        const button = (form?.isConnected ? form : doc).querySelector<HTMLButtonElement>(
          'button[name="update_cart"]',
        );
        if (button && !button.disabled) button.click();
      }, CART_REFRESH_DELAY_MS);
    });
    const stopRefresh = () => clock.clearTimeout(refresh);
    const seen = new WeakSet<Element>(within(root, CART_PAGE_SELECTOR));
    const onUpdated = () => {
      for (const container of within(root, CART_PAGE_SELECTOR)) {
        if (seen.has(container)) continue;
        seen.add(container);
        reattachPageContent(container, context.options.reattach);
      }
    };
    // jQuery hands native events of the same names to its handlers too (onJQuery's `native`).
    if (hasJQuery()) {
      const stopJQuery = onJQuery(CART_UPDATED_EVENTS.join(' '), onUpdated);
      return () => {
        stopJQuery();
        stopRefresh();
      };
    }
    const body = doc.body;
    for (const name of CART_UPDATED_EVENTS) context.on(body, name, onUpdated);
    return stopRefresh;
  },
});
