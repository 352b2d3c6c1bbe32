import { expect, fixture, html } from '@open-wc/testing';
import type { ProductGalleryElement } from '../../../elements/product-gallery/product-gallery.ts';
import '../../../elements/product-gallery/product-gallery.ts';
import { captureConsoleErrors, shadowQuery, untilQuiet } from '../../helpers/elements.ts';

/** Presses the button and waits for the view to commit. */
async function press(el: ProductGalleryElement) {
  (await shadowQuery<HTMLButtonElement>(el, 'button')).click();
  await untilQuiet([el.shadowRoot]);
}

const message = (el: ProductGalleryElement) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;

describe('product-gallery', () => {
  describe('rendering', () => {
    it('renders the button; pressing it counts in the page language', async () => {
      const el = await fixture<ProductGalleryElement>(html`<product-gallery></product-gallery>`);
      const button = await shadowQuery<HTMLButtonElement>(el, '[part="button"]');
      expect(button.textContent).to.equal('Press me');
      expect(message(el)).to.equal('');
      await press(el);
      expect(message(el)).to.equal('Pressed once.');
      await press(el);
      expect(message(el)).to.equal('Pressed 2 times.');
    });
  });

  describe('settings', () => {
    it('takes messages and max from the settings attribute', async () => {
      const el = await fixture<ProductGalleryElement>(
        html`<product-gallery settings='{"max":1,"messages":{"button":"Try","pressedOne":"Done."}}'></product-gallery>`,
      );
      expect((await shadowQuery(el, 'button')).textContent).to.equal('Try');
      await press(el);
      await press(el);
      expect(message(el)).to.equal('Done.');
    });

    it('reports bad input once, naming the field, and renders with the default', async () => {
      let el: ProductGalleryElement | undefined;
      const errors = await captureConsoleErrors(async () => {
        el = await fixture<ProductGalleryElement>(
          html`<product-gallery settings='{"max":"lots"}'></product-gallery>`,
        );
        await untilQuiet([el.shadowRoot]);
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<product-gallery>').and.to.contain('max');
      expect(el!.hasAttribute('data-invalid-settings')).to.equal(true);
      expect(el!.settings.max).to.equal(10);
      expect((await shadowQuery(el!, 'button')).textContent).to.equal('Press me');
    });
  });

  describe('accessibility', () => {
    it('passes axe, before and after a press', async () => {
      const el = await fixture<ProductGalleryElement>(html`<product-gallery></product-gallery>`);
      await shadowQuery(el, 'button');
      await expect(el).to.be.accessible();
      await press(el);
      await expect(el).to.be.accessible();
    });
  });
});
