// @ts-check
// WooCommerce's Store API in the demo shop (issue 18): `/wp-json/wc/store/v1` (and
// `/?rest_route=/wc/store/v1/...`) answering as WooCommerce's `src/StoreApi` does, over the same
// session cart as the classic endpoints (shop.mjs), so a shopper can switch adapters and keep the cart.
//
//   GET  cart                      the cart (CartSchema: items, totals in minor units, errors)
//   POST cart/add-item             {id, quantity, variation:[{attribute, value}]} -> 201 + cart
//   POST cart/remove-item          {key} -> cart; unknown key: 409 woocommerce_rest_cart_invalid_key + data.cart
//   POST cart/update-item          {key, quantity} -> cart; 0 removes; unknown key: 409 as above; over stock: 400
//   GET  products?search=&category=&per_page=&page=   products (ProductSchema), X-WP-Total(Pages)
//   GET  products/{id}             a product or a variation (variation lookup)
//
// Headers as WooCommerce sends and reads them: writes need the `Nonce` header (the `wc_store_api`
// nonce, bound to the session's customer id; missing: 401 woocommerce_rest_missing_nonce, wrong:
// 403 woocommerce_rest_invalid_nonce) unless a valid `Cart-Token` names the cart; every response
// carries `Nonce`, `Nonce-Timestamp`, `User-ID` (the logged-in user, shop.mjs wp-login.php) and
// `Cart-Token` (a signed JWT holding the session's customer id). A valid token loads the session
// it names whatever the cookies say (StoreApi\SessionHandler), an empty one when WooCommerce has
// deleted that session (a guest session moved to the user at login, a session destroyed at
// logout). Errors are WP_Error JSON: `{code, message, data: {status}}`, messages HTML-escaped as
// WordPress prints them.
//
// add-item reads `variation` as CartController::parse_variation_data does: each attribute under its
// label (`Color`, `Gift wrap`), lower-cased label, own name (`pa_color`, `Gift wrap`) or field name
// (`attribute_gift-wrap`); anything else (`gift-wrap`) is not read, so an "any" attribute left
// without a value is refused with 400 woocommerce_rest_missing_variation_data. Cart items are named
// after the parent product, with the chosen attributes in `variation` and add-on data in `item_data`.
//
// The unkind manner (an older or stricter WooCommerce, issue 11's spirit): no Cart-Token at all,
// the nonce a page printed is stale, so the first write is refused with a fresh nonce in the
// refusal's headers, and `variation` names are read as before WooCommerce 8.x: label or own name
// only (neither `attribute_gift-wrap` nor the lower-cased label).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addToCart, cartCount, cartLines, cartSubtotal, setQuantity, stockAmount } from './cart.mjs';
import {
  attributeValue,
  categories,
  imageUrl,
  isTaxonomy,
  permalink,
  productById,
  products,
  slugify,
  variationById,
} from './catalog.mjs';
import { BodyTooLargeError, readBody } from './http.mjs';
import { priceHtml } from './templates.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {import('./shop.mjs').createShop} CreateShop
 * @typedef {ReturnType<CreateShop>} Shop
 * @typedef {NonNullable<ReturnType<Shop['sessionOf']>>} Session
 */

const NAMESPACE = '/wc/store/v1/';
const TOKEN_TTL_S = 48 * 3600;
const CURRENCY = {
  currency_code: 'USD',
  currency_symbol: '$',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
};

/** WordPress's esc_html for names and messages. @param {string} text */
const escHtml = (text) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');

const base64url = (/** @type {Buffer | string} */ value) => Buffer.from(value).toString('base64url');

/**
 * The Store API over the demo shop's sessions.
 * @param {Shop} shop
 */
export function createStoreApi(shop) {
  const secret = randomBytes(32);

  /** The session's `wc_store_api` nonce (unkind: another one than a page would have printed). @param {Session} session */
  const nonceOf = (session) =>
    createHash('md5')
      .update(`wc_store_api|${session.id}|${session.mode === 'unkind' ? 'rotated' : ''}`)
      .digest('hex')
      .slice(0, 10);

  /** A Cart-Token: an HS256 JWT naming the session, as WooCommerce's JsonWebToken. @param {Session} session */
  function tokenOf(session) {
    const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = base64url(
      JSON.stringify({
        user_id: session.id,
        exp: Math.floor(Date.now() / 1000) + TOKEN_TTL_S,
        iss: 'store-api',
      }),
    );
    const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
    return `${head}.${body}.${signature}`;
  }

  /** The session a valid Cart-Token names (created empty when gone), or undefined. @param {string | undefined} token */
  function sessionOfToken(token) {
    const [head, body, signature] = (token ?? '').split('.');
    if (!head || !body || !signature) return undefined;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      if (typeof payload.exp !== 'number' || payload.exp < Date.now() / 1000) return undefined;
      return shop.sessionById(String(payload.user_id));
    } catch {
      return undefined;
    }
  }

  /** The route under the namespace, or undefined: `/wp-json/wc/store/v1/x` or `?rest_route=/wc/store/v1/x`. @param {URL} url */
  function routeOf(url) {
    const path = url.pathname.startsWith('/wp-json/')
      ? url.pathname.slice('/wp-json'.length)
      : url.searchParams.get('rest_route');
    if (!path?.startsWith(NAMESPACE) && path !== NAMESPACE.slice(0, -1)) return undefined;
    return path.slice(NAMESPACE.length).replace(/\/$/, '');
  }

  /**
   * @param {Res} res @param {number} status @param {unknown} value
   * @param {Session | undefined} session @param {Record<string, string>} [extra]
   */
  function send(res, status, value, session, extra = {}) {
    if (res.writableEnded || res.destroyed) return;
    /** @type {Record<string, string>} */
    const headers = {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
      'X-Robots-Tag': 'noindex',
      'User-ID': String(res.getHeader('User-ID') ?? '0'),
      ...extra,
    };
    if (session) {
      headers.Nonce = nonceOf(session);
      headers['Nonce-Timestamp'] = String(Math.floor(Date.now() / 1000));
      if (session.mode !== 'unkind') headers['Cart-Token'] = tokenOf(session);
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.writeHead(status);
    res.end(JSON.stringify(value));
  }

  /**
   * A WP_Error response; a 409 on a cart route carries the cart, as AbstractCartRoute does.
   * @param {Res} res @param {number} status @param {string} code @param {string} message
   * @param {Session | undefined} session @param {Req} req
   */
  function error(res, status, code, message, session, req) {
    /** @type {Record<string, unknown>} */
    const data = { status };
    if (status === 409) data.cart = cartJson(session, req);
    send(res, status, { code, message, data }, session);
  }

  /** Absolute URL on this host, as WordPress prints permalinks. @param {Req} req @param {string} path */
  const absolute = (req, path) => `http://${req.headers.host ?? 'localhost'}${path}`;

  /** Prices in minor units with the currency's fields. @param {number} cents */
  const money = (cents) => String(cents);

  /** @param {Req} req @param {{ src: string, thumb: string, name: string }} image */
  const imageJson = (req, { src, thumb, name }) => ({
    id: 0,
    src: absolute(req, src),
    thumbnail: absolute(req, thumb),
    srcset: '',
    sizes: '',
    name,
    alt: '',
  });

  /** CartSchema. @param {Session | undefined} session @param {Req} req */
  function cartJson(session, req) {
    const cart = session?.cart ?? new Map();
    const lines = cartLines(cart);
    const subtotal = cartSubtotal(cart);
    return {
      items: lines.map((line) => ({
        key: line.key,
        id: line.variation?.id ?? line.productId,
        type: line.variation ? 'variation' : 'simple',
        quantity: line.quantity,
        quantity_limits: {
          minimum: 1,
          maximum: line.maxQuantity ?? 9999,
          multiple_of: 1,
          editable: true,
        },
        // CartItemSchema: get_title(), the parent's title for a variation.
        name: escHtml(line.product.name),
        short_description: `<p>${escHtml(line.product.shortDescription)}</p>`,
        description: '',
        sku: line.sku,
        low_stock_remaining: line.maxQuantity !== null && line.maxQuantity <= 2 ? line.maxQuantity : null,
        backorders_allowed: false,
        show_backorder_badge: false,
        sold_individually: false,
        permalink: absolute(req, line.url),
        images:
          session?.mode === 'unkind' && line.variation
            ? []
            : [imageJson(req, { src: imageUrl(line.product), thumb: line.thumb, name: line.product.slug })],
        // ProductItemTrait::format_variation_data: the label and the term's name (a custom
        // attribute's value as chosen).
        variation: Object.entries(line.chosen).map(([raw, value]) => {
          const attribute = line.product.attributes.find((a) => `attribute_${a.slug}` === raw);
          return {
            raw_attribute: raw,
            attribute: attribute?.name ?? raw,
            value: escHtml(attribute?.options.find((o) => attributeValue(attribute, o) === value) ?? value),
          };
        }),
        item_data: [],
        prices: {
          price: money(line.unitPrice),
          regular_price: money((line.variation ?? line.product).regularPrice),
          sale_price: money(line.unitPrice),
          price_range: null,
          ...CURRENCY,
          raw_prices: {
            precision: 6,
            price: String(line.unitPrice * 10000),
            regular_price: '',
            sale_price: '',
          },
        },
        totals: {
          line_subtotal: money(line.lineTotal),
          line_subtotal_tax: '0',
          line_total: money(line.lineTotal),
          line_total_tax: '0',
          ...CURRENCY,
        },
        catalog_visibility: 'visible',
        extensions: {},
      })),
      coupons: [],
      fees: [],
      totals: {
        total_items: money(subtotal),
        total_items_tax: '0',
        total_fees: '0',
        total_fees_tax: '0',
        total_discount: '0',
        total_discount_tax: '0',
        total_shipping: null,
        total_shipping_tax: null,
        total_price: money(subtotal),
        total_tax: '0',
        tax_lines: [],
        ...CURRENCY,
      },
      shipping_address: {},
      billing_address: {},
      needs_payment: lines.length > 0,
      needs_shipping: lines.length > 0,
      payment_requirements: ['products'],
      has_calculated_shipping: false,
      shipping_rates: [],
      items_count: cartCount(cart),
      items_weight: 0,
      cross_sells: [],
      errors: [],
      payment_methods: ['cod'],
      extensions: {},
    };
  }

  /**
   * ProductSchema for a product or a variation.
   * @param {Req} req @param {import('./catalog.mjs').Product} product @param {import('./catalog.mjs').Variation} [variation]
   */
  function productJson(req, product, variation) {
    const item = variation ?? product;
    const price = item.salePrice ?? item.regularPrice;
    const image = imageJson(req, {
      src: imageUrl(product),
      thumb: imageUrl(product, 'thumb'),
      name: product.slug,
    });
    return {
      id: item.id,
      name: escHtml(item.name),
      slug: product.slug,
      parent: variation ? product.id : 0,
      type: variation ? 'variation' : product.type,
      variation: variation ? Object.values(variation.attributes).join(', ') : '',
      permalink: absolute(req, permalink(product)),
      sku: item.sku,
      short_description: `<p>${escHtml(product.shortDescription)}</p>`,
      description: `<p>${escHtml(product.description)}</p>`,
      on_sale: item.salePrice !== null,
      prices: {
        price: money(price),
        regular_price: money(item.regularPrice),
        sale_price: money(price),
        price_range:
          product.type === 'variable' && !variation
            ? {
                min_amount: money(Math.min(...product.variations.map((v) => v.salePrice ?? v.regularPrice))),
                max_amount: money(Math.max(...product.variations.map((v) => v.salePrice ?? v.regularPrice))),
              }
            : null,
        ...CURRENCY,
      },
      price_html: priceHtml(item),
      average_rating: '0',
      review_count: 0,
      images: [image],
      categories: product.categories.map((slug) => ({
        id: categories.findIndex((c) => c.slug === slug) + 15,
        name: categories.find((c) => c.slug === slug)?.name ?? slug,
        slug,
        link: absolute(req, `/product-category/${slug}/`),
      })),
      tags: [],
      brands: [],
      attributes: product.attributes.map((a, i) => ({
        id: i + 1,
        name: a.name,
        taxonomy: isTaxonomy(a) ? a.slug : null,
        has_variations: true,
        terms: a.options.map((o, j) => ({ id: j + 1, name: o, slug: attributeValue(a, o) })),
      })),
      variations: variation
        ? []
        : product.variations.map((v) => ({
            id: v.id,
            // ProductSchema::get_variations: the attribute's label, the term slug, and the form field.
            attributes: Object.entries(v.attributes).map(([key, value]) => ({
              name: product.attributes.find((a) => `attribute_${a.slug}` === key)?.name ?? key,
              value: value === '' ? null : value,
              key,
            })),
          })),
      has_options: product.type === 'variable',
      is_purchasable: true,
      is_in_stock: item.stockStatus === 'instock',
      is_on_backorder: false,
      low_stock_remaining: item.stockQuantity !== null && item.stockQuantity <= 2 ? item.stockQuantity : null,
      sold_individually: false,
      add_to_cart: {
        text: product.type === 'variable' ? 'Select options' : 'Add to cart',
        description: `Add to cart: “${product.name}”`,
        url: product.type === 'variable' ? permalink(product) : `?add-to-cart=${product.id}`,
        minimum: 1,
        maximum: item.stockQuantity ?? 9999,
        multiple_of: 1,
      },
      extensions: {},
    };
  }

  /** The products search: name or SKU, every word, optional category slug, ordered by title. @param {URL} url */
  function findProducts(url) {
    const words = (url.searchParams.get('search') ?? '').toLowerCase().trim().split(/\s+/).filter(Boolean);
    const category = url.searchParams.get('category') ?? '';
    return products
      .filter((p) => !category || category.split(',').some((c) => p.categories.includes(c)))
      .filter((p) => words.every((w) => p.name.toLowerCase().includes(w) || p.sku.toLowerCase().includes(w)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * add-item: WooCommerce's errors for what WC()->cart->add_to_cart refuses.
   * @param {ReturnType<typeof addToCart> & { ok: false }} result
   * @returns {[number, string, string]}
   */
  function addError(result) {
    const name = result.product?.name ?? '';
    if (!result.product)
      return [400, 'woocommerce_rest_cart_invalid_product', 'This product cannot be added to the cart.'];
    if (result.reason === 'Please choose product options')
      return [400, 'woocommerce_rest_missing_variation_data', 'Missing variation data for variable product.'];
    if (result.reason === 'invalid quantity')
      return [400, 'woocommerce_rest_cart_invalid_quantity', 'Quantity must be a positive number.'];
    if (result.reason.includes('out of stock'))
      return [
        400,
        'woocommerce_rest_product_out_of_stock',
        escHtml(`You cannot add "${name}" to the cart because the product is out of stock.`),
      ];
    const left = /we have (\d+) in stock/.exec(result.reason)?.[1] ?? '0';
    return [
      400,
      'woocommerce_rest_product_partially_out_of_stock',
      escHtml(
        `You cannot add that amount of "${name}" to the cart because there is not enough stock (${left} remaining).`,
      ),
    ];
  }

  /**
   * CartController::sanitize_variation_data: the posted `[{attribute, value}]` keyed by the field
   * name (`attribute_pa_color`), each attribute found under its field name (not in the strict,
   * older manner), label, lower-cased label (not strict) or own name (`pa_color`, `Gift wrap`);
   * values: a term slug for a global attribute, the text as posted for a custom one.
   * @param {import('./catalog.mjs').Product} product @param {unknown} posted @param {boolean} strict
   */
  function sanitizeVariation(product, posted, strict) {
    /** @type {Record<string, string>} */
    const given = {};
    // wp_list_pluck( $variation, 'value', 'attribute' ): later entries win.
    for (const entry of Array.isArray(posted) ? posted : []) {
      if (entry && typeof entry === 'object')
        given[String(entry.attribute ?? '')] = String(entry.value ?? '');
    }
    /** @type {Record<string, string>} */
    const out = {};
    for (const attribute of product.attributes) {
      const field = `attribute_${attribute.slug}`;
      const names = strict
        ? [attribute.name, attribute.slug.startsWith('pa_') ? attribute.slug : attribute.name]
        : [
            field,
            attribute.name,
            attribute.name.toLowerCase(),
            isTaxonomy(attribute) ? attribute.slug : attribute.name,
          ];
      const name = names.find((n) => n in given);
      if (name === undefined) continue;
      out[field] = isTaxonomy(attribute) ? slugify(given[name]) : given[name].trim();
    }
    return out;
  }

  /**
   * CartController::parse_variation_data: the variation an add means and its attributes, or the
   * refusal WooCommerce sends (a parent's variation found from the data; every attribute checked
   * against the variation; an "any" attribute without a value is missing).
   * @param {import('./catalog.mjs').Product} product @param {import('./catalog.mjs').Variation | undefined} variation
   * @param {unknown} posted @param {boolean} strict
   * @returns {[import('./catalog.mjs').Variation, Record<string, string>] | { code: string, message: string }}
   */
  function parseVariation(product, variation, posted, strict) {
    const data = sanitizeVariation(product, posted, strict);
    const found =
      variation ??
      product.variations.find((v) =>
        Object.entries(v.attributes).every(([k, expected]) => expected === '' || data[k] === expected),
      );
    if (!found) {
      const selected = Object.values(data).filter((v) => v !== '').length;
      return selected < product.attributes.length
        ? { code: 'woocommerce_rest_missing_attributes', message: 'Missing attributes for variable product.' }
        : {
            code: 'woocommerce_rest_variation_id_from_variation_data',
            message: 'No matching variation found.',
          };
    }
    /** @type {Record<string, string>} */
    const chosen = {};
    /** @type {string[]} */
    const missing = [];
    for (const attribute of product.attributes) {
      const field = `attribute_${attribute.slug}`;
      const expected = found.attributes[field] ?? '';
      const slugs = attribute.options.map((o) => attributeValue(attribute, o));
      if (field in data) {
        if (expected === data[field] || (expected === '' && slugs.includes(data[field]))) {
          chosen[field] = data[field];
          continue;
        }
        return {
          code: 'woocommerce_rest_invalid_variation_data',
          message: escHtml(`Invalid value posted for ${attribute.name}. Allowed values: ${slugs.join(', ')}`),
        };
      }
      if (expected !== '') chosen[field] = expected;
      else missing.push(attribute.name);
    }
    if (missing.length)
      return {
        code: 'woocommerce_rest_missing_variation_data',
        message: escHtml(
          `Missing variation data for variable product. ${missing.join(', ')} ${missing.length > 1 ? 'are required fields' : 'is a required field'}`,
        ),
      };
    return [found, chosen];
  }

  /** The JSON body (WP_REST_Request reads JSON or form bodies); undefined when it is not an object. @param {Req} req */
  async function jsonBody(req) {
    const text = await readBody(req);
    if (!text) return {};
    try {
      const value = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
    } catch {
      return Object.fromEntries(new URLSearchParams(text));
    }
  }

  /** @param {Req} req @param {Res} res @returns {Promise<boolean>} */
  async function handle(req, res) {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return false;
    }
    const route = routeOf(url);
    if (route === undefined) return false;
    const method = req.method ?? 'GET';
    // AbstractCartRoute::add_response_headers: get_current_user_id(), whatever the token says.
    res.setHeader('User-ID', shop.userOf(req) || '0');
    const tokenSession = sessionOfToken(/** @type {string | undefined} */ (req.headers['cart-token']));
    const usable = tokenSession?.mode === 'unkind' ? undefined : tokenSession;
    const write = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
    const session = usable ?? shop.sessionOf(req, res, route.startsWith('cart'));
    /** @type {Record<string, unknown> | undefined} */
    let body = {};
    if (write) {
      try {
        body = await jsonBody(req);
      } catch (e) {
        send(
          res,
          e instanceof BodyTooLargeError ? 413 : 400,
          { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } },
          session,
        );
        return true;
      }
      if (!body) {
        send(
          res,
          400,
          { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } },
          session,
        );
        return true;
      }
    }
    const logged = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    if (!(await shop.beginIn(session, req, res, url, `store-api:${route}`, logged))) return true;

    // Cart writes need the nonce unless a valid Cart-Token names the cart (AbstractCartRoute::requires_nonce).
    if (write && route.startsWith('cart') && !usable) {
      const nonce = req.headers.nonce;
      if (typeof nonce !== 'string' || nonce === '') {
        error(
          res,
          401,
          'woocommerce_rest_missing_nonce',
          'Missing the Nonce header. This endpoint requires a valid nonce.',
          session,
          req,
        );
        return true;
      }
      if (!session || nonce !== nonceOf(session)) {
        error(res, 403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.', session, req);
        return true;
      }
    }

    if (route === 'cart' && method === 'GET') {
      send(res, 200, cartJson(session, req), session);
      return true;
    }
    if (route === 'cart/add-item' && method === 'POST' && session) {
      await shop.slowAdd(session);
      /** @type {Record<string, string>} */
      const fields = { product_id: String(body.id ?? ''), quantity: String(body.quantity ?? '1') };
      const id = stockAmount(body.id);
      const asVariation = variationById(id);
      const product = productById(asVariation?.parentId ?? id);
      if (product?.type === 'variable') {
        const parsed = parseVariation(product, asVariation, body.variation, session.mode === 'unkind');
        if (!Array.isArray(parsed)) {
          error(res, 400, parsed.code, parsed.message, session, req);
          return true;
        }
        const [variation, chosen] = parsed;
        fields.product_id = String(variation.id);
        Object.assign(fields, chosen);
      } else if (asVariation) fields.variation_id = String(id);
      if (stockAmount(fields.quantity) <= 0) {
        error(
          res,
          400,
          'woocommerce_rest_cart_invalid_quantity',
          'Quantity must be a positive number.',
          session,
          req,
        );
        return true;
      }
      const result = addToCart(session.cart, fields);
      if (!result.ok) {
        const [status, code, message] = addError(result);
        error(res, status, code, message, session, req);
        return true;
      }
      shop.setCartCookies(req, res, session);
      send(res, 201, cartJson(session, req), session);
      return true;
    }
    if ((route === 'cart/remove-item' || route === 'cart/update-item') && method === 'POST') {
      const key = String(body.key ?? '');
      if (!session || !session.cart.has(key)) {
        error(
          res,
          409,
          'woocommerce_rest_cart_invalid_key',
          'Cart item no longer exists or is invalid.',
          session,
          req,
        );
        return true;
      }
      if (route === 'cart/remove-item') session.cart.delete(key);
      else {
        const quantity = Number(body.quantity);
        if (!Number.isInteger(quantity) || quantity < 0) {
          error(res, 400, 'rest_invalid_param', 'Invalid parameter(s): quantity', session, req);
          return true;
        }
        // More than the stock left: refused, the cart unchanged (CartController::validate_cart_item).
        const line = cartLines(session.cart).find((l) => l.key === key);
        if (line && line.maxQuantity !== null && quantity > line.maxQuantity) {
          const message = `You cannot add that amount of "${line.product.name}" to the cart because there is not enough stock (${line.maxQuantity} remaining).`;
          error(res, 400, 'woocommerce_rest_product_partially_out_of_stock', escHtml(message), session, req);
          return true;
        }
        setQuantity(session.cart, key, quantity);
      }
      shop.setCartCookies(req, res, session);
      send(res, 200, cartJson(session, req), session);
      return true;
    }
    if (route === 'products' && method === 'GET') {
      const found = findProducts(url);
      const perPage = Math.min(Math.max(stockAmount(url.searchParams.get('per_page') ?? '10') || 10, 1), 100);
      const page = Math.max(stockAmount(url.searchParams.get('page') ?? '1') || 1, 1);
      const rows = found.slice((page - 1) * perPage, page * perPage).map((p) => productJson(req, p));
      send(res, 200, rows, session, {
        'X-WP-Total': String(found.length),
        'X-WP-TotalPages': String(Math.ceil(found.length / perPage)),
      });
      return true;
    }
    const single = /^products\/(\d+)$/.exec(route);
    if (single && method === 'GET') {
      const id = Number(single[1]);
      const variation = variationById(id);
      const product = variation ? productById(variation.parentId) : productById(id);
      if (!product)
        error(res, 404, 'woocommerce_rest_product_invalid_id', 'Invalid product ID.', session, req);
      else send(res, 200, productJson(req, product, variation), session);
      return true;
    }
    error(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.', session, req);
    return true;
  }

  return { handle };
}
