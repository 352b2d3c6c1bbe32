import { useEffect } from 'react';
import { useLatest } from './use-latest.ts';

/**
 * Listens for `type` on `target` (the document, the window, a host) while `enabled`; the latest
 * `handler` is called, so changing it does not re-subscribe. Removed on unmount.
 */
export function useEventListener<E extends Event = Event>(
  target: EventTarget | null | undefined,
  type: string,
  handler: (event: E) => void,
  {
    enabled = true,
    capture = false,
    passive,
  }: { enabled?: boolean; capture?: boolean; passive?: boolean } = {},
): void {
  const latest = useLatest(handler);
  useEffect(() => {
    if (!target || !enabled) return;
    const listener = (event: Event) => latest.current(event as E);
    target.addEventListener(type, listener, { capture, passive });
    return () => target.removeEventListener(type, listener, { capture });
  }, [target, type, enabled, capture, passive, latest]);
}
