import { defineElement } from '../../shared/define-element.tsx';
import { productGallerySettings } from './product-gallery.settings.ts';
import { styles } from './product-gallery.styles.ts';
import { ProductGallery } from './product-gallery.view.tsx';

/**
 * Product gallery: say in a paragraph what the shopper sees and does, with the spec section it
 * implements (spec §…). Light-DOM content is the no-JavaScript fallback, shown if rendering fails.
 *
 * @tagname product-gallery
 * @summary Product gallery (one line for the docs).
 * @attr {string} settings - JSON matching `productGallerySettings`; invalid fields are reported and their defaults used.
 * @csspart button - The button.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Button background.
 * @cssproperty [--on-accent=var(--shop-color-accent-text, #fff)] - Button text.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Button corner radius.
 */
export class ProductGalleryElement extends defineElement(ProductGallery, {
  tag: 'product-gallery',
  settings: productGallerySettings,
  styles,
}) {}

ProductGalleryElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'product-gallery': ProductGalleryElement;
  }
}
