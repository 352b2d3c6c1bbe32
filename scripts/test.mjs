// `npm test`: installs what is missing, then typecheck, lint, entry and manifest checks, build,
// size budgets, and the browser tests in Chromium, Firefox and WebKit. Stops at the first failure.
import { execSync } from 'node:child_process';
import { ensureBrowsers, ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
ensureBrowsers();

const steps = [
  ['typecheck', 'npx tsc -p .'],
  ['lint', 'npx biome check .'],
  ['autoloader and exports cover every element', 'node scripts/check-entries.mjs'],
  ['custom-elements.json is up to date', 'node scripts/check-manifest.mjs'],
  ['build', 'npx vite build && node scripts/build-types.mjs'],
  ['size budgets', 'node scripts/size.mjs'],
  ['browser tests (Chromium, Firefox, WebKit)', 'npx web-test-runner'],
];
for (const [name, cmd] of steps) {
  console.log(`\n▶ ${name}: ${cmd}`);
  const started = Date.now();
  try {
    execSync(cmd, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  } catch {
    console.error(`\n✖ ${name} failed (${cmd})`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
