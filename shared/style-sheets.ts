/**
 * Styles without `<style>`, so the strict Content-Security-Policy holds (`style-src 'self'`):
 * constructable stylesheets, one per CSS text and window, shared by every root that adopts them.
 * `defineElement` gives each element's shadow root its base and own sheets; page behaviours,
 * lightboxes and the option form's lazy extras add theirs with {@link adoptStyles}.
 */

type SheetWindow = Window & typeof globalThis;

const sheetsByWindow = new WeakMap<SheetWindow, Map<string, CSSStyleSheet>>();
/** Held so no engine collects a list, and its listener, while the page lives. */
const mediaLists: MediaQueryList[] = [];

/**
 * The sheet of `css` in `win` (a sheet can be adopted only in documents of the window that made
 * it: a page root in an iframe gets its own).
 */
export function sheetFor(css: string, win: SheetWindow = window): CSSStyleSheet {
  let sheets = sheetsByWindow.get(win);
  if (!sheets) {
    sheets = new Map();
    sheetsByWindow.set(win, sheets);
  }
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new win.CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
    refreshOnMediaChange(sheet, css, win);
  }
  return sheet;
}

/**
 * WebKit (WebKitGTK 2.4x) can keep the answer a shared constructable sheet's `@media` rules had
 * before the viewport changed: when no instance was on the page at the change, instances added
 * after a resize to a phone width still got the wide layout (the live search did). So when one
 * of a sheet's queries flips, the sheet is rebuilt from its text, which every engine re-evaluates.
 */
function refreshOnMediaChange(sheet: CSSStyleSheet, css: string, win: SheetWindow) {
  const queries = new Set<string>();
  for (const rule of sheet.cssRules) if (rule instanceof win.CSSMediaRule) queries.add(rule.media.mediaText);
  for (const query of queries) {
    const list = win.matchMedia(query);
    list.addEventListener('change', () => sheet.replaceSync(css));
    mediaLists.push(list);
  }
}

/**
 * Adds the sheets of `css` to `target`'s root (a document, or the shadow root a node is in; the
 * target itself when it is one), each once. Nothing for a node in no document, or in an engine
 * without constructable stylesheets.
 */
export function adoptStyles(target: Node | null | undefined, ...css: string[]): void {
  const root = target?.getRootNode() as (Document | ShadowRoot) | undefined;
  if (!root || (root.nodeType !== Node.DOCUMENT_NODE && !(root as ShadowRoot).host)) return;
  const win = (root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument)?.defaultView;
  if (!win || !('adoptedStyleSheets' in root) || typeof win.CSSStyleSheet !== 'function') return;
  const sheets = css.map((text) => sheetFor(text, win)).filter((s) => !root.adoptedStyleSheets.includes(s));
  if (sheets.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
}
