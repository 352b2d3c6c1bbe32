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
