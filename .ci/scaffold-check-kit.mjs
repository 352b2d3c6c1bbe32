// @ts-check
// What the two scaffold checks share (.ci/check-scaffold.mjs for `npm run new-element`,
// `node .ci/new-behaviour.mjs --check` for `npm run new-behaviour`): collecting problems from
// commands, the refusals of bad names, and typechecking and linting the generated files in a
// temporary copy of the project.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './element-tags.mjs';

/** A check's problems and the steps that add to them. */
export function scaffoldChecker() {
  /** @type {string[]} */
  const problems = [];

  /** Runs a command from the project root; a failure is recorded with its output. */
  function run(/** @type {string} */ what, /** @type {string} */ file, /** @type {string[]} */ args) {
    try {
      execFileSync(file, args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const e = /** @type {{ stdout?: string, stderr?: string }} */ (error);
      problems.push(`${what} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }

  /**
   * Each bad name must be refused by `scaffold` with a message matching its pattern.
   * @param {(name: string, root: string) => unknown} scaffold
   * @param {string} root
   * @param {Record<string, RegExp>} cases
   */
  function refusals(scaffold, root, cases) {
    for (const [name, expected] of Object.entries(cases)) {
      try {
        scaffold(name, root);
        problems.push(`the scaffold accepted "${name}"`);
      } catch (error) {
        if (!expected.test(String(error))) problems.push(`refusing "${name}" said: ${error}`);
      }
    }
  }

  /**
   * tsc over `include` (the project's settings) and Biome over `lint`, paths relative to `dir`.
   * @param {string} dir @param {{ include: string[], lint: string[] }} files
   */
  function typecheckAndLint(dir, { include, lint }) {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include }, null, 2),
    );
    run('tsc on the generated files', join(ROOT, 'node_modules/.bin/tsc'), [
      '-p',
      join(dir, 'tsconfig.json'),
    ]);
    run('biome on the generated files', join(ROOT, 'node_modules/.bin/biome'), [
      'check',
      '--config-path',
      join(ROOT, '.ci/lint.json'),
      '--vcs-enabled=false',
      ...lint.map((p) => join(dir, p)),
    ]);
  }

  return { problems, run, refusals, typecheckAndLint };
}
