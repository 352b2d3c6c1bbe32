import { logError } from './log.ts';

/**
 * Mirrors our cart events as WooCommerce's jQuery events on `document.body` and lets theirs
 * reach our stores (DESIGN §6), so themes and plugins written for WooCommerce keep working.
 * There is no jQuery dependency: everything is a no-op on pages without `window.jQuery`.
 */
type JQueryLike = (target: unknown) => {
  trigger(name: string, args?: unknown[]): unknown;
  on(names: string, handler: (event: unknown, ...args: unknown[]) => void): unknown;
  off(names: string, handler: (event: unknown, ...args: unknown[]) => void): unknown;
};

const jq = (): JQueryLike | undefined => (window as unknown as { jQuery?: JQueryLike }).jQuery;

let mirroring = 0;

/** Triggers a WooCommerce jQuery event on document.body (when jQuery is on the page). */
export function triggerJQuery(name: string, args: unknown[] = []): void {
  const $ = jq();
  if (!$) return;
  mirroring += 1;
  try {
    $(document.body).trigger(name, args);
  } catch (error) {
    logError(null, `a jQuery '${name}' handler threw`, error);
  } finally {
    mirroring -= 1;
  }
}

/** Wraps an element for jQuery event arguments (`$button`), or null without jQuery. */
export function jqueryWrap(el: Element | null): unknown {
  const $ = jq();
  return $ && el ? $(el) : null;
}

/**
 * Listens to WooCommerce jQuery events triggered by others (not our own mirrors).
 * Returns the remove function; a no-op without jQuery.
 */
export function onJQuery(names: string, handler: (name: string, args: unknown[]) => void): () => void {
  const $ = jq();
  if (!$) return () => {};
  const listener = (event: unknown, ...args: unknown[]) => {
    if (mirroring > 0) return;
    handler((event as { type: string }).type, args);
  };
  $(document.body).on(names, listener);
  return () => $(document.body).off(names, listener);
}
