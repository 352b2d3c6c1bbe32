// @ts-check
// Small HTTP helpers shared by the demo server modules (issue 2 §6). Kept apart from index.mjs so
// shop.mjs can use them without a circular import.

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/** Request bodies above this are refused: malformed or hostile input never exhausts the server. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown by readBody when the body exceeds the limit. */
export class BodyTooLargeError extends Error {}

/**
 * Reads the request body as UTF-8 text, rejecting with BodyTooLargeError past `limit` bytes.
 * @param {Req} req
 * @param {number} [limit]
 * @returns {Promise<string>}
 */
export function readBody(req, limit = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let done = false;
    req.on('data', (/** @type {Buffer | string} */ c) => {
      if (done) return;
      const chunk = typeof c === 'string' ? Buffer.from(c) : c;
      size += chunk.length;
      if (size > limit) {
        done = true;
        // Stop buffering but keep draining so the client still receives the 413 answer.
        req.resume();
        reject(new BodyTooLargeError(`body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!done) reject(error);
    });
  });
}

/**
 * Parses an application/x-www-form-urlencoded string into a flat record (last value wins, as PHP's
 * $_POST does for scalar names).
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseForm(text) {
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  try {
    for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  } catch {
    // unparsable body: treat as empty, like PHP would
  }
  return out;
}

/**
 * Parses the Cookie header.
 * @param {Req} req
 * @returns {Record<string, string>}
 */
export function parseCookies(req) {
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    const raw = part.slice(i + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/**
 * Serialises one Set-Cookie value.
 * @param {string} name
 * @param {string} value
 * @param {{ maxAge?: number, httpOnly?: boolean, expired?: boolean }} [options]
 */
export function serializeCookie(name, value, options = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.expired) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Max-Age=0');
  else if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

/**
 * Escapes text for HTML text and attribute positions.
 * @param {unknown} value
 */
export function esc(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#039;');
}

/**
 * JSON that is safe inside a <script type="application/json"> element.
 * @param {unknown} value
 */
export function scriptJson(value) {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
