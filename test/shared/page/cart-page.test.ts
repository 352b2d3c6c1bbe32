import { expect } from '@open-wc/testing';
import {
  installCartPage,
  PAGE_CONTENT_REPLACED,
  type PageContentReplacedDetail,
} from '../../../shared/page/cart-page.ts';
import { pageJQuery } from '../../helpers/woocommerce-scripts.ts';
import { mount } from './helpers.ts';

/** spec §2 Cart and checkout: after the cart page's totals update, its behaviours are re-attached. */
const CART = `<form class="woocommerce-cart-form"><table><tr><td>Hoodie</td></tr></table></form><div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2></div></div>`;
const NEW_TOTALS = `<div class="cart_totals calculated_shipping"><h2>Cart totals</h2><img class="lazy-load" alt="Hoodie" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/shop-images/hoodie-thumb.svg"><img class="lazy-load" alt="Bad" data-src="javascript:alert(1)"><a class="quick-view" data-prod="12" href="#quick-view">Quick view</a></div>`;

describe('cart page: re-attach after a totals update', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let removeJQuery = () => {};
  afterEach(() => {
    uninstall();
    removeJQuery();
    removeJQuery = () => {};
    view?.remove();
  });

  const replaceTotals = () => {
    const old = view.root.querySelector('.cart_totals')!;
    old.insertAdjacentHTML('afterend', NEW_TOTALS);
    old.remove();
    return view.root.querySelector<HTMLElement>('.cart_totals')!;
  };

  for (const [how, trigger] of [
    ['native event', (name: string) => document.body.dispatchEvent(new Event(name, { bubbles: true }))],
    [
      'jQuery event',
      (name: string) =>
        (window as unknown as { jQuery: (el: Element) => { trigger(n: string): void } })
          .jQuery(document.body)
          .trigger(name),
    ],
  ] as const) {
    for (const name of ['updated_cart_totals', 'updated_wc_div']) {
      it(`${name} (${how}): the new container is handed to the registry, its lazy images loaded`, () => {
        if (how === 'jQuery event') removeJQuery = pageJQuery();
        view = mount(CART);
        const reattached: Element[] = [];
        const announced: Element[] = [];
        const onReplaced = (event: Event) =>
          announced.push((event as CustomEvent<PageContentReplacedDetail>).detail.root);
        document.addEventListener(PAGE_CONTENT_REPLACED, onReplaced);
        uninstall = installCartPage(view.root, { reattach: (root) => reattached.push(root) });
        trigger(name);
        expect(reattached).to.have.length(0); // nothing replaced yet
        const totals = replaceTotals();
        trigger(name);
        document.removeEventListener(PAGE_CONTENT_REPLACED, onReplaced);
        expect(reattached).to.deep.equal([totals]);
        expect(announced).to.deep.equal([totals]);
        const [good, bad] = totals.querySelectorAll('img');
        expect(new URL(good!.src).pathname).to.equal('/shop-images/hoodie-thumb.svg');
        expect(good!.loading).to.equal('lazy');
        expect(good!.classList.contains('lazy-load')).to.equal(false);
        expect(bad!.getAttribute('src')).to.equal(null);
        trigger(name);
        expect(reattached).to.have.length(1); // once per new container
      });
    }
  }

  it('stops listening when uninstalled', () => {
    view = mount(CART);
    const reattached: Element[] = [];
    uninstall = installCartPage(view.root, { reattach: (root) => reattached.push(root) });
    expect(installCartPage(view.root)).to.equal(uninstall);
    uninstall();
    replaceTotals();
    document.body.dispatchEvent(new Event('updated_cart_totals'));
    expect(reattached).to.have.length(0);
  });
});
