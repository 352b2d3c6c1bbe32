import { expect } from '@open-wc/testing';
import { TWEEN_STEP_MS, tween } from '../../../shared/page/tween.ts';
import { fakeClock } from '../../helpers/clock.ts';

/** The clock-driven animation the scroll-to (1000 ms) and count-up (4 s) behaviours share. */
describe('tween', () => {
  it('steps on the injected clock and ends exactly on 1 after the duration', () => {
    const clock = fakeClock();
    const seen: number[] = [];
    let ended = 0;
    tween(
      clock,
      1000,
      (p) => seen.push(p),
      () => ended++,
    );
    clock.tick(999);
    expect(ended).to.equal(0);
    expect(seen.at(-1)).to.be.below(1);
    clock.tick(1);
    expect(ended).to.equal(1);
    expect(seen.at(-1)).to.equal(1);
    expect(seen.length).to.equal(Math.ceil(1000 / TWEEN_STEP_MS));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).to.be.at.least(seen[i - 1]);
    expect(clock.pending).to.equal(0);
  });

  it('stops without ending', () => {
    const clock = fakeClock();
    let ended = false;
    const t = tween(
      clock,
      100,
      () => {},
      () => (ended = true),
    );
    clock.tick(50);
    t.stop();
    clock.tick(100);
    expect(ended).to.equal(false);
    expect(clock.pending).to.equal(0);
  });

  it('a zero duration ends at once', () => {
    const seen: number[] = [];
    tween(fakeClock(), 0, (p) => seen.push(p));
    expect(seen).to.deep.equal([1]);
  });
});
