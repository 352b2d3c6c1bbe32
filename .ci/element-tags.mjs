// @ts-check
// The element list, for the scripts and configs that cover every element without a list of their
// own (size budgets, autoloader check): each `elements/<tag>/<tag>.ts`. vite.config.ts applies
// the same rule.
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
