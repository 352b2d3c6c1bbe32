/**
 * The time a controller reads and the timers it sets, injected one way everywhere (a `clock`
 * option defaulting to `pageClock`) so that tests, and hosts that schedule work their own way,
 * drive both: `pageClock` is the browser's; tests pass `fakeClock()` from test/helpers.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The browser's time and timers. */
export const pageClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};
