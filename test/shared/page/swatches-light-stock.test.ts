import { expect } from '@open-wc/testing';
import { LUMA_LIGHT, LUMA_LIGHTER, lumaOf } from '../../../shared/luma.ts';
import { installSwatches, type SwatchOptions } from '../../../shared/page/swatches.ts';
import { choiceInfo, stockOf } from '../../../shared/page/variations.ts';
import { mount } from './helpers.ts';

/**
 * spec §9 "Luma thresholds 210 and 235 add light-colour classes" on the variation swatches, and
 * §3 Swatch variation `variation_stock_left` with `max_qty` as the fallback for the low-stock label.
 */
function colourForm(colours: Record<string, string>, variations: unknown[], options: SwatchOptions = {}) {
  const values = Object.keys(colours);
  const view = mount(`<form class="variations_form cart" data-product_id="900">
<table class="variations" role="presentation"><tbody><tr><th><label for="color">Color</label></th><td>
<select id="color" name="attribute_color"><option value="">Choose an option</option>${values
    .map((v) => `<option value="${v}">${v}</option>`)
    .join('')}</select></td></tr></tbody></table>
<div class="single_variation_wrap"><div class="single_variation"></div>
<button type="submit" class="single_add_to_cart_button button">Add to cart</button>
<input type="hidden" name="variation_id" class="variation_id" value="0"></div></form>`);
  const form = view.root.querySelector('form')!;
  form.setAttribute('data-product_variations', JSON.stringify(variations));
  form.dataset.swatches = JSON.stringify({
    ...options,
    terms: { attribute_color: Object.fromEntries(values.map((v) => [v, { color: colours[v] }])) },
  });
  return { view, form };
}
const variation = (id: number, color: string, extra: Record<string, unknown> = {}) => ({
  variation_id: id,
  attributes: { attribute_color: color },
  is_in_stock: true,
  is_purchasable: true,
  variation_is_active: true,
  variation_is_visible: true,
  display_price: 10,
  max_qty: '',
  ...extra,
});

describe('swatches: light colours and the stock left', () => {
  let view: ReturnType<typeof mount> | undefined;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    view?.remove();
  });
  const swatch = (form: HTMLFormElement, value: string) =>
    form.querySelector<HTMLElement>(`.swatch[data-value="${value}"]`)!;
  const light = (form: HTMLFormElement, value: string) =>
    ['swatch--light', 'swatch--lighter'].filter((c) => swatch(form, value).classList.contains(c)).join(' ');

  it('grey 210 is not light, 211 is; 235 is light, 236 lighter (luma, any CSS colour)', async () => {
    expect([LUMA_LIGHT, LUMA_LIGHTER]).to.deep.equal([210, 235]);
    const colours = {
      g210: 'rgb(210 210 210)',
      g211: '#d3d3d3',
      g235: 'rgb(235, 235, 235)',
      g236: 'rgb(236 236 236)',
      white: 'white',
      yellow: '#ffff00', // luma 237: light though saturated
      navy: 'navy',
    };
    const built = colourForm(
      colours,
      Object.keys(colours).map((c, i) => variation(i + 1, c)),
    );
    view = built.view;
    uninstall = installSwatches(view.root);
    expect(Object.keys(colours).map((c) => light(built.form, c))).to.deep.equal([
      '',
      'swatch--light',
      'swatch--light',
      'swatch--light swatch--lighter',
      'swatch--light swatch--lighter',
      'swatch--light swatch--lighter',
      '',
    ]);
    expect(lumaOf('rgb(210 210 210)')).to.equal(210);
    expect(lumaOf('not a colour')).to.equal(null);
    await expect(view.root).to.be.accessible();
  });

  it("variation_stock_left: the shop's own words and count for the low-stock label, max_qty the fallback", () => {
    const built = colourForm(
      { red: 'red', blue: 'blue', green: 'green' },
      [
        variation(1, 'red', { variation_stock_left: 'Nur 2 übrig', max_qty: 9 }),
        variation(2, 'blue', { max_qty: 3 }),
        variation(3, 'green', { variation_stock_left: '7 left', max_qty: 1 }),
      ],
      { stock_threshold: 3, stock_left_text: '{n} left' },
    );
    view = built.view;
    uninstall = installSwatches(view.root);
    const note = (value: string) => swatch(built.form, value).querySelector('.swatch__note')!.textContent;
    expect(note('red')).to.equal('Nur 2 übrig'); // 2 <= 3: the shop's words (max_qty 9 not used)
    expect(note('blue')).to.equal('3 left'); // no variation_stock_left: max_qty
    expect(note('green')).to.equal(''); // 7 left is above the threshold (max_qty 1 not used)
    expect(swatch(built.form, 'red').classList.contains('low-stock')).to.equal(true);
  });

  it('reads the count from variation_stock_left first', () => {
    const v = (extra: Record<string, unknown>) => ({ variation_id: 1, attributes: { a: 'x' }, ...extra });
    expect(stockOf(v({ variation_stock_left: '4', max_qty: 8 }))).to.equal(4);
    expect(stockOf(v({ variation_stock_left: '', max_qty: '8' }))).to.equal(8);
    expect(stockOf(v({}))).to.equal(null);
    expect(
      choiceInfo([v({ variation_stock_left: '1 left' })], ['a'], {}, 'a', 'x', { threshold: 2 }),
    ).to.deep.equal({
      state: 'enabled',
      stockLeft: 1,
      stockText: '1 left',
    });
  });
});
