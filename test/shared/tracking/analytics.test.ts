import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { emit } from '../../../shared/events.ts';
import { local } from '../../../shared/storage.ts';
import { setConsent } from '../../../shared/stores/consent.ts';
import {
  type AnalyticsProduct,
  createAnalytics,
  formatPrice,
  type Ga4wConfig,
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
    setConsent({ statistics: 'granted' });
    local.remove('shop_ga4_purchases');
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    setConsent({ statistics: 'denied', marketing: 'denied' });
    delete (window as unknown as Record<string, unknown>).testTag;
    delete window.ga4w;
    local.remove('shop_ga4_purchases');
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
    it('view_item_list with first five categories, list id and index', () => {
      setup({
        data: { events: ['view_item_list'], products: [hoodie, yen], list_name: 'Search Results: "tea"' },
      });
      expect(events()).to.deep.equal([
        [
          'view_item_list',
          {
            item_list_id: 'search_results_tea',
            item_list_name: 'Search Results: "tea"',
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

    it('add_to_cart from an element host with the id in the detail, even for products the page does not list', async () => {
      setup({ settings: { identifier: 'product_sku' }, data: {} });
      const host = await fixture(html`<div data-product_sku="TEA-9" data-product_name="Tea"></div>`);
      emit(host, 'shop-cart-item-added', { productId: '99', quantity: 1, data: {}, cartHash: 'h' });
      expect(events()).to.deep.equal([
        ['add_to_cart', { items: [{ item_id: 'TEA-9', item_name: 'Tea', quantity: 1 }] }],
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
    it('sends nothing before statistics consent, then the waiting events', () => {
      setConsent({ statistics: 'denied' });
      setup({ data: { events: ['view_item'], product: hoodie } });
      emit(document.body, 'shop-search-submitted', { query: 'x', category: '' });
      expect(tracker.called).to.equal(false);
      setConsent({ statistics: 'granted' });
      expect(events().map(([name]) => name)).to.deep.equal(['view_item', 'search']);
    });

    it('drops waiting events when statistics is denied', () => {
      setConsent({ statistics: 'denied' });
      setup({ data: {} });
      emit(document.body, 'shop-search-submitted', { query: 'x', category: '' });
      setConsent({ marketing: 'granted' }); // any update that keeps statistics denied
      setConsent({ statistics: 'granted' });
      expect(tracker.called).to.equal(false);
    });

    it('passes consent updates to the tracker as consent mode expects', () => {
      const stop = startConsentMode({ trackerName: 'testTag' });
      stops.push(stop);
      expect(tracker.firstCall.args).to.deep.equal([
        'consent',
        'update',
        {
          analytics_storage: 'granted',
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
        },
      ]);
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
        expect([...entry]).to.deep.equal([
          'consent',
          'update',
          toConsentMode({ statistics: 'granted', marketing: 'denied' }),
        ]);
      } finally {
        win.dataLayer = savedLayer;
        delete win.noSuchTag;
      }
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
