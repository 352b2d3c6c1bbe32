import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/product-gallery/product-gallery.ts';
import { imageChunk } from '../../../elements/shop-option-form/shop-option-form.lazy.ts';
import { $product, EMPTY_PRODUCT, type ProductImage, setVariant } from '../../../shared/stores/product.ts';
import { THREE } from '../product-gallery/markup.ts';
import { $, $$, fieldEl, optionForm, sectionOf } from './fixtures.ts';

/**
 * The image swap (issue 12; spec §2, §3 option values `productImage`, §4 "Selecting a variation
 * ... updates price, stock and image. Reset restores the base product", §9 gallery update delay).
 */
const plates = (extra: Record<string, unknown> = {}) => ({
  type: 'image-group',
  elementId: 'plate',
  label: 'Plate',
  values: [
    {
      label: 'Gold',
      value: 'gold',
      image: '/shop-images/gold.svg',
      productImage: '/shop-images/gold-large.svg',
    },
    { label: 'Steel', value: 'steel', image: '/shop-images/steel.svg', productImage: '1' },
    { label: 'Plain', value: 'plain', image: '/shop-images/plain.svg' },
    { label: 'Hostile', value: 'bad', image: '/x.svg', productImage: 'javascript:alert(1)' },
  ],
  ...extra,
});
/** Clicks an option's input and waits until the form shows it flipped (as a shopper would see it). */
async function pickIn(el: Element, id: string, value: string) {
  const input = () =>
    $$<HTMLInputElement>(el, `[data-field-id="${id}"] input`).find((i) => i.value === value)!;
  const was = input().checked;
  input().click();
  await waitUntil(() => input().checked !== was, `${value} did not flip`);
}
const pick = (el: Element, value: string) => pickIn(el, 'plate', value);
const image = () => $product.get().image?.src ?? null;
const scarf: ProductImage = {
  src: 'https://shop.test/scarf.svg',
  srcset: '',
  alt: 'Red scarf',
  fullSrc: 'https://shop.test/scarf.svg',
};

describe('<shop-option-form> product image', () => {
  beforeEach(() => $product.set({ ...EMPTY_PRODUCT, id: '301', price: 20, basePrice: 20 }));
  afterEach(() => $product.set({ ...EMPTY_PRODUCT }));

  it("a chosen image option's productImage becomes the product image; unchoosing it puts the page's back", async () => {
    const { el } = await optionForm({ definition: [sectionOf([plates()])] });
    expect(image()).to.equal(null);
    await pick(el, 'gold');
    await waitUntil(() => image()?.endsWith('/shop-images/gold-large.svg'), 'gold not shown');
    expect($product.get().image!.alt).to.equal('Gold');
    // A flag means the option's own image; of several chosen, the last one in the form shows.
    await pick(el, 'steel');
    await waitUntil(() => image()?.endsWith('/shop-images/steel.svg'), 'steel not shown');
    await pick(el, 'steel');
    await waitUntil(() => image()?.endsWith('/shop-images/gold-large.svg'), 'gold not shown again');
    await pick(el, 'gold');
    await waitUntil(() => image() === null, 'the page image was not put back');
    // An option without productImage, or with a URL that is not http(s), never swaps.
    await pick(el, 'plain');
    await pick(el, 'bad');
    await waitUntil(() => $<HTMLInputElement>(el, 'input[value="bad"]')?.checked, 'not picked');
    expect(image()).to.equal(null);
  });

  it('a form with product-image options fetches the swap when it connects, before any choice; one without does not', async () => {
    let loads = 0;
    const restore = imageChunk.setLoader(() => {
      loads += 1;
      return import('../../../elements/shop-option-form/shop-option-form.product-image.ts');
    });
    try {
      const plain = { ...plates(), values: plates().values.map(({ productImage: _, ...v }) => v) };
      await optionForm({ definition: [sectionOf([plain])] });
      expect(loads, 'loaded without product images').to.equal(0);
      await optionForm({ definition: [sectionOf([plates()])] });
      expect(loads, 'not preloaded').to.equal(1);
      expect(image(), 'nothing chosen yet').to.equal(null);
    } finally {
      restore();
    }
  });

  it("the latest act wins: a variation shows its image, unchoosing the option shows the variation's, a reset the base product's", async () => {
    const { el } = await optionForm({ definition: [sectionOf([plates({ type: 'radio-group' })])] });
    // Radio options never swap: only image groups carry product images.
    await pick(el, 'gold');
    await waitUntil(() => $<HTMLInputElement>(el, 'input[value="gold"]')?.checked, 'not picked');
    expect(image()).to.equal(null);
    const images = await optionForm({
      definition: [sectionOf([plates({ elementId: 'plate2' })])],
    });
    const pick2 = (value: string) => pickIn(images.el, 'plate2', value);
    await pick2('gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown');
    setVariant({ variationId: '30101', price: 25, image: scarf });
    expect(image()).to.equal(scarf.src);
    await pick2('steel');
    await waitUntil(() => image()?.endsWith('steel.svg'), 'steel not shown after the variation');
    await pick2('steel');
    await pick2('gold');
    await waitUntil(() => image() === scarf.src, "the variation's image did not come back");
    await pick2('gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown again');
    setVariant(null, 'reset');
    expect(image()).to.equal(null);
    // The form keeps working with the base product: the next pick swaps again.
    await pick2('steel');
    await waitUntil(() => image()?.endsWith('steel.svg'), 'steel not shown after the reset');
  });

  it('a hidden image field (conditional logic) gives the image back; removing the form restores the page image', async () => {
    const { el, form } = await optionForm({
      definition: [
        sectionOf([
          { type: 'checkbox', elementId: 'engrave', label: 'Engrave' },
          plates({
            enableCl: true,
            relations: [{ rules: [{ cl_field: 'engrave', cl_relation: 'is_not_empty' }] }],
          }),
        ]),
      ],
    });
    const engrave = $<HTMLInputElement>(el, '[data-field-id="engrave"] input')!;
    engrave.click();
    await waitUntil(() => fieldEl(el, 'plate')?.hidden === false, 'the plates never showed');
    await pick(el, 'gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown');
    engrave.click();
    await waitUntil(() => image() === null, 'hiding the field did not give the image back');
    engrave.click();
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'showing it again did not swap');
    form.remove();
    await waitUntil(() => image() === null, 'the page image was not restored when the form left');
  });

  it("a variation's stock and price reach conditions and prices; a reset restores the base product's", async () => {
    const { el } = await optionForm({
      product: { product_price: 20, stock_status: 'instock' },
      definition: [
        sectionOf([
          {
            type: 'text',
            elementId: 'note',
            label: 'Note for large stock',
            enableCl: true,
            relations: [{ rules: [{ cl_field: 'stock_quantity', cl_relation: 'is_greater', cl_val: '5' }] }],
          },
          {
            type: 'text',
            elementId: 'backorder',
            label: 'Backorder note',
            enableCl: true,
            relations: [{ rules: [{ cl_field: 'stock_status', cl_relation: 'is', cl_val: 'outofstock' }] }],
          },
        ]),
      ],
    });
    const hidden = (id: string) => fieldEl(el, id)?.hidden ?? true;
    const shown = () => [hidden('note'), hidden('backorder')].join();
    const total = () => $(el, '.summary-row--total dd')!.textContent;
    await waitUntil(() => shown() === 'true,true' && total() === '$20.00', 'not the base product at first');
    setVariant({ variationId: '30102', price: 30, stock: { inStock: true, quantity: 10 } });
    await waitUntil(
      () => shown() === 'false,true' && total() === '$30.00',
      'the variation did not reach the form',
    );
    setVariant({ variationId: '30103', price: 35, stock: { inStock: false, quantity: 0 } });
    await waitUntil(() => shown() === 'true,false' && total() === '$35.00', 'the second variation did not');
    setVariant(null, 'reset');
    await waitUntil(
      () => shown() === 'true,true' && total() === '$20.00',
      'the reset did not restore the base',
    );
  });

  it('the product gallery follows: its first image swaps to the option image, and back', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
    const gallery = document.createElement('product-gallery');
    gallery.innerHTML = THREE;
    box.append(gallery);
    const first = () => gallery.shadowRoot?.querySelector<HTMLImageElement>('.slide .image')?.src ?? '';
    await waitUntil(() => first().endsWith('beanie.svg'), 'the gallery never rendered');
    const { el } = await optionForm({ definition: [sectionOf([plates()])] });
    await pick(el, 'gold');
    await waitUntil(() => first().endsWith('gold-large.svg'), 'the gallery did not swap');
    await pick(el, 'gold');
    await waitUntil(() => first().endsWith('beanie.svg'), 'the gallery did not restore its image');
  });
});
