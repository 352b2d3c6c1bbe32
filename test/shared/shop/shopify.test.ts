// The Shopify Ajax API adapter (issue 18) against the demo shop's /cart.js, /cart/*.js and
// /search/suggest.json.
import { expect } from '@open-wc/testing';
import { ShopError } from '../../../shared/shop/request.ts';
import { shopify } from '../../../shared/shop/shopify/shopify.ts';
import { shopifyFacade } from '../../../shared/shop/shopify/shopify-config.ts';
import { formatShopifyMoney } from '../../../shared/shop/shopify/shopify-money.ts';
import type { ShopAdapter } from '../../../shared/shop/types.ts';
import { clearAdapterTraces } from '../../helpers/adapters.ts';
import { addDirect, clearFaults, eachShopMode, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';

const BEANIE = 101; // $20 -> $18
const VINTAGE_CAP = 113; // out of stock
const SUNGLASSES = 109; // stock 2
const HOODIE = 201; // variable: no variant of its own
const HOODIE_BLUE_SMALL = 20101;

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

eachShopMode('Shopify adapter', (mode) => {
  let adapter: ShopAdapter;
  beforeEach(async () => {
    clearAdapterTraces();
    await resetShop();
    adapter = shopify();
  });
  afterEach(async () => {
    await clearFaults();
    clearAdapterTraces();
    delete globals.Shopify;
  });

  describe('cart', () => {
    it('reads an empty cart from /cart.js', async () => {
      const cart = await adapter.refreshCart();
      expect(cart).to.deep.include({ lines: [], count: 0, hash: '', subtotalHtml: '', links: [] });
      expect(await shopLog('shopify:cart.js')).to.have.length(1);
    });

    it('adds through /cart/add.js with items[], then reads the cart: cents in the money format', async () => {
      const result = await adapter.addToCart({ product_id: String(BEANIE), quantity: '2' });
      if (result.kind !== 'added') throw new Error('not added');
      const { cart } = result;
      expect(cart.count).to.equal(2);
      const [line] = cart.lines;
      expect(line.key).to.match(/^101:[0-9a-f]{32}$/);
      expect(line).to.deep.include({ productId: String(BEANIE), name: 'Beanie', quantity: 2 });
      expect(line.sku).to.equal(mode === 'tidy' ? 'woo-beanie' : '');
      expect(text(line.priceHtml)).to.equal('$18.00');
      expect(text(line.totalHtml ?? '')).to.equal('$36.00');
      expect(text(cart.subtotalHtml)).to.equal('$36.00');
      expect(cart.links.map((l) => [new URL(l.href).pathname, l.checkout])).to.deep.equal([
        ['/cart', false],
        ['/checkout', true],
      ]);
      const [entry] = await shopLog('shopify:cart/add.js');
      expect(JSON.parse(entry.body.items)).to.deep.equal([{ id: BEANIE, quantity: 2 }]);
      expect(document.cookie).to.match(/(^|; )cart=c1-/);
      expect(shopifyFacade().hasCart?.()).to.equal(true);
    });

    it('sends the variant and line-item properties, and writes prices in the shop money format', async () => {
      globals.Shopify = { money_format: '{{amount_with_comma_separator}} &euro;' };
      const result = await adapter.addToCart({
        id: String(HOODIE_BLUE_SMALL),
        'properties[Engraving]': 'Hi',
      });
      if (result.kind !== 'added') throw new Error('not added');
      const [line] = result.cart.lines;
      expect(line.name).to.equal('Hoodie - Blue / Small');
      expect(text(line.priceHtml)).to.equal('42,00 €');
      expect(line.image === null).to.equal(mode === 'unkind'); // the unkind manner sends no variant images
      const [entry] = await shopLog('shopify:cart/add.js');
      expect(JSON.parse(entry.body.items)).to.deep.equal([
        { id: HOODIE_BLUE_SMALL, quantity: 1, properties: { Engraving: 'Hi' } },
      ]);
    });

    it('sets a quantity with /cart/update.js and removes with /cart/change.js', async () => {
      await addDirect(BEANIE);
      const [line] = (await adapter.refreshCart()).lines;
      await adapter.setQuantity(line.key, 3);
      expect((await adapter.refreshCart()).count).to.equal(3);
      const [update] = await shopLog('shopify:cart/update.js');
      expect(JSON.parse(update.body.updates)).to.deep.equal({ [line.key]: 3 });
      const after = await adapter.removeFromCart(line.key);
      expect(after?.count).to.equal(0);
      const [change] = await shopLog('shopify:cart/change.js');
      expect(change.body).to.deep.equal({ id: line.key, quantity: '0' });
    });
  });

  describe('errors', () => {
    it("rejects with Shopify's description: sold out, no variant", async () => {
      const soldOut = await failure(adapter.addToCart({ id: String(VINTAGE_CAP) }));
      expect([soldOut.status, soldOut.message]).to.deep.equal([
        422,
        "The product 'Vintage Cap' is already sold out.",
      ]);
      const noVariant = await failure(adapter.addToCart({ product_id: String(HOODIE) }));
      expect([noVariant.status, noVariant.message]).to.deep.equal([404, 'Cannot find variant']);
    });

    it('rejects a partial add (422) although the shop added what it had: the next read shows it', async () => {
      const error = await failure(adapter.addToCart({ id: String(SUNGLASSES), quantity: '5' }));
      expect(error.message).to.equal('Only 2 items were added to your cart.');
      expect((await adapter.refreshCart()).count).to.equal(2);
    });

    it('rejects a change of a line that is gone (400 bad_request)', async () => {
      const error = await failure(adapter.removeFromCart('101:0123456789abcdef0123456789abcdef'));
      expect([error.status, error.code, error.message]).to.deep.equal([
        400,
        'bad_request',
        'no valid id or line parameter',
      ]);
    });

    it('rejects a malformed cart.js', async () => {
      await injectFault({ endpoint: 'shopify:cart.js', body: { item_count: 'many' }, times: 1 });
      expect((await failure(adapter.refreshCart())).kind).to.equal('invalid');
    });
  });

  describe('search', () => {
    it('asks /search/suggest.json for products; titles escaped, decimal prices in the money format', async () => {
      const url = adapter.searchUrl('hood', 'hoodies');
      // Predictive search has no category filter: the category is not sent.
      expect(url).to.equal(
        '/search/suggest.json?q=hood&resources%5Btype%5D=product&resources%5Blimit%5D=10&resources%5Boptions%5D%5Bunavailable_products%5D=last',
      );
      const found = await adapter.search(url);
      const hoodie = found.find((s) => s.value === 'Hoodie')!;
      expect(hoodie.id).to.equal(HOODIE);
      expect(text(hoodie.price ?? '')).to.equal('$42.00');
      expect(hoodie.img).to.contain('hoodie-thumb.svg');
      expect(new URL(hoodie.url, location.href).pathname).to.equal('/product/hoodie/');
      expect(await adapter.search(adapter.searchUrl('zzzz'))).to.deep.equal([]);
    });

    it('starts every URL at Shopify.routes.root', () => {
      globals.Shopify = { routes: { root: '/fr' } };
      expect(adapter.searchUrl('a').startsWith('/fr/search/suggest.json?q=a')).to.equal(true);
    });
  });
});

describe('Shopify money formats', () => {
  it('fills each placeholder from cents as Shopify does', () => {
    const cases: [string, string][] = [
      ['${{amount}}', '$1,234,567.89'],
      ['{{amount_no_decimals}} kr', '1,234,568 kr'],
      ['{{amount_with_comma_separator}} €', '1.234.567,89 €'],
      ['{{amount_no_decimals_with_comma_separator}}', '1.234.568'],
      ['{{amount_with_apostrophe_separator}} CHF', "1'234'567.89 CHF"],
      ['{{amount_no_decimals_with_space_separator}}', '1 234 568'],
      ['{{amount_with_space_separator}}', '1 234 567,89'],
      ['{{amount_with_period_and_space_separator}}', '1 234 567.89'],
      ['{{ amount }} (spaces)', '1,234,567.89 (spaces)'],
    ];
    for (const [format, expected] of cases)
      expect(formatShopifyMoney(123456789, format), format).to.equal(expected);
    expect(formatShopifyMoney(-500, '${{amount}}')).to.equal('$-5.00');
  });
});
