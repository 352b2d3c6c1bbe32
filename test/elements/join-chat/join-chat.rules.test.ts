import { expect } from '@open-wc/testing';
import {
  chatEventParams,
  sendChatEvent,
  truncateParams,
} from '../../elements/join-chat/join-chat.analytics.ts';
import { buildChatLink, isChatLink, parsePhone } from '../../elements/join-chat/join-chat.link.ts';
import {
  HASHES_KEY,
  isTextFieldType,
  messageHash,
  parseBubbles,
  planStart,
  replaceSku,
  revealDelay,
  saveHash,
  startFromStorage,
  typingDelay,
  urlOpening,
  VIEWS_KEY,
} from '../../elements/join-chat/join-chat.rules.ts';
import { joinChatSettings } from '../../elements/join-chat/join-chat.settings.ts';
import { formatChatTime } from '../../elements/join-chat/join-chat.time.ts';
import { createStorageForTest } from '../../shared/storage.ts';
import { memoryStorage } from '../helpers/storage.ts';

const base = {
  button_delay: 3,
  message_delay: 10,
  message_views: 1,
  message_badge: false,
  message_hash: 'abc',
};

describe('join-chat logic', () => {
  describe('settings', () => {
    it('parses {} to the documented defaults', () => {
      const s = joinChatSettings.parse({});
      expect(s.telephone).to.equal('');
      expect(s.button_delay).to.equal(3);
      expect(s.message_delay).to.equal(10);
      expect(s.message_views).to.equal(1);
      expect(s.data_layer).to.equal('dataLayer');
      expect(s.ga_event).to.equal('generate_lead');
      expect(s.cta_viewed).to.equal(undefined);
      expect(s.labels.button).to.equal('Open chat');
    });

    it("accepts Joinchat's data-settings as printed by the plugin", () => {
      const s = joinChatSettings.parse({
        telephone: '+34 600 11 22 33',
        mobile_only: false,
        button_delay: '-1',
        message_delay: 5,
        message_views: '2',
        message_hash: '1a2b3c',
        message_badge: 'yes',
        message_send: 'Hi <jc-sku>X</jc-sku>',
        whatsapp_web: true,
        qr: true,
        data_layer: 'dataLayer',
        ga_event: 'generate_lead',
        gads: 'AW-123456/abcDEF',
        cta_viewed: false,
        sku: 123,
      });
      expect(s.telephone).to.equal('34600112233');
      expect(s.button_delay).to.equal(-1);
      expect(s.message_views).to.equal(2);
      expect(s.message_badge).to.equal(true);
      expect(s.sku).to.equal('123');
    });

    it('rejects a telephone that does not parse, and bad numbers', () => {
      expect(joinChatSettings.safeParse({ telephone: '+34 600 CALL ME' }).success).to.equal(false);
      expect(joinChatSettings.safeParse({ message_views: 0 }).success).to.equal(false);
      expect(joinChatSettings.safeParse({ button_delay: 'soon' }).success).to.equal(false);
      expect(joinChatSettings.safeParse({ gads: 'javascript:alert(1)' }).success).to.equal(false);
    });
  });

  describe('phone and link', () => {
    it('parses written numbers into international digits', () => {
      expect(parsePhone('+34 600 11-22-33')).to.equal('34600112233');
      expect(parsePhone('(34) 600.112.233')).to.equal('34600112233');
      expect(parsePhone('0034600112233')).to.equal('34600112233');
      expect(parsePhone('34600112233')).to.equal('34600112233');
    });

    it('refuses letters, stray plus signs, wrong lengths and national numbers', () => {
      expect(parsePhone('34600abc233')).to.equal(null);
      expect(parsePhone('34+600112233')).to.equal(null);
      expect(parsePhone('123456')).to.equal(null);
      expect(parsePhone('1234567890123456')).to.equal(null);
      expect(parsePhone('0600112233')).to.equal(null);
      expect(parsePhone('34600112233?text=x')).to.equal(null);
    });

    it('builds the app link (wa.me) and the WhatsApp Web link', () => {
      expect(buildChatLink({ phone: '34600112233', text: 'Hola & adiós' })).to.equal(
        'https://wa.me/34600112233?text=Hola+%26+adi%C3%B3s',
      );
      expect(buildChatLink({ phone: '+34 600112233' })).to.equal('https://wa.me/34600112233');
      expect(buildChatLink({ phone: '34600112233', text: 'Hi', web: true })).to.equal(
        'https://web.whatsapp.com/send?phone=34600112233&text=Hi',
      );
      expect(buildChatLink({ phone: 'evil.example/x' })).to.equal(null);
    });

    it('accepts only https WhatsApp links with the expected parameters', () => {
      expect(isChatLink('https://wa.me/34600112233?text=a')).to.equal(true);
      expect(isChatLink('http://wa.me/34600112233')).to.equal(false);
      expect(isChatLink('https://wa.me.evil.example/34600112233')).to.equal(false);
      expect(isChatLink('https://wa.me/34600112233?redirect=x')).to.equal(false);
      expect(isChatLink('https://web.whatsapp.com/send?phone=abc')).to.equal(false);
      expect(isChatLink('not a url')).to.equal(false);
    });
  });

  describe('start-up rules (spec §4)', () => {
    it('tooltip: unseen CTA and one of badge / no hash / no delay / views below threshold', () => {
      // Everything that forbids the tooltip: hash set, delay set, no badge, threshold reached.
      expect(planStart(base, 1, []).tooltip).to.equal(false);
      expect(planStart({ ...base, message_badge: true }, 1, []).tooltip).to.equal(true);
      expect(planStart({ ...base, message_hash: '' }, 1, []).tooltip).to.equal(true);
      expect(planStart({ ...base, message_delay: 0 }, 1, []).tooltip).to.equal(true);
      expect(planStart({ ...base, message_views: 3 }, 2, []).tooltip).to.equal(true);
      // Seen: never.
      expect(planStart({ ...base, message_badge: true }, 1, ['abc']).tooltip).to.equal(false);
      expect(planStart({ ...base, message_hash: '' }, 1, ['none']).tooltip).to.equal(false);
      expect(planStart({ ...base, message_badge: true, cta_viewed: true }, 1, []).tooltip).to.equal(false);
    });

    it('after message_delay: badge, or automatic opening only at the view threshold', () => {
      expect(planStart({ ...base, message_badge: true }, 1, [])).to.include({ cta: 'badge', ctaAt: 13000 });
      expect(planStart(base, 1, [])).to.include({ cta: 'open', ctaAt: 13000, showAt: 3000 });
      expect(planStart({ ...base, message_views: 3 }, 2, []).cta).to.equal('none');
      expect(planStart({ ...base, message_views: 3 }, 3, []).cta).to.equal('open');
      expect(planStart(base, 1, ['abc']).cta).to.equal('none');
      expect(planStart({ ...base, cta_viewed: false }, 1, ['abc']).cta).to.equal('open');
      expect(planStart({ ...base, message_delay: 0 }, 1, []).cta).to.equal('none');
      expect(planStart({ ...base, message_delay: -1 }, 1, []).cta).to.equal('none');
      expect(planStart({ ...base, message_hash: '' }, 1, []).cta).to.equal('none');
    });

    it('a negative button delay shows at once without animation', () => {
      expect(planStart({ ...base, button_delay: -1 }, 1, [])).to.include({
        showAt: 0,
        animate: false,
        ctaAt: 10000,
      });
    });

    it('counts views only while below the threshold with a delay set', () => {
      const storage = createStorageForTest(memoryStorage);
      const settings = { ...base, message_views: 3 };
      expect(startFromStorage(settings, storage).cta).to.equal('none'); // unset counts as 1
      expect(storage.get(VIEWS_KEY)).to.equal('1');
      startFromStorage(settings, storage);
      expect(storage.get(VIEWS_KEY)).to.equal('2');
      expect(startFromStorage(settings, storage).cta).to.equal('none'); // 2 < 3, counts to 3
      expect(startFromStorage(settings, storage).cta).to.equal('open');
      expect(storage.get(VIEWS_KEY)).to.equal('3'); // no longer counted
    });

    it('saves the hash once in a comma list, not without a hash nor for a negative delay', () => {
      const storage = createStorageForTest(memoryStorage);
      storage.set(HASHES_KEY, 'x1');
      saveHash(storage, 'abc', 10);
      saveHash(storage, 'abc', 10);
      saveHash(storage, '', 10);
      saveHash(storage, 'neg', -1);
      expect(storage.get(HASHES_KEY)).to.equal('x1,abc');
      saveHash(storage, 'neg', -1, true);
      expect(storage.get(HASHES_KEY)).to.equal('x1,abc,neg');
    });

    it('keeps working in memory when storage throws', () => {
      const storage = createStorageForTest(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      const settings = { ...base, message_views: 2 };
      // Like Joinchat, an unset counter reads as 1 and is then stored as 1.
      expect(startFromStorage(settings, storage).cta).to.equal('none');
      expect(startFromStorage(settings, storage).cta).to.equal('none');
      expect(startFromStorage(settings, storage).cta).to.equal('open');
      saveHash(storage, 'abc', 10);
      expect(startFromStorage(settings, storage).cta).to.equal('none');
      expect(storage.persistent).to.equal(false);
    });
  });

  describe('timings and text (spec §9)', () => {
    it('types 60 ms per word plus 100-200 ms, reveals in 400-600 ms', () => {
      expect(typingDelay('one two three', 0)).to.equal(280);
      expect(typingDelay('one two three', 1)).to.equal(380);
      expect(typingDelay('  one  ', 0.5)).to.equal(210);
      expect(revealDelay(0)).to.equal(400);
      expect(revealDelay(1)).to.equal(600);
    });

    it("splits the message into bubbles and notes with Joinchat's === and >>> lines", () => {
      expect(
        parseBubbles('Hello!\nHow can we help?\n===\nWe reply fast\n>>>\nOffice hours 9-18'),
      ).to.deep.equal([
        { text: 'Hello!\nHow can we help?', note: false },
        { text: 'We reply fast', note: false },
        { text: 'Office hours 9-18', note: true },
      ]);
      expect(parseBubbles('')).to.deep.equal([]);
    });

    it('reads #joinchat and ?joinchat=<seconds> from the address', () => {
      expect(urlOpening('https://shop.test/p#joinchat')).to.deep.equal({ showAt: 0, openAt: 700 });
      expect(urlOpening('https://shop.test/p?joinchat=3')).to.deep.equal({ showAt: 3000, openAt: 3700 });
      expect(urlOpening('https://shop.test/p?joinchat')).to.deep.equal({ showAt: 0, openAt: 700 });
      expect(urlOpening('https://shop.test/p?joinchat=soon')).to.deep.equal({ showAt: 0, openAt: 700 });
      expect(urlOpening('https://shop.test/p#reviews')).to.equal(null);
    });

    it('recognises text fields, SKUs and message hashes', () => {
      expect(['text', 'EMAIL', 'textarea', 'search', 'tel'].every(isTextFieldType)).to.equal(true);
      expect(['checkbox', 'radio', 'submit', '', null].some(isTextFieldType)).to.equal(false);
      expect(replaceSku('Ask about <jc-sku>SKU</jc-sku> now', 'AB-1')).to.equal('Ask about AB-1 now');
      expect(replaceSku('Ask about <jc-sku>SKU</jc-sku>', undefined)).to.equal(
        'Ask about <jc-sku>SKU</jc-sku>',
      );
      expect(messageHash('')).to.equal('');
      expect(messageHash('The quick brown fox jumps over the lazy dog')).to.equal('414fa339');
    });

    it('formats chat times: time under 24 h, day and month under a year, full date after', () => {
      const now = new Date(2025, 5, 15, 12, 0);
      const fmt = (d: Date, locale: string) => formatChatTime(d, now, locale).replace(/\s/g, ' ');
      expect(fmt(new Date(2025, 5, 15, 9, 5), 'en-US')).to.equal('9:05 AM');
      expect(fmt(new Date(2025, 5, 14, 12, 30), 'en-US')).to.equal('12:30 PM');
      expect(fmt(new Date(2025, 2, 3, 12, 0), 'en-US')).to.equal('Mar 3');
      expect(fmt(new Date(2023, 2, 3, 12, 0), 'en-US')).to.equal('Mar 3, 2023');
      expect(fmt(new Date(2025, 2, 3, 12, 0), 'de')).to.equal('3. März');
      expect(formatChatTime(new Date(2025, 2, 3), now, 'not a language!')).to.be.a('string');
    });
  });

  describe('chat events (spec §5, §7)', () => {
    const long = (n: number) => 'x'.repeat(n + 50);

    it('truncates location 1000, referrer 420, title 300, other strings 100', () => {
      const out = truncateParams({
        page_location: long(1000),
        page_referrer: long(420),
        page_title: long(300),
        chat_message: long(100),
        count: 12345,
        flag: true,
      });
      expect(out.page_location.length).to.equal(1000);
      expect(out.page_referrer.length).to.equal(420);
      expect(out.page_title.length).to.equal(300);
      expect(out.chat_message.length).to.equal(100);
      expect(out.count).to.equal(12345);
      expect(out.flag).to.equal(true);
      expect(truncateParams({ s: `${'a'.repeat(99)}😀😀` }).s).to.equal(`${'a'.repeat(99)}😀`);
    });

    const params = () =>
      chatEventParams({
        link: 'https://wa.me/34600112233?text=Hi',
        phone: '34600112233',
        message: 'Hi',
        isMobile: false,
        location: `https://shop.test/?q=${'y'.repeat(1200)}`,
        title: 'T'.repeat(400),
      });
    const options = { data_layer: 'dataLayer', ga_event: 'generate_lead', gads: 'AW-1/abc' };
    function page() {
      const calls: unknown[][] = [];
      const pixel: unknown[][] = [];
      const dataLayer: unknown[] = [
        ['config', 'G-TEST1'],
        ['config', 'AW-1'],
        ['js', new Date()],
      ];
      const win = {
        dataLayer,
        gtag: (...args: unknown[]) => void calls.push(args),
        fbq: (...args: unknown[]) => void pixel.push(args),
        google_tag_data: { tidr: { destination: { 'GT-TAG2': {}, 'G-TEST1': {} } } },
      };
      return { win, calls, pixel, dataLayer };
    }

    it('sends nothing without consent', () => {
      const { win, calls, pixel, dataLayer } = page();
      const report = sendChatEvent(win, params(), options, { statistics: 'denied', marketing: 'denied' });
      expect(report).to.deep.equal({ dataLayer: false, ga4Tags: [], gads: false, pixel: false });
      expect(calls).to.have.length(0);
      expect(pixel).to.have.length(0);
      expect(dataLayer).to.have.length(3);
    });

    it('statistics: the data layer push and one truncated GA4 event per GA4 tag', () => {
      const { win, calls, pixel, dataLayer } = page();
      const report = sendChatEvent(win, params(), options, { statistics: 'granted', marketing: 'denied' });
      expect(report.ga4Tags).to.deep.equal(['GT-TAG2', 'G-TEST1']);
      expect(calls.map((c) => [c[0], c[1]])).to.deep.equal([
        ['event', 'generate_lead'],
        ['event', 'generate_lead'],
      ]);
      const ga = calls[0][2] as Record<string, string>;
      expect(ga).to.include({ send_to: 'GT-TAG2', transport_type: 'beacon', event_category: 'JoinChat' });
      expect(ga.page_location.length).to.equal(1000);
      expect(ga.page_title.length).to.equal(300);
      expect(ga.event_action).to.equal('whatsapp: 34600112233');
      const pushed = dataLayer.at(-1) as Record<string, unknown>;
      expect(pushed).to.include({ event: 'JoinChat', event_label: 'https://wa.me/34600112233?text=Hi' });
      expect(pushed).not.to.have.property('event_category');
      expect((pushed.page_title as string).length).to.equal(400); // the GTM push is not truncated
      expect(pixel).to.have.length(0);
    });

    it('marketing: the Google Ads conversion and the Meta Pixel event only', () => {
      const { win, calls, pixel, dataLayer } = page();
      const report = sendChatEvent(win, params(), options, { statistics: 'denied', marketing: 'granted' });
      expect(report).to.deep.equal({ dataLayer: false, ga4Tags: [], gads: true, pixel: true });
      expect(calls).to.deep.equal([['event', 'conversion', { send_to: 'AW-1/abc' }]]);
      expect(pixel[0][0]).to.equal('trackCustom');
      expect(pixel[0][1]).to.equal('JoinChat');
      expect(dataLayer).to.have.length(3);
    });

    it('defines gtag over the data layer with the arguments object when the page has none', () => {
      const dataLayer: unknown[] = [];
      const win: Record<string, unknown> = { myLayer: dataLayer };
      sendChatEvent(
        win,
        params(),
        { ...options, data_layer: 'myLayer' },
        { statistics: 'granted', marketing: 'granted' },
      );
      expect(typeof win.gtag).to.equal('function');
      const conversion = dataLayer[0] as IArguments;
      expect(Object.prototype.toString.call(conversion)).to.equal('[object Arguments]');
      expect([...conversion]).to.deep.equal(['event', 'conversion', { send_to: 'AW-1/abc' }]);
      expect(dataLayer[1]).to.include({ event: 'JoinChat' });
    });
  });
});
