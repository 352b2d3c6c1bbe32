// @ts-check
// A web-test-runner reporter that writes the run's counts to the JSON file named by
// WTR_SUMMARY (when set), so .ci/test.mjs can print one closing line over the three engines.
// A test file that failed without a failing test (it did not load, or timed out) counts as one
// failure.
import { writeFileSync } from 'node:fs';

/** @typedef {{ passed: boolean, skipped: boolean }} Test */
/** @typedef {{ tests: Test[], suites: Suite[] }} Suite */

/** @param {Suite | undefined} suite @returns {Test[]} */
const testsOf = (suite) => (suite ? [...suite.tests, ...suite.suites.flatMap(testsOf)] : []);

/** @returns {import('@web/test-runner').Reporter} */
export function summaryFileReporter(file = process.env.WTR_SUMMARY) {
  return {
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
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}
