import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import '../../shared/zod-config.ts';
import { english } from '../../shared/zod-config.ts';

/** The messages of every issue `schema` raises for `input`, under the configured locale. */
const messages = (schema: z.ZodMiniType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** Schemas and inputs raising each kind of issue our settings schemas can raise. */
const CASES: [string, z.ZodMiniType, unknown][] = [
  ['wrong type', z.string(), 3],
  ['NaN', z.number(), Number.NaN],
  ['Infinity', z.number(), Number.POSITIVE_INFINITY],
  ['null', z.object({ a: z.number() }), { a: null }],
  ['array for object', z.object({}), []],
  ['one literal', z.literal('x'), 'y'],
  ['enum', z.enum(['a', 'b']), 'c'],
  ['long string', z.string().check(z.maxLength(2)), 'abc'],
  ['short string', z.string().check(z.minLength(2)), 'a'],
  ['long array', z.array(z.number()).check(z.maxLength(1)), [1, 2]],
  ['too big number', z.number().check(z.maximum(5)), 6],
  ['too small number', z.number().check(z.minimum(5)), 4],
  ['exclusive bounds', z.number().check(z.gt(5), z.lt(1)), 3],
  ['integer', z.int(), 1.5],
  ['unsafe integer', z.int(), 2 ** 60],
  ['regex', z.string().check(z.regex(/^a+$/)), 'b'],
  ['union', z.union([z.string(), z.number()]), true],
  ['record key', z.partialRecord(z.enum(['a']), z.string()), { b: 'x' }],
  ['record value', z.record(z.string(), z.number()), { a: 'x' }],
  ['multiple of', z.number().check(z.multipleOf(3)), 4],
  ['unrecognized keys', z.strictObject({ a: z.optional(z.string()) }), { b: 1, c: 2 }],
];

describe('shared/zod-config (settings messages, issue 19)', () => {
  it('reads as classic zod, word for word: English messages, never a bare "Invalid input"', () => {
    expect(messages(z.string(), 3)).to.deep.equal(['Invalid input: expected string, received number']);
    expect(messages(z.string().check(z.maxLength(2)), 'abc')).to.deep.equal([
      'Too big: expected string to have <=2 characters',
    ]);
    expect(messages(z.number().check(z.minimum(5)), 4)).to.deep.equal([
      'Too small: expected number to be >=5',
    ]);
    expect(messages(z.enum(['a', 'b']), 'c')).to.deep.equal(['Invalid option: expected one of "a"|"b"']);
  });

  for (const [title, schema, input] of CASES)
    it(`says what zod's own English locale says: ${title}`, () => {
      const ours = messages(schema, input);
      z.config({ localeError: en().localeError });
      try {
        expect(ours).to.not.be.empty;
        expect(ours).to.deep.equal(messages(schema, input));
      } finally {
        z.config({ localeError: english });
      }
    });
});
