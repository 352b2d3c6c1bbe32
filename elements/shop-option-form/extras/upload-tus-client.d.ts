// tus-js-client's browser build, imported by path: the package maps it only through its "browser"
// field, which the test runner's resolver does not read. Same API as the package's own types.
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
