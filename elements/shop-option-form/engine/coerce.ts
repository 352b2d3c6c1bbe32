/**
 * The number coercion of the formula language, used by pricing and validation too. Kept apart from
 * `formula.ts` so that forms without formulas do not load the parser and interpreter.
 */

/** A runtime value of the formula language. */
export type FormulaValue = number | string | boolean | null;

/** Converts a value to a number: '' and null are 0, non-numeric text is NaN. */
export function toNumber(v: FormulaValue | undefined): number {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const x = Number(v.trim());
  return x;
}
