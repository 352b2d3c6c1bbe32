import { expect } from '@open-wc/testing';
import { atom, STORE_UNMOUNT_DELAY } from 'nanostores';
import sinon from 'sinon';
import { JoinChatController } from '../../../elements/join-chat/join-chat.controller.ts';
import type { JoinChatEnvironment } from '../../../elements/join-chat/join-chat.env.ts';
import { HASHES_KEY, VIEWS_KEY } from '../../../elements/join-chat/join-chat.rules.ts';
import { type JoinChatSettings, joinChatSettings } from '../../../elements/join-chat/join-chat.settings.ts';
import type { Clock } from '../../../shared/clock.ts';
import { createSafeStorage, type SafeStorage } from '../../../shared/storage.ts';
import { resetConsent, setConsent } from '../../../shared/stores/consent.ts';
import { $product, EMPTY_PRODUCT, setVariant } from '../../../shared/stores/product.ts';
import { memoryStorage } from '../../helpers/storage.ts';

/** The controller alone: no React, no element; a fake clock and a recorded environment. */
describe('join-chat controller', () => {
  let clock: sinon.SinonFakeTimers;
  /** The controller's clock: the fake one's time and timers. */
  let chatClock: Clock;
  let storage: SafeStorage;
  let opened: string[];
  let host: HTMLElement;
  let env: JoinChatEnvironment;
  /** The stops of the connected controllers. */
  const connected: Array<() => void> = [];
  const pageNodes: Element[] = [];

  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    storage = createSafeStorage(memoryStorage);
    opened = [];
    host = document.createElement('div');
    document.body.append(host);
    env = {
      open: (url) => void opened.push(url),
      href: () => 'https://shop.test/product/',
      isMobile: () => false,
      reducedMotion: () => false,
      storage,
      random: () => 0.5,
      trackers: () => ({}),
    };
    chatClock = {
      now: () => clock.now,
      setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
      clearTimeout: (timer) => clock.clearTimeout(timer as never),
    };
  });

  afterEach(() => {
    for (const stop of connected.splice(0)) stop();
    for (const node of pageNodes.splice(0)) node.remove();
    host.remove();
    clock.tick(STORE_UNMOUNT_DELAY); // $product lets go of the page
    clock.restore();
    $product.set({ ...EMPTY_PRODUCT });
  });

  const settingsOf = (input: Record<string, unknown>): JoinChatSettings =>
    joinChatSettings.parse({ telephone: '+34 600 112 233', button_delay: 0, ...input });

  /** A controller of these settings (a store, as the element gives it), not connected. */
  function make(input: Record<string, unknown>, overrides: Partial<JoinChatEnvironment> = {}) {
    const settings = atom(settingsOf(input));
    const controller = new JoinChatController({
      host,
      settings,
      env: { ...env, ...overrides },
      clock: chatClock,
    });
    return { controller, settings };
  }

  /** A connected controller of these settings. */
  function start(input: Record<string, unknown>, overrides: Partial<JoinChatEnvironment> = {}) {
    const { controller } = make(input, overrides);
    connected.push(controller.connect());
    return controller;
  }

  function pageElement(html: string): HTMLElement {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    document.body.append(holder);
    pageNodes.push(holder);
    return holder.firstElementChild as HTMLElement;
  }

  const MESSAGE = 'one two three\n===\nfour five\n>>>\nnote here';

  describe('start-up plan', () => {
    it('derives the widget from the settings before it starts', () => {
      const { controller } = make({ message_text: MESSAGE });
      const state = controller.$state.get();
      expect(state).to.include({
        enabled: true,
        hasChatbox: true,
        hoverOpens: true,
        shown: false,
        open: false,
      });
      expect(state.bubbles.map((b) => b.note)).to.deep.equal([false, false, true]);
      const { controller: off } = make({ mobile_only: true });
      expect(off.$state.get().enabled).to.equal(false);
    });

    it('shows the button after button_delay with the tooltip, then opens by itself after message_delay', () => {
      const events: unknown[] = [];
      host.addEventListener('join-chat-opened', (e) => events.push((e as CustomEvent).detail));
      const controller = start({ button_delay: 2, message_delay: 3, message_text: 'Hi', message_hash: 'c1' });
      expect(controller.$state.get().shown).to.equal(false);
      clock.tick(2000);
      expect(controller.$state.get()).to.include({
        shown: true,
        visible: true,
        tooltip: true,
        animate: true,
      });
      clock.tick(2999);
      expect(controller.$state.get().open).to.equal(false);
      clock.tick(1);
      expect(controller.$state.get()).to.include({ open: true, tooltip: false });
      expect(controller.$state.get().focus).to.equal(null); // automatic: focus stays where it is
      expect(events).to.deep.equal([{ automatic: true }]);
      expect(storage.get(HASHES_KEY)).to.equal('c1');
    });

    it('shows the badge after message_delay; opening over it hides it, closing removes it', () => {
      const controller = start({ message_delay: 1, message_text: 'Hi', message_badge: true });
      clock.tick(1000);
      expect(controller.$state.get()).to.include({ badge: 'in', open: false });
      controller.launcherClicked();
      expect(controller.$state.get()).to.include({ badge: 'out', open: true });
      expect(controller.$state.get().focus?.target).to.equal('close');
      clock.tick(600);
      controller.close(true);
      expect(controller.$state.get()).to.include({ badge: 'none', open: false });
      expect(controller.$state.get().focus?.target).to.equal('launcher');
    });

    it('counts the view once per start and restarts the plan only when what it reads changes', () => {
      const { controller, settings } = make({
        message_delay: 5,
        message_views: 5,
        message_text: 'Hi',
        message_hash: 'v',
      });
      connected.push(controller.connect());
      expect(storage.get(VIEWS_KEY)).to.equal('1'); // this view counted
      settings.set(
        settingsOf({
          message_delay: 5,
          message_views: 5,
          message_text: 'Hi',
          message_hash: 'v',
          header: 'Support',
        }),
      );
      expect(storage.get(VIEWS_KEY)).to.equal('1'); // a header changes no rule
      settings.set(settingsOf({ message_delay: 6, message_views: 5, message_text: 'Hi', message_hash: 'v' }));
      expect(storage.get(VIEWS_KEY)).to.equal('2'); // a new plan counts again, as before
    });

    it('opens by the page address after 700 ms', () => {
      const controller = start(
        { button_delay: 5, message_text: 'Hi' },
        { href: () => 'https://shop.test/p#joinchat' },
      );
      expect(controller.$state.get().shown).to.equal(true);
      clock.tick(699);
      expect(controller.$state.get().open).to.equal(false);
      clock.tick(1);
      expect(controller.$state.get().open).to.equal(true);
    });
  });

  describe('chatbox', () => {
    it('types the bubbles out in one update with the opening, then reveals them on the clock', () => {
      const controller = start({ message_text: MESSAGE });
      const seen: [number, boolean, boolean][] = [];
      controller.$state.listen((s) => seen.push([s.revealed, s.typing, s.open]));
      controller.launcherClicked();
      // The opening itself already hides the bubbles: the full message never flashes first.
      expect(seen).to.deep.equal([[0, true, true]]);
      const at = () => [controller.$state.get().revealed, controller.$state.get().typing];
      clock.tick(329);
      expect(at()).to.deep.equal([0, true]);
      clock.tick(1);
      expect(at()).to.deep.equal([1, false]);
      clock.tick(500);
      expect(at()).to.deep.equal([1, true]);
      clock.tick(270);
      expect(at()).to.deep.equal([2, false]);
      clock.tick(500);
      expect(at()).to.deep.equal([3, false]);
      clock.tick(100);
      expect(at()).to.deep.equal([Number.POSITIVE_INFINITY, false]);
    });

    it('shows every bubble when closed while typing, and types only on the first opening', () => {
      const controller = start({ message_text: MESSAGE });
      controller.launcherClicked();
      clock.tick(600);
      controller.launcherClicked();
      expect(controller.$state.get()).to.include({
        open: false,
        typing: false,
        revealed: Number.POSITIVE_INFINITY,
      });
      clock.tick(600);
      controller.launcherClicked();
      expect(controller.$state.get()).to.include({
        open: true,
        typing: false,
        revealed: Number.POSITIVE_INFINITY,
      });
    });

    it('ignores a click within 600 ms of the chatbox opening', () => {
      const controller = start({ message_text: 'Hi' });
      controller.launcherClicked();
      controller.openChat(true, 'click');
      controller.launcherClicked();
      expect(opened).to.deep.equal([]);
      expect(controller.$state.get().open).to.equal(true);
      clock.tick(600);
      controller.openChat(true, 'click');
      expect(opened).to.deep.equal(['https://wa.me/34600112233']);
    });

    it('hover opens after 1500 ms unless the pointer leaves; never on mobile', () => {
      const controller = start({ message_text: 'Hi' });
      controller.hoverStarted();
      clock.tick(1000);
      controller.hoverEnded();
      clock.tick(2000);
      expect(controller.$state.get().open).to.equal(false);
      controller.hoverStarted();
      clock.tick(1500);
      expect(controller.$state.get().open).to.equal(true);
      expect(controller.$state.get().focus).to.equal(null);
      const mobile = start({ message_text: 'Hi' }, { isMobile: () => true });
      expect(mobile.$state.get().hoverOpens).to.equal(false);
      mobile.hoverStarted();
      clock.tick(3000);
      expect(mobile.$state.get().open).to.equal(false);
    });

    it('keeps the chatbox while the required opt-in is unchecked, and asks for focus on it', () => {
      const controller = start({ message_text: 'Hi', optin_text: 'I accept', optin_check: true });
      controller.launcherClicked();
      clock.tick(600);
      expect(controller.$state.get().optinPending).to.equal(true);
      controller.openChat(true, 'click');
      expect(opened).to.deep.equal([]);
      expect(controller.$state.get().focus?.target).to.equal('optin');
      controller.setOptinChecked(true);
      expect(controller.$state.get().optinPending).to.equal(false);
      controller.openChat(true, 'click');
      expect(opened).to.have.length(1);
    });

    it('Escape closes only an open chatbox', () => {
      const controller = start({ message_text: 'Hi' });
      expect(controller.escape()).to.equal(false);
      controller.launcherClicked();
      expect(controller.escape()).to.equal(true);
      expect(controller.$state.get().open).to.equal(false);
    });
  });

  describe('page', () => {
    it('opens and closes from page triggers, and opens the link from direct ones', () => {
      const controller = start({ message_text: 'Hi', message_send: 'Hello' });
      pageElement('<button type="button" class="joinchat_open">Chat</button>').click();
      expect(controller.$state.get()).to.include({ open: true, shown: true });
      expect(controller.$state.get().focus?.target).to.equal('close');
      pageElement('<button type="button" class="joinchat_close">x</button>').click();
      expect(controller.$state.get().open).to.equal(false);
      clock.tick(600);
      pageElement('<a href="#whatsapp" data-phone="+1 555 010 0199">x</a>').click();
      expect(opened).to.deep.equal(['https://wa.me/15550100199?text=Hello']);
    });

    it('on mobile hides while a page text field has focus, and sets --vh', () => {
      const controller = start({ message_text: 'Hi' }, { isMobile: () => true });
      expect(host.style.getPropertyValue('--vh')).to.equal(`${window.innerHeight}px`);
      const input = pageElement('<input type="search" />') as HTMLInputElement;
      input.focus();
      clock.tick(199);
      expect(controller.$state.get().visible).to.equal(true);
      clock.tick(1);
      expect(controller.$state.get()).to.include({ visible: false, fieldFocused: true });
      input.blur();
      clock.tick(200);
      expect(controller.$state.get().visible).to.equal(true);
    });

    it('on mobile, --vh follows the viewport 200 ms after the last resize (spec §9 resize debounce)', () => {
      start({ message_text: 'Hi' }, { isMobile: () => true });
      host.style.setProperty('--vh', '1px'); // not the viewport's: only a resize puts it back
      window.dispatchEvent(new Event('resize'));
      clock.tick(150);
      window.dispatchEvent(new Event('resize')); // a later resize starts the wait again
      clock.tick(199);
      expect(host.style.getPropertyValue('--vh')).to.equal('1px');
      clock.tick(1);
      expect(host.style.getPropertyValue('--vh')).to.equal(`${window.innerHeight}px`);
    });

    it("uses $product's SKU over the settings' one while the settings name a SKU", () => {
      const controller = start({ message_send: 'About <jc-sku>x</jc-sku>', sku: 'BASE' });
      setVariant({ variationId: '3', sku: 'BASE-RED' });
      controller.launcherClicked();
      setVariant(null);
      controller.launcherClicked();
      expect(opened).to.deep.equal([
        'https://wa.me/34600112233?text=About+BASE-RED',
        'https://wa.me/34600112233?text=About+BASE',
      ]);
      const without = start({ message_send: 'About <jc-sku>x</jc-sku>' });
      setVariant({ variationId: '3', sku: 'BASE-RED' });
      without.launcherClicked();
      expect(opened[2]).to.equal('https://wa.me/34600112233?text=About+%3Cjc-sku%3Ex%3C%2Fjc-sku%3E');
    });

    it('the stop connect returned stops the timers and the page listeners', () => {
      const { controller } = make({
        button_delay: 1,
        message_delay: 1,
        message_text: 'Hi',
        message_hash: 'd',
      });
      const stop = controller.connect();
      stop();
      clock.tick(10_000);
      pageElement('<button type="button" class="joinchat_open">Chat</button>').click();
      expect(controller.$state.get()).to.include({ shown: false, open: false });
      expect(storage.get(HASHES_KEY)).to.equal(null);
    });
  });

  describe('modals on the page', () => {
    /** MutationObserver callbacks run as microtasks, queued before this one. */
    const observed = () => Promise.resolve();

    it('never opens the chatbox over a modal: it opens when the last one closes (document, shadow root, lightbox)', async () => {
      const events: unknown[] = [];
      host.addEventListener('join-chat-opened', (e) => events.push((e as CustomEvent).detail));
      const controller = start({ message_delay: 1, message_text: 'Hi', message_hash: 'w1' });
      const quickView = pageElement(
        '<dialog aria-label="Quick view"><button type="button">x</button></dialog>',
      );
      (quickView as HTMLDialogElement).showModal();
      const popupHost = pageElement('<div></div>');
      popupHost.attachShadow({ mode: 'open' }).innerHTML = '<dialog aria-label="Popup">Hello</dialog>';
      const popup = popupHost.shadowRoot!.querySelector('dialog')!;
      popup.showModal();
      // PhotoSwipe's root: a plain div with role=dialog, removed when the lightbox closes.
      const lightbox = pageElement('<div class="pswp" role="dialog" tabindex="-1">Photo</div>');
      clock.tick(1000);
      expect(controller.$state.get().open).to.equal(false);
      expect(events).to.deep.equal([]);
      (quickView as HTMLDialogElement).close();
      await observed();
      expect(controller.$state.get().open).to.equal(false);
      popup.close();
      await observed();
      expect(controller.$state.get().open).to.equal(false);
      lightbox.remove();
      await observed();
      expect(controller.$state.get()).to.include({ open: true });
      expect(events).to.deep.equal([{ automatic: true }]);
      expect(storage.get(HASHES_KEY)).to.equal('w1');
    });

    it('a modal open when the shopper asks: the chatbox opens once it closes; closing or leaving the page stops the wait', async () => {
      const modal = pageElement(
        '<dialog aria-label="Popup"><a href="#joinchat">Chat</a></dialog>',
      ) as HTMLDialogElement;
      modal.showModal();
      const controller = start({ message_text: 'Hi' });
      modal.querySelector('a')!.click();
      expect(controller.$state.get().open).to.equal(false);
      modal.close();
      await observed();
      expect(controller.$state.get()).to.include({ open: true });
      expect(controller.$state.get().focus?.target).to.equal('close');
      clock.tick(600);
      controller.close(false);
      // A close trigger while waiting cancels the opening.
      modal.showModal();
      modal.querySelector('a')!.click();
      controller.close(false);
      modal.close();
      await observed();
      expect(controller.$state.get().open).to.equal(false);
      // So does leaving the page.
      const { controller: other } = make({ message_text: 'Hi' });
      const stop = other.connect();
      modal.showModal();
      modal.querySelector('a')!.click();
      stop();
      modal.close();
      await observed();
      expect(other.$state.get().open).to.equal(false);
    });
  });

  describe('connection', () => {
    it('starts again when connected after a stop (the element put back), and follows the settings only while connected', () => {
      const { controller, settings } = make({ button_delay: 1, message_text: 'Hi' });
      const stop = controller.connect();
      stop();
      settings.set(settingsOf({ button_delay: 2, message_text: 'Hi', header: 'Support' }));
      clock.tick(10_000);
      expect(controller.$state.get().shown).to.equal(false);
      connected.push(controller.connect());
      clock.tick(1999);
      expect(controller.$state.get().shown).to.equal(false);
      clock.tick(1);
      expect(controller.$state.get().shown).to.equal(true);
      pageElement('<button type="button" class="joinchat_open">Chat</button>').click();
      expect(controller.$state.get().open).to.equal(true);
    });
  });

  describe('analytics and consent (issue 21)', () => {
    afterEach(() => resetConsent());

    /** Opens the link once with a recording data layer; returns what was pushed. */
    function openLinkWith(setup: () => void): unknown[] {
      setup();
      opened.length = 0;
      const dataLayer: unknown[] = [];
      const controller = start({ message_text: '' }, { trackers: () => ({ dataLayer }) });
      controller.launcherClicked();
      expect(opened).to.have.length(1);
      return dataLayer;
    }

    it('without a consent source on the page, the chat event goes to the data layer', () => {
      const pushed = openLinkWith(() => resetConsent());
      expect(pushed.map((e) => (e as { event?: string }).event)).to.deep.equal(['JoinChat']);
    });

    it('with a consent source, nothing is sent until statistics consent', () => {
      expect(openLinkWith(() => setConsent({ statistics: 'denied', marketing: 'denied' }))).to.deep.equal([]);
      const pushed = openLinkWith(() => setConsent({ statistics: 'granted' }));
      expect(pushed.map((e) => (e as { event?: string }).event)).to.deep.equal(['JoinChat']);
    });
  });
});
