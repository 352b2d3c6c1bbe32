import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { createFormEngine, type FormEngine } from '../../../elements/shop-option-form/engine/index.ts';
import { FUZZ_SEED } from '../../helpers/fuzz.ts';
import { generateForm, valueFor } from './generate.ts';

// The fixed seed of every fuzz run (test/helpers/fuzz.ts): the same cases in every run and engine.
fc.configureGlobal({ seed: FUZZ_SEED });

/** What a full recompute must agree on: value, status, price and errors of every field, and the summary. */
function snapshot(e: FormEngine) {
  const s = e.state();
  return {
    fields: s.fields.map((f) => [f.elementId, f.value, f.status, f.price, f.rawPrice, Object.keys(f.error)]),
    sections: s.sections.map((x) => [x.key, x.status, x.price]),
    summary: s.summary,
    errors: s.errors,
  };
}

describe('shop-option-form engine: incremental evaluation', () => {
  it('property: after any sequence of changes, incremental results equal a full recompute', () => {
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('value' as const),
        i: fc.nat(59),
        r: fc.double({ min: 0, max: 0.999, noNaN: true }),
      }),
      fc.record({ kind: fc.constant('qty' as const), q: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ kind: fc.constant('price' as const), p: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.nat(10000), fc.array(change, { minLength: 1, maxLength: 25 }), (seed, changes) => {
        const form = generateForm(seed, 60, 30, 15, 4, 8);
        const e = createFormEngine(form, { product_price: 10 }, {});
        const fresh = () => createFormEngine(form, { product_price: 10 }, {});
        const replay: Array<Parameters<FormEngine['update']>[0]> = [];
        for (const c of changes) {
          const ch =
            c.kind === 'value'
              ? { type: 'value' as const, id: `f${c.i}`, value: valueFor(c.i, c.r) }
              : c.kind === 'qty'
                ? { type: 'productQuantity' as const, quantity: c.q }
                : { type: 'product' as const, product: { product_price: c.p } };
          replay.push(ch);
          e.update(ch);
        }
        const incremental = snapshot(e);
        e.recomputeAll();
        expect(snapshot(e)).to.deep.equal(incremental);
        // And equal to a brand-new engine fed the same changes.
        const other = fresh();
        for (const ch of replay) other.update(ch);
        expect(snapshot(other)).to.deep.equal(incremental);
      }),
      { numRuns: 60 },
    );
  });

  it('property: update never throws, whatever the change', () => {
    const e = createFormEngine(generateForm(7, 40, 20, 10, 3), {}, {});
    const anyChange = fc.record({
      type: fc.constantFrom(
        'value',
        'quantity',
        'productQuantity',
        'product',
        'roles',
        'blur',
        'submit',
        'addClone',
        'removeClone',
        'toggleSection',
        'bogus',
      ),
      id: fc.oneof(fc.constantFrom('f1', 'f2', 's0', '__proto__', 'constructor'), fc.string()),
      key: fc.string(),
      value: fc.anything(),
      quantity: fc.anything(),
      product: fc.anything(),
      roles: fc.anything(),
    });
    fc.assert(
      fc.property(anyChange, (c) => {
        expect(() => e.update(c as never)).not.to.throw();
      }),
      { numRuns: 500 },
    );
  });

  it('touches only the dependants of a change in a large form', () => {
    const e = createFormEngine(generateForm(3, 400, 120, 40, 8), { product_price: 10 }, {});
    const r = e.update({ type: 'value', id: 'f399', value: '5' });
    expect(r.fields.map((f) => f.elementId)).to.deep.equal(['f399']);
  });
});
