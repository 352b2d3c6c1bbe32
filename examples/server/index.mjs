// @ts-check
// The demo shop as one Node request handler, shared by `npm start` (Vite) and the test runner
// (web-test-runner/koa): the shop's endpoints, the CSP header on example pages and the CSP
// violation reports that the CSP test reads.
import { CSP } from './csp.mjs';
import { readBody } from './http.mjs';
import { createShop } from './shop.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/** Creates the demo server; `handle` answers what it owns and returns false for anything else. */
export function createDemoServer(options = {}) {
  const shop = createShop(options);
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

// Kept for callers that imported it from here before it moved to http.mjs.
export { readBody };
