import { lazyModule, loadChunk } from './chunk-load.ts';

/**
 * The sanitiser (DOMPurify, `sanitize.ts`) as a lazy chunk of its own (issue 19): DOMPurify is
 * 11 kB gzip, and most first renders insert no shop HTML at all (the mini-cart's launcher shows a
 * count; prices appear when its panel opens or a search answers). Code that inserts shop HTML asks
 * `sanitizer.loaded()` first, which answers at once once the chunk has arrived (so what happens stays
 * synchronous from then on), and otherwise waits for `sanitizer.load()`. Elements warm it with
 * `sanitizer.preload()` when the shopper reaches for something that shows shop HTML.
 */
export type Sanitizer = typeof import('./sanitize.ts');

export const sanitizer = lazyModule<Sanitizer>(() => loadChunk('sanitize', () => import('./sanitize.ts')));
