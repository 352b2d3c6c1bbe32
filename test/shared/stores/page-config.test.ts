import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { setCartItemQuantity } from '../../../shared/cart/actions.ts';
import { $cart, refreshCart } from '../../../shared/cart/store.ts';
import { installAddToCartButtons } from '../../../shared/page/add-to-cart-buttons.ts';
import { $moneyFormat, $pageConfig, reloadPageConfig } from '../../../shared/stores/page-config.ts';
import { addDirect, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';

/**
 * The page parameters WooCommerce prints (spec §7: ajax URLs, request time-out; §4: cart URL,
 * cart_redirect_after_add) reach the requests and navigations themselves: each test sets a
 * value the defaults do not have and fails if the library used its default instead.
 */
type Globals = Record<string, unknown>;
const GLOBALS = [
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'flatsomeVars',
  'woocommerce_params',
  'shop_currency',
];

function setGlobals(globals: Globals) {
  Object.assign(window, globals);
  reloadPageConfig();
}

describe('page parameters', () => {
  const navigated = useCleanCart();
  let fetchSpy: sinon.SinonSpy<Parameters<typeof fetch>, ReturnType<typeof fetch>>;
  let uninstall = () => {};
  beforeEach(() => {
    fetchSpy = sinon.spy(window, 'fetch');
  });
  afterEach(() => {
    fetchSpy.restore();
    uninstall();
    for (const name of GLOBALS) delete (window as unknown as Globals)[name];
    document.querySelector('script#shop-config[data-test]')?.remove();
    reloadPageConfig();
  });

  const requestedUrls = () => fetchSpy.getCalls().map((call) => String(call.args[0]));

  it('sends wc-ajax requests to the printed wc_ajax_url', async () => {
    setGlobals({ wc_cart_fragments_params: { wc_ajax_url: '/?wc-ajax=%%endpoint%%&lang=fr' } });
    await refreshCart();
    expect(requestedUrls()).to.include('/?wc-ajax=get_refreshed_fragments&lang=fr');
    expect($cart.get().known).to.equal(true);
  });

  it('sends admin-ajax actions to the printed ajax_url', async () => {
    setGlobals({ wc_add_to_cart_params: { ajax_url: '/wp-admin/admin-ajax.php?lang=fr' } });
    const { fragments } = await addDirect(101);
    const key = /data-cart_item_key="([^"]+)"/.exec(fragments['div.widget_shopping_cart_content'])![1];
    expect(await setCartItemQuantity(key, 2)).to.equal(true);
    expect(requestedUrls()).to.include('/wp-admin/admin-ajax.php?lang=fr');
    expect((await shopLog('flatsome_ajax_cart_item_alter_quantity')).length).to.equal(1);
  });

  it('gives up after the printed request_timeout (a string, as WooCommerce prints it)', async () => {
    setGlobals({ wc_cart_fragments_params: { request_timeout: '300' } });
    expect($pageConfig.get().requestTimeout).to.equal(300);
    await injectFault({ endpoint: 'get_refreshed_fragments', hang: true });
    const error = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('shop-cart-error', (e) => resolve(e as CustomEvent), { once: true }),
    );
    await refreshCart();
    expect((await error).detail.message).to.contain('within 300 ms');
  });

  it('goes to the printed cart_url after an add when cart_redirect_after_add is "yes"', async () => {
    setGlobals({ wc_add_to_cart_params: { cart_url: '/basket/', cart_redirect_after_add: 'yes' } });
    uninstall = installAddToCartButtons({ force: true });
    const holder = await fixture<HTMLElement>(
      html`<p><a href="?add-to-cart=101" class="button ajax_add_to_cart" data-product_id="101">Add</a></p>`,
    );
    holder.querySelector('a')!.click();
    await waitUntil(() => navigated.length === 1, 'no navigation');
    expect(navigated).to.deep.equal(['/basket/']);
  });

  it('stays on the page when cart_redirect_after_add is anything but "yes"', async () => {
    setGlobals({ wc_add_to_cart_params: { cart_url: '/basket/', cart_redirect_after_add: 'no' } });
    uninstall = installAddToCartButtons({ force: true });
    const holder = await fixture<HTMLElement>(
      html`<p><a href="?add-to-cart=101" class="button ajax_add_to_cart" data-product_id="101">Add</a></p>`,
    );
    const button = holder.querySelector('a')!;
    button.click();
    await waitUntil(() => button.classList.contains('added'), 'never added');
    expect(navigated).to.deep.equal([]);
    expect(button.nextElementSibling?.getAttribute('href')).to.equal('/basket/');
  });

  it("sends wc-ajax requests and admin-ajax actions to woocommerce_params' URLs when only it is printed (issue 11 item 5)", async () => {
    // A shop in a sub-path with a language prefix: woocommerce_params is on every WooCommerce page.
    setGlobals({
      woocommerce_params: {
        ajax_url: '/wp-admin/admin-ajax.php?lang=de',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%&lang=de',
        i18n_password_show: 'Show password',
      },
    });
    await refreshCart();
    expect(requestedUrls()).to.include('/?wc-ajax=get_refreshed_fragments&lang=de');
    const { fragments } = await addDirect(101);
    const key = /data-cart_item_key="([^"]+)"/.exec(fragments['div.widget_shopping_cart_content'])![1];
    expect(await setCartItemQuantity(key, 2)).to.equal(true);
    expect(requestedUrls()).to.include('/wp-admin/admin-ajax.php?lang=de');
  });

  it('takes the money format from the page config, not from the printed woocommerce_params global (which has none)', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.dataset.test = '';
    script.textContent = JSON.stringify({
      woocommerce_params: { currency: { symbol: '€', decimal_separator: ',', position: 'right_space' } },
    });
    document.head.prepend(script);
    // WooCommerce's own global, as printed on every page: URLs and texts, no currency.
    setGlobals({
      woocommerce_params: { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%' },
    });
    expect($moneyFormat.get()).to.include({
      currencySymbol: '€',
      decimalSeparator: ',',
      position: 'right_space',
    });
    setGlobals({ shop_currency: { symbol: '£', position: 'left' } });
    expect($moneyFormat.get()).to.include({ currencySymbol: '£', position: 'left' });
  });

  it('reads the same objects from <script id="shop-config"> when the page prints no globals', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.dataset.test = '';
    script.textContent = JSON.stringify({
      wc_cart_fragments_params: { wc_ajax_url: '/?wc-ajax=%%endpoint%%&from=config', request_timeout: 1234 },
      woocommerce_params: {
        currency: { symbol: '€', decimal_separator: ',', thousand_separator: '.', position: 'right_space' },
      },
    });
    document.head.prepend(script);
    reloadPageConfig();
    expect($pageConfig.get().requestTimeout).to.equal(1234);
    expect($moneyFormat.get()).to.include({
      currencySymbol: '€',
      decimalSeparator: ',',
      position: 'right_space',
    });
    await refreshCart();
    expect(requestedUrls()).to.include('/?wc-ajax=get_refreshed_fragments&from=config');
  });
});
