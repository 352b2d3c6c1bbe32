import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { resetPopupRegistry } from '../../../elements/shop-popup/shop-popup.registry.ts';
import type { ShopPopupElement } from '../../../elements/shop-popup/shop-popup.ts';
import '../../../elements/shop-popup/shop-popup.ts';
import { fixDate, localTime } from '../../helpers/clock.ts';
import { captureConsoleErrors, shadowQuery, untilQuiet } from '../../helpers/elements.ts';

const dialogOf = (el: ShopPopupElement) => shadowQuery<HTMLDialogElement>(el, 'dialog');
const QUICK = { entrance_animation: 'none', exit_animation: 'none', entrance_animation_duration: 0 };

async function popup(
  settings: Record<string, unknown> = {},
  content = html`<p>Ten percent off.</p><a href="#deal">See the deal</a>`,
) {
  const el = await fixture<ShopPopupElement>(
    html`<div><button id="opener">Opener</button><shop-popup .settings=${{ ...QUICK, ...settings }}>${content}</shop-popup></div>`,
  );
  return el.querySelector('shop-popup') as ShopPopupElement;
}

async function openedBy(el: ShopPopupElement, open: () => void) {
  const opened = oneEvent(el, 'shop-popup-opened');
  open();
  const event = await opened;
  const dialog = await dialogOf(el);
  await waitUntil(() => dialog.open, 'the dialog never opened');
  return event;
}

function clearStorage() {
  for (const store of [localStorage, sessionStorage])
    for (const key of Object.keys(store)) if (key.startsWith('shop-popup:')) store.removeItem(key);
}

describe('shop-popup', () => {
  // The page's date (display checks, impression counts' expiry): 30 November 2026, 21:00.
  let undoDate = () => {};
  beforeEach(() => {
    clearStorage();
    resetPopupRegistry();
    undoDate = fixDate(localTime(2026, 11, 30, 21));
  });
  afterEach(() => undoDate());

  describe('rendering', () => {
    it('stays hidden until opened, then shows its content in a modal dialog', async () => {
      const el = await popup();
      const dialog = await dialogOf(el);
      expect(dialog.open).to.equal(false);
      await openedBy(el, () => el.open());
      expect(dialog.matches(':modal')).to.equal(true);
      expect(el.shadowRoot!.querySelector('slot')!.assignedElements()).to.have.length(2);
    });

    it('opens by itself when a trigger fires (page load)', async () => {
      // Listening before the popup exists: with a delay of 0 it may open before the fixture returns.
      const opened = oneEvent(document, 'shop-popup-opened');
      const el = await popup({ triggers: { page_load: { delay: 0 } } });
      const event = (await opened) as CustomEvent;
      expect(event.detail.trigger).to.equal('page_load');
      expect(event.target).to.equal(el);
      await waitUntil(async () => (await dialogOf(el)).open);
    });

    it('non-modal where set', async () => {
      const el = await popup({ modal: false });
      await openedBy(el, () => el.open());
      const dialog = await dialogOf(el);
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(false);
    });

    it('the close button closes it, the view is counted and the event fires', async () => {
      const el = await popup({ popup_id: 'count-me' });
      await openedBy(el, () => el.open());
      const closed = oneEvent(el, 'shop-popup-closed');
      (await shadowQuery<HTMLButtonElement>(el, '[part="close-button"]')).click();
      expect(((await closed) as CustomEvent).detail).to.deep.equal({ id: 'count-me' });
      await waitUntil(async () => !(await dialogOf(el)).open);
      expect(JSON.parse(sessionStorage.getItem('shop-popup:count-me:times:session')!).value).to.equal(1);
    });

    it('close button inside or outside, after its delay', async () => {
      const el = await popup({ close_button_position: 'outside', close_button_delay: 0.2 });
      await openedBy(el, () => el.open());
      expect(el.shadowRoot!.querySelector('[part="close-button"]')).to.equal(null);
      const button = await shadowQuery(el, '[part="close-button"]');
      expect(button.classList.contains('close--outside')).to.equal(true);
    });

    it('open() before it is on the page opens it once it is', async () => {
      const el = document.createElement('shop-popup');
      el.settings = { ...QUICK } as ShopPopupElement['settings'];
      el.append(Object.assign(document.createElement('p'), { textContent: 'Early.' }));
      el.open();
      const opened = oneEvent(el, 'shop-popup-opened');
      document.body.append(el);
      try {
        await opened;
        await waitUntil(async () => (await dialogOf(el)).open, 'the dialog never opened');
      } finally {
        el.remove();
      }
    });

    it('removed while open and put back: hidden, and opens again', async () => {
      const el = await popup();
      await openedBy(el, () => el.open());
      const parent = el.parentElement!;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
      parent.append(el);
      const dialog = await dialogOf(el);
      await untilQuiet([el.shadowRoot]);
      expect(dialog.open).to.equal(false);
      await openedBy(el, () => el.open());
    });

    it('adds its classes to the host', async () => {
      const el = await popup({ classes: 'promo  promo--dark' });
      await untilQuiet([el.shadowRoot]);
      expect([...el.classList]).to.include.members(['promo', 'promo--dark']);
    });
  });

  describe('keyboard and focus (APG dialog)', () => {
    it('moves focus to the first focusable content, and returns it on close', async () => {
      const el = await popup();
      const opener = el.parentElement!.querySelector<HTMLButtonElement>('#opener')!;
      opener.focus();
      await openedBy(el, () => el.open());
      const link = el.querySelector('a')!;
      await waitUntil(() => document.activeElement === link, 'focus never moved into the popup');
      await sendKeys({ press: 'Escape' });
      await waitUntil(async () => !(await dialogOf(el)).open, 'Escape did not close');
      await waitUntil(() => document.activeElement === opener, 'focus did not return');
    });

    it('prevent_close_on_esc_key keeps it open', async () => {
      const el = await popup({ prevent_close_on_esc_key: true });
      await openedBy(el, () => el.open());
      await waitUntil(() => document.activeElement === el.querySelector('a'));
      await sendKeys({ press: 'Escape' });
      await sendKeys({ press: 'Escape' });
      await untilQuiet([el.shadowRoot]);
      expect((await dialogOf(el)).open).to.equal(true);
    });

    it('Escape closes a non-modal popup too', async () => {
      const el = await popup({ modal: false });
      await openedBy(el, () => el.open());
      const link = el.querySelector('a')!;
      await waitUntil(() => document.activeElement === link, 'focus never moved into the popup');
      await sendKeys({ press: 'Escape' });
      await waitUntil(async () => !(await dialogOf(el)).open, 'Escape did not close');
    });

    it('a background click closes it, unless prevented', async () => {
      const el = await popup();
      await openedBy(el, () => el.open());
      const dialog = await dialogOf(el);
      dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }));
      await waitUntil(() => !dialog.open, 'a background click did not close');

      const kept = await popup({ prevent_close_on_background_click: true });
      await openedBy(kept, () => kept.open());
      const keptDialog = await dialogOf(kept);
      keptDialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }));
      await untilQuiet([kept.shadowRoot]);
      expect(keptDialog.open).to.equal(true);
    });
  });

  describe('settings', () => {
    it('reports bad input once, naming the field, and works with the default', async () => {
      let el: ShopPopupElement | undefined;
      const errors = await captureConsoleErrors(async () => {
        el = await fixture<ShopPopupElement>(
          html`<shop-popup settings='{"close_button_position":"everywhere"}'><p>Hi</p></shop-popup>`,
        );
        await untilQuiet([el.shadowRoot]);
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<shop-popup>').and.to.contain('close_button_position');
      expect(el!.hasAttribute('data-invalid-settings')).to.equal(true);
      expect(el!.settings.close_button_position).to.equal('inside');
    });

    it('renders hostile messages as text', async () => {
      const hostile = '<img src=x onerror="window.__popupXss=1">';
      const el = await popup({ messages: { label: hostile, close: hostile } });
      await openedBy(el, () => el.open());
      const dialog = await dialogOf(el);
      expect(dialog.getAttribute('aria-label')).to.equal(hostile);
      expect(el.shadowRoot!.querySelector('img')).to.equal(null);
      expect((window as unknown as { __popupXss?: number }).__popupXss).to.equal(undefined);
    });

    it('does not open when a display check fails (invalid referrer regex)', async () => {
      const el = await popup({
        timing: { url: { value: '([', regex: true } },
        triggers: { page_load: { delay: 0 } },
      });
      await untilQuiet([el.shadowRoot]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await dialogOf(el)).open).to.equal(false);
    });
  });

  describe('schedule (spec §5: the current date between start and end, in site time if selected)', () => {
    afterEach(() => {
      delete (window as { ElementorProFrontendConfig?: unknown }).ElementorProFrontendConfig;
    });

    /** Whether a popup ending at 23:55 on 31 December opens on page load with the page's date at `at`. */
    async function opensAt(at: Date, timezone: 'site' | 'visitor') {
      undoDate();
      undoDate = fixDate(at);
      let opened = false;
      const listener = () => {
        opened = true;
      };
      document.addEventListener('shop-popup-opened', listener);
      try {
        const el = await popup({
          timing: { schedule: { end: '2026-12-31 23:55', timezone } },
          triggers: { page_load: { delay: 0 } },
        });
        await dialogOf(el);
        await untilQuiet([el.shadowRoot]);
        // The display checks run as the popup starts; if they pass, page load opens it a task later.
        await new Promise((resolve) => setTimeout(resolve, 0));
        return opened;
      } finally {
        document.removeEventListener('shop-popup-opened', listener);
      }
    }

    it("ends today at 23:55 in the visitor's time: opens at 23:54 on New Year's Eve, not at 23:56", async () => {
      expect(await opensAt(localTime(2026, 12, 31, 23, 54), 'visitor')).to.equal(true);
      expect(await opensAt(localTime(2026, 12, 31, 23, 56), 'visitor')).to.equal(false);
    });

    it("ends today at 23:55 in site time: the page's gmt_offset (5.5 h) decides, not the visitor's zone", async () => {
      (window as { ElementorProFrontendConfig?: unknown }).ElementorProFrontendConfig = { gmt_offset: 5.5 };
      expect(await opensAt(new Date('2026-12-31T23:54+05:30'), 'site')).to.equal(true);
      expect(await opensAt(new Date('2026-12-31T23:56+05:30'), 'site')).to.equal(false);
    });
  });

  describe('accessibility', () => {
    it('passes axe closed and open', async () => {
      const el = await popup();
      await dialogOf(el);
      await expect(el).to.be.accessible();
      await openedBy(el, () => el.open());
      await expect(el.parentElement!).to.be.accessible();
    });
  });
});
