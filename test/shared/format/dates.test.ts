import { expect } from '@open-wc/testing';
import { formatDate, formatMessageTime, relativeTime } from '../../../shared/format/dates.ts';

/** Intl may use narrow no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('shared/format/dates', () => {
  describe('formatMessageTime (spec §9 Chat time format)', () => {
    it('formats chat times: time under 24 h, day and month under a year, full date after', () => {
      const now = new Date(2025, 5, 15, 12, 0);
      const fmt = (d: Date, locale: string) => plain(formatMessageTime(d, now, locale));
      expect(fmt(new Date(2025, 5, 15, 9, 5), 'en-US')).to.equal('9:05 AM');
      expect(fmt(new Date(2025, 5, 14, 12, 30), 'en-US')).to.equal('12:30 PM');
      expect(fmt(new Date(2025, 2, 3, 12, 0), 'en-US')).to.equal('Mar 3');
      expect(fmt(new Date(2023, 2, 3, 12, 0), 'en-US')).to.equal('Mar 3, 2023');
      expect(fmt(new Date(2025, 2, 3, 12, 0), 'de')).to.equal('3. März');
      expect(formatMessageTime(new Date(2025, 2, 3), now, 'not a language!')).to.be.a('string');
    });
  });

  describe('formatDate and relativeTime', () => {
    it('formats a calendar date in the given language', () => {
      expect(plain(formatDate(new Date(2025, 2, 3), 'en-US'))).to.equal('Mar 3, 2025');
      expect(formatDate(new Date(2025, 2, 3), 'not a language!')).to.be.a('string');
    });

    it('says how long ago in the largest whole unit, with words for yesterday', () => {
      const now = new Date(2025, 5, 15, 12, 0);
      expect(relativeTime(new Date(2025, 5, 12, 12, 0), now, 'en')).to.equal('3 days ago');
      expect(relativeTime(new Date(2025, 5, 14, 12, 0), now, 'en')).to.equal('yesterday');
      expect(relativeTime(new Date(2025, 5, 15, 14, 0), now, 'en')).to.equal('in 2 hours');
      expect(relativeTime(new Date(2025, 5, 12, 12, 0), now, 'en', ['hour'])).to.equal('72 hours ago');
    });
  });
});
