/**
 * What markup asks for each page behaviour (issue 17): the registry (`index.ts`) reads these to
 * decide which behaviour modules to load, so they live apart from the behaviours themselves,
 * which load only where their markup is on the page (issue 19). Each behaviour module re-exports
 * its own.
 */

export const ACCORDION_SELECTOR = '.accordion, [data-accordion]';

export const ANIMATE_SELECTOR = '[data-animate]';

export const BACK_TO_TOP_SELECTOR = '.back-to-top, #top-link, [data-back-to-top]';

export const CAROUSEL_SELECTOR = '.row-slider, [data-carousel]';

export const COMING_SOON_SELECTOR = '.coming-soon-footer-banner-dismiss';

/** The markup that asks for this behaviour (for the page-behaviour registry, shared/page/index.ts). */
export const COMMENT_FORM_SELECTOR = '#respond form, .comment-respond form';

export const COUNT_UP_SELECTOR = '.count-up, [data-count-up]';

export const DROPDOWN_SELECTOR = '.nav-dropdown, [data-dropdown]';

export const FIELD_HINT_SELECTOR = '.woocommerce-input-wrapper .description';

/** The markup that asks for link actions (for the page-behaviour registry). */
export const LINK_ACTIONS_SELECTOR =
  'a[href*="#elementor-action"], a[data-elementor-open-lightbox], a[data-elementor-lightbox-slideshow], [data-elementor-id], a[href$=".jpg" i], a[href$=".jpeg" i], a[href$=".png" i], a[href$=".gif" i], a[href$=".webp" i]';

/** The markup that asks for loop filtering (for the page-behaviour registry). */
export const LOOP_FILTER_SELECTOR = '[data-shop-loop]';

/** Alert notices WooCommerce prints (classic and block notices). */
export const ALERT_NOTICE_SELECTOR = [
  '.woocommerce-message[role="alert"]',
  '.woocommerce-error[role="alert"]',
  '.wc-block-components-notice-banner[role="alert"]',
].join(', ');

export const NOTICES_WRAPPER_SELECTOR = '.woocommerce-notices-wrapper';

export const NOTICES_SELECTOR = `${NOTICES_WRAPPER_SELECTOR}, ${ALERT_NOTICE_SELECTOR}`;

export const PASSWORD_SELECTOR = [
  '.password-input input[type="password"]',
  '.woocommerce form .woocommerce-Input[type="password"]',
  'input[type="password"][data-password-toggle]',
].join(', ');

export const RESULT_COUNT_SELECTOR = '.woocommerce-result-count[data-is-sorted-by="true"]';

/** The markup that asks for this behaviour (for the page-behaviour registry, shared/page/index.ts). */
export const REVIEW_FORM_SELECTOR = 'form#commentform, form.comment-form';

/** Markup that asks for it: a marker, or an in-page link (other than back-to-top's own). */
export const SCROLL_TO_SELECTOR = '.scroll-to, a[href^="#"]:not([href="#"]):not(.back-to-top)';

export const SLIDING_MENU_SELECTOR = '.nav-slide, [data-sliding-menu]';

export const STICKY_HEADER_SELECTOR = '.header.has-sticky, [data-sticky-header]';

export const STORE_NOTICE_SELECTOR = '.woocommerce-store-notice';

/** The markup that asks for this behaviour (for the page-behaviour registry, shared/page/index.ts). */
export const SWATCHES_SELECTOR = 'form.variations_form';

export const TABS_SELECTOR = '.tabbed-content, [data-tabs], .sidebar-menu, .woocommerce-tabs';

/** The product page (issue 16): quantity-buttons.ts, product-tabs.ts, sticky-add-to-cart.ts. */
export const QUANTITY_SELECTOR = '.quantity input.qty';

export const PRODUCT_TABS_SELECTOR = '.woocommerce-tabs';

export const STICKY_ADD_TO_CART_SELECTOR = '.sticky-add-to-cart, .single-product .summary form.cart';

export const BUY_NOW_SELECTOR = '.buy-now, [name="buy-now"], .wc-buy-now-btn';

/** Issue 17, the rest (instagram.ts, editor-links.ts, cart-page.ts, checkout-terms.ts, account.ts, parallax.ts, lottie.ts). */
export const INSTAGRAM_SELECTOR = '[data-flatsome-instagram]';

export const EDITOR_LINKS_SELECTOR = '.block-edit-link, #wpadminbar, body.logged-in';

export const CART_PAGE_SELECTOR = '.woocommerce-cart-form, .cart_totals';

export const CHECKOUT_TERMS_SELECTOR = '.woocommerce-terms-and-conditions-link';

export const ORDERS_TABLE_SELECTOR = '.woocommerce-orders-table, .my_account_orders';

export const LOGIN_POPUP_SELECTOR = '#login-form-popup';

export const PARALLAX_SELECTOR = '[data-parallax]';

/** Flatsome's lottie element prints `<lottie-player class="ux-lottie__player" data-params>` (lottie.ts). */
export const LOTTIE_SELECTOR =
  '.lottie, [data-lottie], lottie-player[data-params], .ux-lottie__player[data-params]';

export const QUICK_VIEW_SELECTOR = '.quick-view[data-prod]';
