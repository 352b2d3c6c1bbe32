/** WooCommerce's gallery markup (single-product/product-image.php) for the product-gallery tests. */
export interface ItemOptions {
  /** The large image (default: the demo shop's generated image of `slug`). */
  large?: string;
  alt?: string;
  caption?: string;
  title?: string;
  /** Print data-large_image_width/height (800, the demo shop's size). */
  size?: boolean;
}

export function galleryItem(slug: string, options: ItemOptions = {}): string {
  const large = options.large ?? `/shop-images/${slug}.svg`;
  const size = options.size === false ? '' : ' data-large_image_width="800" data-large_image_height="800"';
  return `<div data-thumb="/shop-images/${slug}-thumb.svg" data-thumb-alt="" class="woocommerce-product-gallery__image"><a href="${large}"><img width="600" height="600" src="/shop-images/${slug}.svg" class="wp-post-image" alt="${options.alt ?? slug}" title="${options.title ?? ''}" data-caption="${options.caption ?? ''}" data-src="${large}" data-large_image="${large}"${size}></a></div>`;
}

/** The gallery wrapper WooCommerce prints around the items. */
export function gallery(...items: string[]): string {
  return `<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images images"><div class="woocommerce-product-gallery__wrapper">${items.join('')}</div></div>`;
}

export const THREE = gallery(
  galleryItem('beanie', { alt: 'Beanie, front', caption: 'Knitted beanie' }),
  galleryItem('cap', { alt: 'Cap' }),
  galleryItem('belt', { alt: 'Belt' }),
);
