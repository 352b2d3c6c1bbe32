// web-test-runner plugin: compiles the Vue host app's single-file components (test/hosts/vue/*.vue)
// ahead of time with vue/compiler-sfc, as an app's build (Vite's @vitejs/plugin-vue) does: the
// template becomes a render function in the served module, so nothing is compiled in the browser
// (no `new Function`, strict-CSP safe) and the template is the one the README quotes. The
// compiler is told which tags are custom elements, exactly as the README's Vite config does.
// Also defines Vue's esm-bundler feature flags (a bundler's job) for the served Vue modules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { compileScript, parse } from 'vue/compiler-sfc';

/** The README's `isCustomElement`: our tags are custom elements, not Vue components. */
export const isCustomElement = (tag) => tag.startsWith('shop-') || tag === 'join-chat';

const FLAGS = {
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
};

export function vueSfcPlugin({ rootDir }) {
  return {
    name: 'vue-sfc',
    resolveMimeType(context) {
      if (context.path.endsWith('.vue')) return 'js';
    },
    async transform(context) {
      if (context.path.endsWith('.vue')) {
        const filename = fileURLToPath(new URL(`.${context.path}`, rootDir));
        const { descriptor, errors } = parse(readFileSync(filename, 'utf8'), {
          filename,
          templateParseOptions: { isCustomElement },
        });
        if (errors.length) throw errors[0];
        const script = compileScript(descriptor, {
          id: context.path,
          inlineTemplate: true,
          templateOptions: { compilerOptions: { isCustomElement } },
        });
        const { code } = await esbuild.transform(script.content, { loader: 'ts', target: 'es2022' });
        return { body: code };
      }
      if (context.path.includes('/node_modules/@vue/') && typeof context.body === 'string') {
        let body = context.body;
        for (const [flag, value] of Object.entries(FLAGS)) body = body.replaceAll(flag, value);
        return { body };
      }
    },
  };
}
