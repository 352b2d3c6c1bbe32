import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import jQuery from 'jquery';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import sinon from 'sinon';
import '../../../elements/join-chat/join-chat.ts';
import { setJoinChatEnvironment } from '../../../elements/join-chat/join-chat.env.ts';
import { HASHES_KEY, VIEWS_KEY } from '../../../elements/join-chat/join-chat.rules.ts';
import type { JoinChatElement } from '../../../elements/join-chat/join-chat.ts';
import { createSafeStorage, type SafeStorage } from '../../../shared/storage.ts';
import { setConsent } from '../../../shared/stores/consent.ts';
import { $product, EMPTY_PRODUCT, setVariant } from '../../../shared/stores/product.ts';
import { localTime } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames, untilQuiet } from '../../helpers/elements.ts';
import { describeAnimation, preferReducedMotion } from '../../helpers/reduced-motion.ts';
import { memoryStorage } from '../../helpers/storage.ts';

interface World {
  clock: sinon.SinonFakeTimers;
  open: sinon.SinonSpy<[string], void>;
  storage: SafeStorage;
  trackers: Record<string, unknown>;
  restore: () => void;
}

let world: World;
const mounted: Element[] = [];

/** Where each test's fake clock starts: 30 November 2026, 21:00 in the page's zone. */
const START = localTime(2026, 11, 30, 21);

function setup(
  options: { href?: string; mobile?: boolean; reducedMotion?: boolean; storage?: SafeStorage } = {},
) {
  // biome-ignore lint/correctness/useHookAtTopLevel: sinon's fake timers, not a React hook
  const clock = sinon.useFakeTimers({
    now: START,
    shouldAdvanceTime: false,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  const open = sinon.spy((_url: string) => {});
  const storage = options.storage ?? createSafeStorage(memoryStorage);
  const trackers: Record<string, unknown> = {};
  const restore = setJoinChatEnvironment({
    open,
    href: () => options.href ?? 'https://shop.test/product/',
    isMobile: () => options.mobile ?? false,
    reducedMotion: () => options.reducedMotion ?? false,
    storage,
    random: () => 0.5,
    trackers: () => trackers,
  });
  world = { clock, open, storage, trackers, restore };
  return world;
}

const MESSAGE = 'Hello! 👋\nHow can we help?';

async function mount(settings: Record<string, unknown>, markup = ''): Promise<JoinChatElement> {
  const el = document.createElement('join-chat');
  if (markup) el.innerHTML = markup;
  el.settings = { telephone: '+34 600 112 233', ...settings } as never;
  document.body.append(el);
  mounted.push(el);
  await rendered(el);
  return el;
}

/** Waits (in frames, which are not faked) until React rendered the widget and ran its effects. */
async function rendered(el: Element, maxFrames = 40) {
  for (let i = 0; i < maxFrames && !el.shadowRoot?.querySelector('.root'); i++) await frames(1);
  await frames(2);
}

/** Moves the fake clock, then lets React commit (frames are not faked) until the widgets are still. */
async function tick(ms: number) {
  world.clock.tick(ms);
  await frames(2);
  await untilQuiet(mounted.map((el) => el.shadowRoot));
}

const $ = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector(selector) as T | null;
const root = (el: Element) => $(el, '.root')!;
const launcher = (el: Element) => $<HTMLButtonElement>(el, '.button')!;
const isShown = (el: Element) => root(el).hasAttribute('data-shown');
// DOM nodes are compared as booleans: a failing chai equality on a node React manages hangs
// web-test-runner instead of failing (STYLE.md, known traps).
const isOpen = (el: Element) => $<HTMLDialogElement>(el, 'dialog')?.open ?? false;

function pageElement(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  mounted.push(holder);
  return holder.firstElementChild as HTMLElement;
}

const pageTitle = document.title;
afterEach(async () => {
  for (const el of mounted.splice(0)) el.remove();
  // The widgets unmount, and $product lets go of the page (jQuery bridge) after nanostores'
  // delay, which runs on the fake clock: without this the store stays mounted for later tests.
  await frames(1);
  world?.clock.tick(STORE_UNMOUNT_DELAY);
  document.title = pageTitle;
  world?.restore();
  try {
    world?.clock.restore();
  } catch {
    // already restored by the test
  }
  setConsent({ statistics: 'denied', marketing: 'denied' });
  await frames(1);
});

describe('<join-chat>', () => {
  describe('rendering and timings', () => {
    it('stays hidden, then shows the button after button_delay', async () => {
      setup();
      const el = await mount({ button_delay: 3, message_text: MESSAGE });
      expect(isShown(el)).to.equal(false);
      expect(root(el).inert).to.equal(true);
      await tick(2999);
      expect(isShown(el)).to.equal(false);
      await tick(1);
      expect(isShown(el)).to.equal(true);
      expect(root(el).inert).to.equal(false);
      expect(root(el).hasAttribute('data-animate')).to.equal(true);
      expect(launcher(el).getAttribute('aria-label')).to.equal('Open chat');
      expect(launcher(el).getAttribute('aria-expanded')).to.equal('false');
    });

    it('shows at once without animation for a negative button_delay', async () => {
      setup();
      const el = await mount({ button_delay: -1 });
      expect(isShown(el)).to.equal(true);
      expect(root(el).hasAttribute('data-animate')).to.equal(false);
    });

    it('renders nothing without a telephone', async () => {
      setup();
      const el = await mount({ telephone: '' });
      expect(el.shadowRoot!.querySelector('.root') === null).to.equal(true);
    });

    it('shows the tooltip with the button when the rules allow it', async () => {
      setup();
      const el = await mount({
        button_delay: 1,
        button_tip: 'Need help?',
        message_text: MESSAGE,
        message_badge: true,
      });
      await tick(1000);
      expect($(el, '[part="tooltip"]')?.textContent).to.equal('Need help?');
      expect(launcher(el).getAttribute('aria-describedby')).to.equal($(el, '[part="tooltip"]')!.id);
    });

    it('shows the tooltip once the view threshold is reached (spec §4), not below it', async () => {
      setup();
      const settings = {
        button_delay: 1,
        button_tip: 'Need help?',
        message_text: MESSAGE,
        message_hash: 'tip1',
        message_delay: 30,
        message_views: 2,
      };
      world.storage.set(VIEWS_KEY, '1');
      const below = await mount(settings);
      await tick(1000);
      expect(isShown(below)).to.equal(true);
      expect($(below, '[part="tooltip"]') !== null, 'tooltip below the threshold').to.equal(false);
      below.remove();
      expect(world.storage.get(VIEWS_KEY)).to.equal('2'); // this view was counted
      const reached = await mount(settings);
      await tick(1000);
      expect($(reached, '[part="tooltip"]')?.textContent).to.equal('Need help?');
    });

    it('hides the tooltip when the message was seen', async () => {
      setup();
      world.storage.set(HASHES_KEY, 'seen1');
      const el = await mount({
        button_delay: 1,
        button_tip: 'Need help?',
        message_text: MESSAGE,
        message_hash: 'seen1',
        message_badge: true,
      });
      await tick(1000);
      expect($(el, '[part="tooltip"]') === null).to.equal(true);
    });

    it('opens the chatbox by itself after message_delay once the view threshold is reached', async () => {
      setup();
      const opened = sinon.spy();
      document.addEventListener('join-chat-opened', opened);
      try {
        const el = await mount({
          button_delay: 1,
          message_delay: 5,
          message_text: MESSAGE,
          message_hash: 'h1',
        });
        await tick(5999);
        expect(isOpen(el)).to.equal(false);
        await tick(1);
        expect(isOpen(el)).to.equal(true);
        expect(opened.firstCall.args[0].detail).to.deep.equal({ automatic: true });
        // Automatic openings leave focus where the shopper is.
        expect(el.shadowRoot!.activeElement === null).to.equal(true);
        // Opening saves the message hash as seen.
        expect(world.storage.get(HASHES_KEY)).to.equal('h1');
      } finally {
        document.removeEventListener('join-chat-opened', opened);
      }
    });

    it('does not open by itself again once the message was seen', async () => {
      setup();
      world.storage.set(HASHES_KEY, 'a,h1');
      const el = await mount({
        button_delay: 1,
        message_delay: 5,
        message_text: MESSAGE,
        message_hash: 'h1',
      });
      await tick(60_000);
      expect(isOpen(el)).to.equal(false);
    });

    it('counts views and waits for message_views before opening by itself', async () => {
      setup();
      const settings = {
        button_delay: 0,
        message_delay: 2,
        message_views: 2,
        message_text: MESSAGE,
        message_hash: 'h2',
      };
      for (const expected of [false, false, true]) {
        const el = await mount(settings);
        await tick(2000);
        expect(isOpen(el), `view ${world.storage.get(VIEWS_KEY)}`).to.equal(expected);
        el.remove();
      }
      expect(world.storage.get(VIEWS_KEY)).to.equal('2');
    });

    it('shows the badge instead when message_badge is set, and hides it on opening', async () => {
      setup();
      const el = await mount({
        button_delay: 1,
        message_delay: 2,
        message_text: MESSAGE,
        message_badge: true,
      });
      await tick(2999);
      expect($(el, '[part="badge"]') === null).to.equal(true);
      await tick(1);
      expect($(el, '[part="badge"]')?.dataset.state).to.equal('in');
      expect(launcher(el).getAttribute('aria-label')).to.equal('Open chat, 1 new message');
      expect(isOpen(el)).to.equal(false);
      launcher(el).click();
      await frames(3);
      expect(isOpen(el)).to.equal(true);
      expect($(el, '[part="badge"]')?.dataset.state).to.equal('out');
    });

    it('keeps working when storage throws', async () => {
      const throwing = createSafeStorage(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      setup({ storage: throwing });
      const el = await mount({
        button_delay: 0,
        message_delay: 1,
        message_text: MESSAGE,
        message_hash: 'h3',
      });
      await tick(1000);
      expect(isOpen(el)).to.equal(true);
      el.remove();
      const again = await mount({
        button_delay: 0,
        message_delay: 1,
        message_text: MESSAGE,
        message_hash: 'h3',
      });
      await tick(1000);
      expect(isOpen(again)).to.equal(false); // remembered in memory
    });

    it('types the bubbles out, 60 ms a word plus 100-200 ms, reveals 400-600 ms, notes 100 ms', async () => {
      setup();
      const el = await mount({
        button_delay: 0,
        message_text: 'one two three\n===\nfour five\n>>>\nnote here',
      });
      launcher(el).click();
      await frames(3);
      const bubbles = () => el.shadowRoot!.querySelectorAll('[part~="bubble"]').length;
      const typing = () => $(el, '[part="typing"]') !== null;
      expect([bubbles(), typing()]).to.deep.equal([0, true]);
      await tick(329); // 3 words * 60 + 150
      expect(bubbles()).to.equal(0);
      await tick(1);
      expect([bubbles(), typing()]).to.deep.equal([1, false]);
      await tick(500); // reveal pause, then typing 2 words * 60 + 150
      expect([bubbles(), typing()]).to.deep.equal([1, true]);
      await tick(269);
      expect(bubbles()).to.equal(1);
      await tick(1);
      expect(bubbles()).to.equal(2);
      await tick(500); // the note shows without typing
      expect([bubbles(), typing()]).to.deep.equal([3, false]);
      expect($(el, '[part~="note"]')?.textContent).to.equal('note here');
    });

    it('shows every bubble at once under prefers-reduced-motion', async () => {
      setup({ reducedMotion: true });
      const el = await mount({ button_delay: 0, message_text: 'one\n===\ntwo\n===\nthree' });
      launcher(el).click();
      await frames(3);
      expect(el.shadowRoot!.querySelectorAll('[part~="bubble"]').length).to.equal(3);
      expect($(el, '[part="typing"]') === null).to.equal(true);
    });

    /** The chatbox's message time for a message written at `written`, read at `read` (page in en-US). */
    async function messageTimeText(written: Date, read: Date) {
      world.clock.setSystemTime(read);
      const holder = pageElement('<div lang="en-US"></div>');
      const el = document.createElement('join-chat');
      el.settings = {
        telephone: '34600112233',
        button_delay: 0,
        message_text: MESSAGE,
        message_time: written.toISOString(),
      } as never;
      holder.append(el);
      await rendered(el);
      launcher(el).click();
      await frames(3);
      // Intl may put a narrow no-break space before AM/PM.
      return $(el, '[part="time"]')?.textContent?.replace(/\s/g, ' ');
    }

    it('formats no date until the chatbox opens, then shows the time it opened (issue 32)', async () => {
      // The first date format of a page loads Intl's date data: about 100 ms on a slow phone at
      // start, for a text inside a closed chatbox.
      setup();
      // `format` is a getter of Intl.DateTimeFormat.prototype (formats are kept per locale, so
      // counting constructions would not see a later format).
      const formats = sinon.spy(Intl.DateTimeFormat.prototype, 'format', ['get']);
      try {
        const el = await mount({ button_delay: 0, message_text: MESSAGE });
        await frames(2);
        expect(formats.get.callCount, 'a date was formatted before the chatbox opened').to.equal(0);
        expect($(el, '[part="time"]')).to.equal(null);
        launcher(el).click();
        await frames(3);
        expect(formats.get.callCount).to.be.greaterThan(0);
        expect($(el, '[part="time"]')?.textContent).to.match(/\d/);
      } finally {
        formats.get.restore();
      }
    });

    it('shows the message time in the page language', async () => {
      setup();
      expect(await messageTimeText(localTime(2025, 2, 2, 0), localTime(2025, 6, 15, 12))).to.equal('Feb 2');
    });

    it('shows the time for a message 23 h 59 min old across the spring-forward night, the date at 24 h (spec §9)', async () => {
      // Europe/Berlin, 2027-03-28: the clock reads 12:59 the next day after 23 h 59 min.
      setup();
      const written = localTime(2027, 3, 27, 12);
      const later = (minutes: number) => new Date(written.getTime() + minutes * 60_000);
      expect(await messageTimeText(written, later(23 * 60 + 59))).to.equal('12:00 PM');
      expect(await messageTimeText(written, later(24 * 60))).to.equal('Mar 27');
    });

    it('draws a QR code of the app link on desktops only', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_text: MESSAGE, qr: true });
      launcher(el).click(); // issue 22: the code is drawn only when the chatbox is shown
      // Issue 19: the generator loads then (frames, not the fake clock, let the import finish).
      for (let i = 0; i < 200 && !$(el, '[part="qr"] svg path'); i++) await frames(1);
      const path = $(el, '[part="qr"] svg path');
      expect(path?.getAttribute('d')).to.match(/^M\d+,\d+h1v1h-1z/);
      expect($(el, '[part="qr"] svg')?.getAttribute('aria-label')).to.equal('Scan the code');
      world.restore();
      world.clock.restore();
      setup({ mobile: true });
      const onMobile = await mount({ button_delay: 0, message_text: MESSAGE, qr: true });
      expect($(onMobile, '[part="qr"]') === null).to.equal(true);
    });
  });

  describe('opening', () => {
    it('opens by the address hash #joinchat after 700 ms', async () => {
      setup({ href: 'https://shop.test/p#joinchat' });
      const opened = sinon.spy();
      document.addEventListener('join-chat-opened', opened);
      try {
        const el = await mount({ button_delay: 5, message_text: MESSAGE });
        expect(isShown(el)).to.equal(true);
        await tick(699);
        expect(isOpen(el)).to.equal(false);
        await tick(1);
        expect(isOpen(el)).to.equal(true);
        expect(opened.firstCall.args[0].detail).to.deep.equal({ automatic: true });
      } finally {
        document.removeEventListener('join-chat-opened', opened);
      }
    });

    it('opens by ?joinchat=<seconds> after that delay plus 700 ms', async () => {
      setup({ href: 'https://shop.test/p?joinchat=2' });
      const el = await mount({ button_delay: 10, message_text: MESSAGE });
      await tick(1999);
      expect(isShown(el)).to.equal(false);
      await tick(1);
      expect(isShown(el)).to.equal(true);
      await tick(699);
      expect(isOpen(el)).to.equal(false);
      await tick(1);
      expect(isOpen(el)).to.equal(true);
    });

    for (const markup of [
      '<button type="button" class="joinchat_open">Chat</button>',
      '<a href="#joinchat"><span>Chat</span></a>',
    ]) {
      it(`opens the chatbox from the page: ${markup}`, async () => {
        setup();
        const el = await mount({ button_delay: 0, message_text: MESSAGE });
        const opened = sinon.spy();
        el.addEventListener('join-chat-opened', opened);
        const trigger = pageElement(markup);
        ((trigger.firstElementChild as HTMLElement) ?? trigger).click();
        await frames(3);
        expect(isOpen(el)).to.equal(true);
        expect(opened.firstCall.args[0].detail).to.deep.equal({ automatic: false });
        expect(el.shadowRoot!.activeElement === $(el, '[part="close-button"]')).to.equal(true);
        expect(world.open.called).to.equal(false);
      });
    }

    for (const markup of [
      '<button type="button" class="joinchat_app">WhatsApp</button>',
      '<a href="#whatsapp">WhatsApp</a>',
    ]) {
      it(`opens the messaging link straight from the page: ${markup}`, async () => {
        setup();
        const el = await mount({ button_delay: 0, message_text: MESSAGE, message_send: 'Hi there' });
        const linked = sinon.spy();
        el.addEventListener('join-chat-link-opened', linked);
        pageElement(markup).click();
        await frames(3);
        expect(world.open.args).to.deep.equal([['https://wa.me/34600112233?text=Hi+there']]);
        expect(linked.firstCall.args[0].detail).to.deep.equal({
          url: 'https://wa.me/34600112233?text=Hi+there',
        });
        expect(isOpen(el)).to.equal(false);
      });
    }

    it('uses data-phone and data-message of the trigger, refusing a phone that does not parse', async () => {
      setup();
      await mount({ button_delay: 0 });
      pageElement(
        '<a href="#whatsapp" data-phone="+1 (555) 010-0199" data-message="About order 42">x</a>',
      ).click();
      expect(world.open.args[0]).to.deep.equal(['https://wa.me/15550100199?text=About+order+42']);
      pageElement('<a href="#whatsapp" data-phone="javascript:alert(1)">x</a>').click();
      expect(world.open.args[1]).to.deep.equal(['https://wa.me/34600112233']);
    });

    it('closes from page elements with class joinchat_close', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      launcher(el).click();
      await frames(3);
      await tick(600);
      pageElement('<button type="button" class="joinchat_close">close</button>').click();
      await frames(3);
      expect(isOpen(el)).to.equal(false);
    });

    it('opens the link from the launcher when there is no chatbox', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_send: 'Hello <jc-sku>SKU</jc-sku>', sku: 'AB-12' });
      launcher(el).click();
      expect(world.open.args).to.deep.equal([['https://wa.me/34600112233?text=Hello+AB-12']]);
      expect(launcher(el).hasAttribute('aria-expanded')).to.equal(false);
    });

    it("follows the chosen variation's SKU from WooCommerce's jQuery events and setVariant()", async () => {
      setup();
      (window as { jQuery?: unknown }).jQuery = jQuery;
      try {
        const form = pageElement('<form class="variations_form cart"><select></select></form>');
        const el = await mount({ button_delay: 0, message_send: 'Hello <jc-sku>SKU</jc-sku>', sku: 'AB-12' });
        const sent = () => new URL(world.open.lastCall.args[0]).searchParams.get('text');
        jQuery(form).trigger('found_variation', [{ variation_id: 7, sku: 'AB-12-RED' }]);
        launcher(el).click();
        expect(sent()).to.equal('Hello AB-12-RED');
        jQuery(form).trigger('reset_data');
        launcher(el).click();
        expect(sent()).to.equal('Hello AB-12');
        setVariant({ variationId: '8', sku: 'AB-12-BLUE' });
        launcher(el).click();
        expect(sent()).to.equal('Hello AB-12-BLUE');
      } finally {
        delete (window as { jQuery?: unknown }).jQuery;
        $product.set({ ...EMPTY_PRODUCT });
      }
    });

    it('opens WhatsApp Web on desktops when whatsapp_web is set, the app link on mobile', async () => {
      setup();
      const el = await mount({ button_delay: 0, whatsapp_web: true });
      launcher(el).click();
      expect(world.open.args[0]).to.deep.equal(['https://web.whatsapp.com/send?phone=34600112233']);
      world.restore();
      world.clock.restore();
      setup({ mobile: true });
      const onMobile = await mount({ button_delay: 0, whatsapp_web: true });
      launcher(onMobile).click();
      expect(world.open.args[0]).to.deep.equal(['https://wa.me/34600112233']);
    });

    it('ignores a click less than 600 ms after the chatbox was shown', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_delay: 1, message_text: MESSAGE, message_hash: 'g' });
      await tick(1000);
      expect(isOpen(el)).to.equal(true);
      $<HTMLButtonElement>(el, '[part="open-button"]')!.click();
      launcher(el).click();
      await tick(599);
      $<HTMLButtonElement>(el, '[part="open-button"]')!.click();
      expect(world.open.called).to.equal(false);
      expect(isOpen(el)).to.equal(true);
      await tick(1);
      $<HTMLButtonElement>(el, '[part="open-button"]')!.click();
      expect(world.open.callCount).to.equal(1);
    });

    it('opens the chatbox after hovering the button for 1500 ms (not on mobile)', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      launcher(el).dispatchEvent(
        new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }),
      );
      await tick(1499);
      expect(isOpen(el)).to.equal(false);
      await tick(1);
      expect(isOpen(el)).to.equal(true);
      expect(el.shadowRoot!.activeElement === null).to.equal(true);
    });

    it('cancels hover-to-open when the pointer leaves', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      launcher(el).dispatchEvent(
        new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }),
      );
      await tick(1000);
      launcher(el).dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
      await tick(2000);
      expect(isOpen(el)).to.equal(false);
    });

    it('does not open on hover on mobile', async () => {
      setup({ mobile: true });
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      launcher(el).dispatchEvent(
        new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }),
      );
      await tick(3000);
      expect(isOpen(el)).to.equal(false);
    });

    it('keeps the chatbox while the required opt-in is unchecked', async () => {
      setup();
      const el = await mount({
        button_delay: 0,
        message_text: MESSAGE,
        optin_text: 'I accept the privacy policy',
        optin_check: true,
      });
      launcher(el).click();
      await tick(600);
      const open = $<HTMLButtonElement>(el, '[part="open-button"]')!;
      expect(open.getAttribute('aria-disabled')).to.equal('true');
      open.click();
      await frames(3);
      expect(world.open.called).to.equal(false);
      expect(isOpen(el)).to.equal(true);
      const checkbox = $<HTMLInputElement>(el, '[part="optin"] input')!;
      expect(el.shadowRoot!.activeElement === checkbox).to.equal(true);
      // A direct page trigger shows the chatbox instead while the opt-in is pending.
      pageElement('<a href="#whatsapp">x</a>').click();
      expect(world.open.called).to.equal(false);
      checkbox.click();
      await frames(3);
      open.click();
      expect(world.open.callCount).to.equal(1);
    });

    it('closes on Escape and returns focus to the launcher', async () => {
      setup();
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      launcher(el).focus();
      launcher(el).click();
      await frames(3);
      expect(launcher(el).getAttribute('aria-expanded')).to.equal('true');
      const focused = el.shadowRoot!.activeElement as HTMLElement;
      focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      await frames(3);
      expect(isOpen(el)).to.equal(false);
      expect(launcher(el).getAttribute('aria-expanded')).to.equal('false');
      expect(el.shadowRoot!.activeElement === launcher(el)).to.equal(true);
    });

    it('on mobile, hides while a page text field has focus', async () => {
      setup({ mobile: true });
      const el = await mount({ button_delay: 0, message_text: MESSAGE });
      const form = pageElement('<form><input type="email" /><input type="checkbox" /></form>');
      const [email, box] = [...form.querySelectorAll('input')];
      email.focus();
      await tick(199);
      expect(isShown(el)).to.equal(true);
      await tick(1);
      expect(isShown(el)).to.equal(false);
      box.focus();
      await tick(200);
      expect(isShown(el)).to.equal(true);
      // With the chatbox open it closes first, then hides 400 ms later.
      launcher(el).click();
      await tick(600);
      email.focus();
      await tick(200);
      expect(isOpen(el)).to.equal(false);
      expect(isShown(el)).to.equal(true);
      await tick(400);
      expect(isShown(el)).to.equal(false);
    });

    it('does not hide for text fields on desktops', async () => {
      setup();
      const el = await mount({ button_delay: 0 });
      pageElement('<input type="text" />').focus();
      await tick(1000);
      expect(isShown(el)).to.equal(true);
    });

    it('with mobile_only on a desktop, shows nothing but the page triggers open the link', async () => {
      setup();
      const el = await mount({ button_delay: 0, mobile_only: true, message_text: MESSAGE });
      expect(el.shadowRoot!.querySelector('.root') === null).to.equal(true);
      pageElement('<button type="button" class="joinchat_open">Chat</button>').click();
      expect(world.open.args).to.deep.equal([['https://wa.me/34600112233']]);
    });
  });

  describe('events and consent', () => {
    function gtagPage() {
      const calls: unknown[][] = [];
      world.trackers.dataLayer = [['config', 'G-XYZ']];
      world.trackers.gtag = (...args: unknown[]) => void calls.push(args);
      return calls;
    }

    it('sends no analytics without consent, but still opens the link', async () => {
      setup();
      const calls = gtagPage();
      const el = await mount({ button_delay: 0, gads: 'AW-1/x' });
      launcher(el).click();
      expect(world.open.callCount).to.equal(1);
      expect(calls).to.deep.equal([]);
      expect(world.trackers.dataLayer).to.have.length(1);
    });

    it('pushes to the data layer and sends the GA4 event with statistics consent', async () => {
      setup();
      setConsent({ statistics: 'granted' });
      const calls = gtagPage();
      document.title = `Product ${'t'.repeat(400)}`;
      const el = await mount({ button_delay: 0, message_send: 'm'.repeat(150), ga_event: 'chat_click' });
      launcher(el).click();
      expect(calls).to.have.length(1);
      const [, name, params] = calls[0] as [string, string, Record<string, string>];
      expect(name).to.equal('chat_click');
      expect(params).to.include({
        send_to: 'G-XYZ',
        chat_channel: 'whatsapp',
        chat_id: '34600112233',
        is_mobile: 'no',
      });
      expect(params.page_location).to.equal('https://shop.test/product/');
      expect(params.page_title.length).to.equal(300);
      expect(params.chat_message.length).to.equal(100);
      expect(params.event_label.length).to.equal(100);
      const push = (world.trackers.dataLayer as unknown[]).at(-1) as Record<string, string>;
      expect(push.event).to.equal('JoinChat');
      expect(push.chat_message.length).to.equal(150);
    });
  });

  describe('settings', () => {
    it('reports a bad telephone once, naming the element and the field, and stays hidden', async () => {
      setup();
      let el!: JoinChatElement;
      const errors = await captureConsoleErrors(async () => {
        el = await mount({ telephone: 'call us!', message_views: 0 });
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<join-chat>').and.contain('telephone').and.contain('message_views');
      expect(el.settings.message_views).to.equal(1);
      expect(el.shadowRoot!.querySelector('.root') === null).to.equal(true);
    });

    it("reads Joinchat's data-settings attribute", async () => {
      setup();
      const el = document.createElement('join-chat');
      el.setAttribute(
        'data-settings',
        JSON.stringify({ telephone: '34600112233', button_delay: -1, message_text: 'Hi' }),
      );
      document.body.append(el);
      mounted.push(el);
      await rendered(el);
      expect(el.settings.telephone).to.equal('34600112233');
      expect(isShown(el)).to.equal(true);
      // Bad JSON is reported once by defineElement, naming the element and the field; the
      // attribute's fields fall back to the other sources and the defaults (no telephone here).
      const errors = await captureConsoleErrors(() => el.setAttribute('data-settings', '{not json'));
      expect(errors).to.have.length(1);
      expect(errors[0]).to.match(/^<join-chat>: invalid settings \(data-settings attribute\)/);
      expect(el.settingsErrors).to.deep.equal(['data-settings attribute: not valid JSON']);
      expect(el.settings.telephone).to.equal('');
      await frames(3);
      expect(el.shadowRoot!.querySelector('.root') === null).to.equal(true);
    });

    it('reads settings from a child JSON script and individual attributes', async () => {
      setup();
      const holder = pageElement(
        '<join-chat telephone="+44 20 7946 0958" position="left"><script type="application/json">{"button_delay": -1, "message_text": "Hi"}</script></join-chat>',
      );
      await rendered(holder);
      expect((holder as JoinChatElement).settings.telephone).to.equal('442079460958');
      expect(root(holder).dataset.position).to.equal('left');
    });
  });

  describe('accessibility', () => {
    it('never opens by itself over a modal: Escape closes the modal, then the chatbox opens; Escape closes it', async function () {
      this.timeout(20_000);
      setup();
      const el = await mount({
        button_delay: 1,
        message_delay: 5,
        message_text: MESSAGE,
        message_hash: 'esc',
      });
      const modal = pageElement(
        '<dialog aria-label="Quick view"><button type="button">Add to cart</button></dialog>',
      ) as HTMLDialogElement;
      modal.showModal();
      await tick(6000);
      expect(isOpen(el)).to.equal(false); // it waits for the modal
      world.clock.restore(); // the keyboard runs on real time
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !modal.open, 'Escape did not close the modal', { timeout: 3000 });
      await waitUntil(() => isOpen(el), 'the chatbox did not open after the modal closed', { timeout: 3000 });
      expect($<HTMLDialogElement>(el, 'dialog')!.matches(':modal')).to.equal(false);
      $(el, '[part="chat"]')!.focus(); // the log is in the tab order
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !isOpen(el), 'Escape did not close the chatbox', { timeout: 3000 });
      expect(el.shadowRoot!.activeElement === launcher(el)).to.equal(true);
    });

    it('under reduced motion the chatbox opens without animation, and its scrolling log is reachable and named (axe)', async function () {
      this.timeout(30_000);
      const { css, undo } = await preferReducedMotion();
      try {
        setup({ reducedMotion: true });
        const long = Array.from({ length: 14 }, (_, i) => `Message number ${i + 1}, a little longer.`);
        const el = await mount({
          button_delay: 0,
          header: 'Shop support',
          message_text: long.join('\n===\n'),
        });
        world.clock.restore(); // axe schedules its own timers
        launcher(el).click();
        await frames(3);
        expect(isOpen(el)).to.equal(true);
        // Not even a finished 0.01 ms one (where the engine's driver applies the media query).
        if (css) expect(el.shadowRoot!.getAnimations().map(describeAnimation)).to.deep.equal([]);
        // Where the driver cannot apply the media query (Firefox, WebKit) the stylesheet still
        // animates the opening: let it end, so that axe reads the colours at rest, not mid-fade.
        else
          for (const a of el.shadowRoot!.getAnimations())
            if (a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) a.finish();
        const log = $(el, '[part="chat"]')!;
        expect(log.scrollHeight > log.clientHeight, 'the log scrolls').to.equal(true);
        expect(log.tabIndex).to.equal(0);
        expect(log.getAttribute('role')).to.equal('log');
        expect(log.getAttribute('aria-label')).to.equal('Messages');
        await expect(el).to.be.accessible();
      } finally {
        await undo();
      }
    });

    it('passes axe closed and open', async function () {
      this.timeout(30_000);
      setup({ reducedMotion: true });
      const el = await mount({
        button_delay: 0,
        button_tip: 'Questions?',
        header: 'Shop support',
        message_text: `${MESSAGE}\n===\nWe reply fast.\n>>>\nOpen 9-18`,
        optin_text: 'I accept the privacy policy',
        optin_check: true,
        qr: true,
      });
      world.clock.restore(); // axe schedules its own timers
      // The tip fades in: judge contrast on its final colours (WebKit once caught it half-way).
      await frames(2);
      for (const animation of el.shadowRoot!.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // an endless animation cannot finish; it does not change colours
        }
      }
      await expect(el).to.be.accessible();
      launcher(el).click();
      await frames(3);
      expect(isOpen(el)).to.equal(true);
      expect(el.shadowRoot!.querySelectorAll('[part~="bubble"]').length).to.equal(3);
      // Contrast is judged on the final colours, not half-way through the pop-in animation.
      for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
      expect($(el, 'dialog')?.getAttribute('aria-labelledby')).to.equal($(el, '[part="title"]')!.id);
      await expect(el).to.be.accessible();
    });
  });
});
