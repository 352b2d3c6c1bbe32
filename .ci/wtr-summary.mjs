// @ts-check
// A web-test-runner reporter that writes the run's counts to the JSON file named by
// WTR_SUMMARY (when set), so .ci/test.mjs can print one closing line over the three engines.
// A test file that failed without a failing test (it did not load, or timed out) counts as one
// failure. It also records how long each test file took (files run one at a time, so the time
// between two files' results is the later file's), and the JSON lists the slowest ones: where CI
// time goes. It also lists the failed tests by file and name, so the closing lines of a long CI
// log name every failure, whichever engine it was in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The counts a run wrote to `file`; a run that ended without writing them counts as one failure.
 * @param {string} file
 */
export function readSummary(file) {
  return existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : { passed: 0, failed: 1, skipped: 0, failures: ['the runner ended without its summary'] };
}

/** @typedef {{ name: string, passed: boolean, skipped: boolean }} Test */
/** @typedef {{ name: string, tests: Test[], suites: Suite[] }} Suite */

/** Every test under `suite`, named with its suites' names. @param {Suite | undefined} suite @param {string} [path] @returns {Array<Test & { title: string }>} */
const testsOf = (suite, path = '') => {
  if (!suite) return [];
  const here = [path, suite.name].filter(Boolean).join(' > ');
  return [
    ...suite.tests.map((t) => ({ ...t, title: [here, t.name].filter(Boolean).join(' > ') })),
    ...suite.suites.flatMap((s) => testsOf(s, here)),
  ];
};

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
      /** The counts by browser (several when the run has several, as the hard-moments step). @type {Record<string, typeof counts>} */
      const browsers = {};
      const several = new Set(sessions.map((s) => s.browser.name)).size > 1;
      /** @type {string[]} */
      const failures = [];
      for (const session of sessions) {
        const tests = testsOf(session.testResults);
        const where = `${several ? `[${session.browser.name}] ` : ''}${session.testFile.replace(`${process.cwd()}/`, '')}`;
        browsers[session.browser.name] ??= { passed: 0, failed: 0, skipped: 0 };
        const own = browsers[session.browser.name];
        const failed = tests.filter((t) => !t.skipped && !t.passed);
        for (const t of failed) failures.push(`${where}: ${t.title}`);
        if (!failed.length && session.passed === false) failures.push(`${where}: the file failed to run`);
        for (const c of [counts, own]) {
          c.skipped += tests.filter((t) => t.skipped).length;
          c.passed += tests.filter((t) => !t.skipped && t.passed).length;
          c.failed += failed.length || (session.passed === false ? 1 : 0);
        }
      }
      const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
      writeFileSync(file, JSON.stringify({ ...counts, browsers, slowest, failures }));
    },
  };
}
