import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { applyFragmentsToPage } from '../../../shared/cart/fragments.ts';
import { hasJQuery, jqueryWrap, onJQuery, triggerJQuery } from '../../../shared/jquery-bridge.ts';
import { installAddToCartButtons } from '../../../shared/page/add-to-cart-buttons.ts';
import { SHADOWED_GLOBALS, sanitizePriceToFragment, sanitizeToFragment } from '../../../shared/sanitize.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { shopLog, useCleanCart } from '../../helpers/shop.ts';

/**
 * Issue 22, DOM clobbering: an element with id or name "jQuery" makes `window.jQuery` that
 * element. The bridge must not call it, the add-to-cart button must leave its busy state, and
 * sanitised fragments must not bring such ids and names onto the page.
 */

const globals = window as unknown as Record<string, unknown>;

/** Puts markup straight on the page (as a theme or a plugin might), outside any sanitising. */
async function onPage(markup: string): Promise<HTMLElement> {
  const holder = await fixture<HTMLElement>(html`<div class="clobber-fixture"></div>`);
  holder.innerHTML = markup;
  return holder;
}

describe('DOM clobbering (issue 22)', () => {
  describe('jQuery bridge', () => {
    it('treats a DOM node under window.jQuery as no jQuery, never calling it', async () => {
      await onPage('<div id="jQuery"></div>');
      expect(globals.jQuery instanceof HTMLElement).to.equal(true);
      expect(hasJQuery()).to.equal(false);
      const errors = await captureConsoleErrors(() => {
        triggerJQuery('added_to_cart', []);
        expect(jqueryWrap(document.body) === null).to.equal(true);
        onJQuery('added_to_cart', () => {})();
      });
      expect(errors).to.deep.equal([]);
    });

    it('treats a function without fn.jquery as no jQuery', () => {
      let called = 0;
      globals.jQuery = () => {
        called += 1;
        throw new Error('not jQuery');
      };
      try {
        expect(hasJQuery()).to.equal(false);
        triggerJQuery('added_to_cart', []);
        expect(jqueryWrap(document.body) === null).to.equal(true);
        expect(called).to.equal(0);
      } finally {
        delete globals.jQuery;
      }
    });
  });

  describe('add-to-cart buttons', () => {
    useCleanCart();
    let uninstall = () => {};
    afterEach(() => uninstall());

    it('adds and leaves its busy state with an element named "jQuery" on the page', async () => {
      uninstall = installAddToCartButtons({ force: true });
      const holder = await onPage(
        '<img name="jQuery" alt=""><button type="button" class="button ajax_add_to_cart" data-product_id="101" data-quantity="1">Add to cart</button>',
      );
      expect(globals.jQuery instanceof HTMLElement).to.equal(true);
      const button = holder.querySelector('button')!;
      const errors = await captureConsoleErrors(async () => {
        button.click();
        await waitUntil(() => button.classList.contains('loading'), 'never loading');
        await waitUntil(() => !button.classList.contains('loading'), 'stuck loading', { timeout: 4000 });
      });
      expect(button.hasAttribute('aria-busy')).to.equal(false);
      expect(button.classList.contains('added')).to.equal(true);
      expect(await shopLog('add_to_cart')).to.have.length(1);
      expect(errors).to.deep.equal([]);
    });

    it('still handles the buttons when both jQuery and wc_add_to_cart_params are clobbered', async () => {
      const holder = await onPage(
        '<div id="jQuery"></div><form name="wc_add_to_cart_params"></form><button type="button" class="button ajax_add_to_cart" data-product_id="101" data-quantity="1">Add to cart</button>',
      );
      uninstall = installAddToCartButtons();
      const button = holder.querySelector('button')!;
      button.click();
      await waitUntil(() => button.classList.contains('added'), 'the button never added', { timeout: 4000 });
      expect(await shopLog('add_to_cart')).to.have.length(1);
    });
  });

  describe('sanitised fragments', () => {
    it('drop ids and names that shadow the globals the library reads', async () => {
      const host = await onPage('<div class="widget_shopping_cart_content">old</div>');
      await applyFragmentsToPage({
        'div.widget_shopping_cart_content': `<div class="widget_shopping_cart_content" id="mini-cart">
          <img name="jQuery" alt=""><div id="wc_add_to_cart_params"></div><form name="shopConsent"></form>
          <a id="dataLayer" href="/cart/">Cart</a><embed name="gtag"><div id="ga4w"></div><div id="wc_order_attribution"></div>
          <form id="cart-form"><input class="qty" name="cart[k1][qty]" value="2"></form></div>`,
      });
      // Booleans, not nodes: a failing chai equality on a DOM node hangs the runner (STYLE.md).
      for (const name of [
        'jQuery',
        'wc_add_to_cart_params',
        'shopConsent',
        'dataLayer',
        'gtag',
        'ga4w',
        'wc_order_attribution',
      ])
        expect(globals[name] === undefined, `window.${name} is clobbered`).to.equal(true);
      // Other ids and names stay: themes style and script them.
      expect(host.querySelector('#mini-cart') !== null).to.equal(true);
      expect(host.querySelector('#cart-form input[name="cart[k1][qty]"]') !== null).to.equal(true);
      expect(host.querySelector('a[href="/cart/"]')?.textContent).to.equal('Cart');
    });

    it('drop every shadowing id and name, in fragments and in price HTML', () => {
      for (const name of SHADOWED_GLOBALS) {
        const markup = `<p id="${name}">a</p><img name="${name}" alt=""><input name=" ${name} ">`;
        const fragment = sanitizeToFragment(markup);
        expect(fragment.querySelector('[id], [name]') === null, name).to.equal(true);
        expect(sanitizePriceToFragment(markup).querySelector('[id], [name]') === null, name).to.equal(true);
      }
    });

    it('lists the globals the library reads', () => {
      for (const name of [
        'jQuery',
        'wc_add_to_cart_params',
        'wc_cart_fragments_params',
        'woocommerce_params',
        'flatsomeVars',
        'ga4w',
        'wc_order_attribution',
        'dataLayer',
        'gtag',
        'fbq',
        'shopConsent',
        'wp_has_consent',
        'wp',
      ])
        expect(SHADOWED_GLOBALS.has(name), name).to.equal(true);
    });
  });
});
