import { isFocusable } from '../a11y/focus.ts';

/**
 * What makes PhotoSwipe's `div.pswp` a modal dialog (WAI-ARIA APG dialog; DESIGN §8), for the one
 * lightbox opener (`./photoswipe.ts`): PhotoSwipe renders a plain `div` in the body, not a native
 * `<dialog>`, so the page behind is made inert here, and Tab is kept inside here (PhotoSwipe's own
 * trap, off, pulls focus back to its root, where Shift+Tab then stays, and cannot see into shadow
 * roots).
 */

/**
 * Where the lightbox goes: the open modal `<dialog>` that `opener` is in (a quick view, a popup;
 * through slots and shadow roots), as outside it the page is inert and under the top layer; else
 * the body.
 */
export function lightboxHost(opener: Element | null): HTMLElement {
  for (let node: Node | null = opener; node; ) {
    if (node instanceof HTMLDialogElement && isModal(node)) return node;
    node =
      (node instanceof Element && node.assignedSlot) ||
      node.parentNode ||
      (node instanceof ShadowRoot ? node.host : null);
  }
  return document.body;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open; // an engine without `:modal`
  }
}

/**
 * Makes everything in `host` but `dialog` inert, also what is added while it is open; returns the
 * function that undoes exactly that (elements that were inert before stay inert).
 */
export function inertOthers(dialog: HTMLElement, host: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  const cover = (nodes: Iterable<Node>) => {
    for (const el of nodes) {
      if (el === dialog || !(el instanceof HTMLElement) || el.inert) continue;
      el.inert = true;
      made.push(el);
    }
  };
  cover(host.children);
  const added = new MutationObserver((records) => {
    for (const record of records) cover(record.addedNodes);
  });
  added.observe(host, { childList: true });
  return () => {
    added.disconnect();
    for (const el of made) el.inert = false;
  };
}

/** The controls the Tab key reaches in `dialog`, in document order (shown, enabled, not in a hidden slide). */
export function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll('*')].filter(
    (el): el is HTMLElement =>
      isFocusable(el) && !el.closest('[aria-hidden="true"]') && getComputedStyle(el).visibility !== 'hidden',
  );
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first (or from the dialog
 * itself) to the last: focus moves here for every Tab, the same in every engine. Returns whether
 * the key was handled.
 */
export function trapTab(dialog: HTMLElement, event: KeyboardEvent): boolean {
  // WebKitGTK names Shift+Tab (GTK's ISO_Left_Tab) 'Unidentified'; its code is Tab's.
  const tab = event.key === 'Tab' || (event.key === 'Unidentified' && event.code === 'Tab');
  if (!tab || event.altKey || event.ctrlKey || event.metaKey) return false;
  const stops = tabStops(dialog);
  event.preventDefault();
  if (!stops.length) {
    dialog.focus();
    return true;
  }
  const at = stops.indexOf((dialog.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement);
  const next = event.shiftKey
    ? stops[at <= 0 ? stops.length - 1 : at - 1]
    : stops[at < 0 || at === stops.length - 1 ? 0 : at + 1];
  next!.focus();
  return true;
}
