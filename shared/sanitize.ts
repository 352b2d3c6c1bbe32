import createDOMPurify from 'dompurify';

/**
 * HTML the shop sends on purpose (cart fragments, price HTML, quick view) goes through
 * DOMPurify before it is inserted (DESIGN §9). Results are DocumentFragments, never strings
 * assigned to innerHTML. Forms and inputs are kept (fragments hold quantity inputs).
 *
 * DOM clobbering (issue 22): an element with `id` or `name` "jQuery" inserted into the page makes
 * `window.jQuery` that element. DOMPurify's SANITIZE_DOM (on by default) only guards `document`
 * and form properties, and SANITIZE_NAMED_PROPS would prefix every id the theme's CSS and scripts
 * rely on, so the ids and names of the globals the library and WooCommerce's scripts read are
 * dropped here instead.
 */

/**
 * Page globals the library reads (grep `shared/` and `elements/` for `window.`/`win.` and
 * `readPageData`), and the globals of WooCommerce's own scripts and trackers beside them.
 */
export const SHADOWED_GLOBALS: ReadonlySet<string> = new Set([
  // jQuery bridge and WooCommerce's scripts
  'jQuery',
  '$',
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'woocommerce_params',
  'wc_single_product_params',
  'wc_add_to_cart_variation_params',
  'flatsomeVars',
  // tracking, consent and attribution
  'ga4w',
  'wc_order_attribution',
  'sbjs',
  'dataLayer',
  'gtag',
  'fbq',
  'google_tag_data',
  'gtm4wp_datalayer_name',
  'shopConsent',
  'wp_has_consent',
  'wp',
  'wp_get_consent_type',
  'consent_api',
  'wcSettings',
  // page builder and WordPress REST (popups, loops, page behaviours)
  'elementorFrontendConfig',
  'ElementorProFrontendConfig',
  'wpApiSettings',
  // the JSON page config (`<script id="shop-config">`)
  'shop-config',
]);

/** A DOMPurify of our own, so our hook never changes what other scripts' DOMPurify does. */
const purify = createDOMPurify(window);
purify.addHook('uponSanitizeAttribute', (_node, event) => {
  if (
    (event.attrName === 'id' || event.attrName === 'name') &&
    SHADOWED_GLOBALS.has(event.attrValue.trim())
  ) {
    event.keepAttr = false;
  }
});

const CONFIG = {
  ADD_TAGS: ['bdi'],
  ADD_ATTR: ['target', 'data-product_id', 'data-cart_item_key', 'data-product_sku', 'data-quantity'],
  FORBID_TAGS: ['style'],
  FORBID_ATTR: ['style'],
};

/** Sanitises `html` into a fragment owned by `doc`. */
export function sanitizeToFragment(html: string, doc: Document = document): DocumentFragment {
  const fragment = purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  return doc === document ? fragment : (doc.importNode(fragment, true) as DocumentFragment);
}

/**
 * What price HTML may keep: WooCommerce's price markup (amount, currency, sale del/ins,
 * screen-reader text, the tax suffix), nothing with a URL, an id or a handler.
 */
const PRICE_CONFIG = {
  ALLOWED_TAGS: ['span', 'bdi', 'del', 'ins', 'small', 'strong', 'em', 'b', 'i', 'sub', 'sup', 'abbr', 'br'],
  ALLOWED_ATTR: ['class', 'aria-hidden', 'title', 'lang', 'dir'],
};

/** Sanitises price HTML (spec §3) into a fragment with {@link PRICE_CONFIG}'s tags only. */
export function sanitizePriceToFragment(html: string): DocumentFragment {
  return purify.sanitize(html, { ...PRICE_CONFIG, RETURN_DOM_FRAGMENT: true });
}
