// Benchmarks (Chromium only, not pass/fail): `npm run bench`, or one file with
// `npm run bench -- --files test/bench/<name>.bench.ts`. Each benchmark prints its figures and
// ratios against a baseline measured in the same run.
import base, { plugins } from '../../web-test-runner.config.mjs';

export default {
  ...base,
  files: ['test/bench/**/*.bench.ts'],
  plugins,
  testFramework: { config: { timeout: 300000 } },
  browserLogs: true,
  filterBrowserLogs: () => true,
};
