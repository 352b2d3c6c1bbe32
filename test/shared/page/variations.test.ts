import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  choiceInfo,
  choiceStates,
  deselectUnavailable,
  findVariation,
  isMatch,
  matching,
  selectable,
} from '../../../shared/page/variations.ts';
import type { Attributes, Variation } from '../../../shared/shop/types.ts';
import { FUZZ_SEED } from '../../helpers/fuzz.ts';

// The fixed seed of every fuzz run (test/helpers/fuzz.ts): the same cases in every run and engine.
fc.configureGlobal({ seed: FUZZ_SEED });

/** A generated product: 1-3 attributes of 1-4 values, variations over them ('' = any), stock. */
const product = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }).chain((sizes) => {
  const names = sizes.map((_, i) => `attribute_pa_a${i}`);
  const values = Object.fromEntries(
    sizes.map((n, i) => [names[i], Array.from({ length: n }, (_, j) => `v${j}`)]),
  );
  const variation = fc.record({
    attributes: fc.tuple(...names.map((name) => fc.constantFrom('', ...values[name]))),
    is_in_stock: fc.boolean(),
    variation_is_active: fc.integer({ min: 0, max: 9 }).map((n) => n !== 0),
    max_qty: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 10 })),
  });
  return fc.record({
    names: fc.constant(names),
    values: fc.constant(values as Record<string, string[]>),
    variations: fc.array(variation, { maxLength: 12 }).map((list) =>
      list.map(
        (v, i): Variation => ({
          ...v,
          variation_id: i + 1,
          attributes: Object.fromEntries(names.map((n, k) => [n, v.attributes[k]])),
        }),
      ),
    ),
    chosen: fc
      .tuple(...names.map((name) => fc.constantFrom('', ...values[name])))
      .map((picked): Attributes => Object.fromEntries(names.map((n, k) => [n, picked[k]]))),
    hideOutOfStock: fc.boolean(),
    threshold: fc.integer({ min: 0, max: 5 }),
  });
});

describe('variation rules (pure)', () => {
  it("matches like WooCommerce's isMatch: empty on either side is any", () => {
    expect(isMatch({ a: 'x', b: '' }, { a: 'x', b: 'y' })).to.equal(true);
    expect(isMatch({ a: 'x' }, { a: '' })).to.equal(true);
    expect(isMatch({ a: 'x' }, { a: 'y' })).to.equal(false);
  });

  it('an enabled choice always leads to at least one active variation in stock', () => {
    fc.assert(
      fc.property(product, (p) => {
        const states = choiceStates(p.variations, p.values, p.chosen, p);
        for (const name of p.names)
          for (const value of p.values[name]) {
            const { state } = states[name][value];
            const found = matching(p.variations, { ...p.chosen, [name]: value }).filter(
              (v) => v.variation_is_active !== false,
            );
            if (state === 'enabled') expect(found.some((v) => v.is_in_stock)).to.equal(true);
            if (state === 'disabled') expect(found).to.have.length(0);
            if (state === 'no-stock' || state === 'hidden') {
              expect(found.length > 0 && found.every((v) => !v.is_in_stock)).to.equal(true);
              expect(state).to.equal(p.hideOutOfStock ? 'hidden' : 'no-stock');
            }
          }
      }),
    );
  });

  it('the found variation matches every chosen attribute, "any" included, and needs a complete choice', () => {
    fc.assert(
      fc.property(product, (p) => {
        const found = findVariation(p.variations, p.names, p.chosen);
        const complete = p.names.every((n) => p.chosen[n] !== '');
        if (!complete) expect(found).to.equal(undefined);
        if (found) {
          for (const name of p.names) expect([p.chosen[name], '']).to.include(found.attributes[name]);
          expect(found.variation_is_active).to.not.equal(false);
          // In stock whenever a matching active variation is.
          const inStock = matching(p.variations, p.chosen).some(
            (v) => v.is_in_stock && v.variation_is_active,
          );
          if (inStock) expect(found.is_in_stock).to.equal(true);
        } else if (complete) {
          expect(matching(p.variations, p.chosen).filter((v) => v.variation_is_active)).to.have.length(0);
        }
      }),
    );
  });

  it('after deselecting unavailable choices every remaining choice is selectable, and only those were cleared', () => {
    fc.assert(
      fc.property(product, (p) => {
        const next = deselectUnavailable(p.variations, p.names, p.chosen, p);
        for (const name of p.names) {
          expect([p.chosen[name], '']).to.include(next[name]);
          if (next[name]) {
            const { state } = choiceInfo(p.variations, p.names, next, name, next[name], p);
            expect(selectable(state), `${name}=${next[name]}`).to.equal(true);
          }
        }
      }),
    );
  });

  it('choosing only enabled swatches never reaches an unavailable combination', () => {
    fc.assert(
      fc.property(product, fc.array(fc.nat(), { maxLength: 8 }), (p, picks) => {
        let chosen: Attributes = Object.fromEntries(p.names.map((n) => [n, '']));
        for (const pick of picks) {
          const name = p.names[pick % p.names.length];
          const states = choiceStates(p.variations, p.values, chosen, p)[name];
          const enabled = p.values[name].filter((v) => selectable(states[v].state));
          if (enabled.length === 0) continue;
          chosen = { ...chosen, [name]: enabled[pick % enabled.length] };
          expect(deselectUnavailable(p.variations, p.names, chosen, p)).to.deep.equal(chosen);
        }
        if (p.names.every((n) => chosen[n])) {
          const found = findVariation(p.variations, p.names, chosen);
          expect(found?.is_in_stock).to.equal(true);
        }
      }),
    );
  });

  it('the low-stock label shows at or below the threshold, only for a choice that completes a variation', () => {
    fc.assert(
      fc.property(product, (p) => {
        const states = choiceStates(p.variations, p.values, p.chosen, p);
        for (const name of p.names)
          for (const value of p.values[name]) {
            const { stockLeft } = states[name][value];
            if (stockLeft === null) continue;
            const next = { ...p.chosen, [name]: value };
            const found = findVariation(p.variations, p.names, next)!;
            expect(found.max_qty).to.equal(stockLeft);
            expect(stockLeft).to.be.at.most(p.threshold);
            expect(p.threshold).to.be.above(0);
          }
      }),
    );
  });

  it('handles thousands of variations (no limit on their number)', () => {
    const values = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const sizes = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const variations: Variation[] = values.flatMap((c, i) =>
      sizes.map((s, j) => ({
        variation_id: i * 100 + j,
        attributes: { attribute_color: c, attribute_size: s },
        is_in_stock: (i + j) % 7 !== 0,
        max_qty: 3,
      })),
    );
    const names = ['attribute_color', 'attribute_size'];
    const chosen = { attribute_color: 'c49', attribute_size: '' };
    const states = choiceStates(variations, { attribute_color: values, attribute_size: sizes }, chosen, {
      threshold: 3,
    });
    expect(states.attribute_size.s0.state).to.equal('no-stock'); // (49 + 0) % 7 === 0
    expect(states.attribute_size.s1).to.deep.equal({ state: 'enabled', stockLeft: 3 });
    expect(findVariation(variations, names, { ...chosen, attribute_size: 's39' })?.variation_id).to.equal(
      4939,
    );
  });
});
