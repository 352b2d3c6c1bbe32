import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import type { ShopLiveSearchElement } from '../../../elements/shop-live-search/shop-live-search.ts';
import { navigation } from '../../../shared/navigation.ts';
import '../../../elements/shop-live-search/shop-live-search.ts';
import { liveSearchSettings } from '../../../elements/shop-live-search/shop-live-search.settings.ts';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { setShopAdapter, shop } from '../../../shared/shop/adapter.ts';
import type { Suggestion } from '../../../shared/shop/schemas.ts';
import { setPageConfig } from '../../../shared/stores/page-config.ts';
import { captureConsoleErrors, idle, resizeViewport, settle, shadowQuery } from '../../helpers/elements.ts';
import { eachShopMode, type Fault, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';

// ---- helpers ------------------------------------------------------------------------------------
const SEARCH = 'flatsome_ajax_search_products';

/** The demo shop's test API for the search endpoint, scoped to this browser's session cookie. */
const demoShop = {
  reset: resetShop,
  /** Injects a fault into the next search answers. */
  fault: (fault: Omit<Fault, 'endpoint'>) => injectFault({ endpoint: SEARCH, ...fault }),
  /** The search requests this session made, oldest first. */
  searches: () => shopLog(SEARCH),
  /** Just the queries (with `@category` when one was sent). */
  async queries(): Promise<string[]> {
    return (await demoShop.searches()).map((e) =>
      e.query.product_cat ? `${e.query.query}@${e.query.product_cat}` : e.query.query,
    );
  },
};

const THEME_FORM = html`
  <form role="search" method="get" class="searchform woocommerce-product-search" action="/">
    <label class="screen-reader-text" for="search-field">Search for:</label>
    <input type="search" id="search-field" class="search-field" name="s" placeholder="Search products…" autocomplete="off" />
    <label class="screen-reader-text" for="search-category">Category</label>
    <select name="product_cat" id="search-category" class="search_categories">
      <option value="">All</option>
      <option value="hoodies">Hoodies</option>
      <option value="bags">Bags</option>
      <option value="decor">Decor</option>
    </select>
    <input type="hidden" name="post_type" value="product" />
    <button type="submit" class="ux-search-submit">Search</button>
    <div class="live-search-results"></div>
  </form>
`;

interface Mounted {
  el: ShopLiveSearchElement;
  input: HTMLInputElement;
  listbox: HTMLDivElement;
  button: HTMLButtonElement;
  category: HTMLSelectElement | null;
}

/** Parts of a mounted element's shadow root. */
async function parts(el: ShopLiveSearchElement): Promise<Mounted> {
  const input = await shadowQuery<HTMLInputElement>(el, 'input[role="combobox"]');
  return {
    el,
    input,
    listbox: el.shadowRoot!.querySelector('[role="listbox"]')!,
    button: el.shadowRoot!.querySelector('button[type="submit"]')!,
    category: el.shadowRoot!.querySelector('select'),
  };
}

/** Mounts `<shop-live-search>` around the theme's form (or `template`). */
async function mount(template = html`<shop-live-search>${THEME_FORM}</shop-live-search>`): Promise<Mounted> {
  const el = await fixture<ShopLiveSearchElement>(template);
  return parts(el);
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** Sets the field's value as typing would (React sees an input event with a new value). */
function type(input: HTMLInputElement, value: string): void {
  valueSetter.call(input, value);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
}

/** Presses a key on the field; returns false when the element prevented the default action. */
function press(input: HTMLInputElement, key: string, init: KeyboardEventInit = {}): boolean {
  return input.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init }),
  );
}

const options = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
const optionNames = (el: Element) =>
  options(el).map((o) => o.querySelector('[part="option-name"]')!.textContent);
const isOpen = (m: Mounted) => m.input.getAttribute('aria-expanded') === 'true' && !m.listbox.hidden;

/** Waits until the list shows suggestions whose names all pass `check`. */
async function untilShown(m: Mounted, check: (names: (string | null)[]) => boolean = () => true) {
  await waitUntil(
    () => isOpen(m) && options(m.el).length > 0 && check(optionNames(m.el)),
    'the suggestions never showed',
    { timeout: 4000 },
  );
}

/**
 * Types (`typing`) under a fake clock and checks the request starts exactly `ms` later: the
 * search button is not loading 1 ms before, and is at `ms`.
 */
async function expectSentAfter(m: Mounted, ms: number, typing: () => void) {
  const clock = fakeClock();
  try {
    typing();
    clock.tick(ms - 1);
    await settle();
    expect(m.button.hasAttribute('data-loading')).to.equal(false);
    clock.tick(1);
    await settle();
    expect(m.button.hasAttribute('data-loading')).to.equal(true);
  } finally {
    clock.restore();
  }
}

/** Waits until the search button has finished loading. */
async function untilIdle(m: Mounted) {
  await waitUntil(() => !m.button.hasAttribute('data-loading'), 'still loading', { timeout: 4000 });
}

const fakeClock = () =>
  sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });

// ---- tests --------------------------------------------------------------------------------------

// Every test that talks to the demo shop runs against both of its manners (issue 11).
eachShopMode('<shop-live-search>', (mode) =>
  describe('over the demo shop', function () {
    // Headroom for a loaded machine: several round trips to the demo shop per test.
    this.timeout(20000);
    let assign: sinon.SinonStub;
    let selected: CustomEvent[];
    let submitted: CustomEvent[];
    let failed: CustomEvent[];
    const record = (e: Event) =>
      (e.type === 'shop-search-selected'
        ? selected
        : e.type === 'shop-search-failed'
          ? failed
          : submitted
      ).push(e as CustomEvent);

    beforeEach(async () => {
      await demoShop.reset();
      setPageConfig({ searchLatency: 0 });
      assign = sinon.stub(navigation, 'assign');
      selected = [];
      submitted = [];
      failed = [];
      document.addEventListener('shop-search-selected', record);
      document.addEventListener('shop-search-submitted', record);
      document.addEventListener('shop-search-failed', record);
    });
    afterEach(() => {
      sinon.restore();
      setShopAdapter(undefined);
      document.removeEventListener('shop-search-selected', record);
      document.removeEventListener('shop-search-submitted', record);
      document.removeEventListener('shop-search-failed', record);
    });

    describe('rendering', () => {
      it('takes over the theme form: label, placeholder, categories and button, light form not rendered', async () => {
        const m = await mount();
        const label = m.el.shadowRoot!.querySelector(`label[for="${m.input.id}"]`)!;
        expect(label.textContent).to.equal('Search for:');
        expect(m.input.placeholder).to.equal('Search products…');
        expect([...m.category!.options].map((o) => o.value)).to.deep.equal(['', 'hoodies', 'bags', 'decor']);
        expect(m.button.textContent).to.contain('Search');
        // The light DOM form is the no-JavaScript fallback: not slotted, so not shown.
        expect(m.el.querySelector('form')!.getClientRects().length).to.equal(0);
        expect(m.el.shadowRoot!.querySelector('style')).to.equal(null);
      });

      it('is a search landmark unless the page already wraps it in one', async () => {
        const alone = await mount();
        expect(alone.el.shadowRoot!.querySelector('form')!.getAttribute('role')).to.equal('search');
        const wrapper = await fixture<HTMLElement>(
          html`<search><shop-live-search>${THEME_FORM}</shop-live-search></search>`,
        );
        const inside = await parts(wrapper.querySelector('shop-live-search')!);
        expect(inside.el.shadowRoot!.querySelector('form')!.hasAttribute('role')).to.equal(false);
      });

      it('shows image, name and sanitised price for each suggestion, at most 300 px high above other content', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoodie');
        await untilShown(m);
        const first = options(m.el)[0];
        expect(first.querySelector('img')!.getAttribute('src')).to.match(/\.svg$/);
        expect(first.querySelector('img')!.alt).to.equal('');
        expect(first.querySelector('[part="option-name"]')!.textContent).to.equal('Hoodie');
        expect(first.querySelector('[part="option-match"]')!.textContent).to.equal('Hoodie');
        // Price HTML shows once the sanitiser's lazy chunk is here (issue 19).
        await waitUntil(
          () => first.querySelector('[part="option-price"] .woocommerce-Price-amount') !== null,
          'the price never showed',
        );
        const style = getComputedStyle(m.listbox);
        expect(style.maxHeight).to.equal('300px');
        expect(style.zIndex).to.equal('9999');
      });

      it('is a full-width panel on narrow screens', async () => {
        await resizeViewport({ width: 400, height: 700 });
        try {
          await waitUntil(() => matchMedia('(max-width: 549px)').matches, 'the viewport did not narrow');
          const m = await mount();
          m.input.focus();
          type(m.input, 'woo');
          await untilShown(m);
          // WebKit can answer matchMedia before it re-applies the shadow root's media rules.
          await waitUntil(() => getComputedStyle(m.listbox).position === 'fixed', 'the panel is not fixed');
          await settle();
          const box = m.listbox.getBoundingClientRect();
          expect(Math.round(box.left)).to.equal(0);
          expect(Math.round(box.width)).to.equal(document.documentElement.clientWidth);
          expect(box.top).to.be.at.least(m.input.getBoundingClientRect().bottom - 1);
        } finally {
          await resizeViewport({ width: 1024, height: 768 });
        }
      });
    });

    describe('requests', () => {
      it('starts only at 3 or more characters', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'h');
        type(m.input, 'ho');
        type(m.input, '  ');
        type(m.input, 'ho ');
        await idle();
        expect(await demoShop.searches()).to.have.length(0);
        type(m.input, 'hoo');
        await untilShown(m);
        expect(await demoShop.queries()).to.deep.equal(['hoo']);
        const [entry] = await demoShop.searches();
        expect(entry.method).to.equal('GET');
        expect(entry.query).to.deep.equal({ action: SEARCH, query: 'hoo' });
      });

      it('waits for the page search-latency before sending', async () => {
        setPageConfig({ searchLatency: 300 });
        const m = await mount();
        m.input.focus();
        await demoShop.fault({ delayMs: 1000, times: 1 }); // keeps the request in flight while we look, even on a slow frame
        await expectSentAfter(m, 300, () => {
          type(m.input, 'hoo');
          type(m.input, 'hood'); // typing within the delay restarts it: one request
        });
        await untilShown(m);
        expect(await demoShop.queries()).to.deep.equal(['hood']);
      });

      it('takes the delay from the delay attribute over the page setting', async () => {
        setPageConfig({ searchLatency: 0 });
        const m = await mount(html`<shop-live-search delay="500">${THEME_FORM}</shop-live-search>`);
        m.input.focus();
        await demoShop.fault({ delayMs: 1000, times: 1 }); // in flight while we look
        await expectSentAfter(m, 500, () => type(m.input, 'hoo'));
        await untilIdle(m);
      });

      it('answers a cached query without a second request, and at once', async () => {
        setPageConfig({ searchLatency: 200 });
        const m = await mount();
        m.input.focus();
        type(m.input, 'woo');
        await untilShown(m, (names) => names.length === 10);
        type(m.input, 'wool');
        await untilShown(m, (names) => names.join() === 'Wool Scarf');
        const clock = fakeClock();
        try {
          type(m.input, 'woo'); // back to a cached query: shown without waiting for the delay
          await settle();
          expect(optionNames(m.el)).to.have.length(10);
          expect(isOpen(m)).to.equal(true);
          expect(m.button.hasAttribute('data-loading')).to.equal(false);
        } finally {
          clock.restore();
        }
        type(m.input, 'wove'); // a request that is sent, to prove the one before was not
        await untilShown(m, (names) => names.join() === 'Woven Basket');
        expect(await demoShop.queries()).to.deep.equal(['woo', 'wool', 'wove']);
      });

      it('does not send longer queries that start with one known to return nothing', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'xyz');
        await untilIdle(m);
        await waitUntil(async () => (await demoShop.searches()).length === 1);
        type(m.input, 'xyzw');
        type(m.input, 'xyzwv');
        await idle();
        expect(isOpen(m)).to.equal(false);
        type(m.input, 'hoo'); // a request that is sent, to prove the ones before were not
        await untilShown(m);
        expect(await demoShop.queries()).to.deep.equal(['xyz', 'hoo']);
      });

      it('keeps bad queries per category', async () => {
        const m = await mount();
        m.input.focus();
        m.category!.value = 'bags';
        m.category!.dispatchEvent(new Event('change', { bubbles: true }));
        m.input.focus();
        type(m.input, 'hood'); // no hoodies among the bags
        await waitUntil(async () => (await demoShop.searches()).length === 1);
        await untilIdle(m);
        type(m.input, 'hoodi'); // bad in bags: not sent
        await idle();
        m.category!.value = 'hoodies';
        m.category!.dispatchEvent(new Event('change', { bubbles: true }));
        m.input.focus();
        await untilShown(m);
        type(m.input, 'hoodie'); // not bad in hoodies
        await waitUntil(async () => (await demoShop.searches()).length === 3);
        expect(await demoShop.queries()).to.deep.equal(['hood@bags', 'hoodi@hoodies', 'hoodie@hoodies']);
      });

      it('does not auto-select an exact match', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'Beanie');
        await untilShown(m);
        expect(optionNames(m.el)).to.include('Beanie');
        await idle();
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
        expect(options(m.el).some((o) => o.getAttribute('aria-selected') === 'true')).to.equal(false);
        expect(assign.called).to.equal(false);
        expect(selected).to.have.length(0);
      });

      it('changing the category hides the list and re-runs the query with product_cat', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'woo');
        await untilShown(m);
        await demoShop.fault({ delayMs: 1500, times: 1 });
        m.category!.value = 'hoodies';
        m.category!.focus();
        m.category!.dispatchEvent(new Event('change', { bubbles: true }));
        await waitUntil(() => !isOpen(m), 'the list stayed open');
        // Hidden while the new request is still in flight, i.e. before its answer.
        expect(m.button.hasAttribute('data-loading')).to.equal(true);
        // The request is on its way; the shop logs it when it arrives.
        await waitUntil(async () => (await demoShop.queries()).length === 2, 'the query was not re-run');
        expect(await demoShop.queries()).to.deep.equal(['woo', 'woo@hoodies']);
        await untilShown(m);
        expect(optionNames(m.el).every((n) => n!.startsWith('Hoodie'))).to.equal(true);
        const last = (await demoShop.searches()).at(-1)!;
        expect(last.query).to.deep.equal({ action: SEARCH, query: 'woo', product_cat: 'hoodies' });
      });

      it('aborts the request in flight and never shows an answer for an older query', async () => {
        const m = await mount();
        m.input.focus();
        await demoShop.fault({ delayMs: 600, times: 1 });
        type(m.input, 'woo'); // slow
        await waitUntil(() => m.button.hasAttribute('data-loading'));
        type(m.input, 'hoodie'); // fast
        await untilShown(m);
        const shown = optionNames(m.el);
        await idle(800); // the slow answer's time has passed
        expect(optionNames(m.el)).to.deep.equal(shown);
        expect(shown.every((n) => n!.toLowerCase().includes('hoodie'))).to.equal(true);
      });

      it('ignores answers that arrive out of order even when the shop cannot abort', async () => {
        const pending = new Map<string, (s: Suggestion[]) => void>();
        const real = shop();
        setShopAdapter({ ...real, search: (url) => new Promise((resolve) => pending.set(url, resolve)) });
        const m = await mount();
        m.input.focus();
        type(m.input, 'aaa');
        type(m.input, 'bbb');
        await waitUntil(() => pending.size === 2);
        const item = (value: string): Suggestion => ({ id: 1, value, url: '/p/' });
        pending.get(real.searchUrl('bbb'))!([item('new answer')]);
        await untilShown(m);
        pending.get(real.searchUrl('aaa'))!([item('stale answer')]);
        await idle();
        expect(optionNames(m.el)).to.deep.equal(['new answer']);
        // The late answer is still cached for its own query.
        type(m.input, 'aaa');
        await untilShown(m, (names) => names[0] === 'stale answer');
        expect(pending.size).to.equal(2);
      });
    });

    describe('hiding and loading', () => {
      it('shows the loading state from request start until completion', async () => {
        const m = await mount();
        m.input.focus();
        await demoShop.fault({ delayMs: 300, times: 1 });
        expect(m.button.hasAttribute('data-loading')).to.equal(false);
        type(m.input, 'hoo');
        await waitUntil(() => m.button.hasAttribute('data-loading'));
        expect(m.el.shadowRoot!.querySelector<HTMLElement>('[part="spinner"]')!.hidden).to.equal(false);
        await untilShown(m);
        expect(m.button.hasAttribute('data-loading')).to.equal(false);
        expect(m.el.shadowRoot!.querySelector<HTMLElement>('[part="spinner"]')!.hidden).to.equal(true);
      });

      it('hides when the query becomes shorter than the minimum', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoo');
        await untilShown(m);
        type(m.input, 'ho');
        await settle();
        expect(isOpen(m)).to.equal(false);
        expect(m.input.getAttribute('aria-expanded')).to.equal('false');
      });

      it('hides when there are no results, without a visible notice, and announces it', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoo');
        await untilShown(m);
        type(m.input, 'hooxyz'); // the shop answers one id -1 "No products found." entry
        await untilIdle(m);
        await settle();
        expect(isOpen(m)).to.equal(false);
        expect(m.el.shadowRoot!.textContent).to.not.contain('No products found.');
        await waitUntil(() => currentAnnouncement() === 'No products found.');
        await demoShop.fault({ body: { suggestions: [] }, times: 1 });
        type(m.input, 'abc');
        await untilIdle(m);
        await waitUntil(async () => (await demoShop.queries()).includes('abc'));
        await settle();
        expect(isOpen(m)).to.equal(false);
      });

      it('hides 200 ms after the field loses focus', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoo');
        await untilShown(m);
        const clock = fakeClock();
        try {
          m.input.blur();
          clock.tick(199);
          await settle();
          expect(isOpen(m)).to.equal(true);
          clock.tick(1);
          await settle();
          expect(isOpen(m)).to.equal(false);
        } finally {
          clock.restore();
        }
        m.input.focus(); // coming back shows the cached suggestions again
        await untilShown(m);
        expect(await demoShop.queries()).to.deep.equal(['hoo']);
      });

      it('hides on Escape, and a second Escape clears the field', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoo');
        await untilShown(m);
        expect(press(m.input, 'Escape')).to.equal(false);
        await settle();
        expect(isOpen(m)).to.equal(false);
        expect(m.input.value).to.equal('hoo');
        press(m.input, 'Escape');
        await settle();
        expect(m.input.value).to.equal('');
      });

      it('hides after a selection and goes to the suggestion url', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoodie');
        await untilShown(m);
        const option = options(m.el)[0];
        option.dispatchEvent(
          new MouseEvent('mousedown', { bubbles: true, composed: true, cancelable: true }),
        );
        option.click();
        await settle();
        expect(isOpen(m)).to.equal(false);
        expect(assign.calledOnce).to.equal(true);
        expect(assign.firstCall.args[0]).to.match(/^http:\/\/[^/]+\/product\/hoodie\/$/);
        expect(m.input.value).to.equal('Hoodie');
        expect(selected).to.have.length(1);
        expect(selected[0].detail).to.deep.include({
          query: 'hoodie',
          category: '',
          id: 201,
          value: 'Hoodie',
        });
        expect(selected[0].detail.url).to.equal(assign.firstCall.args[0]);
        expect(selected[0].bubbles && selected[0].composed).to.equal(true);
      });

      it('keeps an id -1 entry in a list of products, but it does not navigate', async () => {
        await demoShop.fault({
          body: {
            suggestions: [
              { id: 101, value: 'Beanie', url: '/product/beanie/' },
              { id: -1, value: 'More results…', url: '/?s=bea' },
              { id: 102, value: 'Beanie with Logo', url: '/product/beanie-with-logo/' },
            ],
          },
          times: 1,
        });
        const m = await mount();
        m.input.focus();
        type(m.input, 'bea');
        await untilShown(m);
        const [, info] = options(m.el);
        expect(info.getAttribute('aria-disabled')).to.equal('true');
        info.click();
        await settle();
        expect(assign.called).to.equal(false);
        expect(isOpen(m)).to.equal(true);
        press(m.input, 'ArrowDown');
        press(m.input, 'ArrowDown');
        await settle();
        expect(m.input.getAttribute('aria-activedescendant')).to.equal(options(m.el)[2].id); // skipped
        await waitUntil(() => currentAnnouncement().startsWith('2 products found'));
      });
    });

    describe('accessibility (keyboard and ARIA)', () => {
      it('is a combobox controlling a listbox in the same shadow root', async () => {
        const m = await mount();
        expect(m.input.getAttribute('role')).to.equal('combobox');
        expect(m.input.getAttribute('aria-autocomplete')).to.equal('list');
        expect(m.input.getAttribute('aria-expanded')).to.equal('false');
        const controls = m.input.getAttribute('aria-controls')!;
        expect(m.el.shadowRoot!.getElementById(controls)).to.equal(m.listbox);
        expect(m.listbox.getAttribute('aria-label')).to.equal('Product suggestions');
        m.input.focus();
        type(m.input, 'woo');
        await untilShown(m);
        expect(m.input.getAttribute('aria-expanded')).to.equal('true');
        for (const o of options(m.el)) expect(o.getAttribute('aria-selected')).to.equal('false');
        await waitUntil(() => currentAnnouncement().startsWith('10 products found'));
      });

      it('arrows move the active option with wrap-round; Enter goes there', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoodie with');
        await untilShown(m);
        const ids = options(m.el).map((o) => o.id);
        expect(ids).to.have.length(3);
        const activeId = () => m.input.getAttribute('aria-activedescendant');
        expect(press(m.input, 'ArrowDown')).to.equal(false);
        await settle();
        expect(activeId()).to.equal(ids[0]);
        expect(m.el.shadowRoot!.getElementById(ids[0])!.getAttribute('aria-selected')).to.equal('true');
        expect(m.el.shadowRoot!.getElementById(ids[0])!.getAttribute('part')).to.contain('option--active');
        press(m.input, 'ArrowDown');
        press(m.input, 'ArrowDown');
        await settle();
        expect(activeId()).to.equal(ids[2]);
        press(m.input, 'ArrowDown');
        await settle();
        expect(activeId()).to.equal(ids[0]);
        press(m.input, 'ArrowUp');
        await settle();
        expect(activeId()).to.equal(ids[2]);
        expect(press(m.input, 'Enter')).to.equal(false);
        await settle();
        expect(assign.calledOnce).to.equal(true);
        expect(assign.firstCall.args[0]).to.contain('/product/hoodie-with-zipper/');
        expect(selected[0].detail.id).to.equal(121);
        expect(isOpen(m)).to.equal(false);
      });

      it('Home and End return to the field; typing clears the active option', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoodie');
        await untilShown(m);
        press(m.input, 'ArrowDown');
        await settle();
        expect(press(m.input, 'Home')).to.equal(false);
        await settle();
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
        expect(m.input.selectionStart).to.equal(0);
        press(m.input, 'ArrowUp');
        await settle();
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(true);
        press(m.input, 'End');
        await settle();
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
        expect(m.input.selectionStart).to.equal('hoodie'.length);
        expect(press(m.input, 'Home')).to.equal(true); // no active option: the field's own Home
        press(m.input, 'ArrowDown');
        await settle();
        type(m.input, 'hoodie ');
        await settle();
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
        expect(isOpen(m)).to.equal(true);
        expect(press(m.input, 'Enter')).to.equal(true); // no active option: Enter submits the form
      });

      it('Down opens a closed list on the first option, Alt+Down without moving, Alt+Up closes', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'hoodie');
        await untilShown(m);
        press(m.input, 'Escape');
        await settle();
        press(m.input, 'ArrowDown', { altKey: true });
        await settle();
        expect(isOpen(m)).to.equal(true);
        expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
        press(m.input, 'ArrowUp', { altKey: true });
        await settle();
        expect(isOpen(m)).to.equal(false);
        press(m.input, 'ArrowDown');
        await settle();
        expect(isOpen(m)).to.equal(true);
        expect(m.input.getAttribute('aria-activedescendant')).to.equal(options(m.el)[0].id);
        press(m.input, 'Escape');
        await settle();
        press(m.input, 'ArrowUp');
        await settle();
        expect(m.input.getAttribute('aria-activedescendant')).to.equal(options(m.el).at(-1)!.id);
        expect(await demoShop.queries()).to.deep.equal(['hoodie']);
      });

      it('passes axe with the list closed and open', async () => {
        const m = await mount();
        await expect(m.el).to.be.accessible();
        m.input.focus();
        type(m.input, 'hoodie');
        await untilShown(m);
        press(m.input, 'ArrowDown');
        await settle();
        await expect(m.el).to.be.accessible();
      });
    });

    describe('events', () => {
      it('submitting emits shop-search-submitted and submits the theme form with the values', async () => {
        const m = await mount();
        const form = m.el.querySelector('form')!;
        const posted: FormData[] = [];
        form.addEventListener('submit', (e) => {
          e.preventDefault(); // stay on the test page
          posted.push(new FormData(form));
        });
        m.input.focus();
        type(m.input, 'tote');
        m.category!.value = 'bags';
        m.category!.dispatchEvent(new Event('change', { bubbles: true }));
        await settle();
        m.button.click();
        await settle();
        expect(submitted).to.have.length(1);
        expect(submitted[0].detail).to.deep.equal({ query: 'tote', category: 'bags' });
        expect(posted).to.have.length(1);
        expect(Object.fromEntries(posted[0])).to.deep.equal({
          s: 'tote',
          product_cat: 'bags',
          post_type: 'product',
        });
        expect(isOpen(m)).to.equal(false);
      });

      it('without a theme form, searching goes to the results page', async () => {
        const m = await mount(html`<shop-live-search></shop-live-search>`);
        expect(m.category).to.equal(null);
        expect(m.input.placeholder).to.equal('Search products…');
        m.input.focus();
        type(m.input, 'mug & co');
        m.button.click();
        await settle();
        expect(submitted[0].detail).to.deep.equal({ query: 'mug & co', category: '' });
        const url = new URL(assign.firstCall.args[0]);
        expect(url.pathname).to.equal('/');
        expect(Object.fromEntries(url.searchParams)).to.deep.equal({ s: 'mug & co', post_type: 'product' });
      });

      it('takes over a theme form beside it (form attribute) and hides it while running', async () => {
        const wrapper = await fixture<HTMLDivElement>(html`
        <div>
          <form id="header-search" class="searchform" action="/">
            <label for="hs">Find</label><input id="hs" name="s" value="cap" /><button>Go</button>
          </form>
          <shop-live-search form="header-search"></shop-live-search>
        </div>
      `);
        const outside = wrapper.querySelector('form')!;
        const m = await parts(wrapper.querySelector('shop-live-search')!);
        expect(m.input.value).to.equal('cap');
        expect(m.el.shadowRoot!.querySelector('label')!.textContent).to.equal('Find');
        expect(m.button.textContent).to.contain('Go');
        await waitUntil(() => outside.hidden);
        m.el.remove();
        await waitUntil(() => !outside.hidden, 'the fallback form came back');
      });
    });

    describe('network failures', () => {
      for (const [name, fault] of [
        ['HTTP 500', { status: 500, times: 1 }],
        ['malformed JSON', { malformed: true, times: 1 }],
        ['a response of the wrong shape', { body: { suggestions: 'nope' }, times: 1 }],
      ] as const) {
        it(`${name}: the box keeps working for the next keystroke`, async () => {
          const m = await mount();
          m.input.focus();
          await demoShop.fault(fault);
          const warn = sinon.stub(console, 'warn');
          type(m.input, 'hoo');
          await waitUntil(async () => (await demoShop.searches()).length === 1);
          await untilIdle(m);
          await settle();
          expect(isOpen(m)).to.equal(false);
          expect(warn.calledOnce).to.equal(true);
          expect(String(warn.firstCall.args[0])).to.match(/^<shop-live-search>: /);
          expect(String(warn.firstCall.args[0])).to.contain('flatsome_ajax_search_products');
          warn.restore();
          // The page hears of it: the host emits shop-search-failed with what was asked.
          expect(failed).to.have.length(1);
          expect(failed[0].target === m.el && failed[0].bubbles && failed[0].composed).to.equal(true);
          expect(failed[0].detail).to.deep.include({ query: 'hoo', category: '' });
          expect(failed[0].detail.message).to.contain('flatsome_ajax_search_products');
          type(m.input, 'hood');
          await untilShown(m);
          type(m.input, 'hoo'); // the failure was not cached: asked again
          await waitUntil(async () => (await demoShop.queries()).length === 3, "'hoo' was not asked again");
          await untilShown(m, (names) => names.some((n) => n === 'Hoodie'));
          expect(await demoShop.queries()).to.deep.equal(['hoo', 'hood', 'hoo']);
          expect(failed).to.have.length(1);
        });
      }

      it('a time-out emits shop-search-failed with the category, and the next query works', async () => {
        setPageConfig({ requestTimeout: 300 });
        try {
          const m = await mount();
          m.category!.value = 'hoodies';
          m.category!.dispatchEvent(new Event('change', { bubbles: true }));
          m.input.focus();
          await demoShop.fault({ hang: true, times: 1 });
          const warn = sinon.stub(console, 'warn');
          type(m.input, 'hoo');
          await waitUntil(() => failed.length === 1, 'no shop-search-failed after the time-out');
          expect(failed[0].detail).to.deep.include({ query: 'hoo', category: 'hoodies' });
          expect(failed[0].detail.message).to.contain('300 ms');
          expect(warn.calledOnce).to.equal(true);
          warn.restore();
          await untilIdle(m);
          expect(isOpen(m)).to.equal(false);
          type(m.input, 'hood');
          await untilShown(m, (names) => names.every((n) => n!.startsWith('Hoodie')));
        } finally {
          setPageConfig({ requestTimeout: 5000 });
        }
      });

      it('an aborted request is not a failure', async () => {
        const m = await mount();
        m.input.focus();
        await demoShop.fault({ delayMs: 600, times: 1 });
        const warn = sinon.stub(console, 'warn');
        type(m.input, 'woo'); // slow, then aborted by the next query
        await waitUntil(() => m.button.hasAttribute('data-loading'));
        await waitUntil(
          async () => (await demoShop.queries()).includes('woo'),
          "'woo' never reached the shop",
        );
        type(m.input, 'hoodie');
        await waitUntil(async () => (await demoShop.queries()).includes('hoodie'), "'hoodie' was never sent");
        await untilShown(m, (names) => names.every((n) => n!.toLowerCase().includes('hoodie')));
        // An element that goes aborts its request too.
        await demoShop.fault({ delayMs: 600, times: 1 });
        type(m.input, 'wool');
        await waitUntil(
          async () => (await demoShop.queries()).includes('wool'),
          "'wool' never reached the shop",
        );
        m.el.remove();
        await idle(800); // the slow answer's time has passed
        expect(failed).to.have.length(0);
        expect(warn.called).to.equal(false);
      });
    });

    describe('hostile input', () => {
      it('renders names as text, sanitises prices and never follows script URLs', async () => {
        const w = window as unknown as Record<string, unknown>;
        delete w.__pwned;
        await demoShop.fault({
          body: {
            suggestions: [
              {
                id: 7,
                value: '<img src=x onerror="window.__pwned=1"><b>Bold</b>',
                url: 'javascript:window.__pwned=4',
                img: 'javascript:window.__pwned=5',
                price:
                  '<img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script>' +
                  '<span class="amount" onclick="window.__pwned=6" style="color:red">$5</span>' +
                  '<a href="javascript:window.__pwned=7">link</a><svg><animate onbegin="window.__pwned=8"/></svg>',
              },
              {
                id: 8,
                value: 'Safe',
                url: '/product/safe/',
                price: '<del aria-hidden="true">$9</del> <ins>$5</ins>',
              },
            ],
          },
          times: 1,
        });
        const m = await mount();
        m.input.focus();
        type(m.input, 'img');
        await untilShown(m);
        await idle(200);
        const [hostile, safe] = options(m.el);
        const name = hostile.querySelector('[part="option-name"]')!;
        expect(name.textContent).to.equal('<img src=x onerror="window.__pwned=1"><b>Bold</b>');
        expect(name.querySelector('img, b')).to.equal(null);
        // A `javascript:` image is dropped, never written to src.
        expect(hostile.querySelector('img, [part="option-image"]')).to.equal(null);
        const price = hostile.querySelector('[part="option-price"]')!;
        expect(price.querySelector('img, script, a, svg, [onclick], [style]')).to.equal(null);
        expect(price.textContent).to.equal('$5link');
        expect(safe.querySelector('[part="option-price"] del[aria-hidden="true"]')).to.not.equal(null);
        expect(hostile.getAttribute('aria-disabled')).to.equal('true');
        hostile.click();
        press(m.input, 'ArrowDown');
        await settle();
        expect(m.input.getAttribute('aria-activedescendant')).to.equal(safe.id);
        await settle();
        expect(assign.called).to.equal(false);
        expect(w.__pwned).to.equal(undefined);
      });
    });

    describe('settings', () => {
      it('every field has a default', () => {
        const parsed = liveSearchSettings.parse({});
        expect(parsed).to.deep.include({
          minChars: 3,
          delay: null,
          hideDelay: 200,
          cache: true,
          preventBadQueries: true,
        });
        expect(parsed.messages.noResults).to.equal('No products found.');
      });

      it('min-chars raises the minimum', async () => {
        const m = await mount(html`<shop-live-search min-chars="4">${THEME_FORM}</shop-live-search>`);
        m.input.focus();
        type(m.input, 'hoo');
        await idle();
        type(m.input, 'hood');
        await untilShown(m);
        expect(await demoShop.queries()).to.deep.equal(['hood']);
      });

      it('cache off sends every query again', async () => {
        const m = await mount(
          html`<shop-live-search settings='{"cache":false,"messages":{"listbox":"Vorschläge"}}'>${THEME_FORM}</shop-live-search>`,
        );
        expect(m.listbox.getAttribute('aria-label')).to.equal('Vorschläge');
        m.input.focus();
        type(m.input, 'hoo');
        await untilShown(m);
        type(m.input, 'hood');
        // Every 'hoo' result also contains 'hood', so the list alone cannot tell the two apart:
        // wait for the shop to have been asked.
        await waitUntil(async () => (await demoShop.queries()).length === 2, "'hood' was never sent");
        await untilShown(m, (names) => names.every((n) => n!.toLowerCase().includes('hood')));
        type(m.input, 'hoo');
        await waitUntil(async () => (await demoShop.queries()).length === 3, "'hoo' was not sent again");
        await untilShown(m, (names) => names.includes('Hoodie'));
        expect(await demoShop.queries()).to.deep.equal(['hoo', 'hood', 'hoo']);
      });

      it('bad settings are reported once and replaced by their defaults', async () => {
        let m: Mounted | undefined;
        const errors = await captureConsoleErrors(async () => {
          m = await mount(
            html`<shop-live-search min-chars="abc" settings='{"hideDelay":-5}'>${THEME_FORM}</shop-live-search>`,
          );
          await settle();
        });
        expect(errors).to.have.length(1);
        expect(errors[0]).to.contain('shop-live-search').and.contain('minChars').and.contain('hideDelay');
        expect(m!.el.settings.minChars).to.equal(3);
        expect(m!.el.settings.hideDelay).to.equal(200);
        expect(await shadowQuery(m!.el, 'input')).to.equal(m!.input);
      });
    });

    describe('a real Flatsome shop (issue 11 item 7)', () => {
      it('reads object-shaped suggestions, shows pages without a broken image and marks rows by type', async () => {
        const m = await mount();
        m.input.focus();
        type(m.input, 'cap');
        await untilShown(m);
        // The shop's own answer: a list from the tidy shop, PHP keys with a gap from the unkind one.
        const raw = await (await fetch(`/wp-admin/admin-ajax.php?action=${SEARCH}&query=cap`)).json();
        expect(Array.isArray(raw.suggestions)).to.equal(mode === 'tidy');
        const expected = ['Baseball Cap', 'Cap', 'Vintage Cap'];
        if (mode === 'unkind') expected.push('Caps & Beanies: a "Winter" Guide');
        expect(optionNames(m.el)).to.deep.equal(expected);
        const rows = options(m.el);
        for (const row of rows.slice(0, 3)) {
          expect(row.getAttribute('part')).to.contain('option--type-product');
          expect(row.querySelector('img[part="option-image"]')).to.not.equal(null);
        }
        if (mode === 'unkind') {
          const page = rows[3];
          expect(page.getAttribute('part')).to.contain('option--type-page');
          // img: false is no image at all: an empty placeholder, no <img>, nothing fetched.
          expect(page.querySelector('img')).to.equal(null);
          expect(page.querySelector('[part="option-image"]')!.getAttribute('aria-hidden')).to.equal('true');
          expect(page.querySelector('[part="option-match"]')!.textContent).to.equal('Cap');
          expect(page.getAttribute('aria-disabled')).to.equal(null);
        }
        await waitUntil(() => currentAnnouncement().startsWith(`${expected.length} products found`));
        await expect(m.el).to.be.accessible();
      });

      it("shows WordPress's HTML-escaped names as decoded text, marks the query in the text, and never inserts markup", async () => {
        const w = window as unknown as Record<string, unknown>;
        delete w.__pwned;
        await demoShop.fault({
          body: {
            suggestions: {
              '0': {
                type: 'Product',
                id: 31,
                value: 'Don&#8217;t Panic &amp; Carry On Mug',
                url: '/product/mug/',
                img: false,
                price: '',
              },
              '3': {
                type: 'Page',
                id: 32,
                value:
                  '&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; Don&#039;t &#x26; &quot;Care&quot;',
                url: '/?p=32',
                img: false,
              },
              '7': {
                type: 'Product',
                id: 33,
                value: 'Caf&eacute; Don &ndash; Beans',
                url: '/product/beans/',
                img: '/shop-images/cap-thumb.svg',
              },
            },
          },
          times: 1,
        });
        const m = await mount();
        m.input.focus();
        type(m.input, 'don');
        await untilShown(m);
        expect(optionNames(m.el)).to.deep.equal([
          'Don\u2019t Panic & Carry On Mug',
          '<img src=x onerror="window.__pwned=1"> Don\u0027t & "Care"',
          'Caf\u00e9 Don \u2013 Beans',
        ]);
        const [mug, hostile, beans] = options(m.el);
        expect(hostile.querySelector('[part="option-name"] img')).to.equal(null);
        expect(hostile.querySelector('img')).to.equal(null);
        expect(mug.querySelector('img')).to.equal(null); // img: false
        expect(beans.querySelector('img')).to.not.equal(null);
        // The match is marked in the decoded text, not in the entity-encoded source.
        expect([...mug.querySelectorAll('[part="option-match"]')].map((n) => n.textContent)).to.deep.equal([
          'Don',
        ]);
        expect(
          [...hostile.querySelectorAll('[part="option-match"]')].map((n) => n.textContent),
        ).to.deep.equal(['Don']);
        mug.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true, cancelable: true }));
        mug.click();
        await settle();
        expect(m.input.value).to.equal('Don\u2019t Panic & Carry On Mug');
        expect(selected[0].detail).to.deep.include({ id: 31, value: 'Don\u2019t Panic & Carry On Mug' });
        await idle(200);
        expect(w.__pwned).to.equal(undefined);
      });
    });
  }),
);
