import { type MapStore, map, type ReadableAtom } from 'nanostores';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { fill } from '../../shared/format/messages.ts';
import type { LightboxOptions, OpenLightbox } from '../../shared/lightbox/photoswipe.ts';
import { logWarning } from '../../shared/log.ts';
import { $product, type ProductImage, type ProductState } from '../../shared/stores/product.ts';
import { type GalleryItem, readItems, variationItem } from './product-gallery.items.ts';
import type { ProductGallerySettings } from './product-gallery.settings.ts';

/** Gallery update delay after a variation change (spec §9 "Option forms": 50 ms). */
export const GALLERY_UPDATE_MS = 50;
/** How long the zoom's failure text stays (spec §8 "Zoom image": 2500 ms). */
export const ZOOM_ERROR_MS = 2500;

/** Mobile user agents get no zoom on hover (spec §2 "Single product page"). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;
export const isMobileAgent = (agent: string = navigator.userAgent): boolean => MOBILE_AGENT.test(agent);

/** The zoom over the image under the pointer. */
export interface ZoomState {
  index: number;
  /** 'loading' shows the loading text, 'error' the failure text (for ZOOM_ERROR_MS). */
  status: 'loading' | 'ready' | 'error';
  /** The large image (with its natural size once loaded). */
  src: string;
  width: number;
  height: number;
  /** Where the pointer is over the image, 0..1 from the left and top. */
  x: number;
  y: number;
}

/** What the view renders. */
export interface ProductGalleryState {
  items: readonly GalleryItem[];
  /** The slide shown. */
  index: number;
  /** The polite live region's text: "Image N of M" after the shopper moved ('' before). */
  status: string;
  zoom: ZoomState | null;
  /** Spec §4 "Gallery lightbox": closed, open (zoomed is PhotoSwipe's own). */
  lightbox: 'closed' | 'opening' | 'open';
}

export interface ProductGalleryControllerOptions {
  /** The element (its light DOM holds WooCommerce's gallery markup). */
  host: HTMLElement;
  /** The element's settings (`host.settings$`, or an atom in a test). */
  settings: ReadableAtom<ProductGallerySettings>;
  /** Time and timers (default: the page's `pageClock`). */
  clock?: Clock;
  /** The product store (default `$product`); its image swaps the first item. */
  product?: ReadableAtom<ProductState>;
  /** Whether the browser is a mobile user agent (default: reads navigator.userAgent). */
  isMobile?(): boolean;
  /** Loads an image and gives its natural size (default: an `Image`, naturalWidth/Height). */
  loadImage?(src: string): Promise<{ width: number; height: number }>;
  /** Opens the lightbox (default: shared/lightbox/photoswipe.ts, imported when first opened). */
  openLightbox?(options: LightboxOptions): Promise<OpenLightbox>;
  /** Whether the shopper asked for reduced motion (default: the media query); the lightbox does not animate then. */
  reducedMotion?(): boolean;
}

/** Loads `src` in an Image and reads its natural size (spec: images without known size). */
export function loadNaturalSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      image.naturalWidth > 0
        ? resolve({ width: image.naturalWidth, height: image.naturalHeight })
        : reject(new Error(`no size: ${src}`));
    image.onerror = () => reject(new Error(`not loaded: ${src}`));
    image.src = src;
  });
}

/** The shared lightbox (shared/lightbox/photoswipe.ts), its own lazy chunk, loaded on first use. */
const photoSwipe = async (options: LightboxOptions): Promise<OpenLightbox> =>
  (await import('../../shared/lightbox/photoswipe.ts')).openPhotoSwipe(options);

const sameImage = (a: ProductImage | null, b: ProductImage | null) =>
  a === b || (a !== null && b !== null && a.src === b.src && a.fullSrc === b.fullSrc && a.alt === b.alt);

/**
 * The behaviour of `<product-gallery>`, without React: the slide shown, the zoom, the lightbox,
 * and the first image following the chosen variation (spec §9: 50 ms later). The element creates
 * it once, so a moved or re-inserted gallery keeps its slide and variation image; `connect()`
 * listens to the product while the gallery is on the page and returns the stop, which also drops
 * a waiting update (asked for again on the next connection), the zoom and an open lightbox.
 */
export class ProductGalleryController {
  readonly #state: MapStore<ProductGalleryState>;
  readonly #host: HTMLElement;
  readonly #settings: ReadableAtom<ProductGallerySettings>;
  readonly #clock: Clock;
  readonly #product: ReadableAtom<ProductState>;
  readonly #isMobile: () => boolean;
  readonly #loadImage: (src: string) => Promise<{ width: number; height: number }>;
  readonly #openLightbox: (options: LightboxOptions) => Promise<OpenLightbox>;
  readonly #reducedMotion: () => boolean;
  /** The first item as the page printed it, restored by a reset. */
  #original: GalleryItem | undefined;
  /** The variation image asked for, and the one on show (they differ while an update waits). */
  #image: ProductImage | null = null;
  #shown: ProductImage | null = null;
  #disconnect: (() => void) | undefined;
  #updateTimer: unknown;
  #zoomTimer: unknown;
  #zoomToken = 0;
  #lightbox: Promise<void> | null = null;
  #openBox: OpenLightbox | null = null;
  readonly #sizes = new Map<string, { width: number; height: number }>();

  constructor(options: ProductGalleryControllerOptions) {
    this.#host = options.host;
    this.#settings = options.settings;
    this.#clock = options.clock ?? pageClock;
    this.#product = options.product ?? $product;
    this.#isMobile = options.isMobile ?? (() => isMobileAgent());
    this.#loadImage = options.loadImage ?? loadNaturalSize;
    this.#openLightbox = options.openLightbox ?? photoSwipe;
    this.#reducedMotion =
      options.reducedMotion ?? (() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    this.#state = map<ProductGalleryState>({
      items: readItems(this.#host),
      index: 0,
      status: '',
      zoom: null,
      lightbox: 'closed',
    });
    this.#original = this.#items()[0];
  }

  /** The state the view renders. */
  get $state(): ReadableAtom<ProductGalleryState> {
    return this.#state;
  }

  /** Starts listening to the product; returns the stop (a second call while connected returns the same stop). */
  connect(): () => void {
    if (this.#disconnect) return this.#disconnect;
    if (this.#items().length === 0) {
      this.#state.setKey('items', readItems(this.#host));
      this.#original = this.#items()[0];
    }
    const unlisten = this.#product.listen((next) => this.#onProduct(next));
    const stop = () => {
      if (this.#disconnect !== stop) return;
      this.#disconnect = undefined;
      unlisten();
      // An update that had to wait is asked for again on reconnect.
      this.#clock.clearTimeout(this.#updateTimer);
      this.#image = this.#shown;
      this.#clearZoom();
      this.#openBox?.close();
    };
    this.#disconnect = stop;
    // A variation chosen before the gallery connected (`listen` has mounted the store).
    const current = this.#product.value;
    if (current) this.#onProduct(current);
    return stop;
  }

  /** Shows slide `index` (wrapping); `announce` puts "Image N of M" in the live region. */
  goTo(index: number, announce = true): void {
    const count = this.#items().length;
    if (count === 0) return;
    const next = ((index % count) + count) % count;
    if (this.#state.get().zoom) this.#clearZoom();
    this.#state.setKey('index', next);
    if (announce) {
      this.#state.setKey('status', fill(this.#settings.get().messages.position, { index: next + 1, count }));
    }
  }

  next(): void {
    this.goTo(this.#state.get().index + 1);
  }

  previous(): void {
    this.goTo(this.#state.get().index - 1);
  }

  /** Whether hovering zooms now (setting on, not a mobile user agent). */
  zoomAllowed(): boolean {
    return this.#settings.get().zoom && !this.#isMobile();
  }

  /** The pointer entered slide `index`: loads its large image. */
  zoomStart(index: number): void {
    const item = this.#items()[index];
    const current = this.#state.get().zoom;
    if (!item || !this.zoomAllowed() || current?.status === 'error') return;
    if (current?.index === index && current.src === item.src) return;
    this.#clearZoom();
    const token = this.#zoomToken;
    this.#state.setKey('zoom', {
      index,
      status: 'loading',
      src: item.src,
      width: 0,
      height: 0,
      x: 0.5,
      y: 0.5,
    });
    this.#loadImage(item.src).then(
      (size) => {
        this.#sizes.set(item.src, size);
        const zoom = this.#state.get().zoom;
        if (token === this.#zoomToken && zoom)
          this.#state.setKey('zoom', { ...zoom, status: 'ready', width: size.width, height: size.height });
      },
      () => {
        const zoom = this.#state.get().zoom;
        if (token !== this.#zoomToken || !zoom) return;
        // Spec §8 "Zoom image": the failure text for 2500 ms.
        this.#state.setKey('zoom', { ...zoom, status: 'error' });
        this.#zoomTimer = this.#clock.setTimeout(() => this.#clearZoom(), ZOOM_ERROR_MS);
      },
    );
  }

  /** The pointer moved over the image (fractions of its width and height). */
  zoomMove(x: number, y: number): void {
    const zoom = this.#state.get().zoom;
    if (!zoom || zoom.status === 'error') return;
    const clamp = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);
    this.#state.setKey('zoom', { ...zoom, x: clamp(x), y: clamp(y) });
  }

  /** The pointer left (a failure text stays its 2500 ms). */
  zoomEnd(): void {
    if (this.#state.get().zoom?.status === 'error') return;
    this.#clearZoom();
  }

  /** Opens the lightbox at the current slide; focus goes back to `opener` on close. Never twice. */
  openLightbox(opener: HTMLElement | null): Promise<void> {
    this.#lightbox ??= this.#runLightbox(opener).finally(() => {
      this.#openBox = null;
      this.#lightbox = null;
      this.#state.setKey('lightbox', 'closed');
    });
    return this.#lightbox;
  }

  async #runLightbox(opener: HTMLElement | null): Promise<void> {
    this.#state.setKey('lightbox', 'opening');
    this.#clearZoom();
    try {
      // Images without a known size are shown at their natural size (read after loading); the
      // slides are made by a lazy chunk of their own and PhotoSwipe is fetched meanwhile, all at
      // once, so the first opening waits for one round trip, not three in a row.
      const [{ lightboxSlides }] = await Promise.all([
        import('./product-gallery.lightbox.ts'),
        Promise.allSettled(this.#items().map((item) => this.#measure(item))),
        import('../../shared/lightbox/photoswipe.ts').catch(() => null),
      ]);
      const box = await this.#openLightbox({
        ...lightboxSlides(this.#items(), this.#sizes, this.#settings.get().messages),
        index: this.#state.get().index,
        opener,
        clock: this.#clock,
        reducedMotion: this.#reducedMotion(),
        // The slider follows the lightbox, quietly (the lightbox says where it is).
        onChange: (index) => this.goTo(index, false),
      });
      this.#openBox = box;
      // Disconnected while it was loading: no lightbox over a page without its gallery.
      if (!this.#disconnect) box.close();
      else this.#state.setKey('lightbox', 'open');
      await box.closed;
    } catch (error) {
      logWarning('product-gallery', 'the lightbox could not open', error);
    }
  }

  #items() {
    return this.#state.get().items;
  }

  /** Known sizes fill items that had none. */
  #withSizes(list: readonly GalleryItem[]) {
    return list.map((item) => {
      const size = item.w && item.h ? null : this.#sizes.get(item.src);
      return size ? { ...item, w: size.width, h: size.height } : item;
    });
  }

  /** Reads the natural size of `item`'s large image when its size is unknown. */
  async #measure(item: GalleryItem): Promise<void> {
    if ((item.w && item.h) || this.#sizes.has(item.src)) return;
    const size = await this.#loadImage(item.src);
    this.#sizes.set(item.src, size);
    this.#state.setKey('items', this.#withSizes(this.#items()));
  }

  #onProduct(next: ProductState) {
    if (!this.#settings.get().variations || sameImage(next.image, this.#image)) return;
    this.#image = next.image;
    this.#clock.clearTimeout(this.#updateTimer);
    this.#updateTimer = this.#clock.setTimeout(() => this.#update(), GALLERY_UPDATE_MS);
  }

  /** Swaps the first item for the variation's image, or restores it (WooCommerce's wc_variations_image_update). */
  #update() {
    this.#shown = this.#image;
    if (!this.#original) return;
    const first = (this.#image && variationItem(this.#image)) || this.#original;
    const list = [first, ...this.#items().slice(1)];
    if (this.#state.get().zoom?.index === 0) this.zoomEnd();
    this.#state.set({ ...this.#state.get(), items: this.#withSizes(list), index: 0 });
    if (first !== this.#original) this.#measure(first).catch(() => {});
  }

  #clearZoom() {
    this.#zoomToken += 1;
    this.#clock.clearTimeout(this.#zoomTimer);
    this.#state.setKey('zoom', null);
  }
}
