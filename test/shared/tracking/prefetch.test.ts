import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import {
  HOVER_DELAY,
  isPrefetchable,
  type PrefetchController,
  shopPages,
  startPrefetch,
  TOUCH_IGNORE_WINDOW,
} from '../../../shared/tracking/prefetch.ts';

// spec §2 Link prefetch, §9 Search and prefetch (65 ms hover, 1100 ms touch-to-mouse window).
const LINK_ONLY = { saveData: false, linkPrefetch: true, speculationRules: false };

function anchor(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
}

const hover = (el: Element) =>
  el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
const leave = (el: Element) =>
  el.dispatchEvent(
    new MouseEvent('mouseout', { bubbles: true, composed: true, relatedTarget: document.body }),
  );
const touch = (el: Element) => el.dispatchEvent(new Event('touchstart', { bubbles: true, composed: true }));
const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
    (l) => new URL(l.href).pathname,
  );

describe('link prefetch', () => {
  let clock: sinon.SinonFakeTimers;
  let controller: PrefetchController | undefined;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    controller?.stop();
    controller = undefined;
    clock.restore();
    for (const el of document.head.querySelectorAll('link[rel="prefetch"], script[type="speculationrules"]'))
      el.remove();
  });

  describe('rules', () => {
    const here = new URL('/shop/page/?x=1', location.origin);
    it('same-origin http(s) links only', () => {
      expect(isPrefetchable(anchor(`${location.origin}/product/1/`), here)).to.equal(true);
      expect(isPrefetchable(anchor('https://other.example/product/1/'), here)).to.equal(false);
      expect(isPrefetchable(anchor('mailto:a@b.example'), here)).to.equal(false);
      expect(isPrefetchable(anchor('javascript:void(0)'), here)).to.equal(false);
    });
    it('no query string unless the link opts in', () => {
      expect(isPrefetchable(anchor('/product/1/?color=red'), here)).to.equal(false);
      expect(isPrefetchable(anchor('/product/1/?color=red', { 'data-prefetch': '' }), here)).to.equal(true);
      expect(isPrefetchable(anchor('/product/1/?color=red', { 'data-instant': '' }), here)).to.equal(true);
    });
    it('not a hash link to the current page, but a hash link to another page', () => {
      expect(isPrefetchable(anchor('/shop/page/?x=1#reviews'), here)).to.equal(false);
      expect(isPrefetchable(anchor('/product/1/#reviews'), here)).to.equal(true);
    });
    it('links opt out on themselves or an ancestor', () => {
      expect(isPrefetchable(anchor('/p/', { 'data-no-prefetch': '' }), here)).to.equal(false);
      expect(isPrefetchable(anchor('/p/', { 'data-no-instant': '' }), here)).to.equal(false);
      const box = document.createElement('nav');
      box.setAttribute('data-no-prefetch', '');
      const a = anchor('/p/');
      box.append(a);
      expect(isPrefetchable(a, here)).to.equal(false);
    });
    it('never links that change state or cost the server, even opted in', () => {
      for (const href of [
        '/cart/',
        '/checkout/',
        '/my-account/orders/',
        '/my-account/customer-logout/?_wpnonce=1',
        '/?add-to-cart=12',
        '/?wc-ajax=get_refreshed_fragments',
        '/wp-admin/',
        '/wp-login.php',
      ]) {
        expect(isPrefetchable(anchor(href, { 'data-prefetch': '' }), here), href).to.equal(false);
      }
      expect(isPrefetchable(anchor('/product/x/'), here, [/\/product\//])).to.equal(false);
    });

    it("matches the shop's real cart, checkout, my-account and logout URLs from the page config, not any segment named cart or basket (issue 21 §10)", () => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = 'shop-config';
      script.textContent = JSON.stringify({
        wc_add_to_cart_params: { cart_url: '/winkelwagen/' },
        wcSettings: {
          storePages: {
            cart: { id: 5, permalink: `${location.origin}/winkelwagen/` },
            checkout: { id: 6, permalink: `${location.origin}/afrekenen/` },
            myaccount: { id: 7, permalink: `${location.origin}/mijn-account/` },
          },
        },
        shop_prefetch: { pages: { logout: '/wp-login.php?action=logout' } },
      });
      document.head.append(script);
      try {
        const pages = shopPages(document);
        const can = (href: string) => isPrefetchable(anchor(href, { 'data-prefetch': '' }), here, [], pages);
        for (const href of [
          '/winkelwagen/',
          '/afrekenen/',
          '/afrekenen/order-received/12/?key=wc_order_1',
          '/mijn-account/',
          '/mijn-account/orders/',
          '/mijn-account/customer-logout/?_wpnonce=abc',
          '/?page_id=6&order-received=12',
          '/?add-to-cart=12',
          '/?wc-ajax=get_refreshed_fragments',
        ]) {
          expect(can(href), href).to.equal(false);
        }
        for (const href of [
          '/product-category/cart/',
          '/basket/',
          '/shop/basket-weaving/',
          '/checkout-guide/',
          '/blog/my-account-tips/',
        ]) {
          expect(can(href), href).to.equal(true);
        }
      } finally {
        script.remove();
      }
      // Without a page config: WooCommerce's default pages, from the root only.
      const defaults = shopPages(document);
      expect(isPrefetchable(anchor('/cart/'), here, [], defaults)).to.equal(false);
      expect(isPrefetchable(anchor('/my-account/edit-account/'), here, [], defaults)).to.equal(false);
      expect(isPrefetchable(anchor('/products/cart/'), here, [], defaults)).to.equal(true);
    });
  });

  describe('timing', () => {
    it('starts after a 65 ms hover', async () => {
      controller = startPrefetch({ features: LINK_ONLY });
      const a = await fixture<HTMLAnchorElement>(html`<a href="/product/7/">Seven</a>`);
      hover(a);
      clock.tick(HOVER_DELAY - 1);
      expect(prefetchLinks()).to.deep.equal([]);
      clock.tick(1);
      expect(prefetchLinks()).to.deep.equal(['/product/7/']);
      // issue 21 §9: as instant.page 5, as="document" and fetchpriority="high", not the lowest priority
      const link = document.head.querySelector('link[rel="prefetch"]')!;
      expect([link.getAttribute('as'), link.getAttribute('fetchpriority')]).to.deep.equal([
        'document',
        'high',
      ]);
      hover(a);
      clock.tick(HOVER_DELAY);
      expect(prefetchLinks()).to.have.length(1); // once per URL
    });

    it('a hover shorter than 65 ms loads nothing', async () => {
      controller = startPrefetch({ features: LINK_ONLY });
      const a = await fixture<HTMLAnchorElement>(html`<a href="/product/8/"><span>Eight</span></a>`);
      hover(a.querySelector('span')!);
      clock.tick(40);
      leave(a);
      clock.tick(100);
      expect(prefetchLinks()).to.deep.equal([]);
    });

    it('starts at once on touch and ignores mouse events for 1100 ms after it', async () => {
      controller = startPrefetch({ features: LINK_ONLY });
      const box = await fixture(
        html`<div><a id="t" href="/product/1/">1</a><a id="m" href="/product/2/">2</a></div>`,
      );
      touch(box.querySelector('#t')!);
      expect(prefetchLinks()).to.deep.equal(['/product/1/']);
      clock.tick(TOUCH_IGNORE_WINDOW - 1);
      hover(box.querySelector('#m')!);
      clock.tick(HOVER_DELAY);
      expect(prefetchLinks()).to.deep.equal(['/product/1/']);
      clock.tick(1);
      hover(box.querySelector('#m')!);
      clock.tick(HOVER_DELAY);
      expect(prefetchLinks()).to.deep.equal(['/product/1/', '/product/2/']);
    });

    it('finds links inside shadow roots', async () => {
      controller = startPrefetch({ features: LINK_ONLY });
      const host = await fixture(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const inner = anchor('/product/9/');
      root.append(inner);
      touch(inner);
      expect(prefetchLinks()).to.deep.equal(['/product/9/']);
    });
  });

  describe('capabilities', () => {
    it('does nothing when data-saver is on', async () => {
      controller = startPrefetch({ features: { ...LINK_ONLY, saveData: true } });
      touch(await fixture(html`<a href="/product/3/">3</a>`));
      expect(prefetchLinks()).to.deep.equal([]);
    });

    it('does nothing when prefetch is unsupported', async () => {
      controller = startPrefetch({
        features: { saveData: false, linkPrefetch: false, speculationRules: false },
      });
      touch(await fixture(html`<a href="/product/4/">4</a>`));
      expect(prefetchLinks()).to.deep.equal([]);
    });

    it('uses speculation rules with the nonce where the browser has them', async () => {
      controller = startPrefetch({ features: { ...LINK_ONLY, speculationRules: true }, nonce: 'abc123' });
      touch(await fixture(html`<a href="/product/5/">5</a>`));
      const script = document.head.querySelector<HTMLScriptElement>('script[type="speculationrules"]')!;
      expect(JSON.parse(script.textContent!)).to.deep.equal({
        prefetch: [{ source: 'list', urls: [`${location.origin}/product/5/`] }],
      });
      expect(script.nonce).to.equal('abc123');
      expect(prefetchLinks()).to.deep.equal([]);
    });

    it('falls back to <link rel="prefetch"> when the CSP blocks a rule', async () => {
      controller = startPrefetch({ features: { ...LINK_ONLY, speculationRules: true } });
      touch(await fixture(html`<a href="/product/6/">6</a>`));
      const script = document.head.querySelector('script[type="speculationrules"]')!;
      script.dispatchEvent(new Event('securitypolicyviolation', { bubbles: true, composed: true }));
      expect(prefetchLinks()).to.deep.equal(['/product/6/']);
      touch(await fixture(html`<a href="/product/10/">10</a>`));
      expect(prefetchLinks()).to.deep.equal(['/product/6/', '/product/10/']);
    });
  });
});
