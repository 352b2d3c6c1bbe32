import { type BehaviourOptions, clockOf, prefersReducedMotion } from './behaviour.ts';
import { type Tween, tween } from './tween.ts';

/** spec §9 Theme: scroll animation 1000 ms. */
export const SCROLL_MS = 1000;

/**
 * Scrolls the window so that `target` is at the top (less its `scroll-margin-top` and the page's
 * `scroll-padding-top`, room for a sticky header), over `ms` (spec §9 Theme "Scroll animation
 * 1000 ms") on the injected clock, or at once under reduced motion. A wheel, touch or key press
 * stops it. Used by scroll-to.ts, product-tabs.ts and sticky-add-to-cart.ts (issue 16). Returns a stop function.
 */
export function scrollWindowTo(target: Element, options: BehaviourOptions = {}, ms = SCROLL_MS): () => void {
  const doc = target.ownerDocument;
  const win = doc.defaultView ?? window;
  const px = (value: string) => Number.parseFloat(value) || 0;
  const margin =
    px(getComputedStyle(target).scrollMarginTop) + px(getComputedStyle(doc.documentElement).scrollPaddingTop);
  const from = win.scrollY;
  const max = doc.documentElement.scrollHeight - win.innerHeight;
  const to = Math.max(0, Math.min(max, target.getBoundingClientRect().top + from - margin));
  if (prefersReducedMotion(options) || from === to) {
    win.scrollTo({ top: to, behavior: 'instant' });
    return () => {};
  }
  let running: Tween | undefined;
  const stop = () => {
    running?.stop();
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    win.addEventListener(type, stop, { passive: true });
  running = tween(
    clockOf(options),
    ms,
    (p) => win.scrollTo({ top: from + (to - from) * p, behavior: 'instant' }),
    stop,
  );
  return stop;
}
