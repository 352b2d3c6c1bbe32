import { expect } from '@open-wc/testing';
import type { z } from 'zod';
import * as reviews from '../../../elements/shop-reviews/shop-reviews.data.ts';
import * as classic from '../../../shared/shop/schemas.ts';
import * as shopify from '../../../shared/shop/shopify/shopify-schemas.ts';
import * as storeApi from '../../../shared/shop/store-api/store-api-schemas.ts';
import {
  expectNoPollution,
  fuzz,
  hostileReply,
  type Piece,
  prototypeKeys,
  SCHEMA_RUNS,
} from '../../helpers/fuzz.ts';

/**
 * The hostile-input fuzz (test/helpers/fuzz.ts) over every shop reply schema: the classic
 * endpoints', the Store API's, Shopify's and the reviews endpoint's. Each reply, as a value and as
 * JSON text parsed: `safeParse` never throws, nothing reaches a prototype, and what it gives back
 * has only plain objects and arrays (a `__proto__` member never became a prototype).
 */

/** Every zod schema a module exports. */
function schemasOf(module: Record<string, unknown>, prefix: string): Array<[string, z.ZodType]> {
  return Object.entries(module)
    .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
    .map(([name, value]) => [`${prefix}.${name}`, value as z.ZodType]);
}

const SCHEMAS = [
  ...schemasOf(classic, 'classic'),
  ...schemasOf(storeApi, 'store-api'),
  ...schemasOf(shopify, 'shopify'),
  ...schemasOf(reviews, 'reviews'),
];

/** The first object below `value` (at most 200 levels down) whose prototype is not a plain one. */
function oddPrototype(value: unknown): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null || depth > 200) continue;
    const proto = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
      return `an object with the prototype ${JSON.stringify(proto)?.slice(0, 80)}`;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return null;
}

describe('shop reply schemas: fuzz (hostile replies)', () => {
  it('covers the schemas of every adapter', () => {
    expect(SCHEMAS.map(([name]) => name)).to.include.members([
      'classic.fragmentsResponse',
      'classic.searchResponse',
      'store-api.storeApiCart',
      'shopify.shopifyCart',
      'reviews.reviewSchema',
    ]);
  });

  for (const [name, schema] of SCHEMAS) {
    it(`${name}: never throws, nothing reaches a prototype`, async () => {
      await fuzz(
        hostileReply,
        (reply: Piece) => {
          const before = prototypeKeys();
          const inputs: unknown[] = [reply.value];
          try {
            inputs.push(JSON.parse(reply.text));
          } catch {
            // Deeper than this engine's JSON parser goes: only the value.
          }
          for (const input of inputs) {
            const result = schema.safeParse(input);
            const where = `${name} given ${reply.text.slice(0, 160)}`;
            if (result.success) expect(oddPrototype(result.data), where).to.equal(null);
            expectNoPollution(before, where);
          }
        },
        SCHEMA_RUNS,
      );
    });
  }
});
