// @ts-check
// Every page behaviour (issue 29, shared/page/README.md) is registered once, in `pageBehaviours`
// (shared/page/index.ts), and every registration has its behaviour:
// - each `export const install<Name> = definePageBehaviour({ name: '<name>', ... })` in
//   shared/page/*.ts has an entry `{ name: '<name>', selector, load: () => import('./<module>.ts')
//   .then((m) => m.install<Name>) }`;
// - each entry's module exists and defines that export under that name; names are unique and
//   lowercase words joined by hyphens; the list imports no behaviour module statically (issue 19);
// - where the definition's selector is a string literal (or a constant holding one) in its module,
//   it equals the entry's (test/shared/page/conformance.test.ts checks every one at run time).
// Run by `npm test`; prints what to add or remove. `checkBehaviours(root)` is used by the scaffold check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ROOT } from './element-tags.mjs';

const ENTRY =
  /\{\s*name:\s*'([^']+)',\s*selector:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),\s*load:\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)\.then\(\(m\)\s*=>\s*m\.(\w+)\),?\s*\}/g;
const DEFINITION =
  /export const (\w+) = definePageBehaviour\(\{\s*name:\s*'([^']+)',\s*selector:\s*([^,\n]+),/g;
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A string literal's value ('...' or "..."), or undefined for anything else. */
function literal(/** @type {string} */ text) {
  const t = text.trim();
  if (!/^(['"]).*\1$/s.test(t)) return undefined;
  try {
    // A single-quoted literal as JSON: swap the quotes, keep the escapes.
    return t.startsWith('"')
      ? JSON.parse(t)
      : JSON.parse(`"${t.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
  } catch {
    return undefined;
  }
}

/** The problems of the page behaviours under `root` (the project root, ending in '/'). */
export function checkBehaviours(root = ROOT) {
  const dir = `${root}shared/page/`;
  const problems = [];
  const index = readFileSync(`${dir}index.ts`, 'utf8');
  const start = index.indexOf('export const pageBehaviours');
  const end = index.indexOf('\n];', start);
  if (start < 0 || end < 0)
    return {
      problems: ['shared/page/index.ts: no `export const pageBehaviours = [ ... ];` list.'],
      entries: [],
    };
  const list = index.slice(start, end);
  const entries = [...list.matchAll(ENTRY)].map(([, name, selector, file, exported]) => ({
    name,
    selector: literal(selector),
    file,
    exported,
  }));
  const written = [...list.matchAll(/\bname:\s*'([^']+)'/g)].map((m) => m[1]);
  for (const name of written.filter((n) => !entries.some((e) => e.name === n)))
    problems.push(
      `shared/page/index.ts: the entry '${name}' is not written { name: '${name}', selector: '<selector>', load: () => import('./<module>.ts').then((m) => m.install<Name>) }.`,
    );
  if (/^import\s[^;]*from '\.\/(?!behaviour\.ts')[^']+';/m.test(index.replace(/^import type .*$/gm, '')))
    problems.push(
      'shared/page/index.ts imports a module of this folder statically; behaviours are loaded by import() only (issue 19).',
    );

  const definitions = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort()) {
    const source = readFileSync(`${dir}${file}`, 'utf8');
    const found = [...source.matchAll(DEFINITION)];
    const calls = (source.match(/definePageBehaviour(<[^>]*>)?\(\{/g) ?? []).length;
    if (file !== 'define-behaviour.ts' && calls > found.length)
      problems.push(
        `shared/page/${file}: write each behaviour as \`export const install<Name> = definePageBehaviour({ name: '<name>', selector: <selector>, ... })\`, name and selector first.`,
      );
    for (const [, exported, name, selector] of found) {
      const constant = source.match(
        new RegExp(
          `(?:export )?const ${selector.trim()} =\\s*('(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*");`,
        ),
      );
      definitions.push({ file, exported, name, selector: literal(constant ? constant[1] : selector) });
    }
  }

  const line = (/** @type {{ name: string, file: string, exported: string, selector?: string }} */ d) =>
    `  {\n    name: '${d.name}',\n    selector: ${d.selector === undefined ? "'<the selector of its definition>'" : `'${d.selector.replace(/['\\]/g, '\\$&')}'`},\n    load: () => import('./${d.file}').then((m) => m.${d.exported}),\n  },`;
  for (const d of definitions) {
    if (!NAME.test(d.name))
      problems.push(
        `shared/page/${d.file}: the behaviour name '${d.name}' must be lowercase words joined by hyphens.`,
      );
    if (
      definitions.filter((o) => o.name === d.name).length > 1 &&
      definitions.find((o) => o.name === d.name) === d
    )
      problems.push(`shared/page/: two behaviours are named '${d.name}'.`);
    const entry = entries.find((e) => e.name === d.name);
    if (!entry)
      problems.push(`shared/page/index.ts: the behaviour '${d.name}' is not registered; add:\n${line(d)}`);
    else if (entry.file !== d.file || entry.exported !== d.exported)
      problems.push(
        `shared/page/index.ts: '${d.name}' loads ./${entry.file} m.${entry.exported}; expected:\n${line(d)}`,
      );
    else if (entry.selector !== undefined && d.selector !== undefined && entry.selector !== d.selector)
      problems.push(
        `shared/page/index.ts: the selector of '${d.name}' is not the one of its definition in shared/page/${d.file}:\n  ${JSON.stringify(entry.selector)}\n  ${JSON.stringify(d.selector)}`,
      );
  }
  for (const e of entries) {
    if (entries.filter((o) => o.name === e.name).length > 1 && entries.find((o) => o.name === e.name) === e)
      problems.push(`shared/page/index.ts: '${e.name}' is registered twice.`);
    if (definitions.some((d) => d.name === e.name)) continue;
    problems.push(
      existsSync(`${dir}${e.file}`)
        ? `shared/page/index.ts: '${e.name}': shared/page/${e.file} defines no behaviour of that name (export const ${e.exported} = definePageBehaviour({ name: '${e.name}', ... })); remove the entry or define it.`
        : `shared/page/index.ts: '${e.name}': no shared/page/${e.file}; remove the entry.`,
    );
  }
  return { problems, entries };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { problems, entries } = /** @type {{ problems: string[], entries: { name: string }[] }} */ (
    checkBehaviours()
  );
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(
    `behaviours: ${entries.length} page behaviours registered, each with its module (${entries.map((e) => e.name).join(', ')}).`,
  );
}
