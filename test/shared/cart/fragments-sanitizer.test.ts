// Issue 19: the sanitiser is a lazy chunk. While it is on its way, the carts that need it wait,
// in the order they came, each put on the page before its `shop-cart-updated`, and nothing
// unsanitised reaches the page. This file must be the first to load the sanitiser in its page.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { cleanStores } from 'nanostores';
import sinon from 'sinon';
import { READY_WAIT_MS, readyForPage } from '../../../shared/cart/fragments.ts';
import { $cart, setCart } from '../../../shared/cart/store.ts';
import { sanitizer } from '../../../shared/sanitizer.ts';
import type { CartSnapshot } from '../../../shared/shop/cart-types.ts';

const cartOf = (count: number): CartSnapshot => ({
  hash: `h${count}`,
  lines: [],
  count,
  subtotalHtml: '',
  links: [],
  fragments: {
    'span.cart-count': `<span class="cart-count">${count}<img src="x" onerror="window.hacked=true"></span>`,
  },
});

describe('$cart while the sanitiser loads (issue 19)', () => {
  afterEach(() => cleanStores($cart));

  it('puts the carts on the page in order, each before its event; later carts stay synchronous', async () => {
    expect(sanitizer.loaded(), 'another import loaded the sanitiser first').to.equal(undefined);
    const host = await fixture<HTMLElement>(html`<div><span class="cart-count">0</span></div>`);
    const seen: string[] = [];
    const listener = (event: Event) => {
      const { count } = (event as CustomEvent<{ count: number }>).detail;
      seen.push(`${String(count)} shown as ${host.querySelector('.cart-count')!.textContent!}`);
    };
    document.addEventListener('shop-cart-updated', listener);
    try {
      setCart(cartOf(1), 'refreshed');
      setCart(cartOf(2), 'refreshed');
      expect(seen).to.deep.equal([]);
      expect(host.querySelector('.cart-count')!.textContent).to.equal('0');
      await waitUntil(() => seen.length === 2, 'the carts never reached the page');
      expect(seen).to.deep.equal(['1 shown as 1', '2 shown as 2']);
      expect(host.querySelector('img')!.hasAttribute('onerror')).to.equal(false);

      setCart(cartOf(3), 'refreshed');
      expect(seen.at(-1)).to.equal('3 shown as 3');
      // Nothing on the page to replace: no wait either.
      setCart({ ...cartOf(4), fragments: { 'span.elsewhere': '<span>4</span>' } }, 'refreshed');
      expect(seen.at(-1)).to.equal('4 shown as 3');
      expect((window as { hacked?: boolean }).hacked).to.equal(undefined);
    } finally {
      document.removeEventListener('shop-cart-updated', listener);
    }
  });

  it("holds the library's own cart back at most READY_WAIT_MS when the sanitiser's chunk hangs", async () => {
    await fixture(html`<div><span class="cart-count">0</span></div>`);
    const restore = sanitizer.setLoader(() => new Promise(() => {}));
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let ready = false;
      void readyForPage(cartOf(5)).then(() => {
        ready = true;
      });
      await clock.tickAsync(READY_WAIT_MS - 1);
      expect(ready, 'it stopped waiting early').to.equal(false);
      await clock.tickAsync(1);
      expect(ready, 'it waited past the cap').to.equal(true);
      // Nothing on the page matches: no wait at all, chunk or not.
      ready = false;
      void readyForPage({ fragments: { 'span.elsewhere': '<span>5</span>' } }).then(() => {
        ready = true;
      });
      await clock.tickAsync(0);
      expect(ready).to.equal(true);
    } finally {
      clock.restore();
      restore();
    }
  });
});
