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
