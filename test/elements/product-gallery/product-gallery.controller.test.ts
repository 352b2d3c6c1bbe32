import { expect } from '@open-wc/testing';
import { atom } from 'nanostores';
import { createProductGalleryController } from '../../../elements/product-gallery/product-gallery.controller.ts';

describe('product-gallery controller', () => {
  it('counts presses up to max, and follows a change of max', () => {
    const settings = atom({ max: 2 });
    const controller = createProductGalleryController({ settings });
    controller.press();
    controller.press();
    controller.press();
    expect(controller.$state.get().count).to.equal(2);
    settings.set({ max: 3 });
    controller.press();
    expect(controller.$state.get().count).to.equal(3);
    controller.dispose();
  });
});
