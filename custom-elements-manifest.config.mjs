// custom-elements.json from the elements' JSDoc (@tagname @attr @event @csspart @cssproperty
// @slot): `npm run manifest` writes it at the root, where README tooling and editors read it;
// scripts/check-manifest.mjs (run by `npm test`) fails when the committed file is out of date.
// Only the element modules (`elements/<tag>/<tag>.ts`, the package's entry points) are analysed:
// views, settings, styles and engines are internals, and listing them would only add churn.
import { elementTags } from './scripts/element-tags.mjs';

export default {
  globs: elementTags().map((tag) => `elements/${tag}/${tag}.ts`),
  exclude: ['**/*.test.ts', '**/engine/**'],
  outdir: '.',
  litelement: false,
  packagejson: false,
  dependencies: false,
  dev: false,
};
