/** Focus helpers (DESIGN §8) that see into shadow roots. */

/** The element under keyboard focus, looking into open shadow roots. */
export function deepActiveElement(doc: Document = document): Element | null {
  let el: Element | null = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** True when nothing in particular has focus (the body, or nothing). */
export function focusIsLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement;
}

/**
 * Focuses `fallback` when focus was lost (after a dialog closed or the focused node went
 * away); leaves it alone when the shopper has already moved it somewhere.
 */
export function returnFocus(fallback: HTMLElement | null | undefined, doc: Document = document): void {
  if (fallback?.isConnected && focusIsLost(doc)) fallback.focus();
}

/** The first element on an event's composed path (through shadow roots) matching `selector`. */
export function matchOnPath(event: Event, selector: string): Element | null {
  for (const node of event.composedPath()) {
    if (node instanceof Element) {
      const found = node.closest(selector);
      if (found) return found;
    }
  }
  return null;
}

/**
 * What can take focus from the keyboard (WAI-ARIA APG dialog: the dialog's "first focusable
 * element"): links, enabled form controls, frames and elements with a tabindex.
 */
const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, iframe, [tabindex]';

/** Whether the Tab key can reach `el` now: focusable, enabled, not `tabindex="-1"`, not inert, rendered. */
export function isFocusable(el: Element): el is HTMLElement {
  return (
    el.matches(FOCUSABLE) &&
    !el.matches(':disabled, [tabindex^="-"], [inert], [inert] *') &&
    el.getClientRects().length > 0
  );
}

/**
 * The first element the Tab key would reach in `roots` (each root itself, then its descendants,
 * in document order), or null. Takes one element or several (a slot's assigned elements).
 */
export function firstFocusable(roots: Element | Iterable<Element> | null | undefined): HTMLElement | null {
  for (const root of roots instanceof Element ? [roots] : (roots ?? []))
    for (const el of [root, ...root.querySelectorAll(FOCUSABLE)]) if (isFocusable(el)) return el;
  return null;
}
