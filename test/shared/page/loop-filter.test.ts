import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import {
  encodeTerms,
  filtersFromUrl,
  installLoopFilters,
  type LoopFilters,
  OVERLAY_FADE_IN_MS,
  OVERLAY_FADE_OUT_MS,
  parseFilterValue,
  parseJoin,
  refreshBody,
  urlWithFilters,
} from '../../../shared/page/loop-filter.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';

const hoodies = {
  product_cat: {
    filterType: 'taxonomy' as const,
    filterData: { terms: ['hoodies'], selectedTaxonomy: 'product_cat', logicalJoin: 'AND' as const },
  },
};

describe('loop filter: state, address and request (spec §3, §5, §7, §9)', () => {
  it('separators: AND "+", OR "~"; NOT "!" or a mix disables filtering', () => {
    expect(encodeTerms(['a', 'b'], 'AND')).to.equal('a+b');
    expect(encodeTerms(['a', 'b'], 'OR')).to.equal('a~b');
    expect(parseFilterValue('a+b')).to.deep.equal({ terms: ['a', 'b'], logicalJoin: 'AND' });
    expect(parseFilterValue('a b')).to.deep.equal({ terms: ['a', 'b'], logicalJoin: 'AND' });
    expect(parseFilterValue('a~b')).to.deep.equal({ terms: ['a', 'b'], logicalJoin: 'OR' });
    expect(parseFilterValue('a')).to.deep.equal({ terms: ['a'], logicalJoin: 'AND' });
    expect(parseFilterValue('a!b')).to.equal(null);
    expect(parseFilterValue('a+b~c')).to.equal(null);
    expect(parseFilterValue('')).to.equal(null);
    expect([parseJoin('or'), parseJoin(undefined), parseJoin('NOT'), parseJoin('xor')]).to.deep.equal([
      'OR',
      'AND',
      null,
      null,
    ]);
  });

  it('reads e-filter-{widgetId}-{taxonomy} from the address, for that widget only', () => {
    const url = new URL(
      'https://shop.test/?e-filter-w1-product_cat=hoodies%2Btshirts&e-filter-w1-tag=a!b&e-filter-w2-product_cat=bags&e-page-w1=2',
    );
    expect(filtersFromUrl(url, 'w1')).to.deep.equal({
      product_cat: {
        filterType: 'taxonomy',
        filterData: { terms: ['hoodies', 'tshirts'], selectedTaxonomy: 'product_cat', logicalJoin: 'AND' },
      },
    });
    expect(Object.keys(filtersFromUrl(url, 'w2'))).to.deep.equal(['product_cat']);
  });

  it('writes the address: filters set, the page parameter reset, other widgets kept', () => {
    const url = new URL(
      'https://shop.test/shop/?x=1&e-page-w1=3&e-filter-w1-product_cat=bags&e-filter-w2-product_cat=bags',
    );
    const next = urlWithFilters(url, 'w1', hoodies);
    expect(next.searchParams.get('e-filter-w1-product_cat')).to.equal('hoodies');
    expect(next.searchParams.has('e-page-w1')).to.equal(false);
    expect(next.searchParams.get('e-filter-w2-product_cat')).to.equal('bags');
    expect(next.searchParams.get('x')).to.equal('1');
    expect(urlWithFilters(url, 'w1', {}, 2).searchParams.get('e-page-w1')).to.equal('2');
  });

  it('the refresh body has the edit-mode fields only in edit mode', () => {
    const base = { postId: 7, widgetId: 'w1', filters: hoodies, paginationBaseUrl: 'https://shop.test/' };
    expect(refreshBody(base)).to.deep.equal({
      post_id: 7,
      widget_filters: hoodies,
      widget_id: 'w1',
      pagination_base_url: 'https://shop.test/',
    });
    expect(refreshBody({ ...base, editMode: { widgetModel: { id: 'w1' } } })).to.include({
      is_edit_mode: true,
    });
    expect(refreshBody({ ...base, editMode: { widgetModel: { id: 'w1' } } }).widget_model).to.deep.equal({
      id: 'w1',
    });
  });
});

describe('loop filter on the page (spec §4 Loop widget, §7 Loop refresh, §8)', () => {
  const start = location.href;
  let filters: LoopFilters | undefined;
  const requests: Array<{ url: string; headers: Headers; body: Record<string, unknown> }> = [];
  const spy =
    (answer?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
    (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)),
      });
      return answer ? answer(input, init) : fetch(input, init);
    };
  beforeEach(() => {
    requests.length = 0;
    (window as unknown as { wpApiSettings: unknown }).wpApiSettings = { root: '/wp-json/', nonce: 'nonce-1' };
  });
  afterEach(() => {
    filters?.dispose();
    filters = undefined;
    history.replaceState(null, '', start);
    delete (window as unknown as { wpApiSettings?: unknown }).wpApiSettings;
  });

  const page = () =>
    fixture(html`<div>
      <nav data-shop-loop-filter="w1" data-taxonomy="product_cat" data-logical-join="OR" data-multiple aria-label="Filter">
        <button type="button" data-filter="__all">All</button>
        <button type="button" data-filter="hoodies">Hoodies</button>
        <button type="button" data-filter="tshirts">T-shirts</button>
      </nav>
      <nav data-shop-loop-filter="w1" data-taxonomy="pa_color" data-logical-join="NOT" aria-label="Colours">
        <button type="button" data-filter="red">Red</button>
      </nav>
      <div data-shop-loop="w1" data-post-id="12"><p class="original">Everything</p></div>
    </div>`);
  const loop = (root: Element) => root.querySelector<HTMLElement>('[data-shop-loop]')!;
  const button = (root: Element, term: string) =>
    root.querySelector<HTMLButtonElement>(`[data-filter="${term}"]`)!;

  it("styles the loops of each document it is installed in, an iframe's with a sheet of its own window", async () => {
    const root = await page();
    filters = installLoopFilters({ fetch: spy() });
    expect(getComputedStyle(loop(root)).position).to.equal('relative');
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      const doc = frame.contentDocument!;
      doc.body.innerHTML = '<div data-shop-loop="w9" data-post-id="1"><p>Framed</p></div>';
      const framed = installLoopFilters({ doc, fetch: spy() });
      framed.dispose();
      // A sheet made by this window cannot be adopted there, and one flag for all documents missed it.
      const inFrame = doc.querySelector<HTMLElement>('[data-shop-loop]')!;
      expect(frame.contentWindow!.getComputedStyle(inFrame).position).to.equal('relative');
    } finally {
      frame.remove();
    }
  });

  it('a filter change posts the refresh with the nonce, shows the overlay, replaces the markup and updates the address', async () => {
    const root = await page();
    filters = installLoopFilters({ reducedMotion: () => true, fetch: spy() });
    expect(requests).to.have.length(0);
    const refreshed = oneEvent(loop(root), 'shop-loop-refreshed');
    button(root, 'hoodies').click();
    expect(loop(root).querySelector('.shop-loop-overlay')).to.exist;
    expect(loop(root).getAttribute('aria-busy')).to.equal('true');
    await refreshed;
    expect(requests).to.have.length(1);
    const [request] = requests;
    expect(new URL(request!.url).pathname).to.equal('/wp-json/elementor-pro/v1/refresh-loop');
    expect(request!.headers.get('X-WP-Nonce')).to.equal('nonce-1');
    expect(request!.body).to.deep.equal({
      post_id: 12,
      widget_filters: {
        product_cat: {
          filterType: 'taxonomy',
          filterData: { terms: ['hoodies'], selectedTaxonomy: 'product_cat', logicalJoin: 'OR' },
        },
      },
      widget_id: 'w1',
      pagination_base_url: location.href,
    });
    expect(new URL(location.href).searchParams.get('e-filter-w1-product_cat')).to.equal('hoodies');
    expect(loop(root).querySelector('.original')).to.equal(null);
    expect(loop(root).querySelectorAll('li.product').length).to.be.greaterThan(0);
    expect(loop(root).querySelector('.shop-loop-overlay')).to.equal(null);
    expect(loop(root).hasAttribute('aria-busy')).to.equal(false);
    expect(button(root, 'hoodies').getAttribute('aria-pressed')).to.equal('true');
    expect(button(root, '__all').getAttribute('aria-pressed')).to.equal('false');

    // OR with a second term: '~' in the address.
    const again = oneEvent(loop(root), 'shop-loop-refreshed');
    button(root, 'tshirts').click();
    await again;
    expect(new URL(location.href).searchParams.get('e-filter-w1-product_cat')).to.equal('hoodies~tshirts');

    // Back restores the previous filter and refreshes.
    const back = oneEvent(loop(root), 'shop-loop-refreshed');
    history.back();
    await back;
    expect(new URL(location.href).searchParams.get('e-filter-w1-product_cat')).to.equal('hoodies');
    expect(button(root, 'tshirts').getAttribute('aria-pressed')).to.equal('false');
    expect(requests.at(-1)!.body.widget_filters).to.deep.equal({
      product_cat: {
        filterType: 'taxonomy',
        filterData: { terms: ['hoodies'], selectedTaxonomy: 'product_cat', logicalJoin: 'AND' },
      },
    });
  });

  it('in edit mode the request carries widget_model and is_edit_mode, and the nonce header', async () => {
    const root = await fixture(html`<div>
      <nav data-shop-loop-filter="w5" data-taxonomy="product_cat" aria-label="Filter">
        <button type="button" data-filter="bags">Bags</button>
      </nav>
      <div data-shop-loop="w5" data-post-id="3" data-edit-mode data-widget-model='{"id":"w5","elType":"widget"}'></div>
    </div>`);
    filters = installLoopFilters({ fetch: spy() });
    root.querySelector<HTMLButtonElement>('[data-filter="bags"]')!.click();
    await filters.settled();
    expect(requests[0]!.headers.get('X-WP-Nonce')).to.equal('nonce-1');
    expect(requests[0]!.body).to.include({ is_edit_mode: true, widget_id: 'w5', post_id: 3 });
    expect(requests[0]!.body.widget_model).to.deep.equal({ id: 'w5', elType: 'widget' });
    expect(root.querySelectorAll('li.product').length).to.be.greaterThan(0);
  });

  it('pagination links in the loop set e-page-{widgetId} and refresh', async () => {
    const root = await page();
    filters = installLoopFilters({ fetch: spy() });
    const first = oneEvent(loop(root), 'shop-loop-refreshed');
    button(root, '__all').click();
    await first;
    await waitUntil(() => loop(root).querySelector('a.page-numbers'), 'no pages');
    const next = loop(root).querySelector<HTMLAnchorElement>('a.page-numbers')!;
    const second = oneEvent(loop(root), 'shop-loop-refreshed');
    next.click();
    await second;
    expect(new URL(location.href).searchParams.get('e-page-w1')).to.equal('2');
    expect(loop(root).querySelector('[aria-current="page"]')!.textContent).to.equal('2');
  });

  it('a filter in the address on load is applied', async () => {
    history.replaceState(null, '', `${location.pathname}?e-filter-w1-product_cat=bags`);
    const root = await page();
    const refreshed = oneEvent(loop(root), 'shop-loop-refreshed');
    filters = installLoopFilters({ fetch: spy() });
    await refreshed;
    expect(requests[0]!.body.widget_filters).to.have.key('product_cat');
    expect(button(root, 'hoodies').getAttribute('aria-pressed')).to.equal('false');
  });

  it('an operator other than AND or OR disables filtering (one error, no request)', async () => {
    const root = await page();
    filters = installLoopFilters({ fetch: spy() });
    const errors = await captureConsoleErrors(() => {
      button(root, 'red').click();
      button(root, 'red').click();
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('AND or OR');
    expect(requests).to.have.length(0);
  });

  it('the overlay fades in over 200 ms and out over 400 ms (spec §9), then goes', async () => {
    const root = await page();
    filters = installLoopFilters({ reducedMotion: () => false, fetch: spy() });
    const refreshed = oneEvent(loop(root), 'shop-loop-refreshed');
    button(root, 'hoodies').click();
    const overlay = loop(root).querySelector<HTMLElement>('.shop-loop-overlay')!;
    const timing = (el: Element) =>
      el.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().duration);
    const opacities = (el: Element) =>
      el
        .getAnimations()
        .map((a) => (a.effect as KeyframeEffect).getKeyframes().map((k) => Number(k.opacity)));
    expect(timing(overlay)).to.deep.equal([OVERLAY_FADE_IN_MS]);
    expect([OVERLAY_FADE_IN_MS, OVERLAY_FADE_OUT_MS]).to.deep.equal([200, 400]);
    expect(opacities(overlay)).to.deep.equal([[0, 1]]);
    await refreshed;
    await filters.settled();
    // The new items are in, the loop is not busy; the overlay fades out over them.
    expect(loop(root).querySelectorAll('li.product').length).to.be.greaterThan(0);
    expect(loop(root).hasAttribute('aria-busy')).to.equal(false);
    expect(overlay.isConnected).to.equal(true);
    expect(overlay.classList.contains('shop-loop-overlay--out')).to.equal(true);
    expect(timing(overlay)).to.deep.equal([OVERLAY_FADE_OUT_MS]);
    expect(opacities(overlay)).to.deep.equal([[1, 0]]);
    const [fade] = overlay.getAnimations();
    fade!.finish(); // the 400 ms are over
    await waitUntil(() => !overlay.isConnected, 'the overlay goes once faded out');
  });

  it('under reduced motion the overlay comes and goes at once', async () => {
    const root = await page();
    filters = installLoopFilters({ reducedMotion: () => true, fetch: spy() });
    button(root, 'hoodies').click();
    const overlay = loop(root).querySelector<HTMLElement>('.shop-loop-overlay')!;
    expect(overlay.getAnimations()).to.have.length(0);
    await filters.settled();
    expect(overlay.isConnected).to.equal(false);
  });

  it('a failed or non-OK refresh is ignored: the widget is unchanged and the overlay removed', async () => {
    for (const answer of [
      () => Promise.reject(new TypeError('offline')),
      () => Promise.resolve(new Response('{"code":"rest_cookie_invalid_nonce"}', { status: 403 })),
      () => Promise.resolve(new Response('not json', { status: 200 })),
    ]) {
      const root = await page();
      filters = installLoopFilters({ reducedMotion: () => true, fetch: spy(answer) });
      button(root, 'hoodies').click();
      await filters.settled();
      expect(loop(root).querySelector('.original')!.textContent).to.equal('Everything');
      expect(loop(root).querySelector('.shop-loop-overlay')).to.equal(null);
      expect(loop(root).hasAttribute('aria-busy')).to.equal(false);
      filters.dispose();
      filters = undefined;
    }
  });

  it('the markup from data is sanitised', async () => {
    const root = await page();
    const hostile =
      '<p class="ok">Fine</p><img src="x" onerror="window.__loopXss=1"><script>window.__loopXss=2</script>';
    filters = installLoopFilters({
      fetch: spy(() => Promise.resolve(Response.json({ data: hostile }))),
    });
    button(root, 'hoodies').click();
    await filters.settled();
    expect(loop(root).querySelector('.ok')!.textContent).to.equal('Fine');
    expect(loop(root).querySelector('script')).to.equal(null);
    expect(loop(root).querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    expect((window as unknown as { __loopXss?: number }).__loopXss).to.equal(undefined);
  });

  it('the demo shop refuses a refresh without the nonce header', async () => {
    const response = await fetch('/wp-json/elementor-pro/v1/refresh-loop', {
      method: 'POST',
      body: JSON.stringify({ widget_id: 'w1' }),
    });
    expect(response.status).to.equal(403);
  });
});

describe('installLoopFilter (page-behaviour shape)', () => {
  it('installs once per document, loads loops marked refresh-on-load, and uninstalls', async () => {
    (window as unknown as { wpApiSettings: unknown }).wpApiSettings = { root: '/wp-json/', nonce: 'n' };
    const { installLoopFilter } = await import('../../../shared/page/loop-filter.ts');
    const root = await fixture(html`<div data-shop-loop="w9" data-post-id="1" data-refresh-on-load></div>`);
    const refreshed = oneEvent(root, 'shop-loop-refreshed');
    const uninstall = installLoopFilter(document);
    expect(installLoopFilter(document)).to.equal(uninstall);
    await refreshed;
    expect(root.querySelectorAll('li.product').length).to.be.greaterThan(0);
    uninstall();
    expect(installLoopFilter(document)).not.to.equal(uninstall);
    installLoopFilter(document)();
    delete (window as unknown as { wpApiSettings?: unknown }).wpApiSettings;
  });
});
