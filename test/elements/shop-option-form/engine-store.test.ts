import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { formulaRuntime } from '../../../elements/shop-option-form/engine/formula.ts';
import type { FormState } from '../../../elements/shop-option-form/engine/index.ts';
import { createFormStore, withMoneyFormat } from '../../../elements/shop-option-form/engine/store.ts';
import { $moneyFormat, $pageConfig, setPageConfig } from '../../../shared/stores/page-config.ts';
import { generateForm, valueFor } from './generate.ts';
import { oneSection } from './helpers.ts';

const now = () => new Date(2024, 2, 15, 12, 0, 0);
const priced = { type: 'number', elementId: 'n', enablePrice: true, pricingType: 'multiply', price: 1000 };
const form = oneSection([priced, { type: 'text', elementId: 't' }]);
const product = { product_price: 234.5, quantity: 1 };

const euro = {
  code: 'EUR',
  symbol: '€',
  decimals: 2,
  decimal_separator: ',',
  thousand_separator: '.',
  position: 'right_space' as const,
};

describe('shop-option-form engine store', () => {
  const original = $pageConfig.get();
  afterEach(() => $pageConfig.set(original));

  describe('state', () => {
    it('$state holds the projected form state from the start', () => {
      const store = createFormStore(form, product, {}, { now });
      const state = store.$state.get();
      expect(state.fields.map((f) => f.elementId)).to.deep.equal(['n', 't']);
      expect(state.summary.total).to.equal(234.5);
      expect(state.errors).to.deep.equal([]);
      expect(store.field('t')!.value).to.equal('');
    });

    it('subscribers see each update that changes something', () => {
      const store = createFormStore(form, product, {}, { now });
      const seen: FormState[] = [];
      const stop = store.$state.listen((s) => seen.push(s));
      const result = store.update({ type: 'value', id: 'n', value: '2' });
      expect(result.fields.map((f) => f.elementId)).to.deep.equal(['n']);
      expect(seen).to.have.length(1);
      expect(seen[0].fields[0].value).to.equal('2');
      expect(seen[0].fields[0].price).to.equal(2000);
      expect(seen[0].summary.total).to.equal(2234.5);
      store.update({ type: 'value', id: 't', value: 'Hello' });
      expect(seen).to.have.length(2);
      expect(seen[1].fields[1].value).to.equal('Hello');
      // The field that did not change keeps its object, so views can skip it.
      expect(seen[1].fields[0] === seen[0].fields[0]).to.equal(true);
      stop();
    });

    it('an update that changes nothing does not notify', () => {
      const store = createFormStore(form, product, {}, { now });
      let calls = 0;
      const stop = store.$state.listen(() => calls++);
      store.update({ type: 'blur', id: 'no-such-field' });
      store.recomputeAll();
      expect(calls).to.equal(0);
      stop();
    });

    it('passes formData and report through from the engine', () => {
      const store = createFormStore(form, product, {}, { now });
      store.update({ type: 'value', id: 't', value: 'Hi' });
      expect(store.formData()).to.deep.equal([['t', 'Hi']]);
      const bad = createFormStore(
        oneSection([
          { type: 'number', elementId: 'a', enablePrice: true, pricingType: 'custom', price: '1 +' },
        ]),
        product,
        {},
        { formulas: formulaRuntime },
      );
      expect(bad.report.some((r) => r.elementId === 'a' && r.setting === 'price')).to.equal(true);
    });

    it('without a formula runtime formulas are unavailable: price 0 with a formulaError, nothing reported', () => {
      const def = oneSection([
        { type: 'number', elementId: 'a', enablePrice: true, pricingType: 'custom', price: '{value} * 2' },
        { type: 'number', elementId: 'b', enablePrice: true, pricingType: 'fixed', price: 3 },
      ]);
      const bare = createFormStore(def, product, {});
      bare.update({ type: 'value', id: 'a', value: '5' });
      bare.update({ type: 'value', id: 'b', value: '1' });
      expect(bare.report).to.deep.equal([]);
      expect(bare.field('a')?.price).to.equal(0);
      expect(bare.field('a')?.formulaError).to.be.a('string');
      expect(bare.field('b')?.price).to.equal(3);
      const full = createFormStore(def, product, {}, { formulas: formulaRuntime });
      full.update({ type: 'value', id: 'a', value: '5' });
      expect(full.field('a')?.price).to.equal(10);
    });
  });

  describe('destroy', () => {
    it('stops updates: subscribers hear nothing and the state stays', () => {
      const store = createFormStore(form, product, {}, { now });
      let calls = 0;
      const stop = store.$state.listen(() => calls++);
      store.update({ type: 'value', id: 'n', value: '1' });
      expect(calls).to.equal(1);
      const before = store.$state.get();
      store.destroy();
      const result = store.update({ type: 'value', id: 'n', value: '5' });
      store.recomputeAll();
      expect(calls).to.equal(1);
      expect(store.$state.get() === before).to.equal(true);
      expect(result.fields).to.deep.equal([]);
      expect(result.summary.total).to.equal(1234.5);
      stop();
    });
  });

  describe('money format', () => {
    // The engine reads no page store: the element passes the page's $moneyFormat as `moneyFormat`
    // (shop-option-form.controller.ts; its test covers the page's format reaching the form).
    it('comes from the moneyFormat option (the page format) when the config gives none', () => {
      setPageConfig({ currency: euro });
      const store = createFormStore(form, product, {}, { now, moneyFormat: $moneyFormat.get() });
      store.update({ type: 'value', id: 'n', value: '1' });
      const state = store.$state.get();
      expect(state.summary.formatted.total).to.equal('1.234,50\u00a0€');
      expect(state.fields[0].viewPrice).to.equal('1.000,00\u00a0€');
      expect(state.sections[0].viewPrice).to.equal('1.000,00\u00a0€');
    });

    it('follows the format decimals for rounding too', () => {
      setPageConfig({ currency: { ...euro, decimals: 0 } });
      const store = createFormStore(form, product, {}, { now, moneyFormat: $moneyFormat.get() });
      expect(store.$state.get().summary.formatted.total).to.equal('235\u00a0€');
    });

    it('the moneyFormat option is what counts, not the page store', () => {
      setPageConfig({ currency: euro });
      const store = createFormStore(form, product, undefined, {
        now,
        moneyFormat: { currencySymbol: '£', position: 'left', decimalSeparator: '.', thousandSeparator: ',' },
      });
      expect(store.$state.get().summary.formatted.total).to.equal('£234.50');
      const bare = createFormStore(form, product, {}, { now });
      expect(bare.$state.get().summary.formatted.total).to.not.include('€');
    });

    it("the config's own money settings win field by field", () => {
      setPageConfig({ currency: euro });
      const store = createFormStore(
        form,
        product,
        { money: { currencySymbol: 'EUR', hideZero: true } },
        { now, moneyFormat: $moneyFormat.get() },
      );
      expect(store.$state.get().summary.formatted.total).to.equal('234,50\u00a0EUR');
      expect(store.$state.get().summary.formatted.fee).to.equal('');
    });

    it('leaves config that is not an object to the engine, which reports it', () => {
      expect(withMoneyFormat('nonsense', { currencySymbol: '€' })).to.equal('nonsense');
      expect(withMoneyFormat({ money: 5 }, { currencySymbol: '€' })).to.deep.equal({ money: 5 });
      expect(withMoneyFormat(null, { currencySymbol: '€', decimals: undefined })).to.deep.equal({
        money: { currencySymbol: '€' },
      });
      const store = createFormStore(form, product, 'nonsense', { now });
      expect(store.report.some((r) => r.elementId === 'config')).to.equal(true);
    });
  });
});

describe('shop-option-form engine store: incremental state', () => {
  it('property: the published state, patched with what each update changed, equals the whole projection', () => {
    const change = fc.oneof(
      fc.record({
        type: fc.constant('value' as const),
        i: fc.nat(59),
        r: fc.double({ min: 0, max: 0.999, noNaN: true }),
      }),
      fc.record({
        type: fc.constantFrom(
          'blur' as const,
          'submit' as const,
          'addClone' as const,
          'removeClone' as const,
        ),
        i: fc.nat(59),
      }),
      fc.record({ type: fc.constant('toggleSection' as const), i: fc.nat(5) }),
      fc.record({ type: fc.constant('productQuantity' as const), i: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ type: fc.constant('product' as const), i: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.nat(10000), fc.array(change, { minLength: 1, maxLength: 30 }), (seed, changes) => {
        const form = generateForm(seed, 60, 30, 15, 4, 8);
        // Repeaters and an accordion, so clones (structure changes) and toggles are covered too.
        Object.assign(form.sections[1].extra, { repeater: true, repeater_max: 3, accordionOpen: 'closed' });
        Object.assign(form.sections[0].fields[2][0] as object, { repeater: true, repeater_max: 3 });
        const store = createFormStore(form, { product_price: 10 }, {}, { now, formulas: formulaRuntime });
        const cloneable = ['f2', 's1', 'f2_cl_1', 's1_cl_1'];
        for (const c of changes) {
          if (c.type === 'value') store.update({ type: 'value', id: `f${c.i}`, value: valueFor(c.i, c.r) });
          else if (c.type === 'toggleSection') store.update({ type: 'toggleSection', key: `s${c.i}` });
          else if (c.type === 'productQuantity') store.update({ type: 'productQuantity', quantity: c.i });
          else if (c.type === 'product') store.update({ type: 'product', product: { product_price: c.i } });
          else if (c.type === 'addClone' || c.type === 'removeClone')
            store.update({ type: c.type, id: cloneable[c.i % cloneable.length] });
          else store.update({ type: c.type, id: `f${c.i}` });
        }
        const state = store.$state.get();
        // Every field object is the one the engine projects now (a missed change would differ).
        const ids = store.layout().sections.flatMap((x) => x.rows.flat());
        expect(state.fields.map((f) => f.elementId)).to.deep.equal(
          [...store.layout().fields.values()].sort((a, b) => a.order - b.order).map((f) => f.id),
        );
        expect(ids.every((id) => state.fields.some((f) => f.elementId === id))).to.equal(true);
        for (const f of state.fields) expect(store.field(f.elementId) === f, f.elementId).to.equal(true);
        // Sections, summary and errors agree with a full recompute (which publishes nothing new).
        const before = store.$state.get();
        store.recomputeAll();
        const after = store.$state.get();
        expect(after.sections.map((x) => [x.key, x.status, x.open, x.price])).to.deep.equal(
          state.sections.map((x) => [x.key, x.status, x.open, x.price]),
        );
        expect(after.summary).to.deep.equal(before.summary);
        expect(after.errors).to.deep.equal(before.errors);
      }),
      { numRuns: 80 },
    );
  });
});
