// Browser tests of the demo shop's Store API (issue 18, examples/server/store-api.mjs): the wire
// format WooCommerce's src/StoreApi answers with, over real fetch calls.
import { expect } from '@open-wc/testing';

const BASE = '/wp-json/wc/store/v1/';
const BEANIE = 101;
const VINTAGE_CAP = 113;
const SUNGLASSES = 109; // stock 2
const HOODIE = 201;

interface StoreCart {
  items: { key: string; id: number; quantity: number; name: string; prices: Record<string, unknown> }[];
  items_count: number;
  totals: Record<string, unknown>;
  errors: unknown[];
}

const setMode = (mode: 'tidy' | 'unkind') =>
  fetch('/__shop/mode', { method: 'POST', body: JSON.stringify({ mode }) });
const state = async () => (await fetch('/__shop/state')).json();

/** GET /cart, which hands out the nonce and the Cart-Token. */
async function readCart() {
  const res = await fetch(`${BASE}cart`);
  return { res, cart: (await res.json()) as StoreCart };
}
const write = (route: string, body: unknown, headers: Record<string, string>) =>
  fetch(BASE + route, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('demo shop: Store API', () => {
  beforeEach(async () => {
    await fetch('/__shop/reset', { method: 'POST' });
  });
  after(() => setMode('tidy'));

  it('answers the cart with CartSchema fields, minor-unit totals and its headers', async () => {
    const { res, cart } = await readCart();
    expect(res.status).to.equal(200);
    expect(res.headers.get('Content-Type')).to.match(/^application\/json/);
    expect(res.headers.get('Nonce')).to.match(/^[0-9a-f]{10}$/);
    expect(res.headers.get('Cart-Token')).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.get('User-ID')).to.equal('0');
    expect(cart).to.include.keys(
      'items',
      'coupons',
      'fees',
      'totals',
      'items_count',
      'errors',
      'needs_shipping',
    );
    expect(cart.totals).to.include({
      total_price: '0',
      currency_code: 'USD',
      currency_minor_unit: 2,
      currency_prefix: '$',
    });
  });

  it('refuses a write without a nonce (401) and with a wrong one (403), and changes nothing', async () => {
    const missing = await write('cart/add-item', { id: BEANIE, quantity: 1 }, {});
    expect(missing.status).to.equal(401);
    const body = await missing.json();
    expect(body).to.deep.equal({
      code: 'woocommerce_rest_missing_nonce',
      message: 'Missing the Nonce header. This endpoint requires a valid nonce.',
      data: { status: 401 },
    });
    expect(missing.headers.get('Nonce')).to.match(/^[0-9a-f]{10}$/);
    const wrong = await write('cart/add-item', { id: BEANIE, quantity: 1 }, { Nonce: 'nope' });
    expect([wrong.status, (await wrong.json()).code]).to.deep.equal([403, 'woocommerce_rest_invalid_nonce']);
    expect((await state()).items).to.deep.equal([]);
  });

  it('adds with the nonce (201 + cart) and with the Cart-Token alone; a bad token is no token', async () => {
    const { res } = await readCart();
    const added = await write(
      'cart/add-item',
      { id: BEANIE, quantity: 2 },
      { Nonce: res.headers.get('Nonce')! },
    );
    expect(added.status).to.equal(201);
    const cart = (await added.json()) as StoreCart;
    expect(cart.items_count).to.equal(2);
    expect(cart.items[0]).to.deep.include({ id: BEANIE, quantity: 2, name: 'Beanie' });
    expect(cart.items[0].prices).to.include({ price: '1800', regular_price: '2000', currency_minor_unit: 2 });
    const byToken = await write(
      'cart/add-item',
      { id: BEANIE, quantity: 1 },
      { 'Cart-Token': res.headers.get('Cart-Token')! },
    );
    expect(byToken.status).to.equal(201);
    expect(((await byToken.json()) as StoreCart).items_count).to.equal(3);
    const forged = `${res.headers.get('Cart-Token')!.slice(0, -4)}AAAA`;
    expect((await write('cart/add-item', { id: BEANIE }, { 'Cart-Token': forged })).status).to.equal(401);
  });

  it('answers add errors with WooCommerce codes and HTML-escaped messages', async () => {
    const nonce = (await readCart()).res.headers.get('Nonce')!;
    const cases: [unknown, number, string, string][] = [
      [
        { id: VINTAGE_CAP },
        400,
        'woocommerce_rest_product_out_of_stock',
        'You cannot add &quot;Vintage Cap&quot; to the cart because the product is out of stock.',
      ],
      [
        // CartController::get_variation_id_from_variation_data: no attribute, no variation.
        { id: HOODIE },
        400,
        'woocommerce_rest_missing_attributes',
        'Missing attributes for variable product.',
      ],
      [
        { id: 99999 },
        400,
        'woocommerce_rest_cart_invalid_product',
        'This product cannot be added to the cart.',
      ],
      [
        { id: SUNGLASSES, quantity: 3 },
        400,
        'woocommerce_rest_product_partially_out_of_stock',
        'You cannot add that amount of &quot;Sunglasses&quot; to the cart because there is not enough stock (2 remaining).',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await write('cart/add-item', body, { Nonce: nonce });
      expect([res.status, await res.json()]).to.deep.equal([status, { code, message, data: { status } }]);
    }
  });

  it('updates and removes by key; an unknown key is a 409 with the cart', async () => {
    const nonce = (await readCart()).res.headers.get('Nonce')!;
    const { items } = (await (
      await write('cart/add-item', { id: BEANIE }, { Nonce: nonce })
    ).json()) as StoreCart;
    const updated = (await (
      await write('cart/update-item', { key: items[0].key, quantity: 4 }, { Nonce: nonce })
    ).json()) as StoreCart;
    expect(updated.items_count).to.equal(4);
    const sunglasses = (await (
      await write('cart/add-item', { id: SUNGLASSES }, { Nonce: nonce })
    ).json()) as StoreCart;
    const over = await write(
      'cart/update-item',
      { key: sunglasses.items.find((i) => i.id === SUNGLASSES)!.key, quantity: 3 },
      { Nonce: nonce },
    );
    expect([over.status, (await over.json()).code]).to.deep.equal([
      400,
      'woocommerce_rest_product_partially_out_of_stock',
    ]);
    await write(
      'cart/remove-item',
      { key: sunglasses.items.find((i) => i.id === SUNGLASSES)!.key },
      { Nonce: nonce },
    );
    const gone = await write('cart/remove-item', { key: 'f'.repeat(32) }, { Nonce: nonce });
    expect(gone.status).to.equal(409);
    const error = await gone.json();
    expect(error.code).to.equal('woocommerce_rest_cart_invalid_key');
    expect(error.data.status).to.equal(409);
    expect(error.data.cart.items_count).to.equal(4);
    const removed = (await (
      await write('cart/remove-item', { key: items[0].key }, { Nonce: nonce })
    ).json()) as StoreCart;
    expect(removed.items).to.deep.equal([]);
  });

  it('searches products (ProductSchema, X-WP-Total) and looks up a variation by id', async () => {
    const res = await fetch(`${BASE}products?search=hoodie&per_page=1`);
    // Hoodie, Hoodie with Logo, ... (ordered by title).
    const total = Number(res.headers.get('X-WP-Total'));
    expect(total).to.be.greaterThan(1);
    expect(res.headers.get('X-WP-TotalPages')).to.equal(String(total));
    const [first] = await res.json();
    expect(first).to.include({ id: HOODIE, name: 'Hoodie', type: 'variable', has_options: true });
    expect(first.prices.price_range).to.deep.equal({ min_amount: '4200', max_amount: '4500' });
    expect(first.variations[0]).to.deep.equal({
      id: 20101,
      attributes: [
        { name: 'Color', value: 'blue', key: 'attribute_pa_color' },
        { name: 'Size', value: 'small', key: 'attribute_pa_size' },
      ],
    });
    const variation = await (await fetch(`${BASE}products/20101`)).json();
    expect(variation).to.include({ id: 20101, parent: HOODIE, type: 'variation' });
    const missing = await fetch(`${BASE}products/5`);
    expect([missing.status, (await missing.json()).code]).to.deep.equal([
      404,
      'woocommerce_rest_product_invalid_id',
    ]);
    const route = await fetch(`/?rest_route=/wc/store/v1/products&search=belt`);
    expect((await route.json()).map((p: { name: string }) => p.name)).to.deep.equal(['Belt']);
  });

  it('in the unkind manner sends no Cart-Token and wants another nonce than a page printed', async () => {
    await setMode('unkind');
    const { res } = await readCart();
    expect(res.headers.get('Cart-Token')).to.equal(null);
    const nonce = res.headers.get('Nonce')!;
    expect((await write('cart/add-item', { id: BEANIE }, { Nonce: nonce })).status).to.equal(201);
    await setMode('tidy');
    const tidyNonce = (await readCart()).res.headers.get('Nonce');
    expect(tidyNonce).to.not.equal(nonce);
  });
});

const APRON = 213; // Color (global: pa_color) x "Gift wrap" (custom, any): 21301 Denim, 21302 Rust
/** User names of this run (the demo shop's users are shared by parallel browsers). */
const RUN = Math.random().toString(36).slice(2, 10);
let ALICE = '';
let tests = 0;
const login = (user = ALICE) =>
  fetch('/wp-login.php', {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ log: user, pwd: 'demo' }),
  });
const logout = () => fetch('/wp-login.php?action=logout', { redirect: 'manual' });

describe('demo shop: Store API as strict as WooCommerce', () => {
  beforeEach(async () => {
    tests += 1;
    ALICE = `alice-${RUN}-${tests}`; // a user's saved cart outlives a logout: one per test
    await logout();
    await fetch('/__shop/reset', { method: 'POST' });
  });
  afterEach(async () => {
    await logout();
    await setMode('tidy');
  });

  /** add-item of the Apron with a variation list; status and body. */
  async function addApron(variation: { attribute: string; value: string }[], id = APRON) {
    const nonce = (await readCart()).res.headers.get('Nonce')!;
    const res = await write('cart/add-item', { id, quantity: 1, variation }, { Nonce: nonce });
    return { status: res.status, body: await res.json() };
  }

  for (const mode of ['tidy', 'unkind'] as const) {
    it(`[${mode}] reads a custom attribute under its label or own name, never under its slug`, async () => {
      await setMode(mode);
      const denim = { attribute: 'pa_color', value: 'denim' };
      const slug = await addApron([denim, { attribute: 'gift-wrap', value: 'Yes' }]);
      expect(slug).to.deep.equal({
        status: 400,
        body: {
          code: 'woocommerce_rest_missing_variation_data',
          message: 'Missing variation data for variable product. Gift wrap is a required field',
          data: { status: 400 },
        },
      });
      const label = await addApron([denim, { attribute: 'Gift wrap', value: 'Yes' }]);
      expect(label.status).to.equal(201);
      const [line] = label.body.items;
      // CartItemSchema: the parent's title; the chosen attributes as label and value.
      expect(line).to.deep.include({ id: 21301, name: 'Apron' });
      expect(line.variation).to.deep.equal([
        { raw_attribute: 'attribute_pa_color', attribute: 'Color', value: 'Denim' },
        { raw_attribute: 'attribute_gift-wrap', attribute: 'Gift wrap', value: 'Yes' },
      ]);
      // The variation's own id takes the same names; another "any" value is another line.
      const byId = await addApron([{ attribute: 'Gift wrap', value: 'No' }], 21301);
      expect(
        byId.body.items.map((i: { variation: { value: string }[] }) => i.variation[1].value),
      ).to.deep.equal(['Yes', 'No']);
      // The field name and the lower-cased label: read since WooCommerce 8.x, not before (unkind).
      for (const attribute of ['attribute_gift-wrap', 'gift wrap']) {
        const res = await addApron([denim, { attribute, value: 'Yes' }]);
        expect([attribute, res.status]).to.deep.equal([attribute, mode === 'tidy' ? 201 : 400]);
      }
      const wrong = await addApron([denim, { attribute: 'Gift wrap', value: 'Maybe' }]);
      expect(wrong.body.code).to.equal('woocommerce_rest_invalid_variation_data');
    });
  }

  it('refuses the classic add of a variation whose "any" attribute has no value', async () => {
    const res = await fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      body: new URLSearchParams({ product_id: '21301', quantity: '1' }),
    });
    expect(await res.json()).to.deep.equal({ error: true, product_url: '/product/apron/' });
    const ok = await fetch('/?wc-ajax=add_to_cart', {
      method: 'POST',
      body: new URLSearchParams({
        product_id: String(APRON),
        variation_id: '21301',
        attribute_pa_color: 'denim',
        'attribute_gift-wrap': 'No',
      }),
    });
    expect(await ok.json()).to.have.property('fragments');
  });

  it('moves the guest cart to the user at login and deletes the guest session', async () => {
    const { res } = await readCart();
    const guestToken = res.headers.get('Cart-Token')!;
    await write('cart/add-item', { id: BEANIE }, { Nonce: res.headers.get('Nonce')! });
    expect((await login()).type).to.equal('opaqueredirect');
    const after = await readCart();
    expect(after.res.headers.get('User-ID')).to.match(/^[1-9]\d{8}$/);
    expect(after.cart.items.map((i) => i.id)).to.deep.equal([BEANIE]);
    // The guest's nonce is no longer valid; the guest's token names a deleted, empty session.
    expect(
      (await write('cart/add-item', { id: BEANIE }, { Nonce: res.headers.get('Nonce')! })).status,
    ).to.equal(403);
    const byToken = await fetch(`${BASE}cart`, { headers: { 'Cart-Token': guestToken } });
    expect(((await byToken.json()) as StoreCart).items).to.deep.equal([]);
  });

  it('destroys the session at logout: the next visitor starts empty, a kept token still reaches the old cart', async () => {
    await login();
    const { res } = await readCart();
    const userToken = res.headers.get('Cart-Token')!;
    await write('cart/add-item', { id: BEANIE }, { Nonce: res.headers.get('Nonce')! });
    await logout();
    const next = await readCart();
    expect(next.res.headers.get('User-ID')).to.equal('0');
    expect(next.cart.items).to.deep.equal([]);
    // The next visitor's write with the token left behind lands in the user's session.
    const leaked = await write('cart/add-item', { id: SUNGLASSES }, { 'Cart-Token': userToken });
    expect(leaked.status).to.equal(201);
    expect((await readCart()).cart.items).to.deep.equal([]);
    // The user's next login finds the stranger's line beside their own (the persistent cart).
    await login();
    expect((await readCart()).cart.items.map((i) => i.id)).to.have.members([SUNGLASSES, BEANIE]);
  });
});
