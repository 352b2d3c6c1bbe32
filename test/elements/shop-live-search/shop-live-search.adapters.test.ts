// <shop-live-search> over the Store API and Shopify adapters (issue 18): suggestions come from
// the products endpoint or predictive search, and render as with WooCommerce classic.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/shop-live-search/shop-live-search.ts';
import type { ShopLiveSearchElement } from '../../../elements/shop-live-search/shop-live-search.ts';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { ENDPOINTS, eachAdapter } from '../../helpers/adapters.ts';
import { shadowQuery } from '../../helpers/elements.ts';
import { clearFaults, eachShopMode, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(input: HTMLInputElement, value: string): void {
  valueSetter.call(input, value);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
}
const options = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];

async function mount() {
  const el = await fixture<ShopLiveSearchElement>(html`<shop-live-search>
    <form role="search" method="get" action="/">
      <label for="adapter-search">Search for:</label>
      <input type="search" id="adapter-search" name="s" autocomplete="off" />
      <button type="submit">Search</button>
    </form>
  </shop-live-search>`);
  const input = await shadowQuery<HTMLInputElement>(el, 'input[role="combobox"]');
  return { el, input };
}

eachAdapter('<shop-live-search>', (adapter) => {
  eachShopMode('over the adapter', () => {
    beforeEach(resetShop);
    afterEach(clearFaults);

    it('shows the suggestions of the shop with names, matches, images and prices, and passes axe', async () => {
      const { el, input } = await mount();
      input.focus();
      type(input, 'hood');
      await waitUntil(
        () => options(el).some((o) => o.textContent!.includes('Hoodie with Logo')),
        'no suggestions',
        {
          timeout: 5000,
        },
      );
      const [entry] = await shopLog(ENDPOINTS[adapter].search);
      expect(adapter === 'shopify' ? entry.query.q : entry.query.search).to.equal('hood');
      const hoodie = options(el).find(
        (o) => o.querySelector('[part="option-name"]')!.textContent === 'Hoodie',
      )!;
      expect(hoodie.querySelector('[part="option-match"]')!.textContent).to.equal('Hood');
      expect(hoodie.querySelector('[part="option-price"]')!.textContent).to.contain('$42.00');
      expect(hoodie.querySelector('img[part="option-image"]')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });

    it('hides the list when the shop finds nothing, and stays usable after a failed search', async () => {
      const { el, input } = await mount();
      input.focus();
      await injectFault({ endpoint: ENDPOINTS[adapter].search, status: 500, times: 1 });
      const failed = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('shop-search-failed', (e) => resolve(e as CustomEvent), { once: true }),
      );
      type(input, 'belt');
      expect((await failed).detail.message).to.contain('HTTP 500');
      type(input, 'bel');
      await waitUntil(() => options(el).some((o) => o.textContent!.includes('Belt')), 'no suggestions', {
        timeout: 5000,
      });
      type(input, 'zzzz');
      await waitUntil(async () => (await shopLog(ENDPOINTS[adapter].search)).length === 3);
      await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'the list stayed open');
      await waitUntil(() => currentAnnouncement() === 'No products found.');
    });
  });
});
