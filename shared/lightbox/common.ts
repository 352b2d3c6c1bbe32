import type PhotoSwipe from 'photoswipe';
import type { Clock } from '../clock.ts';

/**
 * What every PhotoSwipe lightbox of ours shares (the gallery's, shared/lightbox/photoswipe.ts,
 * and the reviews', elements/shop-reviews/shop-reviews.lightbox.ts); loaded lazily with them.
 */

/** spec §9 Cart and reviews: lightbox timings and geometry. */
export const LIGHTBOX = { animationMs: 333, idleMs: 4000, spacing: 0.12, maxZoom: 1.33 } as const;

/**
 * Controls go idle after 4000 ms without pointer or key activity (spec §4 Gallery lightbox), and
 * `data-open` marks the end of the opening animation (PhotoSwipe ignores close until then).
 * Returns the function that stops the idle timer (call it on destroy).
 */
export function idleControls(pswp: PhotoSwipe, clock: Clock): () => void {
  let idleTimer: unknown;
  const wake = () => {
    pswp.element?.classList.remove('pswp--ui-idle');
    clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(() => pswp.element?.classList.add('pswp--ui-idle'), LIGHTBOX.idleMs);
  };
  pswp.on('afterInit', () => {
    pswp.element?.addEventListener('pointermove', wake);
    pswp.element?.addEventListener('keydown', wake);
    wake();
  });
  pswp.on('openingAnimationEnd', () => pswp.element?.setAttribute('data-open', ''));
  return () => clock.clearTimeout(idleTimer);
}
