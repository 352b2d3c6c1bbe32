import { enhanceNowAndLater, within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const PARALLAX_SELECTOR = '[data-parallax]';

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

/** The vertical shift in px for an element whose centre is `distance` px below the viewport centre. */
export function parallaxShift(distance: number, strength: number): number {
  return Math.round(-distance * strength * PARALLAX_FACTOR * 10) / 10;
}

/** Moves the `[data-parallax]` elements under `root` as the page scrolls. */
export const installParallax = definePageBehaviour({
  name: 'parallax',
  selector: PARALLAX_SELECTOR,
  install(root, context) {
    const win = context.window;
    const elements = new Set<HTMLElement>();
    const update = () => {
      const still = context.reducedMotion();
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
    context.on(win, 'scroll', update, { passive: true });
    context.on(win, 'resize', update);
    return () => {
      stop();
      for (const el of elements) el.style.removeProperty('transform');
    };
  },
});
