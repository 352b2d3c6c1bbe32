import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { bool } from '../../shared/format/settings.ts';

/**
 * Settings of `<product-gallery>` (spec §2 "Single product page", §3 "Gallery item", §4 "Gallery
 * lightbox"): every field defaulted (`parse({})` works), visible strings under `messages`.
 */
export const productGallerySettings = z.object({
  /** Zoom on hover over the image (spec §2; never on mobile user agents). */
  zoom: bool(true),
  /** The zoom trigger button opening the fullscreen lightbox (spec §2, §4 Gallery lightbox). */
  lightbox: bool(true),
  /**
   * The first image follows the variation chosen on the page (`$product`, spec §2); turn it off
   * for a gallery of another product on the same page.
   */
  variations: bool(true),
  /** The thumbnails under the image. */
  thumbnails: bool(true),
  /** Visible strings. */
  messages: messagesSchema({
    /** The carousel's name (APG carousel: aria-label of the region). */
    region: 'Product images',
    /** Each slide's label (aria-roledescription "slide"). */
    slide: '{index} of {count}',
    /** Announced politely after a move. */
    position: 'Image {index} of {count}',
    previous: 'Previous image',
    next: 'Next image',
    thumbnails: 'Choose an image',
    thumbnail: 'Show image {index}',
    /** The zoom trigger (WooCommerce's title for it). */
    open: 'View full-screen image gallery',
    /** Spec §8 "Zoom image". */
    zoomLoading: 'Loading image',
    zoomError: 'The image could not be loaded',
    /** Spec §8 "Lightbox image load failure". */
    imageError: 'The image could not be loaded',
    imageErrorNumbered: 'The image #{index} could not be loaded.',
    close: 'Close',
    zoomIn: 'Zoom',
  }),
});

export type ProductGallerySettings = z.infer<typeof productGallerySettings>;
export type ProductGalleryMessages = ProductGallerySettings['messages'];
