import { expect } from '@open-wc/testing';
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
} from '../../../elements/join-chat/join-chat.rules.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { memoryStorage } from '../../helpers/storage.ts';

const base = {
  button_delay: 3,
  message_delay: 10,
  message_views: 1,
  message_badge: false,
  message_hash: 'abc',
};

describe('join-chat rules', () => {
  describe('start-up rules (spec §4)', () => {
    it('tooltip: unseen CTA and one of badge / no hash / no delay / view threshold reached', () => {
      // Everything that forbids the tooltip: hash set, delay set, no badge, threshold not reached.
      expect(planStart({ ...base, message_views: 3 }, 2, []).tooltip).to.equal(false);
      expect(planStart({ ...base, message_views: 3, message_badge: true }, 2, []).tooltip).to.equal(true);
      expect(planStart({ ...base, message_views: 3, message_hash: '' }, 2, []).tooltip).to.equal(true);
      expect(planStart({ ...base, message_views: 3, message_delay: 0 }, 2, []).tooltip).to.equal(true);
      // spec §4 (as written): reaching the view threshold shows it.
      expect(planStart({ ...base, message_views: 3 }, 3, []).tooltip).to.equal(true);
      expect(planStart(base, 1, []).tooltip).to.equal(true);
      // Seen: never.
      expect(planStart({ ...base, message_badge: true }, 1, ['abc']).tooltip).to.equal(false);
      expect(planStart(base, 1, ['abc']).tooltip).to.equal(false);
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
      const storage = createSafeStorage(memoryStorage);
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
      const storage = createSafeStorage(memoryStorage);
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
      const storage = createSafeStorage(() => {
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
  });
});
