import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { imagePopupChunk } from '../../../elements/shop-option-form/extras/image-popup.option.tsx';
import { resizeViewport } from '../../helpers/elements.ts';
import { $, $$, optionForm, sectionOf } from './fixtures.ts';

const motif = (extra: Record<string, unknown> = {}, values?: Array<Record<string, unknown>>) => ({
  type: 'image-group',
  elementId: 'motif',
  label: 'Motif',
  values: values ?? [
    {
      label: 'Belt',
      value: 'belt',
      image: '/shop-images/belt.svg',
      thumb_src: '/shop-images/belt-thumb.svg',
    },
    {
      label: 'Album',
      value: 'album',
      image: '/shop-images/album.svg',
      thumb_src: '/shop-images/album-thumb.svg',
    },
    { label: 'Poster', value: 'poster', image: '/shop-images/belt-2.svg' },
  ],
  ...extra,
});

const opened = () =>
  waitUntil(() => document.querySelector('.pswp[data-open]'), 'the popup did not open', { timeout: 5000 });
const closed = () =>
  waitUntil(() => !document.querySelector('.pswp'), 'the popup did not close', { timeout: 5000 });
const caption = () => document.querySelector('.pswp__caption')?.textContent ?? '';
const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] as [number, number];
};

describe('<shop-option-form> image popup and hover preview (issue 13)', () => {
  afterEach(async () => {
    // A test that failed half-way may leave its popup open: close it as a shopper would.
    if (document.querySelector('.pswp')) {
      await opened();
      document.querySelector<HTMLButtonElement>('.pswp__button--close')?.click();
      await closed();
    }
    imagePopupChunk.setLoader();
    await resetMouse();
  });

  describe('popup', () => {
    it('puts a labelled button beside each option image, outside the option label', async () => {
      const { el } = await optionForm({ definition: [sectionOf([motif({ image_popup: true })])] });
      const buttons = $$<HTMLButtonElement>(el, 'button.image-open');
      expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
        'View a larger image of Belt',
        'View a larger image of Album',
        'View a larger image of Poster',
      ]);
      expect(buttons.every((b) => !b.closest('label'))).to.equal(true);
      expect($(el, 'label.option')!.textContent).to.not.contain('larger');
    });

    it('opens at the chosen image; arrow keys and previous/next move; Escape closes and gives focus back', async () => {
      const { el } = await optionForm({ definition: [sectionOf([motif({ image_popup: true })])] });
      const second = $$<HTMLButtonElement>(el, 'button.image-open')[1];
      second.focus();
      await sendKeys({ press: 'Enter' });
      await opened();
      await waitUntil(() => caption() === 'Album', `caption is ${caption()}`);
      // The one lightbox opener: a modal dialog named by the image in view, the form behind inert.
      const dialog = document.querySelector('.pswp')!;
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-label')).to.equal('Album');
      expect(el.closest('[inert]')).to.exist;
      const shown = '.pswp__item:not([aria-hidden="true"]) .pswp__img:not(.pswp__img--placeholder)';
      await waitUntil(
        () => document.querySelector<HTMLImageElement>(shown)?.src.endsWith('/shop-images/album.svg'),
        'the large image of the chosen option is not shown',
      );
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => caption() === 'Poster', 'ArrowRight did not move on');
      await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'ArrowLeft' });
      await waitUntil(() => caption() === 'Belt', 'ArrowLeft did not move back');
      document.querySelector<HTMLButtonElement>('.pswp__button--arrow--next')!.click();
      await waitUntil(() => caption() === 'Album', 'the next button did not move on');
      document.querySelector<HTMLButtonElement>('.pswp__button--arrow--prev')!.click();
      await waitUntil(() => caption() === 'Belt', 'the previous button did not move back');
      await sendKeys({ press: 'Escape' });
      await closed();
      expect(el.closest('[inert]')).to.equal(null);
      await waitUntil(() => el.shadowRoot!.activeElement === second, 'focus did not come back to the button');
    });

    it("takes its texts from the element's messages (the defaults live in the popup's chunk)", async () => {
      const { el } = await optionForm({
        definition: [sectionOf([motif({ image_popup: true })])],
        messages: { imageOpen: 'Größer: {label}', imageClose: 'Schließen', imageNext: '' },
      });
      const first = $$<HTMLButtonElement>(el, 'button.image-open')[0];
      expect(first.getAttribute('aria-label')).to.equal('Größer: Belt');
      first.click();
      await opened();
      const label = (selector: string) => document.querySelector(selector)?.getAttribute('aria-label');
      expect(label('.pswp__button--close')).to.equal('Schließen');
      // An empty text keeps the default.
      expect(label('.pswp__button--arrow--next')).to.equal('Next image');
    });

    it("shows spec §8's error text for an image that does not load", async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            motif({ image_popup: true }, [
              { label: 'Belt', value: 'belt', image: '/shop-images/belt.svg' },
              { label: 'Gone', value: 'gone', image: '/shop-images/no-such-product.svg' },
            ]),
          ]),
        ],
      });
      $$<HTMLButtonElement>(el, 'button.image-open')[1].click();
      await opened();
      await waitUntil(
        () =>
          [...document.querySelectorAll('.pswp__error-msg')].some(
            (m) => m.textContent === 'The image #2 could not be loaded.',
          ),
        'no error text',
        { timeout: 5000 },
      );
    });

    it('one image: the error text links to the image', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            motif({ image_popup: true }, [
              { label: 'Gone', value: 'gone', image: '/shop-images/no-such.svg' },
            ]),
          ]),
        ],
      });
      $<HTMLButtonElement>(el, 'button.image-open')!.click();
      await opened();
      const link = await waitUntil(() => document.querySelector('.pswp__error-msg a'), 'no error link', {
        timeout: 5000,
      }).then(() => document.querySelector<HTMLAnchorElement>('.pswp__error-msg a')!);
      expect(link.textContent).to.equal('The image could not be loaded');
      expect(link.href).to.contain('/shop-images/no-such.svg');
    });

    it('productGroup images get the popup too', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'productGroup',
              elementId: 'linked',
              label: 'Add a product',
              image_popup: true,
              values: [{ label: 'Album', value: '12', productImage: '/shop-images/album.svg' }],
            },
          ]),
        ],
      });
      expect($$(el, 'button.image-open').length).to.equal(1);
    });

    it('none without image_popup, and the chunk is not loaded', async () => {
      let loads = 0;
      imagePopupChunk.setLoader(() => {
        loads += 1;
        return import('../../../elements/shop-option-form/extras/image-popup.ts');
      });
      const { el } = await optionForm({ definition: [sectionOf([motif()])] });
      expect($$(el, 'button.image-open').length).to.equal(0);
      const [x, y] = centre($(el, '.option-image')!);
      await sendMouse({ type: 'move', position: [x, y] });
      await sendMouse({ type: 'move', position: [x + 1, y] });
      expect(loads).to.equal(0);
    });

    it('passes axe with the buttons', async () => {
      const { el } = await optionForm({
        definition: [sectionOf([motif({ image_popup: true, image_preview: true })])],
      });
      await expect(el).to.be.accessible();
    });
  });

  describe('hover preview', () => {
    it('shows the large image beside the hovered option image, at most 600 px wide, and hides it on leave', async () => {
      const { el } = await optionForm({ definition: [sectionOf([motif({ image_preview: true })])] });
      const image = $$(el, '.option-image')[1];
      await sendMouse({ type: 'move', position: centre(image) });
      const preview = await waitUntil(() => $(el, '.image-preview[data-shown]'), 'no preview', {
        timeout: 5000,
      }).then(() => $(el, '.image-preview')!);
      expect(preview.getAttribute('aria-hidden')).to.equal('true');
      expect(preview.querySelector('img')!.src).to.contain('/shop-images/album.svg');
      expect(preview.getBoundingClientRect().width).to.be.at.most(600);
      const rect = image.getBoundingClientRect();
      const box = preview.getBoundingClientRect();
      expect(box.left >= rect.right || box.right <= rect.left, 'beside the image').to.equal(true);
      await sendMouse({ type: 'move', position: [1, 1] });
      await waitUntil(() => !$(el, '.image-preview'), 'the preview stayed');
    });

    it('can be turned off in a window 600 px wide or less', async () => {
      const { el } = await optionForm({
        definition: [sectionOf([motif({ image_preview: true, image_preview_disable_mobile: true })])],
      });
      const wide = { width: window.innerWidth, height: window.innerHeight };
      await resizeViewport({ width: 600, height: 700 });
      try {
        await sendMouse({ type: 'move', position: centre($$(el, '.option-image')[0]) });
        await waitUntil(() => imagePopupChunk.loaded(), 'the chunk never loaded');
        await new Promise((r) => requestAnimationFrame(r));
        expect($(el, '.image-preview')).to.equal(null);
        await sendMouse({ type: 'move', position: [1, 1] });
        await resizeViewport({ width: 800, height: 700 });
        await sendMouse({ type: 'move', position: centre($$(el, '.option-image')[0]) });
        await waitUntil(() => $(el, '.image-preview'), 'no preview in a wider window', { timeout: 5000 });
      } finally {
        await resizeViewport(wide);
      }
    });
  });
});
