import type { ProductImage } from '../../shared/stores/product.ts';
import { safeUrl } from '../../shared/url.ts';

/**
 * A gallery item (spec §3 "Gallery item": alt, src of the large image, w, h, title or caption),
 * plus what the slider shows: the image on the page and its thumbnail.
 */
export interface GalleryItem {
  /** The large image (WooCommerce's `data-large_image`, the link's href): zoom and lightbox. */
  src: string;
  /** Its size in px; 0 when unknown (then the natural size is read once it has loaded). */
  w: number;
  h: number;
  alt: string;
  /** `data-caption`, else `title` (spec §3 "title or caption"). */
  title: string;
  /** The image shown in the slider (the single-product size). */
  display: string;
  /** The thumbnail (`data-thumb` on the item, else the display image). */
  thumb: string;
}

/** WooCommerce's gallery item (single-product/product-image.php). */
export const ITEM_SELECTOR = '.woocommerce-product-gallery__image';

const size = (value: string | null | undefined): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 && n < 100_000 ? n : 0;
};

/**
 * Reads one `.woocommerce-product-gallery__image`: `<div data-thumb><a href=large><img
 * data-large_image data-large_image_width data-large_image_height alt data-caption title
 * src></a></div>`, the way WooCommerce's single-product.js builds its PhotoSwipe items. Only
 * http(s) URLs are kept (safeUrl); an item without any usable image is skipped.
 */
export function readItem(node: Element): GalleryItem | null {
  const img = node.querySelector('img');
  const link = node.querySelector('a[href]');
  const display = safeUrl(img?.getAttribute('src'));
  const src =
    safeUrl(img?.getAttribute('data-large_image')) ??
    safeUrl(img?.getAttribute('data-src')) ??
    safeUrl(link?.getAttribute('href')) ??
    display;
  if (!src) return null;
  const known = img?.hasAttribute('data-large_image');
  return {
    src,
    w: known ? size(img?.getAttribute('data-large_image_width')) : 0,
    h: known ? size(img?.getAttribute('data-large_image_height')) : 0,
    alt: img?.getAttribute('alt') ?? '',
    title: img?.getAttribute('data-caption') || img?.getAttribute('title') || '',
    display: display ?? src,
    thumb: safeUrl(node.getAttribute('data-thumb')) ?? display ?? src,
  };
}

/** Every gallery item printed in `root` (the element's light DOM), in order. */
export function readItems(root: ParentNode): GalleryItem[] {
  return [...root.querySelectorAll(ITEM_SELECTOR)].map(readItem).filter((item) => item !== null);
}

/**
 * The item a variation's image makes of the first one (WooCommerce's wc_variations_image_update:
 * src, alt, the full image as the large one, and the first thumbnail its `gallery_thumbnail_src`,
 * the small size, not the single-product one). Its size is not in `$product`, so it is read from
 * the image once loaded; the caption is the alt text, as the variation carries no other.
 */
export function variationItem(image: ProductImage): GalleryItem | null {
  const display = safeUrl(image.src);
  const src = safeUrl(image.fullSrc) ?? display;
  if (!src) return null;
  const thumb = safeUrl(image.thumbSrc) ?? display ?? src;
  return { src, w: 0, h: 0, alt: image.alt, title: '', display: display ?? src, thumb };
}
