// Browser tests of the demo shop's unkind manner (issue 11 "The demo shop as unkind as a real
// one", examples/server/unkind.mjs): it answers as a real WooCommerce + Flatsome shop with a theme
// snippet does, while the tidy manner keeps answering exactly as before.
import { expect, waitUntil } from '@open-wc/testing';

const BEANIE = 101; // simple, $18 on sale
const BELT = 104; // simple, $65
const VINTAGE_CAP = 113; // out of stock
const HOODIE = 201; // variable
const HOODIE_BLUE_MEDIUM = 20102;
const HOODIE_GREEN_LARGE = 20109; // out of stock
const PARAMS_PATH = '/wp-content/plugins/woocommerce/assets/js/frontend/params.js';

interface CartResponse {
  fragments: Record<string, unknown>;
  cart_hash: string;
}
interface ShopState {
  items: { key: string; productId: number; variationId: number; quantity: number }[];
  hash: string;
}

const wcAjax = (endpoint: string) => `/?wc-ajax=${endpoint}`;
const post = (url: string, fields: Record<string, string | number>, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    ...init,
  });
async function postJson<T>(url: string, fields: Record<string, string | number>): Promise<T> {
  const res = await post(url, fields);
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^application\/json/);
  return res.json() as Promise<T>;
}
const add = (fields: Record<string, string | number>) =>
  postJson<CartResponse & { error?: boolean; product_url?: unknown }>(wcAjax('add_to_cart'), fields);
const state = async (): Promise<ShopState> => (await fetch('/__shop/state')).json();
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const setMode = async (body: Record<string, unknown>) => {
  const res = await fetch('/__shop/mode', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).to.equal(200);
  return res.json() as Promise<{ mode: string; slowAddMs: number }>;
};
const miniCartDoc = (res: CartResponse) => parse(res.fragments['div.widget_shopping_cart_content'] as string);

/** The `var name = {...};` lines of the params script, parsed. */
function globalsOf(script: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const line of script.trim().split('\n')) {
    const m = /^var ([A-Za-z_]+) = (\{.*\});$/.exec(line);
    expect(m, line).to.exist;
    out[m![1]] = JSON.parse(m![2]);
  }
  return out;
}

describe('demo shop, unkind manner', () => {
  before(() => setMode({ mode: 'unkind' }));
  after(() => setMode({ mode: 'tidy' }));
  beforeEach(async () => {
    expect((await fetch('/__shop/reset', { method: 'POST' })).status).to.equal(204);
  });

  describe('add_to_cart as WC_AJAX::add_to_cart', () => {
    it('reads only product_id and quantity: a variable product with attributes or variation_id fails', async () => {
      const withAttributes = await add({
        product_id: HOODIE,
        quantity: 1,
        attribute_pa_color: 'blue',
        attribute_pa_size: 'small',
      });
      expect(withAttributes).to.deep.equal({ error: true, product_url: '/product/hoodie/' });
      const withVariationId = await add({ product_id: HOODIE, variation_id: HOODIE_BLUE_MEDIUM });
      expect(withVariationId).to.deep.equal({ error: true, product_url: '/product/hoodie/' });
      expect((await state()).items).to.deep.equal([]);
    });

    it('adds a variation posted as product_id, with the variation’s own attributes', async () => {
      const res = await add({ product_id: HOODIE_BLUE_MEDIUM, quantity: 2, variation_id: 99 });
      expect(res.cart_hash).to.match(/^[0-9a-f]{32}$/);
      const items = (await state()).items;
      expect(items.map((i) => [i.productId, i.variationId, i.quantity])).to.deep.equal([
        [HOODIE, HOODIE_BLUE_MEDIUM, 2],
      ]);
    });

    it('answers an empty 200 body when product_id is missing (wp_die after an early return)', async () => {
      for (const fields of [{}, { 'add-to-cart': BEANIE, quantity: 1 }] as Record<string, number>[]) {
        const res = await post(wcAjax('add_to_cart'), fields);
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^text\/html/);
        expect(await res.text()).to.equal('');
      }
      expect((await state()).items).to.deep.equal([]);
    });

    it('answers product_url false for a product it cannot find', async () => {
      const raw = await (await post(wcAjax('add_to_cart'), { product_id: 999999 })).text();
      expect(raw).to.equal('{"error":true,"product_url":false}');
      expect(await add({ product_id: 'abc' })).to.deep.equal({ error: true, product_url: false });
      expect(await add({ product_id: '' })).to.deep.equal({ error: true, product_url: false });
    });

    it('keeps the product page as product_url for a product it cannot add', async () => {
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
    });

    it('treats an empty or "0" quantity as 1, like empty() in PHP', async () => {
      await add({ product_id: BELT, quantity: 0 });
      await add({ product_id: BEANIE, quantity: '' });
      expect((await state()).items.map((i) => i.quantity)).to.deep.equal([1, 1]);
    });
  });

  describe('fragments', () => {
    it('carry the theme snippet’s integer count in add, refresh and remove replies', async () => {
      const added = await add({ product_id: BEANIE, quantity: 3 });
      expect(added.fragments['span.cart-count']).to.equal(3);
      const refreshed = await postJson<CartResponse>(wcAjax('get_refreshed_fragments'), { time: 1 });
      expect(refreshed.fragments['span.cart-count']).to.equal(3);
      const key = (await state()).items[0].key;
      const raw = await (await post(wcAjax('remove_from_cart'), { cart_item_key: key })).text();
      expect(raw).to.contain('"span.cart-count":0');
      for (const [selector, value] of Object.entries(refreshed.fragments)) {
        if (selector !== 'span.cart-count') expect(value, selector).to.be.a('string');
      }
    });

    it('hold Flatsome’s mini-cart lines: a quantity input and the line subtotal, no unit price', async () => {
      const res = await add({ product_id: BEANIE, quantity: 2 });
      const doc = miniCartDoc(res);
      const item = doc.querySelector(
        'div.widget_shopping_cart_content > ul.woocommerce-mini-cart > li.woocommerce-mini-cart-item.mini_cart_item',
      )!;
      expect(item).to.exist;
      const remove = item.querySelector<HTMLAnchorElement>('a.remove.remove_from_cart_button')!;
      const key = (await state()).items[0].key;
      expect(remove.dataset.product_id).to.equal(String(BEANIE));
      expect(remove.dataset.cart_item_key).to.equal(key);
      expect(remove.dataset.product_sku).to.equal('woo-beanie');
      expect(remove.getAttribute('aria-label')).to.equal('Remove Beanie from cart');
      expect(remove.getAttribute('href')).to.match(new RegExp(`^/cart/\\?remove_item=${key}&_wpnonce=\\w+$`));
      const qty = item.querySelector<HTMLInputElement>(
        '.ux-mini-cart-qty > .ux-quantity.quantity.buttons_added > input.input-text.qty.text',
      )!;
      expect(qty.name).to.equal(`cart[${key}][qty]`);
      expect([qty.type, qty.value, qty.min, qty.step]).to.deep.equal(['number', '2', '0', '1']);
      expect(item.querySelector(`label[for="${qty.id}"]`)!.textContent).to.equal('Beanie quantity');
      expect(
        item.querySelectorAll(
          '.ux-quantity input[type="button"].minus, .ux-quantity input[type="button"].plus',
        ),
      ).to.have.length(2);
      expect(item.querySelector('.ux-mini-cart-qty .product-subtotal .amount')!.textContent).to.equal(
        '$36.00',
      );
      // No "2 × $18.00": WooCommerce's span.quantity is replaced, so no per-line unit price.
      expect(item.querySelector('span.quantity')).to.equal(null);
      const qtyPart = item.querySelector('.ux-mini-cart-qty')!.textContent!;
      expect(qtyPart).not.to.contain('×');
      expect(qtyPart).not.to.contain('$18.00');
      expect(doc.querySelector('.ux-mini-cart-footer p.woocommerce-mini-cart__total')!.textContent).to.equal(
        'Subtotal: $36.00',
      );
      expect(
        doc.querySelectorAll('.ux-mini-cart-footer p.woocommerce-mini-cart__buttons a.button'),
      ).to.have.length(2);
    });

    it('show Flatsome’s empty mini-cart', async () => {
      const res = await postJson<CartResponse>(wcAjax('get_refreshed_fragments'), { time: 1 });
      const doc = miniCartDoc(res);
      expect(
        doc.querySelector('.ux-mini-cart-empty p.woocommerce-mini-cart__empty-message')!.textContent,
      ).to.equal('No products in the cart.');
      expect(doc.querySelector('.ux-mini-cart-empty a.wc-backward')!.getAttribute('href')).to.equal('/shop/');
      expect(res.fragments['span.cart-count']).to.equal(0);
    });
  });

  describe('slow adds on demand', () => {
    afterEach(() => setMode({ mode: 'unkind' }));

    it('takes {"slowAddMs": true} as 6 s, a number as that many ms, and resets on a mode change', async () => {
      expect(await setMode({ mode: 'unkind', slowAddMs: true })).to.deep.equal({
        mode: 'unkind',
        slowAddMs: 6000,
      });
      expect(await (await fetch('/__shop/mode')).json()).to.deep.equal({ mode: 'unkind', slowAddMs: 6000 });
      expect((await setMode({ mode: 'unkind', slowAddMs: 250 })).slowAddMs).to.equal(250);
      expect((await setMode({ mode: 'unkind' })).slowAddMs).to.equal(0);
      expect((await setMode({ mode: 'tidy', slowAddMs: 250 })).slowAddMs).to.equal(0);
      await setMode({ mode: 'unkind' });
    });

    it('holds the add while other requests answer with the cart as it was', async () => {
      await setMode({ mode: 'unkind', slowAddMs: 1500 });
      let settled = false;
      const pending = add({ product_id: BELT }).then((res) => {
        settled = true;
        return res;
      });
      // Meanwhile the shop answers a refresh at once, still without the product.
      const during = await postJson<CartResponse>(wcAjax('get_refreshed_fragments'), { time: 1 });
      expect(settled, 'the add answered before the refresh').to.equal(false);
      expect(during.cart_hash).to.equal('');
      const res = await pending;
      expect(res.fragments['span.cart-count']).to.equal(1);
      expect((await state()).items.map((i) => i.productId)).to.deep.equal([BELT]);
    });
    it('adds even when the client gave up waiting (PHP carries on, the session is saved at the end)', async () => {
      await setMode({ mode: 'unkind', slowAddMs: 800 });
      const controller = new AbortController();
      const pending = post(wcAjax('add_to_cart'), { product_id: BEANIE }, { signal: controller.signal });
      expect((await state()).items).to.deep.equal([]);
      controller.abort();
      await pending.catch(() => undefined);
      await waitUntil(async () => (await state()).items.length === 1, 'the aborted add never landed', {
        timeout: 5000,
      });
      expect((await state()).items.map((i) => i.productId)).to.deep.equal([BEANIE]);
    });
  });

  describe('pages', () => {
    it('print WooCommerce’s globals from an external script instead of the JSON config', async () => {
      const doc = parse(await (await fetch('/shop/')).text());
      expect(doc.getElementById('shop-config')).to.equal(null);
      const scripts = [...doc.querySelectorAll('script')];
      expect(
        scripts.every((s) => s.hasAttribute('src')),
        'no inline script',
      ).to.equal(true);
      const params = scripts.find((s) => s.getAttribute('src')!.startsWith(`${PARAMS_PATH}?`))!;
      expect(params, 'the params script').to.exist;
      expect(params.type).to.equal('');
      expect(scripts.indexOf(params)).to.be.below(
        scripts.findIndex((s) => s.getAttribute('src') === '/elements/autoloader.ts'),
      );
      const res = await fetch(params.getAttribute('src')!);
      expect(res.headers.get('content-type')).to.match(/^text\/javascript/);
      const text = await res.text();
      expect(text).to.contain('"ajax_url":"\\/wp-admin\\/admin-ajax.php"'); // wp_json_encode escapes slashes
      const globals = globalsOf(text);
      expect(globals.woocommerce_params).to.deep.equal({
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        i18n_password_show: 'Show password',
        i18n_password_hide: 'Hide password',
      });
      expect(globals.wc_add_to_cart_params).to.include({
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        cart_url: '/cart/',
        is_cart: '',
        cart_redirect_after_add: 'no',
      });
      expect(globals.wc_cart_fragments_params).to.deep.equal({
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
        cart_hash_key: 'wc_cart_hash_demo',
        fragment_name: 'wc_fragments_demo',
        request_timeout: '5000',
      });
      expect(globals.flatsomeVars).to.have.nested.property('options.search_result_latency', '0');
      expect(globals).not.to.have.property('wc_single_product_params');
    });

    it('print the cart and product pages’ own parameters', async () => {
      const srcOf = async (path: string) =>
        parse(await (await fetch(path)).text())
          .querySelector(`script[src^="${PARAMS_PATH}?"]`)!
          .getAttribute('src')!;
      const cart = globalsOf(await (await fetch(await srcOf('/cart/'))).text());
      expect(cart.wc_add_to_cart_params.is_cart).to.equal('1');
      const product = globalsOf(await (await fetch(await srcOf('/product/belt/'))).text());
      expect(product.wc_single_product_params).to.deep.equal({
        i18n_required_rating_text: 'Please select a rating',
        review_rating_required: 'yes',
      });
    });

    it('define the globals on the page under the strict CSP, with Flatsome’s mini-cart in the header', async () => {
      await add({ product_id: BEANIE });
      const frame = document.createElement('iframe');
      frame.src = '/cart/';
      document.body.append(frame);
      try {
        await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        const win = frame.contentWindow as Window & {
          woocommerce_params?: { wc_ajax_url?: string };
          wc_add_to_cart_params?: { is_cart?: string };
          wc_cart_fragments_params?: { fragment_name?: string };
        };
        await waitUntil(() => win.woocommerce_params, 'woocommerce_params never defined');
        expect(win.woocommerce_params!.wc_ajax_url).to.equal('/?wc-ajax=%%endpoint%%');
        expect(win.wc_add_to_cart_params!.is_cart).to.equal('1');
        expect(win.wc_cart_fragments_params!.fragment_name).to.equal('wc_fragments_demo');
        const header = frame.contentDocument!.querySelector('shop-mini-cart .widget_shopping_cart_content')!;
        expect(header.querySelector('li.mini_cart_item .ux-mini-cart-qty input.qty')).to.exist;
      } finally {
        frame.remove();
      }
    });

    it('?shop_mode=unkind makes the very first page unkind (a session without a cookie yet)', async () => {
      const res = await fetch('/shop/?shop_mode=unkind', { credentials: 'omit' });
      const doc = parse(await res.text());
      expect(doc.getElementById('shop-config')).to.equal(null);
      expect(doc.querySelector(`script[src^="${PARAMS_PATH}?"]`)).to.exist;
    });
  });
});

describe('demo shop, tidy manner unchanged', () => {
  before(async () => {
    // From unkind back to tidy, as eachShopMode() does after its unkind suite.
    await setMode({ mode: 'unkind', slowAddMs: 3000 });
    await setMode({ mode: 'tidy' });
  });
  beforeEach(async () => {
    await fetch('/__shop/reset', { method: 'POST' });
  });

  it('adds a variation by its id (not by attributes alone) and answers JSON errors', async () => {
    await add({ product_id: HOODIE, attribute_pa_color: 'blue', attribute_pa_size: 'small' });
    await add({
      product_id: HOODIE,
      variation_id: 20101,
      attribute_pa_color: 'blue',
      attribute_pa_size: 'small',
    });
    expect((await state()).items.map((i) => i.variationId)).to.deep.equal([20101]);
    expect(await add({ product_id: 999999 })).to.deep.equal({ error: true, product_url: '/shop/' });
    expect(await add({})).to.have.property('error', true);
  });

  it('answers string fragments with WooCommerce’s own mini-cart lines, without delay', async () => {
    const res = await add({ product_id: BEANIE, quantity: 2 });
    for (const value of Object.values(res.fragments)) expect(value).to.be.a('string');
    expect(
      parse(res.fragments['span.cart-count'] as string).querySelector('span.cart-count')!.textContent,
    ).to.equal('2');
    const item = miniCartDoc(res).querySelector('li.mini_cart_item')!;
    expect(item.querySelector('span.quantity')!.textContent).to.equal('2 × $18.00');
    expect(item.querySelector('.ux-quantity')).to.equal(null);
  });

  it('prints the JSON page config and no params script', async () => {
    const doc = parse(await (await fetch('/shop/')).text());
    expect(doc.getElementById('shop-config')).to.exist;
    expect(doc.querySelector(`script[src^="${PARAMS_PATH}"]`)).to.equal(null);
    expect([...doc.querySelectorAll('script')].map((s) => s.type)).to.deep.equal([
      'application/json',
      'module',
    ]);
  });
});
