// @ts-check
// `npm run new-behaviour <name>`: scaffolds a working page behaviour in the wing's anatomy
// (shared/page/README.md): the module shared/page/<name>.ts (one `definePageBehaviour`), its
// registration in `pageBehaviours` (shared/page/index.ts), its test and its sample markup for the
// conformance suite (test/shared/page/samples.ts). The new behaviour passes its test, the
// conformance suite and .ci/check-behaviours.mjs as it is; rename and grow it from there.
//
//   node .ci/new-behaviour.mjs <name> [--root <dir>]
//   node .ci/new-behaviour.mjs --check      (npm test: proves the scaffold works, on a copy)
//
// --root writes into (and reads shared/page/index.ts and test/shared/page/samples.ts from) another
// copy of the project; --check uses it.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBehaviours } from './check-behaviours.mjs';
import { ROOT } from './element-tags.mjs';
import { scaffoldChecker } from './scaffold-check-kit.mjs';

/** Why `name` cannot be a new behaviour's name, or '' when it can. @param {string} name */
export function nameProblem(name) {
  if (!name) return 'give the name of the new behaviour, e.g. `npm run new-behaviour wish-list`.';
  if (name !== name.toLowerCase())
    return `"${name}" has capitals; names are lowercase: ${name.toLowerCase()}.`;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    return `"${name}" is not a name: lowercase letters and digits in words joined by single hyphens, starting with a letter.`;
  if (['index', 'behaviour', 'define-behaviour', 'helpers', 'samples', 'conformance'].includes(name))
    return `"${name}" is the name of a file of the wing; pick another.`;
  return '';
}

/** `wish-list` -> `WishList`. @param {string} name */
const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

/** Names derived from the behaviour's name. @param {string} name */
export function namesFor(name) {
  const words = name.replace(/-/g, ' ');
  return {
    name,
    install: `install${pascal(name)}`,
    selectorConst: `${name.toUpperCase().replace(/-/g, '_')}_SELECTOR`,
    selector: `[data-${name}]`,
    title: words[0].toUpperCase() + words.slice(1),
  };
}

/** The sample markup (the conformance suite's, the test's). @param {string} name */
const sampleMarkup = (name) => `<div data-${name}><button type="button">Press</button></div>`;

/** The files the scaffold writes, by path. @param {string} name */
export function behaviourFiles(name) {
  const n = namesFor(name);
  return {
    [`shared/page/${name}.ts`]: `import { definePageBehaviour } from './define-behaviour.ts';

/** The markup that asks for this behaviour (the same string as its registration in index.ts). */
export const ${n.selectorConst} = '${n.selector}';

/**
 * ${n.title} (issue …, spec §…): what the theme prints, and what this behaviour makes of it.
 * Scaffolded by \`npm run new-behaviour\`: a button in the markup counts its presses in a live
 * region. Replace that with the behaviour, a test at a time (shared/page/README.md).
 */
export const ${n.install} = definePageBehaviour({
  name: '${name}',
  selector: ${n.selectorConst},
  messages: { pressed: 'Pressed {count} times' },
  install(root, { document, messages, report, each, on }) {
    const added: Element[] = [];
    // Each matching markup, now and as it arrives later; \`on\` listeners go with the uninstall.
    each(${n.selectorConst}, (host) => {
      const button = host.querySelector('button');
      if (!button) {
        report('a ${n.selector} has no button; it is left as printed.');
        return;
      }
      let count = 0;
      const status = document.createElement('span');
      status.setAttribute('role', 'status');
      button.after(status);
      added.push(status);
      on(button, 'click', () => {
        count += 1;
        status.textContent = messages.pressed.replace('{count}', String(count));
      });
    });
    return () => {
      for (const el of added) el.remove();
    };
  },
});
`,
    [`test/shared/page/${name}.test.ts`]: `import { expect } from '@open-wc/testing';
import { ${n.install} } from '../../../shared/page/${name}.ts';
import { mount } from './helpers.ts';

describe('${name} page behaviour', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const status = () => view.root.querySelector('[role="status"]')!.textContent;

  it('counts the presses of its button in a live region', () => {
    view = mount('${sampleMarkup(name)}');
    uninstall = ${n.install}(view.root);
    view.root.querySelector('button')!.click();
    expect(status()).to.equal('Pressed 1 times');
  });

  it('says it in the words the options (or the page) give', () => {
    view = mount('${sampleMarkup(name)}');
    uninstall = ${n.install}(view.root, { messages: { pressed: '{count} Mal gedrückt' } });
    view.root.querySelector('button')!.click();
    expect(status()).to.equal('1 Mal gedrückt');
  });
});
`,
  };
}

/** The registration, added at the end of `pageBehaviours`. @param {string} source @param {string} name */
export function withRegistration(source, name) {
  const n = namesFor(name);
  const start = source.indexOf('export const pageBehaviours');
  const end = source.indexOf('\n];', start);
  if (start < 0 || end < 0)
    throw new Error('shared/page/index.ts has no `export const pageBehaviours = [ ... ];`.');
  const entry = `\n  {\n    name: '${name}',\n    selector: '${n.selector}',\n    load: () => import('./${name}.ts').then((m) => m.${n.install}),\n  },`;
  return source.slice(0, end) + entry + source.slice(end);
}

/** The sample, added at the end of `SAMPLES`. @param {string} source @param {string} name */
export function withSample(source, name) {
  const start = source.indexOf('export const SAMPLES');
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0)
    throw new Error('test/shared/page/samples.ts has no `export const SAMPLES = { ... };`.');
  return `${source.slice(0, end)}\n  '${name}': { markup: \`${sampleMarkup(name)}\` },${source.slice(end)}`;
}

/** Writes the behaviour under `root` (ending in '/'); returns the paths written or changed. @param {string} name */
export function scaffold(name, root = ROOT) {
  const problem = nameProblem(name);
  if (problem) throw new Error(problem);
  const indexPath = join(root, 'shared/page/index.ts');
  const samplesPath = join(root, 'test/shared/page/samples.ts');
  const index = readFileSync(indexPath, 'utf8');
  const samples = readFileSync(samplesPath, 'utf8');
  const files = behaviourFiles(name);
  const taken = [
    index.includes(`name: '${name}'`) && `shared/page/index.ts already registers '${name}'`,
    samples.includes(`'${name}':`) && `test/shared/page/samples.ts already has a sample '${name}'`,
    ...Object.keys(files).map((path) => existsSync(join(root, path)) && `${path} exists`),
  ].filter(Boolean);
  if (taken.length)
    throw new Error(`the behaviour '${name}' exists already (${taken.join('; ')}); pick another name.`);
  const changes = {
    ...files,
    'shared/page/index.ts': withRegistration(index, name),
    'test/shared/page/samples.ts': withSample(samples, name),
  };
  for (const [path, text] of Object.entries(changes)) {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  execFileSync(
    join(ROOT, 'node_modules/.bin/biome'),
    [
      'format',
      '--write',
      '--config-path',
      join(ROOT, '.ci/lint.json'),
      '--vcs-enabled=false',
      ...Object.keys(changes).map((p) => join(root, p)),
    ],
    { stdio: 'pipe' },
  );
  return Object.keys(changes);
}

/**
 * Proves the scaffold (run by `npm test`): scaffolds a made-up behaviour into a temporary copy of
 * shared/page and test/shared/page (the rest linked), then checks the refusals,
 * .ci/check-behaviours.mjs on the copy, tsc and Biome on what it wrote. The browser side (the
 * behaviour passes its test and the conformance suite) was checked when the scaffold was written.
 */
function checkScaffold() {
  const NAME = 'scaffold-check';
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'behaviour-scaffold-'));
  const { problems, run, refusals, typecheckAndLint } = scaffoldChecker();
  try {
    mkdirSync(join(dir, 'shared'));
    cpSync(join(ROOT, 'shared/page'), join(dir, 'shared/page'), { recursive: true });
    mkdirSync(join(dir, 'test/shared'), { recursive: true });
    cpSync(join(ROOT, 'test/shared/page'), join(dir, 'test/shared/page'), { recursive: true });
    for (const link of ['node_modules', 'styles', 'elements'].filter((l) => existsSync(join(ROOT, l))))
      symlinkSync(join(ROOT, link), join(dir, link));
    for (const entry of ['test/helpers']) symlinkSync(join(ROOT, entry), join(dir, entry));
    // shared/ but page/ from the copy: link every other entry of shared/.
    for (const entry of readdirSync(join(ROOT, 'shared')))
      if (entry !== 'page') symlinkSync(join(ROOT, 'shared', entry), join(dir, 'shared', entry));

    refusals(scaffold, `${dir}/`, {
      'Wish-List': /lowercase/,
      'wish--list': /not a name/,
      tabs: /exists/,
      '': /give the name/,
    });
    run('new-behaviour', process.execPath, [join(ROOT, '.ci/new-behaviour.mjs'), NAME, '--root', dir]);
    const checked = checkBehaviours(`${dir}/`);
    problems.push(...checked.problems.map((p) => `check-behaviours on the copy: ${p}`));
    if (!checked.entries.some((e) => e.name === NAME))
      problems.push(`'${NAME}' is not registered in the copy`);
    const declarations = readdirSync(join(dir, 'shared/page'))
      .filter((f) => f.endsWith('.d.ts'))
      .map((f) => `shared/page/${f}`);
    const generated = [
      `shared/page/${NAME}.ts`,
      `test/shared/page/${NAME}.test.ts`,
      'shared/page/index.ts',
      'test/shared/page/samples.ts',
    ];
    typecheckAndLint(dir, { include: [...generated, ...declarations], lint: generated });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`behaviour scaffold check: ${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `behaviour scaffold check: '${NAME}' scaffolded, registered, typechecked and linted (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
}

// Command line
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--check')) checkScaffold();
  else {
    const rootAt = args.indexOf('--root');
    const root = rootAt >= 0 ? join(resolve(args[rootAt + 1] ?? '.'), '/') : ROOT;
    const name = (rootAt >= 0 ? args.filter((_, i) => i !== rootAt && i !== rootAt + 1) : args)[0] ?? '';
    try {
      const written = scaffold(name, root);
      console.log(`page behaviour '${name}' scaffolded:\n${written.map((p) => `  ${p}`).join('\n')}`);
      console.log(
        `\nNext: describe it in shared/page/${name}.ts and give it the theme's real selector (the same in index.ts), then\n` +
          `  npx tsc -p .\n  BROWSERS=chromium npx web-test-runner test/shared/page/${name}.test.ts test/shared/page/conformance.test.ts\n` +
          'and read shared/page/README.md ("How to add a behaviour").',
      );
    } catch (error) {
      console.error(`new-behaviour: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  }
}
