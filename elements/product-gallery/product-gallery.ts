import { defineElement } from '../../shared/define-element.tsx';
import {
  ProductGalleryController,
  type ProductGalleryControllerOptions,
} from './product-gallery.controller.ts';
import type { GalleryItem } from './product-gallery.items.ts';
import { type ProductGallerySettings, productGallerySettings } from './product-gallery.settings.ts';
import { styles } from './product-gallery.styles.ts';
import { ProductGallery } from './product-gallery.view.tsx';

/**
 * The product image gallery of a single product page (spec §2 "Single product page", §3 "Gallery
 * item", §4 "Gallery lightbox", §8 lightbox and zoom texts, §9 timings). The images come from
 * WooCommerce's gallery markup printed inside the element (`.woocommerce-product-gallery__image`
 * with `data-thumb`, a link to the large image and an `<img data-large_image
 * data-large_image_width data-large_image_height data-caption alt>`), which is what shows without
 * JavaScript and again if rendering fails. The element makes it an APG carousel: previous/next
 * buttons, arrow keys, thumbnails (aria-current) and a polite "Image N of M"; no auto-rotation.
 * Hovering the image with a mouse zooms into the large image ('Loading image' while it loads,
 * 'The image could not be loaded' for 2500 ms when it fails; never on mobile user agents). The
 * trigger button (or a click on the image) opens a fullscreen PhotoSwipe lightbox, loaded on
 * first use (333 ms animation, controls idle after 4000 ms, spacing 0.12, max zoom 1.33); focus
 * returns to the trigger on close. A variation found by the page's variation form or the
 * swatches (`$product`) swaps the first image and its thumbnail 50 ms later, and a reset restores
 * it. Images without a known size are shown in the lightbox at their natural size.
 *
 * @tagname product-gallery
 * @summary Product image slider with thumbnails, hover zoom and a fullscreen lightbox, following the chosen variation.
 * @attr {string} settings - JSON matching `productGallerySettings`; invalid fields are reported and their defaults used.
 * @attr {boolean} zoom - Zoom on hover ("false" turns it off).
 * @attr {boolean} lightbox - The lightbox trigger ("false" turns it off).
 * @attr {boolean} thumbnails - The thumbnail strip ("false" hides it).
 * @attr {boolean} variations - The first image follows the page's chosen variation ("false" for a gallery of another product).
 * @csspart gallery - The carousel region.
 * @csspart stage - The image area with its buttons.
 * @csspart slide - One image's slide.
 * @csspart image - The image of a slide.
 * @csspart zoom-image - The large image shown on hover.
 * @csspart zoom-status - The zoom's loading or failure text.
 * @csspart lightbox-button - The zoom trigger opening the fullscreen lightbox.
 * @csspart previous-button - Shows the previous image.
 * @csspart next-button - Shows the next image.
 * @csspart thumbnails - The list of thumbnails.
 * @csspart thumbnail - A thumbnail button.
 * @csspart thumbnail--current - The thumbnail of the image shown.
 * @cssproperty [--gap=0.5rem] - Space between the image and the thumbnails, and between thumbnails.
 * @cssproperty [--thumbnail-size=4.5rem] - Width of a thumbnail.
 * @cssproperty [--button-background=rgb(255 255 255 / 0.85)] - Background of the round buttons over the image.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Border of the current thumbnail.
 * @cssproperty [--surface=var(--shop-color-surface, #fff)] - Behind the zoom text and image.
 * @cssproperty [--text-color=var(--shop-color-text, #1e1e24)] - Button icons and the zoom text.
 * @cssproperty [--border-color=var(--shop-color-border, #c8c8c8)] - Button borders.
 * @cssproperty [--danger-color=var(--shop-color-sale, #b3261e)] - The zoom's failure text.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Corner radius of the image and thumbnails.
 */
export class ProductGalleryElement extends defineElement(ProductGallery, {
  tag: 'product-gallery',
  settings: productGallerySettings,
  styles,
  attributes: {
    zoom: { key: 'zoom', type: 'boolean' },
    lightbox: { key: 'lightbox', type: 'boolean' },
    thumbnails: { key: 'thumbnails', type: 'boolean' },
    variations: { key: 'variations', type: 'boolean' },
  },
  controller: ({ host, settings$ }) =>
    new ProductGalleryController({
      ...(host as { environment?: ProductGalleryEnvironment }).environment,
      host,
      settings: settings$,
    }),
}) {
  /**
   * What the controller is made with besides the element and its settings: its clock, the
   * product store, the mobile check, the image loader, the lightbox opener (defaults: the page's).
   * Read once, when the element first connects; for tests and hosts that run time their own way.
   */
  environment: ProductGalleryEnvironment = {};
}

ProductGalleryElement.define();

/** See {@link ProductGalleryElement.environment}. */
export type ProductGalleryEnvironment = Partial<Omit<ProductGalleryControllerOptions, 'host' | 'settings'>>;

export type { GalleryItem, ProductGallerySettings };

declare global {
  interface HTMLElementTagNameMap {
    'product-gallery': ProductGalleryElement;
  }
}
