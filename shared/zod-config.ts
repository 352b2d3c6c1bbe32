import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { util } from 'zod/v4/core';

/**
 * Settings from theme authors are parsed with `zod/mini` (issue 19: the same checks at a fraction
 * of classic zod's size). This module configures it once, before any schema runs; every module
 * that parses at load time imports it first.
 * - zod 4 probes `new Function` to decide whether to compile fast parsers. Under our strict CSP (no
 *   unsafe-eval) that probe is refused and reported as a violation, so it is turned off.
 * - zod/mini loads no locale (every message would read "Invalid input"); {@link english} gives the
 *   messages classic zod gives (its `en` locale), which our reports quote to theme authors.
 */
z.config({ jitless: true, localeError: english });

/** Units of sized values (zod's `en` locale). */
const UNITS: Record<string, string> = {
  string: 'characters',
  file: 'bytes',
  array: 'items',
  set: 'items',
  map: 'entries',
};

const typeName = (type: string, input?: unknown) =>
  type === 'nan'
    ? 'NaN'
    : type === 'number' && typeof input === 'number' && !Number.isFinite(input)
      ? String(input)
      : type;

/**
 * zod's `en` locale, word for word, for the issues our schemas raise, in half its size (issue 19:
 * it rides in the shared chunk). A string format other than `regex` is named by its
 * code (`Invalid email`): no schema of ours checks one (zod's locale spells out emails, UUIDs,
 * prefixes and some thirty others).
 */
export function english(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${typeName(issue.expected)}, received ${typeName(util.parsedType(issue.input), issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${util.stringifyPrimitive(issue.values[0])}`
        : `Invalid option: expected one of ${util.joinValues(issue.values, '|')}`;
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const unit = UNITS[issue.origin as string];
      const adj = issue.exact ? 'exactly ' : (big ? '<' : '>') + (issue.inclusive ? '=' : '');
      return `Too ${big ? 'big' : 'small'}: expected ${big ? (issue.origin ?? 'value') : issue.origin} to ${unit ? 'have' : 'be'} ${adj}${big ? issue.maximum : issue.minimum}${unit ? ` ${unit}` : ''}`;
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? `Invalid string: must match pattern ${issue.pattern}`
        : `Invalid ${issue.format}`;
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${util.joinValues(issue.keys, ', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return `Invalid ${issue.code === 'invalid_key' ? 'key' : 'value'} in ${issue.origin}`;
    default:
      return 'Invalid input';
  }
}
