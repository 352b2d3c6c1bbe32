import { expect } from '@open-wc/testing';
import { createFormEngine } from '../../../elements/shop-option-form/engine/index.ts';
import { engineOf } from './helpers.ts';

/** A source field `src` of `type`, and a target shown when `src <relation> clVal`. */
function relationEngine(
  type: string,
  relation: string,
  clVal: unknown,
  extraSrc: Record<string, unknown> = {},
) {
  return engineOf([
    { type, elementId: 'src', ...extraSrc },
    {
      type: 'text',
      elementId: 'target',
      enableCl: true,
      cl_rule: 'show',
      relations: [{ rules: [{ cl_field: 'src', cl_relation: relation, cl_val: clVal }] }],
    },
  ]);
}
function shownFor(
  type: string,
  relation: string,
  clVal: unknown,
  value: unknown,
  extraSrc: Record<string, unknown> = {},
) {
  const e = relationEngine(type, relation, clVal, extraSrc);
  e.update({ type: 'value', id: 'src', value: value as never });
  return e.field('target')!.status === 'visible';
}

describe('shop-option-form engine: conditional logic', () => {
  describe('the 20 relations', () => {
    const cases: Array<[string, string, unknown, unknown, boolean, Record<string, unknown>?]> = [
      ['text', 'is', 'Red', 'red', true],
      ['text', 'is', 'red', 'blue', false],
      ['text', 'is_not', 'red', 'blue', true],
      ['text', 'is_not', 'red', 'red', false],
      [
        'checkbox-group',
        'is_in',
        'a, b',
        ['b'],
        true,
        { values: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
      ],
      [
        'checkbox-group',
        'is_in',
        ['a', 'b'],
        ['c'],
        false,
        { values: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
      ],
      [
        'checkbox-group',
        'is_not_in',
        'a,b',
        ['c'],
        true,
        { values: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
      ],
      ['checkbox-group', 'is_not_in', 'a,b', ['a'], false, { values: [{ value: 'a' }, { value: 'b' }] }],
      ['text', 'is_empty', '', '', true],
      ['text', 'is_empty', '', 'x', false],
      ['text', 'is_not_empty', '', 'x', true],
      ['text', 'is_not_empty', '', '  ', true],
      ['number', 'is_greater', '5', '6', true],
      ['number', 'is_greater', '5', '5', false],
      ['number', 'is_greater_or_equal', '5', '5', true],
      ['number', 'is_greater_or_equal', '5', '4', false],
      ['number', 'is_lessthan', '5', '4', true],
      ['number', 'is_lessthan', '5', '5', false],
      ['number', 'is_lessthan_or_equal', '5', '5', true],
      ['number', 'is_lessthan_or_equal', '5', '6', false],
      ['date', 'is_greater', '2024-01-01', '2024-02-01', true],
      ['text', 'contains', 'ell', 'Hello', true],
      ['text', 'contains', 'xyz', 'Hello', false],
      ['text', 'not_contains', 'xyz', 'Hello', true],
      ['text', 'not_contains', 'ell', 'Hello', false],
      ['text', 'starts_with', 'he', 'Hello', true],
      ['text', 'starts_with', 'lo', 'Hello', false],
      ['text', 'ends_with', 'LO', 'Hello', true],
      ['text', 'ends_with', 'he', 'Hello', false],
      ['date', 'year_is', '2024', '2024-06-01', true],
      ['date', 'year_is', '2023', '2024-06-01', false],
      ['date', 'month_is', '6', '2024-06-01', true],
      ['date', 'month_is', 'june', '2024-06-01', true],
      ['date', 'month_is', '7', '2024-06-01', false],
      ['date', 'month_day_is', '1, 15', '2024-06-15', true],
      ['date', 'month_day_is', '2', '2024-06-15', false],
      ['date', 'week_day_is', '6', '2024-06-15', true],
      ['date', 'week_day_is', 'saturday', '2024-06-15', true],
      ['date', 'week_day_is', 'monday', '2024-06-15', false],
    ];
    for (const [type, rel, clVal, value, shown, extra] of cases)
      it(`${rel}: ${JSON.stringify(value)} vs ${JSON.stringify(clVal)} -> ${shown}`, () => {
        expect(shownFor(type, rel, clVal, value, extra)).to.equal(shown);
      });

    it('is_visible / is_not_visible read the source status', () => {
      const e = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 'b',
          enableCl: true,
          cl_rule: 'show',
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: 'yes' }] }],
        },
        {
          type: 'text',
          elementId: 'c',
          enableCl: true,
          cl_rule: 'show',
          relations: [{ rules: [{ cl_field: 'b', cl_relation: 'is_visible' }] }],
        },
        {
          type: 'text',
          elementId: 'd',
          enableCl: true,
          cl_rule: 'show',
          relations: [{ rules: [{ cl_field: 'b', cl_relation: 'is_not_visible' }] }],
        },
      ]);
      expect([e.field('c')!.status, e.field('d')!.status]).to.deep.equal(['hidden', 'visible']);
      e.update({ type: 'value', id: 'a', value: 'yes' });
      expect([e.field('c')!.status, e.field('d')!.status]).to.deep.equal(['visible', 'hidden']);
    });
    it('the other option compares as "other" and its text for text relations', () => {
      expect(shownFor('radio-group', 'is', 'other', ['WCPAOTH custom'], { other: true })).to.equal(true);
      expect(shownFor('radio-group', 'contains', 'cust', ['WCPAOTH custom'], { other: true })).to.equal(true);
    });
  });

  describe('actions and combination', () => {
    const rule = (action: string) =>
      engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 't',
          enableCl: true,
          cl_rule: action,
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: 'x' }] }],
        },
      ]);
    it('show: true -> visible, false -> hidden', () => {
      const e = rule('show');
      expect(e.field('t')!.status).to.equal('hidden');
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('t')!.status).to.equal('visible');
    });
    it('hide: true -> hidden, false -> visible', () => {
      const e = rule('hide');
      expect(e.field('t')!.status).to.equal('visible');
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('t')!.status).to.equal('hidden');
    });
    it('disable: true -> disable, false -> visible', () => {
      const e = rule('disable');
      expect(e.field('t')!.status).to.equal('visible');
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('t')!.status).to.equal('disable');
    });
    it('and/or combine rules left to right, groups likewise', () => {
      const mk = (op: string) =>
        engineOf([
          { type: 'text', elementId: 'a' },
          { type: 'text', elementId: 'b' },
          {
            type: 'text',
            elementId: 't',
            enableCl: true,
            relations: [
              {
                rules: [
                  { cl_field: 'a', cl_relation: 'is', cl_val: '1' },
                  { cl_field: 'b', cl_relation: 'is', cl_val: '1', operator: op },
                ],
              },
            ],
          },
        ]);
      const and = mk('and');
      and.update({ type: 'value', id: 'a', value: '1' });
      expect(and.field('t')!.status).to.equal('hidden');
      and.update({ type: 'value', id: 'b', value: '1' });
      expect(and.field('t')!.status).to.equal('visible');
      const or = mk('or');
      or.update({ type: 'value', id: 'a', value: '1' });
      expect(or.field('t')!.status).to.equal('visible');
      const groups = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 't',
          enableCl: true,
          relations: [
            { rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: '1' }] },
            { operator: 'OR', rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: '2' }] },
          ],
        },
      ]);
      groups.update({ type: 'value', id: 'a', value: '2' });
      expect(groups.field('t')!.status).to.equal('visible');
    });
    it('accepts WCPA nested rule objects { rules: { cl_field, ... }, operator }', () => {
      const e = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 't',
          enableCl: true,
          relations: [
            { rules: [{ rules: { cl_field: 'a', cl_relation: 'is', cl_val: 'x' }, operator: false }] },
          ],
        },
      ]);
      e.update({ type: 'value', id: 'a', value: 'x' });
      expect(e.field('t')!.status).to.equal('visible');
    });
    it('an evaluation failure yields false (non-number compared as number)', () => {
      expect(shownFor('text', 'is_greater', '5', 'abc')).to.equal(false);
      expect(shownFor('text', 'year_is', '2024', 'not a date')).to.equal(false);
    });
    it('a field reading a hidden field sees it as empty (chains collapse)', () => {
      const e = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 'b',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: 'go' }] }],
          value: 'set',
        },
        {
          type: 'text',
          elementId: 'c',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'b', cl_relation: 'is_not_empty' }] }],
        },
      ]);
      expect(e.field('c')!.status).to.equal('hidden');
      e.update({ type: 'value', id: 'a', value: 'go' });
      expect(e.field('c')!.status).to.equal('visible');
    });
  });

  describe('rule sources beyond fields', () => {
    const target = (cl_field: string, cl_relation: string, cl_val: unknown) => [
      {
        type: 'text',
        elementId: 't',
        enableCl: true,
        relations: [{ rules: [{ cl_field, cl_relation, cl_val }] }],
      },
    ];
    it('product quantity, and follows quantity changes', () => {
      const e = engineOf(target('quantity', 'is_greater', 2));
      expect(e.field('t')!.status).to.equal('hidden');
      e.update({ type: 'productQuantity', quantity: 3 });
      expect(e.field('t')!.status).to.equal('visible');
    });
    it('attributes, user roles, product ids, skus, custom fields, stock status and stock quantity', () => {
      const product = {
        product_id: 7,
        variation_id: 9,
        sku: 'TS-1',
        parent_sku: 'TS',
        stock_status: 'instock',
        stock_quantity: 4,
        product_attributes: { pa_color: 'blue' },
        custom_fields: { material: 'cotton' },
      };
      const check = (f: string, rel: string, v: unknown, config = {}) =>
        engineOf(target(f, rel, v), { product, config }).field('t')!.status;
      expect(check('attribute_color', 'is', 'Blue')).to.equal('visible');
      expect(check('attribute_pa_color', 'is', 'red')).to.equal('hidden');
      expect(check('user_roles', 'is', 'customer', { user_roles: ['customer'] })).to.equal('visible');
      expect(check('user_roles', 'is', 'customer')).to.equal('hidden');
      expect(check('product_id', 'is_in', '9,10')).to.equal('visible');
      expect(check('sku', 'is', 'ts')).to.equal('visible');
      expect(check('custom_field.material', 'is', 'cotton')).to.equal('visible');
      expect(check('stock_status', 'is', 'instock')).to.equal('visible');
      expect(check('stock_quantity', 'is_lessthan', '5')).to.equal('visible');
    });
    it('roles can change at run time', () => {
      const e = engineOf(target('user_roles', 'is', 'wholesale'));
      e.update({ type: 'roles', roles: ['wholesale'] });
      expect(e.field('t')!.status).to.equal('visible');
    });
    it('an unknown source is reported and its rule is false', () => {
      const e = engineOf(target('nope', 'is_empty', ''));
      expect(e.field('t')!.status).to.equal('hidden');
      expect(e.report.some((r) => r.elementId === 't' && r.message.includes('"nope"'))).to.equal(true);
    });
  });

  describe('sections, new fields, cycles', () => {
    it('a field in a hidden section counts as hidden', () => {
      const e = createFormEngine(
        {
          sections: [
            { extra: { key: 's1' }, fields: [[{ type: 'text', elementId: 'a' }]] },
            {
              extra: {
                key: 's2',
                enableCl: true,
                relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: 'open' }] }],
              },
              fields: [[{ type: 'text', elementId: 'b', required: true }]],
            },
          ],
        },
        {},
        {},
      );
      expect(e.field('b')!.status).to.equal('hidden');
      expect(e.state().errors).to.deep.equal([]);
      const r = e.update({ type: 'value', id: 'a', value: 'open' });
      expect(e.field('b')!.status).to.equal('visible');
      expect(r.sections.map((s) => [s.key, s.status])).to.deep.include(['s2', 'visible']);
      expect(e.state().errors.map((x) => x.key)).to.deep.equal(['requiredError']);
    });
    it('a newly shown field is marked new for one update', () => {
      const e = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 'b',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is_not_empty' }] }],
        },
      ]);
      expect(e.field('b')!.isNew).to.equal(false);
      const r = e.update({ type: 'value', id: 'a', value: 'x' });
      expect(r.fields.find((f) => f.elementId === 'b')!.isNew).to.equal(true);
      const r2 = e.update({ type: 'value', id: 'a', value: 'xy' });
      expect(r2.fields.find((f) => f.elementId === 'b')!.isNew).to.equal(false);
    });
    it('only dependants of a changed field are re-evaluated and returned', () => {
      const e = engineOf([
        { type: 'text', elementId: 'a' },
        {
          type: 'text',
          elementId: 'b',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is', cl_val: 'x' }] }],
        },
        { type: 'text', elementId: 'c' },
      ]);
      const r = e.update({ type: 'value', id: 'a', value: 'x' });
      expect(r.fields.map((f) => f.elementId)).to.deep.equal(['a', 'b']);
    });
    it('detects and reports dependency cycles, and still evaluates', () => {
      const e = engineOf([
        {
          type: 'text',
          elementId: 'a',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'b', cl_relation: 'is_empty' }] }],
        },
        {
          type: 'text',
          elementId: 'b',
          enableCl: true,
          relations: [{ rules: [{ cl_field: 'a', cl_relation: 'is_empty' }] }],
        },
      ]);
      const cycle = e.report.find((r) => r.message.startsWith('dependency cycle'));
      expect(cycle?.message).to.match(/a -> b|b -> a/);
      expect(() => e.update({ type: 'value', id: 'a', value: 'x' })).not.to.throw();
    });
  });
});
