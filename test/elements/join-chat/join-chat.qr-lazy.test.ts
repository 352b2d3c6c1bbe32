import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../../elements/join-chat/join-chat.ts';
import { setJoinChatEnvironment } from '../../../elements/join-chat/join-chat.env.ts';
import { type DrawQr, setQrLoader } from '../../../elements/join-chat/join-chat.qr-loader.ts';
import type { JoinChatElement } from '../../../elements/join-chat/join-chat.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { frames } from '../../helpers/elements.ts';
import { memoryStorage } from '../../helpers/storage.ts';

/**
 * Issue 19: the QR code generator (qrcode-generator and our drawing code) is a lazy chunk, loaded
 * only when a chatbox first shows a QR code. This file imports nothing of it statically (a test
 * file runs in a page of its own), so the page's resource timing shows when the browser fetched it.
 */

let mobile = false;
/** The page's `Date`, which the widget's clock reads: each opening is a second after the last (past the 600 ms click guard). */
let dateClock: sinon.SinonFakeTimers;
let restoreEnv = () => {};
let restoreLoader = () => {};
const mounted: Element[] = [];

beforeEach(() => {
  mobile = false;
  restoreEnv = setJoinChatEnvironment({
    open: () => {},
    href: () => 'https://shop.test/product/',
    isMobile: () => mobile,
    reducedMotion: () => true,
    storage: createSafeStorage(memoryStorage),
    random: () => 0.5,
    trackers: () => ({}),
  });
  // Only `Date` is faked (restored by sinon.restore()); timers stay the browser's.
  dateClock = sinon.useFakeTimers({ now: 0, toFake: ['Date'] });
});
afterEach(async () => {
  for (const el of mounted.splice(0)) el.remove();
  restoreEnv();
  restoreLoader();
  restoreLoader = () => {};
  sinon.restore();
  await frames(1);
});

async function mount(settings: Record<string, unknown> = {}): Promise<JoinChatElement> {
  const el = document.createElement('join-chat');
  el.settings = {
    telephone: '+34 600 112 233',
    button_delay: -1,
    message_delay: 0,
    message_text: 'Hello! How can we help?',
    message_send: 'Hi',
    qr: true,
    ...settings,
  } as never;
  document.body.append(el);
  mounted.push(el);
  await waitUntil(() => el.shadowRoot?.querySelector('.root'), 'the widget never rendered');
  await frames(2);
  return el;
}

const $ = (el: Element, selector: string) => el.shadowRoot?.querySelector(selector) ?? null;
const isOpen = (el: Element) => ($(el, 'dialog') as HTMLDialogElement | null)?.open ?? false;
const hasQr = (el: Element) => $(el, '[part="qr"] svg path') !== null;

async function openChatbox(el: Element) {
  dateClock.tick(1000);
  ($(el, '.button') as HTMLButtonElement).click();
  await waitUntil(() => isOpen(el), 'the chatbox never opened', { timeout: 4000 });
  await frames(2);
}
async function closeChatbox(el: Element) {
  ($(el, '[part="close-button"]') as HTMLButtonElement).click();
  await waitUntil(() => !isOpen(el), 'the chatbox never closed', { timeout: 4000 });
  await frames(2);
}

/** URLs of the generator's modules the page has fetched so far (its package, our drawing module). */
const generatorRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => /qrcode-generator|join-chat\.qr\.ts(?:[?#]|$)/.test(url));

/** The real loader (import()), counting its calls. */
function countingLoader() {
  const calls: number[] = [];
  restoreLoader = setQrLoader(() => {
    calls.push(calls.length);
    return import('../../../elements/join-chat/join-chat.qr.ts').then((m) => m.drawQr);
  });
  return calls;
}

describe('<join-chat> QR code generator, loaded lazily (issue 19)', function () {
  this.timeout(20000);

  // First in this file: nothing before it has shown a QR code in this page.
  it('is not requested until a chatbox shows a QR code, then the code renders', async () => {
    const el = await mount();
    await frames(5);
    expect(generatorRequests()).to.deep.equal([]);
    await openChatbox(el);
    await waitUntil(() => hasQr(el), 'the QR code never showed', { timeout: 4000 });
    expect(generatorRequests().some((url) => url.includes('qrcode-generator'))).to.equal(true);
    expect($(el, '[part="qr"] svg')?.getAttribute('aria-label')).to.equal('Scan the code');
  });

  it('is never loaded without qr, on a phone, or while the chatbox stays closed', async () => {
    const calls = countingLoader();
    const closed = await mount();
    const withoutQr = await mount({ qr: false });
    await openChatbox(withoutQr);
    mobile = true;
    const phone = await mount();
    await openChatbox(phone);
    await frames(5);
    expect(calls).to.have.length(0);
    expect([closed, withoutQr, phone].some(hasQr)).to.equal(false);
  });

  it('shows no code while the generator loads, and the code once it has', async () => {
    let resolve: (draw: DrawQr) => void = () => {};
    restoreLoader = setQrLoader(() => new Promise<DrawQr>((r) => (resolve = r)));
    const el = await mount();
    await openChatbox(el);
    await frames(5);
    expect($(el, '[part="qr"]') === null).to.equal(true);
    expect($(el, '[part="open-button"]') !== null).to.equal(true);
    const { drawQr } = await import('../../../elements/join-chat/join-chat.qr.ts');
    resolve(drawQr);
    await waitUntil(() => hasQr(el), 'the QR code never showed', { timeout: 4000 });
  });

  it('draws once per link: reopening does not load or draw again', async () => {
    const calls = countingLoader();
    const el = await mount();
    await openChatbox(el);
    await waitUntil(() => hasQr(el), 'the QR code never showed', { timeout: 4000 });
    const d = $(el, '[part="qr"] svg path')?.getAttribute('d');
    await closeChatbox(el);
    expect($(el, '[part="qr"]') === null).to.equal(true);
    await openChatbox(el);
    expect($(el, '[part="qr"] svg path')?.getAttribute('d')).to.equal(d);
    expect(calls).to.have.length(1);
  });

  it('a generator that fails to load: one console.error naming the tag, the chatbox works, the next opening tries again', async () => {
    const error = sinon.stub(console, 'error');
    let attempts = 0;
    restoreLoader = setQrLoader(() => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    const el = await mount();
    await openChatbox(el);
    await waitUntil(() => error.called, 'no console.error', { timeout: 4000 });
    expect(String(error.firstCall.args[0])).to.match(/^<join-chat>: could not load the QR code generator/);
    expect(el.hasAttribute('data-shop-error')).to.equal(false);
    expect(isOpen(el)).to.equal(true);
    expect($(el, '[part="open-button"]') !== null).to.equal(true);
    expect($(el, '[part="qr"]') === null).to.equal(true);
    await frames(5);
    expect(attempts).to.equal(1); // no retry loop while the chatbox stays open
    await closeChatbox(el);
    await openChatbox(el);
    await waitUntil(() => attempts === 2, 'the next opening did not try again', { timeout: 4000 });
    await frames(5);
    expect(error.callCount).to.equal(1); // said once
    // The chunk is back: the opening after that draws the code.
    restoreLoader();
    countingLoader();
    await closeChatbox(el);
    await openChatbox(el);
    await waitUntil(() => hasQr(el), 'the QR code never showed', { timeout: 4000 });
    expect(error.callCount).to.equal(1);
  });
});
