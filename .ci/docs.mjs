// @ts-check
// The documentation site (examples/docs/site.mjs) outside the demo server:
//   node .ci/docs.mjs --check   makes every page in memory from the manifest, the settings schemas
//                               and the behaviour registry, and fails when one cannot be made
//                               (run by `npm run build`, so a change that breaks the docs breaks the build);
//   node .ci/docs.mjs <dir>     writes the pages to <dir>, their scripts pointed at the production
//                               build (/dist/autoloader.js) as /examples/built/ does; their styles and
//                               the demo shop stay where the demo server serves them.
// `npm start` and the tests need neither: the demo server makes the pages when they are asked for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSources, renderSite } from '../examples/docs/site.mjs';

const [arg] = process.argv.slice(2);
if (!arg) {
  console.error('usage: node .ci/docs.mjs --check | node .ci/docs.mjs <output dir>');
  process.exit(2);
}

const src = await loadSources();
const pages = renderSite(src);
const problems = [];
for (const tag of src.elements.keys()) if (!pages.has(`${tag}.html`)) problems.push(`no page for <${tag}>`);
for (const [name, html] of pages) {
  if ((html.match(/<h1[\s>]/g) ?? []).length !== 1) problems.push(`${name}: not exactly one <h1>`);
  if (/\bissues? \d+/i.test(html.replace(/<[^>]+>/g, ' ')))
    problems.push(`${name}: speaks of a tracker issue`);
}
if (problems.length) {
  console.error(`docs: ${problems.join('\n')}`);
  process.exit(1);
}

if (arg === '--check') {
  console.log(
    `docs: ${pages.size} pages made (${src.elements.size} elements, ${src.behaviours.length} page behaviours).`,
  );
} else {
  const out = resolve(arg);
  mkdirSync(out, { recursive: true });
  for (const [name, html] of pages)
    writeFileSync(
      join(out, name),
      html.replace(
        '<script type="module" src="/elements/autoloader.ts">',
        '<script type="module" src="/dist/autoloader.js">',
      ),
    );
  console.log(`docs: ${pages.size} pages written to ${out}`);
}
