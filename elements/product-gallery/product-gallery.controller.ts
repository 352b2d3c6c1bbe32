import { map, type ReadableAtom } from 'nanostores';
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

/** The behaviour of `<product-gallery>`, without React. */
export interface ProductGalleryController {
  readonly $state: ReadableAtom<ProductGalleryState>;
  /** Starts listening to the product (idempotent: a second call does nothing). */
  connect(): void;
  /** Stops timers and listeners and closes the lightbox (idempotent); state stays for a reconnect. */
  disconnect(): void;
  /** Shows slide `index` (wrapping); `announce` puts "Image N of M" in the live region. */
  goTo(index: number, announce?: boolean): void;
  next(): void;
  previous(): void;
  /** Whether hovering zooms now (setting on, not a mobile user agent). */
  zoomAllowed(): boolean;
  /** The pointer entered slide `index`: loads its large image. */
  zoomStart(index: number): void;
  /** The pointer moved over the image (fractions of its width and height). */
  zoomMove(x: number, y: number): void;
  /** The pointer left (a failure text stays its 2500 ms). */
  zoomEnd(): void;
  /** Opens the lightbox at the current slide; focus goes back to `opener` on close. Never twice. */
  openLightbox(opener: HTMLElement | null): Promise<void>;
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

async function photoSwipe(options: LightboxOptions): Promise<OpenLightbox> {
  const { openPhotoSwipe } = await import('../../shared/lightbox/photoswipe.ts');
  return openPhotoSwipe(options);
}

const sameImage = (a: ProductImage | null, b: ProductImage | null) =>
  a === b || (a !== null && b !== null && a.src === b.src && a.fullSrc === b.fullSrc && a.alt === b.alt);

const controllers = new WeakMap<HTMLElement, ProductGalleryController>();

/**
 * The controller of `host`, created on first use and kept for the element's life, so a moved or
 * re-inserted gallery keeps its slide and variation image and never has two sets of listeners.
 */
export function productGalleryControllerFor(
  options: ProductGalleryControllerOptions,
): ProductGalleryController {
  let controller = controllers.get(options.host);
  if (!controller) {
    controller = createProductGalleryController(options);
    controllers.set(options.host, controller);
  }
  return controller;
}

/** Creates a controller; the element uses {@link productGalleryControllerFor}. */
export function createProductGalleryController({
  host,
  settings,
  clock = pageClock,
  product = $product,
  isMobile = () => isMobileAgent(),
  loadImage = loadNaturalSize,
  openLightbox = photoSwipe,
  reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
}: ProductGalleryControllerOptions): ProductGalleryController {
  const $state = map<ProductGalleryState>({
    items: readItems(host),
    index: 0,
    status: '',
    zoom: null,
    lightbox: 'closed',
  });
  /** The first item as the page printed it, restored by a reset. */
  let original: GalleryItem | undefined = $state.get().items[0];
  /** The variation image asked for, and the one on show (they differ while an update waits). */
  let image: ProductImage | null = null;
  let shown: ProductImage | null = null;
  let unlisten: (() => void) | null = null;
  let updateTimer: unknown;
  let zoomTimer: unknown;
  let zoomToken = 0;
  let lightbox: Promise<void> | null = null;
  let openBox: OpenLightbox | null = null;
  const sizes = new Map<string, { width: number; height: number }>();

  const items = () => $state.get().items;

  /** Known sizes fill items that had none. */
  const withSizes = (list: readonly GalleryItem[]) =>
    list.map((item) => {
      const size = item.w && item.h ? null : sizes.get(item.src);
      return size ? { ...item, w: size.width, h: size.height } : item;
    });

  /** Reads the natural size of `item`'s large image when its size is unknown. */
  const measure = async (item: GalleryItem): Promise<void> => {
    if ((item.w && item.h) || sizes.has(item.src)) return;
    const size = await loadImage(item.src);
    sizes.set(item.src, size);
    $state.setKey('items', withSizes(items()));
  };

  /** Swaps the first item for the variation's image, or restores it (WooCommerce's wc_variations_image_update). */
  const update = () => {
    shown = image;
    if (!original) return;
    const first = (image && variationItem(image)) || original;
    const list = [first, ...items().slice(1)];
    if ($state.get().zoom?.index === 0) controller.zoomEnd();
    $state.set({ ...$state.get(), items: withSizes(list), index: 0 });
    if (first !== original) measure(first).catch(() => {});
  };

  const onProduct = (next: ProductState) => {
    if (!settings.get().variations || sameImage(next.image, image)) return;
    image = next.image;
    clock.clearTimeout(updateTimer);
    updateTimer = clock.setTimeout(update, GALLERY_UPDATE_MS);
  };

  const clearZoom = () => {
    zoomToken += 1;
    clock.clearTimeout(zoomTimer);
    $state.setKey('zoom', null);
  };

  const controller: ProductGalleryController = {
    $state,
    connect() {
      if (unlisten) return;
      if (items().length === 0) {
        $state.setKey('items', readItems(host));
        original = items()[0];
      }
      unlisten = product.listen(onProduct);
      // A variation chosen before the gallery connected (`listen` has mounted the store).
      const current = product.value;
      if (current) onProduct(current);
    },
    disconnect() {
      unlisten?.();
      unlisten = null;
      // An update that had to wait is asked for again on reconnect.
      clock.clearTimeout(updateTimer);
      image = shown;
      clearZoom();
      openBox?.close();
    },
    goTo(index, announce = true) {
      const count = items().length;
      if (count === 0) return;
      const next = ((index % count) + count) % count;
      if ($state.get().zoom) clearZoom();
      $state.setKey('index', next);
      if (announce) {
        $state.setKey('status', fill(settings.get().messages.position, { index: next + 1, count }));
      }
    },
    next() {
      controller.goTo($state.get().index + 1);
    },
    previous() {
      controller.goTo($state.get().index - 1);
    },
    zoomAllowed() {
      return settings.get().zoom && !isMobile();
    },
    zoomStart(index) {
      const item = items()[index];
      const current = $state.get().zoom;
      if (!item || !controller.zoomAllowed() || current?.status === 'error') return;
      if (current?.index === index && current.src === item.src) return;
      clearZoom();
      const token = zoomToken;
      $state.setKey('zoom', { index, status: 'loading', src: item.src, width: 0, height: 0, x: 0.5, y: 0.5 });
      loadImage(item.src).then(
        (size) => {
          sizes.set(item.src, size);
          if (token !== zoomToken) return;
          const zoom = $state.get().zoom;
          if (zoom)
            $state.setKey('zoom', { ...zoom, status: 'ready', width: size.width, height: size.height });
        },
        () => {
          if (token !== zoomToken) return;
          const zoom = $state.get().zoom;
          if (!zoom) return;
          // Spec §8 "Zoom image": the failure text for 2500 ms.
          $state.setKey('zoom', { ...zoom, status: 'error' });
          zoomTimer = clock.setTimeout(clearZoom, ZOOM_ERROR_MS);
        },
      );
    },
    zoomMove(x, y) {
      const zoom = $state.get().zoom;
      if (!zoom || zoom.status === 'error') return;
      const clamp = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);
      $state.setKey('zoom', { ...zoom, x: clamp(x), y: clamp(y) });
    },
    zoomEnd() {
      if ($state.get().zoom?.status === 'error') return;
      clearZoom();
    },
    openLightbox(opener) {
      if (lightbox) return lightbox;
      const run = async () => {
        $state.setKey('lightbox', 'opening');
        clearZoom();
        try {
          // Images without a known size are shown at their natural size (read after loading).
          await Promise.allSettled(items().map(measure));
          const { messages } = settings.get();
          const list = items();
          const box = await openLightbox({
            slides: list.map((item, n) => ({
              src: item.src,
              width: item.w || sizes.get(item.src)?.width || 0,
              height: item.h || sizes.get(item.src)?.height || 0,
              alt: item.alt || fill(messages.slide, { index: n + 1, count: list.length }),
              caption: item.title,
              thumb: item.thumb,
            })),
            index: $state.get().index,
            opener,
            clock,
            reducedMotion: reducedMotion(),
            texts: {
              imageError: messages.imageError,
              imageErrorNumbered: messages.imageErrorNumbered,
              close: messages.close,
              zoom: messages.zoomIn,
              previous: messages.previous,
              next: messages.next,
            },
            // The slider follows the lightbox, quietly (the lightbox says where it is).
            onChange: (index) => controller.goTo(index, false),
          });
          openBox = box;
          // Disconnected while it was loading: no lightbox over a page without its gallery.
          if (!unlisten) box.close();
          else $state.setKey('lightbox', 'open');
          await box.closed;
        } catch (error) {
          logWarning('product-gallery', 'the lightbox could not open', error);
        } finally {
          openBox = null;
          lightbox = null;
          $state.setKey('lightbox', 'closed');
        }
      };
      lightbox = run();
      return lightbox;
    },
  };
  return controller;
}
