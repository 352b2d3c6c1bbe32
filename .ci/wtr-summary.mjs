// @ts-check
// A web-test-runner reporter that writes the run's counts to the JSON file named by
// WTR_SUMMARY (when set), so .ci/test.mjs can print one closing line over the three engines.
// A test file that failed without a failing test (it did not load, or timed out) counts as one
// failure. It also records how long each test file took (files run one at a time, so the time
// between two files' results is the later file's), and the JSON lists the slowest ones: where CI
// time goes.
import { writeFileSync } from 'node:fs';

/** @typedef {{ passed: boolean, skipped: boolean }} Test */
/** @typedef {{ tests: Test[], suites: Suite[] }} Suite */

/** @param {Suite | undefined} suite @returns {Test[]} */
const testsOf = (suite) => (suite ? [...suite.tests, ...suite.suites.flatMap(testsOf)] : []);

/** @returns {import('@web/test-runner').Reporter} */
export function summaryFileReporter(file = process.env.WTR_SUMMARY) {
  /** @type {Array<{ file: string, seconds: number }>} */
  const files = [];
  let last = Date.now();
  return {
    start() {
      last = Date.now();
    },
    reportTestFileResults({ testFile }) {
      const now = Date.now();
      files.push({ file: testFile.replace(`${process.cwd()}/`, ''), seconds: (now - last) / 1000 });
      last = now;
    },
    stop({ sessions }) {
      if (!file) return;
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const tests = testsOf(session.testResults);
        counts.skipped += tests.filter((t) => t.skipped).length;
        counts.passed += tests.filter((t) => !t.skipped && t.passed).length;
        const failed = tests.filter((t) => !t.skipped && !t.passed).length;
        counts.failed += failed || (session.passed === false ? 1 : 0);
      }
      const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
      writeFileSync(file, JSON.stringify({ ...counts, slowest }));
    },
  };
}
