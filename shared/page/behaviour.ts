import { type Clock, pageClock } from '../clock.ts';

/**
 * What every page behaviour in `shared/page/` shares (issue 17): the root it is installed on,
 * its options, idempotent installation, and showing or hiding theme markup without style
 * attributes in the markup (CSSOM only, strict CSP).
 */

/** Where a behaviour is installed: the document, or a part of it (tests, ajax-loaded content). */
export type PageRoot = Document | Element;

/** Options every `install<Name>()` takes. */
export interface BehaviourOptions {
  /** Timers (a fake clock in tests); the browser's by default. */
  clock?: Clock;
  /** Overrides the page's `prefers-reduced-motion` (tests); read from the media query by default. */
  reducedMotion?: boolean;
}

/** The document a root belongs to. */
export function documentOf(root: PageRoot): Document {
  return root instanceof Document ? root : root.ownerDocument;
}

/** Whether motion should be avoided: the option, else the user's `prefers-reduced-motion`. */
export function prefersReducedMotion(options: BehaviourOptions = {}): boolean {
  if (options.reducedMotion !== undefined) return options.reducedMotion;
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The clock of the options, else the page's. */
export function clockOf(options: BehaviourOptions = {}): Clock {
  return options.clock ?? pageClock;
}

/**
 * Installs once per root: a second call on the same root returns the first call's uninstall
 * function and does nothing else. Uninstalling allows a later install.
 */
export function installOnce(
  registry: WeakMap<PageRoot, () => void>,
  root: PageRoot,
  install: () => () => void,
): () => void {
  const existing = registry.get(root);
  if (existing) return existing;
  const stop = install();
  const uninstall = () => {
    if (registry.get(root) !== uninstall) return;
    registry.delete(root);
    stop();
  };
  registry.set(root, uninstall);
  return uninstall;
}

/** Elements under (or being) `root` that match `selector`. */
export function within<T extends Element = HTMLElement>(root: PageRoot, selector: string): T[] {
  const own = root instanceof Element && root.matches(selector) ? [root as unknown as T] : [];
  return [...own, ...root.querySelectorAll<T & Element>(selector)];
}

/**
 * Shows theme markup that the theme's CSS may hide by default (WooCommerce's store notice and
 * field descriptions start as `display: none`, as jQuery's `.show()` expects).
 */
export function showElement(el: HTMLElement): void {
  el.hidden = false;
  el.style.removeProperty('display');
  if (getComputedStyle(el).display === 'none') el.style.display = 'block';
}

/** Hides an element whatever the theme's CSS says. */
export function hideElement(el: HTMLElement): void {
  el.hidden = true;
  el.style.display = 'none';
}

/** Whether an element is rendered (not display: none, in the document). */
export function isShown(el: HTMLElement): boolean {
  return el.isConnected && !el.hidden && getComputedStyle(el).display !== 'none';
}

/** Calls `enhance` for the root now and for every element added under it later; returns the stop function. */
export function enhanceNowAndLater(root: PageRoot, enhance: (node: PageRoot) => void): () => void {
  enhance(root);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element) enhance(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
