// @ts-check
// Issue 19: the autoloader starts every element chunk's own imports beside the chunk (the build
// writes the list into dist/autoloader.js, vite.config.ts `elementChunkImports`). This checks the
// list against what each built chunk really imports besides shared.js: a stale or missing entry
// would make a chunk wait a round trip for its imports again, an extra one would fetch for nothing.
// Issue 32: the same for the page-behaviour chunks the autoloader starts where their markup is:
// every registered behaviour's selector is listed with the chunk that holds its module (read from
// the chunk's source map) and that chunk's imports.
// Run by `npm test` after the build.
import { readdirSync, readFileSync } from 'node:fs';
import { checkBehaviours } from './check-behaviours.mjs';
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
// A known split, so the list is seen to carry more than the runtime: the add-to-cart buttons ride
// in page.js (vite.config.ts PAGE_GROUPS), which the mini-cart imports too.
if (!listed['shop-mini-cart']?.includes('page.js')) {
  console.error('✖ the mini-cart is expected to import page.js (the add-to-cart buttons)');
  failed = true;
}

// The list as the minifier wrote it: a string literal (any quotes) holding JSON, read as JavaScript.
const preloadsLiteral = /(["'`])\[\[.*?\]\]\1/.exec(autoloader);
if (!preloadsLiteral) {
  console.error('✖ dist/autoloader.js holds no page-chunk preloads (vite.config.ts elementChunkImports)');
  process.exit(1);
}
/** @type {[string, string[]][]} */
const preloads = JSON.parse(new Function(`return ${preloadsLiteral[0]}`)());
/** The built chunk holding `shared/page/<file>`, by the sources of each chunk's map. */
const chunkOf = new Map();
const mapped = new Set(readdirSync(dist).filter((f) => f.endsWith('.js.map')));
for (const file of readdirSync(dist).filter((f) => mapped.has(`${f}.map`))) {
  const { sources } = JSON.parse(read(`${file}.map`));
  for (const source of sources) {
    const page = /shared\/page\/([a-z0-9-]+\.ts)$/.exec(source)?.[1];
    if (page) chunkOf.set(page, file);
  }
}
for (const { name, selector, file } of checkBehaviours().entries) {
  const chunk = chunkOf.get(file);
  const entry = preloads.find(([, files]) => files[0] === chunk);
  if (!chunk || !entry || !selector || !`, ${entry[0]}, `.includes(`, ${selector}, `)) {
    console.error(
      `✖ the ${name} behaviour (${file}, in ${chunk ?? 'no chunk'}) is not preloaded by its selector`,
    );
    failed = true;
  }
}
for (const [, [chunk, ...imports]] of preloads) {
  const own = [...staticImports(read(chunk ?? ''))].filter((file) => file !== 'shared.js').sort();
  if (own.join() !== [...imports].sort().join()) {
    console.error(
      `✖ ${chunk} imports [${own.join(', ')}], the autoloader starts [${imports.join(', ')}] with it`,
    );
    failed = true;
  }
}
if (failed) process.exit(1);
console.log(
  `✔ the autoloader starts each element chunk's own imports (${Object.keys(listed).length} elements have some)` +
    ` and the page-behaviour chunks a page's markup asks for (${preloads.length} chunks)`,
);
