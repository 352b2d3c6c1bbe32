import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { toNumber as coerceNumber } from '../../../elements/shop-option-form/engine/coerce.ts';
import {
  compileFormula,
  evaluateFormula,
  evaluateNumber,
  type FormulaRef,
  toNumber,
} from '../../../elements/shop-option-form/engine/formula.ts';

const values: Record<string, number | string | null> = {
  'self.value': 4,
  'field.w.value': 3,
  'field.h.value': 5,
  'product.product_price': 20,
  'product.quantity': 2,
  'field.t.value': 'hello world',
};
const resolve = (ref: FormulaRef) => {
  const key =
    ref.kind === 'self'
      ? `self.${ref.prop}`
      : ref.kind === 'field'
        ? `field.${ref.id}.${ref.prop}`
        : ref.kind === 'product'
          ? `product.${ref.key}`
          : ref.kind;
  const v = values[key] ?? null;
  return 'length' in ref && ref.length ? String(v ?? '').length : v;
};
const num = (src: string) => evaluateNumber(compileFormula(src), resolve);
const val = (src: string) => evaluateFormula(compileFormula(src), resolve);

describe('shop-option-form engine: formula language', () => {
  describe('syntax', () => {
    it('computes arithmetic with precedence and parentheses', () => {
      expect(num('1 + 2 * 3').value).to.equal(7);
      expect(num('(1 + 2) * 3').value).to.equal(9);
      expect(num('10 % 4 - -2').value).to.equal(4);
      expect(num('1.5e2 / 3').value).to.equal(50);
    });
    it('compares, combines with && || ! and picks with the ternary operator', () => {
      expect(val('3 > 2 && 2 >= 2').value).to.equal(true);
      expect(val('!(1 == 1) || 1 != 2').value).to.equal(true);
      expect(num('{value} > 3 ? 10 : 5').value).to.equal(10);
      expect(num('{value} < 3 ? 10 : {value} < 5 ? 7 : 1').value).to.equal(7);
    });
    it('handles strings: concatenation, comparison, length', () => {
      expect(val("'a' + 'b'").value).to.equal('ab');
      expect(val('"x" == "X"').value).to.equal(true);
      expect(num("length('héllo')").value).to.equal(5);
    });
  });

  describe('placeholders', () => {
    it('reads its own value, other fields by elementId, product data', () => {
      expect(num('{value} * 2').value).to.equal(8);
      expect(num('{this.value} + 1').value).to.equal(5);
      expect(num('{field.w.value} * {field.h.value}').value).to.equal(15);
      expect(num('{w.value} * {h.value}').value).to.equal(15);
      expect(num('{product_price} * {quantity}').value).to.equal(40);
    });
    it('records the fields a formula reads and whether it reads product data', () => {
      const f = compileFormula('{field.w.value} * {h.value} + {product_price}');
      expect(f.fieldRefs).to.have.members(['w', 'h']);
      expect(f.usesProduct).to.equal(true);
      expect(compileFormula('{value}').usesSelf).to.equal(true);
    });
    it('parses every documented placeholder shape', () => {
      for (const src of [
        '{value.length}',
        '{this.count}',
        '{count}',
        '{this.quantity}',
        '{x.quantity}',
        '{x.count}',
        '{field.x.value.length}',
        '{today}',
        '{today.unixDays}',
        '{now.year}',
        '{original_product_price}',
        '{price_including_tax}',
        '{price_excluding_tax}',
        '{wcpa_pcf_width}',
        '{custom.width}',
        '{unixDays}',
        '{x.price}',
      ])
        expect(compileFormula(src).ok, src).to.equal(true);
    });
    it('refuses unknown placeholders with a clear message', () => {
      const f = compileFormula('{w.constructor}');
      expect(f.ok).to.equal(false);
      expect(f.error).to.contain('not a field property');
    });
  });

  describe('functions', () => {
    it('supports the whitelist', () => {
      expect(num('round(2.345, 2)').value).to.equal(2.35);
      expect(num('round(2.5)').value).to.equal(3);
      expect(num('ceil(1.1) + floor(1.9) + abs(-2)').value).to.equal(5);
      expect(num('min(3, 1, 2) + max(3, 1, 2)').value).to.equal(4);
      expect(num('pow(2, 10) + sqrt(16)').value).to.equal(1028);
      expect(num('wordCount({field.t.value})').value).to.equal(2);
      expect(num('Math.round(1.6) + Math.max(1, 2)').value).to.equal(4);
      expect(num('if({value} > 1, 100, 0)').value).to.equal(100);
    });
    it('checks the number of arguments', () => {
      expect(compileFormula('pow(2)').error).to.contain('takes 2');
    });
  });

  describe('errors give a message and a defined value, never a throw', () => {
    it('division by zero', () => {
      const r = num('1 / 0');
      expect(r.value).to.equal(0);
      expect(r.error).to.contain('division by zero');
    });
    it('syntax errors', () => {
      for (const src of ['1 +', '(1', '1 ? 2', '@', '"open', '{open', '', 'a b']) {
        const r = num(src);
        expect(r.value, src).to.equal(0);
        expect(r.error, src).to.be.a('string');
      }
    });
    it('non-numeric result', () => {
      const r = num("'abc' * 2");
      expect(r.value).to.equal(0);
      expect(r.error).to.contain('not a finite number');
    });
  });

  describe('security: no eval, no prototype access', () => {
    it('refuses member access and unknown names', () => {
      for (const src of [
        'constructor.constructor("return 1")()',
        'constructor',
        '__proto__',
        'this.x',
        'window',
        'globalThis',
        'x[0]',
        'Function("1")',
        'Math.constructor',
        'toString()',
        'valueOf()',
        'hasOwnProperty("a")',
      ]) {
        const r = compileFormula(src);
        expect(r.ok, src).to.equal(false);
      }
    });
    it('looks functions up in a Map, so prototype names are not functions', () => {
      for (const name of [
        'constructor',
        '__proto__',
        'toString',
        'valueOf',
        'hasOwnProperty',
        '__defineGetter__',
      ])
        expect(compileFormula(`${name}(1)`).error, name).to.contain('unknown name');
    });
    it('property: hostile input never throws and never reaches globals or prototypes', () => {
      const pieces = fc.constantFrom(
        'constructor',
        '.',
        '(',
        ')',
        '[',
        ']',
        '{',
        '}',
        '__proto__',
        'prototype',
        'this',
        'value',
        '"',
        "'",
        '+',
        'Function',
        'return',
        'globalThis',
        'window',
        'eval',
        ',',
        '?',
        ':',
        'round',
        '1',
        'field.',
        'x',
        ' ',
        '!',
        '=',
        '&&',
        'Math',
        'Math.',
        'alert',
      );
      const hostile = fc.oneof(
        fc.string(),
        fc.array(pieces, { maxLength: 30 }).map((a) => a.join('')),
      );
      const marker = globalThis as unknown as Record<string, unknown>;
      fc.assert(
        fc.property(hostile, (src) => {
          const before = Object.getOwnPropertyNames(Object.prototype).length;
          const r = evaluateFormula(compileFormula(src), () => ({ evil: true }) as never);
          expect(r.value === null || ['number', 'string', 'boolean'].includes(typeof r.value)).to.equal(true);
          expect(Object.getOwnPropertyNames(Object.prototype).length).to.equal(before);
          expect(marker.pwned).to.equal(undefined);
        }),
        { numRuns: 2000 },
      );
    });
    it('property: evaluating any arithmetic expression never throws and returns a number', () => {
      const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
        e: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => `(${d})`),
          fc.constantFrom('{value}', '{field.w.value}', '{product_price}', '{quantity}', '{missing.value}'),
          fc
            .tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%', '>', '<', '==', '&&', '||'), tie('e'))
            .map(([a, o, b]) => `(${a} ${o} ${b})`),
          fc.tuple(tie('e'), tie('e'), tie('e')).map(([a, b, c]) => `(${a} ? ${b} : ${c})`),
          fc.tuple(fc.constantFrom('round', 'ceil', 'abs', 'sqrt'), tie('e')).map(([f, a]) => `${f}(${a})`),
        ),
      })).e;
      fc.assert(
        fc.property(expr, (src) => {
          const r = num(src);
          expect(Number.isFinite(r.value)).to.equal(true);
        }),
        { numRuns: 1000 },
      );
    });
    it('caches: the same source parses once', () => {
      expect(compileFormula('1 + {value}')).to.equal(compileFormula('1 + {value}'));
    });
  });

  describe('toNumber', () => {
    it('the lazily loaded copy agrees with coerce.ts (pricing and validation use that one)', () => {
      const samples = [null, '', ' 12 ', '1e3', 'abc', true, false, 0, -2.5, Number.NaN, '0x10', '  '];
      for (const v of samples) expect(Object.is(toNumber(v), coerceNumber(v)), String(v)).to.equal(true);
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null)), (v) =>
          Object.is(toNumber(v), coerceNumber(v)),
        ),
      );
    });
  });
});
