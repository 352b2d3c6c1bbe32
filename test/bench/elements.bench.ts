import { uniqueTag } from '../helpers/elements.ts';
import { resetShop } from '../helpers/shop.ts';

/**
 * Foundation benchmarks (issue 2 §7), Chromium, figures printed, not pass/fail:
 * 1. upgrade-200: 200 `<shop-mini-cart>` inserted as markup, upgraded, rendered by React and
 *    painted, against a plain custom element with the same shadow DOM (the mini-cart's own
 *    rendered markup cloned from a template, the same adopted sheets). Median of several runs.
 * 2. attach-detach-1000: 1,000 cycles of append, wait for render, remove, wait for unmount, and
 *    the JS heap before and after (`performance.memory`, after `gc()` when the browser exposes it:
 *    run with test/bench/web-test-runner.memory.config.mjs), against the same plain element.
 * 3. heap per live element (issue 32): the JS heap after `gc()` with 200 rendered elements on the
 *    page minus the heap with none, divided by 200; the same for the plain element. Median of
 *    several runs. (Event listeners per element and the breakdown of the time and the bytes:
 *    `node test/bench/elements.profile.mjs`.)
 */

/**
 * Which code runs: the source (development React, as the tests run it) or, with
 * test/bench/web-test-runner.production.config.mjs, the production build in dist/ (what shoppers
 * get; `npm run build` first).
 */
const BUILD = (globalThis as { BENCH_BUILD?: string }).BENCH_BUILD === 'dist' ? 'dist' : 'source';
if (BUILD === 'dist') await import(/* @vite-ignore */ '/dist/shop-mini-cart.js' as string);
else await import('../../elements/shop-mini-cart/shop-mini-cart.ts');

const COUNT = 200;
const RUNS = 7;
const CYCLES = 1000;
/** The mini-cart's no-JavaScript fallback, inside every element of both kinds. */
const LIGHT_DOM = '<a href="/cart/">Cart</a>';
const MINI_CART = 'shop-mini-cart';

type Gc = () => void;
interface MemoryInfo {
  usedJSHeapSize: number;
}
const gc = (globalThis as { gc?: Gc }).gc;
/** A fresh snapshot each call (Chromium's `performance.memory` is not live). */
const memory = () => (performance as Performance & { memory?: MemoryInfo }).memory;

/** Resolves in the next task (faster than a timer, lets the React scheduler run). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n: number) => n.toFixed(1);

const rendered = (el: Element) => (el.shadowRoot?.childElementCount ?? 0) > 0;

/** Waits until every element has rendered, then for the frame that shows them to be painted. */
async function renderedAndPainted(elements: Element[]): Promise<void> {
  for (let frame = 0; frame < 600; frame++) {
    await nextFrame();
    // Checked in the frame callback, before that frame paints: what is rendered now is painted next.
    if (elements.every(rendered)) {
      await nextTask(); // runs after the frame's paint
      return;
    }
  }
  throw new Error('the elements never rendered');
}

/** Waits, task by task, until `check()` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    if (check()) return;
    await nextTask();
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Defines the baseline: a plain custom element that attaches a shadow root holding a clone of
 * `markup` with `sheets` adopted, in its constructor (so it renders during upgrade).
 */
function defineBaseline(markup: string, sheets: CSSStyleSheet[]): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const tag = uniqueTag('bench-plain');
  customElements.define(
    tag,
    class extends HTMLElement {
      constructor() {
        super();
        const root = this.attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = sheets;
        root.append(template.content.cloneNode(true));
      }
    },
  );
  return tag;
}

/** Milliseconds from inserting 200 elements as markup to the paint after all rendered. */
async function upgrade(tag: string): Promise<number> {
  const host = document.createElement('div');
  document.body.append(host);
  await nextFrame();
  await nextTask();
  const start = performance.now();
  host.innerHTML = `<${tag}>${LIGHT_DOM}</${tag}>`.repeat(COUNT);
  await renderedAndPainted([...host.children]);
  const ms = performance.now() - start;
  host.remove();
  await nextFrame();
  return ms;
}

/** The JS heap after `gc()` (three rounds, each followed by a task), in bytes; NaN without `performance.memory`. */
async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await nextTask();
  }
  return memory()?.usedJSHeapSize ?? Number.NaN;
}

/** Heap per live element: 200 rendered elements of `tag` on the page minus none, / 200 (issue 32). */
async function heapPerLive(tag: string): Promise<number> {
  const host = document.createElement('div');
  document.body.append(host);
  const before = await heapAfterGc();
  host.innerHTML = `<${tag}>${LIGHT_DOM}</${tag}>`.repeat(COUNT);
  await renderedAndPainted([...host.children]);
  const after = await heapAfterGc();
  host.remove();
  await nextFrame();
  return (after - before) / COUNT;
}

/** Heap growth over `CYCLES` attach/detach cycles of `tag`. */
async function attachDetach(tag: string, unmounted: (el: Element) => boolean) {
  const host = document.createElement('div');
  document.body.append(host);
  const cycle = async () => {
    const el = document.createElement(tag);
    el.innerHTML = LIGHT_DOM;
    host.append(el);
    await until(() => rendered(el), `<${tag}> to render`);
    el.remove();
    await until(() => unmounted(el), `<${tag}> to unmount`);
  };
  for (let i = 0; i < 20; i++) await cycle(); // warm-up: code, caches and the shared stores
  const before = await heapAfterGc();
  const start = performance.now();
  for (let i = 0; i < CYCLES; i++) await cycle();
  const ms = performance.now() - start;
  const after = await heapAfterGc();
  host.remove();
  return { before, after, ms };
}

describe(`foundation benchmarks on the ${BUILD === 'dist' ? 'production build' : 'source (development React)'} (Chromium, figures printed)`, () => {
  let baseline = '';

  before(async () => {
    await resetShop(); // an empty cart: the mini-cart renders its launcher only
    // The baseline copies the mini-cart's rendered shadow DOM, so both kinds paint the same tree.
    const probe = document.createElement(MINI_CART);
    probe.innerHTML = LIGHT_DOM;
    document.body.append(probe);
    await until(() => rendered(probe), 'the probe mini-cart to render');
    await nextFrame();
    const root = probe.shadowRoot!;
    baseline = defineBaseline(root.innerHTML, [...root.adoptedStyleSheets]);
    console.log(
      `bench setup: <${MINI_CART}> shadow DOM has ${root.querySelectorAll('*').length} elements; the baseline <${baseline}> clones the same markup`,
    );
    probe.remove();
    await nextFrame();
  });

  it(`upgrade-${COUNT}: ${COUNT} elements upgraded, rendered and painted`, async () => {
    await upgrade(MINI_CART); // warm-up
    await upgrade(baseline);
    const times: Record<string, number[]> = { [MINI_CART]: [], [baseline]: [] };
    for (let run = 0; run < RUNS; run++) {
      // Alternated, so drift (GC, other load on the machine) hits both alike.
      times[MINI_CART].push(await upgrade(MINI_CART));
      times[baseline].push(await upgrade(baseline));
    }
    const cart = median(times[MINI_CART]);
    const plain = median(times[baseline]);
    console.log(
      `bench [${BUILD}] upgrade-${COUNT}: ${MINI_CART} ${fmt(cart)} ms, baseline ${fmt(plain)} ms, ratio ${fmt(cart / plain)}x (median of ${RUNS}; runs ${times[MINI_CART].map(fmt).join(' ')} / ${times[baseline].map(fmt).join(' ')})`,
    );
  });

  it(`attach-detach-${CYCLES}: heap growth after ${CYCLES} attach/detach cycles`, async () => {
    if (!gc)
      console.log(
        'bench attach-detach: gc() is not exposed, heap figures include garbage (use the memory config)',
      );
    if (!memory()) console.log('bench attach-detach: performance.memory is not available in this browser');
    const kinds: [string, (el: Element) => boolean][] = [
      [MINI_CART, (el) => el.shadowRoot?.childElementCount === 0], // React unmounted the view
      [baseline, (el) => !el.isConnected],
    ];
    for (const [tag, unmounted] of kinds) {
      const { before, after, ms } = await attachDetach(tag, unmounted);
      const growth = after - before;
      console.log(
        `bench [${BUILD}] attach-detach-${CYCLES}: ${tag === MINI_CART ? MINI_CART : 'baseline'} heap ${fmt(before / 1024)} KB -> ${fmt(after / 1024)} KB, growth ${fmt(growth / 1024)} KB, ${fmt(growth / CYCLES)} bytes per cycle; ${fmt(ms / CYCLES)} ms per cycle`,
      );
    }
  });

  it(`heap per live element: ${COUNT} rendered elements on the page minus none`, async () => {
    if (!gc)
      console.log(
        'bench heap per live element: gc() is not exposed, the figures include garbage (use the memory config)',
      );
    await heapPerLive(MINI_CART); // warm-up: code, caches and the shared stores
    await heapPerLive(baseline);
    const bytes: Record<string, number[]> = { [MINI_CART]: [], [baseline]: [] };
    for (let run = 0; run < 5; run++) {
      bytes[MINI_CART].push(await heapPerLive(MINI_CART));
      bytes[baseline].push(await heapPerLive(baseline));
    }
    const kb = (b: number) => (b / 1024).toFixed(2);
    console.log(
      `bench [${BUILD}] heap per live element: ${MINI_CART} ${kb(median(bytes[MINI_CART]))} KB, baseline ${kb(median(bytes[baseline]))} KB (median of 5 after gc, ${COUNT} live minus none; runs ${bytes[MINI_CART].map(kb).join(' ')} / ${bytes[baseline].map(kb).join(' ')})`,
    );
  });
});
