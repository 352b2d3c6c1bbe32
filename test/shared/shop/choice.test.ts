// Choosing the shop adapter (issue 18): one switch, read once, WooCommerce classic by default.
import { expect } from '@open-wc/testing';
import { adapterFor, setShopAdapter, shop } from '../../../shared/shop/adapter.ts';
import { chosenAdapter } from '../../../shared/shop/choice.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';

const globals = window as unknown as Record<string, unknown>;

/** A document with the given head markup (its globals are the page's). */
function doc(head = ''): Document {
  const d = document.implementation.createHTMLDocument('t');
  d.head.innerHTML = head;
  return d;
}

describe('shop adapter choice', () => {
  afterEach(() => {
    delete globals.shop_adapter;
    setShopAdapter(undefined);
  });

  it('is WooCommerce classic when the page names none', () => {
    expect(chosenAdapter(doc())).to.equal('woocommerce');
    expect(shop().searchUrl('a')).to.contain('action=flatsome_ajax_search_products');
  });

  it('reads data-shop-adapter on a script element first, then shop_adapter (global or config script)', () => {
    expect(
      chosenAdapter(doc('<script type="module" src="/x.js" data-shop-adapter="shopify"></script>')),
    ).to.equal('shopify');
    const config = '<script type="application/json" id="shop-config">{"shop_adapter":"store-api"}</script>';
    expect(chosenAdapter(doc(config))).to.equal('store-api');
    globals.shop_adapter = 'shopify';
    expect(chosenAdapter(doc(config))).to.equal('shopify');
    expect(
      chosenAdapter(doc(`<script data-shop-adapter="woocommerce"></script>${config}`)),
      'the attribute wins',
    ).to.equal('woocommerce');
  });

  it('reports an unknown name once, naming the field, and uses classic', async () => {
    let chosen = '';
    const errors = await captureConsoleErrors(() => {
      chosen = chosenAdapter(doc('<script data-shop-adapter="magento"></script>'));
    });
    expect(chosen).to.equal('woocommerce');
    expect(errors).to.have.length(1);
    expect(errors[0])
      .to.contain('data-shop-adapter')
      .and.contain('"magento"')
      .and.contain('store-api, shopify');
    globals.shop_adapter = 42;
    const more = await captureConsoleErrors(() => chosenAdapter(doc()));
    expect(more[0]).to.contain('shop_adapter is 42');
  });

  it('reads the switch once, at the first shop call', () => {
    globals.shop_adapter = 'shopify';
    expect(shop().searchUrl('a').startsWith('/search/suggest.json?q=a')).to.equal(true);
    globals.shop_adapter = 'store-api';
    expect(shop().searchUrl('a').startsWith('/search/suggest.json?q=a'), 'still Shopify').to.equal(true);
  });

  it('answers the synchronous parts of a lazy adapter before its chunk loads', () => {
    const storeApi = adapterFor('store-api');
    expect(storeApi.searchUrl('tee', 'tshirts')).to.equal(
      '/wp-json/wc/store/v1/products?search=tee&per_page=10&category=tshirts',
    );
    expect(storeApi.cartFromFragments({ 'div.widget_shopping_cart_content': '<ul></ul>' }, 'h')).to.equal(
      null,
    );
    expect(adapterFor('woocommerce').addOptionsToCart, 'classic takes option forms').to.be.a('function');
    expect(storeApi.addOptionsToCart, 'the Store API has no option-form add').to.equal(undefined);
  });
});
