import { z } from 'zod';

/**
 * zod 4 probes `new Function` to decide whether to compile fast parsers. Under our strict CSP
 * (no unsafe-eval) that probe is refused and reported as a violation, so the library turns it
 * off before any schema runs. Every module that parses at load time imports this first.
 */
z.config({ jitless: true });
