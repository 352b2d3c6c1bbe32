import { atom, type ReadableAtom } from 'nanostores';
import type { ProductGallerySettings } from './product-gallery.settings.ts';

/** What the view renders. */
export interface ProductGalleryState {
  /** How often the button was pressed (at most `settings.max`). */
  count: number;
}

/** The behaviour of `<product-gallery>`, without React. */
export interface ProductGalleryController {
  /** The state the view subscribes to. */
  readonly $state: ReadableAtom<ProductGalleryState>;
  /** Intent: the shopper pressed the button. */
  press(): void;
  /** Stops what the controller started (timers, listeners, requests). */
  dispose(): void;
}

export interface ProductGalleryControllerOptions {
  /** The element's settings (`host.settings$`, or an atom in a test). */
  settings: ReadableAtom<Pick<ProductGallerySettings, 'max'>>;
}

/**
 * Creates the controller. When it needs time, storage or the shop, take them as options with
 * the page's as defaults (see shop-mini-cart.controller.ts: `clock`, `cart`), so tests can
 * pass a fake clock, `memoryStorage()` or a test double.
 */
export function createProductGalleryController({
  settings,
}: ProductGalleryControllerOptions): ProductGalleryController {
  const $state = atom<ProductGalleryState>({ count: 0 });
  return {
    $state,
    press() {
      const { count } = $state.get();
      if (count < settings.get().max) $state.set({ count: count + 1 });
    },
    dispose() {},
  };
}
