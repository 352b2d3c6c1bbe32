import { expect, waitUntil } from '@open-wc/testing';
import { clearAdapterTraces, ENDPOINTS, type ShopAdapterName } from '../helpers/adapters.ts';
import { addDirect, clearCartTraces, resetShop, shopLog } from '../helpers/shop.ts';

/**
 * The storefront example page's adapter switch (issue 18): the header's form reloads the page
 * with `?shop=`, the page's script names the choice on the autoloader's script, and the elements
 * then speak that shop API to the demo shop (one cart for all three).
 */

const BEANIE = 101;

describe('storefront example page: the adapter switch', () => {
  let frame: HTMLIFrameElement | undefined;
  beforeEach(async () => {
    await resetShop();
    clearCartTraces();
    clearAdapterTraces();
    await addDirect(BEANIE, 2);
  });
  afterEach(() => {
    frame?.remove();
    clearCartTraces();
    clearAdapterTraces();
  });

  async function open(query: string): Promise<Document> {
    frame = document.createElement('iframe');
    frame.width = '1280';
    frame.height = '800';
    frame.src = `/examples/storefront.html${query}`;
    document.body.append(frame);
    await new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
    return frame.contentDocument!;
  }

  for (const adapter of ['woocommerce', 'store-api', 'shopify'] as ShopAdapterName[]) {
    it(`${adapter}: the select shows it and the mini-cart reads the cart through it`, async function () {
      this.timeout(20000);
      const doc = await open(adapter === 'woocommerce' ? '' : `?shop=${adapter}`);
      const select = doc.querySelector<HTMLSelectElement>('#shop-adapter')!;
      await waitUntil(() => select.value === adapter, 'the select never showed the choice', {
        timeout: 10000,
      });
      expect(doc.querySelector('label[for="shop-adapter"]')!.textContent).to.equal('Shop API');
      const attribute = doc
        .querySelector('script[src$="/elements/autoloader.ts"]')!
        .getAttribute('data-shop-adapter');
      expect(attribute).to.equal(adapter === 'woocommerce' ? null : adapter);
      const count = () =>
        doc.querySelector('shop-mini-cart')?.shadowRoot?.querySelector('.count [aria-hidden]')?.textContent;
      await waitUntil(() => count() === '2', `the mini-cart never showed 2 (showed "${count()}")`, {
        timeout: 15000,
      });
      if (adapter !== 'woocommerce') {
        expect(await shopLog(ENDPOINTS[adapter].refresh)).to.not.have.length(0);
        expect(await shopLog('get_refreshed_fragments')).to.have.length(0);
      }
    });
  }
});
