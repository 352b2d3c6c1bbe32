import { expect } from '@open-wc/testing';
import {
  createFormEngine,
  NO_FORMULAS,
  parseConfig,
  parseDefinition,
  parseProduct,
} from '../../../elements/shop-option-form/engine/index.ts';
import { engineOf } from './helpers.ts';

describe('shop-option-form engine: definitions, repeaters, accordions, form data', () => {
  describe('schemas', () => {
    it('minimal input parses with defaults', () => {
      expect(parseDefinition({}).sections).to.deep.equal([]);
      expect(parseProduct({}).quantity).to.equal(1);
      const c = parseConfig({});
      expect(c.discount).to.deep.equal({ fixed: 0, percentage: 0 });
      expect(c.money.decimals).to.equal(2);
      expect(c.change_price_with_quantity).to.equal(true);
    });
    it('accepts WCPA strings for numbers and booleans', () => {
      const d = parseDefinition([
        {
          extra: { key: 's' },
          fields: [
            [
              {
                type: 'text',
                elementId: 'a',
                maxlength: '5',
                required: '1',
                enablePrice: 'on',
                price: '2.5',
              },
            ],
          ],
        },
      ]);
      expect(d.sections[0].fields[0][0]).to.include({
        maxlength: 5,
        required: true,
        enablePrice: true,
        price: '2.5',
      });
    });
    it('accepts WCPA objects keyed by section key', () => {
      const d = parseDefinition({
        sec_a: { extra: { name: 'A' }, fields: [[{ type: 'text', elementId: 'a' }]] },
      });
      expect(d.sections[0].extra.key).to.equal('sec_a');
    });
    it('unknown types and bad settings are reported by elementId and setting; the rest works', () => {
      const e = createFormEngine(
        [
          {
            extra: { key: 's' },
            fields: [
              [{ type: 'hologram', elementId: 'h1' }],
              [
                {
                  type: 'number',
                  elementId: 'n1',
                  maxlength: 'lots',
                  pattern: '([',
                  values: [{ value: 'a', price: { x: 1 } }],
                  required: true,
                },
              ],
              [
                { type: 'text', elementId: 'dup' },
                { type: 'text', elementId: 'dup' },
              ],
              [{ type: 'text' }],
            ],
          },
        ],
        { product_price: 'ten' },
        { price_override: 'sometimes' },
      );
      const rep = e.report.map((r) => `${r.elementId}:${r.setting}`);
      expect(rep).to.include.members([
        'h1:type',
        'n1:maxlength',
        'n1:pattern',
        'n1:values.0.price',
        'dup:elementId',
        'product:product_price',
        'config:price_override',
      ]);
      expect(e.report.find((r) => r.elementId === 'h1')!.message).to.contain('hologram');
      expect(e.state().fields.map((f) => f.elementId)).to.deep.equal(['n1', 'dup']);
      expect(e.field('n1')!.inputAttrs.required).to.equal(true);
    });
    it('garbage never throws', () => {
      for (const bad of [
        null,
        42,
        'x',
        [null],
        [{ fields: 'no' }],
        { sections: [{ fields: [[null, 1, 'x']] }] },
      ])
        expect(() =>
          createFormEngine(bad, bad, bad).update({ type: 'value', id: 'x', value: 'y' }),
        ).not.to.throw();
    });
  });

  describe('repeaters', () => {
    const rep = (extra: Record<string, unknown> = {}) => [
      { type: 'text', elementId: 'r', name: 'engrave', repeater: true, repeater_max: 3, ...extra },
    ];
    it('clones a field up to repeater_max, ids and names like WCPA', () => {
      const e = engineOf(rep());
      e.update({ type: 'addClone', id: 'r' });
      e.update({ type: 'addClone', id: 'r' });
      const r = e.update({ type: 'addClone', id: 'r' });
      expect(r.structureChanged).to.equal(false);
      expect(e.state().fields.map((f) => [f.elementId, f.name, f.isClone])).to.deep.equal([
        ['r', 'engrave', false],
        ['r_cl_1', 'engrave_cl[1]', true],
        ['r_cl_2', 'engrave_cl[2]', true],
      ]);
      expect(e.field('r')!.clonedCount).to.equal(2);
    });
    it('removing a clone renumbers the rest, keeping their values', () => {
      const e = engineOf(rep());
      e.update({ type: 'addClone', id: 'r' });
      e.update({ type: 'addClone', id: 'r' });
      e.update({ type: 'value', id: 'r_cl_1', value: 'one' });
      e.update({ type: 'value', id: 'r_cl_2', value: 'two' });
      e.update({ type: 'removeClone', id: 'r_cl_1' });
      expect(e.state().fields.map((f) => [f.elementId, f.value])).to.deep.equal([
        ['r', ''],
        ['r_cl_1', 'two'],
      ]);
    });
    it('bound to a field, quantity or formula: count = value - 1, minimum 1', () => {
      const byField = engineOf([
        { type: 'number', elementId: 'n' },
        ...rep({ repeater_bind: 'field', repeater_bind_field: 'n', repeater_max: 10 }),
      ]);
      byField.update({ type: 'value', id: 'n', value: '4' });
      expect(byField.field('r')!.clonedCount).to.equal(3);
      byField.update({ type: 'value', id: 'n', value: '0' });
      expect(byField.field('r')!.clonedCount).to.equal(0);
      const byQty = engineOf(rep({ repeater_bind: 'quantity' }), { product: { quantity: 2 } });
      expect(byQty.field('r')!.clonedCount).to.equal(1);
      const r = byQty.update({ type: 'productQuantity', quantity: 9 });
      expect([byQty.field('r')!.clonedCount, r.structureChanged]).to.deep.equal([2, true]);
      const byFormula = engineOf([
        { type: 'number', elementId: 'n', value: '3' },
        ...rep({ repeater_bind: 'formula', repeater_bind_formula: '{n.value} * 2', repeater_max: 10 }),
      ]);
      expect(byFormula.field('r')!.clonedCount).to.equal(5);
      // Bound repeaters ignore manual cloning.
      byFormula.update({ type: 'addClone', id: 'r' });
      expect(byFormula.field('r')!.clonedCount).to.equal(5);
    });
    it('without the formula runtime (NO_FORMULAS): formula counts, group rules and bind_quantity are left alone, nothing reported', () => {
      const options = { formulas: NO_FORMULAS };
      const bound = engineOf(
        [
          { type: 'number', elementId: 'n', value: '3' },
          ...rep({ repeater_bind: 'formula', repeater_bind_formula: '{n.value} * 2', repeater_max: 10 }),
        ],
        { config: { clones: { r: 2 } }, options },
      );
      expect(bound.field('r')!.clonedCount).to.equal(2);
      expect(bound.report).to.deep.equal([]);
      const group = engineOf(
        [
          { type: 'number', elementId: 'x' },
          { type: 'number', elementId: 'y' },
        ],
        {
          extra: {
            form_rules: [{ validationType: 'customFormula', formula: '{x.value} * {y.value}', min: 10 }],
          },
          options,
        },
      );
      group.update({ type: 'value', id: 'x', value: '2' });
      group.update({ type: 'value', id: 'y', value: '3' });
      group.update({ type: 'submit' });
      expect(group.state().errors).to.deep.equal([]);
      const qty = engineOf(
        [{ type: 'number', elementId: 'n', value: '3' }, ...rep({ repeater_bind: 'quantity' })],
        {
          config: { bind_quantity: { enabled: true, formula: '{n.value}' } },
          product: { quantity: 1 },
          options,
        },
      );
      expect(qty.field('r')!.clonedCount).to.equal(0);
      expect(qty.report).to.deep.equal([]);
    });
    it('clones sections; rules and formulas inside a clone read the clone fields', () => {
      const e = createFormEngine(
        {
          sections: [
            {
              extra: { key: 'guest', repeater: true },
              fields: [
                [{ type: 'text', elementId: 'gname', name: 'gname' }],
                [
                  {
                    type: 'text',
                    elementId: 'meal',
                    enableCl: true,
                    relations: [{ rules: [{ cl_field: 'gname', cl_relation: 'is_not_empty' }] }],
                    enablePrice: true,
                    pricingType: 'custom',
                    price: 'length({gname.value})',
                  },
                ],
              ],
            },
          ],
        },
        {},
        { clones: { guest: 1 } },
      );
      expect(e.state().sections.map((s) => s.key)).to.deep.equal(['guest', 'guest_cl_1']);
      expect(e.field('guest_cl_1_s_gname')!.name).to.equal('guest[1][gname]');
      e.update({ type: 'value', id: 'guest_cl_1_s_gname', value: 'Ada' });
      e.update({ type: 'value', id: 'guest_cl_1_s_meal', value: 'veg' });
      expect([e.field('meal')!.status, e.field('guest_cl_1_s_meal')!.status]).to.deep.equal([
        'hidden',
        'visible',
      ]);
      expect(e.field('guest_cl_1_s_meal')!.price).to.equal(3);
      e.update({ type: 'removeClone', id: 'guest_cl_1' });
      expect(e.state().sections.map((s) => s.key)).to.deep.equal(['guest']);
    });
  });

  describe('accordions', () => {
    const three = (settings: Record<string, unknown>, open: string[] = ['open', 'closed', 'closed']) =>
      createFormEngine(
        {
          sections: open.map((o, i) => ({
            extra: { key: `s${i}`, accordionOpen: o },
            fields: [[{ type: 'text', elementId: `f${i}` }]],
          })),
          settings,
        },
        {},
        {},
      );
    const opened = (e: ReturnType<typeof three>) => e.state().sections.map((s) => s.open);
    it('open / closed per section, all_opened / all_closed for the form', () => {
      expect(opened(three({}))).to.deep.equal([true, false, false]);
      expect(opened(three({ accordion_mode: 'all_opened' }))).to.deep.equal([true, true, true]);
      expect(opened(three({ accordion_mode: 'all_closed' }))).to.deep.equal([false, false, false]);
    });
    it('auto-close: opening one closes the others', () => {
      const e = three({ accordion_auto_close: true });
      e.update({ type: 'toggleSection', key: 's2' });
      expect(opened(e)).to.deep.equal([false, false, true]);
      const plain = three({});
      plain.update({ type: 'toggleSection', key: 's2' });
      expect(opened(plain)).to.deep.equal([true, false, true]);
    });
    it('auto-open-next after the last visible field of a section is answered', () => {
      const e = three({ accordion_auto_open_next: true });
      e.update({ type: 'value', id: 'f0', value: 'done' });
      expect(opened(e)).to.deep.equal([true, true, false]);
    });
  });

  describe('posted form data', () => {
    it('posts visible fields with WCPA names and markers', () => {
      const e = engineOf(
        [
          { type: 'text', elementId: 't', name: 'note', value: 'hi' },
          {
            type: 'checkbox-group',
            elementId: 'c',
            name: 'extras',
            values: [{ value: 'a' }, { value: 'b' }],
            other: true,
            enable_quantity: true,
          },
          {
            type: 'radio-group',
            elementId: 'r',
            name: 'size',
            values: [{ value: 's', selected: true }, { value: 'm' }],
          },
          { type: 'number', elementId: 'n', name: 'count', enable_quantity: true },
          {
            type: 'text',
            elementId: 'h',
            name: 'hidden_one',
            value: 'x',
            enableCl: true,
            relations: [{ rules: [{ cl_field: 't', cl_relation: 'is', cl_val: 'no' }] }],
          },
          { type: 'file', elementId: 'f', name: 'upload' },
          { type: 'date', elementId: 'd', name: 'stay', picker_mode: 'range' },
          { type: 'checkbox', elementId: 'k', name: 'agree' },
        ],
        { config: { cartKey: 'abc123' } },
      );
      e.update({ type: 'value', id: 'c', value: ['b', 'WCPAOTH gift'], quantity: { b: 2 } });
      e.update({ type: 'value', id: 'n', value: '3', quantity: 4 });
      e.update({
        type: 'value',
        id: 'f',
        value: [{ name: 'a.png', size: 5, uploaded: true, url: 'https://x/a.png', type: 'image/png' }],
      });
      e.update({ type: 'value', id: 'd', value: ['2024-03-20', '2024-03-22'] });
      e.update({ type: 'value', id: 'k', value: true });
      expect(e.formData()).to.deep.equal([
        ['note', 'hi'],
        ['extras[]', 'b'],
        ['extras_quantity[1]', '2'],
        ['extras[]', 'WCPAOTH gift'],
        ['extras_quantity[other]', '1'],
        ['size', 's'],
        ['count', '3'],
        ['count_quantity', '4'],
        [
          'upload',
          JSON.stringify([{ file_name: 'a.png', url: 'https://x/a.png', type: 'image/png', size: 5 }]),
        ],
        ['stay[start]', '2024-03-20'],
        ['stay[end]', '2024-03-22'],
        ['agree', '1'],
        ['wcpa_cart_item_key', 'abc123'],
      ]);
    });
    it('posts clone counts and clone names', () => {
      const e = engineOf([{ type: 'text', elementId: 'r', name: 'line', repeater: true }]);
      e.update({ type: 'addClone', id: 'r' });
      e.update({ type: 'value', id: 'r_cl_1', value: 'two' });
      expect(e.formData()).to.deep.equal([
        ['line_cl[1]', 'two'],
        ['wcpa_clones', '{"r":1}'],
      ]);
    });
  });

  describe('product and quantity binding', () => {
    it('bind_quantity sets the product quantity from a formula', () => {
      const e = engineOf([{ type: 'number', elementId: 'n', enablePrice: true, price: 1 }], {
        config: { bind_quantity: { enabled: true, formula: '{n.value}' } },
      });
      e.update({ type: 'value', id: 'n', value: '4' });
      expect(e.state().summary.quantity).to.equal(4);
    });
    it('a variation change re-prices percentage fields', () => {
      const e = engineOf([
        { type: 'text', elementId: 'p', value: 'x', enablePrice: true, pricingType: 'percentage', price: 50 },
      ]);
      expect(e.field('p')!.price).to.equal(5);
      e.update({ type: 'product', product: { product_price: 30 } });
      expect(e.field('p')!.price).to.equal(15);
    });
  });
});
