// dist/custom-elements.json from the elements' JSDoc (@tagname @attr @event @csspart @cssproperty
// @slot): `npm run build` writes it (`npm run manifest` alone too) and the package exports it;
// .ci/build-types.mjs reads it for the type declarations. Generated, so never out of date.
// Only the element modules (`elements/<tag>/<tag>.ts`, the package's entry points) are analysed:
// views, settings, styles and engines are internals, and listing them would only add churn.
import { elementTags } from './element-tags.mjs';

export default {
  globs: elementTags().map((tag) => `elements/${tag}/${tag}.ts`),
  exclude: ['**/*.test.ts', '**/engine/**'],
  outdir: 'dist',
  litelement: false,
  packagejson: false,
  dependencies: false,
  dev: false,
};
