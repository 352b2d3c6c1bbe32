// The WooCommerce Store API adapter (issue 18) against the demo shop's /wp-json/wc/store/v1.
import { expect } from '@open-wc/testing';
import { ShopError } from '../../../shared/shop/request.ts';
import { minorUnitsHtml } from '../../../shared/shop/snapshot.ts';
import { cartFromStoreApi, wooCommerceStoreApi } from '../../../shared/shop/store-api/store-api.ts';
import { CART_TOKEN_KEY, storeApiFacade } from '../../../shared/shop/store-api/store-api-config.ts';
import { storeApiCart, storeApiProductDetail } from '../../../shared/shop/store-api/store-api-schemas.ts';
import { matchingVariation } from '../../../shared/shop/store-api/store-api-variations.ts';
import type { ShopAdapter } from '../../../shared/shop/types.ts';
import { clearAdapterTraces } from '../../helpers/adapters.ts';
import { addDirect, clearFaults, eachShopMode, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';

const BEANIE = 101; // $20 -> $18
const VINTAGE_CAP = 113; // out of stock
const SUNGLASSES = 109; // stock 2
const HOODIE = 201;

async function failure(promise: Promise<unknown>): Promise<ShopError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ShopError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const text = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent;
const globals = window as unknown as Record<string, unknown>;

eachShopMode('Store API adapter', (mode) => {
  let adapter: ShopAdapter;
  beforeEach(async () => {
    clearAdapterTraces();
    await resetShop();
    adapter = wooCommerceStoreApi();
  });
  afterEach(async () => {
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
      expect(result.cart.lines[0].name).to.equal('Hoodie - Blue, Small');
      const [entry] = (await shopLog('store-api:cart/add-item')).slice(-1);
      expect(JSON.parse(entry.body.variation)).to.deep.equal([
        { attribute: 'pa_color', value: 'blue' },
        { attribute: 'pa_size', value: 'small' },
      ]);
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

    if (mode === 'tidy') {
      it('keeps the Cart-Token across adapters (pages), so writes need no second try', async () => {
        await adapter.refreshCart();
        expect(localStorage.getItem(CART_TOKEN_KEY)).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        const next = wooCommerceStoreApi();
        await next.addToCart({ product_id: String(BEANIE) });
        expect(await shopLog('store-api:cart/add-item')).to.have.length(1);
        expect(storeApiFacade().hasCart?.()).to.equal(true);
      });

      it('stores the Cart-Token again when storage lost it, though the shop sends the same one', async () => {
        await adapter.refreshCart();
        const token = localStorage.getItem(CART_TOKEN_KEY);
        expect(token).to.not.equal(null);
        localStorage.removeItem(CART_TOKEN_KEY); // the shopper or another script cleared it
        await adapter.refreshCart();
        expect(localStorage.getItem(CART_TOKEN_KEY)).to.equal(token);
      });
    } else {
      it('retries once with the fresh nonce when the printed one is stale (403) and no token is sent', async () => {
        globals.wcBlocksMiddlewareConfig = { storeApiNonce: 'stale-nonce' };
        const fresh = wooCommerceStoreApi();
        await fresh.addToCart({ product_id: String(BEANIE) });
        expect(await shopLog('store-api:cart/add-item')).to.have.length(2);
        expect(localStorage.getItem(CART_TOKEN_KEY)).to.equal(null);
      });
    }
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
    expect(text(snapshot.subtotalHtml)).to.equal('¥3,000');
  });
});
