import {
  type BehaviourOptions,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { PARALLAX_SELECTOR } from './selectors.ts';

export { PARALLAX_SELECTOR } from './selectors.ts';

/**
 * Parallax (issue 17; spec §2 Other "parallax", §7 Other: loaded only where the markup is). Flatsome
 * prints `data-parallax="{strength}"` (about -10…10; `data-parallax-background` on section
 * backgrounds) on elements that move slower or faster than the page. Here each one is shifted
 * vertically with a CSSOM `transform` (no style attributes in markup, strict CSP) by
 * `strength × 5 %` of the distance between its centre and the viewport's centre, updated on
 * scroll and resize (scroll events come once per frame, so no frame timer is needed). None at all
 * under `prefers-reduced-motion` (and any shift is taken back when it turns on).
 */

/** How far an element moves per unit of strength, as a share of its distance from the viewport centre. */
export const PARALLAX_FACTOR = 0.05;

const installed = new WeakMap<PageRoot, () => void>();

/** The vertical shift in px for an element whose centre is `distance` px below the viewport centre. */
export function parallaxShift(distance: number, strength: number): number {
  return Math.round(-distance * strength * PARALLAX_FACTOR * 10) / 10;
}

/** Moves the `[data-parallax]` elements under `root` as the page scrolls. */
export function installParallax(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const doc = documentOf(root);
    const win = doc.defaultView ?? window;
    const elements = new Set<HTMLElement>();
    const update = () => {
      const still = prefersReducedMotion(options);
      for (const el of elements) {
        if (!el.isConnected) {
          elements.delete(el);
          continue;
        }
        const strength = Number.parseFloat(el.dataset.parallax ?? '');
        if (still || !Number.isFinite(strength) || strength === 0) {
          el.style.removeProperty('transform');
          continue;
        }
        // Measured without the current shift, so the element's own movement does not feed back.
        const current = el.style.transform;
        el.style.removeProperty('transform');
        const rect = el.getBoundingClientRect();
        el.style.transform = current;
        const distance = rect.top + rect.height / 2 - win.innerHeight / 2;
        el.style.transform = `translate3d(0, ${parallaxShift(distance, strength)}px, 0)`;
      }
    };
    const stop = enhanceNowAndLater(root, (node) => {
      for (const el of within(node, PARALLAX_SELECTOR)) elements.add(el);
      update();
    });
    win.addEventListener('scroll', update, { passive: true });
    win.addEventListener('resize', update);
    return () => {
      stop();
      win.removeEventListener('scroll', update);
      win.removeEventListener('resize', update);
      for (const el of elements) el.style.removeProperty('transform');
    };
  });
}
