// @ts-check
// web-test-runner plugin: server commands that let browser tests read the project's source files
// as they are on disk (the dev server would serve `.ts`/`.tsx` transformed by esbuild). Used by
// the conformance suite (test/helpers/conformance.ts) and the example-page list
// (test/helpers/examples.ts), through `executeServerCommand` of @web/test-runner-commands:
//   'source-file'   { path: 'elements/x/x.ts' }       -> { exists: boolean, text: string }
//   'source-files'  { dir: 'elements/x' }             -> file names in that folder (sorted)
//   'element-tags'                                     -> the tags of the element folders
// Only files under elements/, examples/ and styles/ can be read; nothing is written.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { elementTags, ROOT } from './element-tags.mjs';

const READABLE = ['elements', 'examples', 'styles'];

/** The absolute path of `relative` if it lies inside a readable folder, else null. */
function resolve(/** @type {unknown} */ relative) {
  if (typeof relative !== 'string' || relative === '') return null;
  const clean = normalize(relative).replace(/^[/\\]+/, '');
  if (clean.split(sep).includes('..')) return null;
  if (!READABLE.some((dir) => clean === dir || clean.startsWith(`${dir}${sep}`))) return null;
  return join(ROOT, clean);
}

/** The plugin; register it in web-test-runner.config.mjs `plugins`. */
export function sourceFilesPlugin() {
  return {
    name: 'source-files',
    /** @param {{ command: string, payload?: any }} args */
    executeCommand({ command, payload }) {
      if (command === 'element-tags') return elementTags();
      if (command === 'source-file') {
        const file = resolve(payload?.path);
        if (!file) throw new Error(`source-file: ${JSON.stringify(payload?.path)} is not readable`);
        const exists = existsSync(file) && statSync(file).isFile();
        return { exists, text: exists ? readFileSync(file, 'utf8') : '' };
      }
      if (command === 'source-files') {
        const dir = resolve(payload?.dir);
        if (!dir) throw new Error(`source-files: ${JSON.stringify(payload?.dir)} is not readable`);
        if (!existsSync(dir)) return [];
        return readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => d.name)
          .sort();
      }
      return undefined;
    },
  };
}
