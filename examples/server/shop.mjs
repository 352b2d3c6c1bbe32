// @ts-check
// The demo shop (issue 2 §6): a small WooCommerce look-alike speaking the protocol of spec §7 —
// wc-ajax endpoints, admin-ajax actions (Flatsome's quantity, quick view and live search),
// server-rendered pages, generated images, a cart per session cookie, WooCommerce's cart cookies —
// plus a test API under /__shop/ (fault injection, reset, log, state, catalog), all scoped to the
// caller's session so parallel browsers never see each other's state.
import { createHash, randomBytes } from 'node:crypto';
import {
  addToCart,
  cartCount,
  cartHash,
  cartItemJson,
  cartLines,
  cartSubtotal,
  findVariation,
  setQuantity,
  stockAmount,
} from './cart.mjs';
import { categories, imageUrl, permalink, productById, productBySlug, products } from './catalog.mjs';
import { CSP } from './csp.mjs';
import { BodyTooLargeError, parseCookies, parseForm, readBody, serializeCookie } from './http.mjs';
import { productSvg } from './images.mjs';
import { handleLoopRefresh } from './loop.mjs';
import { handleReviews } from './reviews.mjs';
import {
  cartMain,
  checkoutMain,
  fragments,
  layout,
  pageConfigJson,
  priceHtml,
  productMain,
  quickView,
  shopMain,
  variationJson,
} from './templates.mjs';
import { PARAMS_SCRIPT_PATH, paramsScript, slowAddOption, wcAjaxAddToCart } from './unkind.mjs';
import { readMultipartFields } from './uploads.mjs';

export { pageConfigJson };

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {import('./cart.mjs').Cart} Cart
 * @typedef {import('./templates.mjs').Notice} Notice
 * @typedef {{ endpoint: string, status?: number, delayMs?: number, malformed?: boolean, hang?: boolean, body?: unknown, hasBody: boolean, location?: string, times: number }} Fault
 * @typedef {{ endpoint: string, method: string, query: Record<string, string>, body: Record<string, string>, at: number }} LogEntry
 * @typedef {'tidy' | 'unkind'} ShopMode tidy answers like the protocol's common case; unkind like a real
 *   WooCommerce + Flatsome shop with theme snippets (issue 11 "The demo shop as unkind as a real one")
 * @typedef {{ id: string, cart: Cart, faults: Fault[], log: LogEntry[], notices: Notice[], nonce: string, mode: ShopMode, slowAddMs: number }} Session
 *   slowAddMs: in the unkind manner, how long every add is held before the cart changes (unkind.mjs)
 * @typedef {{ maxSessions?: number, hangMs?: number, searchLimit?: number }} ShopOptions
 */

/** WooCommerce's session cookie is wp_woocommerce_session_ + COOKIEHASH (md5 of the site URL). */
export const SESSION_COOKIE = `wp_woocommerce_session_${createHash('md5').update('storefront-demo').digest('hex')}`;
/** WordPress's login cookie, wordpress_logged_in_ + COOKIEHASH (HttpOnly, as WordPress sets it). */
export const LOGIN_COOKIE = `wordpress_logged_in_${createHash('md5').update('storefront-demo').digest('hex')}`;
/**
 * The demo shop's customers (POST /wp-login.php with `log` and `pwd`): every user name of letters,
 * digits, `-` and `_` is a customer whose password is `demo`, with a user id of its own (9 digits
 * from the name), so parallel test browsers log in as users of their own.
 * @param {string} name @returns {string} the user id, '' for no such user
 */
export const userIdOf = (name) =>
  /^[a-z0-9_-]{1,60}$/i.test(name)
    ? String((Number.parseInt(createHash('md5').update(name).digest('hex').slice(0, 7), 16) % 9e8) + 1e8)
    : '';
const SESSION_TTL_S = 48 * 3600; // WooCommerce keeps guest sessions for 48 hours
const LOG_LIMIT = 500;
const MAX_DELAY_MS = 60_000;

/** wc-ajax endpoints (spec §7 Shop ajax endpoints). */
const WC_AJAX = new Set([
  'add_to_cart',
  'remove_from_cart',
  'get_refreshed_fragments',
  'get_variation',
  'wcpa_ajax_add_to_cart',
]);
/** admin-ajax actions (spec §7 Site ajax endpoint). */
const ADMIN_AJAX = new Set([
  'flatsome_ajax_cart_item_alter_quantity',
  'flatsome_quickview',
  'flatsome_ajax_search_products',
  'flatsome_load_instagram',
]);

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the shop. `handle` answers what belongs to the shop and resolves true, or resolves
 * false without touching `res` (static files are served by Vite / web-test-runner).
 * @param {ShopOptions} [options]
 */
export function createShop(options = {}) {
  const maxSessions = options.maxSessions ?? 10_000;
  const hangMs = options.hangMs ?? 60_000;
  const searchLimit = options.searchLimit ?? 10;
  /** @type {Map<string, Session>} */
  const sessions = new Map();
  /** Sessions made during a request, whose cookie the browser does not send back yet. @type {WeakMap<Req, Session>} */
  const madeFor = new WeakMap();

  // ---- sessions --------------------------------------------------------------------------------

  /** @param {Req} req */
  function sessionIdOf(req) {
    const raw = parseCookies(req)[SESSION_COOKIE];
    // WooCommerce's cookie value is customer_id||expiration||expiring||hash; the id identifies the cart.
    const id = raw?.split('||')[0] ?? '';
    return /^t_[0-9a-f]{30}$/.test(id) || /^[1-9]\d{0,8}$/.test(id) ? id : '';
  }

  /** Login tokens of the logged-in cookies WordPress issued and has not ended (token -> user id). @type {Map<string, string>} */
  const logins = new Map();
  /**
   * WooCommerce's persistent cart (user meta `_woocommerce_persistent_cart_1`): a user's cart as it
   * was at logout, merged into the session cart at the next login. @type {Map<string, Cart>}
   */
  const savedCarts = new Map();

  /** The logged-in user's id (WordPress's login cookie, still valid), or ''. @param {Req} req */
  function userOf(req) {
    const [name = '', , token = ''] = (parseCookies(req)[LOGIN_COOKIE] ?? '').split('|');
    const id = logins.get(token);
    return id && userIdOf(name) === id ? id : '';
  }

  /** A new session (cart, test state) under `id`, not yet anyone's cookie. @param {string} id */
  function newSession(id) {
    /** @type {Session} */
    const session = {
      id,
      cart: new Map(),
      faults: [],
      log: [],
      notices: [],
      nonce: randomBytes(5).toString('hex'),
      mode: 'tidy',
      slowAddMs: 0,
    };
    sessions.set(id, session);
    while (sessions.size > maxSessions) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
    }
    return session;
  }

  /**
   * The session a Store API Cart-Token names (StoreApi\SessionHandler): the stored session of that
   * customer id, or an empty one under it when WooCommerce deleted it (a guest session moved at
   * login, a session destroyed at logout); no cookie changes.
   * @param {string} id
   */
  function sessionById(id) {
    return sessions.get(id) ?? newSession(id);
  }

  /** Sets WooCommerce's session cookie for `session`. @param {Res} res @param {Session} session */
  function setSessionCookie(res, session) {
    const expires = Math.floor(Date.now() / 1000) + SESSION_TTL_S;
    const value = `${session.id}||${expires}||${expires - 3600}||${createHash('md5').update(session.id).digest('hex')}`;
    addCookie(res, serializeCookie(SESSION_COOKIE, value, { maxAge: SESSION_TTL_S, httpOnly: true }));
  }

  /**
   * The caller's session; with `create`, one is made (and its cookie set on `res`) if missing.
   * @param {Req} req @param {Res} res @param {boolean} create
   * @returns {Session | undefined}
   */
  function sessionOf(req, res, create) {
    const made = madeFor.get(req);
    if (made) return made;
    let id = sessionIdOf(req);
    const user = userOf(req);
    if (id && /^\d/.test(id) && id !== user) {
      // WC_Session_Handler::is_session_cookie_valid: a user's session cookie without that user
      // logged in (logged out elsewhere) is destroyed; a new guest session starts.
      sessions.delete(id);
      id = '';
    }
    let found = id ? sessions.get(id) : undefined;
    if (user && id !== user) {
      // WC_Session_Handler::init_session_cookie at login: the guest session's data is saved under
      // the user's id and the guest session deleted (an empty guest cart keeps the user's own).
      const own = sessions.get(user);
      if (found) sessions.delete(found.id);
      if (found && !(own && found.cart.size === 0)) {
        found.id = user;
        sessions.set(user, found);
      } else found = own;
      // WC_Cart_Session::get_cart_from_session after a login: the saved cart merged in.
      const saved = savedCarts.get(user);
      if (saved) {
        found ??= newSession(user);
        for (const [key, line] of saved) if (!found.cart.has(key)) found.cart.set(key, { ...line });
      }
      if (found) {
        madeFor.set(req, found);
        setSessionCookie(res, found);
        return found;
      }
      id = '';
    }
    if (found) {
      // Least recently used go first when the cap is reached.
      sessions.delete(found.id);
      sessions.set(found.id, found);
      return found;
    }
    if (!create) return undefined;
    // A known-format id the server forgot (restart, eviction) keeps its id so the browser's cookie
    // stays valid; a logged-in user's session is under the user's id.
    const session = newSession(user || id || `t_${randomBytes(15).toString('hex')}`);
    madeFor.set(req, session); // e.g. ?shop_mode=unkind on the first page: that page is unkind too
    setSessionCookie(res, session);
    return session;
  }

  /**
   * wp-login.php: POST `log`/`pwd` logs in (WordPress's HttpOnly login cookie; WooCommerce then
   * moves the guest session to the user, above); `?action=logout` ends the login and, as
   * WooCommerce's `wp_logout` hook does, destroys the session: deleted, its cookie and the cart
   * cookies expired. Both answer 303 to `redirect_to` (same site) or the shop.
   * @param {Req} req @param {Res} res @param {URL} url
   */
  async function wpLogin(req, res, url) {
    const form = await readForm(req, res);
    if (!form) return true;
    const back = (/** @type {string | undefined} */ to) =>
      redirect(res, to?.startsWith('/') && !to.startsWith('//') ? to : '/shop/');
    if (url.searchParams.get('action') === 'logout') {
      const user = userOf(req);
      const session = sessionOf(req, res, false);
      const [, , token = ''] = (parseCookies(req)[LOGIN_COOKIE] ?? '').split('|');
      logins.delete(token);
      if (user && session) savedCarts.set(user, new Map(session.cart));
      if (session) sessions.delete(session.id);
      addCookie(res, serializeCookie(LOGIN_COOKIE, '', { expired: true }));
      addCookie(res, serializeCookie(SESSION_COOKIE, '', { expired: true }));
      if (user || session) setCartCookies(req, res, undefined, true);
      back(url.searchParams.get('redirect_to') ?? undefined);
      return true;
    }
    if (req.method !== 'POST') {
      sendText(res, 200, '<form method="post"><input name="log"><input name="pwd" type="password"></form>');
      return true;
    }
    const user = userIdOf(form.log ?? '');
    if (!user || form.pwd !== 'demo') {
      sendText(
        res,
        200,
        '<p id="login_error"><strong>Error:</strong> The password you entered is incorrect.</p>',
      );
      return true;
    }
    const token = randomBytes(16).toString('hex');
    logins.set(token, user);
    const expires = Math.floor(Date.now() / 1000) + SESSION_TTL_S;
    addCookie(res, serializeCookie(LOGIN_COOKIE, `${form.log}|${expires}|${token}|x`, { httpOnly: true }));
    back(form.redirect_to);
    return true;
  }

  /** @param {Res} res @param {string} cookie */
  function addCookie(res, cookie) {
    const existing = res.getHeader('Set-Cookie');
    const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
    res.setHeader('Set-Cookie', [...list, cookie]);
  }

  /**
   * WooCommerce's maybe_set_cart_cookies: items_in_cart and cart_hash while the cart has items,
   * expired when it is empty and the browser still holds them.
   * @param {Req} req @param {Res} res @param {Session | undefined} session @param {boolean} [force]
   */
  function setCartCookies(req, res, session, force = false) {
    const cart = session?.cart ?? new Map();
    if (cart.size > 0) {
      addCookie(res, serializeCookie('woocommerce_items_in_cart', '1'));
      addCookie(res, serializeCookie('woocommerce_cart_hash', cartHash(cart)));
    } else if (force || 'woocommerce_items_in_cart' in parseCookies(req)) {
      addCookie(res, serializeCookie('woocommerce_items_in_cart', '0', { expired: true }));
      addCookie(res, serializeCookie('woocommerce_cart_hash', '', { expired: true }));
    }
  }

  /** @param {Session | undefined} session */
  function cartView(session) {
    const cart = session?.cart ?? new Map();
    return {
      lines: cartLines(cart),
      count: cartCount(cart),
      subtotal: cartSubtotal(cart),
      hash: cartHash(cart),
      nonce: session?.nonce ?? '0000000000',
    };
  }

  // ---- responses -------------------------------------------------------------------------------

  /** @param {Res} res @param {number} status @param {unknown} value */
  function sendJson(res, status, value) {
    if (res.writableEnded || res.destroyed) return;
    // wp_send_json(): JSON with WordPress's nocache headers.
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
      'X-Robots-Tag': 'noindex',
    });
    res.end(JSON.stringify(value));
  }

  /** @param {Res} res @param {number} status @param {string} text @param {string} [type] */
  function sendText(res, status, text, type = 'text/html; charset=UTF-8') {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
    });
    res.end(text);
  }

  /** @param {Res} res @param {string} html */
  function sendPage(res, html) {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
    });
    res.end(html);
  }

  /** @param {Res} res @param {string} location */
  function redirect(res, location) {
    res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
    res.end();
  }

  // ---- faults (test API) ------------------------------------------------------------------------

  /**
   * Takes the first fault registered for `endpoint` (or "*") in this session, counting down `times`.
   * @param {Session | undefined} session @param {string} endpoint
   */
  function takeFault(session, endpoint) {
    if (!session) return undefined;
    const i = session.faults.findIndex((f) => f.endpoint === endpoint || f.endpoint === '*');
    if (i < 0) return undefined;
    const fault = session.faults[i];
    fault.times -= 1;
    if (fault.times <= 0) session.faults.splice(i, 1);
    return fault;
  }

  /**
   * Applies a fault; resolves true when the fault answered (or is hanging), false when the real
   * handler should run (a bare delay).
   * @param {Fault} fault @param {Req} req @param {Res} res
   */
  async function applyFault(fault, req, res) {
    if (fault.delayMs) await sleep(Math.min(Math.max(0, fault.delayMs), MAX_DELAY_MS));
    if (res.destroyed) return true;
    if (fault.hang) {
      // Never answer; close the socket after hangMs so a forgotten client does not leak it.
      const timer = setTimeout(() => res.destroy(), hangMs);
      res.on('close', () => clearTimeout(timer));
      req.on('close', () => clearTimeout(timer));
      return true;
    }
    if (fault.malformed) {
      sendText(
        res,
        fault.status ?? 200,
        '{"fragments":{"div.widget_shopping_cart_content":"<div',
        'application/json; charset=UTF-8',
      );
      return true;
    }
    if (fault.location) {
      // A redirect (307 keeps the method and body), to a same-site location.
      res.writeHead(fault.status ?? 307, { Location: fault.location, 'Cache-Control': 'no-store' });
      res.end();
      return true;
    }
    if (fault.hasBody) {
      sendJson(res, fault.status ?? 200, fault.body);
      return true;
    }
    if (fault.status) {
      // What WordPress prints on a fatal error.
      sendText(res, fault.status, '<p>There has been a critical error on this website.</p>');
      return true;
    }
    return false;
  }

  /** @param {unknown} raw @returns {Fault | string} the fault or an error message */
  function parseFault(raw) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'expected a JSON object';
    const f = /** @type {Record<string, unknown>} */ (raw);
    if (typeof f.endpoint !== 'string' || f.endpoint === '') return 'endpoint must be a non-empty string';
    const num = (/** @type {unknown} */ v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    const status = num(f.status);
    if (status !== undefined && (status < 100 || status > 599)) return 'status must be 100..599';
    const times = num(f.times);
    return {
      endpoint: f.endpoint,
      status,
      delayMs: num(f.delayMs),
      malformed: f.malformed === true,
      hang: f.hang === true,
      body: f.body,
      hasBody: 'body' in f,
      location:
        typeof f.location === 'string' && f.location.startsWith('/') && !f.location.startsWith('//')
          ? f.location
          : undefined,
      times: times !== undefined && times > 0 ? Math.floor(times) : Number.POSITIVE_INFINITY,
    };
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function testApi(req, res, url) {
    const route = url.pathname.slice('/__shop/'.length).replace(/\/$/, '');
    const method = req.method ?? 'GET';
    if (route === 'catalog' && method === 'GET') {
      sendJson(res, 200, { categories, products });
      return true;
    }
    if (route === 'reset' && method === 'POST') {
      const session = /** @type {Session} */ (sessionOf(req, res, true));
      session.cart.clear();
      session.faults = [];
      session.log = [];
      session.notices = [];
      setCartCookies(req, res, session, true);
      res.writeHead(204).end();
      return true;
    }
    if (route === 'faults' && method === 'POST') {
      let raw;
      try {
        raw = JSON.parse(await readBody(req));
      } catch (error) {
        sendJson(res, error instanceof BodyTooLargeError ? 413 : 400, { error: 'invalid JSON' });
        return true;
      }
      const fault = parseFault(raw);
      if (typeof fault === 'string') {
        sendJson(res, 400, { error: fault });
        return true;
      }
      const session = /** @type {Session} */ (sessionOf(req, res, true));
      session.faults.push(fault);
      sendJson(res, 201, { endpoint: fault.endpoint, faults: session.faults.length });
      return true;
    }
    if (route === 'faults' && method === 'DELETE') {
      const session = sessionOf(req, res, false);
      if (session) session.faults = [];
      res.writeHead(204).end();
      return true;
    }
    if (route === 'mode' && method === 'GET') {
      const session = sessionOf(req, res, false);
      sendJson(res, 200, { mode: session?.mode ?? 'tidy', slowAddMs: session?.slowAddMs ?? 0 });
      return true;
    }
    if (route === 'mode' && method === 'POST') {
      // The shop's manner for this session; kept across /__shop/reset (tests set it per suite).
      let raw;
      try {
        raw = JSON.parse(await readBody(req));
      } catch {
        raw = undefined;
      }
      const body =
        raw && typeof raw === 'object' ? /** @type {{ mode?: unknown, slowAddMs?: unknown }} */ (raw) : {};
      const mode = body.mode;
      if (mode !== 'tidy' && mode !== 'unkind') {
        sendJson(res, 400, { error: 'mode must be "tidy" or "unkind"' });
        return true;
      }
      const session = /** @type {Session} */ (sessionOf(req, res, true));
      session.mode = mode;
      // Slow adds (issue 11: 6 s on demand): {"slowAddMs": true | ms}; every mode change resets it.
      session.slowAddMs = mode === 'unkind' ? slowAddOption(body.slowAddMs) : 0;
      sendJson(res, 200, { mode, slowAddMs: session.slowAddMs });
      return true;
    }
    if (route === 'log' && method === 'GET') {
      sendJson(res, 200, sessionOf(req, res, false)?.log ?? []);
      return true;
    }
    if (route === 'state' && method === 'GET') {
      const session = sessionOf(req, res, false);
      const cart = session?.cart ?? new Map();
      sendJson(res, 200, {
        items: [...cart.values()].map((l) => ({
          key: l.key,
          productId: l.productId,
          variationId: l.variationId,
          quantity: l.quantity,
        })),
        hash: cartHash(cart),
      });
      return true;
    }
    sendJson(res, 404, { error: `unknown test route ${method} /__shop/${route}` });
    return true;
  }

  // ---- shop endpoints -------------------------------------------------------------------------

  /**
   * Reads an urlencoded POST body (nothing for other methods); answers 413/400 itself and
   * resolves undefined when the body is rejected.
   * @param {Req} req @param {Res} res
   * @returns {Promise<Record<string, string> | undefined>}
   */
  async function readForm(req, res) {
    if (req.method !== 'POST' && req.method !== 'PUT') return parseForm('');
    try {
      // A product form with basic uploads posts multipart (issue 13, uploads.mjs).
      if (String(req.headers['content-type'] ?? '').startsWith('multipart/form-data'))
        return await readMultipartFields(req);
      return parseForm(await readBody(req));
    } catch (error) {
      sendText(
        res,
        error instanceof BodyTooLargeError ? 413 : 400,
        'Request body rejected.',
        'text/plain; charset=UTF-8',
      );
      return undefined;
    }
  }

  /**
   * Logs an endpoint call in the caller's session and applies any fault registered for it.
   * Resolves to the request's fields, or undefined when a fault already answered.
   * @param {Req} req @param {Res} res @param {URL} url @param {string} endpoint @param {Record<string, string>} body
   */
  async function begin(req, res, url, endpoint, body) {
    const query = Object.fromEntries(url.searchParams);
    const session = sessionOf(req, res, false);
    if (session) {
      session.log.push({ endpoint, method: req.method ?? 'GET', query, body, at: Date.now() });
      if (session.log.length > LOG_LIMIT) session.log.splice(0, session.log.length - LOG_LIMIT);
    }
    const fault = takeFault(session, endpoint);
    if (fault && (await applyFault(fault, req, res))) return undefined;
    return { body, query, session };
  }

  /**
   * begin() for a session found by other means (the Store API's Cart-Token; issue 18): logs the
   * call in it and applies its faults. Resolves true when the call should go on.
   * @param {Session | undefined} session @param {Req} req @param {Res} res @param {URL} url
   * @param {string} endpoint @param {Record<string, string>} body
   */
  async function beginIn(session, req, res, url, endpoint, body) {
    if (session) {
      session.log.push({
        endpoint,
        method: req.method ?? 'GET',
        query: Object.fromEntries(url.searchParams),
        body,
        at: Date.now(),
      });
      if (session.log.length > LOG_LIMIT) session.log.splice(0, session.log.length - LOG_LIMIT);
    }
    const fault = takeFault(session, endpoint);
    return !(fault && (await applyFault(fault, req, res)));
  }

  /** get_refreshed_fragments(): the map and the hash (in the session's manner). @param {Session | undefined} session */
  const refreshed = (session) => {
    const view = cartView(session);
    return { fragments: fragments(view, session?.mode), cart_hash: view.hash };
  };

  /**
   * The unkind manner's slow add (unkind.mjs): waits before the cart changes. The add happens even
   * when the client gave up meanwhile, as PHP carries on and WooCommerce saves the session at shutdown.
   * @param {Session} session
   */
  async function slowAdd(session) {
    if (session.mode === 'unkind' && session.slowAddMs > 0) await sleep(session.slowAddMs);
  }

  /**
   * wcpa_ajax_add_to_cart (spec §7 Option-form add to cart): the product form's data, product id
   * in `add-to-cart` (or `product_id`); answers like add_to_cart. Option names repeat (`name[]`),
   * so the log also keeps every pair in order, as JSON under `__pairs`.
   * @param {Req} req @param {Res} res @param {URL} url
   */
  async function wcpaAddToCart(req, res, url) {
    let text = '';
    try {
      text = req.method === 'POST' ? await readBody(req) : '';
    } catch (error) {
      sendText(
        res,
        error instanceof BodyTooLargeError ? 413 : 400,
        'Request body rejected.',
        'text/plain; charset=UTF-8',
      );
      return true;
    }
    const form = parseForm(text);
    form.__pairs = JSON.stringify([...new URLSearchParams(text)]);
    const started = await begin(req, res, url, 'wcpa_ajax_add_to_cart', form);
    if (!started) return true;
    const session = /** @type {Session} */ (sessionOf(req, res, true));
    await slowAdd(session);
    const fields = {
      ...started.body,
      product_id: started.body.product_id ?? started.body['add-to-cart'] ?? '',
    };
    const result = addToCart(session.cart, fields);
    if (!result.ok) {
      sendJson(res, 200, { error: true, product_url: result.product ? permalink(result.product) : '/shop/' });
      return true;
    }
    setCartCookies(req, res, session);
    sendJson(res, 200, refreshed(session));
    return true;
  }

  /** @param {Req} req @param {Res} res @param {URL} url @param {string} endpoint */
  async function wcAjax(req, res, url, endpoint) {
    if (endpoint === 'wcpa_ajax_add_to_cart') return wcpaAddToCart(req, res, url);
    const form = await readForm(req, res);
    if (!form) return true;
    const started = await begin(req, res, url, endpoint, form);
    if (!started) return true;
    const { body, query } = started;
    if (endpoint === 'add_to_cart') {
      // spec §7 Add to cart: error + product_url sends the browser to the product page.
      const session = /** @type {Session} */ (sessionOf(req, res, true));
      await slowAdd(session);
      if (session.mode === 'unkind') {
        // WC_AJAX::add_to_cart as it is (unkind.mjs): product_id and quantity only.
        const answer = wcAjaxAddToCart(session.cart, body);
        if (!answer) sendText(res, 200, '');
        else if (!answer.ok) sendJson(res, 200, { error: true, product_url: answer.productUrl });
        else {
          setCartCookies(req, res, session);
          sendJson(res, 200, refreshed(session));
        }
        return true;
      }
      // WC_AJAX::add_to_cart adds no variable product by its attributes: a variation needs its id.
      const parent = productById(stockAmount(body.product_id));
      const result =
        parent?.type === 'variable' && !stockAmount(body.variation_id)
          ? /** @type {const} */ ({ ok: false, product: parent, reason: 'Please choose product options' })
          : addToCart(session.cart, body);
      if (!result.ok) {
        sendJson(res, 200, {
          error: true,
          product_url: result.product ? permalink(result.product) : '/shop/',
        });
        return true;
      }
      setCartCookies(req, res, session);
      sendJson(res, 200, refreshed(session));
      return true;
    }
    const session = started.session;
    if (endpoint === 'remove_from_cart') {
      // spec §7 Remove from cart; an unknown key gets wp_send_json_error().
      const key = body.cart_item_key ?? '';
      if (!session || !key || !session.cart.has(key)) {
        sendJson(res, 200, { success: false });
        return true;
      }
      session.cart.delete(key);
      setCartCookies(req, res, session);
      sendJson(res, 200, refreshed(session));
      return true;
    }
    if (endpoint === 'get_refreshed_fragments') {
      setCartCookies(req, res, session);
      sendJson(res, 200, refreshed(session));
      return true;
    }
    if (endpoint === 'get_variation') {
      const fields = { ...query, ...body };
      const product = productById(stockAmount(fields.product_id));
      if (!product) {
        sendText(res, 200, '');
        return true;
      }
      const variation =
        product.type === 'variable' ? findVariation(product, { ...fields, variation_id: '' }) : undefined;
      sendJson(res, 200, variation ? variationJson(product, variation) : false);
      return true;
    }
    // Unknown wc-ajax endpoint: WooCommerce's wp_die() with nothing to say.
    sendText(res, 200, '');
    return true;
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function adminAjax(req, res, url) {
    const form = await readForm(req, res);
    if (!form) return true;
    // admin-ajax.php reads the action from $_REQUEST (query or body).
    const action = url.searchParams.get('action') ?? form.action ?? '';
    if (!ADMIN_AJAX.has(action)) {
      // WordPress without a handler for the action: wp_die( '0', 400 ).
      sendText(res, 400, '0');
      return true;
    }
    const started = await begin(req, res, url, action, form);
    if (!started) return true;
    const fields = { ...started.query, ...started.body };
    const session = started.session;

    if (action === 'flatsome_ajax_cart_item_alter_quantity') {
      // Flatsome's MiniCart::cart_item_alter_quantity: 0 (or empty) removes; echoes get_cart_item().
      const key = fields.cart_item_key ?? '';
      if (!key) {
        sendJson(res, 200, { success: false });
        return true;
      }
      const quantity = stockAmount(fields.quantity);
      if (session) {
        setQuantity(session.cart, key, quantity);
        setCartCookies(req, res, session);
      }
      sendJson(res, 200, session ? cartItemJson(session.cart, key) : []);
      return true;
    }
    if (action === 'flatsome_quickview') {
      // spec §7 Quick view: HTML for the popup; Flatsome prints nothing for an unknown product.
      const product = productById(stockAmount(fields.product));
      sendText(res, 200, product ? quickView(product) : '');
      return true;
    }
    if (action === 'flatsome_load_instagram') {
      // spec §7 Instagram feed, §8: Flatsome's flatsome_ajax_load_instagram, data = "hash:base64(JSON)";
      // the demo's hash is not checked. An ill-formed string: wp_send_json_error('Invalid Data').
      const [hash = '', value = ''] = (fields.data ?? '').split(/:(.*)/s);
      let atts;
      try {
        atts = hash && value ? JSON.parse(Buffer.from(value, 'base64').toString('utf8')) : undefined;
      } catch {}
      if (!atts || typeof atts !== 'object') {
        sendJson(res, 200, { success: false, data: 'Invalid Data' });
        return true;
      }
      const count = Math.min(Math.max(Number(atts.photos) || 4, 1), 12);
      const escapeHtml = (/** @type {string} */ v) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const cols = Array.from(
        { length: count },
        (_, i) =>
          `<div class="col"><div class="col-inner"><div class="img has-hover no-overflow"><div class="dark instagram-image-container"><a href="https://www.instagram.com/p/demo${i + 1}/" target="_blank" rel="noopener noreferrer" class="plain"><img src="${imageUrl(products[i % products.length])}" alt="${escapeHtml(String(atts.username ?? 'shop'))} photo ${i + 1}" width="300" height="300"><div class="caption">Photo ${i + 1}</div></a></div></div></div></div>`,
      );
      sendJson(res, 200, {
        success: true,
        data: `<div class="row row-collapse instagram-feed" id="${escapeHtml(String(atts._id ?? 'instagram-1'))}">${cols.join('')}</div>`,
      });
      return true;
    }
    // flatsome_ajax_search_products (spec §7 Live search, §3 Search suggestion).
    const query = fields.query ?? '';
    const category = fields.product_cat ?? '';
    sendJson(res, 200, {
      suggestions: session?.mode === 'unkind' ? unkindSearch(query, category) : search(query, category),
    });
    return true;
  }

  /**
   * Posts and pages Flatsome's search also lists (theme option "search_result", only without a
   * category). Their titles carry apostrophes, ampersands and quotes, and none has a thumbnail.
   */
  const SEARCHABLE_PAGES = [
    { id: 2001, title: "Don't Forget: Hoodie Care & Washing", url: '/?p=2001' },
    { id: 2002, title: 'Shipping & Returns', url: '/?page_id=2002' },
    { id: 2003, title: 'Caps & Beanies: a "Winter" Guide', url: '/?p=2003' },
  ];

  /** WordPress's get_the_title(): HTML-escaped, with wptexturize's typographic apostrophe. */
  const wpTitle = (/** @type {string} */ title) =>
    title
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#8217;');

  /**
   * The search as a real Flatsome shop answers it (issue 11 item 7, unkind manner): products by
   * title, then by SKU (the "search by SKU" option), then posts and pages ('Page' rows, `img: false`
   * as get_the_post_thumbnail_url() gives without a thumbnail); values entity-encoded like
   * get_the_title(). flatsome_unique_suggestions() then drops repeated rows with array_unique(),
   * which keeps the keys: with a gap, json_encode prints the list as an object {"0":…,"6":…}.
   * @param {string} query @param {string} category
   */
  function unkindSearch(query, category) {
    const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [{ id: -1, value: 'No products found.', url: '' }];
    const inCategory = products.filter((p) => !category || p.categories.includes(category));
    const productRow = (/** @type {(typeof products)[number]} */ p) => ({
      type: 'Product',
      id: p.id,
      value: wpTitle(p.name),
      url: permalink(p),
      img: imageUrl(p, 'thumb'),
      price: priceHtml(p),
    });
    const byTitle = inCategory
      .filter((p) => words.every((w) => p.name.toLowerCase().includes(w)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, searchLimit);
    const bySku = inCategory
      .filter((p) => words.every((w) => p.sku.toLowerCase().includes(w)))
      .slice(0, searchLimit);
    const pages = category
      ? []
      : SEARCHABLE_PAGES.filter((page) => words.every((w) => page.title.toLowerCase().includes(w)));
    const rows = [
      ...byTitle.map(productRow),
      ...bySku.map(productRow),
      ...pages.map((page) => ({
        type: 'Page',
        id: page.id,
        value: wpTitle(page.title),
        url: page.url,
        img: false,
        price: '',
      })),
    ];
    if (rows.length === 0) return [{ id: -1, value: 'No products found.', url: '' }];
    /** @type {Record<string, unknown>} */
    const kept = {};
    const seen = new Set();
    rows.forEach((row, key) => {
      const same = JSON.stringify(row);
      if (seen.has(same)) return;
      seen.add(same);
      kept[key] = row;
    });
    const keys = Object.keys(kept);
    return keys.every((key, i) => key === String(i)) ? Object.values(kept) : kept;
  }

  /**
   * Case-insensitive name/SKU search, every word must match, ordered by title like Flatsome's
   * default; the "No products found." entry (id -1) when nothing matches.
   * @param {string} query @param {string} category
   */
  function search(query, category) {
    const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
    const matches =
      words.length === 0
        ? []
        : products
            .filter((p) => !category || p.categories.includes(category))
            .filter((p) =>
              words.every((w) => p.name.toLowerCase().includes(w) || p.sku.toLowerCase().includes(w)),
            )
            .sort((a, b) => a.name.localeCompare(b.name))
            .slice(0, searchLimit);
    if (matches.length === 0) return [{ id: -1, value: 'No products found.', url: '' }];
    return matches.map((p) => ({
      type: 'Product',
      id: p.id,
      value: p.name,
      url: permalink(p),
      img: imageUrl(p, 'thumb'),
      price: priceHtml(p),
    }));
  }

  // ---- images -----------------------------------------------------------------------------------

  /** @param {Res} res @param {string} file */
  function image(res, file) {
    const m = /^([a-z0-9-]+?)(?:-(thumb|\d))?\.svg$/.exec(file);
    const product = m ? productBySlug(m[1]) : undefined;
    if (!m || !product) {
      sendText(res, 404, 'Not found', 'text/plain; charset=UTF-8');
      return true;
    }
    const view = m[2] && m[2] !== 'thumb' ? Number(m[2]) : 1;
    const svg = productSvg(product, { size: m[2] === 'thumb' ? 300 : 800, view });
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400, immutable',
    });
    res.end(svg);
    return true;
  }

  // ---- pages (no-JS fallbacks included) --------------------------------------------------------

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function page(req, res, url) {
    const path = url.pathname;
    const form = await readForm(req, res);
    if (!form) return true;
    const addId = form['add-to-cart'] ?? url.searchParams.get('add-to-cart');
    if (addId) {
      // WooCommerce's form handler: add, leave a notice, come back to the page (PRG).
      const session = /** @type {Session} */ (sessionOf(req, res, true));
      const result = addToCart(session.cart, {
        ...Object.fromEntries(url.searchParams),
        ...form,
        product_id: addId,
      });
      if (result.ok) {
        session.notices.push({
          type: 'message',
          text: `“${result.product.name}” has been added to your cart.`,
          link: { href: '/cart/', label: 'View cart' },
        });
      } else if (
        result.product &&
        result.product.type === 'variable' &&
        !form.product_id &&
        !url.searchParams.has('variation_id')
      ) {
        redirect(res, permalink(result.product));
        setCartCookies(req, res, session);
        return true;
      } else {
        session.notices.push({
          type: 'error',
          text: result.reason === 'unknown product' ? 'That product does not exist.' : result.reason,
        });
      }
      setCartCookies(req, res, session);
      const back = new URL(url);
      for (const k of ['add-to-cart', 'quantity', 'product_id', 'variation_id']) back.searchParams.delete(k);
      redirect(res, back.pathname + back.search);
      return true;
    }
    const removeKey = url.searchParams.get('remove_item');
    if (removeKey !== null) {
      const session = sessionOf(req, res, false);
      if (session && url.searchParams.get('_wpnonce') === session.nonce && session.cart.has(removeKey)) {
        const line = cartLines(session.cart).find((l) => l.key === removeKey);
        session.cart.delete(removeKey);
        session.notices.push({ type: 'message', text: `“${line?.name ?? 'Item'}” removed.` });
        setCartCookies(req, res, session);
      }
      redirect(res, '/cart/');
      return true;
    }
    if (path === '/cart/' && req.method === 'POST') {
      // Cart page form (no JS): cart[KEY][qty] fields.
      const session = sessionOf(req, res, false);
      if (session) {
        for (const [name, value] of Object.entries(form)) {
          const m = /^cart\[([0-9a-f]{32})\]\[qty\]$/.exec(name);
          if (m) setQuantity(session.cart, m[1], stockAmount(value));
        }
        session.notices.push({ type: 'message', text: 'Cart updated.' });
        setCartCookies(req, res, session);
      }
      redirect(res, '/cart/');
      return true;
    }

    const session = sessionOf(req, res, false);
    const notices = session ? session.notices.splice(0) : [];
    const cart = cartView(session);
    setCartCookies(req, res, session);
    const common = { cart, notices, mode: session?.mode };

    if (path === '/' && url.searchParams.has('s')) {
      const query = url.searchParams.get('s') ?? '';
      const category = url.searchParams.get('product_cat') ?? '';
      const found = search(query, category).filter((s) => s.id !== -1);
      const items = found.map((s) => productById(Number(s.id))).filter((p) => p !== undefined);
      sendPage(
        res,
        layout({
          ...common,
          title: `Search results for “${query}”`,
          bodyClass: 'search search-results woocommerce woocommerce-page',
          search: { query, category },
          main: shopMain({ title: `Search results: “${query}”`, items, query: url.searchParams }),
        }),
      );
      return true;
    }
    if (path === '/shop/') {
      sendPage(
        res,
        layout({
          ...common,
          title: 'Shop',
          bodyClass: 'archive post-type-archive woocommerce-shop woocommerce woocommerce-page',
          main: shopMain({ title: 'Shop', items: products, query: url.searchParams }),
        }),
      );
      return true;
    }
    const cat = /^\/product-category\/([a-z0-9-]+)\/$/.exec(path);
    const category = cat ? categories.find((c) => c.slug === cat[1]) : undefined;
    if (category) {
      sendPage(
        res,
        layout({
          ...common,
          title: category.name,
          bodyClass: `archive tax-product_cat term-${category.slug} woocommerce woocommerce-page`,
          search: { category: category.slug },
          main: shopMain({
            title: category.name,
            items: products.filter((p) => p.categories.includes(category.slug)),
            query: url.searchParams,
          }),
        }),
      );
      return true;
    }
    const single = /^\/product\/([a-z0-9-]+)\/$/.exec(path);
    const product = single ? productBySlug(single[1]) : undefined;
    if (product) {
      sendPage(
        res,
        layout({
          ...common,
          title: product.name,
          bodyClass: `product-template-default single single-product postid-${product.id} woocommerce woocommerce-page`,
          config: { singleProduct: true },
          main: productMain(product),
        }),
      );
      return true;
    }
    if (path === '/cart/') {
      sendPage(
        res,
        layout({
          ...common,
          title: 'Cart',
          bodyClass: 'page woocommerce-cart woocommerce-page',
          config: { isCart: true },
          main: cartMain(cart),
        }),
      );
      return true;
    }
    if (path === '/checkout/') {
      sendPage(
        res,
        layout({
          ...common,
          title: 'Checkout',
          bodyClass: 'page woocommerce-checkout woocommerce-page',
          main: checkoutMain(cart),
        }),
      );
      return true;
    }
    sendText(res, 404, 'Not found', 'text/plain; charset=UTF-8');
    return true;
  }

  /** Paths the shop renders; anything else is left to the static server. @param {URL} url */
  function isPage(url) {
    const p = url.pathname;
    if (p === '/') return ['s', 'add-to-cart', 'remove_item'].some((k) => url.searchParams.has(k));
    return (
      p === '/shop/' ||
      p === '/cart/' ||
      p === '/checkout/' ||
      /^\/product\/[^/]+\/$/.test(p) ||
      /^\/product-category\/[^/]+\/$/.test(p)
    );
  }

  // ---- router -----------------------------------------------------------------------------------

  /** @param {Req} req @param {Res} res @returns {Promise<boolean>} */
  async function handle(req, res) {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return false;
    }
    try {
      if (url.pathname.startsWith('/__shop/')) return await testApi(req, res, url);
      // ?shop_mode=unkind|tidy on any shop request switches this session's manner (for the demo pages).
      const wantedMode = url.searchParams.get('shop_mode');
      if (wantedMode === 'unkind' || wantedMode === 'tidy') {
        const session = /** @type {Session} */ (sessionOf(req, res, true));
        session.mode = wantedMode;
      }
      if (url.pathname === '/wp-admin/admin-ajax.php') return await adminAjax(req, res, url);
      if (url.pathname === '/wp-login.php') return await wpLogin(req, res, url);
      if (url.pathname === PARAMS_SCRIPT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        // WooCommerce's page globals as an external script (unkind pages; strict CSP).
        sendText(res, 200, paramsScript(url.searchParams), 'text/javascript; charset=utf-8');
        return true;
      }
      if (handleReviews(req, res, url)) return true;
      if (await handleLoopRefresh(req, res, url)) return true;
      const wc = url.searchParams.get('wc-ajax');
      if (wc !== null) {
        // WooCommerce answers ?wc-ajax= on any path (spec §7: the path comes from page parameters).
        return await wcAjax(req, res, url, WC_AJAX.has(wc) ? wc : `unknown:${wc.slice(0, 60)}`);
      }
      if (url.pathname.startsWith('/shop-images/') && (req.method === 'GET' || req.method === 'HEAD'))
        return image(res, url.pathname.slice('/shop-images/'.length));
      if (['/shop', '/cart', '/checkout'].includes(url.pathname)) {
        redirect(res, `${url.pathname}/${url.search}`);
        return true;
      }
      if (isPage(url) && (req.method === 'GET' || req.method === 'POST' || req.method === 'HEAD'))
        return await page(req, res, url);
      return false;
    } catch (error) {
      // Malformed input must never take the server down: answer 500 and keep serving.
      if (!res.headersSent && !res.destroyed)
        sendText(res, 500, `Demo shop error: ${String(error)}`, 'text/plain; charset=UTF-8');
      else if (!res.writableEnded) res.end();
      return true;
    }
  }

  // What the Store API and Shopify modules share with this shop (issue 18): sessions, carts, faults.
  return {
    handle,
    sessions,
    sessionOf,
    sessionById,
    userOf,
    beginIn,
    setCartCookies,
    sendJson,
    addCookie,
    slowAdd,
  };
}
