// @ts-check
// Issue 19: the autoloader starts every element chunk's own imports beside the chunk (the build
// writes the list into dist/autoloader.js, vite.config.ts `elementChunkImports`). This checks the
// list against what each built chunk really imports besides shared.js: a stale or missing entry
// would make a chunk wait a round trip for its imports again, an extra one would fetch for nothing.
// Run by `npm test` after the build.
import { readFileSync } from 'node:fs';
import { elementTags } from './element-tags.mjs';

const dist = new URL('../dist/', import.meta.url);
const read = (/** @type {string} */ file) => readFileSync(new URL(file, dist), 'utf8');

/** The relative files a minified chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`). */
const staticImports = (/** @type {string} */ code) =>
  new Set(
    [...code.matchAll(/(?:^|[;}])import(?:\{[^}]*\}from)?["'`]\.\/([^"'`]+)["'`]/g)].map((m) => m[1] ?? ''),
  );

const autoloader = read('autoloader.js');
const literal = /`(\{"[^`]*\})`|"(\{\\"[^"]*(?:\\"[^"]*)*\})"|'(\{"[^']*\})'/.exec(autoloader);
if (!literal) {
  console.error('✖ dist/autoloader.js holds no chunk-imports list (vite.config.ts elementChunkImports)');
  process.exit(1);
}
/** @type {Record<string, string[]>} */
const listed = JSON.parse(literal[1] ?? literal[3] ?? JSON.parse(`"${literal[2]}"`));

let failed = false;
for (const tag of elementTags()) {
  const own = [...staticImports(read(`${tag}.js`))].filter((file) => file !== 'shared.js').sort();
  const written = [...(listed[tag] ?? [])].sort();
  if (own.join() !== written.join()) {
    console.error(`✖ ${tag}.js imports [${own.join(', ')}], the autoloader starts [${written.join(', ')}]`);
    failed = true;
  }
}
// A known split, so the list is seen to carry more than the runtime: the add-to-cart buttons are a
// page behaviour of their own chunk that the mini-cart imports too.
if (!listed['shop-mini-cart']?.includes('page-add-to-cart-buttons.js')) {
  console.error("✖ the mini-cart is expected to import the add-to-cart buttons' page-behaviour chunk");
  failed = true;
}
if (failed) process.exit(1);
console.log(
  `✔ the autoloader starts each element chunk's own imports (${Object.keys(listed).length} elements have some)`,
);
