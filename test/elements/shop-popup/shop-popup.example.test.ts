import { expect, waitUntil } from '@open-wc/testing';

/**
 * examples/shop-popup.html works as a page under the demo server's strict CSP: the loop loads its
 * products from the demo shop, a category filter refreshes it, and a link action opens a popup.
 */
describe('<shop-popup> example page', function () {
  this.timeout(20000);

  it('filters the loop over the demo shop and opens a popup from a link action', async () => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('shop-popup:')) localStorage.removeItem(key);
    const frame = document.createElement('iframe');
    frame.src = '/examples/shop-popup.html';
    frame.width = '1100';
    frame.height = '700';
    const violations: string[] = [];
    try {
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      const win = frame.contentWindow as Window & typeof globalThis;
      const doc = frame.contentDocument!;
      win.addEventListener('securitypolicyviolation', (e) =>
        violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
      const loop = doc.querySelector<HTMLElement>('[data-shop-loop]')!;
      await waitUntil(() => loop.querySelector('li.product'), 'the loop never loaded', { timeout: 8000 });
      const all = Number(loop.querySelector<HTMLElement>('[data-loop-count]')!.dataset.loopCount);
      doc.querySelector<HTMLButtonElement>('[data-filter="bags"]')!.click();
      await waitUntil(
        () => Number(loop.querySelector<HTMLElement>('[data-loop-count]')?.dataset.loopCount) < all,
        'the filter did not narrow the loop',
        { timeout: 8000 },
      );
      expect(new URL(win.location.href).searchParams.get('e-filter-products-product_cat')).to.equal('bags');

      const newsletter = doc.querySelector('shop-popup#newsletter')!;
      await waitUntil(() => newsletter.shadowRoot?.querySelector('dialog'), 'the popup never rendered', {
        timeout: 8000,
      });
      doc.querySelector<HTMLAnchorElement>('a[href*="popup:open"]')!.click();
      await waitUntil(() => newsletter.shadowRoot!.querySelector('dialog')?.open, 'the link did not open it');
      expect(violations.filter((v) => !/^script-src eval .*\/zod\/v4\/core\/util\.js/.test(v))).to.deep.equal(
        [],
      );
    } finally {
      frame.remove();
    }
  });
});
