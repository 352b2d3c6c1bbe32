import { fill } from '../../shared/format/messages.ts';
import type { LightboxOptions } from '../../shared/lightbox/photoswipe.ts';
import type { GalleryItem } from './product-gallery.items.ts';
import type { ProductGalleryMessages } from './product-gallery.settings.ts';

/**
 * The gallery's items as lightbox slides, with the texts of spec §8 (spec §2 "Product gallery
 * lightbox"): a lazy chunk of its own (`product-gallery.lightbox.js`), loaded when the lightbox
 * first opens, as the lightbox itself is. `sizes`: the natural sizes measured for items without
 * one (0 when still unknown).
 */
export function lightboxSlides(
  items: readonly GalleryItem[],
  sizes: ReadonlyMap<string, { width: number; height: number }>,
  messages: ProductGalleryMessages,
): Pick<LightboxOptions, 'slides' | 'texts'> {
  return {
    slides: items.map((item, n) => ({
      src: item.src,
      width: item.w || sizes.get(item.src)?.width || 0,
      height: item.h || sizes.get(item.src)?.height || 0,
      alt: item.alt || fill(messages.slide, { index: n + 1, count: items.length }),
      caption: item.title,
      thumb: item.thumb,
    })),
    texts: {
      imageError: messages.imageError,
      imageErrorNumbered: messages.imageErrorNumbered,
      close: messages.close,
      zoom: messages.zoomIn,
      previous: messages.previous,
      next: messages.next,
      imageOf: messages.slide,
    },
  };
}
