import { expect, waitUntil } from '@open-wc/testing';
import { addDirect, clearCartTraces, eachShopMode, resetShop } from '../helpers/shop.ts';

/**
 * The WooCommerce cart example page (issue 11): a jQuery script that behaves as WooCommerce's
 * cart.js changes the cart (Update cart posts the form, a remove link is fetched, the cart table is
 * replaced, then `updated_wc_div`), and the <shop-mini-cart> on the same page follows, against the
 * tidy shop and the unkind one (Flatsome's mini-cart lines, integer fragments, real page globals).
 */

const BEANIE = 101;
const BELT = 104;
const PAGE = '/examples/woocommerce-cart.html';

type FrameWindow = Window & {
  jQuery?: ((target: unknown) => { on(name: string, fn: () => void): unknown }) & {
    fn?: { jquery?: string };
  };
};

interface ShopState {
  items: { key: string; productId: number; quantity: number }[];
}
const state = async (): Promise<ShopState> => (await fetch('/__shop/state')).json();

eachShopMode('WooCommerce cart example page', () => {
  let frame: HTMLIFrameElement;
  let doc: Document;
  let events: string[];

  const miniCart = () => doc.querySelector('shop-mini-cart')!;
  const shadow = (selector: string) => miniCart().shadowRoot?.querySelector(selector) ?? null;
  /** The count the mini-cart's launcher shows (its visible badge). */
  const shownCount = () => shadow('.count [aria-hidden]')?.textContent ?? '';
  const row = (name: string) =>
    [...doc.querySelectorAll('.woocommerce-cart-form tr.cart_item')].find(
      (tr) => tr.querySelector('.product-name')?.textContent === name,
    );

  beforeEach(async function () {
    this.timeout(20000);
    await resetShop();
    clearCartTraces();
    await addDirect(BEANIE, 1);
    await addDirect(BELT, 1);
    events = [];
    frame = document.createElement('iframe');
    frame.width = '1024';
    frame.height = '768';
    frame.src = PAGE;
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    doc = frame.contentDocument!;
    const win = frame.contentWindow as FrameWindow;
    await waitUntil(() => doc.querySelector('.woocommerce-cart-form'), 'the cart table never loaded', {
      timeout: 15000,
    });
    expect(win.jQuery?.fn?.jquery, 'the page runs on jQuery').to.be.a('string');
    win.jQuery!(doc.body).on('updated_wc_div', () => events.push('updated_wc_div'));
    await waitUntil(() => shownCount() === '2', `the mini-cart never showed 2 (showed "${shownCount()}")`, {
      timeout: 15000,
    });
  });
  afterEach(() => {
    frame.remove();
    clearCartTraces();
  });

  it('shows the shop’s cart with the update button disabled until a quantity changes', () => {
    expect(row('Beanie')).to.exist;
    expect(row('Belt')).to.exist;
    const update = doc.querySelector<HTMLButtonElement>('.woocommerce-cart-form button[name="update_cart"]')!;
    expect(update.disabled).to.equal(true);
  });

  it('Update cart after a quantity change: the table is replaced, updated_wc_div fires, the mini-cart follows', async () => {
    const qty = row('Beanie')!.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '3';
    qty.dispatchEvent(new (frame.contentWindow as typeof window).Event('change', { bubbles: true }));
    const update = doc.querySelector<HTMLButtonElement>('.woocommerce-cart-form button[name="update_cart"]')!;
    expect(update.disabled, 'a change enables Update cart').to.equal(false);
    update.click();
    await waitUntil(() => events.includes('updated_wc_div'), 'updated_wc_div never fired', { timeout: 5000 });
    // The form was replaced from the shop's answer.
    expect(row('Beanie')!.querySelector<HTMLInputElement>('input.qty')!.value).to.equal('3');
    expect(doc.querySelector('.woocommerce-message')?.textContent).to.contain('Cart updated.');
    expect((await state()).items.find((i) => i.productId === BEANIE)?.quantity).to.equal(3);
    await waitUntil(() => shownCount() === '4', `the mini-cart stayed at "${shownCount()}"`, {
      timeout: 8000,
    });
  });

  it('a remove link: the line goes, updated_wc_div fires, the mini-cart follows', async () => {
    row('Belt')!.querySelector<HTMLAnchorElement>('.product-remove > a')!.click();
    await waitUntil(() => events.includes('updated_wc_div'), 'updated_wc_div never fired', { timeout: 5000 });
    expect(row('Belt')).to.equal(undefined);
    expect(row('Beanie')).to.exist;
    expect((await state()).items.map((i) => i.productId)).to.deep.equal([BEANIE]);
    await waitUntil(() => shownCount() === '1', `the mini-cart stayed at "${shownCount()}"`, {
      timeout: 8000,
    });
  });

  it('removing the last lines empties the cart table and the mini-cart; the demo button fills both again', async () => {
    row('Belt')!.querySelector<HTMLAnchorElement>('.product-remove > a')!.click();
    await waitUntil(() => events.length === 1, 'first remove never finished', { timeout: 5000 });
    row('Beanie')!.querySelector<HTMLAnchorElement>('.product-remove > a')!.click();
    await waitUntil(() => events.length === 2, 'second remove never finished', { timeout: 5000 });
    expect(doc.querySelector('.woocommerce-cart-form')).to.equal(null);
    expect(doc.querySelector('.wc-empty-cart-message')?.textContent).to.contain(
      'Your cart is currently empty.',
    );
    await waitUntil(
      () => shownCount() === '0' || shownCount() === '',
      `the mini-cart stayed at "${shownCount()}"`,
      {
        timeout: 8000,
      },
    );
    expect((await state()).items).to.deep.equal([]);
    // The page's demo button adds through wc-ajax and announces added_to_cart, as add-to-cart.js does.
    doc.querySelector<HTMLButtonElement>('#fill-cart')!.click();
    await waitUntil(() => row('Beanie') && row('Belt'), 'the cart table never came back', { timeout: 8000 });
    await waitUntil(() => shownCount() === '2', `the mini-cart stayed at "${shownCount()}"`, {
      timeout: 8000,
    });
  });
});
