import { expect } from '@open-wc/testing';
import { productData } from '../../../elements/shop-option-form/shop-option-form.product.ts';
import { EMPTY_PRODUCT } from '../../../shared/stores/product.ts';
import { engineOf } from './helpers.ts';

/** spec §3 Product data used by formulas and conditions: `is_taxable` and `is_variable` change behaviour. */
describe('option form product flags', () => {
  const fields = [
    {
      type: 'text',
      elementId: 'a',
      label: 'A',
      enablePrice: true,
      pricingType: 'fixed',
      price: 20,
      value: 'x',
    },
  ];
  const suffix = 'incl. {price_including_tax} / excl. {price_excluding_tax}';

  it('is_taxable: a taxable product (the default) shows tax in its suffix; one that is not, none', () => {
    const taxed = engineOf(fields, { config: { tax_rate: 20, price_suffix: suffix } }).state().summary;
    const untaxed = engineOf(fields, {
      product: { is_taxable: false },
      config: { tax_rate: 20, price_suffix: suffix },
    }).state().summary;
    expect(taxed.priceIncludingTax).to.be.above(taxed.priceExcludingTax);
    expect(untaxed.priceIncludingTax).to.equal(untaxed.priceExcludingTax);
    expect(untaxed.suffix).to.equal(`incl. ${untaxed.formatted.total} / excl. ${untaxed.formatted.total}`);
    const yes = engineOf(fields, { product: { is_taxable: 'yes' }, config: { tax_rate: 20 } }).state()
      .summary;
    expect(yes.priceIncludingTax).to.equal(taxed.priceIncludingTax);
  });

  it('is_variable: a product that is not variable takes no variation from $product', () => {
    const chosen = { ...EMPTY_PRODUCT, id: '5', variationId: '77', price: 99, sku: 'V-77' };
    expect(productData(chosen, { product_price: 10, is_variable: true })).to.include({
      variation_id: '77',
      product_price: 99,
      sku: 'V-77',
    });
    for (const no of [false, 'no', '0'])
      expect(productData(chosen, { product_price: 10, is_variable: no })).to.include({
        variation_id: '',
        product_price: 10,
      });
  });
});
