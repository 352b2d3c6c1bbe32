import { expect } from '@open-wc/testing';
import { createPopupStorage, TIME_FRAMES_MS } from '../../../elements/shop-popup/shop-popup.storage.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { memoryStorage } from '../../helpers/storage.ts';

function setup() {
  let time = Date.UTC(2026, 10, 23);
  const local = memoryStorage();
  const session = memoryStorage();
  const make = () =>
    createPopupStorage({
      local: createSafeStorage(() => local),
      session: createSafeStorage(() => session),
      now: () => time,
    });
  return { local, session, make, advance: (ms: number) => (time += ms) };
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
