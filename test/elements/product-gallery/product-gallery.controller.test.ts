import { expect, waitUntil } from '@open-wc/testing';
import { atom, map } from 'nanostores';
import {
  GALLERY_UPDATE_MS,
  isMobileAgent,
  loadNaturalSize,
  ProductGalleryController,
  type ProductGalleryControllerOptions,
  ZOOM_ERROR_MS,
} from '../../../elements/product-gallery/product-gallery.controller.ts';
import { readItems } from '../../../elements/product-gallery/product-gallery.items.ts';
import { productGallerySettings } from '../../../elements/product-gallery/product-gallery.settings.ts';
import type { LightboxOptions, OpenLightbox } from '../../../shared/lightbox/photoswipe.ts';
import {
  EMPTY_PRODUCT,
  type ProductImage,
  type ProductState,
  variationToProduct,
} from '../../../shared/stores/product.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { gallery, galleryItem, THREE } from './markup.ts';

const VARIATION: ProductImage = {
  src: '/shop-images/wool-scarf.svg',
  srcset: '',
  alt: 'Red',
  fullSrc: '/shop-images/wool-scarf.svg',
};

function hostWith(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host;
}

/** A controller over THREE with a fake clock, a product atom and test doubles. */
function setup(overrides: Partial<ProductGalleryControllerOptions> = {}, markup = THREE) {
  const clock = fakeClock();
  const product = map<ProductState>({ ...EMPTY_PRODUCT });
  const opened: LightboxOptions[] = [];
  let closeBox: () => void = () => {};
  const controller = new ProductGalleryController({
    host: hostWith(markup),
    settings: atom(productGallerySettings.parse({})),
    clock,
    product,
    isMobile: () => false,
    loadImage: async () => ({ width: 640, height: 480 }),
    openLightbox: async (options): Promise<OpenLightbox> => {
      opened.push(options);
      const closed = new Promise<void>((resolve) => {
        closeBox = resolve;
      });
      return { closed, close: () => closeBox() };
    },
    ...overrides,
  });
  return { controller, clock, product, opened, close: () => closeBox() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('product-gallery controller', () => {
  describe('reading WooCommerce markup', () => {
    it('reads alt, the large src, its size, the caption (else title) and the thumbnail', () => {
      const items = readItems(
        hostWith(
          gallery(
            galleryItem('beanie', { alt: 'Front', caption: 'A caption', title: 'A title' }),
            galleryItem('cap', {
              alt: 'Side',
              title: 'Only a title',
              large: '/shop-images/cap-2.svg',
              size: false,
            }),
          ),
        ),
      );
      expect(items).to.have.length(2);
      expect(items[0]).to.deep.include({ alt: 'Front', w: 800, h: 800, title: 'A caption' });
      expect(items[0].src).to.match(/\/shop-images\/beanie\.svg$/);
      expect(items[0].thumb).to.match(/\/shop-images\/beanie-thumb\.svg$/);
      expect(items[1]).to.deep.include({ alt: 'Side', w: 0, h: 0, title: 'Only a title' });
      expect(items[1].src).to.match(/cap-2\.svg$/);
      expect(items[1].display).to.match(/cap\.svg$/);
    });

    it('skips items whose image URLs are not http(s)', () => {
      const items = readItems(hostWith(gallery(galleryItem('beanie', { large: 'javascript:alert(1)' }))));
      // The link and data-large_image are unsafe: the displayed image stands in as the large one.
      expect(items[0].src).to.match(/beanie\.svg$/);
      const none = readItems(
        hostWith(
          '<div class="woocommerce-product-gallery__image"><a href="javascript:x"><img src="data:,x"></a></div>',
        ),
      );
      expect(none).to.deep.equal([]);
    });
  });

  describe('slides', () => {
    it('moves with wrap-around and says "Image N of M" only after a move', () => {
      const { controller } = setup();
      expect(controller.$state.get()).to.deep.include({ index: 0, status: '' });
      controller.previous();
      expect(controller.$state.get()).to.deep.include({ index: 2, status: 'Image 3 of 3' });
      controller.next();
      expect(controller.$state.get()).to.deep.include({ index: 0, status: 'Image 1 of 3' });
      controller.goTo(1, false);
      expect(controller.$state.get()).to.deep.include({ index: 1, status: 'Image 1 of 3' });
    });
  });

  describe('variations', () => {
    it('swaps the first image 50 ms after the variation is found, and a reset restores it', () => {
      const { controller, clock, product } = setup();
      controller.connect();
      controller.goTo(2);
      const original = controller.$state.get().items[0];
      product.setKey('image', VARIATION);
      clock.tick(GALLERY_UPDATE_MS - 1);
      expect(controller.$state.get().items[0]).to.equal(original);
      clock.tick(1);
      const swapped = controller.$state.get();
      expect(swapped.items[0].src).to.match(/wool-scarf\.svg$/);
      expect(swapped.items[0].thumb).to.match(/wool-scarf\.svg$/);
      expect(swapped.items[0].alt).to.equal('Red');
      expect(swapped.items[1]).to.equal(controller.$state.get().items[1]);
      expect(swapped.index, 'back to the first slide').to.equal(0);
      product.setKey('image', null);
      clock.tick(GALLERY_UPDATE_MS);
      expect(controller.$state.get().items[0]).to.equal(original);
    });

    it("gives the first thumbnail the variation's gallery_thumbnail_src, not its single-product image", () => {
      const { controller, clock, product } = setup();
      controller.connect();
      // found_variation's image as WooCommerce's get_variation JSON carries it.
      const { image } = variationToProduct({
        variation_id: 20104,
        image: {
          src: '/shop-images/hoodie.svg',
          srcset: '',
          alt: 'Red',
          full_src: '/shop-images/hoodie-2.svg',
          gallery_thumbnail_src: '/shop-images/hoodie-thumb.svg',
          gallery_thumbnail_src_w: 100,
          gallery_thumbnail_src_h: 100,
        },
      });
      product.setKey('image', image ?? null);
      clock.tick(GALLERY_UPDATE_MS);
      const [first] = controller.$state.get().items;
      expect(first.thumb).to.match(/\/shop-images\/hoodie-thumb\.svg$/);
      expect(first.display).to.match(/\/shop-images\/hoodie\.svg$/);
      expect(first.src).to.match(/\/shop-images\/hoodie-2\.svg$/);
    });

    it('ignores product changes that leave the image as it was', () => {
      const { controller, clock, product } = setup();
      controller.connect();
      product.setKey('price', 12);
      expect(clock.pending).to.equal(0);
      product.setKey('image', VARIATION);
      clock.tick(GALLERY_UPDATE_MS);
      product.setKey('image', { ...VARIATION });
      expect(clock.pending).to.equal(0);
    });

    it('keeps its images when told not to follow variations', () => {
      const { controller, clock, product } = setup({
        settings: atom(productGallerySettings.parse({ variations: false })),
      });
      controller.connect();
      product.setKey('image', VARIATION);
      clock.tick(GALLERY_UPDATE_MS);
      expect(controller.$state.get().items[0].src).to.match(/beanie\.svg$/);
    });

    it('applies a variation chosen before it connected', () => {
      const { controller, clock, product } = setup();
      product.setKey('image', VARIATION);
      controller.connect();
      clock.tick(GALLERY_UPDATE_MS);
      expect(controller.$state.get().items[0].src).to.match(/wool-scarf\.svg$/);
    });
  });

  describe('zoom', () => {
    it('is off on mobile user agents and when the setting is off', () => {
      const mobile = setup({ isMobile: () => true }).controller;
      expect(mobile.zoomAllowed()).to.equal(false);
      mobile.zoomStart(0);
      expect(mobile.$state.get().zoom).to.equal(null);
      const off = setup({ settings: atom(productGallerySettings.parse({ zoom: false })) }).controller;
      expect(off.zoomAllowed()).to.equal(false);
      expect(setup().controller.zoomAllowed()).to.equal(true);
    });

    it('recognises mobile user agents', () => {
      expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).to.equal(
        true,
      );
      expect(
        isMobileAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36'),
      ).to.equal(true);
      expect(
        isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36'),
      ).to.equal(false);
    });

    it('is loading, then ready with the natural size, and follows the pointer', async () => {
      const { controller } = setup();
      controller.zoomStart(1);
      expect(controller.$state.get().zoom).to.deep.include({ index: 1, status: 'loading' });
      await tick();
      expect(controller.$state.get().zoom).to.deep.include({ status: 'ready', width: 640, height: 480 });
      controller.zoomMove(0.25, 2);
      expect(controller.$state.get().zoom).to.deep.include({ x: 0.25, y: 1 });
      controller.zoomEnd();
      expect(controller.$state.get().zoom).to.equal(null);
    });

    it('shows the failure for 2500 ms, even after the pointer left', async () => {
      const { controller, clock } = setup({ loadImage: () => Promise.reject(new Error('404')) });
      controller.zoomStart(0);
      await tick();
      expect(controller.$state.get().zoom?.status).to.equal('error');
      controller.zoomEnd();
      clock.tick(ZOOM_ERROR_MS - 1);
      expect(controller.$state.get().zoom?.status).to.equal('error');
      clock.tick(1);
      expect(controller.$state.get().zoom).to.equal(null);
    });
  });

  describe('lightbox', () => {
    it('opens once at the current slide with the texts of spec §8, and is closed again', async () => {
      const { controller, opened, close } = setup();
      controller.connect();
      controller.goTo(1);
      const first = controller.openLightbox(null);
      const second = controller.openLightbox(null);
      expect(second).to.equal(first);
      // Opens once its lazy chunks are in (the slides' chunk is fetched on the first opening).
      await waitUntil(() => opened.length > 0, 'the lightbox opened');
      await tick();
      expect(opened).to.have.length(1);
      expect(opened[0].index).to.equal(1);
      expect(opened[0].texts.imageError).to.equal('The image could not be loaded');
      expect(opened[0].texts.imageErrorNumbered).to.equal('The image #{index} could not be loaded.');
      expect(opened[0].slides.map((s) => s.caption)).to.deep.equal(['Knitted beanie', '', '']);
      expect(controller.$state.get().lightbox).to.equal('open');
      close();
      await first;
      expect(controller.$state.get().lightbox).to.equal('closed');
    });

    it('opens without animation when the shopper asked for reduced motion', async () => {
      for (const reduced of [true, false]) {
        const { controller, opened, close } = setup({ reducedMotion: () => reduced });
        controller.connect();
        const done = controller.openLightbox(null);
        await waitUntil(() => opened.length > 0, 'the lightbox opened');
        expect(opened[0].reducedMotion).to.equal(reduced);
        close();
        await done;
      }
    });

    it('gives images without a known size their natural size (read after loading)', async () => {
      const markup = gallery(galleryItem('beanie', { size: false }), galleryItem('cap'));
      const { controller, opened, close } = setup({ loadImage: loadNaturalSize }, markup);
      controller.connect();
      const done = controller.openLightbox(null);
      for (let i = 0; i < 100 && opened.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(opened[0].slides.map((s) => [s.width, s.height])).to.deep.equal([
        [800, 800],
        [800, 800],
      ]);
      close();
      await done;
    });

    it('closes the lightbox when the gallery disconnects', async () => {
      const { controller } = setup();
      const stop = controller.connect();
      const done = controller.openLightbox(null);
      await tick();
      await tick();
      stop();
      await done;
      expect(controller.$state.get().lightbox).to.equal('closed');
    });
  });

  describe('init and destroy', () => {
    it('connect and its stop are idempotent: one product listener at most', () => {
      const { controller, product } = setup();
      const stop = controller.connect();
      expect(controller.connect(), 'connected already: the same stop').to.equal(stop);
      expect(product.lc).to.equal(1);
      stop();
      stop();
      expect(product.lc).to.equal(0);
      const again = controller.connect();
      expect(product.lc).to.equal(1);
      stop(); // a stale stop leaves the new connection alone
      expect(product.lc).to.equal(1);
      again();
      expect(product.lc).to.equal(0);
    });

    it('drops a pending update on disconnect, and makes it on reconnect', () => {
      const { controller, clock, product } = setup();
      const stop = controller.connect();
      product.setKey('image', VARIATION);
      stop();
      expect(clock.pending).to.equal(0);
      controller.connect();
      clock.tick(GALLERY_UPDATE_MS);
      expect(controller.$state.get().items[0].src).to.match(/wool-scarf\.svg$/);
    });
  });
});
