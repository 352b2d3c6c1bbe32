// Browser tests of the demo shop server (issue 2 §6): every endpoint over real fetch calls with
// urlencoded bodies, exactly as the elements (and WooCommerce's own scripts) call them.
import { expect } from '@open-wc/testing';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; report-uri /__csp-report";

// Handy catalog ids (documented at the top of examples/server/catalog.mjs).
const BEANIE = 101; // simple, on sale $20 -> $18
const BELT = 104; // simple, $65
const SUNGLASSES = 109; // simple, stock 2
const VINTAGE_CAP = 113; // simple, out of stock
const HOODIE = 201; // variable
const HOODIE_RED_MEDIUM = 20105; // stock 2
const HOODIE_GREEN_LARGE = 20109; // out of stock

type Fragments = Record<string, string>;
interface CartResponse {
  fragments: Fragments;
  cart_hash: string;
}
interface ShopState {
  items: { key: string; productId: number; variationId: number; quantity: number }[];
  hash: string;
}

const wcAjax = (endpoint: string) => `/?wc-ajax=${endpoint}`;

function post(url: string, fields: Record<string, string | number>, init: RequestInit = {}) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body,
    ...init,
  });
}

async function postJson<T>(url: string, fields: Record<string, string | number>): Promise<T> {
  const res = await post(url, fields);
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^application\/json/);
  return res.json() as Promise<T>;
}

const add = (fields: Record<string, string | number>) =>
  postJson<CartResponse>(wcAjax('add_to_cart'), fields);
const state = async (): Promise<ShopState> => (await fetch('/__shop/state')).json();
const fault = (spec: Record<string, unknown>) =>
  fetch('/__shop/faults', {
    method: 'POST',
    body: JSON.stringify(spec),
    headers: { 'Content-Type': 'application/json' },
  });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

describe('demo shop server', () => {
  beforeEach(async () => {
    const res = await fetch('/__shop/reset', { method: 'POST' });
    expect(res.status).to.equal(204);
  });

  describe('add_to_cart', () => {
    it('adds a simple product and answers fragments and cart_hash', async () => {
      const res = await add({ product_id: BEANIE, quantity: 2, product_sku: 'woo-beanie' });
      expect(res.cart_hash).to.match(/^[0-9a-f]{32}$/);
      expect(Object.keys(res.fragments)).to.include.members([
        'div.widget_shopping_cart_content',
        'a.cart-contents',
        'span.cart-count',
      ]);
      const doc = parse(res.fragments['div.widget_shopping_cart_content']);
      const item = doc.querySelector(
        'div.widget_shopping_cart_content > ul.woocommerce-mini-cart.cart_list.product_list_widget > li.woocommerce-mini-cart-item.mini_cart_item',
      );
      expect(item).to.exist;
      const remove = item!.querySelector('a.remove.remove_from_cart_button')!;
      expect(remove.getAttribute('data-product_id')).to.equal(String(BEANIE));
      expect(remove.getAttribute('data-product_sku')).to.equal('woo-beanie');
      expect(remove.getAttribute('aria-label')).to.equal('Remove Beanie from cart');
      const key = remove.getAttribute('data-cart_item_key')!;
      expect(key).to.match(/^[0-9a-f]{32}$/);
      expect(remove.getAttribute('href')).to.match(new RegExp(`\\?remove_item=${key}&_wpnonce=\\w+`));
      expect(item!.querySelector('a[href="/product/beanie/"] img')).to.exist;
      expect(item!.querySelector('span.quantity')!.textContent).to.equal('2 × $18.00');
      const qty = item!.querySelector<HTMLInputElement>('input.qty')!;
      expect(qty.name).to.equal(`cart[${key}][qty]`);
      expect([qty.min, qty.step, qty.value]).to.deep.equal(['0', '1', '2']);
      expect(doc.querySelector('p.woocommerce-mini-cart__total')!.textContent).to.equal('Subtotal: $36.00');
      expect(doc.querySelectorAll('p.woocommerce-mini-cart__buttons a.button.wc-forward')).to.have.length(2);
      expect(parse(res.fragments['span.cart-count']).querySelector('span.cart-count')!.textContent).to.equal(
        '2',
      );
      expect((await state()).items).to.deep.equal([{ key, productId: BEANIE, variationId: 0, quantity: 2 }]);
    });

    it('renders sale prices with WooCommerce markup and screen-reader texts', async () => {
      const res = await fetch('/wp-admin/admin-ajax.php?action=flatsome_ajax_search_products&query=beanie');
      const [first] = (await res.json()).suggestions;
      const price = parse(first.price).body;
      expect(
        price.querySelector(
          'del[aria-hidden="true"] span.woocommerce-Price-amount.amount > bdi > span.woocommerce-Price-currencySymbol',
        ),
      ).to.exist;
      expect(price.querySelector('ins[aria-hidden="true"] .amount')!.textContent).to.equal('$18.00');
      expect([...price.querySelectorAll('.screen-reader-text')].map((s) => s.textContent)).to.deep.equal([
        'Original price was: $20.00.',
        'Current price is: $18.00.',
      ]);
    });

    it('adds the same product to one line and changes the hash with the contents', async () => {
      const first = await add({ product_id: BELT });
      const second = await add({ product_id: BELT, quantity: 1 });
      expect(second.cart_hash).to.not.equal(first.cart_hash);
      const s = await state();
      expect(s.items).to.have.length(1);
      expect(s.items[0].quantity).to.equal(2);
      expect(s.hash).to.equal(second.cart_hash);
    });

    it('treats a missing or "0" quantity as 1, like WooCommerce', async () => {
      await add({ product_id: BELT, quantity: 0 });
      await add({ product_id: BEANIE });
      expect((await state()).items.map((i) => i.quantity)).to.deep.equal([1, 1]);
    });

    it('adds a variation by variation_id and by a variation id as product_id, never by attributes alone', async () => {
      // WC_AJAX::add_to_cart finds no variation from attribute fields: the product page instead.
      expect(
        await add({ product_id: HOODIE, attribute_pa_color: 'blue', attribute_pa_size: 'small' }),
      ).to.deep.equal({ error: true, product_url: '/product/hoodie/' });
      await add({ product_id: HOODIE, variation_id: 20102 });
      await add({ product_id: 20103 });
      expect((await state()).items.map((i) => [i.productId, i.variationId])).to.deep.equal([
        [HOODIE, 20102],
        [HOODIE, 20103],
      ]);
    });

    it('answers error and product_url for invalid requests and leaves the cart alone', async () => {
      expect(await add({ product_id: HOODIE })).to.deep.equal({
        error: true,
        product_url: '/product/hoodie/',
      });
      expect(await add({ product_id: VINTAGE_CAP })).to.deep.equal({
        error: true,
        product_url: '/product/vintage-cap/',
      });
      expect(await add({ product_id: HOODIE_GREEN_LARGE })).to.deep.equal({
        error: true,
        product_url: '/product/hoodie/',
      });
      expect(await add({ product_id: BELT, quantity: -1 })).to.deep.equal({
        error: true,
        product_url: '/product/belt/',
      });
      expect(await add({ product_id: 999999 })).to.deep.equal({ error: true, product_url: '/shop/' });
      expect(await add({ product_id: 'abc' })).to.have.property('error', true);
      expect((await postJson(wcAjax('add_to_cart'), {})) as object).to.have.property('error', true);
      expect((await state()).items).to.deep.equal([]);
    });

    it('enforces limited stock across requests', async () => {
      await add({ product_id: SUNGLASSES, quantity: 2 });
      expect(await add({ product_id: SUNGLASSES })).to.deep.equal({
        error: true,
        product_url: '/product/sunglasses/',
      });
      expect(await add({ product_id: HOODIE_RED_MEDIUM, quantity: 3 })).to.have.property('error', true);
      const res = await add({ product_id: HOODIE_RED_MEDIUM, quantity: 2 });
      const input = parse(
        res.fragments['div.widget_shopping_cart_content'],
      ).querySelectorAll<HTMLInputElement>('input.qty');
      expect([...input].map((i) => i.max)).to.deep.equal(['2', '2']);
    });
  });

  describe('cookies', () => {
    it('sets woocommerce_items_in_cart and woocommerce_cart_hash while the cart has items', async () => {
      expect(cookie('woocommerce_items_in_cart')).to.equal(undefined);
      const res = await add({ product_id: BEANIE });
      expect(cookie('woocommerce_items_in_cart')).to.equal('1');
      expect(cookie('woocommerce_cart_hash')).to.equal(res.cart_hash);
      const key = (await state()).items[0].key;
      await postJson(wcAjax('remove_from_cart'), { cart_item_key: key });
      expect(cookie('woocommerce_items_in_cart')).to.equal(undefined);
      expect(cookie('woocommerce_cart_hash')).to.equal(undefined);
    });

    it('keeps the session cookie HttpOnly', () => {
      expect(document.cookie).to.not.include('wp_woocommerce_session_');
    });
  });

  describe('remove_from_cart and get_refreshed_fragments', () => {
    it('removes a line and shows the empty mini-cart', async () => {
      await add({ product_id: BEANIE });
      const key = (await state()).items[0].key;
      const res = await postJson<CartResponse>(wcAjax('remove_from_cart'), { cart_item_key: key });
      expect(res.cart_hash).to.equal('');
      const doc = parse(res.fragments['div.widget_shopping_cart_content']);
      expect(doc.querySelector('p.woocommerce-mini-cart__empty-message')!.textContent).to.equal(
        'No products in the cart.',
      );
      expect(doc.querySelector('li')).to.equal(null);
    });

    it("answers wp_send_json_error()'s shape for an unknown or missing key", async () => {
      expect(await postJson(wcAjax('remove_from_cart'), { cart_item_key: 'nope' })).to.deep.equal({
        success: false,
      });
      expect(await postJson(wcAjax('remove_from_cart'), {})).to.deep.equal({ success: false });
    });

    it('refreshes fragments with the current hash', async () => {
      const empty = await postJson<CartResponse>(wcAjax('get_refreshed_fragments'), { time: Date.now() });
      expect(empty.cart_hash).to.equal('');
      const added = await add({ product_id: BELT });
      const res = await postJson<CartResponse>(wcAjax('get_refreshed_fragments'), { time: Date.now() });
      expect(res.cart_hash).to.equal(added.cart_hash);
      expect(res.fragments).to.deep.equal(added.fragments);
    });

    it('answers get_variation with the variation or false', async () => {
      const res = await fetch(
        `${wcAjax('get_variation')}&product_id=${HOODIE}&attribute_pa_color=red&attribute_pa_size=medium`,
      );
      const v = await res.json();
      expect(v).to.include({
        variation_id: HOODIE_RED_MEDIUM,
        is_in_stock: true,
        max_qty: 2,
        display_price: 42,
      });
      const none = await postJson(wcAjax('get_variation'), {
        product_id: HOODIE,
        attribute_pa_color: 'purple',
      });
      expect(none).to.equal(false);
    });
  });

  describe('admin-ajax actions', () => {
    const adminAjax = '/wp-admin/admin-ajax.php';

    it('alters a line quantity and removes it at 0, like Flatsome', async () => {
      await add({ product_id: BELT });
      const key = (await state()).items[0].key;
      const item = await postJson<Record<string, unknown>>(adminAjax, {
        action: 'flatsome_ajax_cart_item_alter_quantity',
        quantity: 3,
        cart_item_key: key,
      });
      expect(item).to.include({ key, product_id: BELT, quantity: 3 });
      expect((await state()).items[0].quantity).to.equal(3);
      const gone = await postJson(adminAjax, {
        action: 'flatsome_ajax_cart_item_alter_quantity',
        quantity: 0,
        cart_item_key: key,
      });
      expect(gone).to.deep.equal([]);
      expect((await state()).items).to.deep.equal([]);
      expect(
        await postJson(adminAjax, { action: 'flatsome_ajax_cart_item_alter_quantity', quantity: 1 }),
      ).to.deep.equal({
        success: false,
      });
    });

    it('answers quick view HTML for a product and nothing for an unknown one', async () => {
      const res = await post(adminAjax, { action: 'flatsome_quickview', product: HOODIE });
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      const doc = parse(await res.text());
      expect(doc.querySelectorAll('.product-gallery img')).to.have.length(3);
      expect(doc.querySelector('h1.product-title')!.textContent).to.equal('Hoodie');
      expect(doc.querySelector('.price-wrapper .woocommerce-Price-amount')).to.exist;
      expect(doc.querySelector('.product-short-description')!.textContent).to.not.equal('');
      const form = doc.querySelector('form.variations_form.cart')!;
      expect(form.getAttribute('data-product_id')).to.equal(String(HOODIE));
      expect(JSON.parse(form.getAttribute('data-product_variations')!)).to.have.length(9);
      expect(doc.querySelector('[style]')).to.equal(null);
      const unknown = await post(adminAjax, { action: 'flatsome_quickview', product: 999999 });
      expect(await unknown.text()).to.equal('');
    });

    it('searches names and SKUs case-insensitively', async () => {
      const res = await fetch(`${adminAjax}?action=flatsome_ajax_search_products&query=HOODIE`);
      const { suggestions } = await res.json();
      expect(suggestions.length).to.be.within(2, 10);
      for (const s of suggestions) {
        expect(s.type).to.equal('Product');
        expect(s.value.toLowerCase()).to.include('hoodie');
        expect(s.url).to.match(/^\/product\/[a-z0-9-]+\/$/);
        expect(s.img).to.match(/^\/shop-images\/.+-thumb\.svg$/);
        expect(s.price).to.include('woocommerce-Price-amount');
      }
      const bySku = await (
        await fetch(`${adminAjax}?action=flatsome_ajax_search_products&query=woo-belt`)
      ).json();
      expect(bySku.suggestions.map((s: { id: number }) => s.id)).to.deep.equal([BELT]);
    });

    it('filters by category slug and returns the no-results entry', async () => {
      const inHoodies = await (
        await fetch(`${adminAjax}?action=flatsome_ajax_search_products&query=logo&product_cat=hoodies`)
      ).json();
      expect(inHoodies.suggestions.map((s: { value: string }) => s.value)).to.deep.equal([
        'Hoodie with Logo',
      ]);
      const none = await (
        await fetch(`${adminAjax}?action=flatsome_ajax_search_products&query=logo&product_cat=music`)
      ).json();
      expect(none).to.deep.equal({ suggestions: [{ id: -1, value: 'No products found.', url: '' }] });
    });

    it("answers WordPress's 0 / 400 for an unknown action", async () => {
      const res = await post(adminAjax, { action: 'nope' });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.equal('0');
    });
  });

  describe('mode (issue 11)', () => {
    const mode = async () => ((await (await fetch('/__shop/mode')).json()) as { mode: string }).mode;
    const setMode = (m: unknown) =>
      fetch('/__shop/mode', { method: 'POST', body: JSON.stringify({ mode: m }) });
    after(() => setMode('tidy'));

    it('is tidy until switched, survives reset, and refuses unknown manners', async () => {
      await setMode('tidy');
      expect(await mode()).to.equal('tidy');
      expect((await setMode('unkind')).status).to.equal(200);
      await fetch('/__shop/reset', { method: 'POST' });
      expect(await mode()).to.equal('unkind');
      expect((await setMode('rude')).status).to.equal(400);
      expect(await mode()).to.equal('unkind');
      await fetch('/shop/?shop_mode=tidy');
      expect(await mode()).to.equal('tidy');
    });
  });

  describe('faults', () => {
    it('answers HTTP 500', async () => {
      await fault({ endpoint: 'add_to_cart', status: 500 });
      const res = await post(wcAjax('add_to_cart'), { product_id: BEANIE });
      expect(res.status).to.equal(500);
      expect((await state()).items).to.deep.equal([]);
    });

    it('answers malformed JSON with status 200', async () => {
      await fault({ endpoint: 'get_refreshed_fragments', malformed: true });
      const res = await post(wcAjax('get_refreshed_fragments'), { time: 1 });
      expect(res.status).to.equal(200);
      let failed = false;
      await res.json().catch(() => {
        failed = true;
      });
      expect(failed).to.equal(true);
    });

    it('delays the real answer', async () => {
      await fault({ endpoint: 'remove_from_cart', delayMs: 400 });
      const start = performance.now();
      const res = await postJson(wcAjax('remove_from_cart'), { cart_item_key: 'x' });
      expect(performance.now() - start).to.be.at.least(350);
      expect(res).to.deep.equal({ success: false });
    });

    it('hangs until the client gives up', async () => {
      await fault({ endpoint: 'flatsome_ajax_search_products', hang: true });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      let error: unknown;
      await fetch('/wp-admin/admin-ajax.php?action=flatsome_ajax_search_products&query=belt', {
        signal: controller.signal,
      }).catch((e) => {
        error = e;
      });
      expect((error as Error)?.name).to.equal('AbortError');
    });

    it('answers a given body, counts down times and matches "*"', async () => {
      await fault({ endpoint: '*', body: { error: true, product_url: '/elsewhere/' }, times: 1 });
      expect(await add({ product_id: BEANIE })).to.deep.equal({ error: true, product_url: '/elsewhere/' });
      expect(await add({ product_id: BEANIE })).to.have.property('cart_hash');
    });

    it('is cleared by DELETE /__shop/faults and by reset', async () => {
      await fault({ endpoint: 'add_to_cart', status: 500 });
      expect((await fetch('/__shop/faults', { method: 'DELETE' })).status).to.equal(204);
      expect((await post(wcAjax('add_to_cart'), { product_id: BEANIE })).status).to.equal(200);
      await fault({ endpoint: 'add_to_cart', status: 500 });
      await fetch('/__shop/reset', { method: 'POST' });
      expect((await post(wcAjax('add_to_cart'), { product_id: BEANIE })).status).to.equal(200);
    });

    it('applies only to the session that registered it', async () => {
      await fault({ endpoint: '*', status: 500 });
      // Without cookies the request belongs to no session, so the fault must not touch it.
      const res = await post(wcAjax('get_refreshed_fragments'), { time: 1 }, { credentials: 'omit' });
      expect(res.status).to.equal(200);
      expect((await post(wcAjax('get_refreshed_fragments'), { time: 1 })).status).to.equal(500);
    });

    it('rejects an invalid fault', async () => {
      expect((await fetch('/__shop/faults', { method: 'POST', body: '{nope' })).status).to.equal(400);
      expect((await fault({ status: 500 })).status).to.equal(400);
    });
  });

  describe('test API', () => {
    it('logs this session’s shop requests', async () => {
      await add({ product_id: BEANIE, quantity: 1 });
      await fetch('/wp-admin/admin-ajax.php?action=flatsome_ajax_search_products&query=cap');
      const log = await (await fetch('/__shop/log')).json();
      expect(log.map((e: { endpoint: string }) => e.endpoint)).to.deep.equal([
        'add_to_cart',
        'flatsome_ajax_search_products',
      ]);
      expect(log[0]).to.include({ method: 'POST' });
      expect(log[0].body).to.deep.equal({ product_id: String(BEANIE), quantity: '1' });
      expect(log[1].query).to.include({ query: 'cap' });
      expect(log[0].at).to.be.a('number');
    });

    it('serves the catalog', async () => {
      const catalog = await (await fetch('/__shop/catalog')).json();
      expect(catalog.products.length).to.be.at.least(60);
      expect(catalog.products.filter((p: { type: string }) => p.type === 'variable').length).to.be.at.least(
        10,
      );
      expect(catalog.categories.map((c: { slug: string }) => c.slug)).to.include('hoodies');
    });
  });

  describe('robustness', () => {
    it('refuses bodies over 1 MB and keeps serving', async () => {
      const res = await fetch(wcAjax('add_to_cart'), {
        method: 'POST',
        body: 'a'.repeat(1024 * 1024 + 10),
      }).catch(() => undefined);
      if (res) expect(res.status).to.equal(413);
      expect((await post(wcAjax('get_refreshed_fragments'), { time: 1 })).status).to.equal(200);
    });

    it('survives garbage bodies', async () => {
      const res = await fetch(wcAjax('add_to_cart'), { method: 'POST', body: '%%%&&&==\u0000' });
      expect(await res.json()).to.have.property('error', true);
    });
  });

  describe('pages and images', () => {
    it('serves the shop page with the strict CSP and WooCommerce loop markup', async () => {
      const res = await fetch('/shop/');
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      expect(res.headers.get('content-security-policy')).to.equal(CSP);
      const html = await res.text();
      const doc = parse(html);
      expect(doc.querySelectorAll('ul.products > li.product').length).to.be.at.least(60);
      const button = doc.querySelector(
        `a.button.add_to_cart_button.ajax_add_to_cart[data-product_id="${BEANIE}"]`,
      )!;
      expect(button.getAttribute('href')).to.equal(`?add-to-cart=${BEANIE}`);
      expect(button.getAttribute('rel')).to.equal('nofollow');
      expect(button.getAttribute('data-quantity')).to.equal('1');
      expect(button.getAttribute('data-product_sku')).to.equal('woo-beanie');
      expect(button.getAttribute('aria-label')).to.equal('Add to cart: “Beanie”');
      const variable = doc.querySelector(`a.button[data-product_id="${HOODIE}"]`)!;
      expect(variable.classList.contains('ajax_add_to_cart')).to.equal(false);
      expect(variable.getAttribute('href')).to.equal('/product/hoodie/');
      // No inline script or style: only the JSON config and the module autoloader.
      expect(doc.querySelector('style, [style]')).to.equal(null);
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts.map((s) => s.type)).to.deep.equal(['application/json', 'module']);
      expect(scripts[1].getAttribute('src')).to.equal('/elements/autoloader.ts');
      const config = JSON.parse(doc.getElementById('shop-config')!.textContent!);
      expect(config.wc_add_to_cart_params.wc_ajax_url).to.equal('/?wc-ajax=%%endpoint%%');
      expect(config.wc_cart_fragments_params.request_timeout).to.equal('5000');
      expect(doc.querySelector('shop-live-search form.searchform input[name="s"]')).to.exist;
      expect(doc.querySelector('shop-live-search select[name="product_cat"]')).to.exist;
      expect(doc.querySelector('shop-live-search input[name="post_type"][value="product"]')).to.exist;
      expect(doc.querySelector('shop-mini-cart div.widget_shopping_cart_content')).to.exist;
    });

    it('serves product, cart and checkout pages with the CSP', async () => {
      await add({ product_id: BELT });
      for (const path of [
        '/product/hoodie/',
        '/product/belt/',
        '/cart/',
        '/checkout/',
        '/?s=cap&post_type=product',
      ]) {
        const res = await fetch(path);
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('content-security-policy'), path).to.equal(CSP);
        const doc = parse(await res.text());
        expect(doc.querySelector('.widget_shopping_cart_content li.mini_cart_item'), path).to.exist;
      }
      const cart = parse(await (await fetch('/cart/')).text());
      expect(
        JSON.parse(cart.getElementById('shop-config')!.textContent!).wc_add_to_cart_params.is_cart,
      ).to.equal('1');
      const product = parse(await (await fetch('/product/belt/')).text());
      expect(product.querySelector(`form.cart button[name="add-to-cart"][value="${BELT}"]`)).to.exist;
    });

    it('adds with a plain GET ?add-to-cart and redirects back', async () => {
      const res = await fetch(`/shop/?add-to-cart=${BEANIE}`);
      expect(res.redirected).to.equal(true);
      expect(new URL(res.url).pathname + new URL(res.url).search).to.equal('/shop/');
      expect(parse(await res.text()).querySelector('.woocommerce-message')!.textContent).to.include(
        '“Beanie” has been added',
      );
      expect((await state()).items.map((i) => i.productId)).to.deep.equal([BEANIE]);
    });

    it('generates SVG images with caching headers', async () => {
      for (const path of [
        '/shop-images/hoodie.svg',
        '/shop-images/hoodie-thumb.svg',
        '/shop-images/hoodie-2.svg',
      ]) {
        const res = await fetch(path);
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^image\/svg\+xml/);
        expect(res.headers.get('cache-control')).to.include('max-age');
        expect(await res.text()).to.match(/^<svg /);
      }
      expect((await fetch('/shop-images/no-such-product.svg')).status).to.equal(404);
    });
  });
});
