import { expect, waitUntil } from '@open-wc/testing';
import { eachShopMode, resetShop, shopLog } from '../../helpers/shop.ts';

/**
 * examples/shop-live-search.html works as a page: the header search over the demo shop shows
 * suggestions as you type, under the strict CSP the demo server sends with example pages.
 */
// Against both of the demo shop's manners (issue 11): the page shares this session's cookie.
eachShopMode('<shop-live-search> example page', (mode) =>
  describe('in a frame', function () {
    this.timeout(20000);

    it('suggests products from the demo shop, honouring the category dropdown', async () => {
      await resetShop();
      const frame = document.createElement('iframe');
      frame.src = '/examples/shop-live-search.html';
      frame.width = '900';
      frame.height = '700';
      const violations: string[] = [];
      try {
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        document.body.append(frame);
        await loaded;
        const win = frame.contentWindow as Window & typeof globalThis;
        win.addEventListener('securitypolicyviolation', (e) =>
          violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
        const el = frame.contentDocument!.querySelector('shop-live-search')!;
        await waitUntil(() => el.shadowRoot?.querySelector('input'), 'the element never rendered', {
          timeout: 8000,
        });
        const root = el.shadowRoot!;
        const input = root.querySelector<HTMLInputElement>('input[role="combobox"]')!;
        const select = root.querySelector<HTMLSelectElement>('select')!;
        expect(select.options.length).to.equal(10);
        input.focus();
        const setter = Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, 'hoo');
        input.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true }));
        const names = () => [...root.querySelectorAll('[part="option-name"]')].map((n) => n.textContent);
        await waitUntil(
          () => names().length > 0 && input.getAttribute('aria-expanded') === 'true',
          'no suggestions',
          {
            timeout: 8000,
          },
        );
        expect(names().every((n) => n!.includes('Hoodie'))).to.equal(true);
        // A real shop's answer (object-shaped, entity-encoded, a page row) reads the same way.
        if (mode === 'unkind') expect(names()).to.include('Don\u2019t Forget: Hoodie Care & Washing');
        select.value = 'bags';
        select.dispatchEvent(new win.Event('change', { bubbles: true }));
        const log = async () => (await shopLog()).map((e) => e.query);
        await waitUntil(
          async () => (await log()).some((q) => q.product_cat === 'bags'),
          'category not sent',
          {
            timeout: 8000,
          },
        );
        // zod 4 probes `new Function('')` on its first object parse unless `z.config({ jitless: true })`
        // runs before it; that belongs in shared/ (reported to the lead), so only that probe is let
        // through here. Anything this element does is still caught.
        expect(
          violations.filter((v) => !/^script-src eval .*\/zod\/v4\/core\/util\.js/.test(v)),
        ).to.deep.equal([]);
      } finally {
        frame.remove();
      }
    });
  }),
);
