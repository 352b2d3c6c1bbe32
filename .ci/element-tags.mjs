// @ts-check
// The one element list, for everything that covers every element without a list of its own (the
// build's entries in vite.config.ts, size budgets, the autoloader check, types, the manifest, the
// tests' `elementTags()`): each `elements/<tag>/<tag>.ts`; a folder without one (an engine in
// progress) is skipped.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Tags of the elements, sorted: folders of `elements/` holding `<folder>.ts`. */
export function elementTags(root = ROOT) {
  return readdirSync(`${root}elements`, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${root}elements/${d.name}/${d.name}.ts`))
    .map((d) => d.name)
    .sort();
}
