import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Settings from theme authors are parsed with `zod/mini` (issue 19: the same checks at a fraction
 * of classic zod's size). This module configures it once, before any schema runs; every module
 * that parses at load time imports it first.
 * - zod 4 probes `new Function` to decide whether to compile fast parsers. Under our strict CSP (no
 *   unsafe-eval) that probe is refused and reported as a violation, so it is turned off.
 * - zod/mini loads no locale (every message would read "Invalid input"); the English one gives the
 *   messages classic zod gives, which our reports quote to theme authors.
 */
z.config({ jitless: true, ...en() });
