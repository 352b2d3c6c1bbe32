// Installs what `npm start` / `npm test` need on a fresh Debian machine, or fails with one line
// saying what to run: npm packages (when node_modules is missing) and, for tests, Debian's
// browsers (chromium, firefox-esr, WebKitGTK's WebDriver, Xvfb) through apt-get when we are root.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, env = {}) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, ...env } });
const NO_DOWNLOADS = { PUPPETEER_SKIP_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

export function ensureNodeModules() {
  if (existsSync('node_modules/.package-lock.json')) return;
  // `npm install`, not `npm ci`: the registry reachable here serves only this platform's
  // optional binaries (rollup, biome, esbuild), so the lock cannot list the others and
  // `npm ci` refuses it as out of sync. `npm install` keeps every locked version.
  console.log('Installing npm packages (npm install, versions from package-lock.json)...');
  run('npm install --no-audit --no-fund', NO_DOWNLOADS);
}

const BROWSER_FILES = {
  chromium: '/usr/bin/chromium',
  'firefox-esr': '/usr/bin/firefox-esr',
  'webkit2gtk-driver': '/usr/bin/WebKitWebDriver',
  xvfb: '/usr/bin/Xvfb',
};

export function ensureBrowsers() {
  const missing = Object.entries(BROWSER_FILES)
    .filter(([, file]) => !existsSync(file))
    .map(([pkg]) => pkg);
  if (missing.length === 0) return;
  const line = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(`Missing browsers for the tests; run as root: ${line}`);
    process.exit(1);
  }
  console.log(`Installing Debian browsers: ${missing.join(', ')}...`);
  run(`${line} fonts-dejavu-core`, { DEBIAN_FRONTEND: 'noninteractive' });
}
