import { expect, fixture, html } from '@open-wc/testing';
import jQuery from 'jquery';
import sinon from 'sinon';
import { emit } from '../../../shared/events.ts';
import { local, session } from '../../../shared/storage.ts';
import { resetConsent, setConsent } from '../../../shared/stores/consent.ts';
import {
  type AnalyticsProduct,
  BLOCK_ACTIONS,
  createAnalytics,
  formatPrice,
  type Ga4wConfig,
  HELD_PURCHASES_KEY,
  MISSING_CONFIG_WARNING,
  startAnalytics,
  warnIfConfigMissing,
  wireAnalytics,
} from '../../../shared/tracking/analytics.ts';
import { startConsentMode, toConsentMode } from '../../../shared/tracking/consent-mode.ts';

// spec §7 Analytics events, §3 Analytics item/cart/order, §8 analytics rows, §9 Storefront helpers.
const hoodie: AnalyticsProduct = {
  id: 12,
  sku: 'HD-1',
  name: 'Hoodie',
  categories: [
    { name: 'Clothing' },
    { name: 'Tops' },
    { name: 'Hoodies' },
    { name: 'Sale' },
    { name: 'Winter' },
    { name: 'Extra' },
  ],
  prices: { price: '4500', currency_minor_unit: 2 },
};
const yen: AnalyticsProduct = { id: 7, name: 'Tea', prices: { price: '1200', currency_minor_unit: 0 } };
const cart = {
  coupons: [{ code: 'SPRING' }],
  totals: { currency_code: 'EUR', total_price: '9500', currency_minor_unit: 2 },
  items: [
    {
      ...hoodie,
      key: 'abc',
      quantity: 2,
      price_after_coupon_discount: '4000',
      variation: [{ attribute: 'Size', value: 'L' }],
    },
  ],
};
const order = {
  id: 1001,
  affiliation: 'Demo shop',
  totals: {
    currency_code: 'EUR',
    total_price: '9500',
    tax_total: '1500',
    shipping_total: '500',
    currency_minor_unit: 2,
  },
  items: [{ ...hoodie, quantity: 2 }],
};

const HOODIE_ITEM = {
  item_id: 12,
  item_name: 'Hoodie',
  item_category: 'Clothing',
  item_category2: 'Tops',
  item_category3: 'Hoodies',
  item_category4: 'Sale',
  item_category5: 'Winter',
};

describe('analytics', () => {
  let tracker: sinon.SinonSpy;
  let stops: (() => void)[] = [];

  beforeEach(() => {
    tracker = sinon.spy();
    (window as unknown as Record<string, unknown>).testTag = tracker;
    resetConsent();
    setConsent({ statistics: 'granted' });
    local.remove('shop_ga4_purchases');
    session.remove(HELD_PURCHASES_KEY);
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    resetConsent();
    delete (window as unknown as Record<string, unknown>).testTag;
    delete (window as { jQuery?: unknown }).jQuery;
    delete window.ga4w;
    delete window.wp;
    local.remove('shop_ga4_purchases');
    session.remove(HELD_PURCHASES_KEY);
  });

  function setup(config: Ga4wConfig = {}, doc: Document = document) {
    const analytics = createAnalytics({
      settings: { tracker_function_name: 'testTag', ...config.settings },
      data: config.data,
    });
    const unwire = wireAnalytics(analytics, config.data ?? {}, doc);
    stops.push(unwire, () => analytics.stop());
    return analytics;
  }
  const events = () =>
    tracker
      .getCalls()
      .filter((c) => c.args[0] === 'event')
      .map((c) => [c.args[1], c.args[2]]);

  describe('events and item shape', () => {
    it('view_item_list as the integration sends it: list engagement / Viewing products, the list name per item (issue 21 §6)', () => {
      setup({
        data: { events: ['view_item_list'], products: [hoodie, yen], list_name: 'Search Results: "tea"' },
      });
      expect(events()).to.deep.equal([
        [
          'view_item_list',
          {
            item_list_id: 'engagement',
            item_list_name: 'Viewing products',
            items: [
              { ...HOODIE_ITEM, item_list_name: 'Search Results: "tea"', price: 45, index: 1 },
              {
                item_id: 7,
                item_name: 'Tea',
                item_list_name: 'Search Results: "tea"',
                price: 1200,
                index: 2,
              },
            ],
          },
        ],
      ]);
    });

    it('view_item with the default list name', () => {
      setup({ data: { events: { 0: 'view_item' }, product: hoodie } });
      expect(events()).to.deep.equal([
        ['view_item', { items: [{ ...HOODIE_ITEM, item_list_name: 'Product List', price: 45 }] }],
      ]);
    });

    it('begin_checkout with coupon, variant and the discount after coupon', () => {
      setup({ data: { events: ['begin_checkout'], cart } });
      expect(events()).to.deep.equal([
        [
          'begin_checkout',
          {
            currency: 'EUR',
            value: 95,
            coupon: 'SPRING',
            items: [{ ...HOODIE_ITEM, quantity: 2, price: 40, item_variant: 'Size: L', discount: 5 }],
          },
        ],
      ]);
    });

    it("begin_checkout carries the cart's tax and shipping totals (spec §3 Analytics cart)", () => {
      const taxed = {
        ...cart,
        totals: { ...cart.totals, total_tax: '1583', total_shipping: '490', currency_minor_unit: 2 },
      };
      setup({ data: { events: ['begin_checkout'], cart: taxed } });
      const [[name, params]] = events() as [[string, Record<string, unknown>]];
      expect(name).to.equal('begin_checkout');
      expect(params).to.include({ currency: 'EUR', value: 95, tax: 15.83, shipping: 4.9, coupon: 'SPRING' });
    });

    it('an item priced by its line total when it has one (bundles), else by its price', () => {
      const bundle: AnalyticsProduct = {
        ...hoodie,
        prices: { price: '4500', currency_minor_unit: 2 },
        totals: { line_total: '12000' },
      };
      setup({
        data: { events: ['begin_checkout'], cart: { ...cart, coupons: [], items: [bundle, hoodie] } },
      });
      const [[, params]] = events() as [[string, { items: Array<{ price: number }> }]];
      expect(params.items.map((item) => item.price)).to.deep.equal([120, 45]);
    });

    it('purchase once per transaction id, even after a reload', () => {
      const config = { data: { events: ['purchase'], order } };
      setup(config);
      expect(events()).to.deep.equal([
        [
          'purchase',
          {
            transaction_id: 1001,
            affiliation: 'Demo shop',
            currency: 'EUR',
            value: 95,
            tax: 15,
            shipping: 5,
            items: [{ ...HOODIE_ITEM, quantity: 2, price: 45 }],
          },
        ],
      ]);
      setup(config); // the thank-you page again
      expect(events()).to.have.length(1);
      setup({ data: { events: ['purchase'], order: { ...order, id: 1002 } } });
      expect(events()).to.have.length(2);
    });

    it('add_to_cart from a page button, by data-product_id, with the quantity of the event', async () => {
      setup({ data: { products: [hoodie] } });
      const button = await fixture<HTMLAnchorElement>(
        html`<a href="?add-to-cart=12" class="ajax_add_to_cart" data-product_id="12">Add</a>`,
      );
      emit(button, 'shop-cart-item-added', { productId: '', quantity: 3, data: {}, cartHash: 'h' });
      expect(events()).to.deep.equal([
        ['add_to_cart', { items: [{ ...HOODIE_ITEM, quantity: 3, price: 45 }] }],
      ]);
    });

    it('add_to_cart from an element host with the id in the detail', async () => {
      setup({ data: { products: [yen] } });
      const host = await fixture(html`<div></div>`);
      emit(host, 'shop-cart-item-added', { productId: '7', quantity: 1, data: {}, cartHash: 'h' });
      expect(events()).to.deep.equal([
        ['add_to_cart', { items: [{ item_id: 7, item_name: 'Tea', quantity: 1, price: 1200 }] }],
      ]);
    });

    it('remove_from_cart by cart line key', () => {
      setup({ data: { cart } });
      emit(document.body, 'shop-cart-item-removed', { key: 'abc', productId: '' });
      const [[name, params]] = events() as [string, { items: Record<string, unknown>[] }][];
      expect(name).to.equal('remove_from_cart');
      expect(params.items[0]).to.include({ item_id: 12, quantity: 2, item_variant: 'Size: L' });
    });

    it('search and select_content from our search events', () => {
      setup({ data: { products: [hoodie] } });
      emit(document.body, 'shop-search-submitted', { query: 'red hoodie', category: '' });
      emit(document.body, 'shop-search-selected', {
        query: 'hood',
        category: '',
        id: 12,
        value: 'Hoodie',
        url: '/p/12',
      });
      emit(document.body, 'shop-search-selected', {
        query: 'hood',
        category: '',
        id: 55,
        value: 'Cap',
        url: '/p/55',
      });
      emit(document.body, 'shop-search-selected', {
        query: 'hood',
        category: '',
        id: -1,
        value: 'All',
        url: '',
      });
      expect(events()).to.deep.equal([
        ['search', { search_term: 'red hoodie' }],
        ['select_content', { content_type: 'product', content_id: 12 }],
        ['select_content', { content_type: 'product', content_id: 55 }],
      ]);
    });

    it('select_content from a classic listing product link', async () => {
      setup({ data: { products: [hoodie] } });
      const list = await fixture(html`<ul class="products"><li class="product">
        <a class="woocommerce-loop-product__link" href="#p"><span>Hoodie</span></a>
        <a class="button add_to_cart_button" data-product_id="12" href="#a">Add</a></li></ul>`);
      list.querySelector<HTMLElement>('.add_to_cart_button')!.click();
      list.querySelector('span')!.click();
      expect(events()).to.deep.equal([['select_content', { content_type: 'product', content_id: 12 }]]);
    });

    it('prices from minor units', () => {
      expect(formatPrice('1999', 2)).to.equal(19.99);
      expect(formatPrice('1999', 3)).to.equal(1.999);
      expect(formatPrice('1999', 0)).to.equal(1999);
    });

    it('skips events the shop did not enable', () => {
      setup({ settings: { events: ['search'] }, data: { events: ['view_item'], product: hoodie } });
      emit(document.body, 'shop-search-submitted', { query: 'x', category: '' });
      expect(events().map(([name]) => name)).to.deep.equal(['search']);
    });
  });

  describe('consent', () => {
    it('with a consent source, sends nothing before statistics consent, then the waiting events', () => {
      resetConsent();
      setConsent({}); // a CMP on the page, no decision yet
      setup({ data: { events: ['view_item'], product: hoodie } });
      emit(document.body, 'shop-search-submitted', { query: 'x', category: '' });
      expect(tracker.called).to.equal(false);
      setConsent({ statistics: 'granted' });
      expect(events().map(([name]) => name)).to.deep.equal(['view_item', 'search']);
    });

    it('keeps waiting events while statistics is undecided, drops them when it is denied', () => {
      resetConsent();
      setConsent({});
      setup({ data: {} });
      emit(document.body, 'shop-search-submitted', { query: 'x', category: '' });
      setConsent({ marketing: 'granted' }); // statistics still undecided: kept
      setConsent({ statistics: 'denied' });
      setConsent({ statistics: 'granted' });
      expect(tracker.called).to.equal(false);
    });

    it('a purchase held while consent is pending is kept in session storage until the visitor decides (issue 21 §4)', () => {
      resetConsent();
      setConsent({});
      const config = { data: { events: ['purchase'], order } };
      setup(config);
      expect(JSON.parse(session.get(HELD_PURCHASES_KEY)!)).to.have.length(1);
      for (const stop of stops.splice(0)) stop(); // the shopper leaves the thank-you page
      setup({ data: {} }); // the next page of the session
      expect(tracker.called).to.equal(false);
      setConsent({ statistics: 'granted' });
      expect(
        events().map(([name, params]) => [name, (params as { transaction_id: number }).transaction_id]),
      ).to.deep.equal([['purchase', 1001]]);
      expect(session.get(HELD_PURCHASES_KEY)).to.equal(null);
    });

    it('a held purchase is dropped when the visitor denies statistics', () => {
      resetConsent();
      setConsent({});
      setup({ data: { events: ['purchase'], order } });
      setConsent({ statistics: 'denied' });
      expect(session.get(HELD_PURCHASES_KEY)).to.equal(null);
      setup({ data: {} });
      setConsent({ statistics: 'granted' });
      expect(tracker.called).to.equal(false);
    });

    it('passes consent updates to the tracker as consent mode expects', () => {
      const stop = startConsentMode({ trackerName: 'testTag' });
      stops.push(stop);
      expect(tracker.firstCall.args).to.deep.equal(['consent', 'update', { analytics_storage: 'granted' }]);
      setConsent({ marketing: 'granted', statistics: 'denied' });
      expect(tracker.lastCall.args[2]).to.deep.equal({
        analytics_storage: 'denied',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
      });
      expect(toConsentMode({ statistics: 'denied', marketing: 'denied' })).to.deep.equal({
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      });
    });

    it('queues on window.dataLayer with a gtag stub when the page has no tracker yet', () => {
      const win = window as unknown as Record<string, unknown>;
      const savedLayer = win.dataLayer;
      win.dataLayer = [];
      try {
        stops.push(startConsentMode({ trackerName: 'noSuchTag' }));
        const entry = (win.dataLayer as IArguments[])[0];
        expect(Object.prototype.toString.call(entry)).to.equal('[object Arguments]');
        expect([...entry]).to.deep.equal(['consent', 'update', toConsentMode({ statistics: 'granted' })]);
      } finally {
        win.dataLayer = savedLayer;
        delete win.noSuchTag;
      }
    });
  });

  describe('WooCommerce triggers (issue 21 §5)', () => {
    const withJQuery = () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
    };

    it("counts adds and removals made by WooCommerce's own scripts (jQuery added_to_cart / removed_from_cart with their button)", async () => {
      withJQuery();
      setup({ data: { products: [hoodie], cart } });
      const box = await fixture(html`<div>
        <a class="button add_to_cart_button ajax_add_to_cart" data-product_id="12" data-quantity="2" href="#">Add</a>
        <a class="remove remove_from_cart_button" data-product_id="12" data-cart_item_key="abc" href="#">×</a></div>`);
      jQuery(document.body).trigger('added_to_cart', [
        {},
        'hash',
        jQuery(box.querySelector('.ajax_add_to_cart')!),
      ]);
      jQuery(document.body).trigger('removed_from_cart', [{}, 'hash', jQuery(box.querySelector('.remove')!)]);
      expect(events()).to.deep.equal([
        ['add_to_cart', { items: [{ ...HOODIE_ITEM, quantity: 2, price: 45 }] }],
        [
          'remove_from_cart',
          { items: [{ ...HOODIE_ITEM, quantity: 2, price: 40, item_variant: 'Size: L', discount: 5 }] },
        ],
      ]);
    });

    it('counts cart-page remove links', async () => {
      setup({ data: { cart } });
      const form =
        await fixture(html`<form class="woocommerce-cart-form"><table><tr class="woocommerce-cart-form__cart-item cart_item">
        <td><a href="#r" class="remove" data-product_id="12" data-product_sku="HD-1">×</a></td></tr></table></form>`);
      form.addEventListener('click', (e) => e.preventDefault());
      form.querySelector<HTMLElement>('.remove')!.click();
      expect(events().map(([name]) => name)).to.deep.equal(['remove_from_cart']);
    });

    it("follows the blocks' actions (All Products, single product, Cart and Checkout blocks)", () => {
      const actions = new Map<string, (input: unknown) => void>();
      window.wp = {
        hooks: {
          addAction: (hook: string, _ns: string, callback: (input: unknown) => void) =>
            actions.set(hook, callback),
          removeAction: (hook: string) => actions.delete(hook),
        },
      } as unknown as typeof window.wp;
      setup({ data: {} });
      const doAction = (hook: string, input: unknown) =>
        actions.get(`experimental__woocommerce_blocks-${hook}`)?.(input);
      doAction('product-list-render', { products: [hoodie], listName: 'All products' });
      doAction('product-render', { product: hoodie, listName: 'Single' });
      doAction('product-view-link', { product: hoodie });
      doAction('cart-add-item', { product: yen, quantity: 2 });
      doAction('cart-remove-item', { product: yen, quantity: 1 });
      doAction('checkout-render-checkout-form', { storeCart: cart });
      expect(events().map(([name]) => name)).to.deep.equal([
        'view_item_list',
        'view_item',
        'select_content',
        'add_to_cart',
        'remove_from_cart',
        'begin_checkout',
      ]);
      expect((events()[3][1] as { items: unknown[] }).items).to.deep.equal([
        { item_id: 7, item_name: 'Tea', quantity: 2, price: 1200 },
      ]);
      for (const stop of stops.splice(0)) stop();
      expect([...actions.keys()].filter((k) => k in BLOCK_ACTIONS)).to.deep.equal([]);
    });

    it('counts Product Collection block cards: add button (once, even when an added event follows) and selections', async () => {
      withJQuery();
      setup({ data: { products: [hoodie] } });
      const list =
        await fixture(html`<ul class="wc-block-product-template"><li class="wc-block-product product wp-block-post">
        <div class="wc-block-components-product-image"><a href="#p"><img alt="Hoodie"></a></div>
        <h3 class="wp-block-post-title"><a href="#p">Hoodie</a></h3>
        <div class="wc-block-components-product-button"><button class="add_to_cart_button" data-product_id="12">Add</button></div></li></ul>`);
      list.addEventListener('click', (e) => e.preventDefault());
      const button = list.querySelector<HTMLElement>('button')!;
      button.click();
      jQuery(document.body).trigger('added_to_cart', [{}, 'hash', jQuery(button)]);
      list.querySelector<HTMLElement>('.wp-block-post-title a')!.click();
      list.querySelector<HTMLElement>('img')!.click();
      expect(events().map(([name]) => name)).to.deep.equal([
        'add_to_cart',
        'select_content',
        'select_content',
      ]);
    });
  });

  describe('no made-up items (issue 21 §7)', () => {
    it('skips an add of a product the page data does not hold (our event and WooCommerce’s)', async () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
      setup({ settings: { identifier: 'product_sku' }, data: { products: [hoodie] } });
      const button = await fixture<HTMLElement>(
        html`<a class="ajax_add_to_cart" data-product_id="99" data-product_sku="TEA-9" href="#">Add</a>`,
      );
      emit(button, 'shop-cart-item-added', { productId: '99', quantity: 1, data: {}, cartHash: 'h' });
      jQuery(document.body).trigger('added_to_cart', [{}, 'hash', jQuery(button)]);
      expect(tracker.called).to.equal(false);
    });

    it('never an add_to_cart without a price', async () => {
      setup({ data: { products: [{ id: 5, name: 'Mystery' }] } });
      emit(await fixture(html`<div></div>`), 'shop-cart-item-added', {
        productId: '5',
        quantity: 1,
        data: {},
        cartHash: 'h',
      });
      expect(tracker.called).to.equal(false);
    });

    it('never a raw numeric id when the shop reports SKUs', () => {
      setup({ settings: { identifier: 'product_sku' }, data: { products: [hoodie] } });
      const select = (id: number) =>
        emit(document.body, 'shop-search-selected', { query: 'q', category: '', id, value: 'x', url: '/p/' });
      select(55);
      select(12);
      expect(events()).to.deep.equal([['select_content', { content_type: 'product', content_id: 'HD-1' }]]);
    });

    it('a removal of a product the page does not know is sent with the integration’s empty items', () => {
      setup({ data: {} });
      emit(document.body, 'shop-cart-item-removed', { key: 'zzz', productId: '99' });
      expect(events()).to.deep.equal([['remove_from_cart', { items: [] }]]);
    });

    it('an ajax add reports the quantity added, not the cart line’s quantity', async () => {
      setup({ data: { cart } });
      const button = await fixture(
        html`<a class="ajax_add_to_cart" data-product_id="12" data-quantity="1" href="#">Add</a>`,
      );
      emit(button, 'shop-cart-item-added', { productId: '12', quantity: 1, data: {}, cartHash: 'h' });
      expect((events()[0][1] as { items: { quantity: number }[] }).items[0].quantity).to.equal(1);
    });
  });

  describe('select_content from listing buttons (issue 21 §8)', () => {
    it('"Select options" and "Read more" buttons of classic listings are select_content; a plain add is not', async () => {
      setup({ data: { products: [hoodie, yen] } });
      const list = await fixture(html`<ul class="products">
        <li class="product"><a class="woocommerce-loop-product__link" href="#p">Hoodie</a>
          <a href="#v" class="button product_type_variable add_to_cart_button" data-product_id="12">Select options</a></li>
        <li class="product"><a class="woocommerce-loop-product__link" href="#t">Tea</a>
          <a href="#r" class="button product_type_simple" data-product_id="7">Read more</a></li>
        <li class="product"><a href="#s" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="7">Add</a></li></ul>`);
      list.addEventListener('click', (e) => e.preventDefault());
      for (const a of list.querySelectorAll<HTMLElement>('a.button')) a.click();
      expect(events()).to.deep.equal([
        ['select_content', { content_type: 'product', content_id: 12 }],
        ['select_content', { content_type: 'product', content_id: 7 }],
      ]);
    });
  });

  describe('errors (spec §8)', () => {
    it('an unsupported event is an event-not-supported error', () => {
      const analytics = setup();
      expect(() => analytics.eventHandler('add_payment_info')).to.throw(
        'Event add_payment_info is not supported.',
      );
    });

    it('an unreadable product id on an add button is an error saying so', async () => {
      setup({ data: {} });
      const button = await fixture(html`<a class="ajax_add_to_cart" href="#">Add</a>`);
      const error = sinon.stub(console, 'error');
      try {
        emit(button, 'shop-cart-item-added', { productId: 'abc', quantity: 1, data: {}, cartHash: '' });
        emit(document.body, 'shop-cart-item-removed', { key: 'nope', productId: '' });
        expect(error.callCount).to.equal(2);
        expect(error.firstCall.args[0]).to.match(/could not read the product ID from the add-to-cart button/);
        expect(error.secondCall.args[0]).to.match(/could not read the product ID from the remove button/);
      } finally {
        error.restore();
      }
      expect(tracker.called).to.equal(false);
    });

    it('configuration data not found after load is a warning', () => {
      const warn = sinon.stub(console, 'warn');
      try {
        expect(warnIfConfigMissing()).to.equal(true);
        expect(warn.calledOnceWith(MISSING_CONFIG_WARNING)).to.equal(true);
        window.ga4w = { settings: {} };
        expect(warnIfConfigMissing()).to.equal(false);
      } finally {
        warn.restore();
      }
    });

    it('starts on a late ga4w:ready event', () => {
      const warn = sinon.stub(console, 'warn'); // the page has loaded: the missing config is reported
      const running = startAnalytics();
      stops.push(() => running.stop());
      warn.restore();
      window.ga4w = {
        settings: { tracker_function_name: 'testTag' },
        data: { events: ['view_item'], product: yen },
      };
      document.dispatchEvent(new Event('ga4w:ready'));
      expect(events().map(([name]) => name)).to.deep.equal(['view_item']);
    });
  });
});
