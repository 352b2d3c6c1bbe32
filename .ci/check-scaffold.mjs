// @ts-check
// Proves `npm run new-element` works (run by `npm test` after the typecheck): scaffolds a made-up
// tag into a temporary copy of the files the scaffold touches (package.json, elements/,
// examples/index.html; shared/, styles/, test/helpers/ and node_modules linked), then checks
// - the refusals: capitals, no hyphen, a tag that exists;
// - .ci/check-entries.mjs passes on the copy (autoloader line and package export);
// - the generated element and tests typecheck against the project (tsc on just those files);
// - the generated files are formatted and lint-clean (Biome, the project's config).
// The browser side (the element passes its own tests and the conformance suite) was checked when
// the scaffold was written; the element files are the same for every tag.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './element-tags.mjs';
import { scaffold } from './new-element.mjs';
import { scaffoldChecker } from './scaffold-check-kit.mjs';

const TAG = 'shop-scaffold-check';
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'scaffold-'));
const { problems, run, refusals, typecheckAndLint } = scaffoldChecker();

try {
  // The copy: what the scaffold reads and changes is copied, what it only imports is linked.
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  cpSync(join(ROOT, 'elements'), join(dir, 'elements'), { recursive: true });
  mkdirSync(join(dir, 'examples'));
  cpSync(join(ROOT, 'examples/index.html'), join(dir, 'examples/index.html'));
  mkdirSync(join(dir, '.ci'));
  for (const file of ['check-entries.mjs', 'element-tags.mjs'])
    cpSync(join(ROOT, '.ci', file), join(dir, '.ci', file));
  for (const link of ['node_modules', 'shared', 'styles']) symlinkSync(join(ROOT, link), join(dir, link));
  mkdirSync(join(dir, 'test/elements'), { recursive: true });
  symlinkSync(join(ROOT, 'test/helpers'), join(dir, 'test/helpers'));

  // Refusals, each with a message that says what to do.
  refusals(scaffold, `${dir}/`, {
    'Shop-Thing': /lowercase/,
    shopthing: /hyphen/,
    'shop-mini-cart': /exists/,
    '': /give the tag/,
  });

  // The real run, through the command line as `npm run new-element` calls it.
  run('new-element', process.execPath, [join(ROOT, '.ci/new-element.mjs'), TAG, '--root', dir]);
  run('check-entries on the copy', process.execPath, [join(dir, '.ci/check-entries.mjs')]);
  const index = readFileSync(join(dir, 'examples/index.html'), 'utf8');
  if (!index.includes(`href="/examples/${TAG}.html"`))
    problems.push('examples/index.html has no link to the page');
  try {
    scaffold(TAG, `${dir}/`);
    problems.push('the scaffold ran twice for the same tag');
  } catch {
    // refused, as it should
  }

  const generated = [`elements/${TAG}`, `test/elements/${TAG}`];
  typecheckAndLint(dir, { include: generated, lint: [...generated, 'elements/autoloader.ts'] });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`scaffold check: ${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `scaffold check: <${TAG}> scaffolded, entries checked, typechecked and linted (${((Date.now() - started) / 1000).toFixed(1)} s).`,
);
