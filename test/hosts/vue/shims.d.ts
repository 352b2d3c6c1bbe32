// The host app's single-file components, compiled for the browser by vue-sfc-plugin.mjs.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}
