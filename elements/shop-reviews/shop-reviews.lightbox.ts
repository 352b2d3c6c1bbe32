import PhotoSwipe from 'photoswipe';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { fill } from '../../shared/format/messages.ts';
import { idleControls, LIGHTBOX } from '../../shared/lightbox/common.ts';
import { lightboxStyles } from '../../shared/lightbox/photoswipe.styles.ts';
import { adoptStyles } from '../../shared/style-sheets.ts';
import type { LightboxRequest } from './shop-reviews.controller.ts';

export { LIGHTBOX } from '../../shared/lightbox/common.ts';

/** The error line of a photo that failed to load (spec §8 "Lightbox image load failure"). */
function errorElement(request: LightboxRequest, index: number, src: string): HTMLElement {
  const { messages } = request.settings;
  const box = document.createElement('div');
  box.className = 'pswp__error-msg';
  box.setAttribute('role', 'alert');
  if (request.review.media.length > 1) {
    box.textContent = fill(messages.imageErrorNumbered, { index: index + 1 });
  } else {
    const link = document.createElement('a');
    link.href = src;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = messages.imageError;
    box.append(link);
  }
  return box;
}

/**
 * Opens a review's photos in PhotoSwipe at `index` (spec §9 timings: 333 ms animation, controls
 * idle after 4000 ms, 0.12 spacing, 1.33 max zoom; no animation under reduced motion). Resolves
 * when it has closed; focus goes back to the opener.
 */
export function openLightbox(request: LightboxRequest, clock: Clock = pageClock): Promise<void> {
  // PhotoSwipe renders in the page: its sheet is adopted by the document once.
  adoptStyles(document, lightboxStyles);
  const { review, index, opener, settings } = request;
  const { messages } = settings;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const duration = reduced ? 0 : LIGHTBOX.animationMs;
  const pswp = new PhotoSwipe({
    dataSource: review.media.map((m, n) => ({
      src: m.src,
      msrc: m.thumb,
      width: m.width,
      height: m.height,
      alt: fill(messages.photo, { index: n + 1, count: review.media.length, author: review.author }),
    })),
    index,
    showHideAnimationType: reduced ? 'none' : 'fade',
    showAnimationDuration: duration,
    hideAnimationDuration: duration,
    zoomAnimationDuration: duration,
    spacing: LIGHTBOX.spacing,
    maxZoomLevel: LIGHTBOX.maxZoom,
    errorMsg: messages.imageError,
    closeTitle: messages.close,
    zoomTitle: messages.zoom,
    arrowPrevTitle: messages.previousPhoto,
    arrowNextTitle: messages.nextPhoto,
    returnFocus: false,
  });
  pswp.addFilter('contentErrorElement', (_element, content) =>
    errorElement(request, content.index, String(content.data.src ?? '')),
  );
  const stopIdle = idleControls(pswp, clock);
  return new Promise((resolve) => {
    pswp.on('destroy', () => {
      stopIdle();
      if (opener?.isConnected) opener.focus();
      resolve();
    });
    pswp.init();
  });
}
