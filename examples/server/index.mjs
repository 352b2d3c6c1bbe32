// @ts-check
// The demo shop as one Node request handler, shared by `npm start` (Vite) and the test runner
// (web-test-runner/koa): the shop's endpoints, the CSP header on example pages and the CSP
// violation reports that the CSP test reads.
import { readFile } from 'node:fs/promises';
import { handleCaptcha } from './captcha.mjs';
import { CSP } from './csp.mjs';
import { readBody } from './http.mjs';
import { createMaps } from './maps.mjs';
import { createRest } from './rest.mjs';
import { createShop } from './shop.mjs';
import { createShopify } from './shopify.mjs';
import { createStoreApi } from './store-api.mjs';
import { createUploads } from './uploads.mjs';
import { handleVideo } from './video.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/** Creates the demo server; `handle` answers what it owns and returns false for anything else. */
export function createDemoServer(options = {}) {
  const shop = createShop(options);
  const rest = createRest(); // WordPress REST routes (issue 17)
  const maps = createMaps(); // the fake maps provider of the place selector (issue 13)
  const storeApi = createStoreApi(shop); // WooCommerce Store API over the same carts (issue 18)
  const shopify = createShopify(shop); // Shopify's Ajax API over the same carts (issue 18)
  const uploads = createUploads(); // option-form uploads: tus server and signed URLs (issue 13)
  /** @type {{ page: string, directive: string, blocked: string }[]} */
  const cspReports = [];

  /** @param {Req} req @param {Res} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__csp-report') {
      if (req.method === 'POST') {
        const body = await readBody(req).catch(() => ''); // oversized or broken report: ignore
        try {
          const report = JSON.parse(body)['csp-report'] ?? {};
          cspReports.push({
            page: String(report['document-uri'] ?? ''),
            directive: String(report['violated-directive'] ?? report['effective-directive'] ?? ''),
            blocked: String(report['blocked-uri'] ?? ''),
          });
        } catch {
          // not a CSP report: ignore
        }
        res.writeHead(204).end();
      } else if (req.method === 'DELETE') {
        cspReports.length = 0;
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cspReports));
      }
      return true;
    }
    if (url.pathname.startsWith(BUILT_PREFIX) && url.pathname.endsWith('.html')) {
      return serveBuiltPage(url.pathname.slice(BUILT_PREFIX.length), res);
    }
    if (url.pathname.startsWith('/examples/docs/')) {
      // The documentation site, made from the source when asked for (examples/docs/site.mjs).
      const { serveDocs } = await import('../docs/site.mjs');
      if (await serveDocs(url.pathname, res)) return true;
    }
    if (handleCaptcha(req, res)) return true; // the fake captcha provider script (issue 13)
    if (handleVideo(req, res)) return true; // the fake video player APIs (shared/page/video.ts)
    if (await storeApi.handle(req, res)) return true;
    if (await shopify.handle(req, res)) return true;
    if (await rest.handle(req, res)) return true;
    if (await maps.handle(req, res)) return true;
    if (await uploads.handle(req, res)) return true;
    return shop.handle(req, res);
  }

  /** Headers for a static file at `pathname`: example pages get the strict CSP (issue 2 §7). */
  function headersFor(pathname) {
    return pathname.startsWith('/examples/') && (pathname.endsWith('.html') || pathname.endsWith('/'))
      ? { 'Content-Security-Policy': CSP }
      : {};
  }

  return { handle, headersFor, shop };
}

/** Example pages as a theme would include the production build (issue 19). */
export const BUILT_PREFIX = '/examples/built/';
const EXAMPLES = new URL('../', import.meta.url);

/**
 * An example page with its element scripts pointed at the production build: the autoloader and
 * every `elements/<tag>/<tag>.ts` entry become `/dist/autoloader.js` (loaded `async`, as the README
 * advises: it then runs before the page's stylesheets have loaded; issue 32) and `/dist/<tag>.js`; the
 * demo pages' own helper scripts (`/examples/*.ts`, source only) are left out. Served with the same
 * strict CSP, so the CSP test sees what a shop running `dist/` sees.
 * @param {string} name @param {Res} res
 */
async function serveBuiltPage(name, res) {
  if (!/^[a-z0-9_-]+\.html$/.test(name)) {
    res.writeHead(404).end();
    return true;
  }
  let html;
  try {
    html = await readFile(new URL(name, EXAMPLES), 'utf8');
  } catch {
    res.writeHead(404).end();
    return true;
  }
  const built = html.replace(/<script type="module" src="([^"]+)"><\/script>\n?/g, (_tag, src) => {
    if (src === '/elements/autoloader.ts')
      return '<script type="module" async src="/dist/autoloader.js"></script>\n';
    const entry = /^\/elements\/([a-z0-9-]+)\/\1\.ts$/.exec(src);
    return entry ? `<script type="module" src="/dist/${entry[1]}.js"></script>\n` : '';
  });
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CSP,
    'cache-control': 'no-store',
  });
  res.end(built);
  return true;
}

// Kept for callers that imported it from here before it moved to http.mjs.
export { readBody };
