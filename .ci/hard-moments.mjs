// @ts-check
// The date- and time-sensitive test files, run again in Chromium with the browser's clock and
// time zone set to moments where calendars and clocks are unkind (web-test-runner.config.mjs,
// TEST_MOMENT): a test that reads the real date, the hour or the machine's zone where it should
// have fixed them fails here, whatever the day CI runs on. Each test file starts at the moment.
//
//   node .ci/hard-moments.mjs            every moment, as `npm test` runs it
//   node .ci/hard-moments.mjs --check    only checks that every test file that deals in dates is
//                                        listed below (or said not to depend on them)
//
// A test file that mentions dates, times, time zones or cookie lifetimes must be in DATE_TESTS or
// in NOT_DATE_TESTS (with the reason): so a new date test is run here without anyone remembering.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSummary } from './wtr-summary.mjs';

/** [TEST_MOMENT, why it is hard]. */
export const MOMENTS = [
  [
    '2027-02-28T21:30+13:00 Pacific/Auckland',
    'the last evening of February in Auckland (UTC is still that morning)',
  ],
  [
    '2028-02-29T18:00-08:00 America/Los_Angeles',
    'a leap day evening in Los Angeles (UTC is already 1 March)',
  ],
  [
    '2026-12-31T23:55+05:30 Asia/Kolkata',
    "New Year's Eve, 23:55, in a half-hour zone (the year turns 5 min in)",
  ],
  [
    '2027-03-28T01:59:30+01:00 Europe/Berlin',
    'the spring-forward night in Berlin, 30 s before 02:00 becomes 03:00',
  ],
];

/** The test files whose results depend on dates, times or time zones (globs). */
export const DATE_TESTS = [
  'test/elements/shop-option-form/extras-date.test.ts',
  'test/elements/shop-option-form/extras-date-rules.test.ts',
  'test/elements/shop-option-form/extras-place-shop.test.ts',
  'test/elements/shop-option-form/engine-store.test.ts',
  'test/elements/shop-option-form/engine-validation.test.ts',
  'test/elements/shop-option-form/extras-spam.test.ts',
  'test/elements/shop-reviews/shop-reviews.test.ts',
  'test/elements/shop-reviews/shop-reviews.time.test.ts',
  'test/elements/shop-reviews/shop-reviews.controller.test.ts',
  'test/elements/shop-reviews/shop-reviews.hostile.test.ts',
  'test/elements/join-chat/*.test.ts',
  'test/elements/shop-popup/*.test.ts',
  'test/elements/shop-order-attribution/*.test.ts',
  'test/shared/format/dates.test.ts',
  'test/shared/tracking/*.test.ts',
  'test/shared/cart/cart.test.ts',
  'test/shared/page/coming-soon.test.ts',
  'test/shared/page/store-notice.test.ts',
];

/** Test files that mention dates or cookies without depending on the day, and why. */
export const NOT_DATE_TESTS = {
  'test/shared/chunk-load.test.ts': 'Date.now() only makes URLs unique',
  'test/server/shop-server.test.ts': "the demo shop's Node code; Date.now() is only the 'time' field's value",
  'test/examples/csp.test.ts': 'Date.now() bounds a wait',
  'test/examples/storefront.test.ts': 'the example page as a whole; its date parts are tested on their own',
  'test/shared/format/messages.test.ts': 'plural and number messages, no dates',
  'test/shared/page/account.test.ts': "'Date' is a table heading",
  'test/shared/shop/store-api.test.ts': 'a cookie set to expire in 1970 is only deleted',
  'test/examples/open-states.test.ts': 'a cookie set to expire in 1970 is only deleted',
};

/** Words that make a test file a date test unless it is listed above. */
const DATE_WORDS =
  /\bDate\b|fixDate|localTime|DateTimeFormat|RelativeTimeFormat|getTimezoneOffset|expires|max-age/;

/** Whether `file` matches the glob `pattern` (`*` within a folder, `**` across folders). @param {string} pattern @param {string} file */
const matches = (pattern, file) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?')}$`,
  ).test(file);

/** @param {string} file */
const listed = (file) =>
  DATE_TESTS.some((pattern) => matches(pattern, file)) || Object.hasOwn(NOT_DATE_TESTS, file);

/** The test files that deal in dates and are listed nowhere. */
export function unlisted() {
  return readdirSync('test', { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('test/bench/'))
    .filter((file) => DATE_WORDS.test(readFileSync(file, 'utf8')) && !listed(file))
    .sort();
}

const missing = unlisted();
if (missing.length) {
  console.error(
    `These test files deal in dates but are not in .ci/hard-moments.mjs (DATE_TESTS, or NOT_DATE_TESTS with the reason):\n${missing.map((f) => `  ${f}`).join('\n')}`,
  );
  process.exit(1);
}
if (process.argv.includes('--check')) process.exit(0);

// One web-test-runner for all moments: a Chromium each, two at a time (the files mostly wait, so
// two browsers take little more than one; the engines of the main run still run one at a time).
const dir = mkdtempSync(join(tmpdir(), 'moments-'));
const summary = join(dir, 'summary.json');
const started = Date.now();
for (const [moment, why] of MOMENTS) console.log(`  ${moment}: ${why}`);
try {
  execFileSync('npx', ['web-test-runner', ...DATE_TESTS], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BROWSERS: 'chromium',
      TEST_MOMENT: MOMENTS.map(([moment]) => moment).join(';'),
      WTR_SUMMARY: summary,
      FORCE_COLOR: '0',
    },
  });
} catch {
  // counted from the summary below
}
const counts = readSummary(summary);
rmSync(dir, { recursive: true, force: true });
for (const [name, c] of Object.entries(counts.browsers ?? {}))
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
console.log(
  `hard moments: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (process.env.WTR_SUMMARY) writeFileSync(process.env.WTR_SUMMARY, JSON.stringify(counts));
process.exit(counts.failed === 0 ? 0 : 1);
