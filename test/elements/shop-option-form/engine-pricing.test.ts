import { expect } from '@open-wc/testing';
import { countedLength } from '../../../elements/shop-option-form/engine/index.ts';
import { engineOf } from './helpers.ts';

const priced = (f: Record<string, unknown>) => ({ enablePrice: true, ...f });

describe('shop-option-form engine: pricing', () => {
  describe('pricing types', () => {
    it('fixed: the price once the field has a value', () => {
      const e = engineOf([priced({ type: 'text', elementId: 'a', price: 5 })]);
      expect(e.field('a')!.price).to.equal(0);
      e.update({ type: 'value', id: 'a', value: 'hi' });
      expect(e.field('a')!.price).to.equal(5);
      expect(e.field('a')!.viewPrice).to.equal('$5.00');
    });
    it('multiply: value times price, never negative', () => {
      const e = engineOf([priced({ type: 'number', elementId: 'a', price: 2.5, pricingType: 'multiply' })]);
      e.update({ type: 'value', id: 'a', value: '4' });
      expect(e.field('a')!.price).to.equal(10);
      e.update({ type: 'value', id: 'a', value: '-4' });
      expect(e.field('a')!.price).to.equal(0);
    });
    it('percentage: of the product price, not rounded', () => {
      const e = engineOf([priced({ type: 'text', elementId: 'a', price: 12.5, pricingType: 'percentage' })], {
        product: { product_price: 9.99 },
      });
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('a')!.price).to.equal((12.5 * 9.99) / 100);
    });
    it('per_car: per character, with an exclusion list or pattern', () => {
      const e = engineOf([
        priced({ type: 'text', elementId: 'a', price: 0.5, pricingType: 'per_car' }),
        priced({
          type: 'text',
          elementId: 'b',
          price: 1,
          pricingType: 'per_car',
          excl_chars_frm_length: '\\s-',
        }),
        priced({
          type: 'text',
          elementId: 'c',
          price: 1,
          pricingType: 'per_car',
          excl_chars_frm_length: '[0-9]',
          excl_chars_frm_length_is_regex: true,
        }),
      ]);
      e.update({ type: 'value', id: 'a', value: 'abcd' });
      e.update({ type: 'value', id: 'b', value: 'a b-c' });
      e.update({ type: 'value', id: 'c', value: 'ab12' });
      expect([e.field('a')!.price, e.field('b')!.price, e.field('c')!.price]).to.deep.equal([2, 3, 2]);
      expect(
        countedLength('a/b/', {
          excl_chars_frm_length: '/\\//g',
          excl_chars_frm_length_is_regex: true,
        } as never),
      ).to.equal(2);
    });
    it('custom: a formula over its value, other fields and product data, rounded', () => {
      const e = engineOf([
        { type: 'number', elementId: 'w' },
        priced({
          type: 'number',
          elementId: 'h',
          pricingType: 'custom',
          price: '{field.w.value} * {value} * 0.0125 + {product_price} / 100',
        }),
      ]);
      e.update({ type: 'value', id: 'w', value: '3' });
      e.update({ type: 'value', id: 'h', value: '5' });
      expect(e.field('h')!.rawPrice).to.be.closeTo(0.2875, 1e-9);
      expect(e.field('h')!.price).to.equal(0.29);
      // A change of the other field re-prices this one.
      e.update({ type: 'value', id: 'w', value: '4' });
      expect(e.field('h')!.price).to.equal(0.35);
    });
    it('custom: a formula template from config.formulas by formulaId', () => {
      const e = engineOf([priced({ type: 'text', elementId: 'a', pricingType: 'custom', formulaId: 'f1' })], {
        config: { formulas: { f1: 'length({value}) * 2' } },
      });
      e.update({ type: 'value', id: 'a', value: 'abc' });
      expect(e.field('a')!.price).to.equal(6);
    });
    it('a bad formula is reported once, prices 0 and explains why on the field', () => {
      const e = engineOf([priced({ type: 'text', elementId: 'a', pricingType: 'custom', price: '1 +' })]);
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('a')!.price).to.equal(0);
      expect(e.field('a')!.formulaError).to.be.a('string');
      expect(e.report.filter((r) => r.elementId === 'a' && r.setting === 'price')).to.have.length(1);
    });
  });

  describe('options, quantity, fees', () => {
    const values = [
      { value: 's', label: 'S', price: 1 },
      { value: 'm', label: 'M', price: 2 },
      { value: 'l', label: 'L', price: 3 },
    ];
    it('priceOptions different_for_all prices each option; same_for_all uses the field price', () => {
      const e = engineOf([
        priced({ type: 'checkbox-group', elementId: 'd', values, priceOptions: 'different_for_all' }),
        priced({ type: 'checkbox-group', elementId: 's', values, price: 4 }),
      ]);
      e.update({ type: 'value', id: 'd', value: ['m', 'l'] });
      e.update({ type: 'value', id: 's', value: ['m', 'l'] });
      expect(e.field('d')!.price).to.equal(5);
      expect(e.field('d')!.selectedOptions.map((o) => o.price)).to.deep.equal([2, 3]);
      expect(e.field('s')!.price).to.equal(8);
    });
    it('a field quantity multiplies its price, per option', () => {
      const e = engineOf([
        priced({
          type: 'checkbox-group',
          elementId: 'd',
          values,
          priceOptions: 'different_for_all',
          enable_quantity: true,
        }),
      ]);
      e.update({ type: 'value', id: 'd', value: ['s', 'l'], quantity: { s: 2, l: 3 } });
      expect(e.field('d')!.price).to.equal(11);
    });
    it('product quantity multiplies option prices when change_price_with_quantity is on; fees are once', () => {
      const fields = [
        priced({ type: 'text', elementId: 'a', price: 5 }),
        priced({ type: 'text', elementId: 'f', price: 2, use_as_fee: true }),
      ];
      const on = engineOf(fields, { product: { quantity: 3 } });
      on.update({ type: 'value', id: 'a', value: 'x' });
      const r = on.update({ type: 'value', id: 'f', value: 'x' });
      expect(r.summary).to.include({
        optionsPrice: 5,
        optionsTotal: 15,
        fee: 2,
        productPrice: 30,
        total: 47,
        quantity: 3,
      });
      const off = engineOf(fields, {
        product: { quantity: 3 },
        config: { change_price_with_quantity: false },
      });
      off.update({ type: 'value', id: 'a', value: 'x' });
      expect(off.state().summary.optionsTotal).to.equal(5);
    });
    it('use_as_fee can come from the section', () => {
      const e = engineOf([priced({ type: 'text', elementId: 'a', price: 5 })], {
        extra: { use_as_fee: true },
      });
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.state().summary).to.include({ fee: 5, optionsTotal: 0 });
      expect(e.field('a')!.isFee).to.equal(true);
    });
    it('hidden and disabled fields cost nothing', () => {
      const e = engineOf([
        { type: 'text', elementId: 'g' },
        priced({
          type: 'text',
          elementId: 'a',
          price: 5,
          value: 'x',
          enableCl: true,
          cl_rule: 'disable',
          relations: [{ rules: [{ cl_field: 'g', cl_relation: 'is', cl_val: 'd' }] }],
        }),
      ]);
      expect(e.state().summary.optionsTotal).to.equal(5);
      e.update({ type: 'value', id: 'g', value: 'd' });
      expect(e.state().summary.optionsTotal).to.equal(0);
    });
  });

  describe('discount, override, summary', () => {
    const fields = [priced({ type: 'text', elementId: 'a', price: 20, value: 'x' })];
    it('discount has fixed and percentage parts, capped at the options total', () => {
      const s = engineOf(fields, { config: { discount: { percentage: 10, fixed: 1 } } }).state().summary;
      expect(s).to.include({ optionsTotal: 20, discount: 3, total: 27 });
      expect(engineOf(fields, { config: { discount: { fixed: 50 } } }).state().summary.discount).to.equal(20);
    });
    it('price_override always, if_gt_zero, maximum', () => {
      const sum = (mode: string, product_price = 10, f = fields) =>
        engineOf(f, { product: { product_price }, config: { price_override: mode } }).state().summary;
      expect(sum('always')).to.include({ productPrice: 0, total: 20 });
      expect(sum('if_gt_zero')).to.include({ productPrice: 0, total: 20 });
      expect(sum('if_gt_zero', 10, [priced({ type: 'text', elementId: 'a', price: 20 })])).to.include({
        productPrice: 10,
        total: 10,
      });
      expect(sum('maximum', 10)).to.include({ total: 20 });
      expect(sum('maximum', 30)).to.include({ productPrice: 30, total: 30 });
      expect(sum('')).to.include({ productPrice: 10, total: 30 });
    });
    it('price suffix fills its tax placeholders', () => {
      const s = engineOf(fields, {
        config: { tax_rate: 20, price_suffix: 'incl. {price_including_tax} / excl. {price_excluding_tax}' },
      }).state().summary;
      expect(s.suffix).to.equal('incl. $36.00 / excl. $30.00');
      const inc = engineOf(fields, { config: { tax_rate: 20, prices_include_tax: true } }).state().summary;
      expect(inc.priceExcludingTax).to.equal(25);
    });
    it('money format: decimals, separators, symbol position, hide zero', () => {
      const money = {
        decimals: 3,
        decimalSeparator: ',',
        thousandSeparator: '.',
        currencySymbol: '€',
        position: 'right_space',
        hideZero: true,
      };
      const e = engineOf(
        [
          priced({ type: 'text', elementId: 'a', price: 1234.5 }),
          priced({ type: 'text', elementId: 'z', price: 0, value: 'x' }),
        ],
        { product: { product_price: 0 }, config: { money } },
      );
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('a')!.viewPrice).to.equal('1.234,500\u00a0€');
      expect(e.field('z')!.viewPrice).to.equal('');
      expect(e.state().summary.formatted.total).to.equal('1.234,500\u00a0€');
    });
    it('rounding uses the shop decimals except for percentage pricing', () => {
      const e = engineOf(
        [priced({ type: 'number', elementId: 'a', price: 0.333, pricingType: 'multiply' })],
        { config: { money: { decimals: 1 } } },
      );
      e.update({ type: 'value', id: 'a', value: '1' });
      expect(e.field('a')!.price).to.equal(0.3);
    });
    it('section prices are summed for sections that show a price', () => {
      const e = engineOf(fields);
      expect(e.state().sections[0].price).to.equal(20);
    });
  });
});
