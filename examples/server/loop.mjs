// @ts-check
// The demo shop's loop refresh (issue 15; spec §7 "Loop refresh"): POST
// /wp-json/elementor-pro/v1/refresh-loop with the JSON body post_id, widget_filters, widget_id,
// pagination_base_url (and in edit mode widget_model, is_edit_mode) and the nonce header. The
// answer is JSON whose `data` is the loop's replacement markup: the catalogue filtered by the
// product_cat terms (AND: in every term, OR: in any), six to a page (`e-page-{widget_id}`).
import { activePrice, imageUrl, permalink, products } from './catalog.mjs';
import { BodyTooLargeError, esc, readBody } from './http.mjs';

export const LOOP_REFRESH_PATH = '/wp-json/elementor-pro/v1/refresh-loop';
export const LOOP_PER_PAGE = 6;

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} value */
function sendJson(res, status, value) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

/** @param {number} cents */
const price = (cents) => `$${(cents / 100).toFixed(2)}`;

/**
 * The loop markup for a request body (exported for tests of the server itself).
 * @param {any} body
 */
export function loopMarkup(body) {
  const widgetId = String(body.widget_id);
  /** @type {{ terms: string[], logicalJoin: string } | null} */
  let cat = null;
  const filter = body.widget_filters?.product_cat?.filterData;
  if (filter && Array.isArray(filter.terms))
    cat = { terms: filter.terms.map(String), logicalJoin: String(filter.logicalJoin) };
  const matching = products.filter((p) => {
    if (!cat || cat.terms.length === 0) return true;
    if (cat.logicalJoin === 'AND') return cat.terms.every((t) => p.categories.includes(t));
    if (cat.logicalJoin === 'OR') return cat.terms.some((t) => p.categories.includes(t));
    return true; // any other operator: no filtering (spec §5)
  });
  let base;
  try {
    base = new URL(String(body.pagination_base_url));
  } catch {
    base = new URL('http://localhost/');
  }
  const pageName = `e-page-${widgetId}`;
  const pages = Math.max(1, Math.ceil(matching.length / LOOP_PER_PAGE));
  const page = Math.min(pages, Math.max(1, Number(base.searchParams.get(pageName)) || 1));
  const items = matching.slice((page - 1) * LOOP_PER_PAGE, page * LOOP_PER_PAGE);
  const list = items.length
    ? `<ul class="products columns-3">${items
        .map(
          (p) =>
            `<li class="product post-${p.id}" data-product-id="${p.id}"><a href="${esc(permalink(p))}"><img src="${esc(imageUrl(p))}" alt="" width="150" height="150"><h3 class="woocommerce-loop-product__title">${esc(p.name)}</h3></a><span class="price">${esc(price(activePrice(p)))}</span></li>`,
        )
        .join('')}</ul>`
    : '<p class="woocommerce-info">No products were found matching your selection.</p>';
  const links = [];
  for (let n = 1; n <= pages && pages > 1; n += 1) {
    const href = new URL(base.href);
    if (n === 1) href.searchParams.delete(pageName);
    else href.searchParams.set(pageName, String(n));
    links.push(
      n === page
        ? `<span aria-current="page" class="page-numbers current">${n}</span>`
        : `<a class="page-numbers" href="${esc(href.pathname + href.search)}">${n}</a>`,
    );
  }
  const count = `<p class="woocommerce-result-count" data-loop-count="${matching.length}">${matching.length} ${matching.length === 1 ? 'product' : 'products'}</p>`;
  return `${count}${list}${links.length ? `<nav class="e-loop-pagination" aria-label="Pages">${links.join(' ')}</nav>` : ''}`;
}

/**
 * Answers the loop refresh; false for any other request.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url
 * @returns {Promise<boolean>}
 */
export async function handleLoopRefresh(req, res, url) {
  if (url.pathname !== LOOP_REFRESH_PATH) return false;
  if (req.method !== 'POST') {
    sendJson(res, 405, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
    return true;
  }
  // spec §6: the REST requests carry a nonce header.
  if (!req.headers['x-wp-nonce']) {
    sendJson(res, 403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    return true;
  }
  let body;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    sendJson(res, error instanceof BodyTooLargeError ? 413 : 400, {
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
    });
    return true;
  }
  if (!body || typeof body !== 'object' || typeof body.widget_id !== 'string' || !body.widget_id) {
    sendJson(res, 400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): widget_id' });
    return true;
  }
  sendJson(res, 200, { data: loopMarkup(body) });
  return true;
}
