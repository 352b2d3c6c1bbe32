import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../../elements/shop-live-search/shop-live-search.ts';
import '../../../elements/shop-mini-cart/shop-mini-cart.ts';
import type { ShopLiveSearchElement } from '../../../elements/shop-live-search/shop-live-search.ts';
import type { ShopMiniCartElement } from '../../../elements/shop-mini-cart/shop-mini-cart.ts';
import { refreshCart } from '../../../shared/cart/store.ts';
import { navigation } from '../../../shared/navigation.ts';
import { setPageConfig } from '../../../shared/stores/page-config.ts';
import { captureConsoleErrors, shadowQuery } from '../../helpers/elements.ts';
import { injectFault, useCleanCart } from '../../helpers/shop.ts';
import { HOSTILE_MINI_CART } from './hostile.ts';

/**
 * Issue 22: the mini-cart and the live search never write an unsafe URL into href/src/srcset, and
 * what they navigate to passes the navigation check (http(s) of the shop's origin).
 */

const checkedAssign = navigation.assign;
const UNSAFE = /^\s*(javascript|data|vbscript|blob):/i;

/** Every URL-bearing attribute in `root` (and its open shadow roots). */
function urlAttributes(root: ParentNode): string[] {
  const out: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    for (const name of ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href']) {
      const value = el.getAttribute(name);
      if (value !== null) out.push(value);
    }
    if (el.shadowRoot) out.push(...urlAttributes(el.shadowRoot));
  }
  return out;
}

describe('hostile URLs in shop replies (issue 22)', function () {
  this.timeout(20000);
  useCleanCart();
  let go: sinon.SinonStub;
  beforeEach(() => {
    navigation.assign = checkedAssign;
    go = sinon.stub(navigation, 'go');
  });
  afterEach(() => go.restore());

  describe('<shop-mini-cart>', () => {
    async function openMiniCart(): Promise<ShopMiniCartElement> {
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = '<shop-mini-cart mode="dropdown"><a href="/cart/">Cart</a></shop-mini-cart>';
      const el = host.firstElementChild as ShopMiniCartElement;
      await shadowQuery(el, 'button.launcher');
      await injectFault({
        endpoint: 'get_refreshed_fragments',
        body: { fragments: { 'div.widget_shopping_cart_content': HOSTILE_MINI_CART }, cart_hash: 'hostile' },
      });
      await refreshCart();
      el.shadowRoot!.querySelector<HTMLButtonElement>('button.launcher')!.click();
      await waitUntil(() => el.shadowRoot!.querySelectorAll('.line').length === 2, 'the lines never showed');
      return el;
    }

    it('writes no unsafe URL from a hostile fragment into href, src or srcset', async () => {
      const el = await openMiniCart();
      const urls = urlAttributes(el.shadowRoot!);
      expect(urls.filter((u) => UNSAFE.test(u))).to.deep.equal([]);
      expect(el.shadowRoot!.querySelectorAll('img[part="line-image"]').length).to.equal(0);
      const names = [...el.shadowRoot!.querySelectorAll('.line .name')].map((n) => n.textContent?.trim());
      expect(names).to.deep.equal(['Beanie', 'Belt']);
    });

    it('does not follow a foreign remove link when the remove fails', async () => {
      const el = await openMiniCart();
      await injectFault({ endpoint: 'remove_from_cart', status: 500 });
      const error = sinon.stub(console, 'error');
      let errors: string[];
      try {
        el.shadowRoot!.querySelector<HTMLButtonElement>('.line .remove')!.click();
        await waitUntil(() => error.called, 'the refusal was never reported', { timeout: 4000 });
      } finally {
        error.restore();
        errors = error.getCalls().map((c) => c.args.map(String).join(' '));
      }
      expect(go.called).to.equal(false);
      expect(
        errors.filter((e) => e.includes('refused to navigate to "https://evil.example/')),
      ).to.have.length(1);
    });
  });

  describe('<shop-live-search>', () => {
    const SUGGESTIONS = [
      {
        id: 1,
        value: 'Script',
        url: 'javascript:window.__searchPwned=1',
        img: 'javascript:window.__searchPwned=2',
      },
      {
        id: 2,
        value: 'Data',
        url: 'data:text/html,<script>alert(1)</script>',
        img: 'data:image/svg+xml,<svg/>',
      },
      { id: 3, value: 'Foreign', url: 'https://evil.example/p/', img: '/img/ok.png' },
    ];

    async function search(): Promise<ShopLiveSearchElement> {
      setPageConfig({ searchLatency: 0 });
      await injectFault({ endpoint: 'flatsome_ajax_search_products', body: { suggestions: SUGGESTIONS } });
      const el = await fixture<ShopLiveSearchElement>(html`
        <shop-live-search>
          <form role="search" method="get" action="/">
            <label for="hostile-search">Search for:</label>
            <input type="search" id="hostile-search" name="s" autocomplete="off" />
            <button type="submit">Search</button>
          </form>
        </shop-live-search>
      `);
      const input = await shadowQuery<HTMLInputElement>(el, 'input[role="combobox"]');
      input.focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'hostile');
      input.dispatchEvent(
        new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }),
      );
      await waitUntil(
        () => el.shadowRoot!.querySelectorAll('[role="option"]').length === 3,
        'no suggestions',
        {
          timeout: 4000,
        },
      );
      return el;
    }

    it('writes no unsafe suggestion image into src', async () => {
      const el = await search();
      const srcs = [...el.shadowRoot!.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
      expect(srcs).to.deep.equal([new URL('/img/ok.png', document.baseURI).href]);
      expect(urlAttributes(el.shadowRoot!).filter((u) => UNSAFE.test(u))).to.deep.equal([]);
    });

    it('never navigates to a javascript:, data: or foreign suggestion', async () => {
      const el = await search();
      const errors = await captureConsoleErrors(async () => {
        for (const option of el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')) option.click();
        await new Promise((r) => setTimeout(r, 50));
      });
      expect(go.called).to.equal(false);
      expect((window as { __searchPwned?: number }).__searchPwned).to.equal(undefined);
      // The foreign one is an http(s) URL: the navigation check refuses it, with one error.
      expect(
        errors.filter((e) => e.includes('refused to navigate to "https://evil.example/p/"')),
      ).to.have.length(1);
    });
  });
});
