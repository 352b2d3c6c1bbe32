// Production-build benchmark (issues 19 and 32): what a shopper on a slow phone downloads, waits
// for, sees move and feels under the finger.
//
//   npm run build && node test/bench/production.bench.mjs [runs] [page ...] [--against <git-ref>] [--each]
//   npm run bench:production -- 3 --against 852437f
//
// Example pages (default `storefront`, `shop-option-form` (the option form and the mini-cart) and
// `product-page`; a page whose examples/<page>.html does not exist is skipped with a line saying
// so) served from dist/ (as /examples/built/<page>.html, the demo shop answering its requests) in
// headless Chromium, 412x915, under DevTools' "Slow 4G" network profile and 4x CPU throttling, fresh
// profile and cache for every run, static files gzipped as a shop's server sends them. Printed per
// page, one table, medians of `runs` (default 5) cold loads, not pass/fail. Rows:
//   - no-JS baseline: the same page with every module script removed (the elements' no-JavaScript
//     fallback, as a shop without the library shows it);
//   - now: the elements from this tree's dist/;
//   - <git-ref> (with --against): that commit built in a temporary directory (`git archive` of the
//     ref, node_modules linked to this project's, `vite build`: only dist/ is needed; kept for the
//     next run as $TMPDIR/production-bench-<commit>), served on an origin of its own where only
//     /dist/* comes from its dist/: the page's HTML and the demo shop are this tree's. The builds
//     take turns run by run, in one process. In a copy of the tree without .git (a snapshot whose
//     node_modules links to the project's), the ref is read from the project node_modules is in.
// Columns (production.measures.mjs reads them in the page):
//   - load: the load event; last rendered: the last of our elements upgraded with its shadow root
//     filled (polled from the load event on), and its ratio to the no-JS page's load (issue 32's
//     goal: within 1.4x);
//   - CLS: the sum of `layout-shift` entries without recent input, observed from navigation on,
//     until the page settled: after the last element rendered (the baseline: after load), no request
//     in flight, fonts loaded and 10 frames in a row without a shift or a request (at most 10 s).
//     Goal 0.000. Under each table, the nodes that moved most in the run that shifted most;
//   - INP, once the page settled, under the same 4x CPU (Event Timing, `durationThreshold: 16`; the
//     longest entry of the interaction; "<16 ms" when Chromium counted the interaction but reported
//     no entry): a keystroke in the live search (the third character, two typed before), opening
//     the mini-cart (its toggle clicked, then closed with Escape), an option of the option form (a
//     choice clicked), add to cart (the product form's button, its required selects filled and the
//     demo captcha ticked first; on the storefront a product card's ajax button). A column only
//     where the page has the element. Goal under 100 ms;
//   - kB and requests transferred until the page settled (before the interactions); in brackets
//     until the last element rendered (the baseline: load) + 0.5 s, as issue 19 read them; "of
//     dist/": the requests for the library's own files (the rest are the page's, as without it).
// `--each` prints every run's figures as well (the spread under a shared, throttled CPU).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CSP } from '../../examples/server/csp.mjs';
import { BUILT_PREFIX, createDemoServer } from '../../examples/server/index.mjs';
import {
  INTERACTIONS,
  interactionToNextPaint,
  lastElementRendered,
  layoutShift,
  observe,
  settle,
  trackNetwork,
} from './production.measures.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_PAGES = ['storefront', 'shop-option-form', 'product-page'];

const args = process.argv.slice(2);
let against = null;
let each = false;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--against') against = args[++i];
  else if (args[i].startsWith('--against=')) against = args[i].slice('--against='.length);
  else if (args[i] === '--each') each = true;
  else positional.push(args[i]);
}
if (against === undefined || against === '') {
  console.error('--against needs a git ref (a commit, a tag, a branch)');
  process.exit(1);
}
const RUNS = /^\d+$/.test(positional[0] ?? '') ? Number(positional.shift()) : 5;
const PAGES = positional.length > 0 ? positional : DEFAULT_PAGES;
for (const name of PAGES) {
  if (!/^[a-z0-9-]+$/.test(name)) {
    console.error(`not an example page name: ${name}`);
    process.exit(1);
  }
}

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

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

if (!(await exists(join(ROOT, 'dist/autoloader.js')))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

/**
 * The git repository to take `ref` from: this tree, or, when this tree is a copy without .git
 * (a snapshot whose node_modules links to the project's), the project that node_modules is in.
 */
async function repository() {
  const isRepo = (dir) => {
    try {
      execFileSync('git', ['-C', dir, 'rev-parse', '--git-dir'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (isRepo(ROOT)) return ROOT;
  const linked = dirname(await realpath(join(ROOT, 'node_modules')));
  if (isRepo(linked)) return linked;
  throw new Error(`neither ${ROOT} nor ${linked} is a git repository`);
}

/** dist/ of `ref` built in a temporary directory (reused when a finished build of it is there). */
async function buildOf(ref) {
  const repo = await repository();
  const commit = execFileSync('git', ['-C', repo, 'rev-parse', '--verify', `${ref}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const dir = join(tmpdir(), `production-bench-${commit.slice(0, 12)}`);
  const done = join(dir, 'dist', '.production-bench-built');
  if (await exists(done)) return { commit, dist: join(dir, 'dist') };
  console.log(`building ${ref} (${commit.slice(0, 12)}) in ${dir} ...`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  execFileSync('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', repo, commit, dir], {
    stdio: 'inherit',
  });
  await symlink(await realpath(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
  // Only dist/ is needed: `vite build` without the checks `npm run build` adds.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  await writeFile(done, `${commit}\n`);
  return { commit, dist: join(dir, 'dist') };
}

const builds = [{ name: 'now', dist: join(ROOT, 'dist') }];
if (against) builds.push({ name: against, dist: (await buildOf(against)).dist });

const demo = createDemoServer();
/** Static file at `path` under `dir`, gzipped as any shop's server sends text. */
async function sendFile(req, res, dir, path) {
  try {
    const body = await readFile(join(dir, path));
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const gzip = /text|javascript|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  } catch {
    res.writeHead(404).end();
  }
}
/**
 * One origin per build: /dist/* from that build's dist/, everything else (the built pages, the demo
 * shop, static files) from this tree; `?nojs` on a built page serves it without module scripts.
 */
async function serve(dist) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    const nojs = new RegExp(`^${BUILT_PREFIX}([a-z0-9-]+)\\.html$`).exec(url.pathname);
    if (nojs && url.searchParams.has('nojs')) {
      const html = await readFile(join(ROOT, `examples/${nojs[1]}.html`), 'utf8');
      res.writeHead(200, { 'content-type': TYPES['.html'], 'Content-Security-Policy': CSP });
      res.end(html.replace(/<script type="module"[^>]*><\/script>\n?/g, ''));
      return;
    }
    if (path.startsWith('/dist/')) return sendFile(req, res, dist, path.slice('/dist/'.length));
    if (await demo.handle(req, res)) return;
    return sendFile(req, res, ROOT, path);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}
for (const build of builds) Object.assign(build, await serve(build.dist));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** One cold load of `url` under the throttling; what it cost, when it was ready, what moved, INP. */
async function measure(url, withElements) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const net = trackNetwork(cdp);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const load = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventStart);
    let ready = load;
    let waiting = [];
    if (withElements) ({ at: ready, waiting } = await lastElementRendered(page));
    // Issue 19's reading of the bytes: until the last element rendered (or load) and 0.5 s more.
    const early = new Promise((resolve) =>
      setTimeout(() => resolve({ bytes: net.bytes, requests: net.requests }), 500),
    );
    const settled = await settle(page, net);
    const shift = await layoutShift(page, settled.at);
    const result = {
      load,
      ready,
      waiting,
      cls: shift.value,
      shifted: shift.sources,
      settled: settled.at,
      capped: settled.capped,
      bytes: net.bytes,
      requests: net.requests,
      scripts: net.scripts,
      early: await early,
    };
    result.inp = {};
    result.errors = [];
    if (withElements && waiting.length === 0) {
      // A form that posts without ajax (WooCommerce's own product form) would leave the page: its
      // post is answered 204 No Content, so the page stays and the click's own cost is measured.
      let posted = 0;
      await page.route(
        (address) => address.origin === new URL(url).origin,
        (route) => {
          const request = route.request();
          if (!request.isNavigationRequest() || request.method() !== 'POST') return route.fallback();
          posted += 1;
          return route.fulfill({ status: 204 });
        },
      );
      for (const interaction of INTERACTIONS) {
        const target = await interaction.find(page);
        if (!target) continue;
        const before = posted;
        try {
          await interaction.prepare?.(page, target, net);
          await target.scrollIntoViewIfNeeded({ timeout: 8000 });
          await settle(page, net, 3000);
          result.inp[interaction.key] = await interactionToNextPaint(page, () =>
            interaction.act(page, target),
          );
          if (posted > before) result.errors.push(`${interaction.key}: the form posted (answered 204)`);
          await interaction.after?.(page, target);
          await settle(page, net, 5000);
        } catch (error) {
          result.inp[interaction.key] = Number.NaN;
          result.errors.push(`${interaction.key}: ${String(error.message).split('\n')[0]}`);
        }
      }
    }
    return result;
  } finally {
    await context.close();
  }
}

/** A run that failed (a navigation timeout, a crash): no figures, the error as a note. */
const failed = (error) => ({
  load: Number.NaN,
  ready: Number.NaN,
  waiting: [],
  cls: Number.NaN,
  shifted: [],
  settled: Number.NaN,
  capped: false,
  bytes: Number.NaN,
  requests: Number.NaN,
  scripts: Number.NaN,
  early: { bytes: Number.NaN, requests: Number.NaN },
  inp: {},
  errors: [`run failed: ${String(error?.message ?? error).split('\n')[0]}`],
});

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fixed = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} ms` : 'n/a');
const kB = (bytes) => fixed(bytes / 1000, 1);
const inp = (n) => (!Number.isFinite(n) ? 'n/a' : n < 16 ? '<16 ms' : ms(n));

/** Prints rows of cells as aligned columns (the first left, the figures right). */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows)
    console.log(
      `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('   ')}`,
    );
}

console.log(
  `production build, Slow 4G + ${CPU_SLOWDOWN}x CPU, 412x915, median of ${RUNS} cold loads each` +
    (against ? `, now and ${against} alternated run by run` : ''),
);
console.log(
  '  ratio: last rendered / no-JS load; CLS until settled; INP after settled (<16 ms: under the\n' +
    '  Event Timing threshold); kB, requests: until settled (in brackets: until last rendered, or\n' +
    '  load, + 0.5 s, as issue 19 read them)',
);
for (const name of PAGES) {
  if (!(await exists(join(ROOT, `examples/${name}.html`)))) {
    console.log(`\n${name}: skipped (examples/${name}.html does not exist)`);
    continue;
  }
  const path = `${BUILT_PREFIX}${name}.html`;
  const runs = { baseline: [], ...Object.fromEntries(builds.map((b) => [b.name, []])) };
  for (let i = 0; i < RUNS; i++) {
    runs.baseline.push(await measure(`${builds[0].origin}${path}?nojs`, false).catch(failed));
    // The builds take turns going first, so neither always follows the baseline.
    const order = i % 2 ? [...builds].reverse() : builds;
    for (const build of order) runs[build.name].push(await measure(build.origin + path, true).catch(failed));
  }
  const shown = INTERACTIONS.filter((x) => builds.some((b) => runs[b.name].some((r) => x.key in r.inp)));
  const base = median(runs.baseline.map((r) => r.load));
  const rows = [
    ['', 'load', 'last rendered', 'CLS', ...shown.map((x) => x.label), 'kB', 'requests', 'of dist/'],
  ];
  for (const key of Object.keys(runs)) {
    const list = runs[key];
    const of = (pick) => median(list.map(pick));
    const ready = of((r) => r.ready);
    rows.push([
      key === 'baseline' ? 'no-JS baseline' : key,
      ms(of((r) => r.load)),
      key === 'baseline' ? '-' : `${ms(ready)} (${fixed(ready / base, 2)}x)`,
      fixed(
        of((r) => r.cls),
        3,
      ),
      ...shown.map((x) => (key === 'baseline' ? '-' : inp(of((r) => r.inp[x.key])))),
      `${kB(of((r) => r.bytes))} (${kB(of((r) => r.early.bytes))})`,
      `${fixed(
        of((r) => r.requests),
        0,
      )} (${fixed(
        of((r) => r.early.requests),
        0,
      )})`,
      fixed(
        of((r) => r.scripts),
        0,
      ),
    ]);
  }
  console.log(`\n${name} (${path})`);
  table(rows);
  for (const key of Object.keys(runs)) {
    const list = runs[key];
    const label = key === 'baseline' ? 'no-JS baseline' : key;
    // What moved, in the run that shifted most (a shift that comes only now and then shows too).
    const worst = list.filter((r) => r.cls > 0).sort((a, b) => b.cls - a.cls)[0];
    if (worst) {
      const moved = worst.shifted.slice(0, 4).map(([node, value]) => `${node} ${value.toFixed(3)}`);
      console.log(`  ${label} shifted (run of CLS ${worst.cls.toFixed(3)}): ${moved.join(', ')}`);
    }
    const notes = new Set(
      list.flatMap((r) => [...(r.errors ?? []), ...r.waiting.map((tag) => `<${tag}> never rendered`)]),
    );
    const capped = list.filter((r) => r.capped).length;
    if (capped) notes.add(`did not settle within 10 s in ${capped} of ${list.length} runs`);
    if (notes.size) console.log(`  ${label}: ${[...notes].join('; ')}`);
    if (each)
      for (const r of list) {
        const figures = [
          `load ${ms(r.load)}`,
          ...(key === 'baseline' ? [] : [`last rendered ${ms(r.ready)}`]),
          `settled ${ms(r.settled)}`,
          `CLS ${fixed(r.cls, 3)}`,
          ...Object.entries(r.inp).map(([k, v]) => `${k} ${inp(v)}`),
          `${kB(r.bytes)} (${kB(r.early.bytes)}) kB`,
          `${r.requests} (${r.early.requests}) requests, ${r.scripts} of dist/`,
        ];
        console.log(`    ${label} run: ${figures.join(', ')}`);
      }
  }
}
await browser.close();
for (const build of builds) build.server.close();
