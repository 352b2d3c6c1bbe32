import { expect } from '@open-wc/testing';
import { createPopupStorage, TIME_FRAMES_MS } from '../../../elements/shop-popup/shop-popup.storage.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { memoryStorage } from '../../helpers/storage.ts';

function setup(start = Date.UTC(2026, 10, 23)) {
  let time = start;
  const local = memoryStorage();
  const session = memoryStorage();
  const make = () =>
    createPopupStorage({
      local: createSafeStorage(() => local),
      session: createSafeStorage(() => session),
      now: () => time,
    });
  return {
    local,
    session,
    make,
    advance: (ms: number) => (time += ms),
    /** Moves the clock to an ISO time with offset. */
    at: (iso: string) => (time = Date.parse(iso)),
  };
}

describe('shop-popup storage (spec §3)', () => {
  it('counts page views once per page, and sessions once per tab session', () => {
    const { make, session } = setup();
    const first = make();
    first.countPageView();
    first.countPageView();
    expect([first.pageViews(), first.sessions()]).to.deep.equal([1, 1]);
    const second = make();
    second.countPageView();
    expect([second.pageViews(), second.sessions()]).to.deep.equal([2, 1]);
    session.clear();
    const third = make();
    third.countPageView();
    expect([third.pageViews(), third.sessions()]).to.deep.equal([3, 2]);
  });

  it('counts impressions per session, day, week and month; each expires with its time frame', () => {
    const { make, session, advance } = setup();
    const s = make();
    s.countImpression('p1');
    s.countImpression('p1');
    expect(['session', 'day', 'week', 'month'].map((p) => s.impressions('p1', p as 'day'))).to.deep.equal([
      2, 2, 2, 2,
    ]);
    expect(s.impressions('p2', 'day')).to.equal(0);
    session.clear();
    expect(s.impressions('p1', 'session')).to.equal(0);
    advance(TIME_FRAMES_MS.day);
    expect([s.impressions('p1', 'day'), s.impressions('p1', 'week')]).to.deep.equal([0, 2]);
    advance(TIME_FRAMES_MS.week - TIME_FRAMES_MS.day);
    expect([s.impressions('p1', 'week'), s.impressions('p1', 'month')]).to.deep.equal([0, 2]);
    advance(TIME_FRAMES_MS.month);
    expect(s.impressions('p1', 'month')).to.equal(0);
  });

  it('keeps the expiry of the first impression when counting more', () => {
    const { make, advance } = setup();
    const s = make();
    s.countImpression('p');
    advance(TIME_FRAMES_MS.day - 1000);
    s.countImpression('p');
    expect(s.impressions('p', 'day')).to.equal(2);
    advance(1000);
    expect(s.impressions('p', 'day')).to.equal(0);
  });

  describe("counted windows at the calendar's hard moments (spec §9 time frames: 86400 s, 604800 s, 2628288 s)", () => {
    /** Counts one impression at `first`; gives the counts of `period` read at each time. */
    function countsAt(first: string, period: 'day' | 'week' | 'month', reads: string[]) {
      const { make, at } = setup();
      const s = make();
      at(first);
      s.countImpression('p');
      return reads.map((read) => {
        at(read);
        return s.impressions('p', period);
      });
    }

    it('day: a window opened at 20:00 on 31 January runs over the month end to 20:00 on 1 February', () => {
      expect(
        countsAt('2027-01-31T20:00Z', 'day', ['2027-02-01T00:00Z', '2027-02-01T19:59Z', '2027-02-01T20:00Z']),
      ).to.deep.equal([1, 1, 0]);
    });

    it('day: a window opened at 18:00 on the leap day (America/Los_Angeles) ends at 18:00 on 1 March', () => {
      expect(
        countsAt('2028-02-29T18:00-08:00', 'day', ['2028-03-01T17:59-08:00', '2028-03-01T18:00-08:00']),
      ).to.deep.equal([1, 0]);
    });

    it('day: a window opened at 23:55 on 31 December (Asia/Kolkata) lasts into the new year until 23:55', () => {
      expect(
        countsAt('2026-12-31T23:55+05:30', 'day', [
          '2027-01-01T00:05+05:30',
          '2027-01-01T23:54+05:30',
          '2027-01-01T23:55+05:30',
        ]),
      ).to.deep.equal([1, 1, 0]);
    });

    it('day: a window opened the evening before Europe/Berlin springs forward lasts 24 h, to 21:00 by the clock', () => {
      expect(
        countsAt('2027-03-27T20:00+01:00', 'day', ['2027-03-28T20:59+02:00', '2027-03-28T21:00+02:00']),
      ).to.deep.equal([1, 0]);
    });

    it('week: a window opened on 26 February 2028 counts the leap day and ends on 4 March', () => {
      expect(countsAt('2028-02-26T12:00Z', 'week', ['2028-03-04T11:59Z', '2028-03-04T12:00Z'])).to.deep.equal(
        [1, 0],
      );
    });

    it('week: a window opened on 28 December ends on 4 January', () => {
      expect(countsAt('2026-12-28T09:00Z', 'week', ['2027-01-04T08:59Z', '2027-01-04T09:00Z'])).to.deep.equal(
        [1, 0],
      );
    });

    it('month: 30 days 10 h 4 min 48 s from 31 January, over a short February (2 March) and a leap one (1 March)', () => {
      expect(
        countsAt('2027-01-31T12:00Z', 'month', ['2027-03-02T22:04:47Z', '2027-03-02T22:04:48Z']),
      ).to.deep.equal([1, 0]);
      expect(
        countsAt('2028-01-31T12:00Z', 'month', ['2028-03-01T22:04:47Z', '2028-03-01T22:04:48Z']),
      ).to.deep.equal([1, 0]);
    });

    it('month: a window opened at 23:55 on 31 December (Asia/Kolkata) ends at 09:59:48 on 31 January', () => {
      expect(
        countsAt('2026-12-31T23:55+05:30', 'month', [
          '2027-01-31T09:59:47+05:30',
          '2027-01-31T09:59:48+05:30',
        ]),
      ).to.deep.equal([1, 0]);
    });
  });

  it('keeps the disable flag', () => {
    const { make } = setup();
    const s = make();
    expect(s.disabled('p')).to.equal(false);
    s.disable('p');
    expect(make().disabled('p')).to.equal(true);
    expect(make().disabled('q')).to.equal(false);
  });

  it('treats damaged items as none', () => {
    const { make, local } = setup();
    local.setItem('shop-popup:pageViews', '{nope');
    local.setItem('shop-popup:sessions', JSON.stringify({ value: 'many', expires: null }));
    const s = make();
    expect([s.pageViews(), s.sessions()]).to.deep.equal([0, 0]);
  });

  it('keeps working in memory when storage throws', () => {
    const throwing = {
      getItem() {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const s = createPopupStorage({
      local: createSafeStorage(() => throwing),
      session: createSafeStorage(() => {
        throw new Error('no session storage');
      }),
      now: () => Date.UTC(2026, 10, 23),
    });
    s.countPageView();
    s.countImpression('p');
    s.disable('q');
    expect([s.pageViews(), s.sessions(), s.impressions('p', 'day'), s.disabled('q')]).to.deep.equal([
      1,
      1,
      1,
      true,
    ]);
  });
});
