import type { MapStore } from 'nanostores';
import type { ProductImage, ProductState } from '../../shared/stores/product.ts';
import { safeUrl } from '../../shared/url.ts';
import type { FieldState } from './engine/types.ts';

/**
 * The product image the option form shows (spec §2 "Option forms", §3 option values
 * `productImage`, §4 "Selecting a variation ... updates price, stock and image. Reset restores the
 * base product", §9 "Gallery update delay 50 ms").
 *
 * An image-group option whose `productImage` is set becomes the product image while it is chosen
 * (and its field visible): `productImage` is the image's URL, or a flag ('1', 'yes', 'true') that
 * means the option's own `image`. It goes into `$product.image`, which the product gallery follows
 * (swapping its first image after its 50 ms update delay), so no element reaches into another.
 * The shopper's latest act wins: choosing a variation shows the variation's image; choosing or
 * clearing an image option after that shows the option's image or puts the variation's back; a
 * variation reset restores the base product (no swapped image). Leaving the page puts back what
 * the page had.
 */
export class ProductImageSwap {
  readonly #product: MapStore<ProductState>;
  /** The image the page (its variation script, our swatches) asked for: restored when no option image is chosen. */
  #base: ProductImage | null = null;
  /** The chosen option's image, if any. */
  #option: ProductImage | null = null;
  /** The image this form last put into the store (to tell its own writes from the page's). */
  #written: ProductImage | null | undefined;
  #stop: (() => void) | undefined;

  constructor(product: MapStore<ProductState>) {
    this.#product = product;
  }

  /** Starts following the page's variation image. */
  connect(): void {
    this.#stop?.();
    this.#base = this.#product.value?.image ?? null;
    this.#written = undefined;
    this.#stop = this.#product.listen((p) => {
      if (p.image === this.#written) return;
      // The page chose (or reset) a variation: its image is the base and it is what shows now.
      this.#written = undefined;
      this.#base = p.image;
    });
    if (this.#option) this.#show(this.#option);
  }

  /** Stops following the page and puts its image back. */
  disconnect(): void {
    this.#stop?.();
    this.#stop = undefined;
    if (this.#written !== undefined) this.#show(this.#base);
    this.#written = undefined;
  }

  /** The form's fields changed: the chosen option's image shows, or the page's image comes back. */
  update(fields: readonly FieldState[], baseUrl: string): void {
    const next = chosenImage(fields, baseUrl);
    if (next?.src === this.#option?.src) return;
    this.#option = next;
    if (this.#stop) this.#show(next ?? this.#base);
  }

  #show(image: ProductImage | null): void {
    if (this.#product.value?.image === image) return;
    this.#written = image;
    this.#product.setKey('image', image);
  }
}

const FLAG = /^(1|yes|true|on)$/i;

/** The image of the last chosen image option (in form order) that swaps the product image. */
export function chosenImage(fields: readonly FieldState[], baseUrl: string): ProductImage | null {
  let found: ProductImage | null = null;
  for (const field of fields) {
    if (field.type !== 'image-group' || field.status !== 'visible') continue;
    for (const option of field.selectedOptions) {
      const flag = option.productImage?.trim() ?? '';
      if (!flag || /^(0|no|false|off)$/i.test(flag)) continue;
      const src = safeUrl(FLAG.test(flag) ? (option.image ?? option.thumb_src ?? '') : flag, baseUrl);
      if (src) found = { src, srcset: '', alt: option.label, fullSrc: src };
    }
  }
  return found;
}
