import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { LiveSearchController } from '../../../elements/shop-live-search/shop-live-search.controller.ts';
import {
  type LiveSearchSettings,
  liveSearchSettings,
} from '../../../elements/shop-live-search/shop-live-search.settings.ts';
import { navigation } from '../../../shared/navigation.ts';
import { ShopError } from '../../../shared/shop/request.ts';
import type { Suggestion } from '../../../shared/shop/schemas.ts';
import { fakeClock } from '../../helpers/clock.ts';

/**
 * The live search's behaviour without React or the demo shop: a fake shop adapter whose answers
 * the test hands out, and a fake clock the test advances.
 */

interface Call {
  url: string;
  signal: AbortSignal | undefined;
  resolve(answer: Suggestion[]): void;
  reject(error: unknown): void;
}

/** A shop adapter whose search answers when the test says so; `abortable: false` ignores the signal. */
function fakeShop({ abortable = true } = {}) {
  const calls: Call[] = [];
  return {
    calls,
    urls: () => calls.map((c) => c.url),
    searchUrl: (query: string, category?: string) =>
      `/search?query=${encodeURIComponent(query)}${category ? `&product_cat=${category}` : ''}`,
    search(url: string, signal?: AbortSignal): Promise<Suggestion[]> {
      return new Promise((resolve, reject) => {
        calls.push({ url, signal, resolve, reject });
        if (abortable)
          signal?.addEventListener('abort', () => reject(new ShopError('aborted', 'search', 'cancelled')));
      });
    },
  };
}

const product = (id: number, value = `Product ${id}`): Suggestion => ({
  id,
  value,
  url: `/product/${id}/`,
  img: `/img/${id}.svg`,
});
/** Lets the awaited answer settle (promise callbacks). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(
  options: {
    settings?: Partial<LiveSearchSettings>;
    latency?: number;
    abortable?: boolean;
    submitForm?: (q: string, c: string) => boolean;
    initial?: () => { query?: string; category?: string };
  } = {},
) {
  const host = document.createElement('div');
  host.lang = 'en';
  const clock = fakeClock();
  const shop = fakeShop({ abortable: options.abortable });
  const settings = liveSearchSettings.parse(options.settings ?? {});
  const announced: string[] = [];
  const events: CustomEvent[] = [];
  for (const type of ['shop-search-failed', 'shop-search-selected', 'shop-search-submitted'])
    host.addEventListener(type, (e) => events.push(e as CustomEvent));
  const controller = new LiveSearchController({
    host,
    settings: () => settings,
    shop,
    clock,
    searchLatency: () => options.latency ?? 0,
    announce: (text) => announced.push(text),
    submitForm: options.submitForm,
    initial: options.initial,
  });
  const state = () => controller.$state.get();
  const names = () => state().options.map((o) => o.suggestion.value);
  // Connected, as the element does on connection; `stop` is what its removal calls.
  const stop = controller.connect();
  controller.focusIn();
  return { host, clock, shop, controller, stop, state, names, announced, events };
}

describe('<shop-live-search> controller', () => {
  let assign: sinon.SinonStub;
  let warn: sinon.SinonStub;
  beforeEach(() => {
    assign = sinon.stub(navigation, 'assign');
    warn = sinon.stub(console, 'warn');
  });
  afterEach(() => sinon.restore());

  describe('requests', () => {
    it('starts only at the minimum length, and shorter hides the list', async () => {
      const t = setup();
      t.controller.input('ho');
      t.controller.input('   ');
      expect(t.shop.calls).to.have.length(0);
      t.controller.input('hoo');
      expect(t.shop.urls()).to.deep.equal(['/search?query=hoo']);
      t.shop.calls[0].resolve([product(1)]);
      await flush();
      expect(t.state().open).to.equal(true);
      t.controller.input('ho');
      expect(t.state().open).to.equal(false);
    });

    it('waits for the search latency, restarting it on every keystroke', () => {
      const t = setup({ latency: 300 });
      t.controller.input('hoo');
      t.clock.tick(200);
      t.controller.input('hood');
      t.clock.tick(299);
      expect(t.shop.calls).to.have.length(0);
      expect(t.state().loading).to.equal(false);
      t.clock.tick(1);
      expect(t.shop.urls()).to.deep.equal(['/search?query=hood']);
      expect(t.state().loading).to.equal(true);
    });

    it('takes the delay setting over the page latency', () => {
      const t = setup({ latency: 0, settings: { delay: 500 } });
      t.controller.input('hoo');
      t.clock.tick(499);
      expect(t.shop.calls).to.have.length(0);
      t.clock.tick(1);
      expect(t.shop.calls).to.have.length(1);
    });

    it('a new request aborts the older one, whose answer is never shown', async () => {
      const t = setup();
      t.controller.input('aaa');
      t.controller.input('bbb');
      expect(t.shop.calls[0].signal!.aborted).to.equal(true);
      expect(t.shop.calls[1].signal!.aborted).to.equal(false);
      t.shop.calls[1].resolve([product(2, 'bbb answer')]);
      await flush();
      expect(t.names()).to.deep.equal(['bbb answer']);
      expect(t.state().loading).to.equal(false);
      expect(t.events).to.have.length(0); // an abort is not a failure
    });

    it('ignores an older answer that arrives late when the shop cannot abort, but caches it', async () => {
      const t = setup({ abortable: false });
      t.controller.input('aaa');
      t.controller.input('bbb');
      t.shop.calls[1].resolve([product(2, 'new answer')]);
      await flush();
      t.shop.calls[0].resolve([product(1, 'stale answer')]);
      await flush();
      expect(t.names()).to.deep.equal(['new answer']);
      expect(t.state().loading).to.equal(false);
      t.controller.input('aaa');
      expect(t.names()).to.deep.equal(['stale answer']);
      expect(t.shop.calls).to.have.length(2);
    });

    it('answers a cached query at once, without a request or the delay', async () => {
      const t = setup({ latency: 200 });
      t.controller.input('hoo');
      t.clock.tick(200);
      t.shop.calls[0].resolve([product(1), product(2)]);
      await flush();
      t.controller.input('hood');
      t.clock.tick(200);
      t.shop.calls[1].resolve([product(1)]);
      await flush();
      t.controller.input('hoo');
      expect(t.names()).to.deep.equal(['Product 1', 'Product 2']);
      expect(t.state().open).to.equal(true);
      expect(t.state().loading).to.equal(false);
      expect(t.clock.pending).to.equal(0);
      expect(t.shop.calls).to.have.length(2);
    });

    it('does not send longer queries starting with one that found nothing, per category', async () => {
      const t = setup();
      t.controller.input('xyz');
      t.shop.calls[0].resolve([{ id: -1, value: 'No products found.', url: '' }]);
      await flush();
      expect(t.state().open).to.equal(false);
      expect(t.announced).to.deep.equal(['No products found.']);
      t.controller.input('xyzw');
      t.controller.input('xyzwv');
      expect(t.shop.calls).to.have.length(1);
      t.controller.category('bags'); // not known to be bad in bags: asked at once
      expect(t.shop.urls()).to.deep.equal(['/search?query=xyz', '/search?query=xyzwv&product_cat=bags']);
    });

    it('preventBadQueries off asks again', async () => {
      const t = setup({ settings: { preventBadQueries: false } });
      t.controller.input('xyz');
      t.shop.calls[0].resolve([]);
      await flush();
      t.controller.input('xyzw');
      expect(t.shop.calls).to.have.length(2);
      expect(t.announced).to.deep.equal(['No products found.']);
    });

    it('a new category hides the list and re-runs the query without the delay', async () => {
      const t = setup({ latency: 300 });
      t.controller.input('woo');
      t.clock.tick(300);
      t.shop.calls[0].resolve([product(1)]);
      await flush();
      expect(t.state().open).to.equal(true);
      t.controller.category('hoodies');
      expect(t.state().open).to.equal(false);
      expect(t.state().category).to.equal('hoodies');
      expect(t.shop.urls()[1]).to.equal('/search?query=woo&product_cat=hoodies');
    });
  });

  describe('failures', () => {
    for (const [name, error] of [
      ['a ShopError', new ShopError('timeout', 'flatsome_ajax_search_products', 'The shop did not answer.')],
      ['any other error', new TypeError('Failed to fetch')],
    ] as const) {
      it(`${name}: emits shop-search-failed, warns, and the next query works`, async () => {
        const t = setup();
        t.controller.category('bags');
        t.controller.input('hoo');
        t.shop.calls[0].reject(error);
        await flush();
        expect(t.events.map((e) => e.type)).to.deep.equal(['shop-search-failed']);
        expect(t.events[0].detail).to.deep.equal({ query: 'hoo', category: 'bags', message: error.message });
        expect(t.events[0].bubbles && t.events[0].composed).to.equal(true);
        expect(t.state()).to.deep.include({ error: error.message, open: false, loading: false });
        expect(warn.calledOnce).to.equal(true);
        expect(warn.firstCall.args[0]).to.equal(`<shop-live-search>: ${error.message}`);
        t.controller.input('hood');
        expect(t.state().error).to.equal(null);
        t.shop.calls[1].resolve([product(1)]);
        await flush();
        expect(t.state().open).to.equal(true);
        t.controller.input('hoo'); // the failure was not cached
        expect(t.shop.calls).to.have.length(3);
      });
    }

    it('a request it cancelled is not reported when it fails later (a shop that cannot abort)', async () => {
      const t = setup({ abortable: false });
      t.controller.input('aaa');
      t.controller.input('bbb');
      t.shop.calls[1].resolve([product(2)]);
      await flush();
      t.shop.calls[0].reject(new ShopError('http', 'search', 'HTTP 500'));
      await flush();
      expect(t.events).to.have.length(0);
      expect(warn.called).to.equal(false);
      expect(t.state()).to.deep.include({ error: null, open: true });
    });

    it('the stop connect returned aborts the request in flight and the timers, without a failure', async () => {
      const t = setup({ latency: 100 });
      t.controller.input('hoo');
      t.clock.tick(100);
      t.controller.input('hood');
      t.controller.focusOut(false);
      t.stop();
      await flush();
      expect(t.shop.calls[0].signal!.aborted).to.equal(true);
      expect(t.clock.pending).to.equal(0);
      expect(t.events).to.have.length(0);
      expect(warn.called).to.equal(false);
    });
  });

  describe('connection', () => {
    it('starts from the theme form on every connection, and works again after a stop', async () => {
      let theme = { query: 'hood', category: 'bags' };
      const t = setup({ initial: () => theme });
      expect(t.state()).to.deep.include({ query: 'hood', category: 'bags', open: false });
      t.controller.input('hoodie');
      t.shop.calls[0].resolve([product(1)]);
      await flush();
      expect(t.state().open).to.equal(true);
      t.stop();
      theme = { query: 'cap', category: '' };
      const stop = t.controller.connect();
      expect(t.state()).to.deep.include({ query: 'cap', category: '', open: false, loading: false });
      expect(t.state().options).to.deep.equal([]);
      t.controller.focusIn();
      t.controller.input('caps');
      expect(t.shop.urls()).to.deep.equal(['/search?query=hoodie&product_cat=bags', '/search?query=caps']);
      t.shop.calls[1].resolve([product(2)]);
      await flush();
      expect(t.names()).to.deep.equal(['Product 2']);
      stop();
    });
  });

  describe('list and keyboard', () => {
    async function shown(t: ReturnType<typeof setup>, answer: Suggestion[]) {
      t.controller.input('hoodie');
      t.shop.calls.at(-1)!.resolve(answer);
      await flush();
    }

    it('announces the count in the plural form of the host language; no option is active', async () => {
      const t = setup();
      await shown(t, [product(1)]);
      expect(t.announced.at(-1)).to.equal('1 product found. Use the up and down arrow keys to browse.');
      t.controller.input('hoodies');
      t.shop.calls.at(-1)!.resolve([product(1), { id: -1, value: 'More…', url: '' }, product(2)]);
      await flush();
      expect(t.announced.at(-1)).to.equal('2 products found. Use the up and down arrow keys to browse.');
      expect(t.state().active).to.equal(-1);
    });

    it('without focus inside, an answer is kept but the list does not open', async () => {
      const t = setup();
      t.controller.focusOut(false);
      await shown(t, [product(1)]);
      expect(t.names()).to.deep.equal(['Product 1']);
      expect(t.state().open).to.equal(false);
      expect(t.announced).to.deep.equal([]);
    });

    it('arrows move over enabled options with wrap-round; Enter chooses', async () => {
      const t = setup();
      await shown(t, [product(1), { id: -1, value: 'info', url: '/x/' }, product(3)]);
      expect(t.controller.keyDown('ArrowDown')).to.deep.equal({ handled: true });
      expect(t.state().active).to.equal(0);
      t.controller.keyDown('ArrowDown');
      expect(t.state().active).to.equal(2); // the id -1 entry is skipped
      t.controller.keyDown('ArrowDown');
      expect(t.state().active).to.equal(0);
      t.controller.keyDown('ArrowUp');
      expect(t.state().active).to.equal(2);
      expect(t.controller.keyDown('Enter')).to.deep.equal({ handled: true });
      expect(assign.calledOnceWith(new URL('/product/3/', document.baseURI).href)).to.equal(true);
      expect(t.events[0].type).to.equal('shop-search-selected');
      expect(t.events[0].detail).to.deep.include({ query: 'hoodie', id: 3, value: 'Product 3' });
      expect(t.state()).to.deep.include({ open: false, query: 'Product 3' });
    });

    it('Enter without an active option, Home/End and Left/Right', async () => {
      const t = setup();
      await shown(t, [product(1), product(2)]);
      expect(t.controller.keyDown('Enter')).to.deep.equal({ handled: false });
      expect(t.controller.keyDown('Home')).to.deep.equal({ handled: false });
      t.controller.keyDown('ArrowDown');
      expect(t.controller.keyDown('End')).to.deep.equal({ handled: true, caret: 'end' });
      expect(t.state().active).to.equal(-1);
      t.controller.keyDown('ArrowDown');
      expect(t.controller.keyDown('Home')).to.deep.equal({ handled: true, caret: 'start' });
      t.controller.keyDown('ArrowDown');
      expect(t.controller.keyDown('ArrowLeft')).to.deep.equal({ handled: false });
      expect(t.state().active).to.equal(-1);
    });

    it('Escape closes, a second Escape clears; Down reopens from the cache, Alt+Down without moving', async () => {
      const t = setup();
      await shown(t, [product(1), product(2)]);
      expect(t.controller.keyDown('Escape')).to.deep.equal({ handled: true });
      expect(t.state()).to.deep.include({ open: false, query: 'hoodie' });
      t.controller.keyDown('ArrowDown', { altKey: true });
      expect(t.state()).to.deep.include({ open: true, active: -1 });
      t.controller.keyDown('ArrowUp', { altKey: true });
      expect(t.state().open).to.equal(false);
      t.controller.keyDown('ArrowUp');
      expect(t.state()).to.deep.include({ open: true, active: 1 });
      expect(t.shop.calls).to.have.length(1);
      t.controller.keyDown('Escape');
      t.controller.keyDown('Escape');
      expect(t.state()).to.deep.include({ open: false, query: '' });
    });

    it('choosing a non-navigating option does nothing', async () => {
      const t = setup();
      await shown(t, [product(1), { id: 5, value: 'evil', url: 'javascript:alert(1)', img: 'javascript:x' }]);
      expect(t.state().options[1]).to.deep.include({ url: null, image: null });
      t.controller.choose(1);
      t.controller.choose(7);
      expect(assign.called).to.equal(false);
      expect(t.events).to.have.length(0);
      expect(t.state().open).to.equal(true);
    });

    it("choosing fills the field and the event with the name as text, WordPress's entities decoded (issue 11 item 7)", async () => {
      const t = setup();
      await shown(t, [{ id: 9, value: 'Don&#8217;t &amp; &lt;b&gt;', url: '/p/9/', type: 'Page' }]);
      expect(t.state().options[0]).to.deep.include({ name: 'Don\u2019t & <b>', type: 'page' });
      t.controller.choose(0);
      expect(t.events[0].detail).to.deep.include({ id: 9, value: 'Don\u2019t & <b>' });
      expect(t.state().query).to.equal('Don\u2019t & <b>');
    });

    it("announces the shop's own no-results text decoded", async () => {
      const t = setup();
      await shown(t, [{ id: -1, value: 'Aucun produit trouv&eacute;.', url: '' }]);
      expect(t.announced.at(-1)).to.equal('Aucun produit trouv\u00e9.');
    });

    it('hides after the hide delay once focus leaves; focus coming back cancels it', async () => {
      const t = setup();
      await shown(t, [product(1)]);
      t.controller.focusOut(false);
      t.clock.tick(199);
      expect(t.state().open).to.equal(true);
      t.clock.tick(1);
      expect(t.state().open).to.equal(false);
      t.controller.focusIn();
      t.controller.fieldFocused(); // the cached suggestions show again
      expect(t.state().open).to.equal(true);
      expect(t.shop.calls).to.have.length(1);
      t.controller.focusOut(true);
      t.controller.focusIn();
      t.clock.tick(500);
      expect(t.state().open).to.equal(true);
    });
  });

  describe('submitting', () => {
    it('hands the values to the theme form when there is one', () => {
      const submitForm = sinon.stub().returns(true);
      const t = setup({ submitForm });
      t.controller.category('bags');
      t.controller.input('tote');
      t.controller.submit();
      expect(submitForm.calledOnceWith('tote', 'bags')).to.equal(true);
      expect(assign.called).to.equal(false);
      expect(t.events.map((e) => [e.type, e.detail])).to.deep.equal([
        ['shop-search-submitted', { query: 'tote', category: 'bags' }],
      ]);
      expect(t.shop.calls.every((c) => c.signal!.aborted)).to.equal(true);
      expect(t.state().loading).to.equal(false);
    });

    it('goes to the results page without a theme form; an unsafe action falls back to the site root', () => {
      const t = setup({ settings: { action: '/shop/' } });
      t.controller.input('mug & co');
      t.controller.submit();
      const url = new URL(assign.firstCall.args[0]);
      expect(url.pathname).to.equal('/shop/');
      expect(Object.fromEntries(url.searchParams)).to.deep.equal({ s: 'mug & co', post_type: 'product' });
      const unsafe = setup({ settings: { action: 'javascript:alert(1)' } });
      unsafe.controller.submit();
      expect(new URL(assign.secondCall.args[0]).protocol).to.match(/^https?:$/);
      expect(new URL(assign.secondCall.args[0]).pathname).to.equal('/');
    });
  });
});
