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

const launchers = {
  chromium: () =>
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS },
    }),
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
  browsers: await Promise.all(wanted.map((b) => launchers[b]())),
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  middleware: shopMiddleware(),
  reporters: [defaultReporter(), summaryFileReporter()],
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  plugins,
};
