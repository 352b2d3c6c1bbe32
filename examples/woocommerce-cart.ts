// The WooCommerce cart example page's script (issue 11: "a page where a jQuery-based script changes
// the cart the way cart.js does and the mini-cart follows"). Written for the demo, it behaves as
// WooCommerce's own assets/js/frontend/cart.js does on a cart page:
//  - "Update cart" posts the cart form (its method, action and serialized fields) and expects the
//    cart page's HTML back; a remove link is fetched with GET (the shop redirects to the cart page);
//  - update_wc_div(): the new .woocommerce-cart-form replaces the old one (or the empty-cart message
//    replaces the cart), .cart_totals is replaced, notices are shown, and then
//    `$(document.body).trigger('updated_wc_div')` tells the theme and plugins; nothing tells the
//    mini-cart directly.
// The page itself is static, so on load the script fetches the shop's cart page once and shows its
// cart (a real cart page prints it), and "Add two demo products" fills the cart through the shop's
// add_to_cart endpoint as WooCommerce's add-to-cart.js would (then `added_to_cart`).
import jQuery from 'jquery';

type JQueryStatic = typeof jQuery;
interface WcGlobals {
  jQuery?: JQueryStatic;
  $?: JQueryStatic;
  wc_add_to_cart_params?: { wc_ajax_url?: string; cart_url?: string };
}
const win = window as unknown as WcGlobals;
// WordPress prints jQuery as a classic script before every other one: make it the page's jQuery.
win.jQuery = jQuery;
win.$ = jQuery;
const $ = jQuery;

const cartUrl = win.wc_add_to_cart_params?.cart_url || '/cart/';
const wcAjaxUrl = (endpoint: string) =>
  (win.wc_add_to_cart_params?.wc_ajax_url || '/?wc-ajax=%%endpoint%%').replace('%%endpoint%%', endpoint);
const NOTICES = '.woocommerce-error, .woocommerce-message, .woocommerce-info';
const area = () => $('#cart-area');

/** cart.js block()/unblock(): the form is busy while a request runs. */
const block = ($node: JQuery) => $node.addClass('processing').attr('aria-busy', 'true');
const unblock = ($node: JQuery) => $node.removeClass('processing').removeAttr('aria-busy');

/** The update button stays disabled until a quantity changes (cart.js). */
const disableUpdate = () =>
  $('.woocommerce-cart-form :input[name="update_cart"]').prop('disabled', true).attr('aria-disabled', 'true');

/** Shows notices from a response above the cart (cart.js show_notice). */
function showNotices($notices: JQuery) {
  const $wrapper = area().find('.woocommerce-notices-wrapper').first();
  if ($wrapper.length) $wrapper.prepend($notices);
  else area().prepend($notices);
}

/** Parses a cart page; scripts are never kept ($.parseHTML without keepScripts). */
const parsePage = (html: string) => $('<div>').append($.parseHTML(html) ?? []);

/** cart.js update_wc_div(): replace the cart from a cart page's HTML, then `updated_wc_div`. */
function updateWcDiv(html: string, preserveNotices = false) {
  const $page = parsePage(html);
  const $newForm = $page.find('.woocommerce-cart-form');
  const $newTotals = $page.find('.cart_totals');
  // Notices are the ones the cart page printed (not the empty-cart message, also a woocommerce-info).
  const $notices = $page.find('.woocommerce-notices-wrapper').find(NOTICES);
  if (!preserveNotices) area().find(NOTICES).remove();
  if ($newForm.length === 0) {
    // No items left: the empty-cart message replaces the whole cart.
    const $empty = $page.find('.wc-empty-cart-message, .return-to-shop');
    area().find('.woocommerce-cart-form, .cart-collaterals, .cart-loading').remove();
    area().append($empty);
    if ($notices.length) showNotices($notices);
    $(document.body).trigger('wc_cart_emptied');
  } else {
    if (area().find('.woocommerce-cart-form').length)
      area().find('.woocommerce-cart-form').replaceWith($newForm);
    else {
      // The first cart shown on this static page (or after the cart was emptied and filled again).
      area().find('.cart-loading, .wc-empty-cart-message, .return-to-shop').remove();
      area().append($newForm, $page.find('.cart-collaterals'));
    }
    disableUpdate();
    if ($notices.length) showNotices($notices);
    // update_cart_totals_div()
    area().find('.cart_totals').replaceWith($newTotals);
    $(document.body).trigger('updated_cart_totals');
  }
  $(document.body).trigger('updated_wc_div');
}

/** Loads the shop's cart page into this page (what a real cart page has printed already). */
function loadCart() {
  return $.ajax({ type: 'GET', url: cartUrl, dataType: 'html', cache: false }).then(
    (html: string) => updateWcDiv(html, true),
    () => area().find('.cart-loading').text('The cart could not be loaded.'),
  );
}

/** cart.js update_cart(): post the form to its action and show the cart page that comes back. */
function updateCart() {
  const $form = $('.woocommerce-cart-form');
  block($form);
  block($('div.cart_totals'));
  $.ajax({
    type: String($form.attr('method') || 'post'),
    url: String($form.attr('action') || cartUrl),
    data: $form.serialize(),
    dataType: 'html',
  })
    .then((html: string) => updateWcDiv(html))
    .always(() => {
      unblock($form);
      unblock($('div.cart_totals'));
    });
}

// Quantities: any change enables "Update cart" (cart.js input_changed); Enter updates at once.
$(document).on('change input', '.woocommerce-cart-form .cart_item :input', () => {
  $('.woocommerce-cart-form :input[name="update_cart"]').prop('disabled', false).removeAttr('aria-disabled');
});
$(document).on('keydown', '.woocommerce-cart-form input.qty', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  $('.woocommerce-cart-form :input[name="update_cart"]').prop('disabled', false).trigger('click');
});

// "Update cart": the form is sent by ajax with update_cart in it (cart.js update_cart_action).
$(document).on('click', '.woocommerce-cart-form :input[type="submit"][name="update_cart"]', (event) => {
  event.preventDefault();
  const $form = $('.woocommerce-cart-form');
  $form.find('input[type="hidden"][name="update_cart"]').remove();
  $('<input type="hidden" name="update_cart" value="Update cart">').appendTo($form);
  updateCart();
});
$(document).on('submit', '.woocommerce-cart-form', (event) => {
  event.preventDefault();
  updateCart();
});

// Remove links: GET the link (the shop removes the line and redirects to the cart page).
$(document).on('click', '.woocommerce-cart-form .product-remove > a', (event) => {
  event.preventDefault();
  const $link = $(event.currentTarget);
  const $form = $link.closest('form');
  block($form);
  block($('div.cart_totals'));
  $.ajax({ type: 'GET', url: String($link.attr('href')), dataType: 'html' })
    .then((html: string) => updateWcDiv(html))
    .always(() => {
      unblock($form);
      unblock($('div.cart_totals'));
    });
});

// The demo's own button: two adds through wc-ajax, announced as add-to-cart.js announces them.
$('#fill-cart').on('click', (event) => {
  const $button = $(event.currentTarget);
  $button.prop('disabled', true);
  const add = (productId: number) =>
    $.ajax({
      type: 'POST',
      url: wcAjaxUrl('add_to_cart'),
      data: { product_id: productId, quantity: 1 },
      dataType: 'json',
    }).then((response: { fragments?: Record<string, unknown>; cart_hash?: string; error?: boolean }) => {
      if (response?.fragments)
        $(document.body).trigger('added_to_cart', [response.fragments, response.cart_hash, $button]);
    });
  add(101)
    .then(() => add(104))
    .then(loadCart)
    .always(() => $button.prop('disabled', false));
});

$(() => {
  disableUpdate();
  loadCart();
});
