/**
 * Sample markup of every registered page behaviour, as the theme prints it, for the conformance
 * suite (conformance.test.ts, issue 29). One entry per name in `pageBehaviours`
 * (shared/page/index.ts); `npm run new-behaviour` adds one. The suite fails for a registered
 * behaviour without a sample.
 */

/** The conformance checks a sample may turn off, each with the reason. */
export type ConformanceCheck = 'idempotent' | 'uninstall' | 'axe' | 'reducedMotion' | 'badMarkup';

export interface BehaviourSample {
  /** Markup that asks for the behaviour (something in it matches the registered selector). */
  markup: string;
  /** Options for every install, besides `clock` and `reducedMotion` (a behaviour's own: no network, ...). */
  options?: Record<string, unknown>;
  /**
   * Markup the behaviour cannot use; by default the sample with every element matching the
   * selector emptied and its `data-*` attributes set to `{oops`.
   */
  bad?: string;
  /** Checks that do not apply, with the reason (listed in shared/page/README.md). */
  skip?: Partial<Record<ConformanceCheck, string>>;
}

const quantity = (id: string, value = '1') =>
  `<div class="quantity"><label class="screen-reader-text" for="${id}">Quantity</label><input type="number" id="${id}" class="input-text qty text" step="1" min="1" max="9" name="quantity" value="${value}" size="4"></div>`;

const VARIATION_FORM = `<form class="variations_form cart" action="/product/cap/" method="post" data-product_id="7" data-product_variations='[{"variation_id":71,"attributes":{"attribute_pa_color":"blue"},"is_in_stock":true,"is_purchasable":true,"variation_is_active":true,"variation_is_visible":true}]'>
<table class="variations" role="presentation"><tbody><tr><th class="label"><label for="pa_color">Color</label></th><td class="value"><select id="pa_color" name="attribute_pa_color"><option value="">Choose an option</option><option value="blue">Blue</option></select> <a class="reset_variations" href="#">Clear</a></td></tr></tbody></table>
<div class="single_variation_wrap"><div class="single_variation"></div><div class="woocommerce-variation-add-to-cart variations_button">${quantity('q-var')}<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button><input type="hidden" name="variation_id" class="variation_id" value="0"></div></div>
</form>`;

export const SAMPLES: Readonly<Record<string, BehaviourSample>> = {
  'store-notice': {
    markup: `<p class="woocommerce-store-notice demo_store" data-notice-id="conf" hidden>Free shipping this week <a href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>`,
    skip: { uninstall: 'uninstall leaves the notice shown or hidden by its cookie (what it did on install)' },
  },
  'password-toggle': {
    markup: `<div class="woocommerce"><form class="woocommerce-form woocommerce-form-login"><label for="conf-pw">Password</label><input class="woocommerce-Input woocommerce-Input--text input-text" type="password" name="password" id="conf-pw" autocomplete="current-password"></form></div>`,
  },
  'coming-soon': {
    markup: `<div class="coming-soon-footer-banner"><p>The shop opens soon.</p><a href="#" class="coming-soon-footer-banner-dismiss" data-rest-url="/wp-json/wp/v2/users/me" data-rest-nonce="n">Dismiss</a></div>`,
  },
  'field-hints': {
    markup: `<form><p class="form-row"><label for="conf-phone">Phone</label><span class="woocommerce-input-wrapper"><input class="input-text" id="conf-phone" type="tel"><span class="description" id="conf-phone-description" aria-hidden="true">For delivery questions only.</span></span></p></form>`,
  },
  'back-to-top': {
    markup: `<div id="conf-top">Top</div><a href="#conf-top" class="back-to-top" aria-label="Go to top">↑</a>`,
  },
  notices: {
    markup: `<div class="woocommerce-notices-wrapper"><div class="woocommerce-info">Returning customer? Log in.</div><div class="woocommerce-message" role="alert">Cart updated.</div></div>`,
  },
  'result-count': {
    markup: `<p class="woocommerce-result-count" data-is-sorted-by="true">Showing all 9 results<span class="screen-reader-text">Sorted by price: low to high</span></p>`,
  },
  'review-form': {
    markup: `<div id="review_form"><div id="respond" class="comment-respond"><form id="commentform" class="comment-form" action="/wp-comments-post.php" method="post">
<div class="comment-form-rating"><label for="rating">Your rating</label><select name="rating" id="rating" required><option value="">Rate…</option><option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option><option value="2">Not that bad</option><option value="1">Very poor</option></select></div>
<p class="comment-form-comment"><label for="comment">Your review</label><textarea id="comment" name="comment" required></textarea></p>
<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"></p></form></div></div>`,
  },
  'comment-form': {
    markup: `<div id="comments"><ol class="commentlist"><li id="li-comment-7"><div id="div-comment-7"><p>First comment</p>
<a rel="nofollow" class="comment-reply-link" href="?replytocom=7#respond" data-commentid="7" data-postid="42" data-belowelement="div-comment-7" data-respondelement="respond" data-replyto="Reply to Anna">Reply</a></div></li></ol>
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a reply <small><a rel="nofollow" id="cancel-comment-reply-link" href="#respond" hidden>Cancel reply</a></small></h3>
<form id="conf-commentform" class="comment-form" action="/wp-comments-post.php" method="post"><p class="comment-form-comment"><label for="conf-comment">Comment</label><textarea id="conf-comment" name="comment"></textarea></p>
<input type="hidden" name="comment_post_ID" value="42" id="comment_post_ID"><input type="hidden" name="comment_parent" id="comment_parent" value="0"></form></div></div>`,
  },
  swatches: {
    markup: VARIATION_FORM,
    skip: {
      uninstall:
        "uninstall stops its listeners but leaves the label id, the add-to-cart button's classes and the reset link's visibility",
    },
  },
  'link-actions': {
    markup: `<p><a href="#elementor-action%3Aaction%3Doff_canvas%3Atoggle%26settings%3DeyJpZCI6ImNvbmYifQ%3D%3D">Menu</a></p><dialog id="off-canvas-conf" aria-label="Menu"><p><a href="/shop/">Shop</a></p></dialog>`,
    options: { runAddressHash: false },
  },
  'loop-filter': {
    markup: `<nav data-shop-loop-filter="conf" data-taxonomy="product_cat" data-logical-join="OR" aria-label="Filter"><button type="button" data-filter="__all">All</button><button type="button" data-filter="hoodies">Hoodies</button></nav>
<div data-shop-loop="conf" data-post-id="12"><p>Everything</p></div>`,
  },
  tabs: {
    markup: `<div class="tabbed-content"><ul class="nav nav-tabs"><li class="tab active"><a href="#conf-t-one">One</a></li><li class="tab"><a href="#conf-t-two">Two</a></li></ul>
<div class="tab-panels"><div class="panel active entry-content" id="conf-t-one"><p>First</p></div><div class="panel entry-content" id="conf-t-two"><p>Second</p></div></div></div>`,
    skip: {
      uninstall:
        'uninstall stops its listeners but leaves the tab roles, ids and states (the panels as they were last shown)',
    },
  },
  accordion: {
    markup: `<div class="accordion"><div class="accordion-item"><h3 class="accordion-title"><button type="button">Shipping</button></h3><div class="accordion-inner"><p>Two days.</p></div></div>
<div class="accordion-item"><h3 class="accordion-title"><button type="button">Returns</button></h3><div class="accordion-inner"><p>Thirty days.</p></div></div></div>`,
  },
  'dropdown-menu': {
    markup: `<nav aria-label="Main"><ul class="nav header-nav"><li class="menu-item"><a href="/shop/" class="nav-top-link">Shop</a>
<ul class="sub-menu nav-dropdown"><li><a href="/shop/hoodies/">Hoodies</a></li></ul></li><li class="menu-item"><a href="/blog/">Blog</a></li></ul></nav>`,
    skip: { uninstall: 'uninstall stops its listeners but leaves the toggle buttons, ids and hidden menus' },
  },
  'sticky-header': {
    markup: `<header class="header has-sticky"><div class="header-wrapper"><nav aria-label="Main"><a href="/shop/">Shop</a></nav></div></header>`,
  },
  'scroll-to': {
    markup: `<p><a href="#conf-s-features">Features</a></p><span class="scroll-to" id="conf-s-features" data-title="Features" data-bullet="true"></span><h2>Features</h2>`,
  },
  'count-up': {
    markup: `<p lang="en"><span class="count-up">2,000</span> happy customers</p>`,
    skip: {
      uninstall:
        'uninstall stops its listeners but leaves data-count-state, so the number stays shown as counted',
    },
  },
  'animate-on-scroll': {
    markup: `<p data-animate="fadeInUp">Hello</p>`,
    skip: { uninstall: 'uninstall stops its listeners but leaves data-animated, so the content stays shown' },
  },
  carousel: {
    markup: `<div class="slider row-slider" aria-label="Featured"><div class="col"><p>One</p></div><div class="col"><p>Two</p></div><div class="col"><p>Three</p></div></div>`,
    skip: { uninstall: 'uninstall stops its listeners but leaves the carousel roles, ids and CSSOM styles' },
  },
  'sliding-menu': {
    markup: `<nav aria-label="Mobile"><ul class="nav nav-sidebar nav-vertical nav-slide"><li class="menu-item"><a href="/shop/">Shop</a>
<ul class="sub-menu children"><li><a href="/shop/hoodies/">Hoodies</a></li></ul></li><li class="menu-item"><a href="/blog/">Blog</a></li></ul></nav>`,
  },
  'quick-view': {
    markup: `<ul class="products"><li class="product post-12"><a href="/product/p-12/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">Beanie</h2></a>
<div class="image-tools"><a class="quick-view" data-prod="12" href="#quick-view">Quick View</a></div></li></ul>`,
  },
  'quantity-buttons': { markup: quantity('conf-q', '2') },
  'product-tabs': {
    markup: `<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist">
<li class="description_tab" id="tab-title-description" role="tab" aria-controls="tab-description"><a href="#tab-description">Description</a></li>
<li class="reviews_tab" id="tab-title-reviews" role="tab" aria-controls="tab-reviews"><a href="#tab-reviews">Reviews (2)</a></li></ul>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><p>Warm.</p></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews"><p>Two reviews.</p></div></div>`,
    skip: {
      uninstall: 'uninstall stops its listeners but leaves the tab roles, ids and states (through tabs)',
    },
  },
  'sticky-add-to-cart': {
    markup: `<div class="product single-product"><div class="summary entry-summary"><h1 class="product_title entry-title">Hoodie</h1>
<form class="cart" action="/product/hoodie/" method="post">${quantity('conf-sticky')}<button type="submit" name="add-to-cart" value="5" class="single_add_to_cart_button button alt">Add to cart</button></form></div></div>`,
  },
  'buy-now': {
    markup: VARIATION_FORM.replace(
      '<input type="hidden" name="variation_id"',
      '<button type="submit" name="buy-now" value="7" class="buy-now button">Buy now</button><input type="hidden" name="variation_id"',
    ),
  },
  'cart-page': {
    markup: `<form class="woocommerce-cart-form"><table><tr><td>Hoodie</td></tr></table></form><div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2></div></div>`,
  },
  'checkout-terms': {
    markup: `<div class="woocommerce-terms-and-conditions-wrapper"><div class="woocommerce-terms-and-conditions"><h2>Our terms</h2><p>Be nice.</p></div>
<p class="form-row validate-required"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox"><input type="checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" name="terms" id="conf-terms"> <span class="woocommerce-terms-and-conditions-checkbox-text">I have read and agree to the website <a href="/terms/" class="woocommerce-terms-and-conditions-link" target="_blank">terms and conditions</a></span></label></p></div>`,
  },
  'orders-table': {
    markup: `<table class="woocommerce-orders-table my_account_orders"><thead><tr><th>Order</th><th>Total</th></tr></thead><tbody><tr><td><a href="/my-account/view-order/42/">#42</a></td><td>$40.00</td></tr></tbody></table>`,
  },
  'login-popup': {
    markup: `<div id="login-form-popup" class="lightbox-content mfp-hide"><div class="account-login-inner"><h3 class="uppercase">Login</h3>
<div class="woocommerce-notices-wrapper"><ul class="woocommerce-error" role="alert"><li>Unknown username.</li></ul></div>
<form class="woocommerce-form woocommerce-form-login login" method="post"><p><label for="conf-username">Username</label><input type="text" name="username" id="conf-username"></p></form></div></div>`,
    skip: {
      uninstall:
        'leaves the id the dialog gave the heading and tabindex=-1 on the notice; the dialog (page-dialog.ts over shared/a11y/dialog.ts, being reworked) was still in the body two frames after close',
    },
  },
  instagram: {
    markup: `<div class="row row-collapse" data-flatsome-instagram="abc:def"><div class="col"><p>Loading the feed</p></div></div>`,
  },
  'editor-links': {
    markup: `<div class="block-edit-link" data-title="Edit Block: Footer" data-frontend="/wp-admin/post.php?post=12&amp;action=edit&amp;app=uxbuilder" data-backend="/wp-admin/post.php?post=12&amp;action=edit"></div>`,
    options: { canEditPages: true },
  },
  parallax: { markup: `<div class="bg" data-parallax="4"><p>Background</p></div>` },
  'motion-effects': {
    markup: `<div class="elementor-element" data-settings='{"motion_fx_motion_fx_scrolling":"yes","motion_fx_translateY_effect":"yes","motion_fx_translateY_speed":{"unit":"px","size":4}}'><p>Moving</p></div>`,
  },
  'sticky-element': {
    markup: `<div class="elementor-element e-con" data-settings='{"sticky":"top","sticky_on":["desktop","tablet","mobile"],"sticky_offset":0}'><p>Stays in view</p></div>`,
  },
  video: {
    markup: `<p><a class="open-video" href="https://www.youtube.com/watch?v=XHOmBV4js_E" title="Our hoodies">Play the hoodie video</a></p>`,
    options: { apis: { youtube: '/__video/youtube/iframe_api', vimeo: '/__video/vimeo/player.js' } },
  },
  'sticky-sidebar': {
    markup: `<div class="row"><div class="col large-9"><p>Content</p></div><div class="col large-3 is-sticky-column"><p>Sidebar</p></div></div>`,
  },
  lottie: {
    markup: `<div class="lottie" data-lottie="/anim.json" data-loop="false" aria-label="A waving hoodie"></div>`,
    options: { loadPlayer: () => new Promise(() => {}) },
    skip: {
      uninstall:
        'uninstall stops its listeners but leaves data-lottie-state and the role of the still picture',
    },
  },
  'catalog-ordering': {
    markup: `<form class="woocommerce-ordering" method="get"><select name="orderby" class="orderby" aria-label="Shop order"><option value="menu_order" selected="selected">Default sorting</option><option value="price">Sort by price: low to high</option></select><input type="hidden" name="paged" value="1"></form>`,
  },
  wishlist: {
    markup: `<div class="wishlist-icon"><button class="wishlist-button button" aria-label="Wishlist" type="button">♥</button><div class="wishlist-popup"><div class="yith-wcwl-add-to-wishlist"><div class="yith-wcwl-add-button"><a href="?add_to_wishlist=101" class="add_to_wishlist">Add to wishlist</a></div></div></div></div>`,
  },
  'equal-height': {
    markup: `<div class="products row equalize-box large-columns-2"><div class="col"><div class="product-small box"><div class="box-text"><p class="product-title">Hoodie</p><div class="price-wrapper">$45</div></div></div></div><div class="col"><div class="product-small box"><div class="box-text"><p class="product-title">Belt with a longer name</p><div class="price-wrapper">$55</div></div></div></div></div>`,
  },
  'spam-tracker': {
    markup: `<form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><label for="spam-comment">Comment</label><textarea id="spam-comment" name="comment"></textarea><input type="submit" value="Post"></form>`,
  },
};
