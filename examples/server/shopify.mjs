// @ts-check
// Shopify's Ajax API in the demo shop (issue 18), answering as shopify.dev's Cart API and
// Predictive Search API references describe it, over the same session cart as the classic
// endpoints (shop.mjs), so a shopper can switch adapters and keep the cart:
//
//   GET  /cart.js                  the cart: money in cents, `item_count`, `items` (key "variant:hash")
//   POST /cart/add.js              {items:[{id, quantity, properties}]} or {id, quantity} -> the added items
//   POST /cart/change.js           {id: key | variant id, quantity} or {line, quantity} -> the cart
//   POST /cart/update.js           {updates: {key | variant id: quantity}} or {updates: [q, ...]} -> the cart
//   GET  /search/suggest.json?q=&resources[type]=&resources[limit]=   predictive search (decimal prices)
//
// Bodies are JSON or form-encoded, as Shopify takes both. Errors are Shopify's JSON,
// `{status, message, description}`: 404 "Cannot find variant", 422 "Cart Error" with the stock
// messages of 2025 ("Only 2 items were added to your cart." — those are added —, "The maximum
// quantity of this item is already in your cart.", "The product '…' is already sold out."), 400
// `bad_request` for a missing or unknown id. While the cart has items the `cart` cookie (not
// HttpOnly, as Shopify's) holds its token; the cart itself is the demo session's.
//
// Variant ids are the demo catalog's: a simple product's id is its only variant's id, a variable
// product's variations are its variants (its own id is no variant). The unkind manner sends what
// real carts hold at times: `sku: null`, no `featured_image` or `image` for variants.
import { createHash } from 'node:crypto';
import { addToCart, cartCount, cartLines, cartSubtotal, setQuantity, stockAmount } from './cart.mjs';
import { imageUrl, productById, products, variationById } from './catalog.mjs';
import { BodyTooLargeError, readBody, serializeCookie } from './http.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {ReturnType<import('./shop.mjs').createShop>} Shop
 * @typedef {NonNullable<ReturnType<Shop['sessionOf']>>} Session
 * @typedef {import('./cart.mjs').LineView} LineView
 */

const ROUTES = new Set([
  '/cart.js',
  '/cart/add.js',
  '/cart/change.js',
  '/cart/update.js',
  '/search/suggest.json',
]);

/** The dollars of an amount in cents as Shopify's predictive search writes prices ("18.00"). @param {number} cents */
const decimal = (cents) => (cents / 100).toFixed(2);

/**
 * The Ajax API over the demo shop's sessions.
 * @param {Shop} shop
 */
export function createShopify(shop) {
  /** @param {Res} res @param {number} status @param {unknown} value */
  function send(res, status, value) {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
    });
    res.end(JSON.stringify(value));
  }
  /** Shopify's error JSON. @param {Res} res @param {number} status @param {string} message @param {string} description */
  function fail(res, status, message, description) {
    send(res, status, { status: status === 400 ? 'bad_request' : status, message, description });
  }

  /** The line item key Shopify uses: "variant id:hash". @param {LineView} line */
  const keyOf = (line) => `${line.variation?.id ?? line.productId}:${line.key}`;

  /** The cart line a key or variant id names. @param {Session} session @param {unknown} id */
  function lineOf(session, id) {
    const text = String(id ?? '');
    const lines = cartLines(session.cart);
    return (
      lines.find((l) => keyOf(l) === text || l.key === text) ??
      lines.find((l) => String(l.variation?.id ?? l.productId) === text)
    );
  }

  /** A line item of /cart.js. @param {LineView} line @param {Session} session */
  function itemJson(line, session) {
    const unkind = session.mode === 'unkind';
    const variantId = line.variation?.id ?? line.productId;
    const image = unkind && line.variation ? null : imageUrl(line.product);
    const variantTitle = line.variation
      ? line.name.slice(line.product.name.length + 3).replace(/, /g, ' / ')
      : null;
    return {
      id: variantId,
      properties: {},
      quantity: line.quantity,
      variant_id: variantId,
      key: keyOf(line),
      title: variantTitle ? `${line.product.name} - ${variantTitle}` : line.product.name,
      price: line.unitPrice,
      original_price: line.unitPrice,
      discounted_price: line.unitPrice,
      line_price: line.lineTotal,
      original_line_price: line.lineTotal,
      total_discount: 0,
      discounts: [],
      sku: unkind ? null : line.sku,
      grams: 0,
      vendor: 'Storefront Demo',
      taxable: true,
      product_id: line.productId,
      product_has_only_default_variant: !line.variation,
      gift_card: false,
      final_price: line.unitPrice,
      final_line_price: line.lineTotal,
      url: line.url.includes('?') ? `${line.url}&variant=${variantId}` : `${line.url}?variant=${variantId}`,
      featured_image: image
        ? { aspect_ratio: 1, alt: line.product.name, height: 800, url: image, width: 800 }
        : null,
      image,
      handle: line.product.slug,
      requires_shipping: true,
      product_type: line.product.categories[0] ?? '',
      product_title: line.product.name,
      product_description: line.product.shortDescription,
      variant_title: variantTitle,
      variant_options: variantTitle ? variantTitle.split(' / ') : ['Default Title'],
      options_with_values: [],
      line_level_discount_allocations: [],
      line_level_total_discount: 0,
      quantity_rule: { min: 1, max: line.maxQuantity, increment: 1 },
      has_components: false,
    };
  }

  /** /cart.js. @param {Session | undefined} session */
  function cartJson(session) {
    const cart = session?.cart ?? new Map();
    const subtotal = cartSubtotal(cart);
    return {
      token: session ? `c1-${createHash('md5').update(session.id).digest('hex')}` : null,
      note: '',
      attributes: {},
      original_total_price: subtotal,
      total_price: subtotal,
      total_discount: 0,
      total_weight: 0,
      item_count: cartCount(cart),
      items: session ? cartLines(cart).map((line) => itemJson(line, session)) : [],
      requires_shipping: cart.size > 0,
      currency: 'USD',
      items_subtotal_price: subtotal,
      cart_level_discount_applications: [],
    };
  }

  /** Keeps Shopify's `cart` cookie while the session's cart has items. @param {Req} req @param {Res} res @param {Session} session */
  function cartCookie(req, res, session) {
    shop.setCartCookies(req, res, session);
    if (session.cart.size > 0) shop.addCookie(res, serializeCookie('cart', cartJson(session).token ?? ''));
  }

  /** A JSON or form body (`items[0][id]` forms are read as Shopify does for the common fields). @param {Req} req */
  async function bodyOf(req) {
    const text = await readBody(req);
    if (!text) return {};
    if (text.trimStart().startsWith('{')) {
      const value = JSON.parse(text);
      return value && typeof value === 'object' ? value : {};
    }
    /** @type {Record<string, any>} */
    const form = {};
    for (const [name, value] of new URLSearchParams(text)) {
      const update = /^updates\[(.+)\]$/.exec(name);
      if (!update) form[name] = value;
      else {
        form.updates ??= {};
        form.updates[update[1]] = value;
      }
    }
    return form;
  }

  /**
   * Sets a line's quantity as change.js/update.js do: capped at the stock left, answering 422 when
   * fewer than asked were set. Returns the error description, or '' when all went in.
   * @param {Session} session @param {LineView} line @param {number} quantity
   */
  function change(session, line, quantity) {
    setQuantity(session.cart, line.key, quantity);
    const max = line.maxQuantity;
    if (max !== null && quantity > max) return `Only ${max} items were added to your cart.`;
    return '';
  }

  /**
   * add.js: each item added as WC()->cart would, with Shopify's answers.
   * @param {Session} session @param {Record<string, any>} body
   * @returns {{ items: unknown[] } | { error: [number, string, string] }}
   */
  function add(session, body) {
    const items = Array.isArray(body.items) ? body.items : body.id !== undefined ? [body] : undefined;
    if (!items || items.length === 0) {
      return { error: [400, 'Parameter Missing or Invalid', 'Required parameter missing or invalid: items'] };
    }
    const added = [];
    for (const item of items) {
      const id = stockAmount(item?.id);
      const variation = variationById(id);
      const product = variation ? productById(variation.parentId) : productById(id);
      if (!product || (product.type === 'variable' && !variation)) {
        return { error: [404, 'Cart Error', 'Cannot find variant'] };
      }
      const target = variation ?? product;
      const quantity = Math.max(1, stockAmount(item.quantity ?? 1));
      if (target.stockStatus !== 'instock') {
        return { error: [422, 'Cart Error', `The product '${product.name}' is already sold out.`] };
      }
      const fields = { product_id: String(id), quantity: String(quantity) };
      const inCart =
        cartLines(session.cart).find((l) => (l.variation?.id ?? l.productId) === id)?.quantity ?? 0;
      const left = target.stockQuantity === null ? Number.POSITIVE_INFINITY : target.stockQuantity - inCart;
      if (left <= 0) {
        return { error: [422, 'Cart Error', 'The maximum quantity of this item is already in your cart.'] };
      }
      if (quantity > left) {
        // Shopify adds what there is and says so.
        addToCart(session.cart, { ...fields, quantity: String(left) });
        return { error: [422, 'Cart Error', `Only ${left} items were added to your cart.`] };
      }
      const result = addToCart(session.cart, fields);
      if (result.ok) added.push(result.line.key);
    }
    const lines = cartLines(session.cart);
    return {
      items: added.map((key) =>
        itemJson(/** @type {LineView} */ (lines.find((l) => l.key === key)), session),
      ),
    };
  }

  /** /search/suggest.json. @param {URL} url */
  function suggest(url) {
    const query = (url.searchParams.get('q') ?? '').trim();
    const types = (url.searchParams.get('resources[type]') ?? 'query,product,collection,page').split(',');
    const limit = Math.min(
      Math.max(stockAmount(url.searchParams.get('resources[limit]') ?? '10') || 10, 1),
      10,
    );
    const unavailable = url.searchParams.get('resources[options][unavailable_products]') ?? 'last';
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    let found = words.length
      ? products
          .filter((p) =>
            words.every((w) => p.name.toLowerCase().includes(w) || p.sku.toLowerCase().includes(w)),
          )
          .sort((a, b) => a.name.localeCompare(b.name))
      : [];
    if (unavailable === 'hide') found = found.filter((p) => p.stockStatus === 'instock');
    if (unavailable === 'last')
      found = [
        ...found.filter((p) => p.stockStatus === 'instock'),
        ...found.filter((p) => p.stockStatus !== 'instock'),
      ];
    /** @type {Record<string, unknown[]>} */
    const results = {};
    if (types.includes('product'))
      results.products = found.slice(0, limit).map((p, i) => {
        const prices = p.variations.length
          ? p.variations.map((v) => v.salePrice ?? v.regularPrice)
          : [p.salePrice ?? p.regularPrice];
        const image = imageUrl(p, 'thumb');
        return {
          available: p.stockStatus === 'instock',
          body: `<p>${p.shortDescription}</p>`,
          compare_at_price_max: decimal(p.salePrice === null ? 0 : p.regularPrice),
          compare_at_price_min: decimal(p.salePrice === null ? 0 : p.regularPrice),
          handle: p.slug,
          id: p.id,
          image,
          price: decimal(Math.min(...prices)),
          price_max: decimal(Math.max(...prices)),
          price_min: decimal(Math.min(...prices)),
          tags: [],
          title: p.name,
          type: p.categories[0] ?? '',
          url: `/product/${p.slug}/?_pos=${i + 1}&_sid=demo&_ss=r`,
          variants: [],
          vendor: 'Storefront Demo',
          featured_image: { alt: p.name, aspect_ratio: 1, height: 300, url: image, width: 300 },
        };
      });
    if (types.includes('query'))
      results.queries = query
        ? [
            {
              text: query,
              styled_text: `<mark>${query.replace(/[<>&"]/g, '')}</mark>`,
              url: `/search?q=${encodeURIComponent(query)}`,
            },
          ]
        : [];
    if (types.includes('collection')) results.collections = [];
    if (types.includes('page')) results.pages = [];
    if (types.includes('article')) results.articles = [];
    return { resources: { results } };
  }

  /** @param {Req} req @param {Res} res @returns {Promise<boolean>} */
  async function handle(req, res) {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return false;
    }
    if (!ROUTES.has(url.pathname)) return false;
    const method = req.method ?? 'GET';
    const endpoint = `shopify:${url.pathname.slice(1)}`;
    if (url.pathname === '/search/suggest.json' || url.pathname === '/cart.js') {
      if (method !== 'GET' && method !== 'HEAD') return false;
      const session = shop.sessionOf(req, res, false);
      if (!(await shop.beginIn(session, req, res, url, endpoint, {}))) return true;
      send(res, 200, url.pathname === '/cart.js' ? cartJson(session) : suggest(url));
      return true;
    }
    if (method !== 'POST') return false;
    /** @type {Record<string, any>} */
    let body;
    try {
      body = await bodyOf(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) res.writeHead(413).end();
      else fail(res, 400, 'Parameter Missing or Invalid', 'The request body is not valid JSON.');
      return true;
    }
    const session = /** @type {Session} */ (shop.sessionOf(req, res, true));
    const logged = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    if (!(await shop.beginIn(session, req, res, url, endpoint, logged))) return true;

    if (url.pathname === '/cart/add.js') {
      await shop.slowAdd(session);
      const answer = add(session, body);
      cartCookie(req, res, session);
      if ('error' in answer) fail(res, ...answer.error);
      else send(res, 200, Array.isArray(body.items) ? { items: answer.items } : answer.items[0]);
      return true;
    }
    if (url.pathname === '/cart/change.js') {
      const lines = cartLines(session.cart);
      const line = body.line !== undefined ? lines[stockAmount(body.line) - 1] : lineOf(session, body.id);
      if (!line) {
        fail(res, 400, 'no valid id or line parameter', 'no valid id or line parameter');
        return true;
      }
      const problem = change(session, line, Math.max(0, stockAmount(body.quantity)));
      cartCookie(req, res, session);
      if (problem) fail(res, 422, 'Cart Error', problem);
      else send(res, 200, cartJson(session));
      return true;
    }
    // /cart/update.js
    const updates = body.updates;
    if (!updates || typeof updates !== 'object') {
      fail(res, 400, 'Parameter Missing or Invalid', 'Required parameter missing or invalid: updates');
      return true;
    }
    const lines = cartLines(session.cart);
    /** @type {[LineView | undefined, number][]} */
    const wanted = Array.isArray(updates)
      ? updates.map((q, i) => [lines[i], stockAmount(q)])
      : Object.entries(updates).map(([id, q]) => [lineOf(session, id), stockAmount(q)]);
    let problem = '';
    for (const [line, quantity] of wanted) {
      // Unknown ids are skipped, as Shopify does.
      if (line) problem = change(session, line, Math.max(0, quantity)) || problem;
    }
    cartCookie(req, res, session);
    if (problem) fail(res, 422, 'Cart Error', problem);
    else send(res, 200, cartJson(session));
    return true;
  }

  return { handle };
}
