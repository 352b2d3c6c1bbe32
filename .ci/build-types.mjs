// @ts-check
// Writes the package's type declarations to dist/types (run by `npm run build`), then proves a
// TypeScript consumer can use them.
// 1. tsc emits declarations for elements/, shared/ and styles/ (.ci/tsconfig.types.json): each
//    element class with its typed `settings`, attributes' JSDoc and HTMLElementTagNameMap entry.
// 2. One entry file per package export: dist/types/<tag>.d.ts, autoloader.d.ts, index.d.ts.
// 3. Template typings from dist/custom-elements.json (.ci/framework-types.mjs): dist/types/react.d.ts
//    (JSX.IntrinsicElements) and dist/types/vue.d.ts (GlobalComponents); the React one also as
//    test/hosts/react/elements.generated.d.ts with source imports, for the React host app's
//    typecheck (`tsc -p .` runs before the build, so that copy is committed).
// 4. .ci/types-check (use.ts, react.tsx, vue.ts), compiled as a consumer would (strict, no
//    .ts-extension imports), must type-check against them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { elementTags, ROOT } from './element-tags.mjs';
import { manifestElements, reactTypes, vueTypes } from './framework-types.mjs';

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

const elements = manifestElements(JSON.parse(readFileSync(`${ROOT}dist/custom-elements.json`, 'utf8')));
const distPaths = {
  moduleOf: (path) => `./${path.replace(/\.ts$/, '.js')}`,
  eventsModule: './shared/events.js',
};
writeFileSync(`${out}/react.d.ts`, reactTypes(elements, distPaths));
writeFileSync(`${out}/vue.d.ts`, vueTypes(elements, distPaths));
// The host app's copy covers the tags it renders (add a tag here when test/hosts renders it), so
// elements in progress elsewhere never reach a committed file.
const HOST_TAGS = ['join-chat', 'shop-live-search', 'shop-mini-cart'];
const hostTypes = `${ROOT}test/hosts/react/elements.generated.d.ts`;
const hostElements = elements.filter((el) => HOST_TAGS.includes(el.tag));
const hostText = reactTypes(hostElements, {
  moduleOf: (path) => `../../../${path}`,
  eventsModule: '../../../shared/events.ts',
});
const before = existsSync(hostTypes) ? readFileSync(hostTypes, 'utf8') : '';
writeFileSync(hostTypes, hostText);
// Formatted as the committed copy is, so an unchanged manifest leaves it unchanged.
execFileSync(
  `${ROOT}node_modules/.bin/biome`,
  ['format', '--config-path', `${ROOT}.ci/lint.json`, '--write', hostTypes],
  {
    stdio: 'ignore',
  },
);
if (readFileSync(hostTypes, 'utf8') !== before) {
  console.log('types: test/hosts/react/elements.generated.d.ts rewritten from the manifest (commit it)');
}

try {
  execFileSync(tsc, ['-p', `${ROOT}.ci/types-check/tsconfig.json`], { stdio: 'inherit' });
} catch {
  console.error(
    'dist/types does not type-check for a consumer (.ci/types-check: use.ts, react.tsx, vue.ts).',
  );
  process.exit(1);
}
console.log(
  `types: dist/types/{index,autoloader,react,vue,${tags.join(',')}}.d.ts, checked by .ci/types-check`,
);
