// @ts-check
// Every element (`elements/<tag>/<tag>.ts`) must be reachable the two ways the package offers:
// - the autoloader's map in elements/autoloader.ts (written out, not `import.meta.glob`, so the
//   tests can import it from source), each tag importing `./<tag>/<tag>.ts`;
// - package.json `exports["./<tag>"]`.
// vite.config.ts and .size-limit.mjs find the elements themselves. Run by `npm test`; prints the
// lines to add or remove.
import { readFileSync } from 'node:fs';
import { elementTags, ROOT } from './element-tags.mjs';

const tags = elementTags();
const problems = [];

const source = readFileSync(`${ROOT}elements/autoloader.ts`, 'utf8');
const entries = [...source.matchAll(/^\s*'([^']+)': \(\) => import\('\.\/([^']+)'\),?$/gm)].map(
  ([, tag, path]) => ({ tag, path }),
);
const line = (/** @type {string} */ tag) => `  '${tag}': () => import('./${tag}/${tag}.ts'),`;
for (const tag of tags) {
  const entry = entries.find((e) => e.tag === tag);
  if (!entry)
    problems.push(`elements/autoloader.ts: <${tag}> is missing from elementLoaders; add:\n${line(tag)}`);
  else if (entry.path !== `${tag}/${tag}.ts`)
    problems.push(`elements/autoloader.ts: '${tag}' imports ./${entry.path}; expected:\n${line(tag)}`);
}
for (const e of entries.filter((e) => !tags.includes(e.tag)))
  problems.push(`elements/autoloader.ts: no elements/${e.tag}/${e.tag}.ts for '${e.tag}'; remove it.`);

/** @type {{ exports: Record<string, unknown> }} */
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
const exported = Object.keys(pkg.exports).filter(
  (k) => !['.', './autoloader', './custom-elements.json', './react', './vue'].includes(k),
);
for (const tag of tags) {
  const want = { types: `./dist/types/${tag}.d.ts`, default: `./dist/${tag}.js` };
  if (JSON.stringify(pkg.exports[`./${tag}`]) !== JSON.stringify(want))
    problems.push(`package.json: exports["./${tag}"] should be ${JSON.stringify(want)}`);
}
for (const key of exported.filter((k) => !tags.includes(k.slice(2))))
  problems.push(`package.json: exports["${key}"] names no element; remove it.`);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `entries: ${tags.length} elements in the autoloader map and package.json exports (${tags.join(', ')}).`,
);
