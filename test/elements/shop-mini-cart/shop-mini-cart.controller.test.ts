import { expect } from '@open-wc/testing';
import jQuery from 'jquery';
import type { z } from 'zod';
import {
  itemsText,
  type MiniCartCart,
  MiniCartController,
  type MiniCartControllerOptions,
  modeOf,
} from '../../../elements/shop-mini-cart/shop-mini-cart.controller.ts';
import { miniCartSettings } from '../../../elements/shop-mini-cart/shop-mini-cart.settings.ts';
import type { CartLine } from '../../../shared/shop/cart-types.ts';
import { fakeClock } from '../../helpers/clock.ts';

/** A cart double that records calls and answers as told. */
function fakeCart(answer = true, count = 3) {
  const calls: string[] = [];
  const cart: MiniCartCart & { calls: string[]; count(): number } = {
    calls,
    async remove(key, source) {
      calls.push(`remove ${key} from <${source.localName}>`);
      return answer;
    },
    async setQuantity(key, quantity, source) {
      calls.push(`quantity ${key}=${quantity} from <${source.localName}>`);
      return answer;
    },
    count: () => count,
  };
  return cart;
}

const line = (name = 'Beanie'): CartLine => ({
  key: 'k1',
  productId: '101',
  sku: '',
  name,
  url: '',
  image: null,
  quantity: 1,
  priceHtml: '',
  removeHref: '',
  limits: { min: 0, max: null, step: 1 },
});

/** A page of its own: a container heard as the document, with the element and a node outside it. */
type Overrides = Partial<Omit<MiniCartControllerOptions, 'settings'>> & {
  /** Settings input, parsed with the element's schema (mode `dropdown` unless given). */
  settings?: z.input<typeof miniCartSettings>;
};

function setup(overrides: Overrides = {}) {
  const page = document.createElement('div');
  const host = document.createElement('shop-mini-cart-test');
  const inside = document.createElement('button');
  const outside = document.createElement('button');
  host.append(inside);
  page.append(host, outside);
  document.body.append(page);
  const clock = fakeClock();
  const cart = fakeCart();
  const announced: string[] = [];
  let focused = 0;
  const controller = new MiniCartController({
    host,
    narrow: false,
    events: page,
    clock,
    cart,
    announce: (text) => announced.push(text),
    focusLauncher: () => {
      focused += 1;
    },
    ...overrides,
    settings: miniCartSettings.parse({ mode: 'dropdown', ...overrides.settings }),
  });
  const disconnect = controller.connect();
  const added = () =>
    host.dispatchEvent(new CustomEvent('shop-cart-item-added', { bubbles: true, detail: {} }));
  const state = () => controller.$state.get();
  const cleanup = () => {
    disconnect();
    page.remove();
  };
  return {
    page,
    host,
    inside,
    outside,
    clock,
    cart,
    announced,
    controller,
    added,
    state,
    cleanup,
    focusCount: () => focused,
  };
}

describe('<shop-mini-cart> controller', () => {
  let cleanups: (() => void)[] = [];
  const use = (overrides?: Parameters<typeof setup>[0]) => {
    const made = setup(overrides);
    cleanups.push(made.cleanup);
    return made;
  };
  afterEach(() => {
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  });

  describe('mode', () => {
    it('auto is the drawer when the media query matches and the dropdown otherwise; fixed modes ignore it', () => {
      expect(modeOf('auto', true)).to.equal('drawer');
      expect(modeOf('auto', false)).to.equal('dropdown');
      expect(modeOf('dropdown', true)).to.equal('dropdown');
      expect(modeOf('drawer', false)).to.equal('drawer');
    });

    it('starts closed in the mode of its settings and follows a new media query result', () => {
      const { controller, state } = use({ settings: { mode: 'auto' }, narrow: true });
      expect(state()).to.deep.equal({ open: false, mode: 'drawer' });
      controller.configure(miniCartSettings.parse({ mode: 'auto' }), false);
      expect(state().mode).to.equal('dropdown');
      controller.configure(miniCartSettings.parse({ mode: 'drawer' }), false);
      expect(state().mode).to.equal('drawer');
    });

    it('the launcher toggles it open and closed', () => {
      const { controller, state } = use();
      controller.toggle();
      expect(state().open).to.equal(true);
      controller.toggle();
      expect(state().open).to.equal(false);
    });
  });

  describe('reveal after an add (spec §2/§9)', () => {
    it('shows the dropdown for revealMs, 5000 ms by default, then hides it', () => {
      const { added, clock, state } = use();
      added();
      expect(state().open).to.equal(true);
      clock.tick(4999);
      expect(state().open, 'still open at 4999 ms').to.equal(true);
      clock.tick(1);
      expect(state().open, 'hidden at 5000 ms').to.equal(false);
    });

    it('uses the configured revealMs, and a second add starts the time again', () => {
      const { added, clock, state } = use({ settings: { revealMs: 300 } });
      added();
      clock.tick(200);
      added();
      clock.tick(200);
      expect(state().open).to.equal(true);
      clock.tick(100);
      expect(state().open).to.equal(false);
    });

    it('keeps the dropdown while the shopper is in it (pointer or focus)', () => {
      const { added, clock, controller, state } = use();
      added();
      clock.tick(1000);
      controller.pause();
      clock.tick(10_000);
      expect(state().open).to.equal(true);
      expect(clock.pending).to.equal(0);
    });

    it('opens the drawer with no timer: it stays until closed', () => {
      const { added, clock, state } = use({ settings: { mode: 'drawer' } });
      added();
      expect(state()).to.deep.equal({ open: true, mode: 'drawer' });
      expect(clock.pending).to.equal(0);
      clock.tick(60_000);
      expect(state().open).to.equal(true);
    });

    it('a reveal running when the screen narrows to the drawer does not close the drawer', () => {
      const { added, clock, controller, state } = use({ settings: { mode: 'auto' } });
      added();
      controller.configure(miniCartSettings.parse({ mode: 'auto' }), true);
      clock.tick(10_000);
      expect(state()).to.deep.equal({ open: true, mode: 'drawer' });
    });

    it("reveals after adds by WooCommerce's scripts: add-to-cart.js's jQuery added_to_cart and single-add-to-cart.js's native one (issue 11 item 6)", () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
      try {
        const { inside, state, controller } = use();
        const fragments = { 'div.widget_shopping_cart_content': '<div></div>' };
        jQuery(document.body).trigger('added_to_cart', [fragments, 'h1', null]);
        expect(state().open, 'after the jQuery added_to_cart').to.equal(true);
        controller.close(false);
        inside.dispatchEvent(
          new CustomEvent('added_to_cart', {
            bubbles: true,
            cancelable: true,
            detail: { detail: [fragments, 'h2', null] },
          }),
        );
        expect(state().open, 'after the native added_to_cart').to.equal(true);
        controller.close(false);
        // Flatsome's argument-less added_to_cart follows a quantity change, not an add.
        jQuery(document.body).trigger('added_to_cart');
        inside.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: { detail: [] } }));
        expect(state().open, 'after an added_to_cart without fragments').to.equal(false);
      } finally {
        delete (window as { jQuery?: unknown }).jQuery;
      }
    });

    it("opens the drawer after an add by WooCommerce's scripts too", () => {
      (window as { jQuery?: unknown }).jQuery = jQuery;
      try {
        const { state } = use({ settings: { mode: 'drawer' } });
        jQuery(document.body).trigger('added_to_cart', [{ 'span.cart-count': '1' }, 'h', null]);
        expect(state()).to.deep.equal({ open: true, mode: 'drawer' });
      } finally {
        delete (window as { jQuery?: unknown }).jQuery;
      }
    });

    it('does nothing with revealOnAdd off', () => {
      const { added, state } = use({ settings: { revealOnAdd: false } });
      added();
      expect(state().open).to.equal(false);
    });

    it('hears nothing and keeps no timer once disconnected', () => {
      const { added, clock, cleanup, controller, state } = use();
      added();
      cleanup();
      expect(clock.pending, 'the reveal timer is cleared').to.equal(0);
      controller.close(false);
      added();
      expect(state().open, 'an add after disconnecting').to.equal(false);
    });
  });

  describe('closing', () => {
    it('Escape closes the dropdown and returns focus to the launcher', () => {
      const { controller, page, state, focusCount } = use();
      controller.open();
      page.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(state().open).to.equal(false);
      expect(focusCount()).to.equal(1);
    });

    it('other keys leave it open', () => {
      const { controller, page, state } = use();
      controller.open();
      page.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(state().open).to.equal(true);
    });

    it('a pointer down outside the element closes it without moving focus; inside keeps it', () => {
      const { controller, inside, outside, state, focusCount } = use();
      controller.open();
      inside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      expect(state().open, 'inside').to.equal(true);
      outside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      expect(state().open, 'outside').to.equal(false);
      expect(focusCount()).to.equal(0);
    });

    it('leaves Escape and outside clicks to the drawer’s dialog', () => {
      const { controller, page, outside, state } = use({ settings: { mode: 'drawer' } });
      controller.open();
      page.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      outside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      expect(state().open).to.equal(true);
    });

    it('listens for Escape and pointer downs only while the dropdown is open', () => {
      const { controller, page, focusCount } = use();
      page.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(focusCount(), 'closed: Escape is not ours').to.equal(0);
      controller.open();
      controller.close(false);
      page.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(focusCount(), 'closed again').to.equal(0);
    });

    it('the close button returns focus to the launcher in the dropdown, not in the drawer', () => {
      const dropdown = use();
      dropdown.controller.open();
      dropdown.controller.close(true);
      expect(dropdown.focusCount()).to.equal(1);
      const drawer = use({ settings: { mode: 'drawer' } });
      drawer.controller.open();
      drawer.controller.close(true);
      expect(drawer.state().open).to.equal(false);
      expect(drawer.focusCount(), 'the dialog returns focus itself').to.equal(0);
    });

    it('closing stops a running reveal', () => {
      const { added, clock, controller } = use();
      added();
      controller.close(false);
      expect(clock.pending).to.equal(0);
    });
  });

  describe('line intents', () => {
    it('removes a line from the element and announces it', async () => {
      const { controller, cart, announced } = use();
      await controller.remove(line('Beanie'));
      expect(cart.calls).to.deep.equal(['remove k1 from <shop-mini-cart-test>']);
      expect(announced).to.deep.equal(['Beanie was removed from the cart.']);
    });

    it('announces nothing when the remove fails (the remove link is followed)', async () => {
      const { controller, announced } = use({ cart: fakeCart(false) });
      await controller.remove(line());
      expect(announced).to.deep.equal([]);
    });

    it('changes a quantity and announces the new count with its plural form', async () => {
      const { controller, cart, announced } = use();
      await controller.changeQuantity(line(), 3);
      expect(cart.calls).to.deep.equal(['quantity k1=3 from <shop-mini-cart-test>']);
      expect(announced).to.deep.equal(['Cart updated. The cart now has 3 items.']);
      const one = use({ cart: fakeCart(true, 1) });
      await one.controller.changeQuantity(line(), 1);
      expect(one.announced).to.deep.equal(['Cart updated. The cart now has 1 item.']);
    });

    it('announces the error message when a quantity change fails', async () => {
      const { controller, announced } = use({
        cart: fakeCart(false),
        settings: { messages: { error: 'Nope.' } },
      });
      await controller.changeQuantity(line(), 2);
      expect(announced).to.deep.equal(['Nope.']);
    });

    it('picks the plural form in the language of the nearest lang attribute', async () => {
      const { controller, page, announced } = use({
        cart: fakeCart(true, 1),
        settings: { messages: { item: '{count} item', items: '{count} items (other)' } },
      });
      page.setAttribute('lang', 'ja'); // Japanese has one plural form, `other`
      await controller.changeQuantity(line(), 1);
      expect(announced).to.deep.equal(['Cart updated. The cart now has 1 items (other).']);
    });
  });

  describe('itemsText', () => {
    it('fills the one and other forms with the count', () => {
      const { messages } = miniCartSettings.parse({});
      expect(itemsText(messages, 'en', 1)).to.equal('1 item');
      expect(itemsText(messages, 'en', 0)).to.equal('0 items');
      expect(itemsText(messages, 'en', 12)).to.equal('12 items');
    });
  });
});
