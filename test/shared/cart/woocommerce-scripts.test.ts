/**
 * Issue 11: the cart behaves like WooCommerce's own scripts on a real shop, and hears them: cart
 * changes made by cart.js, cart-fragments.js and Flatsome reach `$cart`, without loops and
 * without duplicate refreshes; shop replies as a real shop sends them; event order and arguments
 * as WooCommerce's scripts have them.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import jQuery from 'jquery';
import { addToCart, removeCartItem, setCartItemQuantity } from '../../../shared/cart/actions.ts';
import { $cart, refreshCart } from '../../../shared/cart/store.ts';
import { fragmentsResponse } from '../../../shared/shop/schemas.ts';
import { parseMiniCart } from '../../../shared/shop/woocommerce/fragments.ts';
import { setPageConfig } from '../../../shared/stores/page-config.ts';
import { idle } from '../../helpers/elements.ts';
import {
  addDirect,
  eachShopMode,
  injectFault,
  readCart,
  resetStores,
  setShopMode,
  shopLog,
  useCleanCart,
} from '../../helpers/shop.ts';
import {
  cartPageUpdated,
  flatsomeQuantityChange,
  pageJQuery,
  singleProductAdd,
  startCartFragmentsDouble,
} from '../../helpers/woocommerce-scripts.ts';

/**
 * Reads `$cart` as an element would and waits for its jQuery part (loaded in a chunk of its own
 * when the page has jQuery) to listen.
 */
async function startCart(): Promise<void> {
  readCart();
  await import('../../../shared/cart/cart-jquery.ts');
  await Promise.resolve();
}

const refreshes = async () => (await shopLog('get_refreshed_fragments')).length;
const productIds = () => $cart.value!.lines.map((l) => l.productId);

/** Records WooCommerce's jQuery events on document.body while the test runs. */
function recordJQuery(names: string) {
  const seen: { name: string; args: unknown[] }[] = [];
  const handler = (event: { type: string }, ...args: unknown[]) => seen.push({ name: event.type, args });
  jQuery(document.body).on(names, handler);
  return { seen, stop: () => jQuery(document.body).off(names, handler) };
}

/** A mini-cart fragment the way Flatsome prints it: quantity input and line subtotal, no unit price. */
const FLATSOME_MINI_CART = `<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart cart_list product_list_widget">
<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="/cart/?remove_item=k1" class="remove remove_from_cart_button" aria-label="Remove Beanie from cart" data-product_id="101" data-cart_item_key="k1" data-product_sku="woo-beanie">&times;</a>
<a href="/product/beanie/"><img src="/img/beanie.png" alt="">Beanie</a>
<div class="ux-mini-cart-qty"><div class="ux-quantity quantity buttons_added"><input type="button" value="-" class="ux-quantity__button minus"><input type="number" class="input-text qty text" name="cart[k1][qty]" value="2" min="0" max="" step="1"><input type="button" value="+" class="ux-quantity__button plus"></div>
<span class="product-subtotal price-wrapper" data-title="Subtotal"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>36.00</bdi></span></span></div>
</li></ul>
<div class="ux-mini-cart-footer"><p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> <span class="woocommerce-Price-amount amount">$36.00</span></p>
<p class="woocommerce-mini-cart__buttons buttons"><a href="/cart/" class="button wc-forward">View cart</a><a href="/checkout/" class="button checkout wc-forward">Checkout</a></p></div></div>`;

describe('WooCommerce on a real shop (issue 11)', () => {
  const navigated = useCleanCart();
  let dropJQuery = () => {};
  let cartFragments: ReturnType<typeof startCartFragmentsDouble> | undefined;
  beforeEach(() => {
    dropJQuery = pageJQuery();
  });
  afterEach(() => {
    cartFragments?.uninstall();
    cartFragments = undefined;
    resetStores();
    dropJQuery();
  });

  describe("cart changes by WooCommerce's scripts reach $cart (item 1)", () => {
    it("follows cart.js's updated_wc_div with one refresh", async () => {
      await addDirect(101);
      await startCart();
      await waitUntil(() => productIds().length === 1, 'the cart never started');
      const before = await refreshes();
      await addDirect(104); // the cart page changed the cart on the shop
      cartPageUpdated();
      await waitUntil(() => productIds().length === 2, 'the cart stayed stale after updated_wc_div');
      await idle(200);
      expect(await refreshes()).to.equal(before + 1);
    });

    it("follows Flatsome's quantity change (added_to_cart without arguments + updated_wc_div) with one refresh", async () => {
      await addDirect(104);
      await startCart();
      await waitUntil(() => productIds().length === 1);
      const before = await refreshes();
      await flatsomeQuantityChange($cart.value!.lines[0].key, 3);
      await waitUntil(() => $cart.value!.count === 3, 'the quantity change never reached the cart');
      await idle(200);
      expect(await refreshes()).to.equal(before + 1);
    });

    it('takes the cart cart-fragments.js refreshed (wc_fragments_refreshed) from storage, without a request of its own', async () => {
      await addDirect(101);
      await startCart();
      await waitUntil(() => productIds().length === 1);
      cartFragments = startCartFragmentsDouble({ start: false });
      const before = await refreshes();
      await addDirect(104);
      jQuery(document.body).trigger('wc_fragment_refresh'); // cart-fragments.js refreshes
      await waitUntil(() => productIds().length === 2, 'the refreshed cart never reached $cart');
      await idle(200);
      expect(await refreshes()).to.equal(before + 1);
      expect(cartFragments.refreshes).to.equal(1);
    });

    it('takes the cart cart-fragments.js loaded from storage (wc_fragments_loaded)', async () => {
      await startCart(); // no cart yet: known and empty
      await waitUntil(() => $cart.value!.known);
      const { fragments, cart_hash } = await addDirect(109);
      sessionStorage.setItem('wc_fragments', JSON.stringify(fragments));
      sessionStorage.setItem('wc_cart_hash', cart_hash);
      jQuery(document.body).trigger('wc_fragments_loaded');
      await waitUntil(() => productIds().length === 1, 'the stored cart never reached $cart');
      expect(productIds()).to.deep.equal(['109']);
      expect(await refreshes()).to.equal(0);
    });

    it('takes the fragments of a native added_to_cart CustomEvent (single-add-to-cart.js)', async () => {
      dropJQuery(); // single-add-to-cart.js needs no jQuery
      await startCart();
      await waitUntil(() => $cart.value!.known);
      await singleProductAdd(131);
      expect(productIds()).to.deep.equal(['131']);
      expect(await refreshes()).to.equal(0);
    });

    it('never refreshes again because of its own events (no loops)', async () => {
      await addDirect(101);
      await startCart();
      await waitUntil(() => productIds().length === 1);
      cartFragments = startCartFragmentsDouble({ start: false });
      const before = await refreshes();
      expect(await addToCart({ product_id: '104', quantity: '1' })).to.equal('added');
      expect(await removeCartItem($cart.value!.lines[0].key)).to.equal(true);
      await idle(300);
      expect(await refreshes(), 'an add and a remove of our own made a refresh').to.equal(before);
      await refreshCart();
      await idle(300);
      expect(await refreshes(), 'our own wc_fragments_refreshed came back as a refresh').to.equal(before + 1);
    });
  });

  describe('no duplicate refreshes next to cart-fragments.js (item 10)', () => {
    it('lets cart-fragments.js do the start-up refresh and reads the cart it stored', async () => {
      await addDirect(101); // a cart on the shop, nothing stored
      resetStores();
      cartFragments = startCartFragmentsDouble();
      await startCart();
      await waitUntil(() => productIds().length === 1, 'its refresh never reached $cart');
      await idle(200);
      expect(await refreshes()).to.equal(1);
    });

    it('loads the stored cart next to cart-fragments.js without a second wc_fragments_loaded or any request', async () => {
      await addDirect(101);
      await refreshCart(); // stored, matching the cookie
      resetStores();
      const before = await refreshes();
      const record = recordJQuery('wc_fragments_loaded');
      try {
        cartFragments = startCartFragmentsDouble(); // loads the stored cart and says so
        await startCart();
        expect(productIds()).to.deep.equal(['101']);
        await idle(200);
        expect(record.seen.map((s) => s.name)).to.deep.equal(['wc_fragments_loaded']);
        expect(await refreshes()).to.equal(before);
      } finally {
        record.stop();
      }
    });

    it("refreshes itself when cart-fragments.js's refresh brought no cart within the page time-out", async () => {
      await addDirect(101);
      resetStores();
      setPageConfig({ requestTimeout: 300 });
      cartFragments = startCartFragmentsDouble({ start: false }); // bound, but its refresh ended before
      await startCart();
      await idle(100);
      expect(await refreshes(), 'did not wait for cart-fragments.js').to.equal(0);
      await waitUntil(() => productIds().length === 1, 'never refreshed itself', { timeout: 3000 });
      expect(await refreshes()).to.equal(1);
    });

    it('leaves updated_wc_div and wc_fragment_refresh to cart-fragments.js', async () => {
      await addDirect(101);
      cartFragments = startCartFragmentsDouble();
      await startCart();
      await waitUntil(() => productIds().length === 1);
      await addDirect(104);
      const before = await refreshes();
      cartPageUpdated();
      await waitUntil(() => productIds().length === 2);
      jQuery(document.body).trigger('wc_fragment_refresh');
      await idle(300);
      expect(await refreshes()).to.equal(before + 2);
      expect(cartFragments.refreshes).to.equal(3);
    });
  });

  describe('the unkind shop as it is (issue 11: a real WooCommerce + Flatsome shop)', () => {
    const unkind = (extra: Record<string, unknown> = {}) =>
      fetch('/__shop/mode', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'unkind', ...extra }),
      });
    afterEach(() => setShopMode('tidy'));

    it('waits for an add the shop holds longer than the page time-out, and reports it added (item 3)', async () => {
      await unkind({ slowAddMs: 1000 });
      setPageConfig({ requestTimeout: 300 });
      expect(await addToCart({ product_id: '101', quantity: '1' })).to.equal('added');
      expect(productIds()).to.deep.equal(['101']);
      expect($cart.value!.error).to.equal('');
    });

    it("fails an add of a product the shop does not know ({error: true, product_url: false}) without navigating, then shows the shop's cart", async () => {
      await unkind();
      await addDirect(104);
      expect(await addToCart({ product_id: '987654', quantity: '1' })).to.equal('failed');
      expect(navigated).to.deep.equal([]);
      expect($cart.value!.error).to.contain('could not add product 987654');
      await waitUntil(() => productIds().length === 1, 'no refresh after the failed add');
    });

    it('fails an add the shop answers with an empty body (no product_id posted)', async () => {
      await unkind();
      expect(await addToCart({ 'add-to-cart': '101', quantity: '1' })).to.equal('failed');
      expect(navigated).to.deep.equal([]);
      expect($cart.value!.error).to.not.equal('');
    });

    it("reads the theme snippet's integer count and Flatsome's lines from real replies (item 2)", async () => {
      await unkind();
      const host = await fixture<HTMLElement>(html`<p><span class="cart-count">0</span></p>`);
      expect(await addToCart({ product_id: '101', quantity: '2' })).to.equal('added');
      expect($cart.value!.fragments['span.cart-count']).to.equal('2');
      expect(host.textContent).to.equal('2');
      const [line] = $cart.value!.lines;
      expect(line).to.include({ productId: '101', quantity: 2, priceHtml: '' });
      expect(line.totalHtml).to.contain('woocommerce-Price-amount');
    });
  });

  eachShopMode('shop replies', () => {
    describe('a fragments map with non-string values (item 2)', () => {
      it("turns a theme snippet's integer into a string and drops other values, failing nothing", async () => {
        const host = await fixture<HTMLElement>(html`<p><span class="cart-count">0</span></p>`);
        const { fragments } = await addDirect(101, 3);
        await injectFault({
          endpoint: 'get_refreshed_fragments',
          body: {
            fragments: {
              ...fragments,
              'span.cart-count': 3,
              'span.flag': true,
              'div.widget_extra': { html: 'x' },
              'div.none': null,
            },
            cart_hash: 'h3',
          },
        });
        await refreshCart();
        expect($cart.value!.error).to.equal('');
        expect($cart.value!.count).to.equal(3);
        expect($cart.value!.fragments['span.cart-count']).to.equal('3');
        expect($cart.value!.fragments).to.not.have.any.keys('div.widget_extra', 'div.none');
        expect(host.textContent).to.equal('3');
      });

      it('reads an empty array as an empty map', async () => {
        await injectFault({ endpoint: 'get_refreshed_fragments', body: { fragments: [], cart_hash: '' } });
        await refreshCart();
        expect($cart.value!.error).to.equal('');
        expect($cart.value!.known).to.equal(true);
        expect($cart.value!.fragments).to.deep.equal({});
        expect(fragmentsResponse.parse({ fragments: [], cart_hash: null })).to.deep.equal({
          fragments: {},
          cart_hash: '',
        });
      });
    });

    describe('mutations without a time limit, and the true cart after a failure (item 3)', () => {
      it('reports a slow add as added, whatever the page time-out', async () => {
        setPageConfig({ requestTimeout: 200 });
        await injectFault({ endpoint: 'add_to_cart', delayMs: 800, times: 1 });
        expect(await addToCart({ product_id: '101', quantity: '1' })).to.equal('added');
        expect(productIds()).to.deep.equal(['101']);
        expect($cart.value!.error).to.equal('');
      });

      it('waits for slow remove and quantity answers too', async () => {
        setPageConfig({ requestTimeout: 200 });
        await addDirect(101);
        await refreshCart();
        const key = $cart.value!.lines[0].key;
        await injectFault({ endpoint: 'flatsome_ajax_cart_item_alter_quantity', delayMs: 800, times: 1 });
        expect(await setCartItemQuantity(key, 2)).to.equal(true);
        await injectFault({ endpoint: 'remove_from_cart', delayMs: 800, times: 1 });
        expect(await removeCartItem($cart.value!.lines[0].key)).to.equal(true);
        expect(navigated).to.deep.equal([]);
      });

      it('refreshes after a failed add, so the cart shows what the shop has, and keeps the error', async () => {
        await startCart();
        await waitUntil(() => $cart.value!.known);
        await addDirect(104); // the shop has a line the page does not know of
        await injectFault({ endpoint: 'add_to_cart', status: 500, times: 1 });
        expect(await addToCart({ product_id: '101', quantity: '1' })).to.equal('failed');
        await waitUntil(() => productIds().length === 1, 'no refresh after the failed add');
        expect(productIds()).to.deep.equal(['104']);
        expect($cart.value!.error).to.not.equal('');
      });

      it('refreshes after a failed quantity change', async () => {
        await addDirect(104);
        await refreshCart();
        const key = $cart.value!.lines[0].key;
        const before = await refreshes();
        await injectFault({ endpoint: 'flatsome_ajax_cart_item_alter_quantity', status: 500, times: 1 });
        expect(await setCartItemQuantity(key, 2)).to.equal(false);
        await waitUntil(async () => (await refreshes()) === before + 1, 'no refresh after the failure');
        await waitUntil(() => !$cart.value!.busy);
        expect($cart.value!.error).to.not.equal('');
      });
    });

    describe('an error reply without a product page (Minor)', () => {
      it('fails the add on {error: true, product_url: false}, navigating nowhere', async () => {
        await injectFault({ endpoint: 'add_to_cart', body: { error: true, product_url: false }, times: 1 });
        expect(await addToCart({ product_id: '999', quantity: '1' })).to.equal('failed');
        expect(navigated).to.deep.equal([]);
        expect($cart.value!.error).to.contain('could not add product 999');
      });
    });
  });

  describe('events as WooCommerce sends them (items 8, 9)', () => {
    it('hands removed_from_cart the remove link it is given as $button, else the source', async () => {
      await addDirect(101);
      await addDirect(104);
      await refreshCart();
      const [first, second] = $cart.value!.lines;
      const host = document.createElement('shop-mini-cart');
      const link = document.createElement('a');
      const record = recordJQuery('removed_from_cart');
      try {
        await removeCartItem(first.key, host, link);
        await removeCartItem(second.key, host);
      } finally {
        record.stop();
      }
      expect(record.seen.map((s) => (s.args[2] as JQuery)[0])).to.deep.equal([link, host]);
    });

    it('sends wc_fragments_loaded after removed_from_cart, and wc_fragments_refreshed only after a refresh', async () => {
      await addDirect(101);
      await refreshCart();
      const key = $cart.value!.lines[0].key;
      const record = recordJQuery('removed_from_cart wc_fragments_loaded wc_fragments_refreshed');
      try {
        await removeCartItem(key);
        await idle(50);
        expect(record.seen.map((s) => s.name)).to.deep.equal(['removed_from_cart', 'wc_fragments_loaded']);
        await refreshCart();
        expect(record.seen.map((s) => s.name).slice(2)).to.deep.equal(['wc_fragments_refreshed']);
      } finally {
        record.stop();
      }
    });

    it("sends wc_fragments_loaded once where WooCommerce's add-to-cart.js already sends it", async () => {
      // add-to-cart.js answers added_to_cart by putting the fragments on the page, then wc_fragments_loaded.
      const record = recordJQuery('added_to_cart wc_fragments_loaded');
      const addToCartJs = () => jQuery(document.body).trigger('wc_fragments_loaded');
      jQuery(document.body).on('added_to_cart', addToCartJs);
      try {
        expect(await addToCart({ product_id: '101', quantity: '1' })).to.equal('added');
        await idle(50);
        expect(record.seen.map((s) => s.name)).to.deep.equal(['added_to_cart', 'wc_fragments_loaded']);
      } finally {
        record.stop();
        jQuery(document.body).off('added_to_cart', addToCartJs);
      }
    });
  });

  describe("Flatsome's mini-cart markup (Minor)", () => {
    it('reads a line without a unit price: the quantity from its input, the line subtotal as its total', () => {
      const [line] = parseMiniCart(FLATSOME_MINI_CART).lines;
      expect(line).to.include({ key: 'k1', productId: '101', name: 'Beanie', quantity: 2, priceHtml: '' });
      expect(line.totalHtml).to.contain('36.00');
      expect(line.removeData).to.include({
        product_id: '101',
        cart_item_key: 'k1',
        product_sku: 'woo-beanie',
      });
    });
  });
});
