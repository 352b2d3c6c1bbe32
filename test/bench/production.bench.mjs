// Production-build benchmark (issue 19): what a shopper on a slow phone downloads and waits for.
//
//   npm run build && node test/bench/production.bench.mjs [runs] [page]
//
// An example page (default the storefront; `shop-option-form` is the product page with the option
// form and the mini-cart) served from dist/ (as /examples/built/<page>.html, the demo
// shop answering its requests) in headless Chromium under DevTools' "Slow 4G" network profile and
// 4x CPU throttling, fresh profile and cache for every run, static files gzipped as a shop's server
// sends them. Printed, not pass/fail:
//   - elements: time to the last of our elements rendered (upgraded, shadow root filled), and the
//     load event; bytes and requests;
//   - baseline: the same page with every module script removed (the elements' no-JavaScript
//     fallback, as a shop without the library shows it): its load event, bytes and requests.
// Medians of `runs` (default 5) runs each, alternating, in one process.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CSP } from '../../examples/server/csp.mjs';
import { createDemoServer } from '../../examples/server/index.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.argv[2] ?? 5);
const PAGE_NAME = process.argv[3] ?? 'storefront';
if (!/^[a-z0-9-]+$/.test(PAGE_NAME)) {
  console.error(`not an example page name: ${PAGE_NAME}`);
  process.exit(1);
}
const PAGE = `/examples/built/${PAGE_NAME}.html`;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** DevTools' "Slow 4G" preset (latency in ms, throughput in bytes per second). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

try {
  await stat(join(ROOT, 'dist/shared.js'));
} catch {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const demo = createDemoServer();
/** The demo shop first (its endpoints and the built pages), then static files of the project. */
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.searchParams.has('nojs') && url.pathname === PAGE) {
    // Baseline: the built page without any module script.
    const html = await readFile(join(ROOT, `examples/${PAGE_NAME}.html`), 'utf8');
    res.writeHead(200, { 'content-type': TYPES['.html'], 'Content-Security-Policy': CSP });
    res.end(html.replace(/<script type="module"[^>]*><\/script>\n?/g, ''));
    return;
  }
  if (await demo.handle(req, res)) return;
  const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(ROOT, path));
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    // Compressed as any shop's server sends text (the bytes that cross a slow network).
    const gzip = /text|javascript|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** One cold load of `path` under the throttling; what it cost and when it was ready. */
async function measure(path, withElements) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.goto(origin + path, { waitUntil: 'load', timeout: 120_000 });
  const load = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventStart);
  let ready = load;
  if (withElements) {
    // The moment the last of our elements had rendered, read in the page (performance.now()).
    ready = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const ours = () =>
            [...document.querySelectorAll('*')].filter((el) =>
              /^(shop-[a-z0-9-]+|join-chat|product-gallery)$/.test(el.localName),
            );
          const done = () =>
            ours().every(
              (el) => el.matches(':defined') && (!el.shadowRoot || el.shadowRoot.childElementCount > 0),
            );
          const check = () => (done() ? resolve(performance.now()) : setTimeout(check, 10));
          check();
        }),
    );
  }
  await page.waitForTimeout(500); // late requests (the cart refresh) still count as bytes
  await context.close();
  return { load, ready, bytes, requests };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const runs = { baseline: [], elements: [] };
for (let i = 0; i < RUNS; i++) {
  runs.baseline.push(await measure(`${PAGE}?nojs`, false));
  runs.elements.push(await measure(PAGE, true));
}
await browser.close();
server.close();

const summary = (list) => ({
  load: median(list.map((r) => r.load)),
  ready: median(list.map((r) => r.ready)),
  kB: median(list.map((r) => r.bytes)) / 1000,
  requests: median(list.map((r) => r.requests)),
});
const base = summary(runs.baseline);
const ours = summary(runs.elements);
const f = (n) => n.toFixed(0);
console.log(`production build, ${PAGE}, Slow 4G + ${CPU_SLOWDOWN}x CPU, median of ${RUNS} cold loads each`);
console.log(
  `  baseline (no-JS fallback): load ${f(base.load)} ms, ${base.kB.toFixed(1)} kB, ${base.requests} requests`,
);
console.log(
  `  elements from dist/:       load ${f(ours.load)} ms, last element rendered ${f(ours.ready)} ms, ` +
    `${ours.kB.toFixed(1)} kB, ${ours.requests} requests`,
);
console.log(
  `  ratio: last element rendered / baseline load ${(ours.ready / base.load).toFixed(2)}x; ` +
    `bytes ${(ours.kB / base.kB).toFixed(2)}x; requests +${ours.requests - base.requests}`,
);
