import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import jQuery from 'jquery';
import sinon from 'sinon';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { addToCart, removeCartItem } from '../../../shared/cart/actions.ts';
import { applyFragmentsToPage } from '../../../shared/cart/fragments.ts';
import { DAY_MS } from '../../../shared/cart/persistence.ts';
import { $cart, refreshCart, setCart } from '../../../shared/cart/store.ts';
import { navigation } from '../../../shared/navigation.ts';
import { installAddToCartButtons } from '../../../shared/page/add-to-cart-buttons.ts';
import { raiseToMin, stepQuantity } from '../../../shared/quantity.ts';
import { parseMiniCart } from '../../../shared/shop/woocommerce/fragments.ts';
import { reloadPageConfig, setPageConfig } from '../../../shared/stores/page-config.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import {
  addDirect,
  eachShopMode,
  injectFault,
  readCart,
  resetShop,
  resetStores,
  shopLog,
  useCleanCart,
} from '../../helpers/shop.ts';
import { HOSTILE_MINI_CART } from '../security/hostile.ts';

/** The browser's own setTimeout, for waits while a test's timers are fake. */
const realSetTimeout = globalThis.setTimeout;

/** Waits in real time, whatever the test faked, until `done()` holds (at most 5 s). */
async function inRealTime(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited >= 5000) throw new Error('inRealTime: still not done after 5 s');
    await new Promise((resolve) => realSetTimeout(resolve, 20));
  }
}

/** The checking `navigation.assign` (useCleanCart swaps it for a recorder in every test). */
const checkedAssign = navigation.assign;

async function productButton(id: number, extra = '') {
  const host = await fixture<HTMLElement>(html`<div class="product"></div>`);
  host.innerHTML = `<a href="?add-to-cart=${id}" data-quantity="1" class="button add_to_cart_button ajax_add_to_cart" data-product_id="${id}" data-product_sku="SKU-${id}" aria-label="Add to cart: &ldquo;Item ${id}&rdquo;" rel="nofollow" ${extra}>Add to cart</a>`;
  return host.firstElementChild as HTMLAnchorElement;
}

eachShopMode('cart', (mode) => {
  const navigated = useCleanCart();
  let uninstall = () => {};
  beforeEach(() => {
    uninstall = installAddToCartButtons({ force: true });
  });
  afterEach(() => {
    uninstall();
    delete (window as { jQuery?: unknown }).jQuery;
  });

  describe('add-to-cart buttons', () => {
    it('posts every data attribute, goes loading then added, and inserts one view-cart link', async () => {
      const button = await productButton(101, 'data-custom="yes"');
      const added = new Promise<CustomEvent>((resolve) =>
        document.addEventListener('shop-cart-item-added', (e) => resolve(e as CustomEvent), { once: true }),
      );
      button.click();
      await waitUntil(() => button.classList.contains('loading'), 'never loading');
      const event = await added;
      expect(event.target).to.equal(button);
      expect(event.detail.productId).to.equal('101');
      await waitUntil(() => button.classList.contains('added'));
      expect(button.classList.contains('loading')).to.equal(false);
      const [request] = await shopLog('add_to_cart');
      expect(request.body).to.deep.equal({
        product_id: '101',
        product_sku: 'SKU-101',
        quantity: '1',
        custom: 'yes',
      });
      const link = button.nextElementSibling as HTMLAnchorElement;
      expect(link.className).to.equal('added_to_cart wc-forward');
      expect(link.getAttribute('href')).to.equal('/cart/');
      expect(link.textContent).to.equal('View cart');
      expect($cart.get().lines.map((l) => l.productId)).to.deep.equal(['101']);
      expect(currentAnnouncement()).to.contain('Added to cart');

      await new Promise((r) => setTimeout(r, 350)); // past the 300 ms flag reset (spec §9)
      button.click();
      await waitUntil(async () => (await shopLog('add_to_cart')).length === 2, 'second add not sent');
      await waitUntil(() => $cart.get().count === 2);
      expect(button.parentElement!.querySelectorAll('.added_to_cart').length).to.equal(1);
    });

    it('sends a click only after 50 quiet ms, each click within them starting the wait again', async () => {
      const button = await productButton(104);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        button.click();
        clock.tick(49);
        expect(button.classList.contains('loading'), 'sent before 50 ms').to.equal(false);
        button.click(); // within the debounce: the wait starts again (spec §9 click debounce 50 ms)
        clock.tick(49);
        expect(button.classList.contains('loading'), 'the second click did not restart the wait').to.equal(
          false,
        );
        clock.tick(1);
        expect(button.classList.contains('loading'), 'not sent 50 ms after the last click').to.equal(true);
      } finally {
        clock.restore();
      }
      await waitUntil(() => button.classList.contains('added'));
      expect((await shopLog('add_to_cart')).length).to.equal(1);
    });

    it('collapses clicks within 50 ms into one request', async () => {
      const button = await productButton(104);
      button.click();
      button.click();
      button.click();
      await waitUntil(() => button.classList.contains('added'));
      expect((await shopLog('add_to_cart')).length).to.equal(1);
    });

    it('keeps normal link behaviour for a button without a product id', async () => {
      const button = await productButton(101);
      button.removeAttribute('data-product_id');
      let prevented: boolean | undefined;
      const check = (e: Event) => {
        prevented = e.defaultPrevented;
        e.preventDefault(); // keep the test page
      };
      window.addEventListener('click', check, { once: true });
      button.click();
      expect(prevented).to.equal(false);
      expect((await shopLog('add_to_cart')).length).to.equal(0);
    });

    it('goes to the product page when the shop answers error + product_url', async () => {
      const button = await productButton(113);
      button.click();
      await waitUntil(() => navigated.length === 1);
      expect(navigated[0]).to.contain('/product/');
      expect(button.classList.contains('added')).to.equal(false);
    });

    it('goes to the cart when cart_redirect_after_add is yes', async () => {
      setPageConfig({ cartRedirectAfterAdd: true, cartUrl: '/cart/' });
      const button = await productButton(101);
      button.click();
      await waitUntil(() => navigated.length === 1);
      expect(navigated).to.deep.equal(['/cart/']);
    });

    it('inserts no view-cart link on the cart page', async () => {
      setPageConfig({ isCart: true });
      const button = await productButton(101);
      button.click();
      await waitUntil(() => button.classList.contains('added'));
      expect(button.parentElement!.querySelector('.added_to_cart')).to.equal(null);
    });

    it('a cancelled add-request sends nothing', async () => {
      const button = await productButton(101);
      const asked = new Promise<void>((resolve) =>
        document.addEventListener(
          'shop-cart-item-add-request',
          (e) => {
            e.preventDefault();
            resolve();
          },
          { once: true },
        ),
      );
      button.click();
      await asked;
      await waitUntil(() => !button.classList.contains('loading'));
      expect((await shopLog('add_to_cart')).length).to.equal(0);
    });

    for (const fault of [{ status: 500 }, { malformed: true }, { body: { fragments: 42 } }] as const) {
      it(`reports ${JSON.stringify(fault)} from the shop and leaves the cart untouched`, async () => {
        await addDirect(104);
        await refreshCart();
        const before = $cart.get().hash;
        await injectFault({ endpoint: 'add_to_cart', ...fault });
        const button = await productButton(101);
        const error = new Promise<CustomEvent>((resolve) =>
          document.addEventListener('shop-cart-error', (e) => resolve(e as CustomEvent), { once: true }),
        );
        button.click();
        expect((await error).detail.endpoint).to.equal('add_to_cart');
        await waitUntil(() => !button.classList.contains('loading'));
        expect(button.classList.contains('added')).to.equal(false);
        expect($cart.get().hash).to.equal(before);
        expect($cart.get().lines.map((l) => l.productId)).to.deep.equal(['104']);
        expect($cart.get().error).to.not.equal('');
      });
    }
  });

  describe('fragments', () => {
    // spec §7: the stored cart expires 24 hours after it was stored. Where that matters, a test
    // fixes the page's Date at a moment it names (issue 28); it stands still there.
    let time: sinon.SinonFakeTimers | undefined;
    /** The page's Date at `iso` (with `timers`, its setTimeout too, run by `tick`) until the test ends. */
    const timeAt = (iso: string, timers = false) => {
      time?.restore();
      time = sinon.useFakeTimers({
        now: Date.parse(iso),
        toFake: timers ? ['Date', 'setTimeout', 'clearTimeout'] : ['Date'],
      });
      return time;
    };
    const realTime = () => {
      time?.restore();
      time = undefined;
    };
    afterEach(realTime);
    const refreshes = async () => (await shopLog('get_refreshed_fragments')).length;

    it('replaces page parts with sanitised fragment HTML', async () => {
      const host = await fixture<HTMLElement>(
        html`<div><div class="widget_shopping_cart_content">old</div><span class="cart-count">0</span></div>`,
      );
      (window as { hacked?: boolean }).hacked = false;
      await applyFragmentsToPage({
        'div.widget_shopping_cart_content':
          '<div class="widget_shopping_cart_content"><img src="x" onerror="window.hacked=true"><script>window.hacked=true</script>new</div>',
        'span.cart-count': '<span class="cart-count">3</span>',
        'not a [valid selector': '<b>x</b>',
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(host.querySelector('.cart-count')!.textContent).to.equal('3');
      const widget = host.querySelector('.widget_shopping_cart_content')!;
      expect(widget.textContent).to.equal('new');
      expect(widget.querySelector('script')).to.equal(null);
      expect(widget.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
      expect((window as { hacked?: boolean }).hacked).to.equal(false);
    });

    it('stores fragments and hash where WooCommerce keeps them, and when the cart was stored', async () => {
      timeAt('2026-11-30T21:00:00Z');
      await addDirect(101);
      await refreshCart();
      const { fragmentName, cartHashKey } = reloadPageConfig();
      expect(JSON.parse(sessionStorage.getItem(fragmentName)!)).to.have.property(
        'div.widget_shopping_cart_content',
      );
      expect(sessionStorage.getItem(cartHashKey)).to.equal($cart.get().hash);
      expect(localStorage.getItem(cartHashKey)).to.equal($cart.get().hash);
      expect(sessionStorage.getItem('wc_cart_created')).to.equal('1796072400000'); // 2026-11-30T21:00:00Z
    });

    it('sends no fragment request at all when the shopper has no cart', async () => {
      resetStores();
      readCart();
      await new Promise((r) => setTimeout(r, 100));
      expect(await shopLog('get_refreshed_fragments')).to.have.length(0);
      expect($cart.get().known).to.equal(true);
      expect($cart.get().count).to.equal(0);
    });

    it('uses fresh stored fragments matching the cart cookie without a request', async () => {
      timeAt('2026-11-30T21:00:00Z');
      await addDirect(101);
      await refreshCart();
      resetStores();
      await resetShop(); // clears the log only for the assertion; cookie + storage stay
      await addDirect(101); // keep the server cart (and cookie) in step with storage
      await refreshCart();
      resetStores();
      const before = (await shopLog('get_refreshed_fragments')).length;
      readCart();
      await new Promise((r) => setTimeout(r, 100));
      expect((await shopLog('get_refreshed_fragments')).length).to.equal(before);
      expect($cart.get().lines.length).to.equal(1);
    });

    /** `iso`'s wall clock in `timeZone`, `yyyy-mm-dd hh:mm`. */
    const wallClock = (iso: string, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(iso));
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
    };

    // [the night; when the cart was stored, the last minute it is used, the first minute it is
    // refreshed (UTC); the zone whose clocks on the wall read (hard-moment mode aside, any zone runs
    // the same instants)]. 24 hours are 24 hours elapsed, whatever the wall clocks did meanwhile.
    const EXPIRY: [string, string, string, string, string, string[]][] = [
      [
        "the night Berlin's clocks go back (23:30 on 24 October 2026; the day has 25 hours)",
        '2026-10-24T21:30:00Z',
        '2026-10-25T21:29:00Z',
        '2026-10-25T21:31:00Z',
        'Europe/Berlin',
        ['2026-10-24 23:30', '2026-10-25 22:29', '2026-10-25 22:31'],
      ],
      [
        "the night Berlin's clocks go forward (23:30 on 27 March 2027; the day has 23 hours)",
        '2027-03-27T22:30:00Z',
        '2027-03-28T22:29:00Z',
        '2027-03-28T22:31:00Z',
        'Europe/Berlin',
        ['2027-03-27 23:30', '2027-03-29 00:29', '2027-03-29 00:31'],
      ],
      [
        "New Year's Eve in Kolkata (23:55, 31 December 2026)",
        '2026-12-31T18:25:00Z',
        '2027-01-01T18:24:00Z',
        '2027-01-01T18:26:00Z',
        'Asia/Kolkata',
        ['2026-12-31 23:55', '2027-01-01 23:54', '2027-01-01 23:56'],
      ],
      [
        'the eve of a leap day in Los Angeles (18:00, 28 February 2028)',
        '2028-02-29T02:00:00Z',
        '2028-03-01T01:59:00Z',
        '2028-03-01T02:01:00Z',
        'America/Los_Angeles',
        ['2028-02-28 18:00', '2028-02-29 17:59', '2028-02-29 18:01'],
      ],
    ];
    for (const [night, stored, used, refreshed, zone, wall] of EXPIRY) {
      it(`spec §7: a cart stored on ${night} is used for 24 hours, then refreshed`, async () => {
        expect([stored, used, refreshed].map((iso) => wallClock(iso, zone))).to.deep.equal(wall);
        timeAt(stored);
        await addDirect(101);
        await refreshCart();
        expect(sessionStorage.getItem('wc_cart_created')).to.equal(String(Date.parse(stored)));
        resetStores();
        const before = await refreshes();
        timeAt(used);
        readCart();
        expect($cart.get()).to.include({ source: 'loaded', busy: false }); // no request
        resetStores();
        timeAt(refreshed);
        readCart();
        expect($cart.get().busy, 'not refreshed after 24 hours').to.equal(true);
        await waitUntil(async () => (await refreshes()) === before + 1, 'the refresh never reached the shop');
      });
    }

    it("spec §7: a stored cart is refreshed 24 hours after it was stored, not after it was loaded (Berlin's fall-back night: 02:30 on the wall both times)", async () => {
      timeAt('2026-10-25T00:30:00Z'); // 02:30 CEST
      await addDirect(101);
      await refreshCart();
      resetStores();
      const before = await refreshes();
      const timers = timeAt('2026-10-25T01:30:00Z', true); // an hour later: 02:30 CET
      readCart();
      expect($cart.get().source).to.equal('loaded');
      timers.tick(23 * 3_600_000 - 1);
      expect($cart.get().busy, 'refreshed early').to.equal(false);
      timers.tick(1); // 00:30 UTC on the 26th (01:30 CET): 24 hours after the cart was stored
      expect($cart.get().busy, 'not refreshed at 24 hours').to.equal(true);
      realTime();
      await waitUntil(async () => (await refreshes()) === before + 1, 'the refresh never reached the shop');
    });

    it('refreshes when the cart cookie no longer matches the stored hash', async () => {
      await addDirect(101);
      await refreshCart();
      resetStores();
      await addDirect(104); // another tab or server-side change: new cookie hash
      const before = (await shopLog('get_refreshed_fragments')).length;
      readCart();
      await waitUntil(async () => (await shopLog('get_refreshed_fragments')).length === before + 1);
      await waitUntil(() => $cart.get().lines.length === 2);
    });

    it("spec §7: refreshes every 24 hours, counted from the last refresh (Berlin's spring-forward night: a day of 23 hours on the wall)", async () => {
      await addDirect(101);
      resetStores();
      const timers = timeAt('2027-03-27T22:30:00Z', true); // 23:30 CET
      readCart(); // nothing stored: refreshed at once
      await inRealTime(() => $cart.get().lines.length === 1 && !$cart.get().busy);
      const before = await refreshes();
      timers.tick(DAY_MS - 1);
      expect($cart.get().busy, 'refreshed early').to.equal(false);
      timers.tick(1); // 22:30 UTC on the 28th, 00:30 CEST on the 29th
      expect($cart.get().busy, 'not refreshed at 24 hours').to.equal(true);
      realTime();
      await waitUntil(async () => (await refreshes()) === before + 1, 'the refresh never reached the shop');
    });

    it('refreshes when another tab changes the cart hash and when shown from the back/forward cache', async () => {
      await addDirect(101);
      readCart();
      await refreshCart();
      const count = async () => (await shopLog('get_refreshed_fragments')).length;
      const before = await count();
      const { cartHashKey } = reloadPageConfig();
      window.dispatchEvent(new StorageEvent('storage', { key: cartHashKey, newValue: 'other-tab-hash' }));
      await waitUntil(async () => (await count()) === before + 1);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await waitUntil(async () => (await count()) === before + 2);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
      await new Promise((r) => setTimeout(r, 100));
      expect(await count()).to.equal(before + 2);
    });

    it('emits an error event when the refresh fails', async () => {
      await injectFault({ endpoint: 'get_refreshed_fragments', status: 500 });
      const error = new Promise<CustomEvent>((resolve) =>
        document.addEventListener('shop-cart-error', (e) => resolve(e as CustomEvent), { once: true }),
      );
      await refreshCart();
      expect((await error).detail.endpoint).to.equal('get_refreshed_fragments');
    });
  });

  describe('jQuery bridge', () => {
    it("mirrors our events as WooCommerce's jQuery events", async () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
      const seen: { name: string; args: unknown[] }[] = [];
      const names =
        'adding_to_cart added_to_cart wc_fragments_refreshed wc_fragments_loaded wc_cart_button_updated';
      const handler = (event: { type: string }, ...args: unknown[]) => seen.push({ name: event.type, args });
      jQuery(document.body).on(names, handler);
      try {
        const button = await productButton(101);
        button.click();
        await waitUntil(() => seen.some((s) => s.name === 'wc_cart_button_updated'));
        // issue 11 item 9: no wc_fragments_refreshed without a fragment refresh; wc_fragments_loaded
        // after added_to_cart, as WooCommerce's add-to-cart.js sends it.
        expect(seen.map((s) => s.name)).to.deep.equal([
          'adding_to_cart',
          'added_to_cart',
          'wc_fragments_loaded',
          'wc_cart_button_updated',
        ]);
        const added = seen.find((s) => s.name === 'added_to_cart')!;
        expect(added.args[0]).to.have.property('div.widget_shopping_cart_content');
        expect(added.args[1]).to.equal($cart.get().hash);
        expect((added.args[2] as { 0: Element })[0]).to.equal(button);
      } finally {
        jQuery(document.body).off(names, handler);
      }
    });

    it("lets WooCommerce's jQuery events from other scripts reach the store", async () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
      resetStores();
      readCart();
      await import('../../../shared/cart/cart-jquery.ts'); // the cart's jQuery part, in a chunk of its own
      const response = await addDirect(131);
      jQuery(document.body).trigger('added_to_cart', [response.fragments, response.cart_hash, null]);
      expect($cart.get().lines.map((l) => l.productId)).to.deep.equal(['131']);
      const before = (await shopLog('get_refreshed_fragments')).length;
      jQuery(document.body).trigger('wc_fragment_refresh');
      await waitUntil(async () => (await shopLog('get_refreshed_fragments')).length === before + 1);
    });
  });

  describe('hostile shop replies (issue 22)', () => {
    let go: sinon.SinonStub;
    beforeEach(() => {
      navigation.assign = checkedAssign; // the real check, with the navigation itself recorded
      go = sinon.stub(navigation, 'go');
    });
    afterEach(() => {
      go.restore();
      delete (window as { __cartPwned?: number }).__cartPwned;
    });

    it('drops unsafe link, image, srcset, remove and cart-link URLs from fragment markup', async () => {
      await injectFault({
        endpoint: 'get_refreshed_fragments',
        body: { fragments: { 'div.widget_shopping_cart_content': HOSTILE_MINI_CART }, cart_hash: 'hostile' },
      });
      await refreshCart();
      const [beanie, belt] = $cart.get().lines;
      expect(beanie.url).to.equal('');
      expect(beanie.image).to.equal(null); // a javascript: src: no image at all
      expect(beanie.removeHref).to.equal('https://evil.example/?remove_item=k1'); // http(s): kept, navigation checks the origin
      expect(belt.url).to.equal('');
      expect(belt.image).to.equal(null);
      expect(belt.removeHref).to.equal('');
      expect($cart.get().links.map((l) => l.href)).to.deep.equal([
        new URL('/checkout/', document.baseURI).href,
      ]);
    });

    it('keeps a srcset only when every candidate is http(s)', () => {
      const html = HOSTILE_MINI_CART.replace(
        'src="javascript:window.__cartPwned=2"',
        'src="/img/beanie.png"',
      );
      const [line] = parseMiniCart(html).lines;
      expect(line.image?.src).to.equal(new URL('/img/beanie.png', document.baseURI).href);
      expect(line.image?.srcset).to.equal('');
    });

    it('refuses a foreign remove link from a hostile fragment when the ajax remove fails', async () => {
      await injectFault({
        endpoint: 'get_refreshed_fragments',
        body: { fragments: { 'div.widget_shopping_cart_content': HOSTILE_MINI_CART }, cart_hash: 'hostile' },
      });
      await refreshCart();
      await injectFault({ endpoint: 'remove_from_cart', status: 500 });
      const errors = await captureConsoleErrors(() => removeCartItem('k1'));
      expect(go.called).to.equal(false);
      expect(errors.filter((e) => e.includes('refused to navigate'))).to.have.length(1);
      expect(errors[0]).to.contain('https://evil.example/?remove_item=k1');
    });

    it('refuses a javascript: remove link set on the cart directly, and runs nothing', async () => {
      const line = {
        key: 'k9',
        productId: '9',
        sku: '',
        name: 'Evil',
        url: '',
        image: null,
        quantity: 1,
        priceHtml: '',
        removeHref: 'javascript:window.__cartPwned=1',
        limits: { min: 0, max: null, step: 1 },
      };
      setCart(
        { hash: 'h', lines: [line], count: 1, subtotalHtml: '', links: [], fragments: {} },
        'refreshed',
      );
      await injectFault({ endpoint: 'remove_from_cart', status: 500 });
      const errors = await captureConsoleErrors(() => removeCartItem('k9'));
      await new Promise((r) => setTimeout(r, 50));
      expect(go.called).to.equal(false);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.match(/^storefront elements: refused to navigate to "javascript:/);
      expect((window as { __cartPwned?: number }).__cartPwned).to.equal(undefined);
    });

    it('follows the same-origin remove link of a failed remove', async () => {
      await addDirect(101);
      await refreshCart();
      const href = $cart.get().lines[0].removeHref;
      await injectFault({ endpoint: 'remove_from_cart', status: 500 });
      await removeCartItem($cart.get().lines[0].key);
      expect(go.calledOnceWith(href)).to.equal(true);
    });

    it("refuses an add error's foreign product_url", async () => {
      await injectFault({
        endpoint: 'add_to_cart',
        body: { error: true, product_url: 'https://evil.example/product/' },
      });
      let outcome = '';
      const errors = await captureConsoleErrors(async () => {
        outcome = await addToCart({ product_id: '101', quantity: '1' });
      });
      expect(go.called).to.equal(false);
      expect(errors.filter((e) => e.includes('refused to navigate'))).to.have.length(1);
      expect(outcome).to.equal('navigated'); // what the cart asked for; the navigation refused it
    });

    it("never follows an add error's javascript: product_url (safeUrl drops it: the add fails)", async () => {
      await injectFault({
        endpoint: 'add_to_cart',
        body: { error: true, product_url: 'javascript:window.__cartPwned=1' },
      });
      const outcome = await addToCart({ product_id: '101', quantity: '1' });
      expect(outcome).to.equal('failed');
      expect(go.called).to.equal(false);
      expect($cart.get().error).to.not.equal('');
      expect((window as { __cartPwned?: number }).__cartPwned).to.equal(undefined);
    });
  });

  describe('parsing and quantities', () => {
    it("reads lines, limits, subtotal and links from WooCommerce's mini-cart markup", async () => {
      const { fragments } = await addDirect(109, 2);
      const parsed = parseMiniCart(fragments['div.widget_shopping_cart_content']);
      expect(parsed.count).to.equal(2);
      const [line] = parsed.lines;
      expect(line).to.include({ productId: '109', name: 'Sunglasses', quantity: 2 });
      expect(line.limits).to.deep.equal({ min: 0, max: 2, step: 1 });
      expect(line.removeHref).to.contain('remove_item=');
      // Flatsome's lines (the unkind shop) carry the line total instead of a unit price.
      expect(mode === 'tidy' ? line.priceHtml : line.totalHtml).to.contain('woocommerce-Price-amount');
      expect(parsed.subtotalHtml).to.contain('woocommerce-Price-amount');
      expect(parsed.links.map((l) => l.checkout)).to.deep.equal([false, true]);
    });

    it("reads a line's dl.variation (WooCommerce's cart-item-data.php) into its details, as text", () => {
      const html = `<ul class="woocommerce-mini-cart cart_list product_list_widget">
<li class="woocommerce-mini-cart-item mini_cart_item"><a href="/cart/?remove_item=k1" class="remove remove_from_cart_button" data-product_id="213" data-cart_item_key="k1" data-product_sku="APRON-DENIM">&times;</a><a href="/product/apron/">Apron - Denim</a><dl class="variation">
\t\t<dt class="variation-Giftwrap">Gift wrap:</dt>
\t\t<dd class="variation-Giftwrap"><p>Yes</p>
</dd>
\t\t<dt class="variation-Engraving">Engraving:</dt>
\t\t<dd class="variation-Engraving"><p>For <em>Ana</em>,
with love</p>
</dd>
\t\t<dt class="variation-Note">Note:</dt>
\t\t<dd class="variation-Note"><p></p></dd>
</dl>
<span class="quantity">1 &times; <span class="woocommerce-Price-amount amount">$36.00</span></span></li>
<li class="woocommerce-mini-cart-item mini_cart_item"><a href="/cart/?remove_item=k2" class="remove remove_from_cart_button" data-product_id="104" data-cart_item_key="k2">&times;</a><a href="/product/belt/">Belt</a><span class="quantity">1 &times; <span class="woocommerce-Price-amount amount">$18.00</span></span></li>
</ul>`;
      const [apron, belt] = parseMiniCart(html).lines;
      expect(apron.name).to.equal('Apron - Denim');
      expect(apron.details).to.deep.equal([
        { name: 'Gift wrap', value: 'Yes' },
        { name: 'Engraving', value: 'For Ana, with love' },
      ]);
      expect(apron.quantity).to.equal(1);
      expect(belt).to.not.have.property('details');
    });

    it('plus/minus respect min (default 0), max and step, with decimals following the step', () => {
      expect(stepQuantity(1, -1, {})).to.equal(0);
      expect(stepQuantity(0, -1, {})).to.equal(0);
      expect(stepQuantity(2, 1, { max: 2 })).to.equal(2);
      expect(stepQuantity(0.2, 1, { step: 0.1 })).to.equal(0.3);
      expect(stepQuantity(1.5, -1, { step: 0.5, min: 1 })).to.equal(1);
      expect(raiseToMin(-3, 1)).to.equal(1);
      expect(raiseToMin(Number.NaN, 0)).to.equal(0);
      expect(raiseToMin(4, 1)).to.equal(4);
    });
  });
});
