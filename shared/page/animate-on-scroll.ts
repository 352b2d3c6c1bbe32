import {
  type BehaviourOptions,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { ANIMATE_SELECTOR } from './selectors.ts';

export { ANIMATE_SELECTOR } from './selectors.ts';

/**
 * Animated elements (spec §4 Carousels: "Animated elements play once when they first enter the
 * viewport").
 *
 * Markup (Flatsome's): `<div data-animate="fadeInUp">…</div>`. The theme's CSS holds the
 * animations, keyed on `[data-animate][data-animated="true"]` (styles/theme.css has fadeIn,
 * fadeInUp, fadeInLeft, fadeInRight and bounceIn). The first time the element enters the viewport
 * (IntersectionObserver) it gets `data-animated="true"` and is not watched again, so the animation
 * plays once. Under reduced motion it is marked at once (the stylesheet plays nothing then), so
 * nothing waits hidden for a scroll.
 */

const installed = new WeakMap<PageRoot, () => void>();

/** Installs the animated elements under the root (and those added later). */
export function installAnimateOnScroll(
  root: PageRoot = document,
  options: BehaviourOptions = {},
): () => void {
  return installOnce(installed, root, () => {
    const reduced = prefersReducedMotion(options);
    const seen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.unobserve(entry.target);
        (entry.target as HTMLElement).dataset.animated = 'true';
      }
    });
    const stopWatching = enhanceNowAndLater(root, (node) => {
      for (const el of within(node, ANIMATE_SELECTOR)) {
        if (el.dataset.animated === 'true') continue;
        if (reduced) el.dataset.animated = 'true';
        else {
          el.dataset.animated = 'false';
          seen.observe(el);
        }
      }
    });
    return () => {
      stopWatching();
      seen.disconnect();
    };
  });
}
