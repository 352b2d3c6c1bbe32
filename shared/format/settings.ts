import * as z from 'zod/mini';

/**
 * Builders for the settings fields every element repeats, on `zod/mini` (issue 19): each field is
 * defaulted, so `schema.parse({})` gives the element's defaults (elements/README.md "Settings").
 * Messages are classic zod's English ones (shared/zod-config.ts loads that locale).
 */

/** A boolean, `fallback` when unset. */
export const bool = (fallback: boolean) => z._default(z.boolean(), fallback);

/** An integer in `[min, max]`, `fallback` when unset. */
export const integer = (fallback: number, min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z._default(z.int().check(z.minimum(min), z.maximum(max)), fallback);

/** A number in `[min, max]`, `fallback` when unset. */
export const decimal = (fallback: number, min: number, max: number) =>
  z._default(z.number().check(z.minimum(min), z.maximum(max)), fallback);

/** A string of at most `max` characters (matching `pattern` when given), `fallback` when unset. */
export const text = (fallback = '', max?: number, pattern?: RegExp) =>
  z._default(
    z.string().check(...(max ? [z.maxLength(max)] : []), ...(pattern ? [z.regex(pattern)] : [])),
    fallback,
  );

/** One of `values`, `fallback` when unset. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z._default(z.enum(values), fallback as never);

/** A WordPress switch as printed in page globals: `true`, `1`, `'1'`, `'yes'` or `'true'` is on. */
export const wpFlag = z.pipe(
  z.union([z.boolean(), z.string(), z.number()]),
  z.transform((v) => v === true || v === 1 || v === '1' || v === 'yes' || v === 'true'),
);
