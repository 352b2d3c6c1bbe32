// Size budgets (issue 2 §1, DESIGN §10), gzip as in the issue: the shared chunk (React, r2wc,
// nanostores, zod, shared/; rolldown's helper runtime is a separate 0.4 kB file that only the
// shared chunk and the elements import, counted with it) and each element's own chunk and the
// autoloader. The element list follows `elements/<tag>/<tag>.ts`, so new elements are covered.
// `npm run size` builds first when dist/ is missing.
import { elementTags } from './scripts/element-tags.mjs';

const KB = 1000; // size-limit's "kB"

export default [
  {
    name: 'shared chunk (dist/shared.js + dist/rolldown-runtime.js)',
    path: ['dist/shared.js', 'dist/rolldown-runtime.js'],
    limit: `${80 * KB} B`,
    gzip: true,
  },
  ...['autoloader', ...elementTags()].map((name) => ({
    name: `dist/${name}.js (own chunk)`,
    path: `dist/${name}.js`,
    limit: `${20 * KB} B`,
    gzip: true,
  })),
];
