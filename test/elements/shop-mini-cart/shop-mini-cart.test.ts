import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import jQuery from 'jquery';
import '../../../elements/shop-mini-cart/shop-mini-cart.ts';
import type { ShopMiniCartElement } from '../../../elements/shop-mini-cart/shop-mini-cart.ts';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { $cart, refreshCart } from '../../../shared/cart/store.ts';
import { captureConsoleErrors, resizeViewport, shadowQuery } from '../../helpers/elements.ts';
import { addDirect, eachShopMode, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { pageJQuery, singleProductAdd } from '../../helpers/woocommerce-scripts.ts';

async function miniCart(attrs = 'mode="dropdown"'): Promise<ShopMiniCartElement> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  host.innerHTML = `<shop-mini-cart ${attrs}><a href="/cart/">Cart</a></shop-mini-cart>`;
  const el = host.firstElementChild as ShopMiniCartElement;
  await shadowQuery(el, 'button.launcher');
  return el;
}
const $ = <T extends Element = HTMLElement>(el: Element, sel: string) =>
  el.shadowRoot!.querySelector(sel) as T | null;
const open = async (el: Element) => {
  $<HTMLButtonElement>(el, 'button.launcher')!.click();
  await waitUntil(
    () =>
      $(el, '[part~="panel"] .title') && $(el, 'button.launcher')?.getAttribute('aria-expanded') === 'true',
  );
};

/** A line as Flatsome prints it (issue 11, Minor): a quantity input and the line subtotal, no unit price. */
const FLATSOME_LINE = `<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="/cart/?remove_item=k1" class="remove remove_from_cart_button" aria-label="Remove Beanie from cart" data-product_id="101" data-cart_item_key="k1" data-product_sku="woo-beanie">&times;</a>
<a href="/product/beanie/">Beanie</a>
<div class="ux-mini-cart-qty"><div class="ux-quantity quantity buttons_added"><input type="button" value="-" class="minus"><input type="number" class="input-text qty text" name="cart[k1][qty]" value="2" min="0" step="1"><input type="button" value="+" class="plus"></div>
<span class="product-subtotal price-wrapper"><span class="woocommerce-Price-amount amount">$36.00</span></span></div></li>`;

// Every test talks to the demo shop: run against both of its manners (issue 11).
eachShopMode('<shop-mini-cart>', () => {
  const navigated = useCleanCart();

  describe('rendering', () => {
    it('shows the count and, when opened, the lines, subtotal and links from the shop', async () => {
      await addDirect(101, 2);
      await addDirect(104);
      const el = await miniCart();
      await waitUntil(() => $(el, '.count [aria-hidden]')?.textContent === '3', 'count never showed 3');
      expect($(el, 'button.launcher')!.textContent).to.contain('3 items');
      await open(el);
      const names = [...el.shadowRoot!.querySelectorAll('.line .name')].map((n) => n.textContent);
      expect(names).to.have.members(['Beanie', 'Belt']);
      // Price HTML shows once the sanitiser's lazy chunk is here (issue 19).
      await waitUntil(() => /\$\d/.test($(el, '.subtotal')?.textContent ?? ''), 'the subtotal never showed');
      // Shop URLs pass safeUrl, which makes them absolute.
      expect(
        [...el.shadowRoot!.querySelectorAll('.actions a')].map((a) => a.getAttribute('href')),
      ).to.deep.equal(['/cart/', '/checkout/'].map((path) => new URL(path, document.baseURI).href));
    });

    it('shows the empty message for an empty cart, without asking the shop', async () => {
      const el = await miniCart();
      await open(el);
      expect($(el, '.empty')!.textContent).to.equal('No products in the cart.');
      expect(await shopLog('get_refreshed_fragments')).to.have.length(0);
    });

    it('renders shop names as text, never as markup', async () => {
      const el = await miniCart();
      $cart.set({
        ...$cart.get(),
        known: true,
        count: 1,
        lines: [
          {
            key: 'k',
            productId: '1',
            sku: '',
            name: '<img src=x onerror="window.pwned=1">Evil',
            url: '/p/',
            image: null,
            quantity: 1,
            priceHtml: '<span class="amount">$1<img src=x onerror="window.pwned=1"></span>',
            removeHref: '/?remove_item=k',
            limits: { min: 0, max: null, step: 1 },
          },
        ],
      });
      await open(el);
      await waitUntil(() => $(el, '.line .name'));
      expect($(el, '.line .name')!.textContent).to.contain('<img');
      // The price is in (the sanitiser's chunk arrived), without its image.
      await waitUntil(() => $(el, '.line .amount')?.textContent === '$1', 'the price never showed');
      expect(el.shadowRoot!.querySelector('.line img')).to.equal(null);
      expect((window as { pwned?: number }).pwned).to.equal(undefined);
    });
  });

  describe('reveal and modes', () => {
    it('shows the dropdown after an add for reveal-ms (default 5000 ms), then hides it', async () => {
      expect((await miniCart()).settings.revealMs).to.equal(5000);
      const el = await miniCart('mode="dropdown" reveal-ms="300"');
      document.dispatchEvent(new CustomEvent('shop-cart-item-added', { detail: {} }));
      await waitUntil(() => $(el, '.panel'), 'dropdown did not open');
      await waitUntil(() => !$(el, '.panel'), 'dropdown did not hide', { timeout: 3000 });
    });

    it('keeps the dropdown on screen when the cart sits at the left edge of the page', async () => {
      const el = await miniCart(); // the fixture is at the top left of the test page
      await open(el);
      const panel = $(el, '.panel')!;
      await waitUntil(() => panel.getBoundingClientRect().top > 0, 'the panel was never placed');
      const box = panel.getBoundingClientRect();
      const launcherBox = $(el, 'button.launcher')!.getBoundingClientRect();
      expect(box.left, 'left edge').to.be.at.least(0);
      expect(box.right, 'right edge').to.be.at.most(document.documentElement.clientWidth);
      expect(box.top, 'under the launcher').to.be.at.least(launcherBox.bottom);
    });

    it('closes the dropdown on Escape and returns focus to the launcher', async () => {
      const el = await miniCart();
      await open(el);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await waitUntil(() => !$(el, '.panel'));
      expect(el.shadowRoot!.activeElement === $(el, 'button.launcher'), 'focus on the launcher').to.equal(
        true,
      );
    });

    it('opens a modal drawer on narrow screens and returns focus to the launcher when it closes', async () => {
      const el = await miniCart('drawer-breakpoint="100000"');
      const launcher = $<HTMLButtonElement>(el, 'button.launcher')!;
      expect(launcher.getAttribute('aria-haspopup')).to.equal('dialog');
      // No launcher.focus(): a script click leaves focus on <body>; the launcher must still get it back.
      await open(el);
      const dialog = $<HTMLDialogElement>(el, 'dialog.drawer')!;
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(el.shadowRoot!.activeElement === $(el, '.close'), 'focus moves into the drawer').to.equal(true);
      $<HTMLButtonElement>(el, '.close')!.click();
      await waitUntil(() => !dialog.open && launcher.getAttribute('aria-expanded') === 'false');
      expect(el.shadowRoot!.activeElement === launcher, 'focus back on the launcher').to.equal(true);
    });

    it('in auto mode is a drawer at 849 px and below, a dropdown above (spec §9)', async () => {
      const el = await miniCart('');
      expect(el.settings.mode).to.equal('auto');
      try {
        await resizeViewport({ width: 849, height: 700 });
        await waitUntil(() => matchMedia('(max-width: 849px)').matches, 'the viewport did not narrow');
        await waitUntil(() => $(el, 'button.launcher')?.getAttribute('aria-haspopup') === 'dialog');
        await resizeViewport({ width: 850, height: 700 });
        await waitUntil(() => !matchMedia('(max-width: 849px)').matches, 'the viewport did not widen');
        await waitUntil(() => $(el, 'button.launcher')?.hasAttribute('aria-haspopup') === false);
        await open(el);
        expect($(el, '.panel'), 'a dropdown panel').to.not.equal(null);
      } finally {
        await resizeViewport({ width: 1024, height: 768 });
      }
    });

    it('closes the drawer on Escape (the dialog cancels) and keeps its state in step', async () => {
      const el = await miniCart('drawer-breakpoint="100000"');
      $<HTMLButtonElement>(el, 'button.launcher')!.focus();
      await open(el);
      const dialog = $<HTMLDialogElement>(el, 'dialog.drawer')!;
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog.open, 'Escape did not close the drawer');
      await waitUntil(() => $(el, 'button.launcher')?.getAttribute('aria-expanded') === 'false');
      expect(el.shadowRoot!.querySelector('.drawer .title')).to.equal(null);
    });

    it('opens the drawer after an add and gives focus back to the button that added', async () => {
      const el = await miniCart('drawer-breakpoint="100000"');
      const button = document.createElement('button');
      button.textContent = 'Add to cart';
      el.parentElement!.append(button);
      button.focus();
      document.dispatchEvent(new CustomEvent('shop-cart-item-added', { detail: {} }));
      const dialog = $<HTMLDialogElement>(el, 'dialog.drawer')!;
      await waitUntil(() => dialog.open, 'the drawer did not open after the add');
      $<HTMLButtonElement>(el, '.close')!.click();
      await waitUntil(() => !dialog.open);
      expect(document.activeElement === button, 'focus back on the add button').to.equal(true);
    });
  });

  describe('lines', () => {
    it('blocks a row while it is removed, then drops it and announces it', async () => {
      await addDirect(101);
      await addDirect(104);
      const el = await miniCart();
      await refreshCart();
      await open(el);
      await injectFault({ endpoint: 'remove_from_cart', delayMs: 500, times: 1 });
      const removed = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('shop-cart-item-removed', (e) => resolve(e as CustomEvent), { once: true }),
      );
      const row = [...el.shadowRoot!.querySelectorAll('.line')].find((r) =>
        r.textContent!.includes('Beanie'),
      )!;
      row.querySelector<HTMLButtonElement>('.remove')!.click();
      await waitUntil(() => row.getAttribute('aria-busy') === 'true', 'row never blocked');
      expect(row.querySelector<HTMLButtonElement>('.remove')!.disabled).to.equal(true);
      expect((await removed).detail.productId).to.equal('101');
      await waitUntil(() => el.shadowRoot!.querySelectorAll('.line').length === 1);
      await waitUntil(() => currentAnnouncement().includes('Beanie was removed'));
      expect(navigated).to.deep.equal([]);
    });

    it('sends a quantity change with plus, then refreshes the cart', async () => {
      await addDirect(104);
      const el = await miniCart();
      await refreshCart();
      await open(el);
      const [increase] = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.qty button')].filter(
        (b) => b.textContent === '+',
      );
      increase.click();
      await waitUntil(async () => (await shopLog('flatsome_ajax_cart_item_alter_quantity')).length === 1);
      const [entry] = await shopLog('flatsome_ajax_cart_item_alter_quantity');
      expect(entry.body).to.include({ quantity: '2', cart_item_key: $cart.get().lines[0].key });
      await waitUntil(() => $cart.get().count === 2, 'cart not refreshed');
    });

    it('does not send a quantity the browser finds invalid and shows its message', async () => {
      await addDirect(109); // limited stock of 2
      const el = await miniCart();
      await refreshCart();
      await open(el);
      const input = $<HTMLInputElement>(el, '.qty input')!;
      // Through the native setter, as typing does (React tracks the value property).
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await waitUntil(() => $(el, '.qty-error'), 'no validity message');
      expect($(el, '.qty-error')!.textContent).to.equal(input.validationMessage);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(await shopLog('flatsome_ajax_cart_item_alter_quantity')).to.have.length(0);
    });
  });

  describe('settings', () => {
    it('reports a bad mode naming the tag and the field, and keeps working with the default', async () => {
      let el!: ShopMiniCartElement;
      const errors = await captureConsoleErrors(async () => {
        el = await miniCart('mode="sideways"');
      });
      expect(errors.join('\n')).to.contain('<shop-mini-cart>').and.contain('mode');
      expect(el.settings.mode).to.equal('auto');
      await open(el);
    });

    it('shows its messages, with the plural form of the page language for the count', async () => {
      const host = await fixture<HTMLElement>(html`<div lang="fr"></div>`);
      const messages = { label: 'Panier', item: '{count} article', items: '{count} articles' };
      host.innerHTML = `<shop-mini-cart mode="dropdown" settings='${JSON.stringify({ messages })}'></shop-mini-cart>`;
      const el = host.firstElementChild as ShopMiniCartElement;
      const launcher = await shadowQuery(el, 'button.launcher');
      // French puts 0 in the `one` form, where English would say "0 items".
      expect(launcher.textContent).to.contain('Panier').and.contain('0 article').and.not.contain('articles');
      await open(el);
      expect($(el, '.title')!.textContent, 'a message left out keeps its default').to.equal('Cart');
    });

    it('reports a bad message naming the field, and shows the default text for it', async () => {
      let el!: ShopMiniCartElement;
      const errors = await captureConsoleErrors(async () => {
        el = await miniCart(`mode="dropdown" settings='{"messages":{"label":5,"title":"Basket"}}'`);
      });
      expect(errors.join('\n')).to.contain('<shop-mini-cart>').and.contain('messages.label');
      expect(el.settings.messages.label).to.equal('Cart');
      expect($(el, 'button.launcher')!.textContent).to.contain('Cart');
      await open(el);
      expect($(el, '.title')!.textContent).to.equal('Basket');
    });
  });

  describe("adds by WooCommerce's scripts (issue 11 item 6)", () => {
    let dropJQuery = () => {};
    afterEach(() => dropJQuery());

    it("opens the dropdown with the new line after add-to-cart.js's jQuery added_to_cart", async () => {
      dropJQuery = pageJQuery();
      const el = await miniCart();
      await import('../../../shared/cart/cart-jquery.ts'); // the cart's jQuery part listens
      const { fragments, cart_hash } = await addDirect(104);
      const button = document.createElement('a');
      (window as unknown as { jQuery: JQueryStatic })
        .jQuery(document.body)
        .trigger('added_to_cart', [
          fragments,
          cart_hash,
          (window as unknown as { jQuery: JQueryStatic }).jQuery(button),
        ]);
      await waitUntil(() => $(el, '.panel .line .name')?.textContent === 'Belt', 'the new line never showed');
      expect($(el, 'button.launcher')!.getAttribute('aria-expanded')).to.equal('true');
    });

    it("opens the drawer with the new line after single-add-to-cart.js's native added_to_cart", async () => {
      const el = await miniCart('drawer-breakpoint="100000"');
      await singleProductAdd(101);
      const dialog = $<HTMLDialogElement>(el, 'dialog.drawer')!;
      await waitUntil(() => dialog.open, 'the drawer did not open');
      await waitUntil(
        () => $(el, '.drawer .line .name')?.textContent === 'Beanie',
        'the new line never showed',
      );
      $<HTMLButtonElement>(el, '.close')!.click();
      await waitUntil(() => !dialog.open);
    });
  });

  describe('removed_from_cart (issue 11 item 8)', () => {
    let dropJQuery = () => {};
    afterEach(() => dropJQuery());

    it("hands on a remove link with the line's data attributes, as WooCommerce's mini-cart prints it, not the element", async () => {
      dropJQuery = pageJQuery();
      const { fragments } = await addDirect(101);
      const el = await miniCart();
      await refreshCart();
      await open(el);
      const line = $cart.value!.lines[0];
      const seen: unknown[][] = [];
      const record = (_event: unknown, ...args: unknown[]) => seen.push(args);
      jQuery(document.body).on('removed_from_cart', record);
      try {
        $<HTMLButtonElement>(el, '.line .remove')!.click();
        await waitUntil(() => seen.length === 1, 'no removed_from_cart');
      } finally {
        jQuery(document.body).off('removed_from_cart', record);
      }
      const $button = seen[0][2] as JQuery;
      const link = $button[0] as HTMLAnchorElement;
      expect(link).to.not.equal(el);
      expect(link.matches('a.remove.remove_from_cart_button')).to.equal(true);
      const printed = new DOMParser()
        .parseFromString(fragments['div.widget_shopping_cart_content'], 'text/html')
        .querySelector('a.remove_from_cart_button')!;
      for (const name of printed.getAttributeNames().filter((n) => n.startsWith('data-'))) {
        expect(link.getAttribute(name), name).to.equal(printed.getAttribute(name));
      }
      expect(link.getAttribute('data-product_id')).to.equal('101');
      expect(String($button.data('product_id'))).to.equal('101');
      expect(link.getAttribute('href')).to.equal(line.removeHref);
    });
  });

  describe("Flatsome's lines without a unit price (issue 11, Minor)", () => {
    for (const quantities of [true, false]) {
      it(`shows the line total and no empty "× price" ${quantities ? 'with' : 'without'} steppers`, async () => {
        await injectFault({
          endpoint: 'get_refreshed_fragments',
          body: {
            fragments: {
              'div.widget_shopping_cart_content': `<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart">${FLATSOME_LINE}</ul></div>`,
            },
            cart_hash: 'flatsome',
          },
        });
        const el = await miniCart(`mode="dropdown" settings='{"quantities":${quantities}}'`);
        await refreshCart();
        await open(el);
        await waitUntil(() => $(el, '.line'));
        const line = $(el, '.line')!;
        expect(line.querySelector('.price')!.textContent).to.contain('$36.00').and.not.contain('×');
        if (quantities) expect(line.querySelector<HTMLInputElement>('.qty input')!.value).to.equal('2');
        else expect(line.querySelector('.price')!.textContent).to.contain('Qty: 2');
      });
    }
  });

  describe('events', () => {
    it('page add-to-cart buttons add by ajax once the element is loaded, and the dropdown shows the new line', async () => {
      const el = await miniCart();
      const button = document.createElement('button');
      button.className = 'button add_to_cart_button ajax_add_to_cart';
      button.dataset.product_id = '104';
      button.textContent = 'Add to cart';
      el.parentElement!.append(button);
      const added = new Promise<CustomEvent>((resolve) =>
        document.addEventListener('shop-cart-item-added', (e) => resolve(e as CustomEvent), { once: true }),
      );
      button.click();
      expect((await added).detail.productId).to.equal('104');
      expect(await shopLog('add_to_cart')).to.have.length(1);
      await waitUntil(() => $(el, '.panel .line .name')?.textContent === 'Belt', 'the new line never showed');
      expect($(el, 'button.launcher')!.getAttribute('aria-expanded')).to.equal('true');
    });
  });

  describe('network failures', () => {
    for (const fault of [{ status: 500 }, { body: { success: false } }]) {
      it(`follows the remove link when the shop answers ${JSON.stringify(fault)}`, async () => {
        await addDirect(101);
        const el = await miniCart();
        await refreshCart();
        await open(el);
        await injectFault({ endpoint: 'remove_from_cart', ...fault });
        const href = $cart.get().lines[0].removeHref;
        $<HTMLButtonElement>(el, '.line .remove')!.click();
        await waitUntil(() => navigated.length === 1);
        expect(navigated[0]).to.equal(href);
      });
    }

    it('announces and shows the error when a quantity change fails, and keeps the line', async () => {
      await addDirect(104);
      const el = await miniCart();
      await refreshCart();
      await open(el);
      await injectFault({ endpoint: 'flatsome_ajax_cart_item_alter_quantity', status: 500 });
      const [increase] = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.qty button')].filter(
        (b) => b.textContent === '+',
      );
      increase.click();
      await waitUntil(() => currentAnnouncement() === 'The cart could not be updated. Please try again.');
      expect($(el, '.error[role="alert"]')!.textContent).to.equal(
        'The cart could not be updated. Please try again.',
      );
      expect($cart.get().lines.map((l) => l.quantity)).to.deep.equal([1]);
    });
  });

  describe('accessibility', () => {
    it('passes axe closed and open with lines', async () => {
      await addDirect(101);
      const el = await miniCart();
      await refreshCart();
      await expect(el).to.be.accessible();
      await open(el);
      await waitUntil(() => $(el, '.line'));
      // axe measures contrast as painted: let the opening animation finish first.
      await Promise.all(el.shadowRoot!.getAnimations().map((a) => a.finished));
      await expect(el).to.be.accessible();
    });
  });
});
