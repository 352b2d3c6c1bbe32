import { logError } from './log.ts';

/**
 * Mirrors our cart events as WooCommerce's jQuery events on `document.body` and lets theirs
 * reach our stores (DESIGN §6), so themes and plugins written for WooCommerce keep working.
 * There is no jQuery dependency: everything is a no-op on pages without `window.jQuery`.
 */
type JQueryHandler = (event: unknown, ...args: unknown[]) => void;
type JQueryLike = ((target: unknown) => {
  trigger(name: string, args?: unknown[]): unknown;
  on(names: string, handler: JQueryHandler): unknown;
  off(names: string, handler: JQueryHandler): unknown;
}) & { _data?: (elem: unknown, name: string) => unknown };

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

/**
 * Triggers a WooCommerce jQuery event on document.body, or on `target` (the variation form's
 * `found_variation`, which bubbles to the body), when jQuery is on the page.
 */
export function triggerJQuery(name: string, args: unknown[] = [], target: Element = document.body): void {
  const $ = jq();
  if (!$) return;
  mirroring += 1;
  try {
    $(target).trigger(name, args);
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
 * The arguments a native CustomEvent carries the way WooCommerce's scripts without jQuery send
 * them: single-add-to-cart.js dispatches `added_to_cart` with `detail: { detail: [fragments,
 * cart_hash, button] }` and `adding_to_cart` with `detail: [button, formData]`.
 */
export function nativeEventArgs(event: unknown): unknown[] {
  const detail = (event as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return detail;
  const inner = (detail as { detail?: unknown } | null | undefined)?.detail;
  return Array.isArray(inner) ? inner : [];
}

/** Our own jQuery listeners, so the scan for other scripts' handlers can leave them out. */
const ours = new WeakSet<object>();

export interface OnJQueryOptions {
  /**
   * Also hear events others trigger while one of our mirrors runs (WooCommerce's add-to-cart.js
   * triggers `wc_fragments_loaded` inside our `added_to_cart`). Off by default: that is how our
   * own mirrors never reach our own listeners.
   */
  nested?: boolean;
  /**
   * Whether native DOM events of these names, which jQuery also hands to its handlers, are heard
   * here (with the arguments from their `detail`, see {@link nativeEventArgs}). Default true;
   * false where the native events are listened to on their own (the cart store).
   */
  native?: boolean;
}

/**
 * Listens to WooCommerce jQuery events triggered by others (not our own mirrors).
 * Returns the remove function; a no-op without jQuery.
 */
export function onJQuery(
  names: string,
  handler: (name: string, args: unknown[]) => void,
  { nested = false, native = true }: OnJQueryOptions = {},
): () => void {
  const $ = jq();
  if (!$) return () => {};
  const listener = (event: unknown, ...args: unknown[]) => {
    if (mirroring > 0 && !nested) return;
    const originalEvent = (event as { originalEvent?: unknown }).originalEvent;
    if (originalEvent) {
      // A native event (dispatchEvent), not a jQuery trigger: its arguments are in its detail.
      if (!native) return;
      handler((event as { type: string }).type, nativeEventArgs(originalEvent));
      return;
    }
    handler((event as { type: string }).type, args);
  };
  ours.add(listener);
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

/**
 * Starts noting whether another script triggers the jQuery event `name`, also inside one of our
 * mirrors (WooCommerce's add-to-cart.js answers our `added_to_cart` with its own
 * `wc_fragments_loaded`). The returned function stops listening and tells whether it came.
 */
export function noteJQuery(name: string): () => boolean {
  let heard = false;
  const off = onJQuery(
    name,
    () => {
      heard = true;
    },
    { nested: true, native: false },
  );
  return () => {
    off();
    return heard;
  };
}

/**
 * How many jQuery handlers other scripts bound on `document.body` for `name` (WooCommerce's
 * cart-fragments.js binds `wc_fragment_refresh`). 0 without jQuery, or when this jQuery does not
 * expose its event store.
 */
export function theirJQueryHandlers(name: string): number {
  const $ = jq();
  try {
    const events = $?._data?.(document.body, 'events') as
      | Record<string, Array<{ handler?: object }>>
      | undefined;
    return (events?.[name] ?? []).filter((h) => !ours.has(h.handler ?? {})).length;
  } catch {
    return 0;
  }
}
