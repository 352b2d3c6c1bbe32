import { loadChunk } from '../chunk-load.ts';
import { type BehaviourOptions, installOnce, type PageRoot } from './behaviour.ts';

/**
 * The page behaviours (issue 17, spec §9 Storefront helpers; shared/page/README.md): each is
 * installed from the markup the theme prints, and only when that markup is on the page. The
 * autoloader calls {@link installPageBehaviours} once for the document; markup that arrives later
 * (ajax) installs its behaviour when it is added. Every behaviour is defined with
 * `definePageBehaviour` (define-behaviour.ts), so `install<Name>(root, options)` is idempotent per root.
 */

/** Installs a behaviour on a root; returns its uninstall. */
export type Installer = (root: PageRoot, options?: BehaviourOptions) => () => void;

/**
 * A behaviour's registration: its name, the markup that asks for it (the same selector as its
 * definition), and how to load it. Each behaviour module is a lazy chunk of its own (issue 19),
 * loaded only where its markup is on the page, so this list imports none of them statically.
 */
export interface BehaviourRegistration {
  name: string;
  selector: string;
  load: () => Promise<Installer>;
}

/**
 * The one registration place of the page behaviours, one entry per `definePageBehaviour` in this
 * folder, written `{ name, selector, load: () => import('./<module>.ts').then((m) => m.install<Name>) }`.
 * `.ci/check-behaviours.mjs` (run by `npm test`) checks it against the folder; `npm run
 * new-behaviour <name>` adds the entry; test/shared/page/conformance.test.ts runs over it.
 */
export const pageBehaviours: readonly BehaviourRegistration[] = [
  {
    name: 'store-notice',
    selector: '.woocommerce-store-notice',
    load: () => import('./store-notice.ts').then((m) => m.installStoreNotice),
  },
  {
    name: 'password-toggle',
    selector:
      '.password-input input[type="password"], .woocommerce form .woocommerce-Input[type="password"], input[type="password"][data-password-toggle]',
    load: () => import('./password-toggle.ts').then((m) => m.installPasswordToggle),
  },
  {
    name: 'coming-soon',
    selector: '.coming-soon-footer-banner-dismiss',
    load: () => import('./coming-soon.ts').then((m) => m.installComingSoonBanner),
  },
  {
    name: 'field-hints',
    selector: '.woocommerce-input-wrapper .description',
    load: () => import('./field-hints.ts').then((m) => m.installFieldHints),
  },
  {
    name: 'back-to-top',
    selector: '.back-to-top, #top-link, [data-back-to-top]',
    load: () => import('./back-to-top.ts').then((m) => m.installBackToTop),
  },
  {
    name: 'notices',
    selector:
      '.woocommerce-notices-wrapper, .woocommerce-message[role="alert"], .woocommerce-error[role="alert"], .wc-block-components-notice-banner[role="alert"]',
    load: () => import('./notices.ts').then((m) => m.installNotices),
  },
  {
    name: 'result-count',
    selector: '.woocommerce-result-count[data-is-sorted-by="true"]',
    load: () => import('./result-count.ts').then((m) => m.installResultCount),
  },
  // Product and post pages (issue 14, spec §2 Comment form, §5 Review form).
  {
    name: 'review-form',
    selector: 'form#commentform, form.comment-form',
    load: () => import('./review-form.ts').then((m) => m.installReviewForm),
  },
  {
    name: 'comment-form',
    selector: '#respond form, .comment-respond form',
    load: () => import('./comment-form.ts').then((m) => m.installCommentForm),
  },
  // Variable products (issue 16, spec §4 Swatches).
  {
    name: 'swatches',
    selector: 'form.variations_form',
    load: () => import('./swatches.ts').then((m) => m.installSwatches),
  },
  // Page-builder pages (issue 15, spec §2 Popups and filters).
  {
    name: 'link-actions',
    selector:
      'a[href*="#elementor-action"], a[data-elementor-open-lightbox], a[data-elementor-lightbox-slideshow], [data-elementor-id], a[href$=".jpg" i], a[href$=".jpeg" i], a[href$=".png" i], a[href$=".gif" i], a[href$=".webp" i]',
    load: () => import('./link-actions.ts').then((m) => m.installPageLinkActions),
  },
  {
    name: 'loop-filter',
    selector: '[data-shop-loop]',
    load: () => import('./loop-filter.ts').then((m) => m.installLoopFilter),
  },
  // Theme runtime rules (issue 17, spec §2 Other, §4, §9 Theme).
  {
    name: 'tabs',
    selector: '.tabbed-content, [data-tabs], .sidebar-menu, .woocommerce-tabs',
    load: () => import('./tabs.ts').then((m) => m.installTabs),
  },
  {
    name: 'accordion',
    selector: '.accordion, [data-accordion]',
    load: () => import('./accordion.ts').then((m) => m.installAccordions),
  },
  {
    name: 'dropdown-menu',
    selector: '.nav-dropdown, [data-dropdown], .elementor-nav-menu .sub-menu, [data-sm-options]',
    load: () => import('./dropdown-menu.ts').then((m) => m.installDropdownMenus),
  },
  {
    name: 'sticky-header',
    selector: '.header.has-sticky, [data-sticky-header]',
    load: () => import('./sticky-header.ts').then((m) => m.installStickyHeader),
  },
  {
    name: 'scroll-to',
    selector: '.scroll-to, a[href^="#"]:not([href="#"]):not(.back-to-top)',
    load: () => import('./scroll-to.ts').then((m) => m.installScrollTo),
  },
  {
    name: 'count-up',
    selector: '.count-up, [data-count-up]',
    load: () => import('./count-up.ts').then((m) => m.installCountUp),
  },
  {
    name: 'animate-on-scroll',
    selector: '[data-animate]',
    load: () => import('./animate-on-scroll.ts').then((m) => m.installAnimateOnScroll),
  },
  {
    name: 'carousel',
    selector: '.row-slider, [data-carousel], [data-settings] .swiper-wrapper',
    load: () => import('./carousel.ts').then((m) => m.installCarousels),
  },
  {
    name: 'sliding-menu',
    selector: '.nav-slide, [data-sliding-menu]',
    load: () => import('./sliding-menu.ts').then((m) => m.installSlidingMenus),
  },
  // Product boxes (issue 16, spec §7 Quick view).
  {
    name: 'quick-view',
    selector: '.quick-view[data-prod]',
    load: () => import('./quick-view.ts').then((m) => m.installQuickView),
  },
  // The product page (issue 16, spec §2 Single product page, §5 Quantity inputs).
  {
    name: 'quantity-buttons',
    selector: '.quantity input.qty',
    load: () => import('./quantity-buttons.ts').then((m) => m.installQuantityButtons),
  },
  {
    name: 'product-tabs',
    selector: '.woocommerce-tabs',
    load: () => import('./product-tabs.ts').then((m) => m.installProductTabs),
  },
  {
    name: 'sticky-add-to-cart',
    selector: '.sticky-add-to-cart, .single-product .summary form.cart',
    load: () => import('./sticky-add-to-cart.ts').then((m) => m.installStickyAddToCart),
  },
  {
    name: 'buy-now',
    selector: '.buy-now, [name="buy-now"], .wc-buy-now-btn',
    load: () => import('./sticky-add-to-cart.ts').then((m) => m.installBuyNow),
  },
  // Cart, checkout and account pages (issue 17, spec §2 Cart and checkout).
  {
    name: 'cart-page',
    selector: '.woocommerce-cart-form, .cart_totals',
    load: () => import('./cart-page.ts').then((m) => m.installCartPage),
  },
  {
    name: 'checkout-terms',
    selector: '.woocommerce-terms-and-conditions-link',
    load: () => import('./checkout-terms.ts').then((m) => m.installCheckoutTerms),
  },
  {
    name: 'orders-table',
    selector: '.woocommerce-orders-table, .my_account_orders',
    load: () => import('./account.ts').then((m) => m.installOrdersTable),
  },
  {
    name: 'login-popup',
    selector: '#login-form-popup',
    load: () => import('./account.ts').then((m) => m.installLoginPopup),
  },
  // Theme extras (issue 17, spec §2 Other, §6 can_edit_pages, §7 Site ajax endpoint).
  {
    name: 'instagram',
    selector: '[data-flatsome-instagram]',
    load: () => import('./instagram.ts').then((m) => m.installInstagram),
  },
  {
    name: 'editor-links',
    selector: '.block-edit-link, #wpadminbar, body.logged-in',
    load: () => import('./editor-links.ts').then((m) => m.installEditorLinks),
  },
  {
    name: 'parallax',
    selector: '[data-parallax]',
    load: () => import('./parallax.ts').then((m) => m.installParallax),
  },
  {
    name: 'motion-effects',
    selector: '[data-settings*=\'"motion_fx_motion_fx_scrolling":"yes"\']',
    load: () => import('./parallax.ts').then((m) => m.installMotionEffects),
  },
  {
    name: 'sticky-element',
    selector: '[data-settings*=\'"sticky"\']',
    load: () => import('./sticky-elements.ts').then((m) => m.installStickyElements),
  },
  {
    name: 'sticky-sidebar',
    selector: '.is-sticky-column',
    load: () => import('./sticky-elements.ts').then((m) => m.installStickySidebar),
  },
  {
    name: 'video',
    selector: '.elementor-widget-video, a.open-video',
    load: () => import('./video.ts').then((m) => m.installVideos),
  },
  {
    name: 'lottie',
    selector: '.lottie, [data-lottie], lottie-player[data-params], .ux-lottie__player[data-params]',
    load: () => import('./lottie.ts').then((m) => m.installLottie),
  },
  {
    name: 'catalog-ordering',
    selector: 'form.woocommerce-ordering select.orderby',
    load: () => import('./catalog-ordering.ts').then((m) => m.installCatalogOrdering),
  },
  {
    name: 'wishlist',
    selector: '.wishlist-icon .wishlist-button',
    load: () => import('./wishlist.ts').then((m) => m.installWishlist),
  },
  {
    name: 'equal-height',
    selector: '.products.equalize-box',
    load: () => import('./equal-height.ts').then((m) => m.installEqualHeight),
  },
  {
    name: 'spam-tracker',
    selector: 'form#commentform, form.comment-form, form.checkout, form.woocommerce-checkout',
    load: () => import('./spam-tracker.ts').then((m) => m.installSpamTracker),
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
