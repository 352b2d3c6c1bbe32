import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { formatDate, formatMessageTime, relativeTime } from '../../../shared/format/dates.ts';
import { localTime } from '../../helpers/clock.ts';

/** Intl may use narrow no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** `date` plus an elapsed time (a daylight-saving night makes it differ from the wall clock's). */
const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * Dates are local wall times (`localTime`), so the expected texts hold in every time zone. On the
 * daylight-saving nights elapsed and wall-clock time differ only where the clocks change: those
 * tests mean most in Europe/Berlin (TEST_MOMENT="2027-03-28T01:59+01:00 Europe/Berlin").
 */
describe('shared/format/dates', () => {
  describe('formatMessageTime (spec §9 Chat time format)', () => {
    const fmt = (date: Date, now: Date, locale = 'en-US') => plain(formatMessageTime(date, now, locale));

    it('formats chat times: time under 24 h, day and month under a year, full date after', () => {
      const now = localTime(2025, 6, 15, 12);
      expect(fmt(localTime(2025, 6, 15, 9, 5), now)).to.equal('9:05 AM');
      expect(fmt(localTime(2025, 6, 14, 12, 30), now)).to.equal('12:30 PM');
      expect(fmt(localTime(2025, 3, 3), now)).to.equal('Mar 3');
      expect(fmt(localTime(2023, 3, 3), now)).to.equal('Mar 3, 2023');
      expect(fmt(localTime(2025, 3, 3), now, 'de')).to.equal('3. März');
      expect(formatMessageTime(localTime(2025, 3, 3), now, 'not a language!')).to.be.a('string');
    });

    it('month end: 23 h 59 min after 30 November 23:00 is the time, 24 h after is the date', () => {
      const written = localTime(2026, 11, 30, 23);
      expect(fmt(written, localTime(2026, 12, 1, 22, 59))).to.equal('11:00 PM');
      expect(fmt(written, localTime(2026, 12, 1, 23))).to.equal('Nov 30');
    });

    it('year end: a message from 31 December 23:55 is its time on 1 January, its date from 24 h on', () => {
      const written = localTime(2026, 12, 31, 23, 55);
      expect(fmt(written, localTime(2027, 1, 1, 0, 5))).to.equal('11:55 PM');
      expect(fmt(written, localTime(2027, 1, 1, 23, 55))).to.equal('Dec 31');
    });

    it('a year is 365 days: day and month until then, the full date from then on', () => {
      const lastNewYearsEve = localTime(2025, 12, 31, 23, 55);
      expect(fmt(lastNewYearsEve, localTime(2026, 12, 31, 23, 54))).to.equal('Dec 31');
      expect(fmt(lastNewYearsEve, localTime(2026, 12, 31, 23, 55))).to.equal('Dec 31, 2025');
    });

    it('leap day: a message of 29 February 2028 shows "Feb 29" for 365 days, then the year', () => {
      const leapDay = localTime(2028, 2, 29, 9, 30);
      expect(fmt(leapDay, localTime(2028, 3, 1, 9, 29))).to.equal('9:30 AM');
      expect(fmt(leapDay, localTime(2028, 3, 1, 9, 30))).to.equal('Feb 29');
      expect(fmt(leapDay, localTime(2029, 2, 28, 9, 29))).to.equal('Feb 29');
      expect(fmt(leapDay, localTime(2029, 2, 28, 9, 30))).to.equal('Feb 29, 2028');
      // Across a leap day, 365 days are a day short of a calendar year: the year shows already.
      expect(fmt(localTime(2027, 3, 1, 12), localTime(2028, 2, 29, 12))).to.equal('Mar 1, 2027');
    });

    it('spring forward (Europe/Berlin 2027-03-28): 23 h 59 min of elapsed time is still the time', () => {
      // In Berlin the clock reads 12:59 the next day then (23 h of wall clock plus the skipped hour).
      const written = localTime(2027, 3, 27, 12);
      expect(fmt(written, after(written, 23 * HOUR + 59 * MINUTE))).to.equal('12:00 PM');
      expect(fmt(written, after(written, 24 * HOUR))).to.equal('Mar 27');
    });

    it('fall back (Europe/Berlin 2026-10-25): 24 h of elapsed time is the date, at 11:00 on the clock', () => {
      const written = localTime(2026, 10, 24, 12);
      expect(fmt(written, after(written, 23 * HOUR + 59 * MINUTE))).to.equal('12:00 PM');
      expect(fmt(written, after(written, 24 * HOUR))).to.equal('Oct 24');
    });
  });

  describe('formatDate', () => {
    it('formats a calendar date in the given language', () => {
      expect(plain(formatDate(localTime(2025, 3, 3), 'en-US'))).to.equal('Mar 3, 2025');
      expect(plain(formatDate(localTime(2028, 2, 29), 'en-US', 'long'))).to.equal('February 29, 2028');
      expect(formatDate(localTime(2025, 3, 3), 'not a language!')).to.be.a('string');
    });
  });

  // Issue 32: a page's reviews made a format per card and per render.
  it('makes one Intl format per locale and options, however many dates it formats', () => {
    const dates = sinon.spy(Intl, 'DateTimeFormat');
    const relative = sinon.spy(Intl, 'RelativeTimeFormat');
    try {
      const day = localTime(2026, 3, 1, 12);
      // A locale no other test here uses, so nothing is kept from before.
      for (let i = 0; i < 3; i++) {
        formatDate(after(day, i * HOUR), 'de-CH', 'long');
        relativeTime(day, after(day, (i + 1) * HOUR), 'de-CH');
      }
      expect(dates.callCount).to.equal(1);
      expect(relative.callCount).to.equal(1);
      expect(plain(formatDate(day, 'de-CH', 'long'))).to.equal('1. März 2026');
    } finally {
      dates.restore();
      relative.restore();
    }
  });

  describe('relativeTime', () => {
    it('says how long ago in the largest whole unit of elapsed time, as a count', () => {
      const now = localTime(2025, 6, 15, 12);
      expect(relativeTime(localTime(2025, 6, 12, 12), now, 'en')).to.equal('3 days ago');
      expect(relativeTime(localTime(2025, 6, 14, 12), now, 'en')).to.equal('1 day ago');
      expect(relativeTime(localTime(2025, 6, 15, 14), now, 'en')).to.equal('in 2 hours');
      expect(relativeTime(localTime(2025, 6, 12, 12), now, 'en', ['hour'])).to.equal('72 hours ago');
      expect(relativeTime(now, now, 'en')).to.equal('now');
      expect(relativeTime(localTime(2025, 6, 13, 12), now, 'de')).to.equal('vor 2 Tagen');
    });

    it('month end: 47 h before 1 December 22:30 is "1 day ago", not "yesterday" (it was 29 November)', () => {
      expect(relativeTime(localTime(2026, 11, 29, 23, 30), localTime(2026, 12, 1, 22, 30), 'en')).to.equal(
        '1 day ago',
      );
    });

    it('month end: 59 days before 28 January is "1 month ago", not "last month" (it was 30 November)', () => {
      expect(relativeTime(localTime(2026, 11, 30, 12), localTime(2027, 1, 28, 12), 'en')).to.equal(
        '1 month ago',
      );
    });

    it('year end: 729 days before 30 December 2026 is "1 year ago", not "last year" (it was 2024)', () => {
      expect(relativeTime(localTime(2024, 12, 31, 12), localTime(2026, 12, 30, 12), 'en')).to.equal(
        '1 year ago',
      );
    });

    it('leap day: 28 February to 1 March 2028 is 2 days', () => {
      expect(relativeTime(localTime(2028, 2, 28, 12), localTime(2028, 3, 1, 12), 'en')).to.equal(
        '2 days ago',
      );
    });

    it('spring forward (Europe/Berlin 2027-03-28): 23 h of elapsed time is "23 hours ago"', () => {
      // In Berlin that is noon to noon by the clock; spec §9 counts the time, "under 24 h: hours".
      const written = localTime(2027, 3, 27, 12);
      expect(relativeTime(written, after(written, 23 * HOUR), 'en')).to.equal('23 hours ago');
      expect(relativeTime(written, after(written, 24 * HOUR), 'en')).to.equal('1 day ago');
    });
  });
});
