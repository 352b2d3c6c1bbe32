/** Generated option forms for property tests and the benchmark (deterministic from a seed). */
const RELATIONS_FOR_TEXT = [
  'is',
  'is_not',
  'is_empty',
  'is_not_empty',
  'contains',
  'starts_with',
  'is_visible',
  'is_not_visible',
];
const RELATIONS_FOR_NUMBER = [
  'is_greater',
  'is_lessthan',
  'is_greater_or_equal',
  'is_lessthan_or_equal',
  'is',
  'is_in',
];

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A form of `fields` fields over `sectionCount` sections, with `rules` conditional fields and
 * `formulas` custom-priced fields. Rules and formulas only read earlier fields (no cycles), and
 * reach back at most `window` fields, like real forms where conditions sit near their sources.
 */
export function generateForm(
  seed: number,
  fields: number,
  rules: number,
  formulas: number,
  sectionCount = 10,
  window = 20,
) {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const defs: Array<Record<string, unknown>> = [];
  const ruleAt = new Set<number>();
  const formulaAt = new Set<number>();
  while (ruleAt.size < Math.min(rules, fields - 1)) ruleAt.add(1 + Math.floor(rand() * (fields - 1)));
  while (formulaAt.size < Math.min(formulas, fields - 1))
    formulaAt.add(1 + Math.floor(rand() * (fields - 1)));
  const earlier = (i: number) => Math.max(0, i - 1 - Math.floor(rand() * Math.min(window, i)));
  for (let i = 0; i < fields; i++) {
    const numeric = i % 3 !== 0;
    const f: Record<string, unknown> = {
      type: numeric ? 'number' : 'text',
      elementId: `f${i}`,
      enablePrice: true,
      price: (i % 7) + 1,
    };
    if (i % 11 === 0) f.required = true;
    if (ruleAt.has(i)) {
      const src = earlier(i);
      const srcNumeric = src % 3 !== 0;
      f.enableCl = true;
      f.cl_rule = pick(['show', 'hide', 'disable']);
      f.relations = [
        {
          rules: [
            srcNumeric
              ? {
                  cl_field: `f${src}`,
                  cl_relation: pick(RELATIONS_FOR_NUMBER),
                  cl_val: String(Math.floor(rand() * 10)),
                }
              : {
                  cl_field: `f${src}`,
                  cl_relation: pick(RELATIONS_FOR_TEXT),
                  cl_val: pick(['a', 'b', 'ab', '']),
                },
          ],
        },
      ];
    }
    if (formulaAt.has(i)) {
      const a = earlier(i);
      const b = earlier(i);
      f.pricingType = 'custom';
      f.price = pick([
        `{f${a}.value} * 2 + {value}`,
        `{f${a}.price} + {f${b}.price} / 2`,
        `{f${a}.value} > 3 ? {product_price} : {quantity}`,
        `round({f${a}.value} * 1.15, 1) + length({f${b}.value})`,
      ]);
    }
    defs.push(f);
  }
  const per = Math.ceil(fields / sectionCount);
  const sections = [];
  for (let s = 0; s < sectionCount; s++) {
    const slice = defs.slice(s * per, (s + 1) * per);
    if (slice.length) sections.push({ extra: { key: `s${s}` }, fields: slice.map((f) => [f]) });
  }
  return { sections };
}

/** A value suitable for field index `i` of a generated form. */
export function valueFor(i: number, r: number): string {
  return i % 3 !== 0 ? String(Math.floor(r * 12)) : ['', 'a', 'b', 'ab', 'ba', 'abc'][Math.floor(r * 6)];
}
