import { loadChunk } from '../chunk-load.ts';
import { type BehaviourOptions, installOnce, type PageRoot } from './behaviour.ts';
import {
  ACCORDION_SELECTOR,
  ANIMATE_SELECTOR,
  BACK_TO_TOP_SELECTOR,
  BUY_NOW_SELECTOR,
  CAROUSEL_SELECTOR,
  CART_PAGE_SELECTOR,
  CHECKOUT_TERMS_SELECTOR,
  COMING_SOON_SELECTOR,
  COMMENT_FORM_SELECTOR,
  COUNT_UP_SELECTOR,
  DROPDOWN_SELECTOR,
  EDITOR_LINKS_SELECTOR,
  FIELD_HINT_SELECTOR,
  INSTAGRAM_SELECTOR,
  LINK_ACTIONS_SELECTOR,
  LOGIN_POPUP_SELECTOR,
  LOOP_FILTER_SELECTOR,
  LOTTIE_SELECTOR,
  NOTICES_SELECTOR,
  ORDERS_TABLE_SELECTOR,
  PARALLAX_SELECTOR,
  PASSWORD_SELECTOR,
  PRODUCT_TABS_SELECTOR,
  QUANTITY_SELECTOR,
  QUICK_VIEW_SELECTOR,
  RESULT_COUNT_SELECTOR,
  REVIEW_FORM_SELECTOR,
  SCROLL_TO_SELECTOR,
  SLIDING_MENU_SELECTOR,
  STICKY_ADD_TO_CART_SELECTOR,
  STICKY_HEADER_SELECTOR,
  STORE_NOTICE_SELECTOR,
  SWATCHES_SELECTOR,
  TABS_SELECTOR,
} from './selectors.ts';

/**
 * The page behaviours (issue 17, spec §9 Storefront helpers): each is installed from the markup
 * the theme prints, and only when that markup is on the page. The autoloader calls
 * {@link installPageBehaviours} once for the document; markup that arrives later (ajax) installs
 * its behaviour when it is added. Every `install<Name>(root, options)` is idempotent per root.
 */

/** Installs a behaviour on a root; returns its uninstall. */
export type Installer = (root: PageRoot, options?: BehaviourOptions) => () => void;

/**
 * A behaviour: the markup that asks for it, and how to load its installer. Each behaviour module
 * is a lazy chunk of its own (issue 19), loaded only where its markup is on the page.
 */
export interface PageBehaviour {
  name: string;
  selector: string;
  load: () => Promise<Installer>;
}

export const pageBehaviours: readonly PageBehaviour[] = [
  {
    name: 'store-notice',
    selector: STORE_NOTICE_SELECTOR,
    load: () => import('./store-notice.ts').then((m) => m.installStoreNotice),
  },
  {
    name: 'password-toggle',
    selector: PASSWORD_SELECTOR,
    load: () => import('./password-toggle.ts').then((m) => m.installPasswordToggle),
  },
  {
    name: 'coming-soon',
    selector: COMING_SOON_SELECTOR,
    load: () => import('./coming-soon.ts').then((m) => m.installComingSoonBanner),
  },
  {
    name: 'field-hints',
    selector: FIELD_HINT_SELECTOR,
    load: () => import('./field-hints.ts').then((m) => m.installFieldHints),
  },
  {
    name: 'back-to-top',
    selector: BACK_TO_TOP_SELECTOR,
    load: () => import('./back-to-top.ts').then((m) => m.installBackToTop),
  },
  {
    name: 'notices',
    selector: NOTICES_SELECTOR,
    load: () => import('./notices.ts').then((m) => m.installNotices),
  },
  {
    name: 'result-count',
    selector: RESULT_COUNT_SELECTOR,
    load: () => import('./result-count.ts').then((m) => m.installResultCount),
  },
  // Product and post pages (issue 14, spec §2 Comment form, §5 Review form).
  {
    name: 'review-form',
    selector: REVIEW_FORM_SELECTOR,
    load: () => import('./review-form.ts').then((m) => m.installReviewForm),
  },
  {
    name: 'comment-form',
    selector: COMMENT_FORM_SELECTOR,
    load: () => import('./comment-form.ts').then((m) => m.installCommentForm),
  },
  // Variable products (issue 16, spec §4 Swatches).
  {
    name: 'swatches',
    selector: SWATCHES_SELECTOR,
    load: () => import('./swatches.ts').then((m) => m.installSwatches),
  },
  // Page-builder pages (issue 15, spec §2 Popups and filters).
  {
    name: 'link-actions',
    selector: LINK_ACTIONS_SELECTOR,
    load: () => import('./link-actions.ts').then((m) => m.installPageLinkActions),
  },
  {
    name: 'loop-filter',
    selector: LOOP_FILTER_SELECTOR,
    load: () => import('./loop-filter.ts').then((m) => m.installLoopFilter),
  },
  // Theme runtime rules (issue 17, spec §2 Other, §4, §9 Theme).
  { name: 'tabs', selector: TABS_SELECTOR, load: () => import('./tabs.ts').then((m) => m.installTabs) },
  {
    name: 'accordion',
    selector: ACCORDION_SELECTOR,
    load: () => import('./accordion.ts').then((m) => m.installAccordions),
  },
  {
    name: 'dropdown-menu',
    selector: DROPDOWN_SELECTOR,
    load: () => import('./dropdown-menu.ts').then((m) => m.installDropdownMenus),
  },
  {
    name: 'sticky-header',
    selector: STICKY_HEADER_SELECTOR,
    load: () => import('./sticky-header.ts').then((m) => m.installStickyHeader),
  },
  {
    name: 'scroll-to',
    selector: SCROLL_TO_SELECTOR,
    load: () => import('./scroll-to.ts').then((m) => m.installScrollTo),
  },
  {
    name: 'count-up',
    selector: COUNT_UP_SELECTOR,
    load: () => import('./count-up.ts').then((m) => m.installCountUp),
  },
  {
    name: 'animate-on-scroll',
    selector: ANIMATE_SELECTOR,
    load: () => import('./animate-on-scroll.ts').then((m) => m.installAnimateOnScroll),
  },
  {
    name: 'carousel',
    selector: CAROUSEL_SELECTOR,
    load: () => import('./carousel.ts').then((m) => m.installCarousels),
  },
  {
    name: 'sliding-menu',
    selector: SLIDING_MENU_SELECTOR,
    load: () => import('./sliding-menu.ts').then((m) => m.installSlidingMenus),
  },
  // Product boxes (issue 16, spec §7 Quick view).
  {
    name: 'quick-view',
    selector: QUICK_VIEW_SELECTOR,
    load: () => import('./quick-view.ts').then((m) => m.installQuickView),
  },
  // The product page (issue 16, spec §2 Single product page, §5 Quantity inputs).
  {
    name: 'quantity-buttons',
    selector: QUANTITY_SELECTOR,
    load: () => import('./quantity-buttons.ts').then((m) => m.installQuantityButtons),
  },
  {
    name: 'product-tabs',
    selector: PRODUCT_TABS_SELECTOR,
    load: () => import('./product-tabs.ts').then((m) => m.installProductTabs),
  },
  {
    name: 'sticky-add-to-cart',
    selector: STICKY_ADD_TO_CART_SELECTOR,
    load: () => import('./sticky-add-to-cart.ts').then((m) => m.installStickyAddToCart),
  },
  {
    name: 'buy-now',
    selector: BUY_NOW_SELECTOR,
    load: () => import('./sticky-add-to-cart.ts').then((m) => m.installBuyNow),
  },
  // Cart, checkout and account pages (issue 17, spec §2 Cart and checkout).
  {
    name: 'cart-page',
    selector: CART_PAGE_SELECTOR,
    load: () => import('./cart-page.ts').then((m) => m.installCartPage),
  },
  {
    name: 'checkout-terms',
    selector: CHECKOUT_TERMS_SELECTOR,
    load: () => import('./checkout-terms.ts').then((m) => m.installCheckoutTerms),
  },
  {
    name: 'orders-table',
    selector: ORDERS_TABLE_SELECTOR,
    load: () => import('./account.ts').then((m) => m.installOrdersTable),
  },
  {
    name: 'login-popup',
    selector: LOGIN_POPUP_SELECTOR,
    load: () => import('./account.ts').then((m) => m.installLoginPopup),
  },
  // Theme extras (issue 17, spec §2 Other, §6 can_edit_pages, §7 Site ajax endpoint).
  {
    name: 'instagram',
    selector: INSTAGRAM_SELECTOR,
    load: () => import('./instagram.ts').then((m) => m.installInstagram),
  },
  {
    name: 'editor-links',
    selector: EDITOR_LINKS_SELECTOR,
    load: () => import('./editor-links.ts').then((m) => m.installEditorLinks),
  },
  {
    name: 'parallax',
    selector: PARALLAX_SELECTOR,
    load: () => import('./parallax.ts').then((m) => m.installParallax),
  },
  {
    name: 'lottie',
    selector: LOTTIE_SELECTOR,
    load: () => import('./lottie.ts').then((m) => m.installLottie),
  },
];

const installed = new WeakMap<PageRoot, () => void>();

/** Names of the behaviours installed on a root by {@link installPageBehaviours}. */
const names = new WeakMap<PageRoot, Set<string>>();
export function installedBehaviours(root: PageRoot = document): string[] {
  return [...(names.get(root) ?? [])];
}

/** The loads under way per root, for {@link whenInstalled}. */
const loads = new WeakMap<PageRoot, Promise<void>[]>();

/**
 * Resolves once the behaviours asked for on `root` so far have loaded and installed (or failed,
 * which is reported): tests and pages that act on a behaviour's markup right after installing.
 */
export async function whenInstalled(root: PageRoot = document): Promise<void> {
  let seen = 0;
  for (let list = loads.get(root) ?? []; seen < list.length; list = loads.get(root) ?? []) {
    seen = list.length;
    await Promise.all(list);
  }
}

/**
 * Installs the behaviours whose markup is under `root`, now or when it is added later (until
 * uninstalled): each behaviour's module is loaded (a lazy chunk; a failed load is a
 * `ChunkLoadError`, reported) and installed once. Idempotent per root; returns the function that
 * uninstalls them all, also those still loading.
 */
export function installPageBehaviours(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const done = new Set<string>();
    names.set(root, done);
    const pending: Promise<void>[] = [];
    loads.set(root, pending);
    const stops: (() => void)[] = [];
    let stopped = false;
    const report = (name: string, error: unknown) =>
      console.error(`storefront elements: the ${name} page behaviour failed to install.`, error);
    const present = (selector: string, node: PageRoot) =>
      (node instanceof Element && node.matches(selector)) || node.querySelector(selector) !== null;
    let observer: MutationObserver | undefined;
    const scan = (node: PageRoot) => {
      for (const behaviour of pageBehaviours) {
        if (done.has(behaviour.name) || !present(behaviour.selector, node)) continue;
        done.add(behaviour.name);
        const loading = loadChunk(`page-${behaviour.name}`, behaviour.load, {
          clock: options.clock,
          check: (install) => typeof install === 'function',
        }).then(
          (install) => {
            if (stopped) return;
            try {
              stops.push(install(root, options));
            } catch (error) {
              report(behaviour.name, error);
            }
          },
          (error: unknown) => report(behaviour.name, error),
        );
        pending.push(loading);
      }
      if (done.size === pageBehaviours.length) observer?.disconnect();
    };
    observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    });
    observer.observe(root, { childList: true, subtree: true });
    scan(root);
    return () => {
      stopped = true;
      observer?.disconnect();
      names.delete(root);
      loads.delete(root);
      for (const stop of stops) stop();
    };
  });
}
