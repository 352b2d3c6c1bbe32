/**
 * Is a modal open, and when does it close (DESIGN §8; WAI-ARIA APG dialog): for what opens by
 * itself (a chatbox on a timer) and must never open over a modal, because the page behind a modal
 * is inert and, in Chromium, a second dialog opened over one can leave Escape closing neither.
 *
 * A modal is a modal `<dialog>` (`:modal`, as `showModal()` opens it), PhotoSwipe's lightbox root
 * (`div.pswp`, a plain `div` with `role="dialog"`) or any shown element with `aria-modal="true"`,
 * in the document or in any open shadow root. A module of its own, so that only what waits for
 * modals loads it (not the shared chunk).
 */

/** What may be a modal: an open `<dialog>`, PhotoSwipe's root, anything marked `aria-modal`. */
const CANDIDATES = 'dialog[open], .pswp, [aria-modal="true"]';

/** The document and every open shadow root in it, nested ones included. */
function* openRoots(root: Document | ShadowRoot): Generator<Document | ShadowRoot> {
  yield root;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) yield* openRoots(el.shadowRoot);
}

/** Whether `el`, one of the candidates, is an open modal now (see the module's comment). */
function isOpenModal(el: Element): boolean {
  try {
    if (el.matches(':modal')) return true;
  } catch {
    // an engine without `:modal`: the rest still applies
  }
  return (el.localName !== 'dialog' || el.matches('[aria-modal="true"]')) && el.getClientRects().length > 0;
}

/** The first open modal in `doc` and its open shadow roots, or null. */
export function openModal(doc: Document = document): Element | null {
  for (const root of openRoots(doc))
    for (const el of root.querySelectorAll(CANDIDATES)) if (isOpenModal(el)) return el;
  return null;
}

/**
 * Runs `callback` once no modal is open in `doc`: at once (synchronously) when none is, else when
 * the last one closes (its `open` attribute goes, it leaves the page or is hidden). Returns the
 * cancel, which stops waiting.
 */
export function whenNoModal(callback: () => void, doc: Document = document): () => void {
  let observer: MutationObserver | undefined;
  const check = () => {
    observer?.disconnect();
    const modal = openModal(doc);
    if (!modal) {
      observer = undefined;
      callback();
      return;
    }
    // What ends a modal: its `open`, `hidden` or `aria-modal` (or an ancestor's `hidden`), or its
    // removal. Not `style` or `class`: a lightbox changes those all along.
    observer = new MutationObserver(check);
    const options = { subtree: true, childList: true, attributeFilter: ['open', 'hidden', 'aria-modal'] };
    observer.observe(doc, options);
    observer.observe(modal.getRootNode(), options);
  };
  check();
  return () => observer?.disconnect();
}
