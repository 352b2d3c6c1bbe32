import type { Clock } from '../clock.ts';

/**
 * A value animated over a fixed duration on the injected clock (house rule: no timers outside
 * it), for the theme behaviours that move something other than CSS: the scroll position
 * (scroll-to, spec §9 "Scroll animation 1000 ms") and count-up numbers (spec §9 "4 s").
 *
 * Progress is counted in steps of {@link TWEEN_STEP_MS} rather than read from a wall clock, so a
 * fake clock drives it exactly: after `tick(duration)` the tween has ended on its final value. On
 * a busy page the real animation may take a little longer than `duration`, never less.
 */

/** One step, about one frame at 60 Hz. */
export const TWEEN_STEP_MS = 16;

/** jQuery's "swing" easing, which the theme's animations use. */
export const swing = (p: number): number => 0.5 - Math.cos(p * Math.PI) / 2;

export interface Tween {
  /** Stops where it is; `onEnd` is not called. */
  stop(): void;
}

/**
 * Calls `onStep` with the eased progress (0..1] every step for `duration` ms, the last call with
 * exactly 1, then `onEnd`. A duration of 0 or less makes one call with 1 at once.
 */
export function tween(
  clock: Clock,
  duration: number,
  onStep: (progress: number) => void,
  onEnd: () => void = () => {},
  easing: (p: number) => number = swing,
): Tween {
  let timer: unknown;
  let stopped = false;
  if (duration <= 0) {
    onStep(1);
    onEnd();
    return { stop() {} };
  }
  let elapsed = 0;
  const step = () => {
    if (stopped) return;
    elapsed = Math.min(duration, elapsed + TWEEN_STEP_MS);
    const linear = elapsed / duration;
    onStep(linear >= 1 ? 1 : easing(linear));
    if (linear >= 1) onEnd();
    else timer = clock.setTimeout(step, Math.min(TWEEN_STEP_MS, duration - elapsed));
  };
  timer = clock.setTimeout(step, Math.min(TWEEN_STEP_MS, duration));
  return {
    stop() {
      stopped = true;
      clock.clearTimeout(timer);
    },
  };
}
