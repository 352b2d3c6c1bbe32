// What the production benchmark (production.bench.mjs) reads in a page, issue 32: when the last of
// our elements rendered, when the page settled, the layout shift of the upgrade (CLS) and the
// interaction to next paint of what a shopper does first (add to cart, the mini-cart, a keystroke in
// the live search, an option of the option form). Playwright pages under the bench's throttling.

/** Where the page keeps what its observers saw (set before any page script by `observe`). */
const KEY = '__productionBench';

/**
 * Installed with `page.addInitScript` before navigation (top frame only): layout shifts
 * (`layout-shift`, buffered) and Event Timing entries (`event`, durationThreshold 16, buffered),
 * kept in the page for the bench to read.
 */
export function observe() {
  if (window.top !== window) return;
  const seen = { shifts: [], events: [] };
  Object.defineProperty(window, '__productionBench', { value: seen });
  /** A shifted node as `host > tag#id.class` (the host when it is in a shadow root). */
  const describe = (node) => {
    if (!node) return '(gone)';
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return '#text';
    const name = `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? `${root.host.localName} > ${name}` : name;
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.shifts.push({
          value: e.value,
          startTime: e.startTime,
          input: e.hadRecentInput,
          sources: (e.sources ?? []).map((source) => describe(source.node)),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    seen.noShifts = true;
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.events.push({ name: e.name, id: e.interactionId, duration: e.duration, startTime: e.startTime });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    seen.noEvents = true;
  }
}

/** Our elements: every custom element of the library (the page behaviours are not elements). */
const OURS = /^(shop-[a-z0-9-]+|join-chat|product-gallery)$/;

/**
 * The moment (the page's performance.now()) the last of our elements had rendered: defined and,
 * with a shadow root, something in it. Polled every 10 ms from the load event on (the reading of
 * issue 19, kept so the figures stay comparable). `timeout` ms without it: NaN and the tags still
 * waiting.
 */
export function lastElementRendered(page, timeout = 60_000) {
  return page.evaluate(
    ({ source, timeout }) =>
      new Promise((resolve) => {
        const ours = new RegExp(source);
        const waiting = () =>
          [...document.querySelectorAll('*')]
            .filter((el) => ours.test(el.localName))
            .filter(
              (el) => !el.matches(':defined') || (el.shadowRoot && el.shadowRoot.childElementCount === 0),
            )
            .map((el) => el.localName);
        const end = performance.now() + timeout;
        const check = () => {
          const left = waiting();
          if (left.length === 0) resolve({ at: performance.now(), waiting: [] });
          else if (performance.now() > end) resolve({ at: Number.NaN, waiting: [...new Set(left)] });
          else setTimeout(check, 10);
        };
        check();
      }),
    { source: OURS.source, timeout },
  );
}

/**
 * Counts the requests of a page (CDP Network domain, already enabled) as they start and end: what
 * is in flight, when anything last happened, and the bytes and requests finished.
 */
export function trackNetwork(cdp) {
  const net = { inflight: new Set(), lastActivity: Date.now(), bytes: 0, requests: 0, scripts: 0 };
  const ours = new Set();
  cdp.on('Network.requestWillBeSent', (event) => {
    net.inflight.add(event.requestId);
    net.lastActivity = Date.now();
    // The library's own files (issue 32 counts them apart from the page's stylesheets and images).
    if (new URL(event.request.url).pathname.startsWith('/dist/')) ours.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    net.inflight.delete(event.requestId);
    net.lastActivity = Date.now();
    net.bytes += event.encodedDataLength;
    net.requests += 1;
    if (ours.has(event.requestId)) net.scripts += 1;
  });
  cdp.on('Network.loadingFailed', (event) => {
    net.inflight.delete(event.requestId);
    net.lastActivity = Date.now();
  });
  return net;
}

/** In the page: fonts loaded, then `frames` animation frames in a row without a layout shift. */
function quietFrames({ key, frames }) {
  const seen = window[key];
  return document.fonts.ready.then(
    () =>
      new Promise((resolve) => {
        let count = seen.shifts.length;
        let quiet = 0;
        const tick = () => {
          if (seen.shifts.length !== count) {
            count = seen.shifts.length;
            quiet = 0;
          }
          if (++quiet >= frames) resolve(performance.now());
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * Waits until the page settled, by conditions: no request in flight, fonts loaded, and 10 frames
 * in a row with no layout shift and no request started or ended meanwhile. Gives up after `cap`
 * ms. Returns the page's performance.now() at that moment and whether the cap ended it.
 */
export async function settle(page, net, cap = 10_000) {
  const end = Date.now() + cap;
  while (Date.now() < end) {
    if (net.inflight.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const from = Date.now();
    const at = await page.evaluate(quietFrames, { key: KEY, frames: 10 });
    if (net.inflight.size === 0 && net.lastActivity < from) return { at, capped: false };
  }
  return { at: await page.evaluate(() => performance.now()), capped: true };
}

/**
 * Sum of the layout shifts without recent input that started up to `until` (performance.now()),
 * and what moved: each shifted node with the sum of the shifts it took part in, largest first.
 */
export function layoutShift(page, until) {
  return page.evaluate(
    ({ key, until }) => {
      const shifts = window[key].shifts.filter((s) => !s.input && s.startTime <= until);
      const by = new Map();
      for (const s of shifts)
        for (const node of new Set(s.sources)) by.set(node, (by.get(node) ?? 0) + s.value);
      return {
        value: shifts.reduce((sum, s) => sum + s.value, 0),
        sources: [...by].sort((a, b) => b[1] - a[1]),
      };
    },
    { key: KEY, until },
  );
}

/**
 * Interaction to next paint of what `act` does: the longest Event Timing entry of the first
 * interaction (interactionId) that started after `act` began. 0 when Chromium counted the
 * interaction (performance.interactionCount) but reported no entry: it took under the 16 ms
 * threshold. Null when no interaction was registered at all.
 */
export async function interactionToNextPaint(page, act) {
  const before = await page.evaluate(() => ({
    t: performance.now(),
    count: /** @type {any} */ (performance).interactionCount ?? -1,
  }));
  await act();
  return page.evaluate(
    async ({ key, t, count }) => {
      const seen = window[key];
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const mine = () => seen.events.filter((e) => e.id > 0 && e.startTime >= t);
      const counted = () => (performance.interactionCount ?? count + 1) > count;
      const end = performance.now() + 5000;
      while (!counted() && mine().length === 0 && performance.now() < end) await frame();
      if (!counted() && mine().length === 0) return null;
      // Entries come after the paint that followed the event; 30 frames without one: under 16 ms.
      for (let i = 0; i < 30 && mine().length === 0 && performance.now() < end; i++) await frame();
      for (let i = 0; i < 5; i++) await frame(); // the rest of the same interaction (keyup, click)
      const entries = mine();
      if (entries.length === 0) return 0;
      const first = entries.reduce((a, b) => (b.startTime < a.startTime ? b : a));
      return Math.max(...entries.filter((e) => e.id === first.id).map((e) => e.duration));
    },
    { key: KEY, ...before },
  );
}

/** Playwright locators for what a shopper touches, first visible match (CSS pierces open shadow roots). */
const first = async (page, ...selectors) => {
  for (const selector of selectors) {
    const found = page.locator(selector).first();
    if ((await found.count()) > 0) return found;
  }
  return null;
};

const CLICK = { timeout: 8000 };

/**
 * The interactions of issue 32, in the order they are done on one page (each settles before the
 * next). `find` returns the target or null when its element is not on the page (not measured);
 * `prepare` does what comes before (not measured), `act` the interaction itself, `after` undoes
 * what would stand in the next one's way.
 */
export const INTERACTIONS = [
  {
    key: 'search',
    label: 'INP search key',
    find: (page) =>
      first(page, 'shop-live-search input[type="search"]:visible', 'shop-live-search input:visible'),
    // Focus it and type two characters (their suggestions arrive), then the third is measured.
    prepare: async (page, target, net) => {
      await target.focus();
      await page.keyboard.type('ho', { delay: 50 });
      await settle(page, net, 5000);
    },
    act: (page) => page.keyboard.type('o'),
    after: async (page, target) => {
      await page.keyboard.press('Escape');
      await target.blur();
    },
  },
  {
    key: 'miniCart',
    label: 'INP mini-cart',
    find: (page) =>
      first(page, 'shop-mini-cart button[aria-haspopup]:visible', 'shop-mini-cart [part~="button"]:visible'),
    act: (_page, target) => target.click(CLICK),
    after: (page) => page.keyboard.press('Escape'),
  },
  {
    key: 'option',
    label: 'INP option',
    // A choice of the option form (a swatch, a radio, a checkbox), else a keystroke in its text field.
    find: (page) =>
      first(page, 'shop-option-form label.option:visible', 'shop-option-form input[type="text"]:visible'),
    act: async (page, target) => {
      if ((await target.evaluate((el) => el.localName)) === 'label') await target.click(CLICK);
      else {
        await target.focus();
        await page.keyboard.type('a');
      }
    },
  },
  {
    key: 'add',
    label: 'INP add to cart',
    // Product pages: the product form's button; the storefront: a product card's ajax button.
    find: (page) =>
      first(
        page,
        'form.cart .single_add_to_cart_button:visible',
        'shop-option-form button[type="submit"]:visible',
        '.ajax_add_to_cart:visible',
      ),
    // First, so the click adds (not measured): a swatch of each variation attribute not chosen yet,
    // the option form's required selects, the demo's captcha.
    prepare: async (page) => {
      for (const group of await page
        .locator('form.variations_form .swatches[role="radiogroup"]:visible')
        .all()) {
        if ((await group.locator('.swatch.selected').count()) > 0) continue;
        await group.locator('.swatch[role="radio"]:not([aria-disabled]):visible').first().click(CLICK);
      }
      for (const select of await page.locator('shop-option-form select[required]:visible').all()) {
        if (!(await select.inputValue())) await select.selectOption({ index: 1 });
      }
      for (const box of await page.locator('.fake-recaptcha-checkbox:visible').all()) await box.check(CLICK);
    },
    act: (_page, target) => target.click(CLICK),
  },
];
