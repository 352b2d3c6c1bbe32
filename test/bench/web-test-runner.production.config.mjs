// The foundation benchmarks on the production build (issue 19): the memory config (gc exposed),
// with the page told to import the elements from dist/ instead of the source.
//   npm run build && BROWSERS=chromium npx web-test-runner --config test/bench/web-test-runner.production.config.mjs --files test/bench/elements.bench.ts
import memory from './web-test-runner.memory.config.mjs';

export default {
  ...memory,
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <body>
    <script>window.BENCH_BUILD = 'dist';</script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
};
