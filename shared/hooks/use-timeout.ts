import { useEffect, useMemo } from 'react';
import { type Clock, pageClock } from '../clock.ts';

/** A restartable one-shot timer, cleared when the component unmounts. */
export interface Timeout {
  /** Starts (or restarts) the timer. */
  start(callback: () => void, ms: number): void;
  /** Stops the timer if it runs. */
  clear(): void;
}

/** Creates a {@link Timeout} owned by the calling component, on `clock` (tests inject a fake one). */
export function useTimeout(clock: Clock = pageClock): Timeout {
  const timer = useMemo(() => {
    let id: unknown;
    return {
      start(callback: () => void, ms: number) {
        clock.clearTimeout(id);
        id = clock.setTimeout(callback, ms);
      },
      clear() {
        clock.clearTimeout(id);
        id = undefined;
      },
    };
  }, [clock]);
  useEffect(() => () => timer.clear(), [timer]);
  return timer;
}
