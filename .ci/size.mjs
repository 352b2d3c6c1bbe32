// @ts-check
// `npm run size`: checks the budgets of .size-limit.mjs against dist/ and prints the real figures,
// building first when dist/ is missing. size-limit 14 needs Node >= 22.19 (it imports
// fs/promises.glob); on older Node (the project allows >= 20.19) the same measurement as
// @size-limit/file (gzip level 9, files summed) runs here instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ROOT } from './element-tags.mjs';

const { default: checks } = await import(`${ROOT}.size-limit.mjs`);
/** @type {{ name: string, path: string | string[], limit: string, gzip?: boolean }[]} */
const budgets = checks;
const files = budgets.flatMap((b) => b.path);
if (files.some((f) => !existsSync(`${ROOT}${f}`))) {
  console.log('dist/ is missing or incomplete: building first.');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

// Shipped schemas are zod/mini only (issue 19): a single classic `import { z } from 'zod'` brings
// classic zod's whole API back into a chunk (about 15 kB gzip). Its schema classes are named
// `ZodString`, `ZodObject`, ...; zod/mini's are `ZodMiniString`, ... and the core's `$ZodString`.
const CLASSIC_ZOD = /[`'"]Zod(String|Object|Number|Boolean|Array|Union)[`'"]/;
const withClassicZod = readdirSync(`${ROOT}dist`).filter(
  (f) => f.endsWith('.js') && CLASSIC_ZOD.test(readFileSync(`${ROOT}dist/${f}`, 'utf8')),
);
if (withClassicZod.length) {
  console.error(
    `✖ classic zod ships in ${withClassicZod.map((f) => `dist/${f}`).join(', ')}: import zod/mini instead.`,
  );
  process.exit(1);
}
console.log('✔ no classic zod in dist/ (zod/mini only)');

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major > 22 || (major === 22 && minor >= 19)) {
  const run = spawnSync(`${ROOT}node_modules/.bin/size-limit`, { cwd: ROOT, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

/** Bytes of a size-limit limit such as "80000 B" or "80 kB". @param {string} limit */
const bytes = (limit) => {
  const m = /^([\d.]+)\s*(B|kB|KB|KiB)$/.exec(limit.trim());
  if (!m) throw new Error(`unsupported limit "${limit}"`);
  return Number(m[1]) * (m[2] === 'B' ? 1 : m[2] === 'KiB' ? 1024 : 1000);
};
const kB = (/** @type {number} */ n) => `${(n / 1000).toFixed(2)} kB`;
let failed = 0;
for (const budget of budgets) {
  const paths = [budget.path].flat();
  const size = paths.reduce((sum, p) => sum + gzipSync(readFileSync(`${ROOT}${p}`), { level: 9 }).length, 0);
  const limit = bytes(budget.limit);
  const over = size > limit;
  if (over) failed += 1;
  console.log(
    `${over ? '✖' : '✔'} ${budget.name.padEnd(62)} ${kB(size).padStart(10)} gzip  (limit ${kB(limit)})${over ? `  OVER by ${kB(size - limit)}` : ''}`,
  );
}
if (failed > 0) {
  console.error(`${failed} size budget(s) exceeded.`);
  process.exit(1);
}
