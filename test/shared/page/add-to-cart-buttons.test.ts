import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import jQuery from 'jquery';
import { $cart } from '../../../shared/cart/store.ts';
import {
  CLICK_DEBOUNCE_MS,
  FLAG_RESET_MS,
  installAddToCartButtons,
} from '../../../shared/page/add-to-cart-buttons.ts';
import { formFields } from '../../../shared/page/add-to-cart-jquery.ts';
import { reloadPageConfig } from '../../../shared/stores/page-config.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { eachShopMode, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';

/**
 * Issue 11 item 4 (whose click it is, decided per click) and the button parts of item 9
 * (the `should_send_ajax_request.adding_to_cart` veto, jQuery's `.data()` store,
 * `wc_cart_button_updated` only after success), against WooCommerce's add-to-cart.js.
 */
type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
const PAGE_GLOBALS = ['jQuery', 'wc_add_to_cart_params', 'woocommerce_params', 'wc_cart_fragments_params'];

/** A loop button as WooCommerce prints it (`extraClass` e.g. `wc-interactive`). */
async function loopButton(id: number, { extraClass = '', attrs = '' } = {}) {
  const host = await fixture<HTMLElement>(html`<div class="product"></div>`);
  host.innerHTML = `<a href="?add-to-cart=${id}" class="button product_type_simple add_to_cart_button ajax_add_to_cart ${extraClass}" data-product_id="${id}" data-product_sku="SKU-${id}" aria-label="Add to cart: &ldquo;Item ${id}&rdquo;" rel="nofollow" ${attrs}>Add to cart</a>`;
  return host.firstElementChild as HTMLAnchorElement;
}

/** Clicks and says whether anything before the window (our document listener) took the click. */
function clickTaken(button: HTMLElement): boolean {
  let prevented: boolean | undefined;
  const check = (e: Event) => {
    prevented = e.defaultPrevented;
    e.preventDefault(); // keep the test page where it is
  };
  window.addEventListener('click', check, { once: true });
  button.click();
  return prevented === true;
}

/** Records the WooCommerce jQuery events triggered on document.body, in order. */
function recordJQuery(names: string[]): { name: string; args: unknown[] }[] {
  const seen: { name: string; args: unknown[] }[] = [];
  for (const name of names)
    jQuery(document.body).on(
      `${name}.atcTest`,
      (event: { type: string; namespace?: string }, ...args: unknown[]) => {
        seen.push({ name: event.namespace ? `${event.type}.${event.namespace}` : event.type, args });
      },
    );
  return seen;
}

/** WooCommerce's add-to-cart.js binding, as far as these tests need it: it takes the click. */
function fakeWooCommerceScript(): { clicks: HTMLElement[] } {
  const taken = { clicks: [] as HTMLElement[] };
  globals.wc_add_to_cart_params = {
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    cart_url: '/cart/',
    is_cart: '',
    cart_redirect_after_add: 'no',
  };
  jQuery(document.body).on(
    'click.atcTest',
    '.add_to_cart_button:not(.wc-interactive)',
    function (this: HTMLElement, e) {
      if (!jQuery(this).is('.ajax_add_to_cart') || !this.getAttribute('data-product_id')) return true;
      e.preventDefault();
      taken.clicks.push(this);
      return undefined;
    },
  );
  return taken;
}

describe('add-to-cart buttons: formFields (jQuery.param as PHP reads it)', () => {
  it('posts jQuery values as $.ajax would: numbers and booleans as text, null as empty, objects and arrays bracketed', () => {
    const fields = formFields({
      quantity: 3,
      gift: true,
      note: null,
      missing: undefined,
      variation: { attribute_pa_color: 'red', extras: [1, 'b'] },
      callback: () => 'never run',
      node: document.body,
    });
    expect(fields).to.deep.equal({
      quantity: '3',
      gift: 'true',
      note: '',
      missing: '',
      'variation[attribute_pa_color]': 'red',
      'variation[extras][0]': '1',
      'variation[extras][1]': 'b',
    });
    // PHP reads the same as jQuery's own encoding (which writes `extras[]` for the array).
    const ours = new URLSearchParams(fields);
    const theirs = new URLSearchParams(
      jQuery.param({ quantity: 3, gift: true, note: null, variation: { attribute_pa_color: 'red' } }),
    );
    for (const [key, value] of theirs) expect(ours.get(key), key).to.equal(value);
  });

  it('cuts cycles instead of recursing for ever', () => {
    const loop: Record<string, unknown> = { a: '1' };
    loop.self = loop;
    expect(formFields({ loop })).to.deep.equal({ 'loop[a]': '1' });
  });
});

eachShopMode('add-to-cart buttons', (mode) => {
  const navigated = useCleanCart();
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    jQuery(document.body).off('.atcTest');
    for (const name of PAGE_GLOBALS) delete globals[name];
    reloadPageConfig();
  });

  it('clicks wait 50 ms (each restarts the wait); after an add the button takes no click for 300 ms (spec §9)', async () => {
    expect([CLICK_DEBOUNCE_MS, FLAG_RESET_MS]).to.deep.equal([50, 300]);
    const clock = fakeClock();
    uninstall = installAddToCartButtons({ clock });
    const button = await loopButton(101);
    const adds = async () => (await shopLog('add_to_cart')).length;
    button.click();
    clock.tick(49);
    button.click(); // within the wait: it starts again
    clock.tick(49);
    expect(button.classList.contains('loading')).to.equal(false);
    clock.tick(1);
    expect(button.classList.contains('loading')).to.equal(true);
    await waitUntil(() => button.classList.contains('added'), 'never added');
    expect(await adds()).to.equal(1);
    // The flag is still up: clicks now are ignored (no wait starts), also 299 ms later.
    expect(clock.pending).to.equal(1); // the flag reset
    button.click();
    expect(clock.pending).to.equal(1);
    clock.tick(299);
    button.click();
    expect(clock.pending).to.equal(1);
    // At 300 ms the flag is down: the next click adds again.
    clock.tick(1);
    expect(clock.pending).to.equal(0);
    button.click();
    clock.tick(CLICK_DEBOUNCE_MS);
    expect(button.classList.contains('loading')).to.equal(true);
    await waitUntil(() => !button.classList.contains('loading'), 'stuck loading');
    expect(await adds()).to.equal(2);
  });

  describe('whose click it is, decided per click (issue 11 item 4)', () => {
    it('leaves a block Product Button (wc-interactive) to itself', async () => {
      uninstall = installAddToCartButtons();
      const block = await loopButton(101, { extraClass: 'wc-interactive' });
      expect(clickTaken(block), 'a wc-interactive button was taken').to.equal(false);
      const control = await loopButton(104);
      expect(clickTaken(control)).to.equal(true);
      await waitUntil(() => control.classList.contains('added'), 'the control never added');
      expect((await shopLog('add_to_cart')).map((r) => r.body.product_id)).to.deep.equal(['104']);
      expect(block.classList.contains('loading') || block.classList.contains('added')).to.equal(false);
    });

    it("leaves the click to WooCommerce's add-to-cart.js loaded after the behaviour (a script-delay optimiser), and takes it again once it is gone", async () => {
      uninstall = installAddToCartButtons(); // no jQuery yet: the buttons were ours
      globals.jQuery = jQuery;
      const woo = fakeWooCommerceScript();
      const button = await loopButton(101);
      button.click();
      expect(woo.clicks).to.deep.equal([button]);
      // The same behaviour, WooCommerce's script gone again: the next click is ours.
      jQuery(document.body).off('click.atcTest');
      delete globals.wc_add_to_cart_params;
      const control = await loopButton(104);
      control.click();
      await waitUntil(() => control.classList.contains('added'), 'the control never added');
      expect((await shopLog('add_to_cart')).map((r) => r.body.product_id)).to.deep.equal(['104']);
      expect(button.classList.contains('loading')).to.equal(false);
    });

    it("leaves the click to WooCommerce's add-to-cart.js present at install", async () => {
      globals.jQuery = jQuery;
      const woo = fakeWooCommerceScript();
      uninstall = installAddToCartButtons();
      const button = await loopButton(101);
      button.click();
      expect(woo.clicks).to.deep.equal([button]);
      // jQuery without the params global: add-to-cart.js quit, so the buttons are ours.
      delete globals.wc_add_to_cart_params;
      jQuery(document.body).off('click.atcTest');
      const control = await loopButton(104);
      control.click();
      await waitUntil(() => control.classList.contains('added'), 'the control never added');
      expect((await shopLog('add_to_cart')).map((r) => r.body.product_id)).to.deep.equal(['104']);
    });

    it('takes the click while jQuery and wc_add_to_cart_params are there but add-to-cart.js has not bound its handler yet', async () => {
      // A script-delay optimiser ran the inline params script and jQuery, add-to-cart.js is still to come.
      uninstall = installAddToCartButtons();
      globals.jQuery = jQuery;
      globals.wc_add_to_cart_params = { cart_url: '/cart/', cart_redirect_after_add: 'no' };
      const button = await loopButton(101);
      expect(clickTaken(button), 'the click was left to a script that is not there').to.equal(true);
      await waitUntil(() => button.classList.contains('added'), 'never added');
      expect(await shopLog('add_to_cart')).to.have.length(1);
    });

    it('keeps a plain link where the shop switched ajax add-to-cart off (WooCommerce globals printed, no wc_add_to_cart_params)', async () => {
      uninstall = installAddToCartButtons();
      globals.woocommerce_params = {
        ajax_url: '/wp-admin/admin-ajax.php',
        wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      };
      const button = await loopButton(101);
      expect(clickTaken(button), 'ajax add-to-cart is off, yet the click was taken').to.equal(false);
      // With ajax on (its params printed, no WooCommerce script to take it) the click is ours.
      globals.wc_add_to_cart_params = { cart_url: '/cart/', cart_redirect_after_add: 'no' };
      const control = await loopButton(104);
      expect(clickTaken(control)).to.equal(true);
      await waitUntil(() => control.classList.contains('added'), 'the control never added');
      expect((await shopLog('add_to_cart')).map((r) => r.body.product_id)).to.deep.equal(['104']);
    });

    it('goes to cart_url after the add when wc_add_to_cart_params printed after start-up says cart_redirect_after_add = yes', async () => {
      uninstall = installAddToCartButtons();
      globals.wc_add_to_cart_params = { cart_url: '/basket/', cart_redirect_after_add: 'yes' };
      const button = await loopButton(101);
      button.click();
      await waitUntil(() => navigated.length === 1, 'no navigation to the cart');
      expect(navigated).to.deep.equal(['/basket/']);
      expect((await shopLog('add_to_cart')).length).to.equal(1);
    });
  });

  describe("WooCommerce's hooks when we own the buttons (issue 11 item 9)", () => {
    beforeEach(() => {
      globals.jQuery = jQuery; // jQuery on the page, but no add-to-cart.js (no params global)
      uninstall = installAddToCartButtons();
    });

    it('a should_send_ajax_request.adding_to_cart handler returning false stops the add, as add-to-cart.js', async () => {
      const seen = recordJQuery([
        'ajax_request_not_sent.adding_to_cart',
        'adding_to_cart',
        'wc_cart_button_updated',
      ]);
      const asked: unknown[][] = [];
      jQuery(document.body).on(
        'should_send_ajax_request.adding_to_cart.atcTest',
        (_e: unknown, ...args: unknown[]) => {
          asked.push(args);
          return false;
        },
      );
      const button = await loopButton(101);
      button.click();
      await waitUntil(
        () => seen.some((s) => s.name === 'ajax_request_not_sent.adding_to_cart'),
        'no not-sent event',
      );
      expect(asked).to.have.length(1);
      expect((asked[0][0] as JQuery)[0] === button, 'the hook gets $button').to.equal(true);
      expect(button.classList.contains('loading')).to.equal(false);
      expect(button.classList.contains('added')).to.equal(false);
      expect(button.hasAttribute('aria-busy')).to.equal(false);
      // add-to-cart.js: not-sent with (false, false, $button), then its updateButton's wc_cart_button_updated.
      expect(seen.map((s) => s.name)).to.deep.equal([
        'ajax_request_not_sent.adding_to_cart',
        'wc_cart_button_updated',
      ]);
      expect(seen[0].args.slice(0, 2)).to.deep.equal([false, false]);
      expect((seen[0].args[2] as JQuery)[0] === button).to.equal(true);
      expect(await shopLog('add_to_cart')).to.have.length(0);
    });

    it('a handler returning anything but false lets the add go, and the order is add-to-cart.js order', async () => {
      const seen = recordJQuery([
        'should_send_ajax_request.adding_to_cart',
        'adding_to_cart',
        'added_to_cart',
        'wc_cart_button_updated',
      ]);
      jQuery(document.body).on('should_send_ajax_request.adding_to_cart.atcTest', () => true);
      const button = await loopButton(101);
      button.click();
      await waitUntil(() => seen.some((s) => s.name === 'wc_cart_button_updated'), 'never updated');
      expect(seen.map((s) => s.name)).to.deep.equal([
        'should_send_ajax_request.adding_to_cart',
        'adding_to_cart',
        'added_to_cart',
        'wc_cart_button_updated',
      ]);
      expect(await shopLog('add_to_cart')).to.have.length(1);
    });

    it("posts values other scripts put in jQuery's .data() store, as jQuery posts them", async () => {
      const button = await loopButton(101);
      jQuery(button).data('quantity', 3);
      jQuery(button).data('gift_wrap', true);
      jQuery(button).data('variation', { attribute_pa_color: 'red' });
      button.click();
      await waitUntil(() => button.classList.contains('added'), 'never added');
      const [request] = await shopLog('add_to_cart');
      expect(request.body).to.deep.equal({
        product_id: '101',
        product_sku: 'SKU-101',
        quantity: '3',
        gift_wrap: 'true',
        'variation[attribute_pa_color]': 'red',
      });
      expect($cart.get().count).to.equal(3);
    });

    it('gives data attributes the preference over the .data() store, as add-to-cart.js does', async () => {
      // jQuery reads data-quantity="2" as the number 2 and data-extra as parsed JSON; the
      // attributes' own text is what add-to-cart.js posts over them.
      const button = await loopButton(101, { attrs: `data-quantity="2" data-extra='{"a":1}'` });
      expect(jQuery(button).data('quantity')).to.equal(2);
      jQuery(button).data('quantity', 5);
      button.click();
      await waitUntil(() => button.classList.contains('added'), 'never added');
      const [request] = await shopLog('add_to_cart');
      expect(request.body.quantity).to.equal('2');
      expect(request.body.extra).to.equal('{"a":1}');
      expect($cart.get().count).to.equal(2);
    });

    it('triggers wc_cart_button_updated after a success, with the button already added and its view-cart link in place', async () => {
      const states: { added: boolean; loading: boolean; links: number }[] = [];
      jQuery(document.body).on('wc_cart_button_updated.atcTest', (_e: unknown, $button: JQuery) => {
        states.push({
          added: $button.hasClass('added'),
          loading: $button.hasClass('loading'),
          links: $button.parent().find('.added_to_cart').length,
        });
      });
      const button = await loopButton(101);
      button.click();
      await waitUntil(() => states.length === 1, 'never updated');
      expect(states).to.deep.equal([{ added: true, loading: false, links: 1 }]);
    });

    it('an unknown product: the tidy shop sends its product_url, the unkind one product_url false (no navigation, no wc_cart_button_updated)', async () => {
      const seen = recordJQuery(['wc_cart_button_updated']);
      const button = await loopButton(99999);
      button.click();
      await waitUntil(() => button.classList.contains('loading'), 'never loading');
      await waitUntil(() => !button.classList.contains('loading'), 'stuck loading', { timeout: 4000 });
      expect(button.classList.contains('added')).to.equal(false);
      expect(navigated.map((url) => new URL(url, location.href).pathname)).to.deep.equal(
        mode === 'tidy' ? ['/shop/'] : [],
      );
      expect(seen).to.deep.equal([]);
      expect(await shopLog('add_to_cart')).to.have.length(1);
    });

    for (const fault of [
      { status: 500 },
      { body: { error: true, product_url: false } }, // a real shop's answer for a product it cannot add
    ]) {
      it(`does not trigger wc_cart_button_updated after a failed add (${JSON.stringify(fault)})`, async () => {
        const seen = recordJQuery(['wc_cart_button_updated']);
        await injectFault({ endpoint: 'add_to_cart', times: 1, ...fault });
        const button = await loopButton(101);
        button.click();
        await waitUntil(() => button.classList.contains('loading'), 'never loading');
        await waitUntil(() => !button.classList.contains('loading'), 'stuck loading', { timeout: 4000 });
        expect(button.classList.contains('added')).to.equal(false);
        expect(navigated).to.deep.equal([]);
        expect(seen).to.deep.equal([]);
        // The next success still triggers it (the recorder works).
        const next = await loopButton(104);
        next.click();
        await waitUntil(() => seen.length === 1, 'not triggered after the success');
        expect((seen[0].args[0] as JQuery)[0] === next).to.equal(true);
      });
    }
  });
});
