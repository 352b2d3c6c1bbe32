// Keystroke cost of the 1,000-field option form as main-thread CPU time (issue 12 benchmark):
//
//   node test/bench/option-form-keystroke.trace.mjs [production|development] [keystrokes]
//
// Bundles option-form-keystroke.entry.ts with esbuild (React in the given mode, production by
// default), opens it in headless Chromium (/usr/bin/chromium), types into the per-character priced
// field and records a DevTools trace. Printed: the wall-clock medians (keystroke -> total updated,
// keystroke -> next frame) and, per keystroke, the main thread's CPU time (`tdur`) by trace event:
// script (EventDispatch, FunctionCall, FireAnimationFrame), Layout, PrePaint, Paint... CPU time is
// what a loaded machine changes least; the wall figures move with the load (print `uptime`).
// Each keystroke waits two frames first, so its CPU includes two frames of the page (and the
// harness's own frame callbacks, about 3 ms).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const mode = process.argv[2] ?? 'production';
const N = Number(process.argv[3] ?? 40);
const entry = fileURLToPath(new URL('./option-form-keystroke.entry.ts', import.meta.url));
const bundle = await build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  ignoreAnnotations: true, // the element registers itself on import (package.json sideEffects)
  define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
  logLevel: 'error',
});
const script = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === '/bench.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(script);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><html lang="en"><body><script type="module" src="/bench.js"></script></body></html>',
    );
  }
}).listen(0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${server.address().port}/`);
  await page.waitForFunction(() => typeof window.benchMount === 'function');
  const renders = [];
  for (let i = 0; i < 3; i++) renders.push(await page.evaluate(() => window.benchMount()));
  await page.evaluate(() => window.benchKeys(10));
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const wall = await page.evaluate((n) => window.benchKeys(n), N);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const cpu = new Map();
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.tdur || (main && (e.pid !== main.pid || e.tid !== main.tid))) continue;
    cpu.set(e.name, (cpu.get(e.name) ?? 0) + e.tdur / 1000);
  }
  const shown = [
    'RunTask',
    'EventDispatch',
    'FunctionCall',
    'FireAnimationFrame',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
  ];
  console.log(`<shop-option-form>, 1,000 fields, ${mode} React, ${N} keystrokes`);
  console.log(`  initial render to paint: ${renders.map((ms) => ms.toFixed(0)).join(', ')} ms (3 runs)`);
  console.log(
    `  wall medians: keystroke -> total updated ${wall.updated.toFixed(1)} ms, -> next frame ${wall.frame.toFixed(1)} ms`,
  );
  console.log('  main-thread CPU per keystroke (RunTask is the total):');
  for (const name of shown)
    console.log(`    ${name.padEnd(20)} ${((cpu.get(name) ?? 0) / N).toFixed(2).padStart(7)} ms`);
} finally {
  await browser.close();
  server.close();
}
