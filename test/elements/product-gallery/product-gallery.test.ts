import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import {
  GALLERY_UPDATE_MS,
  ZOOM_ERROR_MS,
} from '../../../elements/product-gallery/product-gallery.controller.ts';
import type {
  ProductGalleryElement,
  ProductGalleryEnvironment,
} from '../../../elements/product-gallery/product-gallery.ts';
import '../../../elements/product-gallery/product-gallery.ts';
import { $product, EMPTY_PRODUCT, setVariant } from '../../../shared/stores/product.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors, shadowQuery, untilQuiet } from '../../helpers/elements.ts';
import { gallery, galleryItem, THREE } from './markup.ts';

/**
 * A gallery over `markup`, in a 480 px box; `options` are given to its controller (a fake clock,
 * the user-agent check) before it renders.
 */
async function mount(
  markup = THREE,
  options: ProductGalleryEnvironment = {},
  attributes: Record<string, string> = {},
): Promise<ProductGalleryElement> {
  const el = document.createElement('product-gallery');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.innerHTML = markup;
  el.environment = options;
  const box = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
  box.append(el);
  await shadowQuery(el, '.slide');
  await untilQuiet([el.shadowRoot]);
  return el;
}

const q = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector(selector) as T;
const qa = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  [...el.shadowRoot!.querySelectorAll(selector)] as T[];
const current = (el: Element) => qa(el, '.slide').findIndex((s) => !s.hasAttribute('inert'));
const currentThumb = (el: Element) =>
  qa(el, '.thumbnail').findIndex((t) => t.getAttribute('aria-current') === 'true');

/** Moves the real mouse over the middle of `target`, or off the page's corner. */
async function hover(target: Element | null) {
  if (!target) {
    await sendMouse({ type: 'move', position: [0, 0] });
    return;
  }
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'move',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}

const lightboxOpen = () =>
  waitUntil(() => document.querySelector('.pswp[data-open]'), 'the lightbox did not open', { timeout: 4000 });
const lightboxClosed = () =>
  waitUntil(() => !document.querySelector('.pswp'), 'the lightbox did not close', { timeout: 4000 });

describe('product-gallery', () => {
  afterEach(async () => {
    await hover(null);
    $product.set({ ...EMPTY_PRODUCT });
  });

  describe('rendering', () => {
    it("reads WooCommerce's gallery markup: slides, alt texts, thumbnails, the first one current", async () => {
      const el = await mount();
      const images = qa<HTMLImageElement>(el, '.slide .image');
      expect(images.map((i) => i.alt)).to.deep.equal(['Beanie, front', 'Cap', 'Belt']);
      expect(images[1].src).to.match(/\/shop-images\/cap\.svg$/);
      const thumbs = qa<HTMLImageElement>(el, '.thumbnail img');
      expect(thumbs.map((t) => t.getAttribute('src'))).to.deep.equal([
        `${location.origin}/shop-images/beanie-thumb.svg`,
        `${location.origin}/shop-images/cap-thumb.svg`,
        `${location.origin}/shop-images/belt-thumb.svg`,
      ]);
      expect(thumbs[0].alt).to.equal('Show image 1');
      expect(current(el)).to.equal(0);
      expect(currentThumb(el)).to.equal(0);
      const region = q(el, '[part="gallery"]');
      expect(region.getAttribute('aria-roledescription')).to.equal('carousel');
      expect(region.getAttribute('aria-label')).to.equal('Product images');
      expect(q(el, '.slide').getAttribute('aria-label')).to.equal('1 of 3');
      // The light DOM stays for pages without JavaScript.
      expect(el.querySelectorAll('.woocommerce-product-gallery__image')).to.have.length(3);
    });

    it('leaves the page markup in view when there is no gallery item', async () => {
      const el = document.createElement('product-gallery');
      el.innerHTML = '<p>No images</p>';
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      await shadowQuery(el, 'slot');
      expect(q(el, '.slide')).to.equal(null);
    });

    it('hides the thumbnails and the trigger when the settings say so', async () => {
      const el = await mount(THREE, {}, { thumbnails: 'false', lightbox: 'false' });
      expect(q(el, '.thumbnails')).to.equal(null);
      expect(q(el, '[part="lightbox-button"]')).to.equal(null);
    });

    it('reports a bad setting once and keeps the gallery', async () => {
      const errors = await captureConsoleErrors(() => mount(THREE, {}, { settings: '{"zoom":"yes"}' }));
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<product-gallery>').and.contain('zoom');
    });
  });

  describe('keyboard', () => {
    it('moves with the next/previous buttons, the arrow keys and the thumbnails, announcing politely', async () => {
      const el = await mount();
      const status = q(el, '[role="status"]');
      expect(status.textContent).to.equal('');
      q(el, '[part="next-button"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => current(el) === 1, 'next did not move');
      expect(currentThumb(el)).to.equal(1);
      expect(status.textContent).to.equal('Image 2 of 3');
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => current(el) === 2, 'ArrowRight did not move');
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => current(el) === 0, 'ArrowRight did not wrap');
      await sendKeys({ press: 'ArrowLeft' });
      await waitUntil(() => current(el) === 2, 'ArrowLeft did not move back');
      expect(status.textContent).to.equal('Image 3 of 3');
      q(el, '[part="previous-button"]').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => current(el) === 1, 'previous did not move');
      qa(el, '.thumbnail')[0].focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => current(el) === 0, 'the thumbnail did not choose');
      expect(q(el, '[part~="thumbnail--current"]')).to.equal(qa(el, '.thumbnail')[0]);
    });

    it('names the slides as what the previous/next buttons control (issue 34, APG carousel)', async () => {
      const el = await mount();
      for (const part of ['previous-button', 'next-button']) {
        const id = q(el, `[part="${part}"]`).getAttribute('aria-controls');
        expect(id, `${part} has aria-controls`).to.be.a('string').and.not.equal('');
        const controlled = el.shadowRoot!.getElementById(id!);
        expect(controlled?.querySelectorAll('[part="slide"]').length, `${part} controls the slides`).to.equal(
          3,
        );
      }
    });
  });

  describe('touch', () => {
    it('moves with a sideways swipe, which does not open the lightbox', async () => {
      const el = await mount();
      const slide = q(el, '.slide');
      const at = (type: string, x: number) =>
        slide.dispatchEvent(
          new PointerEvent(type, {
            pointerType: 'touch',
            clientX: x,
            clientY: 100,
            bubbles: true,
            composed: true,
          }),
        );
      at('pointerdown', 300);
      at('pointerup', 200);
      slide.click();
      await waitUntil(() => current(el) === 1, 'the swipe did not move');
      at('pointerdown', 200);
      at('pointerup', 290);
      await waitUntil(() => current(el) === 0, 'the swipe back did not move');
      at('pointerdown', 200);
      at('pointerup', 210);
      await untilQuiet([el.shadowRoot]);
      expect(current(el), 'a short move is a tap').to.equal(0);
      expect(document.querySelector('.pswp')).to.equal(null);
    });
  });

  describe('variations', () => {
    it('swaps the first image and its thumbnail 50 ms after a variation, and a reset restores them', async () => {
      const clock = fakeClock();
      const el = await mount(THREE, { clock });
      setVariant({
        variationId: '7',
        image: {
          src: '/shop-images/wool-scarf.svg',
          srcset: '',
          alt: 'Red scarf',
          fullSrc: '/shop-images/wool-scarf.svg',
        },
      });
      clock.tick(GALLERY_UPDATE_MS - 1);
      await untilQuiet([el.shadowRoot]);
      expect(q<HTMLImageElement>(el, '.slide .image').alt).to.equal('Beanie, front');
      clock.tick(1);
      await waitUntil(() => q<HTMLImageElement>(el, '.slide .image').alt === 'Red scarf', 'not swapped');
      expect(q<HTMLImageElement>(el, '.slide .image').src).to.match(/wool-scarf\.svg$/);
      expect(q<HTMLImageElement>(el, '.thumbnail img').src).to.match(/wool-scarf\.svg$/);
      expect(qa(el, '.slide')).to.have.length(3);
      setVariant(null);
      clock.tick(GALLERY_UPDATE_MS);
      await waitUntil(() => q<HTMLImageElement>(el, '.slide .image').alt === 'Beanie, front', 'not restored');
      expect(q<HTMLImageElement>(el, '.thumbnail img').src).to.match(/beanie-thumb\.svg$/);
    });
  });

  describe('zoom', () => {
    it('zooms into the large image under the mouse on a desktop user agent', async () => {
      let finish: (size: { width: number; height: number }) => void = () => {};
      const el = await mount(THREE, {
        isMobile: () => false,
        loadImage: () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      });
      await hover(q(el, '.slide'));
      const status = await shadowQuery(el, '[part="zoom-status"]');
      expect(status.textContent).to.equal('Loading image');
      finish({ width: 800, height: 800 });
      const zoom = await shadowQuery<HTMLImageElement>(el, '[part="zoom-image"]');
      expect(zoom.src).to.match(/beanie\.svg$/);
      expect(zoom.getAttribute('aria-hidden')).to.equal('true');
      await hover(null);
      await waitUntil(() => !q(el, '[part="zoom-image"]'), 'the zoom stayed after the mouse left');
    });

    it('does not zoom on a mobile user agent', async () => {
      const el = await mount(THREE, { isMobile: () => true });
      await hover(q(el, '.slide'));
      await untilQuiet([el.shadowRoot]);
      expect(q(el, '[part="zoom-status"]')).to.equal(null);
      expect(q(el, '[part="zoom-image"]')).to.equal(null);
    });

    it('shows the failure text for 2500 ms when the large image does not load', async () => {
      const clock = fakeClock();
      const broken = gallery(galleryItem('beanie', { large: '/shop-images/missing-large.jpg' }));
      const el = await mount(broken, { clock, isMobile: () => false });
      await hover(q(el, '.slide'));
      await waitUntil(
        () => q(el, '[part="zoom-status"]')?.textContent === 'The image could not be loaded',
        'no failure text',
        { timeout: 4000 },
      );
      await hover(null);
      clock.tick(ZOOM_ERROR_MS - 1);
      await untilQuiet([el.shadowRoot]);
      expect(q(el, '[part="zoom-status"]')?.textContent).to.equal('The image could not be loaded');
      clock.tick(1);
      await waitUntil(() => !q(el, '[part="zoom-status"]'), 'the failure text stayed');
    });
  });

  describe('lightbox', () => {
    it('opens PhotoSwipe at the slide shown and closes on Escape, focus back on the trigger', async () => {
      const el = await mount();
      q(el, '[part="next-button"]').click();
      await waitUntil(() => current(el) === 1, 'did not move');
      const trigger = q<HTMLButtonElement>(el, '[part="lightbox-button"]');
      expect(trigger.textContent).to.equal('View full-screen image gallery');
      trigger.focus();
      await sendKeys({ press: 'Enter' });
      await lightboxOpen();
      expect(document.querySelectorAll('.pswp')).to.have.length(1);
      await waitUntil(
        () =>
          [
            ...document.querySelectorAll<HTMLImageElement>(
              '.pswp__item:not([aria-hidden="true"]) .pswp__img',
            ),
          ].some((img) => /cap\.svg$/.test(img.src)),
        'the lightbox does not show the second image',
        { timeout: 4000 },
      );
      // A modal dialog named by the image in view, the gallery behind it inert.
      const dialog = document.querySelector('.pswp')!;
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-label')).to.equal('Cap');
      expect(el.closest('[inert]')).to.exist;
      await sendKeys({ press: 'Escape' });
      await lightboxClosed();
      expect(el.closest('[inert]')).to.equal(null);
      await waitUntil(() => el.shadowRoot!.activeElement === trigger, 'focus did not return to the trigger');
    });

    it('never opens two lightboxes', async () => {
      const el = await mount();
      const trigger = q<HTMLButtonElement>(el, '[part="lightbox-button"]');
      trigger.click();
      trigger.click();
      q(el, '.slide').click();
      await lightboxOpen();
      expect(document.querySelectorAll('.pswp')).to.have.length(1);
      await sendKeys({ press: 'Escape' });
      await lightboxClosed();
    });

    it('says the image could not be loaded, with a link, for a broken image', async () => {
      const broken = gallery(galleryItem('beanie', { large: '/shop-images/missing-photo.jpg' }));
      const el = await mount(broken);
      q<HTMLButtonElement>(el, '[part="lightbox-button"]').click();
      await waitUntil(() => document.querySelector('.pswp__error-msg'), 'no error text', { timeout: 4000 });
      const message = document.querySelector('.pswp__error-msg')!;
      expect(message.textContent).to.equal('The image could not be loaded');
      expect(message.querySelector('a')!.getAttribute('href')).to.match(/missing-photo\.jpg$/);
      await lightboxOpen();
      await sendKeys({ press: 'Escape' });
      await lightboxClosed();
    });

    it('numbers the broken image when the gallery has several', async () => {
      const broken = gallery(
        galleryItem('beanie', { large: '/shop-images/missing-1.jpg' }),
        galleryItem('cap', { large: '/shop-images/missing-2.jpg' }),
      );
      const el = await mount(broken);
      q<HTMLButtonElement>(el, '[part="next-button"]').click();
      q<HTMLButtonElement>(el, '[part="lightbox-button"]').click();
      await lightboxOpen();
      await waitUntil(
        () =>
          [...document.querySelectorAll('.pswp__error-msg')].some(
            (m) => m.textContent === 'The image #2 could not be loaded.',
          ),
        'no numbered error',
        { timeout: 4000 },
      );
      await sendKeys({ press: 'Escape' });
      await lightboxClosed();
    });

    it('shows an image without a known size at its natural size', async () => {
      const el = await mount(gallery(galleryItem('beanie', { size: false })));
      q<HTMLButtonElement>(el, '[part="lightbox-button"]').click();
      await lightboxOpen();
      const img = await waitUntil(() => document.querySelector('.pswp__img'), 'no image').then(
        () => document.querySelector<HTMLImageElement>('.pswp__img')!,
      );
      // PhotoSwipe fits the 800 x 800 image into the viewport (square); with no size it would
      // not know how to fit it.
      const box = img.getBoundingClientRect();
      expect(Math.round(box.width)).to.equal(Math.round(box.height));
      expect(box.height).to.be.at.most(window.innerHeight + 1);
      expect(box.width).to.be.greaterThan(100);
      await sendKeys({ press: 'Escape' });
      await lightboxClosed();
    });
  });

  describe('init and destroy', () => {
    it('keeps one product listener across a move, a removal and a re-insertion', async () => {
      // The galleries of earlier tests let go of the store once React has unmounted them.
      await waitUntil(() => $product.lc === 0, 'an earlier gallery still listens');
      const before = $product.lc;
      const el = await mount();
      expect($product.lc).to.equal(before + 1);
      const parent = el.parentElement!;
      document.body.append(el);
      await untilQuiet([el.shadowRoot]);
      expect($product.lc, 'after a move').to.equal(before + 1);
      el.remove();
      await waitUntil(() => $product.lc === before, 'the listener stayed after removal');
      parent.append(el);
      await shadowQuery(el, '.slide');
      expect($product.lc, 'after re-insertion').to.equal(before + 1);
      el.remove();
      await waitUntil(() => $product.lc === before, 'the listener stayed after the second removal');
    });
  });

  describe('accessibility', () => {
    it('passes axe', async function () {
      this.timeout(30000); // axe over a busy machine
      const el = await mount();
      await expect(el).to.be.accessible();
      q(el, '[part="next-button"]').click();
      await untilQuiet([el.shadowRoot]);
      await expect(el).to.be.accessible();
    });
  });
});
