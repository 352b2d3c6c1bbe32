// @ts-check
// Writes the package's type declarations to dist/types (run by `npm run build`), then proves a
// TypeScript consumer can use them.
// 1. tsc emits declarations for elements/, shared/ and styles/ (.ci/tsconfig.types.json): each
//    element class with its typed `settings`, attributes' JSDoc and HTMLElementTagNameMap entry.
// 2. One entry file per package export: dist/types/<tag>.d.ts, autoloader.d.ts, index.d.ts.
// 3. .ci/types-check/use.ts, compiled as a consumer would (strict, no .ts-extension imports),
//    must type-check against them.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { elementTags, ROOT } from './element-tags.mjs';

const out = `${ROOT}dist/types`;
const tsc = `${ROOT}node_modules/.bin/tsc`;
rmSync(out, { recursive: true, force: true });
execFileSync(tsc, ['-p', `${ROOT}.ci/tsconfig.types.json`], { stdio: 'inherit' });

const tags = elementTags();
for (const tag of tags) {
  writeFileSync(`${out}/${tag}.d.ts`, `export * from './elements/${tag}/${tag}.js';\n`);
}
writeFileSync(`${out}/autoloader.d.ts`, "export * from './elements/autoloader.js';\n");
// The root entry is the autoloader: it exports no classes, but its pages have every tag.
writeFileSync(
  `${out}/index.d.ts`,
  ["export * from './autoloader.js';", ...tags.map((tag) => `import './${tag}.js';`)].join('\n') + '\n',
);

try {
  execFileSync(tsc, ['-p', `${ROOT}.ci/types-check/tsconfig.json`], { stdio: 'inherit' });
} catch {
  console.error('dist/types does not type-check for a consumer (.ci/types-check/use.ts).');
  process.exit(1);
}
console.log(`types: dist/types/{index,autoloader,${tags.join(',')}}.d.ts, checked by .ci/types-check`);
