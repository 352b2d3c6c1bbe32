import { expect, waitUntil } from '@open-wc/testing';
import { PAGE_CONTENT_REPLACED, type PageContentReplacedDetail } from '../../../shared/page/cart-page.ts';
import { installedBehaviours, installPageBehaviours, whenInstalled } from '../../../shared/page/index.ts';
import { eachShopMode, resetShop, shopLog } from '../../helpers/shop.ts';
import { mount } from './helpers.ts';

/**
 * spec §2 Cart and checkout: "After its totals update, lazy images, quick view, wishlist, refresh
 * and equal-height behaviours are re-attached", end to end through the page-behaviour registry as
 * the autoloader installs it: WooCommerce's cart.js replaces the totals box with new markup and
 * triggers `updated_cart_totals`; the new box's lazy images get their sources, it is announced
 * with `shop-page-content-replaced`, and a quick-view link in it (a cross-sell) opens the product,
 * even when no quick-view markup was on the page before. (The spec gives no rule for the wishlist,
 * refresh and equal-height behaviours; see the README.)
 */
const CART = `<form class="woocommerce-cart-form"><table class="shop_table"><tr><td>Belt</td></tr></table></form>
<div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2><p>Total: $65.00</p></div></div>`;
const NEW_TOTALS = `<div class="cart_totals calculated_shipping"><h2>Cart totals</h2><p>Total: $83.00</p>
<div class="cross-sells"><h2>You may be interested in…</h2><ul class="products"><li class="product post-101">
<img class="lazy-load" alt="Beanie" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/shop-images/beanie-thumb.svg" width="100" height="100">
<a class="quick-view" data-prod="101" href="#quick-view">Quick View</a></li></ul></div></div>`;

describe('cart page: behaviours re-attached after a totals update (the registry)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    document.querySelector<HTMLDialogElement>('dialog.quick-view-dialog')?.close();
    uninstall();
    view?.remove();
  });

  eachShopMode('a quick-view link and a lazy image in the new totals', () => {
    beforeEach(() => resetShop());

    it('load, announce and open the product', async function () {
      this.timeout(20000);
      view = mount(CART);
      uninstall = installPageBehaviours(view.root, { reducedMotion: true });
      await whenInstalled(view.root);
      expect(installedBehaviours(view.root)).to.include('cart-page');
      expect(installedBehaviours(view.root)).not.to.include('quick-view');

      const announced: Element[] = [];
      const onReplaced = (event: Event) =>
        announced.push((event as CustomEvent<PageContentReplacedDetail>).detail.root);
      document.addEventListener(PAGE_CONTENT_REPLACED, onReplaced);
      const old = view.root.querySelector('.cart_totals')!;
      old.insertAdjacentHTML('afterend', NEW_TOTALS);
      old.remove();
      document.body.dispatchEvent(new Event('updated_cart_totals', { bubbles: true }));
      document.removeEventListener(PAGE_CONTENT_REPLACED, onReplaced);
      const totals = view.root.querySelector('.cart_totals')!;
      expect(announced.length === 1 && announced[0] === totals, 'the new totals announced').to.equal(true);

      const img = totals.querySelector('img')!;
      expect(new URL(img.src).pathname).to.equal('/shop-images/beanie-thumb.svg');
      expect(img.classList.contains('lazy-load')).to.equal(false);

      await whenInstalled(view.root);
      expect(installedBehaviours(view.root)).to.include('quick-view');
      totals.querySelector<HTMLElement>('a.quick-view')!.click();
      const dialog = () => document.querySelector<HTMLDialogElement>('dialog.quick-view-dialog');
      await waitUntil(() => dialog()?.querySelector('.product_title'), 'the quick view shows the product', {
        timeout: 10000,
      });
      expect(dialog()!.querySelector('.product_title')!.textContent).to.equal('Beanie');
      expect(await shopLog('flatsome_quickview')).to.have.length(1);
    });
  });
});
