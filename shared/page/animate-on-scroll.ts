import { definePageBehaviour } from './define-behaviour.ts';

export const ANIMATE_SELECTOR = '[data-animate]';

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

/** Installs the animated elements under the root (and those added later). */
export const installAnimateOnScroll = definePageBehaviour({
  name: 'animate-on-scroll',
  selector: ANIMATE_SELECTOR,
  install(_root, context) {
    const reduced = context.reducedMotion();
    const seen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.unobserve(entry.target);
        (entry.target as HTMLElement).dataset.animated = 'true';
      }
    });
    context.each(ANIMATE_SELECTOR, (el) => {
      if (el.dataset.animated === 'true') return;
      if (reduced) el.dataset.animated = 'true';
      else {
        el.dataset.animated = 'false';
        seen.observe(el);
      }
    });
    return () => seen.disconnect();
  },
});
