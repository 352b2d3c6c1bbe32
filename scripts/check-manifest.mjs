// @ts-check
// Fails when the committed custom-elements.json differs from what the elements' JSDoc generates
// now: runs the analyzer with the same config without writing (the committed file is never
// touched) and compares. Run by `npm test`; fix with `npm run manifest` and commit the file.
import { existsSync, readFileSync } from 'node:fs';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { ROOT } from './element-tags.mjs';

const manifest = await cli({
  argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
  cwd: ROOT,
  noWrite: true,
});
// The CLI writes exactly this (cli.js).
const fresh = `${JSON.stringify(manifest, null, 2)}\n`;
const path = `${ROOT}custom-elements.json`;
const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';

/** Tag names declared in a manifest. @param {string} json @returns {string[]} */
const tags = (json) =>
  JSON.parse(json).modules.flatMap((/** @type {{ declarations?: { tagName?: string }[] }} */ m) =>
    (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])),
  );

if (fresh !== committed) {
  console.error(
    `custom-elements.json is out of date with the elements' JSDoc (file: ${committed ? tags(committed).join(', ') : 'missing'}; JSDoc now: ${tags(fresh).join(', ')}).\nRun \`npm run manifest\` and commit custom-elements.json.`,
  );
  process.exit(1);
}
console.log(`custom-elements.json is up to date (${tags(fresh).join(', ')}).`);
