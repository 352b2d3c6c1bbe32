import type { Clock } from '../../shared/clock.ts';
import { fill } from '../../shared/format/messages.ts';
import { type OpenLightbox, openPhotoSwipe } from '../../shared/lightbox/photoswipe.ts';
import type { Review } from './shop-reviews.data.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';

/**
 * A review's photos in the shared lightbox (shared/lightbox/photoswipe.ts: spec §9 timings, focus
 * back to the opener), with the texts of the element's `messages` (spec §8). A lazy chunk: the
 * controller imports it when the first photo opens, and PhotoSwipe with it.
 */

/** Which photos to show, from where (the controller's request). */
export interface PhotosRequest {
  review: Review;
  /** The photo shown first. */
  index: number;
  /** Gets focus back when the lightbox has closed. */
  opener: HTMLElement | null;
  settings: ReviewsSettings;
  clock?: Clock;
}

/** Opens `review`'s photos at `index`. */
export function openPhotos({ review, index, opener, settings, clock }: PhotosRequest): OpenLightbox {
  const { messages } = settings;
  const count = review.media.length;
  return openPhotoSwipe({
    slides: review.media.map((m, n) => ({
      src: m.src,
      thumb: m.thumb,
      width: m.width,
      height: m.height,
      alt: fill(messages.photo, { index: n + 1, count, author: review.author }),
    })),
    index,
    opener,
    clock,
    texts: {
      imageError: messages.imageError,
      imageErrorNumbered: messages.imageErrorNumbered,
      close: messages.close,
      zoom: messages.zoom,
      previous: messages.previousPhoto,
      next: messages.nextPhoto,
      imageOf: messages.slide,
    },
  });
}
