// @ts-check
// The demo shop's `unkind` manner (issue 11 "The demo shop as unkind as a real one"): answers the
// way a real WooCommerce + Flatsome shop with a theme snippet answers, where the `tidy` manner
// answers the protocol's common case (spec §7 Shop ajax endpoints).
//
//  - add_to_cart is WC_AJAX::add_to_cart: it reads `product_id` and `quantity` and nothing else
//    (a variable product's attribute_* fields and variation_id are ignored, so only a variation id
//    posted as product_id adds a variation); a request without product_id gets WooCommerce's bare
//    `wp_die()`: status 200 and an empty text/html body; a product it cannot find answers
//    `{"error":true,"product_url":false}` (get_permalink() of a non-post is false).
//  - the fragments (templates.mjs fragments(cart, 'unkind')) carry a theme snippet's integer count
//    (`"span.cart-count": 3`, a number): WooCommerce passes the `woocommerce_add_to_cart_fragments`
//    filter output through unchanged, in add_to_cart, remove_from_cart and get_refreshed_fragments.
//  - the mini-cart fragment is Flatsome's (templates.mjs flatsomeMiniCart): MiniCart::quantity_html
//    replaces WooCommerce's "2 × $18.00" with a quantity input (Flatsome's ux-quantity with −/+
//    buttons) and the line subtotal, so there is no per-line unit price; the remove link keeps
//    WooCommerce's data-product_id, data-cart_item_key and data-product_sku.
//  - slow adds on demand: POST /__shop/mode {"mode":"unkind","slowAddMs":6000} (or `true` for 6 s)
//    holds every add for that long before the cart changes (WooCommerce saves the session at the
//    end of the request, so a concurrent fragment refresh sees the old cart meanwhile), and the add
//    still happens when the client gave up waiting (PHP carries on after a disconnect).
//  - the page globals (woocommerce_params, wc_add_to_cart_params, wc_cart_fragments_params,
//    flatsomeVars, wc_single_product_params) are printed as wp_localize_script prints them, from
//    an external script (PARAMS_SCRIPT_PATH) so the strict CSP holds, instead of the JSON config.
import { addToCart } from './cart.mjs';
import { permalink, productById, variationById } from './catalog.mjs';

/**
 * @typedef {import('./cart.mjs').Cart} Cart
 */

/** The slow add's default length (issue 11: "slow adds (6 s) on demand"). */
export const SLOW_ADD_MS = 6000;
/** Longest slow add a test may ask for. */
const MAX_SLOW_ADD_MS = 60_000;

/**
 * The `slowAddMs` option of POST /__shop/mode: `true` means 6 s, a number that many ms (capped at
 * 60 s), anything else none.
 * @param {unknown} value
 */
export function slowAddOption(value) {
  if (value === true) return SLOW_ADD_MS;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return Math.min(Math.round(value), MAX_SLOW_ADD_MS);
  return 0;
}

/** PHP's absint(): the absolute integer value of the leading number, 0 for none. @param {unknown} value */
export function absint(value) {
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(n) ? Math.abs(n) : 0;
}

/**
 * WC_AJAX::add_to_cart. `undefined` means "no product_id posted": WooCommerce returns before
 * answering and wp_die() sends an empty 200 body.
 * @param {Cart} cart @param {Record<string, string>} body the posted fields
 * @returns {{ ok: true } | { ok: false, productUrl: string | false } | undefined}
 */
export function wcAjaxAddToCart(cart, body) {
  if (!('product_id' in body)) return undefined;
  const id = absint(body.product_id);
  // Only product_id and quantity reach WC()->cart->add_to_cart(); a variation id brings its own
  // attributes (get_variation_attributes()), a variable parent has no variation and fails.
  const fields = { product_id: String(id), quantity: body.quantity ?? '' };
  const result = addToCart(cart, fields);
  if (result.ok) return { ok: true };
  const variation = variationById(id);
  const product = variation ? productById(variation.parentId) : productById(id);
  return { ok: false, productUrl: product ? permalink(product) : false };
}

// ---------------------------------------------------------------------------------------------
// Page globals (wp_localize_script output, from an external script)

/** Where the unkind pages load their WooCommerce globals from (an external script: strict CSP). */
export const PARAMS_SCRIPT_PATH = '/wp-content/plugins/woocommerce/assets/js/frontend/params.js';

/**
 * The query of the params script for a page: which page-specific parameters it prints.
 * @param {{ isCart?: boolean, singleProduct?: boolean }} [options]
 */
export function paramsScriptSrc(options = {}) {
  const query = new URLSearchParams({ ver: '9.8.1' });
  if (options.isCart) query.set('is_cart', '1');
  if (options.singleProduct) query.set('single_product', '1');
  return `${PARAMS_SCRIPT_PATH}?${query}`;
}

/**
 * wp_json_encode() as wp_localize_script uses it: slashes escaped (`\/`), non-ASCII as \uXXXX.
 * @param {unknown} value
 */
function wpJson(value) {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The objects WooCommerce (and Flatsome) localize on a page. wp_localize_script turns every
 * top-level scalar into a string; woocommerce_params carries no currency.
 * @param {{ isCart?: boolean, singleProduct?: boolean }} [options]
 * @returns {[string, Record<string, unknown>][]}
 */
export function pageGlobals(options = {}) {
  /** @type {[string, Record<string, unknown>][]} */
  const globals = [
    [
      'woocommerce_params',
      {
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        i18n_password_show: 'Show password',
        i18n_password_hide: 'Hide password',
      },
    ],
    [
      'wc_add_to_cart_params',
      {
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        i18n_view_cart: 'View cart',
        cart_url: '/cart/',
        is_cart: options.isCart ? '1' : '',
        cart_redirect_after_add: 'no',
      },
    ],
    [
      'wc_cart_fragments_params',
      {
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        cart_hash_key: 'wc_cart_hash_demo',
        fragment_name: 'wc_fragments_demo',
        request_timeout: '5000',
      },
    ],
    [
      'flatsomeVars',
      {
        theme: { version: '3.19.0' },
        ajaxurl: '/wp-admin/admin-ajax.php',
        rtl: '',
        sticky_height: '70',
        options: {
          cookie_notice_version: '1',
          swatches_layout: false,
          search_result_latency: '0',
        },
        is_mini_cart_reveal: '1',
      },
    ],
  ];
  if (options.singleProduct)
    globals.push([
      'wc_single_product_params',
      { i18n_required_rating_text: 'Please select a rating', review_rating_required: 'yes' },
    ]);
  return globals;
}

/**
 * The params script: one `var name = {...};` per object, as WordPress prints each
 * `<script id="…-js-extra">` (here from a file, so no inline script is needed).
 * @param {URLSearchParams} query
 */
export function paramsScript(query) {
  const globals = pageGlobals({
    isCart: query.get('is_cart') === '1',
    singleProduct: query.get('single_product') === '1',
  });
  return `${globals.map(([name, value]) => `var ${name} = ${wpJson(value)};`).join('\n')}\n`;
}
