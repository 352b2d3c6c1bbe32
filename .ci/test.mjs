// `npm test`: installs what is missing, then typecheck, lint, entry checks, build (bundles,
// custom-elements.json, types), size budgets, stopping at the first failure; then the browser
// tests in Chromium, Firefox and WebKit, then the date and time tests again in Chromium at hard
// moments (.ci/hard-moments.mjs), closing on one line with the counts of all of them.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBrowsers, ensureNodeModules } from './ensure-deps.mjs';
import { readSummary } from './wtr-summary.mjs';

ensureNodeModules();
ensureBrowsers();

const steps = [
  ['typecheck', 'npx tsc -p .'],
  ['scaffold (npm run new-element) makes an element that typechecks', 'node .ci/check-scaffold.mjs'],
  ['lint', 'npx biome check --config-path .ci/lint.json .'],
  ['autoloader and exports cover every element', 'node .ci/check-entries.mjs'],
  ['every page behaviour is registered once, with its module', 'node .ci/check-behaviours.mjs'],
  ['layering: no import circles, nothing reaches up', 'node .ci/check-layers.mjs'],
  [
    'scaffold (npm run new-behaviour) makes a behaviour that typechecks',
    'node .ci/new-behaviour.mjs --check',
  ],
  ['build (bundles, custom-elements.json, types)', 'npm run -s build'],
  ['size budgets', 'node .ci/size.mjs'],
  ["the autoloader starts each element chunk's imports", 'node .ci/check-chunk-imports.mjs'],
  ['every date test is run at the hard moments', 'node .ci/hard-moments.mjs --check'],
];

/** Runs one step; true when it passed. */
function step(name, cmd, env = {}) {
  console.log(`\n▶ ${name}: ${cmd}`);
  const started = Date.now();
  try {
    execSync(cmd, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...env } });
  } catch (error) {
    const how = error.signal ? `killed by ${error.signal}` : `exit code ${error.status}`;
    console.error(`\n✖ ${name} failed, ${how} (${cmd})`);
    return false;
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
}

/** The last `n` lines of `text`. */
const tail = (text, n) => text.trimEnd().split('\n').slice(-n).join('\n');

for (const [name, cmd] of steps) if (!step(name, cmd)) process.exit(1);

// The engines one after another, not side by side: on a 2-core machine three browsers at once
// starve each other and timing-sensitive tests get flaky. Every engine runs even when one fails.
const dir = mkdtempSync(join(tmpdir(), 'wtr-'));
const total = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failures = [];
let ok = true;
/** [label, command, environment] of each browser run. */
const runs = [
  ...['chromium', 'firefox', 'webkit'].map((engine) => [
    engine,
    'npx web-test-runner',
    { BROWSERS: engine, ...(engine === 'webkit' && { WEBKIT_LOG: join(dir, 'webkit.log') }) },
  ]),
  ['chromium at hard moments', 'node .ci/hard-moments.mjs', {}],
];
for (const [label, cmd, env] of runs) {
  const file = join(dir, `${label}.json`);
  const passed = step(`browser tests in ${label}`, cmd, { ...env, WTR_SUMMARY: file });
  ok = passed && ok;
  // What WebKit's driver and browser print (.ci/wtr-webkitgtk.mjs), shown when its run fails.
  if (!passed && env.WEBKIT_LOG && existsSync(env.WEBKIT_LOG))
    console.log(
      `${label}: the last lines of WebKit's own log:\n${tail(readFileSync(env.WEBKIT_LOG, 'utf8'), 60)}`,
    );
  const counts = readSummary(file);
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (counts.slowest?.length)
    console.log(
      `${label}, slowest test files:\n${counts.slowest.map((f) => `  ${f.seconds.toFixed(1)} s  ${f.file}`).join('\n')}`,
    );
  for (const key of Object.keys(total)) total[key] += counts[key];
  for (const failure of counts.failures ?? []) failures.push(`${label}  ${failure}`);
}
rmSync(dir, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok && total.failed === 0 ? 0 : 1);
