// @ts-check
// The demo shop's WordPress REST API (issue 17, spec §7 REST fetch wrapper and Coming-soon banner
// dismiss), enough of it for the REST client (shared/shop/rest.ts) to be tested on the real wire:
//
//   GET  /wp-admin/admin-ajax.php?action=rest-nonce   a fresh wp_rest nonce as text (WordPress's wp_ajax_rest_nonce)
//   GET  /wp-json/wp/v2/posts?per_page=&page=         234 posts, per_page 1..100; X-WP-Total(Pages) and Link headers
//   GET|PUT|PATCH|DELETE /wp-json/wp/v2/posts/{id}    writes need the nonce; POST + X-HTTP-Method-Override honoured
//   POST /wp-json/wp/v2/users/me                      woocommerce_meta (JSON or form) saved, the user echoed
//   POST /wp-json/wp/v2/media                         an upload; fails post-processing (500 + X-WP-Upload-Attachment-Id)
//   POST /wp-json/wp/v2/media/{id}/post-process       as configured, DELETE /wp-json/wp/v2/media/{id}?force=true
//   GET  /wp-json/demo/v1/not-json | empty-error | offline   the failures of spec §8
//
// A request with an X-WP-Nonce that is not the current one gets 403 rest_cookie_invalid_nonce, as
// WordPress's rest_cookie_check_errors does. State is per browser (cookie demo_rest_session), so
// parallel test browsers never share a nonce. Test API, per session:
//
//   POST /__rest/reset                 forget everything; answers { nonce }
//   POST /__rest/expire-nonce          the nonce the page holds becomes stale; answers { nonce } (the new one)
//   POST /__rest/config                { postProcessFailures: n }: the next n post-process calls fail
//   GET  /__rest/log                   [{ method, override, path, query, nonce, contentType, body }]
import { randomBytes } from 'node:crypto';
import { BodyTooLargeError, parseCookies, parseForm, readBody, serializeCookie } from './http.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {{ method: string, override: string, path: string, query: Record<string, string>, nonce: string, contentType: string, body: string }} RestLogEntry
 * @typedef {{ nonce: string, log: RestLogEntry[], meta: Record<string, string>, posts: Map<number, { id: number, title: string, status: string }>, postProcessFailures: number, nextMediaId: number }} RestSession
 */

const COOKIE = 'demo_rest_session';
const PREFIX = '/wp-json/';
const TOTAL_POSTS = 234;
const MAX_SESSIONS = 2000;
const LOG_LIMIT = 200;
const OWN_ROUTES = /^(?:wp\/v2\/(?:posts|users\/me|media)(?:\/|$)|demo\/v1\/)/;

const newNonce = () => randomBytes(5).toString('hex');

/** Creates the REST API; `handle` resolves true when it answered. */
export function createRest() {
  /** @type {Map<string, RestSession>} */
  const sessions = new Map();

  /** @returns {RestSession} */
  function freshSession() {
    return {
      nonce: newNonce(),
      log: [],
      meta: {},
      posts: new Map(),
      postProcessFailures: 0,
      nextMediaId: 900,
    };
  }

  /** The caller's session, made (with its cookie) when missing. @param {Req} req @param {Res} res */
  function sessionOf(req, res) {
    const id = parseCookies(req)[COOKIE] ?? '';
    const known = /^[0-9a-f]{24}$/.test(id) ? sessions.get(id) : undefined;
    if (known) return known;
    const newId = /^[0-9a-f]{24}$/.test(id) ? id : randomBytes(12).toString('hex');
    const session = freshSession();
    sessions.set(newId, session);
    while (sessions.size > MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
    }
    res.setHeader('Set-Cookie', serializeCookie(COOKIE, newId, { httpOnly: true }));
    return session;
  }

  /** @param {Res} res @param {number} status @param {unknown} value @param {Record<string, string>} [headers] */
  function json(res, status, value, headers = {}) {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
      ...headers,
    });
    res.end(JSON.stringify(value));
  }

  /** WP_Error as the REST server prints it. @param {Res} res @param {number} status @param {string} code @param {string} message */
  function wpError(res, status, code, message, headers = {}) {
    json(res, status, { code, message, data: { status } }, headers);
  }

  /** @param {number} id */
  function post(session, id) {
    return (
      session.posts.get(id) ?? {
        id,
        title: `Demo post ${id}`,
        status: 'publish',
      }
    );
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function testApi(req, res, url) {
    const route = url.pathname.slice('/__rest/'.length);
    const session = sessionOf(req, res);
    if (route === 'reset' && req.method === 'POST') {
      Object.assign(session, freshSession());
      json(res, 200, { nonce: session.nonce });
      return true;
    }
    if (route === 'expire-nonce' && req.method === 'POST') {
      session.nonce = newNonce();
      json(res, 200, { nonce: session.nonce });
      return true;
    }
    if (route === 'config' && req.method === 'POST') {
      let config;
      try {
        config = JSON.parse(await readBody(req));
      } catch {
        json(res, 400, { error: 'invalid JSON' });
        return true;
      }
      const failures = Number(config?.postProcessFailures);
      session.postProcessFailures = Number.isInteger(failures) && failures >= 0 ? Math.min(failures, 100) : 0;
      json(res, 200, { postProcessFailures: session.postProcessFailures });
      return true;
    }
    if (route === 'log' && req.method === 'GET') {
      json(res, 200, session.log);
      return true;
    }
    json(res, 404, { error: `unknown test route ${req.method} /__rest/${route}` });
    return true;
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function api(req, res, url) {
    const session = sessionOf(req, res);
    const route = url.pathname.slice(PREFIX.length).replace(/\/$/, '');
    const override = String(req.headers['x-http-method-override'] ?? '').toUpperCase();
    // WordPress honours the override on POST only (WP_REST_Server::serve_request).
    const method = req.method === 'POST' && override ? override : (req.method ?? 'GET');
    const nonce = String(req.headers['x-wp-nonce'] ?? '');
    const contentType = String(req.headers['content-type'] ?? '');
    let raw = '';
    if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') {
      try {
        raw = await readBody(req);
      } catch (error) {
        wpError(
          res,
          error instanceof BodyTooLargeError ? 413 : 400,
          'rest_invalid_body',
          'Request body rejected.',
        );
        return true;
      }
    }
    session.log.push({
      method: req.method ?? 'GET',
      override,
      path: route,
      query: Object.fromEntries(url.searchParams),
      nonce,
      contentType,
      body: raw.slice(0, 2000),
    });
    if (session.log.length > LOG_LIMIT) session.log.splice(0, session.log.length - LOG_LIMIT);

    if (nonce && nonce !== session.nonce) {
      wpError(res, 403, 'rest_cookie_invalid_nonce', 'Cookie check failed');
      return true;
    }
    const write = method !== 'GET' && method !== 'HEAD';
    if (write && !nonce) {
      wpError(res, 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      return true;
    }
    /** @returns {Record<string, unknown>} */
    const fields = () => {
      if (contentType.includes('application/json')) {
        try {
          const parsed = JSON.parse(raw || '{}');
          return parsed && typeof parsed === 'object' ? parsed : {};
        } catch {
          return {};
        }
      }
      // Form fields, nested one level the PHP way: woocommerce_meta[coming_soon_banner_dismissed]=yes.
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [name, value] of Object.entries(parseForm(raw))) {
        const m = /^([^[]+)\[([^\]]+)\]$/.exec(name);
        if (m) out[m[1]] = { .../** @type {object} */ (out[m[1]] ?? {}), [m[2]]: value };
        else out[name] = value;
      }
      return out;
    };

    if (route === 'wp/v2/posts' && method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
        wpError(res, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
        return true;
      }
      const pages = Math.ceil(TOTAL_POSTS / perPage);
      if (!Number.isInteger(page) || page < 1 || page > pages) {
        wpError(
          res,
          400,
          'rest_post_invalid_page_number',
          'The page number requested is larger than the number of pages available.',
        );
        return true;
      }
      const items = [];
      for (let id = (page - 1) * perPage + 1; id <= Math.min(page * perPage, TOTAL_POSTS); id++)
        items.push(post(session, id));
      const host = req.headers.host ?? 'localhost';
      const link = (/** @type {number} */ p, /** @type {string} */ rel) => {
        const u = new URL(url.pathname, `http://${host}`);
        for (const [k, v] of url.searchParams) u.searchParams.set(k, v);
        u.searchParams.set('page', String(p));
        return `<${u.href}>; rel="${rel}"`;
      };
      const links = [];
      if (page > 1) links.push(link(page - 1, 'prev'));
      if (page < pages) links.push(link(page + 1, 'next'));
      json(res, 200, items, {
        'X-WP-Total': String(TOTAL_POSTS),
        'X-WP-TotalPages': String(pages),
        ...(links.length ? { Link: links.join(', ') } : {}),
      });
      return true;
    }
    const single = /^wp\/v2\/posts\/(\d+)$/.exec(route);
    if (single) {
      const id = Number(single[1]);
      if (id < 1 || id > TOTAL_POSTS) {
        wpError(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
        return true;
      }
      if (method === 'GET') json(res, 200, post(session, id));
      else if (method === 'PUT' || method === 'PATCH' || method === 'POST') {
        const f = fields();
        const updated = { ...post(session, id), ...(typeof f.title === 'string' ? { title: f.title } : {}) };
        session.posts.set(id, updated);
        json(res, 200, updated);
      } else if (method === 'DELETE') {
        const previous = post(session, id);
        session.posts.set(id, { ...previous, status: 'trash' });
        json(res, 200, { ...previous, status: 'trash' });
      } else wpError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
      return true;
    }
    if (route === 'wp/v2/users/me' && (method === 'POST' || method === 'PUT' || method === 'PATCH')) {
      const meta = fields().woocommerce_meta;
      if (meta && typeof meta === 'object')
        for (const [k, v] of Object.entries(meta)) session.meta[k] = String(v);
      json(res, 200, { id: 1, name: 'Demo shopper', woocommerce_meta: session.meta });
      return true;
    }
    if (route === 'wp/v2/media' && method === 'POST') {
      session.nextMediaId += 1;
      const id = session.nextMediaId;
      if (session.postProcessFailures > 0) {
        // The file is saved but making the sub-sizes ran out of memory (WordPress: 500 + the id).
        wpError(res, 500, 'rest_upload_image_error', 'The image could not be processed.', {
          'X-WP-Upload-Attachment-Id': String(id),
          'Access-Control-Expose-Headers': 'X-WP-Upload-Attachment-Id',
        });
        return true;
      }
      json(res, 201, { id, media_type: 'image', source_url: `/uploads/${id}.png` });
      return true;
    }
    const media = /^wp\/v2\/media\/(\d+)(\/post-process)?$/.exec(route);
    if (media?.[2] && method === 'POST') {
      if (session.postProcessFailures > 0) {
        session.postProcessFailures -= 1;
        wpError(res, 500, 'rest_upload_image_error', 'The image could not be processed.');
        return true;
      }
      json(res, 200, { id: Number(media[1]), media_type: 'image', source_url: `/uploads/${media[1]}.png` });
      return true;
    }
    if (media && !media[2] && method === 'DELETE') {
      json(res, 200, { deleted: true, previous: { id: Number(media[1]) } });
      return true;
    }
    if (route === 'demo/v1/not-json') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
      res.end('<p>There has been a critical error on this website.</p>');
      return true;
    }
    if (route === 'demo/v1/empty-error') {
      json(res, 500, {});
      return true;
    }
    if (route === 'demo/v1/offline') {
      res.socket?.destroy();
      return true;
    }
    wpError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    return true;
  }

  /** Answers what belongs to the REST API; resolves false for anything else. @param {Req} req @param {Res} res */
  async function handle(req, res) {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return false;
    }
    if (url.pathname === '/wp-admin/admin-ajax.php' && url.searchParams.get('action') === 'rest-nonce') {
      const session = sessionOf(req, res);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-store' });
      res.end(session.nonce);
      return true;
    }
    if (url.pathname.startsWith('/__rest/')) return testApi(req, res, url);
    // Only the routes above: other /wp-json/ routes (reviews, loop refresh) belong to other modules.
    if (OWN_ROUTES.test(url.pathname.slice(PREFIX.length)) && url.pathname.startsWith(PREFIX))
      return api(req, res, url);
    return false;
  }

  return { handle };
}
