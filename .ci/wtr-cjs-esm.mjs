// Serves CommonJS-only packages that a browser dependency imports as ES modules with a default
// export, for web-test-runner (Vite converts them itself for `npm start` and the build). Each is
// bundled once by esbuild. Today: url-parse, which tus-js-client's browser build imports (issue 13).
import * as esbuild from 'esbuild';

const PREFIX = '/__cjs-esm/';

export function cjsEsmPlugin(packages = ['url-parse']) {
  /** @type {Map<string, Promise<string>>} */
  const bundles = new Map();
  const bundle = (/** @type {string} */ name) => {
    let text = bundles.get(name);
    if (!text) {
      text = esbuild
        .build({
          stdin: {
            contents: `import m from '${name}';\nexport default m;\n`,
            resolveDir: process.cwd(),
            loader: 'js',
          },
          bundle: true,
          write: false,
          format: 'esm',
          platform: 'browser',
          target: 'es2020',
        })
        .then((r) => r.outputFiles[0].text);
      bundles.set(name, text);
    }
    return text;
  };
  return {
    name: 'cjs-esm',
    /** @param {{ source: string }} args */
    resolveImport({ source }) {
      if (packages.includes(source)) return `${PREFIX}${encodeURIComponent(source)}.js`;
      return undefined;
    },
    /** @param {{ path: string }} context */
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const name = decodeURIComponent(context.path.slice(PREFIX.length, -'.js'.length));
      if (!packages.includes(name)) return undefined;
      return { body: await bundle(name), type: 'js' };
    },
  };
}
