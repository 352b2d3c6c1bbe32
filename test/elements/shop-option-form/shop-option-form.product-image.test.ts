import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/product-gallery/product-gallery.ts';
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
const pick = (el: Element, value: string) =>
  $$<HTMLInputElement>(el, '[data-field-id="plate"] input')
    .find((i) => i.value === value)!
    .click();
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
    pick(el, 'gold');
    await waitUntil(() => image()?.endsWith('/shop-images/gold-large.svg'), 'gold not shown');
    expect($product.get().image!.alt).to.equal('Gold');
    // A flag means the option's own image; of several chosen, the last one in the form shows.
    pick(el, 'steel');
    await waitUntil(() => image()?.endsWith('/shop-images/steel.svg'), 'steel not shown');
    pick(el, 'steel');
    await waitUntil(() => image()?.endsWith('/shop-images/gold-large.svg'), 'gold not shown again');
    pick(el, 'gold');
    await waitUntil(() => image() === null, 'the page image was not put back');
    // An option without productImage, or with a URL that is not http(s), never swaps.
    pick(el, 'plain');
    pick(el, 'bad');
    await waitUntil(() => $<HTMLInputElement>(el, 'input[value="bad"]')!.checked, 'not picked');
    expect(image()).to.equal(null);
  });

  it("the latest act wins: a variation shows its image, unchoosing the option shows the variation's, a reset the base product's", async () => {
    const { el } = await optionForm({ definition: [sectionOf([plates({ type: 'radio-group' })])] });
    // Radio options never swap: only image groups carry product images.
    pick(el, 'gold');
    await waitUntil(() => $<HTMLInputElement>(el, 'input[value="gold"]')!.checked, 'not picked');
    expect(image()).to.equal(null);
    const images = await optionForm({
      definition: [sectionOf([plates({ elementId: 'plate2' })])],
    });
    const pick2 = (value: string) =>
      $$<HTMLInputElement>(images.el, '[data-field-id="plate2"] input')
        .find((i) => i.value === value)!
        .click();
    pick2('gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown');
    setVariant({ variationId: '30101', price: 25, image: scarf });
    expect(image()).to.equal(scarf.src);
    pick2('steel');
    await waitUntil(() => image()?.endsWith('steel.svg'), 'steel not shown after the variation');
    pick2('steel');
    pick2('gold');
    await waitUntil(() => image() === scarf.src, "the variation's image did not come back");
    pick2('gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown again');
    setVariant(null, 'reset');
    expect(image()).to.equal(null);
    // The form keeps working with the base product: the next pick swaps again.
    pick2('steel');
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
    await waitUntil(() => !fieldEl(el, 'plate')!.hidden, 'the plates never showed');
    pick(el, 'gold');
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'gold not shown');
    engrave.click();
    await waitUntil(() => image() === null, 'hiding the field did not give the image back');
    engrave.click();
    await waitUntil(() => image()?.endsWith('gold-large.svg'), 'showing it again did not swap');
    form.remove();
    await waitUntil(() => image() === null, 'the page image was not restored when the form left');
  });

  it('the product gallery follows: its first image swaps to the option image, and back', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
    const gallery = document.createElement('product-gallery');
    gallery.innerHTML = THREE;
    box.append(gallery);
    const first = () => gallery.shadowRoot?.querySelector<HTMLImageElement>('.slide .image')?.src ?? '';
    await waitUntil(() => first().endsWith('beanie.svg'), 'the gallery never rendered');
    const { el } = await optionForm({ definition: [sectionOf([plates()])] });
    pick(el, 'gold');
    await waitUntil(() => first().endsWith('gold-large.svg'), 'the gallery did not swap');
    pick(el, 'gold');
    await waitUntil(() => first().endsWith('beanie.svg'), 'the gallery did not restore its image');
  });
});
