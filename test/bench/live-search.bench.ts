import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ShopLiveSearchElement } from '../../elements/shop-live-search/shop-live-search.ts';
import '../../elements/shop-live-search/shop-live-search.ts';
import { setPageConfig } from '../../shared/stores/page-config.ts';

/**
 * Live search benchmark (issue 4), Chromium, figures printed:
 * 1. Requests sent for a scripted session of typing several queries letter by letter (and
 *    backspacing), with the cache and bad-query prevention on, against a baseline that sends one
 *    request per keystroke at or past the minimum length. Run with no search latency (every
 *    keystroke waits for its answer) so only the cache and bad-query prevention save requests,
 *    and again at the demo page's 150 ms latency typing 5 keys a second.
 * 2. Median time from a keystroke to painted suggestions on a cached query, against the same
 *    measured for an uncached query (cache off: one round trip to the demo shop per keystroke).
 */

const SEARCH = 'flatsome_ajax_search_products';
const MIN_CHARS = 3;
const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

function type(input: HTMLInputElement, value: string) {
  valueSetter.call(input, value);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Resolves after the next frame has been painted. */
const painted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
/** Resolves as soon as `check()` holds, looking after every DOM change under `root` (no polling delay). */
function whenDom(root: Node, check: () => boolean, timeout = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => check() && done());
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the suggestions never showed'));
    }, timeout);
    if (check()) done();
  });
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function searchCount(): Promise<number> {
  const log = (await (await fetch('/__shop/log')).json()) as { endpoint: string }[];
  return log.filter((e) => e.endpoint === SEARCH).length;
}

async function mount(settings = '{}') {
  const el = await fixture<ShopLiveSearchElement>(
    html`<shop-live-search settings=${settings}></shop-live-search>`,
  );
  await waitUntil(() => el.shadowRoot?.querySelector('input'));
  const input = el.shadowRoot!.querySelector<HTMLInputElement>('input')!;
  const button = el.shadowRoot!.querySelector<HTMLButtonElement>('button')!;
  input.focus();
  return { el, input, button };
}

/** The keystrokes of the session: each state of the field after one key. */
function session(): string[] {
  const states: string[] = [];
  let field = '';
  const typeWord = (text: string) => {
    for (const ch of text) {
      field += ch;
      states.push(field);
    }
  };
  const backspace = (n: number) => {
    for (let i = 0; i < n; i++) {
      field = field.slice(0, -1);
      states.push(field);
    }
  };
  const clear = () => backspace(field.length);
  typeWord('hoodie');
  backspace(3); // back to "hoo": cached
  typeWord('die with zipper');
  clear();
  typeWord('xyzzy'); // finds nothing at "xyz": "xyzz", "xyzzy" are never sent
  clear();
  typeWord('hoodie'); // all cached
  clear();
  typeWord('wool scarf');
  backspace(6); // "wool" .. "wool s" cached
  clear();
  typeWord('poster'); // "pos" .. "poster"
  typeWord('qq'); // "posterq" finds nothing: "posterqq" is skipped
  backspace(2); // cached
  clear();
  typeWord('mugxx'); // "mugx" finds nothing: "mugxx" is skipped
  return states;
}

describe('live search benchmark', () => {
  it('requests sent and time to painted suggestions', async () => {
    const states = session();
    const baseline = states.filter((s) => s.trim().length >= MIN_CHARS).length;

    // 1a. No latency: each keystroke waits for its answer.
    await fetch('/__shop/reset', { method: 'POST' });
    setPageConfig({ searchLatency: 0 });
    let m = await mount();
    for (const state of states) {
      type(m.input, state);
      await painted();
      await waitUntil(() => !m.button.hasAttribute('data-loading'), 'request never finished', {
        timeout: 5000,
      });
    }
    const sent = await searchCount();
    m.el.remove();

    // 1b. The demo page's 150 ms latency, typing 5 keys a second.
    await fetch('/__shop/reset', { method: 'POST' });
    setPageConfig({ searchLatency: 150 });
    m = await mount();
    for (const state of states) {
      type(m.input, state);
      await sleep(200);
    }
    await sleep(400);
    await waitUntil(() => !m.button.hasAttribute('data-loading'), 'request never finished', {
      timeout: 5000,
    });
    const sentWithDelay = await searchCount();
    m.el.remove();

    // 2. Keystroke to painted suggestions: cached queries vs. a round trip each time.
    setPageConfig({ searchLatency: 0 });
    const timeToPaint = async (settings: string, rounds: number) => {
      const t = await mount(settings);
      const queries = ['hoodie', 'poster', 'vinyl', 'leather'];
      const names = () => t.el.shadowRoot!.querySelector('[part="option-name"]')?.textContent ?? '';
      const samples: number[] = [];
      const commits: number[] = [];
      for (const q of queries) {
        // Warm-up (fills the cache where it is on).
        type(t.input, q);
        await waitUntil(() => names().toLowerCase().includes(q), `no suggestions for ${q}`, {
          timeout: 5000,
        });
      }
      for (let i = 0; i < rounds; i++) {
        const q = queries[i % queries.length];
        await painted();
        const start = performance.now();
        type(t.input, q);
        await whenDom(t.el.shadowRoot!, () => names().toLowerCase().includes(q));
        commits.push(performance.now() - start);
        await painted();
        samples.push(performance.now() - start);
      }
      t.el.remove();
      return { paint: median(samples), commit: median(commits) };
    };
    const cached = await timeToPaint('{}', 40);
    const uncached = await timeToPaint('{"cache":false}', 40);

    const pct = (n: number) => `${Math.round((100 * n) / baseline)}%`;
    console.log(
      [
        '',
        `live search: a session of ${states.length} keystrokes over 7 queries, ${baseline} of them at or past ${MIN_CHARS} characters`,
        `  baseline (one request per keystroke past the minimum): ${baseline} requests`,
        `  cache + bad-query prevention, no latency:              ${sent} requests (${pct(sent)} of baseline, ${baseline - sent} saved)`,
        `  + 150 ms search latency, typing 5 keys/s:              ${sentWithDelay} requests (${pct(sentWithDelay)} of baseline)`,
        `  keystroke to painted suggestions, median of 40 (Chromium):`,
        `    cached query:                    ${cached.paint.toFixed(1)} ms (in the DOM after ${cached.commit.toFixed(1)} ms)`,
        `    uncached (cache off, demo shop): ${uncached.paint.toFixed(1)} ms (in the DOM after ${uncached.commit.toFixed(1)} ms); cached is ${(uncached.paint / cached.paint).toFixed(1)}x faster`,
        '',
      ].join('\n'),
    );
    expect(sent).to.be.below(baseline);
  });
});
