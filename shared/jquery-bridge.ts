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

/**
 * `window.jQuery` when it really is jQuery: a function with `fn.jquery` (its version string).
 * An element with id or name "jQuery" makes the global a DOM node (DOM clobbering, issue 22):
 * that page is treated as a page without jQuery.
 */
const jq = (): JQueryLike | undefined => {
  const candidate: unknown = (window as unknown as { jQuery?: unknown }).jQuery;
  if (typeof candidate !== 'function') return undefined;
  try {
    const fn = (candidate as { fn?: { jquery?: unknown } }).fn;
    return fn && typeof fn.jquery === 'string' ? (candidate as JQueryLike) : undefined;
  } catch {
    return undefined;
  }
};

/** True when the page has a real jQuery (not a clobbered `window.jQuery`). */
export function hasJQuery(): boolean {
  return jq() !== undefined;
}

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
  if (!$ || !el) return null;
  try {
    return $(el);
  } catch (error) {
    logError(null, 'jQuery could not wrap an element for a WooCommerce event.', error);
    return null;
  }
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
  try {
    $(document.body).on(names, listener);
  } catch (error) {
    logError(null, `could not listen to jQuery '${names}'.`, error);
    return () => {};
  }
  return () => {
    try {
      $(document.body).off(names, listener);
    } catch {
      // a jQuery that failed to remove its own handler: nothing left to undo
    }
  };
}
