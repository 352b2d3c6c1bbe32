import { expect, waitUntil } from '@open-wc/testing';

// Tests the BUILT output (dist/), which `npm test` builds before the browser tests: two elements
// included by two script tags must share the one shared chunk, so there is one `$cart` (and one
// `$consent`) on the page (issue 2 §1, DESIGN §4). Everything else is tested from source.

interface Store<T> {
  get(): T;
  set(value: T): void;
}
type Probe = Window & { sharedChunk?: Record<string, unknown>; shopConsent?: unknown };

/** The export of the shared chunk whose value has every one of `keys` (export names are minified). */
function findStore<T>(ns: Record<string, unknown>, keys: string[]): Store<T> {
  const found = Object.values(ns).filter((v): v is Store<T> => {
    const store = v as Partial<Store<T>> | null;
    if (typeof store?.get !== 'function' || typeof store.set !== 'function') return false;
    const value = store.get() as unknown;
    return !!value && typeof value === 'object' && keys.every((k) => k in value);
  });
  expect(found, `one store with ${keys.join(', ')} in dist/shared.js`).to.have.length(1);
  return found[0]!;
}

describe('build: two elements from two script tags', () => {
  let frame: HTMLIFrameElement;
  let win: Probe;
  let doc: Document;

  before(async function () {
    this.timeout(15000);
    const built = await fetch('/dist/shared.js', { method: 'HEAD' });
    if (!built.ok)
      throw new Error(
        'dist/ is missing: run `npm run build` before the build tests (npm test builds first).',
      );
    frame = document.createElement('iframe');
    frame.src = '/test/build/two-scripts.html';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    win = frame.contentWindow as Probe;
    doc = frame.contentDocument!;
    await waitUntil(
      () => win.customElements.get('shop-mini-cart') && win.customElements.get('shop-order-attribution'),
      'the built elements never defined their tags',
      { timeout: 10000 },
    );
    // What the page's own scripts see of the shared chunk (same realm, same module map).
    const probe = doc.createElement('script');
    probe.type = 'module';
    probe.textContent = "import * as shared from '/dist/shared.js'; window.sharedChunk = shared;";
    doc.head.append(probe);
    await waitUntil(() => win.sharedChunk, 'dist/shared.js never loaded in the page');
  });

  after(() => frame?.remove());

  it('loads dist/shared.js once, imported by both entries', async () => {
    const requested = (win.performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (e) => new URL(e.name).pathname,
    );
    expect(requested.filter((p) => p === '/dist/shared.js')).to.have.length(1);
    for (const entry of ['shop-mini-cart', 'shop-order-attribution']) {
      const code = await (await fetch(`/dist/${entry}.js`)).text();
      expect(code, `dist/${entry}.js imports the shared chunk`).to.match(/from\s*["']\.\/shared\.js["']/);
    }
  });

  it('drives the first script tag’s element from the one $cart', async () => {
    const $cart = findStore<{ count: number; known: boolean }>(win.sharedChunk!, [
      'hash',
      'fragments',
      'lines',
      'count',
    ]);
    const cart = doc.querySelector('shop-mini-cart')!;
    // Wait for the shop's answer first, so it cannot overwrite the value set below.
    await waitUntil(() => $cart.get().known, 'the cart never loaded', { timeout: 8000 });
    const badge = () => cart.shadowRoot?.querySelector('[part~="count"] [aria-hidden="true"]')?.textContent;
    $cart.set({ ...$cart.get(), count: 7 });
    await waitUntil(() => badge() === '7', `the mini-cart shows ${badge()}, not the $cart count 7`);
  });

  it('drives the second script tag’s element from the same shared chunk ($consent)', async () => {
    type Consent = { statistics: string; marketing: string };
    const $consent = findStore<Consent>(win.sharedChunk!, ['statistics', 'marketing']);
    const inputs = () => [...doc.querySelectorAll<HTMLInputElement>('shop-order-attribution input')];
    await waitUntil(() => inputs().length > 0, 'the order attribution never stamped its inputs');
    expect(inputs().every((i) => i.value === '')).to.equal(true); // no consent yet
    $consent.set({ ...$consent.get(), marketing: 'granted', statistics: 'granted' });
    await waitUntil(
      () => inputs().some((i) => i.name.endsWith('source_type') && i.value !== ''),
      'the order attribution did not follow $consent from dist/shared.js',
    );
  });
});
