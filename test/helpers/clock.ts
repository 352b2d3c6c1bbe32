import sinon from 'sinon';
import type { Clock } from '../../shared/clock.ts';

/** A {@link Clock} whose timers run only when the test advances it, in the order they are due. */
export interface FakeClock extends Clock {
  /** Advances time by `ms`, running every timer that falls due (timers they start included). */
  tick(ms: number): void;
  /** Timers still waiting. */
  readonly pending: number;
  /** The fake time in ms (for controllers that take a `now` function). */
  now(): number;
}

/** Creates a {@link FakeClock} starting at `start` (default 0). */
export function fakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(id) {
      timers.delete(id as number);
    },
    tick(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    get pending() {
      return timers.size;
    },
    now: () => now,
  };
}

/**
 * Sets the page's date to `at` (a local date and time: `localTime(2028, 2, 29, 18)`), from where
 * it runs on in real time; only `Date` is replaced, so timers, waits and the page's scripts keep
 * the browser's own clock. Returns the undo. For tests whose days count from today: they pick
 * their day instead of taking the calendar's.
 */
export function fixDate(at: Date): () => void {
  // biome-ignore lint/correctness/useHookAtTopLevel: sinon's fake timers, not a React hook
  const clock = sinon.useFakeTimers({ now: at, toFake: ['Date'], shouldAdvanceTime: true });
  return () => clock.restore();
}

/** A local date and time with a 1-based month: `localTime(2026, 11, 30, 21)` is 30 November, 9 pm. */
export const localTime = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);
