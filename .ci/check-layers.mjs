// @ts-check
// The layering floors of the library (issue 29, DESIGN §1), checked by `npm test` beside the
// entries check:
// - no import circles among the library's modules (elements/, shared/, styles/). Static,
//   dynamic and type imports all count, with one exception: a lazy chunk may take the types of
//   the module that loads it (`import type` from a module that `import()`s it);
// - nothing in shared/ or styles/ imports from elements/ (the kit never reaches up), and the
//   shop's data layers (shared/shop/, shared/cart/, shared/stores/) import no page behaviour
//   (shared/page/, which is built on them);
// - the option form's engine (elements/shop-option-form/engine/) imports no store: it stays a
//   a function of what it is given (nothing from shared/stores/ or the cart room, shared/cart/).
// `node .ci/check-layers.mjs --graph` prints every module's imports instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './element-tags.mjs';

const LAYERS = ['elements', 'shared', 'styles'];
const SOURCE = /\.(ts|tsx)$/;
/** The shop's data: below the page behaviours. */
const DATA_LAYERS = ['shared/shop/', 'shared/cart/', 'shared/stores/'];

/** Every .ts/.tsx file under the library's folders (paths relative to the root). */
function sourceFiles() {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const layer of LAYERS) if (existsSync(join(ROOT, layer))) walk(layer);
  return files.sort();
}

/** Comments out of the way, so an `import('…')` in a JSDoc example is no edge. @param {string} code */
function withoutComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * The imports of a module, by kind: `value` (`import … from`, `export … from`, `import '…'`),
 * `lazy` (`import('…')`) and `type` (`import type`, `export type`, or every name marked `type`).
 * @param {string} code
 * @returns {Array<{ specifier: string, kind: 'value' | 'lazy' | 'type' }>}
 */
export function importsOf(code) {
  const text = withoutComments(code);
  /** @type {Array<{ specifier: string, kind: 'value' | 'lazy' | 'type' }>} */
  const found = [];
  const fromClause = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(fromClause)) {
    const [, , typeOnly, names, specifier] = match;
    const braces = /^\{([\s\S]*)\}$/.exec(names.trim());
    const list = braces
      ? braces[1]
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : null;
    const allTypes = Boolean(list && list.length > 0 && list.every((n) => n.startsWith('type ')));
    found.push({ specifier, kind: typeOnly || allTypes ? 'type' : 'value' });
  }
  for (const match of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g))
    found.push({ specifier: match[1], kind: 'value' });
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ specifier: match[1], kind: 'lazy' });
  return found;
}

/** The module a relative specifier names, or null (a package). @param {string} from @param {string} specifier */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = relative(ROOT, resolve(ROOT, dirname(from), specifier))
    .split('\\')
    .join('/');
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate;
  return target;
}

/**
 * The library's modules and what each imports: `internal` (other modules, for the circles: every
 * kind except a type import from a module that loads this one lazily) and `packages`.
 * @returns {Map<string, { internal: string[], packages: string[] }>}
 */
function importGraph() {
  /** @type {Map<string, Array<{ target: string | null, specifier: string, kind: string }>>} */
  const raw = new Map();
  for (const file of sourceFiles()) {
    const imports = importsOf(readFileSync(join(ROOT, file), 'utf8'));
    raw.set(
      file,
      imports.map(({ specifier, kind }) => ({ target: resolveImport(file, specifier), specifier, kind })),
    );
  }
  const loadsLazily = (/** @type {string} */ loader, /** @type {string} */ chunk) =>
    (raw.get(loader) ?? []).some((i) => i.kind === 'lazy' && i.target === chunk);
  const graph = new Map();
  for (const [file, imports] of raw) {
    const internal = imports
      .filter((i) => i.target !== null && LAYERS.some((layer) => i.target?.startsWith(`${layer}/`)))
      .filter((i) => !(i.kind === 'type' && loadsLazily(/** @type {string} */ (i.target), file)))
      .map((i) => /** @type {string} */ (i.target));
    const packages = imports.filter((i) => i.target === null).map((i) => i.specifier);
    graph.set(file, { internal: [...new Set(internal)], packages: [...new Set(packages)] });
  }
  return graph;
}

/**
 * The circles: strongly connected components of more than one module, or a module importing
 * itself (Tarjan's algorithm, iterative over the recursion it would otherwise need).
 * @param {Map<string, { internal: string[] }>} graph
 * @returns {string[][]}
 */
export function circles(graph) {
  let counter = 0;
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const found = [];
  const edges = (/** @type {string} */ node) => (graph.get(node)?.internal ?? []).filter((n) => graph.has(n));
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    /** @type {Array<{ node: string, next: number }>} */
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = edges(frame.node);
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(
            frame.node,
            Math.min(/** @type {number} */ (low.get(frame.node)), /** @type {number} */ (index.get(target))),
          );
        }
        continue;
      }
      work.pop();
      if (work.length)
        low.set(
          work[work.length - 1].node,
          Math.min(
            /** @type {number} */ (low.get(work[work.length - 1].node)),
            /** @type {number} */ (low.get(frame.node)),
          ),
        );
      if (low.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */
        const component = [];
        let member;
        do {
          member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges(frame.node).includes(frame.node)) found.push(component.sort());
      }
    }
  }
  return found;
}

/** What breaks the floors, one line each. @param {ReturnType<typeof importGraph>} graph */
export function layerProblems(graph) {
  const problems = [];
  for (const component of circles(graph))
    problems.push(`import circle (move what both need down a layer): ${component.join(' <-> ')}`);
  for (const [file, { internal }] of graph) {
    if (file.startsWith('shared/') || file.startsWith('styles/'))
      for (const target of internal.filter((t) => t.startsWith('elements/')))
        problems.push(`${file} imports ${target}: shared/ and styles/ never import from elements/`);
    if (DATA_LAYERS.some((layer) => file.startsWith(layer)))
      for (const target of internal.filter((t) => t.startsWith('shared/page/')))
        problems.push(`${file} imports ${target}: the shop's data layers import no page behaviour`);
    if (file.startsWith('elements/shop-option-form/engine/')) {
      const stores = internal.filter((t) => t.startsWith('shared/stores/') || t.startsWith('shared/cart/'));
      for (const store of stores)
        problems.push(`${file} imports ${store}: the option form's engine imports no store`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const graph = importGraph();
  if (process.argv.includes('--graph')) {
    for (const [file, { internal }] of graph) console.log(`${file}\n  ${internal.join('\n  ')}`);
    process.exit(0);
  }
  const problems = layerProblems(graph);
  if (problems.length) {
    console.error(`✖ layering (.ci/check-layers.mjs):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `layering: ${graph.size} modules, no import circles, shared/ never imports elements/, the engine imports no store.`,
  );
}
