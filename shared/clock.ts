/**
 * The timers a controller uses, injected so that tests (and hosts that schedule work their own
 * way) can drive time: `pageClock` is the browser's; tests pass `fakeClock()` from test/helpers.
 */
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The browser's timers. */
export const pageClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};
