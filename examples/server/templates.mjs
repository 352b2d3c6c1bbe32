// @ts-check
// WooCommerce's (and Flatsome's) markup for the demo shop (issue 2 §6): price HTML, the mini-cart
// template, cart fragments, quick view and the server-rendered pages. Every text is escaped.
import { activePrice, attributeLabel, attributeValue, categories, imageUrl, permalink } from './catalog.mjs';
import { esc, scriptJson } from './http.mjs';
import { paramsScriptSrc } from './unkind.mjs';

/**
 * @typedef {import('./catalog.mjs').Product} Product
 * @typedef {import('./catalog.mjs').Variation} Variation
 * @typedef {import('./cart.mjs').LineView} LineView
 * @typedef {{ type: 'message' | 'error', text: string, link?: { href: string, label: string } }} Notice
 * @typedef {{ lines: LineView[], count: number, subtotal: number, hash: string, nonce: string }} CartView
 * @typedef {'tidy' | 'unkind'} ShopMode the demo shop's manner (issue 11; see unkind.mjs)
 */

// ---------------------------------------------------------------------------------------------
// Prices (WooCommerce's wc_price, wc_format_sale_price, wc_format_price_range)

/** $1,234.50 as plain text (no markup) for screen-reader texts. @param {number} cents */
export function plainPrice(cents) {
  const [whole, fraction] = (cents / 100).toFixed(2).split('.');
  return `&#36;${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** wc_price(): the amount markup. @param {number} cents @param {boolean} [ariaHidden] */
export function wcPrice(cents, ariaHidden = false) {
  const [whole, fraction] = (cents / 100).toFixed(2).split('.');
  const amount = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  return `<span class="woocommerce-Price-amount amount"${ariaHidden ? ' aria-hidden="true"' : ''}><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${amount}</bdi></span>`;
}

/** wc_format_sale_price(). @param {number} regular @param {number} sale */
function salePrice(regular, sale) {
  return `<del aria-hidden="true">${wcPrice(regular)}</del> <span class="screen-reader-text">Original price was: ${plainPrice(regular)}.</span><ins aria-hidden="true">${wcPrice(sale)}</ins><span class="screen-reader-text">Current price is: ${plainPrice(sale)}.</span>`;
}

/** get_price_html() of a simple product, a variation or a variable product (price range). @param {Product | Variation} item */
export function priceHtml(item) {
  if ('variations' in item && item.type === 'variable') {
    const prices = item.variations.map(activePrice);
    const regulars = item.variations.map((v) => v.regularPrice);
    const min = Math.min(...prices);
    const max = Math.max(...prices);
    if (min !== max)
      return `${wcPrice(min, true)} <span aria-hidden="true">&ndash;</span> ${wcPrice(max, true)}<span class="screen-reader-text">Price range: ${plainPrice(min)} through ${plainPrice(max)}</span>`;
    const regular = Math.min(...regulars);
    return regular !== min ? salePrice(regular, min) : wcPrice(min);
  }
  return item.salePrice !== null ? salePrice(item.regularPrice, item.salePrice) : wcPrice(item.regularPrice);
}

/** WooCommerce's availability HTML ('' for in stock without managed stock). @param {Product | Variation} item */
export function availabilityHtml(item) {
  if (item.stockStatus === 'outofstock') return '<p class="stock out-of-stock">Out of stock</p>';
  if (item.stockQuantity !== null) return `<p class="stock in-stock">${item.stockQuantity} in stock</p>`;
  return '';
}

// ---------------------------------------------------------------------------------------------
// Mini-cart and fragments (WooCommerce templates/cart/mini-cart.php + Flatsome's quantity input)

/** WooCommerce's global/quantity-input.php. */
function quantityInput(
  /** @type {{ id: string, name: string, value: number, min: number, max: number | null, label: string }} */ o,
) {
  return `<div class="quantity"><label class="screen-reader-text" for="${esc(o.id)}">${esc(o.label)} quantity</label><input type="number" id="${esc(o.id)}" class="input-text qty text" name="${esc(o.name)}" value="${o.value}" aria-label="Product quantity" size="4" min="${o.min}" max="${o.max ?? ''}" step="1" placeholder="" inputmode="numeric" autocomplete="off"></div>`;
}

/** The thumbnail get_image() prints. @param {string} src @param {string} alt */
function thumbnail(src, alt) {
  return `<img width="300" height="300" src="${esc(src)}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="${esc(alt)}" decoding="async" loading="lazy">`;
}

/** WooCommerce's cart remove URL (href of the remove link). @param {string} key @param {string} nonce */
export const removeUrl = (key, nonce) =>
  `/cart/?remove_item=${encodeURIComponent(key)}&_wpnonce=${encodeURIComponent(nonce)}`;

/**
 * wc_get_formatted_cart_item_data() as cart/cart-item-data.php prints it: a variation's chosen
 * attributes (label and option name) in a `dl.variation`, leaving out those its name already says
 * (wc_is_attribute_in_product_name: " Denim" ending "Apron - Denim", or " Denim," inside it), so
 * lines of one variation with different "any" options (the Apron's Gift wrap) read apart; '' when
 * nothing is left. The demo's add-ons keep no item data.
 * @param {LineView} l
 */
export function cartItemData(l) {
  if (!l.variation) return '';
  const name = l.name.toLowerCase();
  const shown = Object.entries(l.chosen)
    .map(([key, value]) => attributeLabel(l.product, key, value))
    .filter(({ value }) => {
      const word = ` ${value.toLowerCase()}`;
      return value !== '' && !name.includes(`${word},`) && !name.endsWith(word);
    });
  if (!shown.length) return '';
  // sanitize_html_class(): only A-Z, a-z, 0-9, _ and - are kept; wpautop() wraps the value.
  const rows = shown.map(({ name: label, value }) => {
    const css = `variation-${label.replace(/[^A-Za-z0-9_-]/g, '')}`;
    return `\t\t<dt class="${esc(css)}">${esc(label)}:</dt>\n\t\t<dd class="${esc(css)}"><p>${esc(value)}</p>\n</dd>\n`;
  });
  return `<dl class="variation">\n${rows.join('')}\t</dl>\n`;
}

/** The inner markup of div.widget_shopping_cart_content. @param {CartView} cart */
export function miniCart(cart) {
  if (cart.lines.length === 0)
    return '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>';
  const items = cart.lines
    .map(
      (l) => `<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="${esc(removeUrl(l.key, cart.nonce))}" class="remove remove_from_cart_button" aria-label="${esc(`Remove ${l.name} from cart`)}" data-product_id="${l.productId}" data-cart_item_key="${esc(l.key)}" data-product_sku="${esc(l.sku)}">&times;</a>
<a href="${esc(l.url)}">${thumbnail(l.thumb, l.name)}${esc(l.name)}</a>
${cartItemData(l)}<div class="ux-mini-cart-qty">${quantityInput({ id: `quantity_${l.key}`, name: `cart[${l.key}][qty]`, value: l.quantity, min: 0, max: l.maxQuantity, label: l.name })}<span class="quantity">${l.quantity} &times; ${wcPrice(l.unitPrice)}</span></div>
</li>`,
    )
    .join('\n');
  return `<ul class="woocommerce-mini-cart cart_list product_list_widget ">
${items}
</ul>
<p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> ${wcPrice(cart.subtotal)}</p>
<p class="woocommerce-mini-cart__buttons buttons"><a href="/cart/" class="button wc-forward">View cart</a><a href="/checkout/" class="button checkout wc-forward">Checkout</a></p>`;
}

/** Storefront's header cart link. @param {CartView} cart */
export function cartContentsLink(cart) {
  return `<a class="cart-contents" href="/cart/" title="View your shopping cart">${wcPrice(cart.subtotal)} <span class="count">${cart.count} ${cart.count === 1 ? 'item' : 'items'}</span></a>`;
}

/** The header count badge. @param {CartView} cart */
export const cartCountBadge = (cart) => `<span class="cart-count">${cart.count}</span>`;

/**
 * WooCommerce's get_refreshed_fragments() map (plus Storefront's and a theme's header parts). The
 * unkind manner (issue 11) answers as a Flatsome shop with a theme snippet does: Flatsome's
 * mini-cart, and `$fragments['span.cart-count'] = WC()->cart->get_cart_contents_count();` (an
 * integer, which WooCommerce passes through unchanged).
 * @param {CartView} cart @param {ShopMode} [mode]
 * @returns {Record<string, string | number>}
 */
export function fragments(cart, mode = 'tidy') {
  if (mode === 'unkind')
    return {
      'div.widget_shopping_cart_content': `<div class="widget_shopping_cart_content">${flatsomeMiniCart(cart)}</div>`,
      'a.cart-contents': cartContentsLink(cart),
      'span.cart-count': cart.count,
    };
  return {
    'div.widget_shopping_cart_content': `<div class="widget_shopping_cart_content">${miniCart(cart)}</div>`,
    'a.cart-contents': cartContentsLink(cart),
    'span.cart-count': cartCountBadge(cart),
  };
}

// ---------------------------------------------------------------------------------------------
// Flatsome's mini-cart for the unkind manner (issue 11; see unkind.mjs): woocommerce/cart/mini-cart.php
// as Flatsome overrides it, with MiniCart::quantity_html on every line

/** Flatsome's woocommerce/global/quantity-input.php: the number input between −/+ buttons. @param {LineView} l */
function flatsomeQuantityInput(l) {
  const id = `quantity_${l.key.slice(0, 13)}`;
  return `<div class="ux-quantity quantity buttons_added"><input type="button" value="-" class="ux-quantity__button ux-quantity__button--minus button minus is-form" aria-label="${esc(`Reduce quantity of ${l.name}`)}"><label class="screen-reader-text" for="${esc(id)}">${esc(l.name)} quantity</label><input type="number" id="${esc(id)}" class="input-text qty text" name="${esc(`cart[${l.key}][qty]`)}" value="${l.quantity}" aria-label="Product quantity" size="4" min="0" max="${l.maxQuantity ?? ''}" step="1" placeholder="" inputmode="numeric" autocomplete="off"><input type="button" value="+" class="ux-quantity__button ux-quantity__button--plus button plus is-form" aria-label="${esc(`Increase quantity of ${l.name}`)}"></div>`;
}

/**
 * The inner markup of div.widget_shopping_cart_content on a Flatsome shop with the header cart
 * quantity option on: WooCommerce's remove link (data-product_id, data-cart_item_key,
 * data-product_sku), the product link, then .ux-mini-cart-qty with the quantity input and the
 * line subtotal — no "qty × unit price" span.
 * @param {CartView} cart
 */
export function flatsomeMiniCart(cart) {
  if (cart.lines.length === 0)
    return `<div class="ux-mini-cart-empty flex flex-row-col text-center pt pb">
<div class="ux-mini-cart-empty-icon"><svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 17 19" height="80"><path d="M8.5 0C6.7 0 5.3 1.2 5.3 2.7v2H2.1c-.3 0-.6.3-.7.7L0 18.2c0 .4.2.8.6.8h15.7c.4 0 .7-.3.7-.7L15.6 5.4c0-.3-.3-.6-.7-.6h-3.2v-2C11.7 1.2 10.3 0 8.5 0z" fill="currentColor" opacity=".1"></path></svg></div>
<p class="woocommerce-mini-cart__empty-message empty">No products in the cart.</p>
<p class="return-to-shop"><a class="button primary wc-backward" href="/shop/">Return to shop</a></p>
</div>`;
  const items = cart.lines
    .map(
      (l) => `<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="${esc(removeUrl(l.key, cart.nonce))}" class="remove remove_from_cart_button" aria-label="${esc(`Remove ${l.name} from cart`)}" data-product_id="${l.productId}" data-cart_item_key="${esc(l.key)}" data-product_sku="${esc(l.sku)}">&times;</a>
<a href="${esc(l.url)}">
${thumbnail(l.thumb, l.name)}${esc(l.name)}</a>
${cartItemData(l)}<div class="ux-mini-cart-qty">
${flatsomeQuantityInput(l)}
<span class="product-subtotal price-wrapper" data-title="Subtotal">
${wcPrice(l.lineTotal)}</span>
</div>
</li>`,
    )
    .join('\n');
  return `<ul class="woocommerce-mini-cart cart_list product_list_widget ">
${items}
</ul>
<div class="ux-mini-cart-footer">
<p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> ${wcPrice(cart.subtotal)}</p>
<p class="woocommerce-mini-cart__buttons buttons"><a href="/cart/" class="button wc-forward">View cart</a><a href="/checkout/" class="button checkout wc-forward">Checkout</a></p>
</div>`;
}

// ---------------------------------------------------------------------------------------------
// Product parts

/** The available-variation JSON WooCommerce's get_variation and data-product_variations carry. @param {Product} product @param {Variation} v */
export function variationJson(product, v) {
  const full = imageUrl(product);
  return {
    attributes: { ...v.attributes },
    availability_html: availabilityHtml(v),
    backorders_allowed: false,
    dimensions: { length: '', width: '', height: '' },
    dimensions_html: 'N/A',
    display_price: activePrice(v) / 100,
    display_regular_price: v.regularPrice / 100,
    image: {
      title: product.name,
      caption: '',
      url: full,
      alt: product.name,
      src: full,
      srcset: false,
      sizes: '',
      full_src: full,
      full_src_w: 800,
      full_src_h: 800,
      gallery_thumbnail_src: imageUrl(product, 'thumb'),
      gallery_thumbnail_src_w: 100,
      gallery_thumbnail_src_h: 100,
      thumb_src: imageUrl(product, 'thumb'),
      thumb_src_w: 300,
      thumb_src_h: 300,
      src_w: 600,
      src_h: 600,
    },
    image_id: product.id * 10,
    is_downloadable: false,
    is_in_stock: v.stockStatus === 'instock',
    is_purchasable: true,
    is_sold_individually: 'no',
    is_virtual: false,
    max_qty: v.stockQuantity ?? '',
    min_qty: 1,
    price_html: `<span class="price">${priceHtml(v)}</span>`,
    sku: v.sku,
    variation_description: '',
    variation_id: v.id,
    variation_is_active: true,
    variation_is_visible: true,
    weight: '',
    weight_html: 'N/A',
  };
}

/** Swatch options of the variation forms (shared/page/swatches.ts): colour terms, low-stock label at 2. */
const SWATCHES = JSON.stringify({
  terms: {
    attribute_pa_color: {
      blue: { color: '#1d4ed8' },
      red: { color: '#b91c1c' },
      green: { color: '#15803d' },
    },
  },
  stock_threshold: 2,
});

/**
 * The single-product add-to-cart form (simple or variations form); posts urlencoded to the product
 * page. `extra` is printed inside the form before the button (an add-ons plugin's option form).
 * @param {Product} product @param {string} [extra]
 */
export function addToCartForm(product, extra = '') {
  const action = esc(permalink(product));
  if (product.stockStatus === 'outofstock') return availabilityHtml(product);
  if (product.type === 'variable') {
    const rows = product.attributes
      .map((a) => {
        const name = `attribute_${a.slug}`;
        const options = a.options
          .map(
            (o) => `<option value="${esc(attributeValue(a, o))}" class="attached enabled">${esc(o)}</option>`,
          )
          .join('');
        return `<tr><th class="label"><label for="${esc(`${a.slug}-${product.id}`)}">${esc(a.name)}</label></th><td class="value"><select id="${esc(`${a.slug}-${product.id}`)}" name="${esc(name)}" data-attribute_name="${esc(name)}" data-show_option_none="yes"><option value="">Choose an option</option>${options}</select></td></tr>`;
      })
      .join('');
    const variations = product.variations.map((v) => variationJson(product, v));
    return `<form class="variations_form cart" action="${action}" method="post" data-product_id="${product.id}" data-product_variations="${esc(JSON.stringify(variations))}" data-swatches="${esc(SWATCHES)}">
<table class="variations" cellspacing="0" role="presentation"><tbody>${rows}</tbody></table>${extra}
<div class="single_variation_wrap"><div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>
<div class="woocommerce-variation-add-to-cart variations_button">${quantityInput({ id: `quantity_${product.id}`, name: 'quantity', value: 1, min: 1, max: null, label: product.name })}<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
<input type="hidden" name="add-to-cart" value="${product.id}"><input type="hidden" name="product_id" value="${product.id}"><input type="hidden" name="variation_id" class="variation_id" value="0"></div></div>
</form>`;
  }
  return `${availabilityHtml(product)}<form class="cart" action="${action}" method="post">${extra}${quantityInput({ id: `quantity_${product.id}`, name: 'quantity', value: 1, min: 1, max: product.stockQuantity, label: product.name })}<button type="submit" name="add-to-cart" value="${product.id}" class="single_add_to_cart_button button alt">Add to cart</button></form>`;
}

/** Flatsome's quick view popup (content-single-product-lightbox.php, without inline styles). @param {Product} product */
export function quickView(product) {
  const slides = [1, 2, 3]
    .map(
      (n) =>
        `<div class="woocommerce-product-gallery__image slide${n === 1 ? ' first' : ''}"><img width="800" height="800" src="${esc(imageUrl(product, n))}" class="${n === 1 ? 'wp-post-image' : ''}" alt="${esc(product.name)}" decoding="async"></div>`,
    )
    .join('');
  return `<div class="product-quick-view-container">
<div class="row row-collapse mb-0 product" id="product-${product.id}">
<div class="product-gallery large-6 col"><div class="slider slider-show-nav product-gallery-slider main-images mb-0">${slides}</div></div>
<div class="product-info summary large-6 col entry-summary"><div class="product-lightbox-inner">
<a class="plain" href="${esc(permalink(product))}"><h1 class="product-title product_title entry-title">${esc(product.name)}</h1></a>
<div class="is-divider small"></div>
<div class="price-wrapper"><p class="price product-page-price${product.salePrice !== null ? ' price-on-sale' : ''}">${priceHtml(product)}</p></div>
<div class="product-short-description"><p>${esc(product.shortDescription)}</p></div>
${addToCartForm(product)}
</div></div>
</div>
</div>`;
}

/** A loop item (content-product.php) with WooCommerce's loop add-to-cart link. @param {Product} product */
function loopItem(product) {
  const name = esc(product.name);
  const classes = [
    'product',
    'type-product',
    `post-${product.id}`,
    'status-publish',
    product.stockStatus,
    ...product.categories.map((c) => `product_cat-${c}`),
    'has-post-thumbnail',
    product.salePrice !== null ? 'sale' : '',
    'purchasable',
    `product-type-${product.type}`,
  ].filter(Boolean);
  const describedBy = `woocommerce_loop_add_to_cart_link_describedby_${product.id}`;
  let button;
  let description = '';
  if (product.type === 'variable') {
    button = `<a href="${esc(permalink(product))}" aria-describedby="${describedBy}" data-quantity="1" class="button product_type_variable add_to_cart_button" data-product_id="${product.id}" data-product_sku="${esc(product.sku)}" aria-label="Select options for &ldquo;${name}&rdquo;" rel="nofollow">Select options</a>`;
    description = 'This product has multiple variants. The options may be chosen on the product page';
  } else if (product.stockStatus === 'outofstock') {
    button = `<a href="${esc(permalink(product))}" aria-describedby="${describedBy}" data-quantity="1" class="button product_type_simple" data-product_id="${product.id}" data-product_sku="${esc(product.sku)}" aria-label="Read more about &ldquo;${name}&rdquo;" rel="nofollow">Read more</a>`;
  } else {
    button = `<a href="?add-to-cart=${product.id}" aria-describedby="${describedBy}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="${product.id}" data-product_sku="${esc(product.sku)}" aria-label="Add to cart: &ldquo;${name}&rdquo;" rel="nofollow" data-success_message="&ldquo;${name}&rdquo; has been added to your cart">Add to cart</a>`;
  }
  return `<li class="${classes.join(' ')}">
<a href="${esc(permalink(product))}" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">${product.salePrice !== null ? '<span class="onsale">Sale!</span>' : ''}${thumbnail(imageUrl(product, 'thumb'), product.name)}<h2 class="woocommerce-loop-product__title">${name}</h2><span class="price">${priceHtml(product)}</span></a>
${button}<span id="${describedBy}" class="screen-reader-text">${description}</span>
<a class="quick-view" data-prod="${product.id}" href="#quick-view" aria-label="Quick view: &ldquo;${name}&rdquo;">Quick View</a>
</li>`;
}

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * The JSON twin of WooCommerce's page globals (wc_add_to_cart_params, wc_cart_fragments_params,
 * flatsomeVars, woocommerce_params) that the elements read (spec §7: paths from page parameters).
 * @param {{ isCart?: boolean, cartRedirectAfterAdd?: boolean, requestTimeout?: number, searchLatency?: number }} [options]
 */
export function pageConfigJson(options = {}) {
  return scriptJson({
    wc_add_to_cart_params: {
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      i18n_view_cart: 'View cart',
      cart_url: '/cart/',
      is_cart: options.isCart ? '1' : '',
      cart_redirect_after_add: options.cartRedirectAfterAdd ? 'yes' : 'no',
    },
    wc_cart_fragments_params: {
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      cart_hash_key: 'wc_cart_hash_demo',
      fragment_name: 'wc_fragments_demo',
      request_timeout: String(options.requestTimeout ?? 5000),
    },
    flatsomeVars: {
      ajaxurl: '/wp-admin/admin-ajax.php',
      options: { search_result_latency: String(options.searchLatency ?? 0) },
    },
    // Single product pages: WooCommerce's single-product.js parameters (the review form, spec §5).
    ...(options.singleProduct
      ? {
          wc_single_product_params: {
            i18n_required_rating_text: 'Please select a rating',
            review_rating_required: 'yes',
          },
        }
      : {}),
    woocommerce_params: {
      currency: {
        code: 'USD',
        symbol: '$',
        decimals: 2,
        decimal_separator: '.',
        thousand_separator: ',',
        position: 'left',
      },
    },
  });
}

/** The site header, in one place: search form inside <shop-live-search>, cart inside <shop-mini-cart>. */
function siteHeader(
  /** @type {CartView} */ cart,
  /** @type {{ query?: string, category?: string }} */ search,
  /** @type {ShopMode} */ mode = 'tidy',
) {
  const options = categories
    .map(
      (c) =>
        `<option value="${esc(c.slug)}"${c.slug === search.category ? ' selected' : ''}>${c.parent ? '&nbsp;&nbsp;' : ''}${esc(c.name)}</option>`,
    )
    .join('');
  return `<header class="site-header" role="banner">
<div class="site-branding"><a class="site-title" href="/shop/" rel="home">Storefront Demo</a></div>
<nav class="site-nav" aria-label="Primary"><a href="/shop/">Shop</a><a href="/cart/">Cart ${cartCountBadge(cart)}</a><a href="/checkout/">Checkout</a></nav>
<shop-live-search>
<form role="search" method="get" class="searchform woocommerce-product-search" action="/">
<label class="screen-reader-text" for="woocommerce-product-search-field-0">Search for:</label>
<input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="Search products&hellip;" value="${esc(search.query ?? '')}" name="s" autocomplete="off">
<label class="screen-reader-text" for="product-search-category">Category</label>
<select name="product_cat" id="product-search-category" class="search_categories"><option value="">All</option>${options}</select>
<input type="hidden" name="post_type" value="product">
<button type="submit" class="ux-search-submit" value="Search">Search</button>
<div class="live-search-results"></div>
</form>
</shop-live-search>
<shop-mini-cart>
${cartContentsLink(cart)}
<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content">${mode === 'unkind' ? flatsomeMiniCart(cart) : miniCart(cart)}</div></div>
</shop-mini-cart>
</header>`;
}

/** WooCommerce notices. @param {Notice[]} notices */
function noticesHtml(notices) {
  if (notices.length === 0) return '';
  return `<div class="woocommerce-notices-wrapper">${notices
    .map((n) =>
      n.type === 'error'
        ? `<ul class="woocommerce-error" role="alert"><li>${esc(n.text)}</li></ul>`
        : `<div class="woocommerce-message" role="alert">${n.link ? `<a href="${esc(n.link.href)}" tabindex="1" class="button wc-forward">${esc(n.link.label)}</a> ` : ''}${esc(n.text)}</div>`,
    )
    .join('')}</div>`;
}

/**
 * A whole page: no inline script or style (strict CSP), the page config as JSON, the autoloader.
 * The unkind manner (issue 11) prints WooCommerce's page globals instead, as a real shop does,
 * from an external script (unkind.mjs paramsScript), and Flatsome's mini-cart in the header.
 * @param {{ title: string, bodyClass: string, cart: CartView, notices: Notice[], main: string, config?: Parameters<typeof pageConfigJson>[0], search?: { query?: string, category?: string }, mode?: ShopMode }} page
 */
export function layout(page) {
  return `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} &ndash; Storefront Demo</title>
<link rel="icon" href="/examples/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/styles/tokens.css">
<link rel="stylesheet" href="/examples/demo.css">
<link rel="stylesheet" href="/styles/swatches.css">
<link rel="stylesheet" href="/styles/theme.css">
${
  page.mode === 'unkind'
    ? `<script src="${esc(paramsScriptSrc(page.config))}" id="woocommerce-js-extra"></script>`
    : `<script type="application/json" id="shop-config">${pageConfigJson(page.config)}</script>`
}
<script type="module" src="/elements/autoloader.ts"></script>
</head>
<body class="${esc(page.bodyClass)} woocommerce-js">
${siteHeader(page.cart, page.search ?? {}, page.mode)}
<main id="main" class="site-main">
${noticesHtml(page.notices)}
${page.main}
</main>
<footer class="site-footer"><p>Storefront Demo &mdash; a demo shop; nothing here is for sale.</p></footer>
</body>
</html>
`;
}

/** WooCommerce's sort orders of the listing (templates/loop/orderby.php), those the demo shop sorts by. */
const ORDERBY = [
  ['menu_order', 'Default sorting'],
  ['date', 'Sort by latest'],
  ['price', 'Sort by price: low to high'],
  ['price-desc', 'Sort by price: high to low'],
];

/**
 * The listing's sort dropdown as WooCommerce prints it (spec §2 Listing; the catalog-ordering page
 * behaviour submits it on change), keeping the address's other fields (a search's `s`), and the
 * items in that order. @param {Product[]} items @param {URLSearchParams} [query]
 */
function ordering(items, query = new URLSearchParams()) {
  const wanted = query.get('orderby') ?? 'menu_order';
  const orderby = ORDERBY.some(([value]) => value === wanted) ? wanted : 'menu_order';
  const sorted = [...items];
  if (orderby === 'date') sorted.sort((a, b) => b.id - a.id);
  if (orderby === 'price') sorted.sort((a, b) => activePrice(a) - activePrice(b));
  if (orderby === 'price-desc') sorted.sort((a, b) => activePrice(b) - activePrice(a));
  const kept = [...query]
    .filter(([name]) => !['orderby', 'paged', 'shop_mode'].includes(name))
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const options = ORDERBY.map(
    ([value, label]) =>
      `<option value="${value}"${value === orderby ? ' selected="selected"' : ''}>${label}</option>`,
  ).join('');
  const form = `<form class="woocommerce-ordering" method="get"><select name="orderby" class="orderby" aria-label="Shop order">${options}</select><input type="hidden" name="paged" value="1">${kept}</form>`;
  return { form, sorted };
}

/**
 * The product archive (shop, category or search results), with its sort dropdown.
 * @param {{ title: string, items: Product[], query?: URLSearchParams }} o
 */
export function shopMain(o) {
  const { form, sorted } = ordering(o.items, o.query);
  const count =
    sorted.length === 0
      ? ''
      : `<p class="woocommerce-result-count">${sorted.length === 1 ? 'Showing the single result' : `Showing all ${sorted.length} results`}</p>
${form}`;
  const list =
    sorted.length === 0
      ? '<div class="woocommerce-info">No products were found matching your selection.</div>'
      : `<ul class="products columns-4">\n${sorted.map(loopItem).join('\n')}\n</ul>`;
  return `<header class="woocommerce-products-header"><h1 class="woocommerce-products-header__title page-title">${esc(o.title)}</h1></header>
${count}
${list}`;
}

/** The single product page's main part. @param {Product} product */
export function productMain(product) {
  const gallery = [1, 2, 3]
    .map(
      (n) =>
        `<div data-thumb="${esc(imageUrl(product, 'thumb'))}" data-thumb-alt="${esc(product.name)}" class="woocommerce-product-gallery__image"><a href="${esc(imageUrl(product, n))}"><img width="600" height="600" src="${esc(imageUrl(product, n))}" class="${n === 1 ? 'wp-post-image' : ''}" alt="${esc(product.name)}" title="${esc(product.name)}" data-caption="" data-src="${esc(imageUrl(product, n))}" data-large_image="${esc(imageUrl(product, n))}" data-large_image_width="800" data-large_image_height="800" decoding="async"></a></div>`,
    )
    .join('');
  const cats = product.categories
    .map((slug) => categories.find((c) => c.slug === slug))
    .filter((c) => c !== undefined)
    .map((c) => `<a href="/product-category/${esc(c.slug)}/" rel="tag">${esc(c.name)}</a>`)
    .join(', ');
  return `<div id="product-${product.id}" class="product type-product post-${product.id} status-publish ${product.stockStatus} product-type-${product.type}">
${product.salePrice !== null ? '<span class="onsale">Sale!</span>' : ''}
<product-gallery><div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4"><div class="woocommerce-product-gallery__wrapper">${gallery}</div></div></product-gallery>
<div class="summary entry-summary">
<h1 class="product_title entry-title">${esc(product.name)}</h1>
<p class="price">${priceHtml(product)}</p>
<div class="woocommerce-product-details__short-description"><p>${esc(product.shortDescription)}</p></div>
${addToCartForm(product, optionForm(product))}
<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">${esc(product.sku)}</span></span> <span class="posted_in">${product.categories.length > 1 ? 'Categories' : 'Category'}: ${cats}</span></div>
</div>
${productTabs(product)}
</div>`;
}

/**
 * The add-ons plugin's option form on the hoodie's page (issue 16's demo product page): an
 * embroidery text priced per character and a gift box, posted with the variations form.
 * @param {Product} product
 */
function optionForm(product) {
  if (product.slug !== 'hoodie') return '';
  const settings = {
    product: {
      product_price: (product.salePrice ?? product.regularPrice) / 100, // the catalog keeps cents
      product_id: product.id,
      quantity: 1,
    },
    config: {
      currency: {
        code: 'USD',
        symbol: '$',
        decimals: 2,
        decimal_separator: '.',
        thousand_separator: ',',
        position: 'left',
      },
    },
    definition: {
      sections: [
        {
          extra: { key: 'extras', name: 'Make it yours' },
          fields: [
            [
              {
                type: 'text',
                elementId: 'embroidery',
                label: 'Embroidery',
                description: 'Up to 12 letters, 50 cents each.',
                maxlength: 12,
                charleft: true,
                enablePrice: true,
                pricingType: 'per_car',
                price: 0.5,
              },
            ],
            [
              {
                type: 'checkbox',
                elementId: 'gift',
                label: 'Gift',
                values: [{ label: 'Gift box', value: 'box', price: 4 }],
                enablePrice: true,
                priceOptions: 'different_for_all',
              },
            ],
          ],
        },
      ],
    },
  };
  // JSON in a data block is not script (strict CSP); `<` is escaped so no text can close it.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<div class="wcpa_form_outer"><shop-option-form product-id="${product.id}"><script type="application/json">${json}</script></shop-option-form></div>`;
}

/**
 * WooCommerce's product tabs (single-product/tabs/tabs.php): description, additional information
 * (variable products' attributes) and reviews; shared/page/product-tabs.ts makes them APG tabs
 * with WooCommerce's hash rules (issue 16, spec §2).
 * @param {Product} product
 */
function productTabs(product) {
  const tabs = [
    {
      key: 'description',
      title: 'Description',
      body: `<h2>Description</h2><p>${esc(product.description)}</p>`,
    },
  ];
  if (product.attributes.length > 0) {
    const rows = product.attributes
      .map(
        (a) =>
          `<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--attribute_${esc(a.slug)}"><th class="woocommerce-product-attributes-item__label" scope="row">${esc(a.name)}</th><td class="woocommerce-product-attributes-item__value"><p>${esc(a.options.join(', '))}</p></td></tr>`,
      )
      .join('');
    tabs.push({
      key: 'additional_information',
      title: 'Additional information',
      body: `<h2>Additional information</h2><table class="woocommerce-product-attributes shop_attributes">${rows}</table>`,
    });
  }
  tabs.push({
    key: 'reviews',
    title: `Reviews (${DEMO_REVIEWS.filter((r) => r.rating).length})`,
    body: reviewsSection(product),
  });
  const list = tabs
    .map(
      (t) =>
        `<li class="${t.key}_tab" id="tab-title-${t.key}"><a href="#tab-${t.key}">${esc(t.title)}</a></li>`,
    )
    .join('');
  const panels = tabs
    .map(
      (t) =>
        `<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--${t.key} panel entry-content wc-tab" id="tab-${t.key}">${t.body}</div>`,
    )
    .join('\n');
  return `<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs">${list}</ul>
${panels}</div>`;
}

/** Two printed reviews, one a reply (for the comment reply links). */
const DEMO_REVIEWS = [
  { id: 901, parent: 0, author: 'Anna', rating: 5, text: 'Fits well and the colour is as shown.' },
  { id: 902, parent: 901, author: 'Storefront Demo', rating: 0, text: 'Thank you, Anna!' },
];

/**
 * The reviews tab as WooCommerce prints it (single-product-reviews.php with WordPress's comment
 * list and comment form): the review list with reply links, and the review form with its rating
 * select (issue 14: the review form and the comment form on the product page).
 * @param {Product} product
 */
function reviewsSection(product) {
  const review = (r) => `<li class="review comment${r.parent ? ' depth-2' : ''}" id="li-comment-${r.id}">
<div id="comment-${r.id}" class="comment_container"><div class="comment-text">
${r.rating ? `<div class="star-rating" role="img" aria-label="Rated ${r.rating} out of 5"><span>Rated <strong class="rating">${r.rating}</strong> out of 5</span></div>` : ''}
<p class="meta"><strong class="woocommerce-review__author">${esc(r.author)}</strong></p>
<div class="description"><p>${esc(r.text)}</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="?replytocom=${r.id}#respond" data-commentid="${r.id}" data-postid="${product.id}" data-belowelement="comment-${r.id}" data-respondelement="respond" data-replyto="Reply to ${esc(r.author)}" aria-label="Reply to ${esc(r.author)}">Reply</a></div>
</div></div></li>`;
  const options = ['Rate&hellip;', 'Very poor', 'Not that bad', 'Average', 'Good', 'Perfect']
    .map((label, n) => `<option value="${n || ''}">${label}</option>`)
    .join('');
  return `<div id="reviews" class="woocommerce-Reviews">
<div id="comments"><h2 class="woocommerce-Reviews-title">Reviews for ${esc(product.name)}</h2>
<ol class="commentlist">${DEMO_REVIEWS.map(review).join('')}</ol></div>
<div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond">
<span id="reply-title" class="comment-reply-title">Add a review <small><a rel="nofollow" id="cancel-comment-reply-link" href="#respond" hidden>Cancel reply</a></small></span>
<form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form">
<div class="comment-form-rating"><label for="rating">Your rating <span class="required">*</span></label><select name="rating" id="rating" required>${options}</select></div>
<p class="comment-form-comment"><label for="comment">Your review <span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="6" required></textarea></p>
<p class="comment-form-author"><label for="author">Name <span class="required">*</span></label><input id="author" name="author" type="text" autocomplete="name" required></p>
<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"><input type="hidden" name="comment_post_ID" value="${product.id}" id="comment_post_ID"><input type="hidden" name="comment_parent" id="comment_parent" value="0"></p>
</form></div></div></div></div>`;
}

/** The cart page: WooCommerce's cart form (quantities update without JS) and totals. @param {CartView} cart */
export function cartMain(cart) {
  if (cart.lines.length === 0)
    return `<h1 class="page-title">Cart</h1><div class="wc-empty-cart-message"><div class="cart-empty woocommerce-info" role="status">Your cart is currently empty.</div></div><p class="return-to-shop"><a class="button wc-backward" href="/shop/">Return to shop</a></p>`;
  const rows = cart.lines
    .map(
      (l) => `<tr class="woocommerce-cart-form__cart-item cart_item">
<td class="product-remove"><a href="${esc(removeUrl(l.key, cart.nonce))}" class="remove" aria-label="${esc(`Remove ${l.name} from cart`)}" data-product_id="${l.productId}" data-product_sku="${esc(l.sku)}">&times;</a></td>
<td class="product-thumbnail"><a href="${esc(l.url)}">${thumbnail(l.thumb, l.name)}</a></td>
<td class="product-name" data-title="Product"><a href="${esc(l.url)}">${esc(l.name)}</a></td>
<td class="product-price" data-title="Price">${wcPrice(l.unitPrice)}</td>
<td class="product-quantity" data-title="Quantity">${quantityInput({ id: `quantity_${l.key}`, name: `cart[${l.key}][qty]`, value: l.quantity, min: 0, max: l.maxQuantity, label: l.name })}</td>
<td class="product-subtotal" data-title="Subtotal">${wcPrice(l.lineTotal)}</td>
</tr>`,
    )
    .join('\n');
  return `<h1 class="page-title">Cart</h1>
<form class="woocommerce-cart-form" action="/cart/" method="post">
<table class="shop_table shop_table_responsive cart woocommerce-cart-form__contents" cellspacing="0">
<thead><tr><th class="product-remove"><span class="screen-reader-text">Remove item</span></th><th class="product-thumbnail"><span class="screen-reader-text">Thumbnail image</span></th><th class="product-name">Product</th><th class="product-price">Price</th><th class="product-quantity">Quantity</th><th class="product-subtotal">Subtotal</th></tr></thead>
<tbody>
${rows}
<tr><td colspan="6" class="actions"><button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button></td></tr>
</tbody>
</table>
</form>
<div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2>
<table cellspacing="0" class="shop_table shop_table_responsive"><tr class="cart-subtotal"><th>Subtotal</th><td data-title="Subtotal">${wcPrice(cart.subtotal)}</td></tr><tr class="order-total"><th>Total</th><td data-title="Total"><strong>${wcPrice(cart.subtotal)}</strong></td></tr></table>
<div class="wc-proceed-to-checkout"><a href="/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a></div>
</div></div>`;
}

/** The checkout page: order review only; the demo takes no payments. @param {CartView} cart */
export function checkoutMain(cart) {
  if (cart.lines.length === 0) return cartMain(cart);
  const rows = cart.lines
    .map(
      (l) =>
        `<tr class="cart_item"><td class="product-name">${esc(l.name)}&nbsp;<strong class="product-quantity">&times;&nbsp;${l.quantity}</strong></td><td class="product-total">${wcPrice(l.lineTotal)}</td></tr>`,
    )
    .join('');
  return `<h1 class="page-title">Checkout</h1>
<h3 id="order_review_heading">Your order</h3>
<table class="shop_table woocommerce-checkout-review-order-table"><thead><tr><th class="product-name">Product</th><th class="product-total">Subtotal</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr class="cart-subtotal"><th>Subtotal</th><td>${wcPrice(cart.subtotal)}</td></tr><tr class="order-total"><th>Total</th><td><strong>${wcPrice(cart.subtotal)}</strong></td></tr></tfoot></table>
<p class="woocommerce-info">This is a demo shop: orders cannot be placed.</p>`;
}
