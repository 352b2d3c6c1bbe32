// The WooCommerce Store API adapter (issue 18) against the demo shop's /wp-json/wc/store/v1.
import { expect } from '@open-wc/testing';
import { ShopError } from '../../../shared/shop/request.ts';
import { minorUnitsHtml } from '../../../shared/shop/snapshot.ts';
import {
  CART_TOKEN_KEY,
  cartFromStoreApi,
  wooCommerceStoreApi,
} from '../../../shared/shop/store-api/store-api.ts';
import { storeApiFacade } from '../../../shared/shop/store-api/store-api-config.ts';
import { storeApiCart, storeApiProductDetail } from '../../../shared/shop/store-api/store-api-schemas.ts';
import { matchingVariation } from '../../../shared/shop/store-api/store-api-variations.ts';
import type { ShopAdapter } from '../../../shared/shop/types.ts';
import { clearAdapterTraces } from '../../helpers/adapters.ts';
import {
  addDirect,
  clearFaults,
  eachShopMode,
  injectFault,
  resetShop,
  setShopMode,
  shopLog,
} from '../../helpers/shop.ts';

const BEANIE = 101; // $20 -> $18
const VINTAGE_CAP = 113; // out of stock
const SUNGLASSES = 109; // stock 2
const HOODIE = 201;
const APRON = 213; // Color x custom "Gift wrap" (any): 21301 Denim, 21302 Rust

async function failure(promise: Promise<unknown>): Promise<ShopError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ShopError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** User names of this run (the demo shop's users are shared by parallel browsers). */
const RUN = Math.random().toString(36).slice(2, 10);
let tests = 0;
let ALICE = '';
let BOB = '';
/** New customers for each test (a user's saved cart outlives a logout). */
const newUsers = () => {
  tests += 1;
  ALICE = `alice-${RUN}-${tests}`;
  BOB = `bob-${RUN}-${tests}`;
};
const login = async (user = ALICE) => {
  const res = await fetch('/wp-login.php', {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ log: user, pwd: 'demo' }),
  });
  expect(res.type).to.equal('opaqueredirect');
};
const logout = () => fetch('/wp-login.php?action=logout', { redirect: 'manual' });
const shopState = async () =>
  (await (await fetch('/__shop/state')).json()) as { items: { productId: number; variationId: number }[] };

/** The headers of the shop requests `run` makes. */
async function sentHeaders(run: () => Promise<void>): Promise<Headers[]> {
  const sent: Headers[] = [];
  const real = window.fetch;
  window.fetch = (input, init) => {
    sent.push(new Headers(init?.headers));
    return real(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = real;
  }
  return sent;
}

const text = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent;
const globals = window as unknown as Record<string, unknown>;

eachShopMode('Store API adapter', (mode) => {
  let adapter: ShopAdapter;
  beforeEach(async () => {
    clearAdapterTraces();
    newUsers();
    await logout();
    await setShopMode(mode);
    await resetShop();
    adapter = wooCommerceStoreApi();
  });
  afterEach(async () => {
    await logout();
    await setShopMode(mode);
    await clearFaults();
    clearAdapterTraces();
    delete globals.wpApiSettings;
    delete globals.wcBlocksMiddlewareConfig;
  });

  describe('cart', () => {
    it('reads an empty cart: no lines, no links, no hash', async () => {
      const cart = await adapter.refreshCart();
      expect(cart).to.deep.include({ lines: [], count: 0, hash: '', subtotalHtml: '', links: [] });
      expect(await shopLog('store-api:cart')).to.have.length(1);
    });

    it('adds with a JSON body, and the cart has the line, minor-unit prices in the currency and links', async () => {
      const result = await adapter.addToCart({ product_id: String(BEANIE), quantity: '2' });
      if (result.kind !== 'added') throw new Error('not added');
      const { cart } = result;
      expect(cart.count).to.equal(2);
      expect(cart.hash).to.match(/^[0-9a-f]{8}$/);
      const [line] = cart.lines;
      expect(line).to.deep.include({
        productId: String(BEANIE),
        name: 'Beanie',
        sku: 'woo-beanie',
        quantity: 2,
      });
      expect(text(line.priceHtml)).to.equal('$18.00');
      expect(text(line.totalHtml ?? '')).to.equal('$36.00');
      expect(text(cart.subtotalHtml)).to.equal('$36.00');
      expect(line.url).to.equal(new URL('/product/beanie/', location.href).href);
      expect(line.image?.src).to.contain('/shop-images/beanie-thumb.svg');
      expect(line.removeHref).to.equal('');
      expect(cart.links.map((l) => [new URL(l.href).pathname, l.checkout])).to.deep.equal([
        ['/cart/', false],
        ['/checkout/', true],
      ]);
      expect(cart.fragments).to.deep.equal({});
      const adds = await shopLog('store-api:cart/add-item');
      expect(JSON.parse(adds.at(-1)!.body.id)).to.equal(BEANIE);
    });

    it('adds a variation from the form attribute fields as the variation list', async () => {
      const result = await adapter.addToCart({
        product_id: String(HOODIE),
        quantity: '1',
        attribute_pa_color: 'blue',
        attribute_pa_size: 'small',
      });
      if (result.kind !== 'added') throw new Error('not added');
      // The parent's title, told apart by the chosen attributes (CartItemSchema `variation`).
      expect(result.cart.lines[0]).to.deep.include({
        name: 'Hoodie',
        details: [
          { name: 'Color', value: 'Blue' },
          { name: 'Size', value: 'Small' },
        ],
      });
      const [entry] = (await shopLog('store-api:cart/add-item')).slice(-1);
      expect(JSON.parse(entry.body.variation)).to.deep.equal([
        { attribute: 'pa_color', value: 'blue' },
        { attribute: 'pa_size', value: 'small' },
      ]);
    });

    it('posts a custom attribute under the name products/{id} gives, so an "any" value is kept', async () => {
      const result = await adapter.addToCart({
        product_id: String(APRON),
        variation_id: '21301',
        quantity: '1',
        attribute_pa_color: 'denim',
        'attribute_gift-wrap': 'Yes',
      });
      if (result.kind !== 'added') throw new Error('not added');
      const [entry] = (await shopLog('store-api:cart/add-item')).slice(-1);
      expect(JSON.parse(entry.body.variation)).to.deep.equal([
        { attribute: 'pa_color', value: 'denim' },
        { attribute: 'Gift wrap', value: 'Yes' },
      ]);
      await adapter.addToCart({
        product_id: String(APRON),
        variation_id: '21301',
        attribute_pa_color: 'denim',
        'attribute_gift-wrap': 'No',
      });
      const lines = (await adapter.refreshCart()).lines;
      expect(
        lines.map((l) => [l.name, l.details?.map((d) => `${d.name}: ${d.value}`).join(', ')]),
      ).to.deep.equal([
        ['Apron', 'Color: Denim, Gift wrap: Yes'],
        ['Apron', 'Color: Denim, Gift wrap: No'],
      ]);
      // The product was asked once for both adds.
      expect(await shopLog(`store-api:products/${APRON}`)).to.have.length(1);
    });

    it('changes a quantity with update-item and removes with remove-item (and with quantity 0)', async () => {
      await addDirect(BEANIE);
      await addDirect(SUNGLASSES);
      const cart = await adapter.refreshCart();
      const [beanie, sunglasses] = cart.lines;
      await adapter.setQuantity(beanie.key, 3);
      expect((await adapter.refreshCart()).count).to.equal(4);
      await adapter.setQuantity(sunglasses.key, 0);
      const after = await adapter.removeFromCart(beanie.key);
      expect(after?.lines).to.deep.equal([]);
      expect((await shopLog('store-api:cart/update-item')).map((e) => e.body)).to.deep.equal([
        { key: beanie.key, quantity: '3' },
      ]);
      expect(await shopLog('store-api:cart/remove-item')).to.have.length(2);
    });

    it('sees the cart the classic endpoints filled (one session cart)', async () => {
      await addDirect(BEANIE, 2);
      expect((await adapter.refreshCart()).count).to.equal(2);
    });
  });

  describe('Nonce and Cart-Token', () => {
    it('sends a write refused for its missing nonce once more with the nonce the refusal brought', async () => {
      const result = await adapter.addToCart({ product_id: String(BEANIE) });
      expect(result.kind).to.equal('added');
      // The first add had neither a nonce nor a cart token: refused (401), then sent again.
      expect(await shopLog('store-api:cart/add-item')).to.have.length(2);
    });

    it('retries once with the fresh nonce when the printed one is stale (403)', async () => {
      globals.wcBlocksMiddlewareConfig = { storeApiNonce: 'stale-nonce' };
      const fresh = wooCommerceStoreApi();
      await fresh.addToCart({ product_id: String(BEANIE) });
      expect(await shopLog('store-api:cart/add-item')).to.have.length(2);
    });

    it('sends no Cart-Token on the shop’s own origin, keeps none, and removes the one an older version stored', async () => {
      localStorage.setItem(CART_TOKEN_KEY, 'old.stored.token');
      const sent = await sentHeaders(async () => {
        const page = wooCommerceStoreApi();
        expect(localStorage.getItem(CART_TOKEN_KEY)).to.equal(null);
        await page.refreshCart();
        await page.addToCart({ product_id: String(BEANIE) });
        await page.refreshCart();
      });
      expect(sent.map((h) => h.get('Cart-Token'))).to.deep.equal(sent.map(() => null));
      expect(sent.at(-1)!.get('Nonce')).to.match(/^[0-9a-f]{10}$/);
      expect(localStorage.getItem(CART_TOKEN_KEY)).to.equal(null);
      expect(storeApiFacade().hasCart).to.equal(undefined);
    });

    it('after a login reads and writes the cart the user now has (the guest cart, moved)', async () => {
      await adapter.addToCart({ product_id: String(BEANIE) });
      await login();
      await setShopMode(mode);
      const cart = await adapter.refreshCart();
      expect(cart.lines.map((l) => l.productId)).to.deep.equal([String(BEANIE)]);
      await adapter.addToCart({ product_id: String(SUNGLASSES) });
      expect((await shopState()).items.map((i) => i.productId)).to.deep.equal([BEANIE, SUNGLASSES]);
    });

    it('after a logout the next visitor on the same browser has a cart of their own', async () => {
      await login();
      await setShopMode(mode);
      const first = wooCommerceStoreApi();
      await first.addToCart({ product_id: String(BEANIE) });
      await logout();
      await setShopMode(mode);
      // The next visitor, on the next page.
      const next = wooCommerceStoreApi();
      expect((await next.refreshCart()).lines).to.deep.equal([]);
      await next.addToCart({ product_id: String(SUNGLASSES) });
      expect((await shopState()).items.map((i) => i.productId)).to.deep.equal([SUNGLASSES]);
      // Two visitors: the second logs in as someone else; the first finds only their own cart.
      await login(BOB);
      expect((await wooCommerceStoreApi().refreshCart()).lines.map((l) => l.productId)).to.deep.equal([
        String(SUNGLASSES),
      ]);
      await logout();
      await login();
      expect((await wooCommerceStoreApi().refreshCart()).lines.map((l) => l.productId)).to.deep.equal([
        String(BEANIE),
      ]);
    });
  });

  describe('errors', () => {
    it("rejects with the shop's message as text and its code", async () => {
      await adapter.refreshCart();
      const error = await failure(adapter.addToCart({ product_id: String(VINTAGE_CAP) }));
      expect(error.message).to.equal(
        'You cannot add "Vintage Cap" to the cart because the product is out of stock.',
      );
      expect(error.code).to.equal('woocommerce_rest_product_out_of_stock');
      expect(error.status).to.equal(400);
    });

    it('rejects a remove of a line that is gone (409 woocommerce_rest_cart_invalid_key)', async () => {
      await adapter.refreshCart();
      const error = await failure(adapter.removeFromCart('0123456789abcdef0123456789abcdef'));
      expect([error.status, error.code, error.message]).to.deep.equal([
        409,
        'woocommerce_rest_cart_invalid_key',
        'Cart item no longer exists or is invalid.',
      ]);
    });

    it('rejects a quantity over the stock left with the shop message, and the cart keeps the old one', async () => {
      await addDirect(SUNGLASSES);
      const [line] = (await adapter.refreshCart()).lines;
      const error = await failure(adapter.setQuantity(line.key, 3));
      expect(error.message).to.equal(
        'You cannot add that amount of "Sunglasses" to the cart because there is not enough stock (2 remaining).',
      );
      expect((await adapter.refreshCart()).count).to.equal(1);
    });

    it('names the status when the shop sends no error JSON, and rejects a malformed cart', async () => {
      await injectFault({ endpoint: 'store-api:cart', status: 500, times: 1 });
      expect((await failure(adapter.refreshCart())).message).to.contain('HTTP 500');
      await injectFault({ endpoint: 'store-api:cart', body: { items: 'none' }, times: 1 });
      expect((await failure(adapter.refreshCart())).kind).to.equal('invalid');
    });
  });

  describe('variation lookup for swatches', () => {
    it("answers the chosen attributes with the variation's id, price, stock and image, as get_variation does", async () => {
      const found = await adapter.findVariation!(String(HOODIE), {
        attribute_pa_color: 'red',
        attribute_pa_size: 'medium',
      });
      if (!found) throw new Error('no variation found');
      expect(found).to.deep.include({
        variation_id: 20105,
        attributes: { attribute_pa_color: 'red', attribute_pa_size: 'medium' },
        is_in_stock: true,
        display_price: 42,
        max_qty: 2,
      });
      expect(text(String(found.price_html))).to.contain('42');
      expect((found.image as { src: string }).src).to.match(/^http/);
      const soldOut = await adapter.findVariation!(String(HOODIE), {
        attribute_pa_color: 'green',
        attribute_pa_size: 'large',
      });
      expect(soldOut && soldOut.is_in_stock).to.equal(false);
      // Nothing matches a half choice: the shopper still has to choose.
      expect(await adapter.findVariation!(String(HOODIE), { attribute_pa_color: 'red' })).to.equal(false);
      const asked = (await shopLog())
        .map((e) => e.endpoint)
        .filter((e) => e.startsWith('store-api:products'));
      expect(asked, 'the product, then the matching variation').to.include.members([
        `store-api:products/${HOODIE}`,
        'store-api:products/20105',
      ]);
    });

    it('matches answers without `key` (older WooCommerce) through the attribute labels, and "any" values', () => {
      const product = storeApiProductDetail.parse({
        id: 1,
        attributes: [
          { name: 'Color', taxonomy: 'pa_color' },
          { name: 'Gift wrap', taxonomy: null },
        ],
        variations: [
          {
            id: 2,
            attributes: [
              { name: 'Color', value: 'red' },
              { name: 'Gift wrap', value: null },
            ],
          },
          {
            id: 3,
            attributes: [
              { name: 'Color', value: 'blue' },
              { name: 'Gift wrap', value: 'yes' },
            ],
          },
        ],
      });
      expect(matchingVariation(product, { attribute_pa_color: 'red', 'attribute_gift-wrap': 'no' })).to.equal(
        2,
      );
      expect(
        matchingVariation(product, { attribute_pa_color: 'blue', 'attribute_gift-wrap': 'yes' }),
      ).to.equal(3);
      expect(
        matchingVariation(product, { attribute_pa_color: 'blue', 'attribute_gift-wrap': 'no' }),
      ).to.equal(undefined);
    });
  });

  describe('search', () => {
    it('searches the products endpoint; names, links, images and price HTML as suggestions', async () => {
      const url = adapter.searchUrl('hood');
      expect(url).to.equal('/wp-json/wc/store/v1/products?search=hood&per_page=10');
      const found = await adapter.search(url);
      expect(found.map((s) => s.value)).to.include.members(['Hoodie', 'Hoodie with Logo']);
      const hoodie = found.find((s) => s.value === 'Hoodie')!;
      expect(hoodie.id).to.equal(HOODIE);
      expect(new URL(hoodie.url).pathname).to.equal('/product/hoodie/');
      expect(hoodie.img).to.contain('hoodie-thumb.svg');
      expect(hoodie.price).to.contain('woocommerce-Price-amount');
      expect(await adapter.search(adapter.searchUrl('zzzz'))).to.deep.equal([]);
    });

    it('sends the category, and follows a REST root with a query (?rest_route=)', async () => {
      globals.wpApiSettings = { root: '/?rest_route=/' };
      const url = adapter.searchUrl('a', 'bags');
      expect(url).to.equal('/?rest_route=/wc/store/v1/products&search=a&per_page=10&category=bags');
      const found = await adapter.search(url);
      expect(found.length).to.be.greaterThan(0);
      const [entry] = await shopLog('store-api:products');
      expect(entry.query).to.include({ search: 'a', category: 'bags' });
    });
  });
});

describe('Store API adapter on another origin', () => {
  const EMPTY_CART = {
    items: [],
    items_count: 0,
    totals: { total_items: '0', total_price: '0' },
  };
  afterEach(() => {
    delete globals.wpApiSettings;
    localStorage.removeItem(CART_TOKEN_KEY);
  });

  /** A shop elsewhere, as its CORS lets the page see it: Cart-Token exposed, and User-ID here too. */
  async function against<T = string | null>(
    answers: Record<string, string>[],
    run: (adapter: ShopAdapter) => Promise<unknown>,
    read: (headers: Headers) => T = (headers) => headers.get('Cart-Token') as T,
  ) {
    const sent: Headers[] = [];
    const real = window.fetch;
    window.fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers));
      const headers = answers[sent.length - 1] ?? {};
      return new Response(JSON.stringify(EMPTY_CART), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    };
    try {
      globals.wpApiSettings = { root: 'https://shop.example/wp-json/' };
      await run(wooCommerceStoreApi());
    } finally {
      window.fetch = real;
    }
    return sent.map(read);
  }

  it("sends only headers WordPress's REST CORS allows (no X-Requested-With), so preflights pass", async () => {
    // rest_send_cors_headers' allow-list, with the Store API's Cart-Token and Nonce; Accept is safelisted.
    const allowed = ['accept', 'authorization', 'x-wp-nonce', 'content-disposition', 'content-md5'];
    allowed.push('content-type', 'cart-token', 'nonce');
    const sent = await against(
      [{ 'Cart-Token': 'a.b.c' }, {}],
      async (adapter) => {
        await adapter.refreshCart();
        await adapter.setQuantity('k', 2);
      },
      (headers) => [...headers.keys()],
    );
    expect(sent[1]).to.include.members(['cart-token', 'content-type']);
    expect(sent.flat().filter((name) => !allowed.includes(name))).to.deep.equal([]);
  });

  it('sends the Cart-Token the shop handed out, kept in memory only', async () => {
    const tokens = await against(
      [{ 'Cart-Token': 'a.b.c' }, { 'Cart-Token': 'a.b.c' }, {}],
      async (adapter) => {
        await adapter.refreshCart();
        await adapter.refreshCart();
        await adapter.refreshCart();
      },
    );
    expect(tokens).to.deep.equal([null, 'a.b.c', 'a.b.c']);
    expect(localStorage.getItem(CART_TOKEN_KEY)).to.equal(null);
    // The next page starts without it (and the shop hands out the cookie session's again).
    expect(await against([], (adapter) => adapter.refreshCart())).to.deep.equal([null]);
  });

  it('drops the token when the shop answers for another user (User-ID changed)', async () => {
    const tokens = await against(
      [
        { 'Cart-Token': 'guest.t.k', 'User-ID': '0' },
        { 'Cart-Token': 'guest.t.k', 'User-ID': '7' },
        { 'Cart-Token': 'user.t.k', 'User-ID': '7' },
        {},
      ],
      async (adapter) => {
        for (let i = 0; i < 4; i += 1) await adapter.refreshCart();
      },
    );
    expect(tokens).to.deep.equal([null, 'guest.t.k', null, 'user.t.k']);
  });

  it('drops the token when a readable session cookie changes (another shopper)', async () => {
    const cookie = 'wp_woocommerce_session_test';
    document.cookie = `${cookie}=first; path=/`;
    try {
      const tokens = await against(
        [{ 'Cart-Token': 'first.t.k' }, {}, { 'Cart-Token': 'second.t.k' }, {}],
        async (adapter) => {
          await adapter.refreshCart();
          await adapter.refreshCart();
          document.cookie = `${cookie}=second; path=/`;
          await adapter.refreshCart();
          await adapter.refreshCart();
        },
      );
      expect(tokens).to.deep.equal([null, 'first.t.k', null, 'second.t.k']);
    } finally {
      document.cookie = `${cookie}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  });
});

describe('Store API money (minor units)', () => {
  it('writes amounts with the currency minor unit, separators, prefix and suffix', () => {
    const eur = { minorUnit: 2, decimalSeparator: ',', thousandSeparator: '.', prefix: '', suffix: ' €' };
    expect(text(minorUnitsHtml('123456', eur))).to.equal('1.234,56 €');
    const yen = { minorUnit: 0, decimalSeparator: '.', thousandSeparator: ',', prefix: '¥', suffix: '' };
    expect(text(minorUnitsHtml('1800', yen))).to.equal('¥1,800');
    expect(text(minorUnitsHtml('-500', { ...yen, minorUnit: 2, prefix: '$' }))).to.equal('-$5.00');
  });

  it('reads a cart in a zero-decimal currency, and a cart item without images', () => {
    const currency = {
      currency_minor_unit: 0,
      currency_decimal_separator: '.',
      currency_thousand_separator: ',',
      currency_prefix: '¥',
      currency_suffix: '',
    };
    const cart = storeApiCart.parse({
      items: [
        {
          key: 'k',
          id: 7,
          quantity: 2,
          name: 'Tea &amp; Cup',
          images: [],
          prices: { price: '1500', ...currency },
          totals: { line_subtotal: '3000', line_total: '3000', ...currency },
        },
      ],
      items_count: 2,
      totals: { total_items: '3000', total_price: '3000', ...currency },
    });
    const snapshot = cartFromStoreApi(cart);
    expect(snapshot.lines[0].name).to.equal('Tea & Cup');
    expect(snapshot.lines[0].image).to.equal(null);
    expect(snapshot.lines[0].details).to.equal(undefined);
    expect(text(snapshot.subtotalHtml)).to.equal('¥3,000');
  });

  it('lists variation and item data (not hidden ones), and adds the tax where prices display including it', () => {
    const currency = { currency_minor_unit: 2, currency_prefix: '$' };
    const raw = {
      items: [
        {
          key: 'k',
          id: 20104,
          quantity: 2,
          name: 'Hoodie',
          variation: [
            { attribute: 'Color', value: 'Red' },
            { attribute: 'Size', value: 'Small' },
          ],
          item_data: [
            { key: 'Engraving', value: 'raw', display: 'A &amp; B' },
            { name: 'Gift note', value: 'Hi' },
            { name: '_internal', value: 'x', hidden: true },
          ],
          prices: { price: '1100', ...currency },
          totals: { line_subtotal: '2000', line_subtotal_tax: '200', line_total: '2000', ...currency },
        },
      ],
      items_count: 2,
      totals: { total_items: '2000', total_items_tax: '200', total_price: '2200', ...currency },
    };
    const excluding = cartFromStoreApi(storeApiCart.parse(raw));
    expect(excluding.lines[0].details).to.deep.equal([
      { name: 'Color', value: 'Red' },
      { name: 'Size', value: 'Small' },
      { name: 'Engraving', value: 'A & B' },
      { name: 'Gift note', value: 'Hi' },
    ]);
    expect(text(excluding.lines[0].totalHtml!)).to.equal('$20.00');
    expect(text(excluding.subtotalHtml)).to.equal('$20.00');
    globals.wcSettings = { displayCartPricesIncludingTax: true };
    try {
      const including = cartFromStoreApi(storeApiCart.parse(raw));
      expect(text(including.lines[0].totalHtml!)).to.equal('$22.00');
      expect(text(including.subtotalHtml)).to.equal('$22.00');
    } finally {
      delete globals.wcSettings;
    }
  });
});
