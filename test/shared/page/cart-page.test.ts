import { expect } from '@open-wc/testing';
import {
  CART_REFRESH_DELAY_MS,
  installCartPage,
  PAGE_CONTENT_REPLACED,
  type PageContentReplacedDetail,
} from '../../../shared/page/cart-page.ts';
import { installPageBehaviours, whenInstalled } from '../../../shared/page/index.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { frames } from '../../helpers/elements.ts';
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

const WISHLIST_BOX =
  () => `<div class="wishlist-icon"><button class="wishlist-button button" aria-label="Wishlist" type="button">♥</button>
<div class="wishlist-popup"><div class="yith-wcwl-add-to-wishlist"><div class="yith-wcwl-add-button"><a href="?add_to_wishlist=102" class="add_to_wishlist">Add to wishlist</a></div></div></div></div>`;

/** The cart form as WooCommerce prints it, with the theme's auto refresh and a cross-sell grid. */
const CART_FORM = (total: string) => `<div class="cart-auto-refresh"></div>
<form class="woocommerce-cart-form" action="/cart/" method="post"><table class="shop_table cart"><tbody>
<tr class="woocommerce-cart-form__cart-item cart_item"><td class="product-name">Hoodie</td>
<td class="product-quantity"><div class="quantity"><label for="qty-1">Quantity</label><input type="number" id="qty-1" class="input-text qty text" name="cart[abc][qty]" value="1" min="0"></div></td></tr>
<tr><td colspan="2"><button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button></td></tr>
</tbody></table></form>
<div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2><p>${total}</p>
<div class="cross-sells"><div class="products row equalize-box large-columns-2 medium-columns-2 small-columns-2">
<div class="col"><div class="product-small box"><div class="box-text"><p class="product-title"><span class="t">Beanie</span></p></div>${WISHLIST_BOX()}</div></div>
<div class="col"><div class="product-small box"><div class="box-text"><p class="product-title"><span class="t">Belt</span></p></div></div></div>
</div></div></div></div>`;

describe('cart page: the cart refresh, and the wishlist and equal-height rows after an update', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view?.remove();
  });
  /** Presses of "Update cart" (held: the form is not sent). */
  const updates = () => {
    const pressed: string[] = [];
    view.root.addEventListener('click', (event) => {
      const target = event.target as Element;
      if (target.matches('button[name="update_cart"]')) {
        event.preventDefault();
        pressed.push('update');
      } else if (target.closest('a')) event.preventDefault();
    });
    return pressed;
  };
  const changeQty = (value: string) => {
    const qty = view.root.querySelector<HTMLInputElement>('.cart_item .qty')!;
    qty.value = value;
    qty.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it(`a quantity change presses "Update cart" ${CART_REFRESH_DELAY_MS} ms after the last change`, () => {
    expect(CART_REFRESH_DELAY_MS).to.equal(1200);
    view = mount(CART_FORM('$45.00'));
    const pressed = updates();
    const clock = fakeClock();
    uninstall = installCartPage(view.root, { clock });
    changeQty('2');
    clock.tick(1000);
    changeQty('3'); // one update for both
    clock.tick(1199);
    expect(pressed).to.deep.equal([]);
    clock.tick(1);
    expect(pressed).to.deep.equal(['update']);
  });

  it('no auto refresh unless the theme asks for it', () => {
    view = mount(CART_FORM('$45.00').replace('<div class="cart-auto-refresh"></div>', ''));
    const pressed = updates();
    const clock = fakeClock();
    uninstall = installCartPage(view.root, { clock });
    changeQty('2');
    clock.tick(5000);
    expect(pressed).to.deep.equal([]);
  });

  it('after updated_wc_div replaced the cart: refresh, wishlist buttons and equal-height rows work on the new markup', async function () {
    this.timeout(20000);
    const clock = fakeClock();
    view = mount('<div class="cart-wrapper"><p>Loading</p></div>');
    const pressed = updates();
    uninstall = installPageBehaviours(view.root, { clock, reducedMotion: true });
    // WooCommerce's cart.js puts the new cart in and says so.
    view.root.querySelector('.cart-wrapper')!.innerHTML = CART_FORM('$90.00');
    const [beanie, belt] = view.root.querySelectorAll<HTMLElement>('.t');
    beanie!.style.cssText = 'display:block;height:20px';
    belt!.style.cssText = 'display:block;height:50px';
    document.body.dispatchEvent(new Event('updated_wc_div'));
    await frames(1); // the registry sees the new markup
    await whenInstalled(view.root);
    await frames(1);

    changeQty('2');
    clock.tick(CART_REFRESH_DELAY_MS);
    expect(pressed).to.deep.equal(['update']);

    const wishlist = view.root.querySelector<HTMLElement>('.wishlist-button')!;
    expect(wishlist.getAttribute('aria-pressed')).to.equal('false');
    wishlist.click();
    expect(wishlist.classList.contains('loading')).to.equal(true);

    const heights = [...view.root.querySelectorAll('.product-title')].map((t) =>
      Math.round(t.getBoundingClientRect().height),
    );
    expect(heights[0]).to.equal(heights[1]);
    expect(heights[0]).to.be.at.least(50);
  });
});
