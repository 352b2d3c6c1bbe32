// Where upgrade-200's time and memory go (issue 32 diagnostic, figures printed, not pass/fail):
//
//   node test/bench/elements.profile.mjs [runs]
//
// Bundles <shop-mini-cart> from this tree's source with esbuild (production React, not minified,
// so the profile keeps function names; the same code dist ships), opens it in headless Chromium
// (/usr/bin/chromium) and, as elements.bench.ts does, inserts 200 mini-carts as markup and waits
// for the paint after all rendered, against a plain element cloning the same shadow DOM. Printed:
// - the main thread's CPU time per trace event (script, style, layout, paint) for both kinds;
// - a CPU profile of the mini-cart's upgrades (CDP Profiler), its samples attributed to the
//   first matching stage found walking each stack from the top: React's createRoot and event
//   listeners, the first render, settings parsing (zod), adopted sheets, the controller and
//   stores, r2wc, define-element's own work; saved as /tmp/upgrade-200.cpuprofile;
// - heap per live element (gc, heap with 200 live rendered elements minus heap with none, / 200)
//   and the heap snapshots' growth by constructor; the snapshots are saved under /tmp;
// - event listeners per element (CDP DOMDebugger.getEventListeners on every node of one
//   element's shadow tree, and the listeners each element adds to the document and window).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const RUNS = Number(process.argv[2] ?? 5);
const COUNT = 200;
const root = fileURLToPath(new URL('../..', import.meta.url));

const entry = `
import './elements/shop-mini-cart/shop-mini-cart.ts';
const LIGHT_DOM = '<a href="/cart/">Cart</a>';
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
const nextTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(null); });
const rendered = (el) => (el.shadowRoot?.childElementCount ?? 0) > 0;
async function renderedAndPainted(elements) {
  for (let f = 0; f < 600; f++) { await nextFrame(); if (elements.every(rendered)) { await nextTask(); return; } }
  throw new Error('never rendered');
}
let plain = '';
window.benchSetup = async () => {
  const probe = document.createElement('shop-mini-cart');
  probe.innerHTML = LIGHT_DOM;
  document.body.append(probe);
  await renderedAndPainted([probe]);
  const template = document.createElement('template');
  template.innerHTML = probe.shadowRoot.innerHTML;
  const sheets = [...probe.shadowRoot.adoptedStyleSheets];
  customElements.define('bench-plain', class extends HTMLElement {
    constructor() { super(); const r = this.attachShadow({ mode: 'open' }); r.adoptedStyleSheets = sheets; r.append(template.content.cloneNode(true)); }
  });
  plain = 'bench-plain';
  probe.remove();
  await nextFrame();
};
let host;
window.benchInsert = async (tag, count) => {
  host = document.createElement('div');
  document.body.append(host);
  await nextFrame(); await nextTask();
  const start = performance.now();
  host.innerHTML = ('<' + tag + '>' + LIGHT_DOM + '</' + tag + '>').repeat(count);
  await renderedAndPainted([...host.children]);
  return performance.now() - start;
};
window.benchClear = async () => { host?.remove(); host = undefined; await nextFrame(); await nextTask(); await nextTask(); };
`;

const bundle = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'profile-entry.ts' },
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  minify: false,
  ignoreAnnotations: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const script = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === '/bench.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(script);
  } else if (req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><html lang="en"><body><script type="module" src="/bench.js"></script></body></html>',
    );
  } else {
    res.writeHead(404);
    res.end();
  }
}).listen(0);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n, d = 1) => n.toFixed(d);

/** Stages, tried in order on each sample's stack (innermost frame first, then outwards). */
const STAGES = [
  [
    'React listeners (listenToAllSupportedEvents)',
    /^(listenToAllSupportedEvents|listenToNativeEvent|addTrappedEventListener)/,
  ],
  [
    'React createRoot (fiber root, containers)',
    /^(createRoot|createFiberRoot|createContainer|markContainerAsRoot)$/,
  ],
  [
    'settings parsing (zod, #collect, #update)',
    /zod|^(parseSettings|safeParse|_parse|safe|#collect|#update)$/i,
  ],
  ['adopted sheets (sheetFor)', /^(sheetFor|adoptStyles)$/],
  ['controller and stores', /controller|^(connect|listen|on|onJQuery|MiniCartController)$/i],
  [
    'React first render (work loop, commit)',
    /^(performWorkOnRoot|performWorkOnRootViaSchedulerTask|workLoop|renderRootSync|commitRoot|flushSyncWork|processRootScheduleInMicrotask|performSyncWorkOnRoot|flushSyncWorkAcrossRoots_impl)/,
  ],
  ['React root.render (schedule)', /^(updateContainer|ReactDOMRoot\.render|scheduleUpdateOnFiber)$/],
  ['r2wc per instance', /^(mount|v|T|connectedCallback|attributeChangedCallback)$/],
];

function attribute(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  const stage = new Map();
  const self = new Map();
  for (const [id, ms] of dt) {
    const node = byId.get(id);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = ['(idle)', '(program)', '(garbage collector)'].includes(name)
      ? name
      : `${name} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    let found = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : 'other script';
    if (found === 'other script') {
      outer: for (let n = id; n !== undefined; n = parent.get(n)) {
        const fn = byId.get(n).callFrame.functionName;
        for (const [label, re] of STAGES)
          if (re.test(fn)) {
            found = label;
            break outer;
          }
      }
    }
    stage.set(found, (stage.get(found) ?? 0) + ms);
  }
  return { stage, self };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc', '--enable-precise-memory-info'],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`http://localhost:${server.address().port}/`);
  await page.waitForFunction(() => typeof window.benchSetup === 'function');
  await page.evaluate(() => window.benchSetup());
  for (const tag of ['shop-mini-cart', 'bench-plain']) {
    await page.evaluate((t) => window.benchInsert(t, 200), tag);
    await page.evaluate(() => window.benchClear());
  }

  // 1. Wall time and trace events, alternated.
  const wall = { 'shop-mini-cart': [], 'bench-plain': [] };
  const cpu = { 'shop-mini-cart': new Map(), 'bench-plain': new Map() };
  for (let run = 0; run < RUNS; run++) {
    for (const tag of ['shop-mini-cart', 'bench-plain']) {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      wall[tag].push(await page.evaluate((t) => window.benchInsert(t, 200), tag));
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      for (const e of traceEvents) {
        if (e.ph !== 'X' || !e.tdur || (main && (e.pid !== main.pid || e.tid !== main.tid))) continue;
        cpu[tag].set(e.name, (cpu[tag].get(e.name) ?? 0) + e.tdur / 1000 / RUNS);
      }
      await page.evaluate(() => window.benchClear());
    }
  }
  const m = median(wall['shop-mini-cart']);
  const p = median(wall['bench-plain']);
  console.log(
    `upgrade-${COUNT} (esbuild production bundle, unthrottled, median of ${RUNS}): mini-cart ${fmt(m)} ms, plain ${fmt(p)} ms, ratio ${fmt(m / p, 2)}x`,
  );
  console.log(
    `  runs: ${wall['shop-mini-cart'].map((x) => fmt(x)).join(' ')} / ${wall['bench-plain'].map((x) => fmt(x)).join(' ')}`,
  );
  console.log('  main-thread CPU per upgrade-200 by trace event, mean ms (mini-cart / plain):');
  for (const name of [
    'RunTask',
    'FunctionCall',
    'RunMicrotasks',
    'V8.GC_SCAVENGER',
    'MinorGC',
    'MajorGC',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'ParseHTML',
  ])
    console.log(
      `    ${name.padEnd(18)} ${fmt(cpu['shop-mini-cart'].get(name) ?? 0).padStart(7)} / ${fmt(cpu['bench-plain'].get(name) ?? 0)}`,
    );

  // 2. CPU profile of the mini-cart's upgrades.
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  for (let run = 0; run < RUNS; run++) {
    await page.evaluate(() => window.benchInsert('shop-mini-cart', 200));
    await page.evaluate(() => window.benchClear());
  }
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/upgrade-200.cpuprofile', JSON.stringify(profile));
  const { stage, self } = attribute(profile);
  console.log(
    `  CPU profile of ${RUNS} x (upgrade-200 + removal), ms per upgrade-200 by stage (/tmp/upgrade-200.cpuprofile):`,
  );
  for (const [label, ms] of [...stage].sort((a, b) => b[1] - a[1]))
    console.log(`    ${fmt(ms / RUNS).padStart(7)}  ${label}`);
  console.log('  top self time, ms per run:');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${fmt(ms / RUNS).padStart(7)}  ${key}`);

  // 3. Heap per live element.
  const heap = async () => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const perLive = async (tag) => {
    const before = await heap();
    await page.evaluate((t) => window.benchInsert(t, 200), tag);
    const after = await heap();
    await page.evaluate(() => window.benchClear());
    return (after - before) / COUNT;
  };
  const heapRuns = { 'shop-mini-cart': [], 'bench-plain': [] };
  for (let run = 0; run < RUNS; run++)
    for (const tag of ['shop-mini-cart', 'bench-plain']) heapRuns[tag].push(await perLive(tag));
  console.log(
    `heap per live element (after gc, ${COUNT} live minus none, / ${COUNT}): mini-cart ${fmt(median(heapRuns['shop-mini-cart']) / 1024, 2)} KB, plain ${fmt(median(heapRuns['bench-plain']) / 1024, 2)} KB (runs ${heapRuns['shop-mini-cart'].map((b) => fmt(b / 1024, 2)).join(' ')} / ${heapRuns['bench-plain'].map((b) => fmt(b / 1024, 2)).join(' ')})`,
  );

  // 4. Heap snapshots: growth by constructor.
  const snapshot = async (file) => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const chunks = [];
    const onChunk = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const text = chunks.join('');
    writeFileSync(file, text);
    const snap = JSON.parse(text);
    const fields = snap.snapshot.meta.node_fields;
    const types = snap.snapshot.meta.node_types[0];
    const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
    const sizes = new Map();
    for (let i = 0; i < snap.nodes.length; i += fields.length) {
      const type = types[snap.nodes[i + iType]];
      let name = snap.strings[snap.nodes[i + iName]];
      if (type !== 'object' && type !== 'native') name = `(${type})`;
      else if (name.length > 60) name = `${name.slice(0, 60)}…`;
      const e = sizes.get(name) ?? { size: 0, count: 0 };
      e.size += snap.nodes[i + iSize];
      e.count++;
      sizes.set(name, e);
    }
    return sizes;
  };
  await page.evaluate(() => window.benchClear());
  const none = await snapshot('/tmp/mini-cart-0.heapsnapshot');
  await page.evaluate(() => window.benchInsert('shop-mini-cart', 200));
  const live = await snapshot('/tmp/mini-cart-200.heapsnapshot');
  const growth = [...live]
    .map(([name, e]) => [name, e.size - (none.get(name)?.size ?? 0), e.count - (none.get(name)?.count ?? 0)])
    .filter(([, size]) => size > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = growth.reduce((s, [, size]) => s + size, 0);
  console.log(
    `heap snapshot growth with ${COUNT} live mini-carts: ${fmt(total / COUNT / 1024, 2)} KB per element (snapshots /tmp/mini-cart-{0,200}.heapsnapshot); largest, bytes and objects per element:`,
  );
  for (const [name, size, count] of growth.slice(0, 25))
    console.log(`    ${fmt(size / COUNT, 0).padStart(6)} B  ${fmt(count / COUNT, 1).padStart(5)}  ${name}`);

  // 5. Event listeners per element.
  const listenersOf = async (expression) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId,
      depth: -1,
      pierce: true,
    });
    return listeners;
  };
  const inShadow = await listenersOf("document.querySelector('shop-mini-cart').shadowRoot");
  const onHost = await listenersOf("document.querySelector('shop-mini-cart')");
  const docWith = (await listenersOf('document')).length;
  const winWith = (await listenersOf('window')).length;
  await page.evaluate(() => window.benchClear());
  const docWithout = (await listenersOf('document')).length;
  const winWithout = (await listenersOf('window')).length;
  // getEventListeners with pierce on the document counts the shadow trees' listeners too: so the
  // document's own are counted on `document` at depth 0.
  const own = async (expression) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    return (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId, depth: 0 }))
      .listeners.length;
  };
  await page.evaluate(() => window.benchInsert('shop-mini-cart', 200));
  const docOwnWith = await own('document');
  const winOwnWith = await own('window');
  await page.evaluate(() => window.benchClear());
  const docOwnWithout = await own('document');
  const winOwnWithout = await own('window');
  console.log(
    `event listeners per element: ${inShadow.length} in its shadow tree (${inShadow.filter((l) => l.useCapture).length} capture), ${onHost.length - inShadow.length} on the host and its light DOM, ${fmt((docOwnWith - docOwnWithout) / COUNT, 2)} on the document, ${fmt((winOwnWith - winOwnWithout) / COUNT, 2)} on the window (everything reachable from the document: ${fmt((docWith - docWithout) / COUNT, 1)}, window ${fmt((winWith - winWithout) / COUNT, 1)})`,
  );
} finally {
  await browser.close();
  server.close();
}
