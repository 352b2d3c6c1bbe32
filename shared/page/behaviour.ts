// The core (the root, the options, once per root, the clock, reduced motion, finding and following
// markup, keeping printed attributes) is define-behaviour.ts's; passed on here for the registry
// (index.ts imports only this module statically, which takes definePageBehaviour into page.js) and
// the behaviours.
export {
  attributeKeeper,
  type BehaviourOptions,
  clockOf,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './define-behaviour.ts';

/**
 * The small helpers of the page behaviours in `shared/page/` (issue 17): showing or hiding theme
 * markup without style attributes in the markup (CSSOM only, strict CSP).
 */

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

/** The JSON object a `data-*` text holds (a page builder's `data-settings`), else null. */
export function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
