import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { createQueue, ShopError, shopRequest } from '../../../shared/shop/request.ts';
import { wooCommerceClassic } from '../../../shared/shop/woocommerce/classic.ts';
import { setPageConfig } from '../../../shared/stores/page-config.ts';
import { clearFaults, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';

const fragments = z.object({ fragments: z.record(z.string(), z.string()), cart_hash: z.string() });
const refresh = (timeout = 3000, signal?: AbortSignal) =>
  shopRequest({
    endpoint: 'get_refreshed_fragments',
    url: '/?wc-ajax=get_refreshed_fragments',
    method: 'POST',
    // WooCommerce sends the time only to defeat caches; a fixed one will do (issue 28).
    body: new URLSearchParams({ time: '1796072400000' }),
    schema: fragments,
    timeout,
    signal,
  });
async function failure(promise: Promise<unknown>): Promise<ShopError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ShopError);
    return error as ShopError;
  }
  throw new Error('expected the request to fail');
}

describe('shop client', () => {
  beforeEach(resetShop);
  afterEach(clearFaults);

  describe('shopRequest', () => {
    it('returns the zod-checked response', async () => {
      const data = await refresh();
      expect(data.fragments).to.have.property('div.widget_shopping_cart_content');
      expect(data.cart_hash).to.equal('');
    });

    it('names the endpoint and status on HTTP errors', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', status: 500 });
      const error = await failure(refresh());
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(500);
      expect(error.message).to.contain('get_refreshed_fragments').and.contain('500');
    });

    it('rejects malformed JSON with a clear message', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', malformed: true });
      const error = await failure(refresh());
      expect(error.kind).to.equal('malformed');
      expect(error.message).to.contain('not valid JSON');
    });

    it('rejects a response of the wrong shape, never half-applying it', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', body: { fragments: 'nope', cart_hash: 1 } });
      const error = await failure(refresh());
      expect(error.kind).to.equal('invalid');
      expect(error.message).to.contain('fragments');
    });

    it('gives up after the time limit', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', hang: true });
      const error = await failure(refresh(300));
      expect(error.kind).to.equal('timeout');
      expect(error.message).to.contain('300 ms');
    });

    it('can be aborted by the caller', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', delayMs: 2000 });
      const controller = new AbortController();
      const pending = refresh(0, controller.signal);
      controller.abort();
      expect((await failure(pending)).kind).to.equal('aborted');
    });
  });

  describe('request headers by origin', () => {
    /**
     * What WordPress lets a request to another origin carry (its REST CORS allow-list,
     * `rest_send_cors_headers`, with the Store API's `rest_allowed_cors_headers` additions), besides
     * the CORS-safelisted Accept.
     */
    const CORS_ALLOWED = [
      'accept',
      'authorization',
      'x-wp-nonce',
      'content-disposition',
      'content-md5',
      'content-type',
      'cart-token',
      'nonce',
    ];

    /** The headers shopRequest sends to `url` (a fetch double answering `{}`). */
    async function sentTo(url: string, headers?: Record<string, string>): Promise<Headers> {
      let sent = new Headers();
      const real = window.fetch;
      window.fetch = async (_input, init) => {
        sent = new Headers(init?.headers);
        return new Response('{}', { status: 200 });
      };
      try {
        await shopRequest({ endpoint: 'cart', url, method: 'POST', json: {}, headers, schema: z.object({}) });
      } finally {
        window.fetch = real;
      }
      return sent;
    }

    it("marks requests to the page's own origin as XMLHttpRequest, as jQuery.ajax does", async () => {
      for (const url of ['/?wc-ajax=add_to_cart', `${location.origin}/wp-json/wc/store/v1/cart`])
        expect((await sentTo(url)).get('X-Requested-With'), url).to.equal('XMLHttpRequest');
    });

    it('sends another origin only headers its WordPress lets through CORS', async () => {
      const sent = await sentTo('https://shop.example/wp-json/wc/store/v1/cart', {
        Nonce: 'n0nce',
        'Cart-Token': 'a.b.c',
      });
      expect([...sent.keys()].filter((name) => !CORS_ALLOWED.includes(name))).to.deep.equal([]);
      expect([sent.get('Nonce'), sent.get('Cart-Token'), sent.get('Content-Type')]).to.deep.equal([
        'n0nce',
        'a.b.c',
        'application/json',
      ]);
    });
  });

  describe('queue', () => {
    it('runs tasks one at a time in order, a failure not stopping the rest', async () => {
      const queue = createQueue();
      const events: string[] = [];
      const task =
        (name: string, ms: number, fail = false) =>
        () =>
          new Promise<string>((resolve, reject) => {
            events.push(`start ${name}`);
            setTimeout(() => {
              events.push(`end ${name}`);
              fail ? reject(new Error(name)) : resolve(name);
            }, ms);
          });
      const results = await Promise.allSettled([
        queue.run(task('a', 60)),
        queue.run(task('b', 5, true)),
        queue.run(task('c', 1)),
      ]);
      expect(events).to.deep.equal(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
      expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    });
  });

  describe('WooCommerce classic adapter', () => {
    it('sends add_to_cart requests one at a time, in click order, to the wc-ajax URL', async () => {
      const adapter = wooCommerceClassic();
      await injectFault({ endpoint: 'add_to_cart', delayMs: 400, times: 1 });
      const order: string[] = [];
      const adds = [101, 104, 131].map((id) =>
        adapter.addToCart({ product_id: String(id), quantity: '1' }).then(() => order.push(String(id))),
      );
      await Promise.all(adds);
      expect(order).to.deep.equal(['101', '104', '131']);
      const log = await shopLog('add_to_cart');
      expect(log.map((e) => e.body.product_id)).to.deep.equal(['101', '104', '131']);
      // The second was only sent once the first (delayed 400 ms) had been answered.
      expect(log[1].at - log[0].at).to.be.at.least(390);
    });

    it('reads error + product_url from a failed add', async () => {
      const result = await wooCommerceClassic().addToCart({ product_id: '113', quantity: '1' });
      expect(result.kind).to.equal('error');
      expect(result.kind === 'error' && result.productUrl).to.contain('/product/');
    });

    it('returns null for a remove answered without fragments', async () => {
      expect(await wooCommerceClassic().removeFromCart('no-such-key')).to.equal(null);
    });

    it('builds the live-search URL with the product search action, query and product_cat', () => {
      setPageConfig({ ajaxUrl: '/wp-admin/admin-ajax.php' });
      const url = wooCommerceClassic().searchUrl('blue hood', 'hoodies');
      expect(url).to.equal(
        '/wp-admin/admin-ajax.php?action=flatsome_ajax_search_products&query=blue+hood&product_cat=hoodies',
      );
      expect(wooCommerceClassic().searchUrl('cap')).to.not.contain('product_cat');
    });

    it('posts the quantity change with the theme action and fields', async () => {
      const adapter = wooCommerceClassic();
      await adapter.setQuantity('abc', 3);
      const [entry] = await shopLog('flatsome_ajax_cart_item_alter_quantity');
      expect(entry.body).to.include({
        action: 'flatsome_ajax_cart_item_alter_quantity',
        quantity: '3',
        cart_item_key: 'abc',
      });
    });
  });
});
