import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../../elements/join-chat/join-chat.ts';
import { setJoinChatEnvironment } from '../../../elements/join-chat/join-chat.env.ts';
import { drawQr } from '../../../elements/join-chat/join-chat.qr.ts';
import type { JoinChatElement } from '../../../elements/join-chat/join-chat.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { frames } from '../../helpers/elements.ts';
import { memoryStorage } from '../../helpers/storage.ts';

/**
 * Issue 22: a long but valid `message_send` with `qr` on must not remove the chat widget. The QR
 * code is drawn only when the chatbox is shown, sized to its module count, and left out (launcher
 * and chatbox kept) when the chat link is too long for any QR code.
 */

const MESSAGE = 'Hello! How can we help?';
/** 2000 characters (the schema's maximum) of a 3-byte character: far past a QR code's 2953 bytes. */
const TOO_LONG = '€'.repeat(2000);
/** Long, but a QR code holds it. */
const LONG = 'Please tell me more about order 12345 and its delivery. '.repeat(12);

let restoreEnv = () => {};
let dateClock: sinon.SinonFakeTimers;
const mounted: Element[] = [];

beforeEach(() => {
  restoreEnv = setJoinChatEnvironment({
    open: () => {},
    href: () => 'https://shop.test/product/',
    isMobile: () => false,
    reducedMotion: () => true,
    storage: createSafeStorage(memoryStorage),
    random: () => 0.5,
    trackers: () => ({}),
  });
  // Each widget opens once (no 600 ms click guard to pass): one fixed time for the message time.
  // Only the page's `Date` is fixed (the widget's clock reads it); timers stay the browser's.
  dateClock = sinon.useFakeTimers({ now: Date.parse('2026-11-30T21:00Z'), toFake: ['Date'] });
});
afterEach(async () => {
  for (const el of mounted.splice(0)) el.remove();
  restoreEnv();
  dateClock.restore();
  await frames(1);
});

async function mount(settings: Record<string, unknown>): Promise<JoinChatElement> {
  const el = document.createElement('join-chat');
  el.settings = {
    telephone: '+34 600 112 233',
    button_delay: -1,
    message_delay: 0,
    message_text: MESSAGE,
    qr: true,
    ...settings,
  } as never;
  document.body.append(el);
  mounted.push(el);
  await waitUntil(
    () => el.shadowRoot?.querySelector('.root, [data-shop-error]') || el.hasAttribute('data-shop-error'),
  );
  await frames(2);
  return el;
}

const $ = (el: Element, selector: string) => el.shadowRoot?.querySelector(selector) ?? null;
const isOpen = (el: Element) => ($(el, 'dialog') as HTMLDialogElement | null)?.open ?? false;

/** Waits for the QR code: the generator loads when the chatbox first shows it (issue 19). */
async function untilQr(el: Element) {
  await waitUntil(() => $(el, '[part="qr"] svg path'), 'the QR code never showed', { timeout: 4000 });
}

async function openChatbox(el: Element) {
  ($(el, '.button') as HTMLButtonElement).click();
  await waitUntil(() => isOpen(el), 'the chatbox never opened', { timeout: 4000 });
  await frames(2);
}

describe('<join-chat> QR code', () => {
  describe('drawing', () => {
    it('draws a short link at 120 px or more, in whole pixels per module', () => {
      const drawing = drawQr('https://wa.me/34600112233?text=Hi')!;
      expect(drawing.d).to.match(/^M\d+,\d+h1v1h-1z/);
      expect(drawing.px).to.be.at.least(120);
      expect(drawing.px % drawing.box).to.equal(0);
    });

    it('sizes a longer link to its larger module count', () => {
      const short = drawQr('https://wa.me/34600112233?text=Hi')!;
      const long = drawQr(`https://wa.me/34600112233?text=${encodeURIComponent(LONG)}`)!;
      expect(long.box).to.be.above(short.box);
      expect(long.px).to.be.above(short.px);
      expect(long.px / long.box).to.be.at.least(2);
    });

    it('gives null, not an exception, for a text too long for any QR code', () => {
      expect(drawQr(`https://wa.me/34600112233?text=${encodeURIComponent(TOO_LONG)}`)).to.equal(null);
    });

    it('falls back to error correction L past what M holds, and gives null past what L holds', () => {
      // Version 40 holds 2331 bytes at M and 2953 at L; one more byte fits no QR code.
      expect(drawQr('a'.repeat(2400))).to.not.equal(null);
      expect(drawQr('a'.repeat(2953))).to.not.equal(null);
      expect(drawQr('a'.repeat(2954))).to.equal(null);
    });
  });

  describe('in the widget', () => {
    it('draws the code only once the chatbox is shown', async () => {
      const el = await mount({ message_send: 'Hi' });
      expect(isOpen(el)).to.equal(false);
      expect($(el, '[part="qr"]') === null).to.equal(true);
      await openChatbox(el);
      await untilQr(el);
      expect($(el, '[part="qr"] svg path')?.getAttribute('d')).to.match(/^M\d+,\d+h1v1h-1z/);
    });

    it('shows a long message_send as a larger code than a short one', async () => {
      const short = await mount({ message_send: 'Hi' });
      await openChatbox(short);
      await untilQr(short);
      const long = await mount({ message_send: LONG });
      await openChatbox(long);
      await untilQr(long);
      const width = (el: Element) => $(el, '[part="qr"] svg')!.getBoundingClientRect().width;
      expect(width(short)).to.be.at.least(120);
      expect(width(long)).to.be.above(width(short));
    });

    it('keeps the launcher and the chatbox when message_send is too long for a QR code', async () => {
      const warn = sinon.stub(console, 'warn');
      const error = sinon.stub(console, 'error');
      let el: JoinChatElement;
      try {
        el = await mount({ message_send: TOO_LONG });
        expect(el.hasAttribute('data-shop-error')).to.equal(false);
        expect($(el, '.button') !== null).to.equal(true);
        await openChatbox(el);
        await waitUntil(() => warn.called, 'no warning about the QR code');
        expect(el.hasAttribute('data-shop-error')).to.equal(false);
        expect($(el, '[part="chatbox"]') !== null).to.equal(true);
        expect($(el, '[part~="bubble"]')?.textContent).to.equal(MESSAGE);
        expect($(el, '[part="open-button"]') !== null).to.equal(true);
        expect($(el, '[part="qr"]') === null).to.equal(true);
      } finally {
        warn.restore();
        error.restore();
      }
      expect(error.called).to.equal(false);
      expect(warn.callCount).to.equal(1);
      expect(String(warn.firstCall.args[0])).to.match(/^<join-chat>: message_send .*too long for a QR code/);
    });
  });
});
