// Runs the same tests in real Chromium, Firefox and WebKit from Debian's packages
// (adopted from ../shared/reference/test-rig). BROWSERS=chromium,firefox,webkit picks a subset.
//   Chromium: Playwright -> /usr/bin/chromium
//   Firefox:  Puppeteer over WebDriver BiDi -> /usr/bin/firefox-esr
//   WebKit:   WebDriver classic -> WebKitGTK MiniBrowser under Xvfb (.ci/wtr-webkitgtk.mjs)
// The demo shop (examples/server) answers the shop's endpoints here exactly as under `npm start`.
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { cjsEsmPlugin } from './.ci/wtr-cjs-esm.mjs';
import { nodeEnvPlugin } from './.ci/wtr-node-env.mjs';
import { reactEsmPlugin } from './.ci/wtr-react-esm.mjs';
import { sourceFilesPlugin } from './.ci/wtr-source-files.mjs';
import { summaryFileReporter } from './.ci/wtr-summary.mjs';
import { webdriverViewportPlugin, webkitGtkLauncher } from './.ci/wtr-webkitgtk.mjs';
import { shopMiddleware } from './examples/server/koa.mjs';
import { vueSfcPlugin } from './test/hosts/vue/vue-sfc-plugin.mjs';

const wanted = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',').map((b) => b.trim());

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * TEST_MOMENT="2027-02-28T21:30+13:00 Pacific/Auckland" runs Chromium in that time zone with its
 * clock set so that each test file starts at that moment (Date only; time runs on from there and
 * timers are the browser's own, so a test's fake timers still install over it). Several moments,
 * separated by ";", run in a Chromium each (two at a time, web-test-runner's concurrentBrowsers).
 * The hard-moments step of `npm test` (.ci/hard-moments.mjs) runs the date and time tests so.
 */
export const moments = (process.env.TEST_MOMENT ?? '')
  .split(';')
  .filter((text) => text.trim())
  .map(parseMoment);

/** @param {string} text */
function parseMoment(text) {
  const [iso, timezoneId] = text.trim().split(/\s+/);
  const time = Date.parse(iso);
  if (Number.isNaN(time) || !timezoneId)
    throw new Error(`TEST_MOMENT "${text}": want "<ISO time with offset> <IANA zone>"`);
  return { text: text.trim(), time, timezoneId };
}

/**
 * Runs in every document before its scripts: `Date` counts from `start` (ms since the epoch) at
 * the document's load on. Not marked as a fake clock, so sinon's fake timers install over it. The
 * browser's cookie jar keeps the machine's clock, so a cookie's `expires` is moved back by the
 * same shift as it is written: a cookie lives as long in the jar as the page meant.
 * @param {number} start
 */
function shiftDate(start) {
  const Real = Date;
  const offset = start - Real.now();
  const now = () => Real.now() + offset;
  /** @param {any[]} args */
  function shifted(...args) {
    if (!new.target) return new Real(now()).toString();
    return Reflect.construct(Real, args.length ? args : [now()], new.target);
  }
  Object.setPrototypeOf(shifted, Real);
  Object.defineProperty(shifted, 'length', { value: 7 });
  shifted.prototype = Real.prototype;
  shifted.now = now;
  Object.defineProperty(Real.prototype, 'constructor', {
    value: shifted,
    writable: true,
    configurable: true,
  });
  globalThis.Date = /** @type {DateConstructor} */ (/** @type {unknown} */ (shifted));
  const cookie = /** @type {PropertyDescriptor} */ (
    Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
  );
  Object.defineProperty(Document.prototype, 'cookie', {
    ...cookie,
    /** @param {string} value */
    set(value) {
      const moved = String(value).replace(/;\s*expires=([^;]*)/i, (all, date) => {
        const time = Real.parse(date);
        return Number.isNaN(time) ? all : `; expires=${new Real(time - offset).toUTCString()}`;
      });
      cookie.set?.call(this, moved);
    },
  });
}

/** Chromium, at `moment` when given (named after it, so results say which moment failed). */
function chromiumAt(/** @type {ReturnType<typeof parseMoment> | undefined} */ moment) {
  const launcher = playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS },
    ...(moment && {
      async createBrowserContext({ browser }) {
        const context = await browser.newContext({ timezoneId: moment.timezoneId });
        await context.addInitScript(shiftDate, moment.time);
        return context;
      },
    }),
  });
  if (moment) launcher.name = `Chromium at ${moment.text}`;
  return launcher;
}

const launchers = {
  chromium: () => (moments.length ? moments.map(chromiumAt) : [chromiumAt()]),
  firefox: () =>
    puppeteerLauncher({
      launchOptions: { browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true },
    }),
  webkit: () => webkitGtkLauncher(),
};

/** Plugins shared by the test and benchmark configs. */
export const plugins = [
  webdriverViewportPlugin(),
  sourceFilesPlugin(),
  vueSfcPlugin({ rootDir: new URL('.', import.meta.url) }), // test/hosts/vue/*.vue
  reactEsmPlugin(),
  cjsEsmPlugin(), // CommonJS packages of browser dependencies (url-parse, for tus-js-client)
  nodeEnvPlugin(),
  esbuildPlugin({
    ts: true,
    tsx: true,
    target: 'es2022',
    tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
  }),
];

export default {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  // The demo shop's own tests (test/server/: its wire formats, asked with fetch) check Node code,
  // the same in every engine: they run where Chromium runs (CI time, issue 19).
  files: [
    'test/**/*.test.{ts,tsx}',
    '!test/bench/**',
    ...(wanted.includes('chromium') ? [] : ['!test/server/**']),
  ],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 1,
  browsers: (await Promise.all(wanted.map((b) => launchers[b]()))).flat(),
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  middleware: shopMiddleware(),
  reporters: [defaultReporter(), summaryFileReporter()],
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  plugins,
};
