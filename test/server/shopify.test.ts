// Browser tests of the demo shop's Shopify Ajax API (issue 18, examples/server/shopify.mjs): the
// wire format of shopify.dev's Cart API and Predictive Search API, over real fetch calls.
import { expect } from '@open-wc/testing';

const BEANIE = 101;
const SUNGLASSES = 109; // stock 2
const VINTAGE_CAP = 113;
const HOODIE = 201;
const HOODIE_BLUE_SMALL = 20101;

interface ShopifyCart {
  item_count: number;
  total_price: number;
  items: {
    key: string;
    id: number;
    quantity: number;
    final_price: number;
    final_line_price: number;
    title: string;
  }[];
}
const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const cart = async () => (await (await fetch('/cart.js')).json()) as ShopifyCart;

describe('demo shop: Shopify Ajax API', () => {
  beforeEach(async () => {
    await fetch('/__shop/reset', { method: 'POST' });
  });

  it('answers /cart.js with money in cents and "variant:hash" keys', async () => {
    const empty = await cart();
    expect(empty).to.include({ item_count: 0, total_price: 0, currency: 'USD' });
    const added = await post('/cart/add.js', { items: [{ id: BEANIE, quantity: 2 }] });
    expect(added.status).to.equal(200);
    const { items } = await added.json();
    expect(items[0]).to.include({ id: BEANIE, quantity: 2, final_price: 1800, final_line_price: 3600 });
    const full = await cart();
    expect(full.item_count).to.equal(2);
    expect(full.total_price).to.equal(3600);
    expect(full.items[0].key).to.match(/^101:[0-9a-f]{32}$/);
    expect(document.cookie).to.match(/(^|; )cart=c1-[0-9a-f]{32}/);
  });

  it('takes a form-encoded add with a single id and answers the single item', async () => {
    const res = await fetch('/cart/add.js', {
      method: 'POST',
      body: new URLSearchParams({ id: String(HOODIE_BLUE_SMALL), quantity: '1' }),
    });
    const item = await res.json();
    expect(item).to.include({ id: HOODIE_BLUE_SMALL, variant_id: HOODIE_BLUE_SMALL, product_id: HOODIE });
    expect(item.title).to.equal('Hoodie - Blue / Small');
  });

  it('answers errors as {status, message, description}, adding what stock there is on a 422', async () => {
    const cases: [unknown, number, unknown][] = [
      [
        { items: [{ id: VINTAGE_CAP }] },
        422,
        { status: 422, message: 'Cart Error', description: "The product 'Vintage Cap' is already sold out." },
      ],
      [
        { items: [{ id: HOODIE }] },
        404,
        { status: 404, message: 'Cart Error', description: 'Cannot find variant' },
      ],
      [
        {},
        400,
        {
          status: 'bad_request',
          message: 'Parameter Missing or Invalid',
          description: 'Required parameter missing or invalid: items',
        },
      ],
      [
        { items: [{ id: SUNGLASSES, quantity: 5 }] },
        422,
        { status: 422, message: 'Cart Error', description: 'Only 2 items were added to your cart.' },
      ],
      [
        { items: [{ id: SUNGLASSES, quantity: 1 }] },
        422,
        {
          status: 422,
          message: 'Cart Error',
          description: 'The maximum quantity of this item is already in your cart.',
        },
      ],
    ];
    for (const [body, status, json] of cases) {
      const res = await post('/cart/add.js', body);
      expect([res.status, await res.json()]).to.deep.equal([status, json]);
    }
    expect((await cart()).item_count).to.equal(2);
  });

  it('changes by key, variant id or line; updates by key; unknown ids are a 400', async () => {
    await post('/cart/add.js', { items: [{ id: BEANIE }, { id: 104 }] });
    const { items } = await cart();
    const byKey = (await (
      await post('/cart/change.js', { id: items[0].key, quantity: 3 })
    ).json()) as ShopifyCart;
    expect(byKey.item_count).to.equal(4);
    const byLine = (await (await post('/cart/change.js', { line: 2, quantity: 2 })).json()) as ShopifyCart;
    expect(byLine.item_count).to.equal(5);
    const byVariant = (await (
      await post('/cart/change.js', { id: BEANIE, quantity: 0 })
    ).json()) as ShopifyCart;
    expect(byVariant.items.map((i) => i.id)).to.deep.equal([104]);
    const updated = (await (
      await post('/cart/update.js', { updates: { [byVariant.items[0].key]: 5 } })
    ).json()) as ShopifyCart;
    expect(updated.item_count).to.equal(5);
    const unknown = await post('/cart/change.js', { id: '1:x', quantity: 1 });
    expect([unknown.status, await unknown.json()]).to.deep.equal([
      400,
      {
        status: 'bad_request',
        message: 'no valid id or line parameter',
        description: 'no valid id or line parameter',
      },
    ]);
  });

  it('answers predictive search with products, decimal prices and the requested types only', async () => {
    const res = await fetch('/search/suggest.json?q=hoodie&resources[type]=product,query&resources[limit]=1');
    const { resources } = await res.json();
    expect(Object.keys(resources.results)).to.have.members(['products', 'queries']);
    expect(resources.results.products).to.have.length(1);
    expect(resources.results.products[0]).to.include({
      id: HOODIE,
      title: 'Hoodie',
      price: '42.00',
      price_max: '45.00',
      available: true,
    });
    expect(resources.results.products[0].featured_image.url).to.contain('hoodie-thumb.svg');
    const hidden = await (
      await fetch(
        '/search/suggest.json?q=polo&resources[type]=product&resources[options][unavailable_products]=hide',
      )
    ).json();
    expect(hidden.resources.results.products).to.deep.equal([]);
  });
});
