// Benchmarks with a garbage collector the page can call (heap figures after gc()): the bench
// config with a Chromium launched with `--js-flags=--expose-gc` and precise `performance.memory`.
//   BROWSERS=chromium npx web-test-runner --config test/bench/web-test-runner.memory.config.mjs --files test/bench/elements.bench.ts
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS } from '../../web-test-runner.config.mjs';
import bench from './web-test-runner.bench.config.mjs';

export default {
  ...bench,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'],
      },
    }),
  ],
};
