import { useEffect, useMemo } from 'react';

/** A restartable one-shot timer, cleared when the component unmounts. */
export interface Timeout {
  /** Starts (or restarts) the timer. */
  start(callback: () => void, ms: number): void;
  /** Stops the timer if it runs. */
  clear(): void;
}

/** Creates a {@link Timeout} owned by the calling component. */
export function useTimeout(): Timeout {
  const timer = useMemo(() => {
    let id: ReturnType<typeof setTimeout> | undefined;
    return {
      start(callback: () => void, ms: number) {
        clearTimeout(id);
        id = setTimeout(callback, ms);
      },
      clear() {
        clearTimeout(id);
        id = undefined;
      },
    };
  }, []);
  useEffect(() => () => timer.clear(), [timer]);
  return timer;
}
