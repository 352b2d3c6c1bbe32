// One Vite (rolldown) build for the whole library (issue 2 §1, DESIGN §10): an ES entry per element
// plus the autoloader, and ONE shared chunk (`dist/shared.js`) with React, r2wc, nanostores,
// `shared/` and `styles/`, so elements loaded from separate script tags share one `$cart`.
// `npm start` serves the example pages and the demo shop from the same config.
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { checkBehaviours } from './.ci/check-behaviours.mjs';
import { elementTags } from './.ci/element-tags.mjs';
import { CSS_TEMPLATE, minifyCss } from './.ci/minify-css.mjs';
// @ts-expect-error: the demo server is JavaScript (checked with // @ts-check) without .d.ts, and tsconfig has no allowJs.
import { demoShop as untypedDemoShop } from './examples/server/vite-plugin.mjs';

/**
 * The demo shop (examples/server) on the dev and preview servers. Its hooks return the connect
 * app from `middlewares.use()`, which Vite would take for a post hook and call without a request
 * (crashing `vite` at start), so they are wrapped to return nothing.
 */
function demoShop(): Plugin {
  const shop = untypedDemoShop() as {
    name: string;
    configureServer: (server: ViteDevServer) => unknown;
    configurePreviewServer: (server: PreviewServer) => unknown;
  };
  return {
    name: shop.name,
    configureServer(server) {
      shop.configureServer(server);
    },
    configurePreviewServer(server) {
      shop.configurePreviewServer(server);
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));

/** Where `elements/autoloader.ts` holds the element chunks' imports ({@link elementChunkImports}). */
const CHUNK_IMPORTS_MARKER = '__ELEMENT_CHUNK_IMPORTS__';

/** Where `elements/autoloader.ts` holds the page-behaviour chunks to preload ({@link elementChunkImports}). */
const PAGE_PRELOADS_MARKER = '__PAGE_CHUNK_PRELOADS__';

/** Overwrites, in `out`, the string literal `marker` of the autoloader's `code` with one holding `value` as JSON. */
function writeOverMarker(
  context: { error: (message: string) => never },
  code: string,
  out: MagicString,
  marker: string,
  value: unknown,
): void {
  // The marker is a whole string literal, replaced with its quotes by one holding the JSON.
  const at = code.indexOf(marker) - 1;
  const end = at + marker.length + 2;
  if (at < 0 || !/^(["'`]).*\1$/.test(code.slice(at, end)))
    context.error(`elements/autoloader.ts lost its ${marker} marker`);
  out.overwrite(at, end, JSON.stringify(JSON.stringify(value)));
}

/**
 * Writes into the autoloader what it starts beside an element's chunk or the page behaviours, so
 * that nothing a page needs waits a round trip behind the chunk that imports it:
 * - over {@link CHUNK_IMPORTS_MARKER}, the chunks each element's chunk imports besides `shared.js`
 *   (which the autoloader starts anyway; issue 19);
 * - over {@link PAGE_PRELOADS_MARKER}, each page-behaviour chunk with the selectors of the
 *   behaviours in it and the chunks it imports: the autoloader starts the ones whose markup is on
 *   the page at once, instead of after `page.js` arrived and looked (issue 32).
 * The build fails when a marker is gone or a behaviour's chunk is not found.
 */
function elementChunkImports(): Plugin {
  return {
    name: 'storefront:element-chunk-imports',
    apply: 'build',
    renderChunk(code, chunk, _options, meta) {
      if (chunk.name !== 'autoloader' || !chunk.isEntry) return null;
      const imports: Record<string, string[]> = {};
      for (const tag of elementTags()) {
        const element = meta.chunks[`${tag}.js`];
        if (!element) this.error(`no chunk ${tag}.js for the autoloader's chunk imports`);
        const own = element.imports.filter((file) => file !== 'shared.js');
        if (own.length) imports[tag] = own;
      }
      const selectors = new Map<string, string[]>();
      for (const { name, selector, file } of checkBehaviours().entries) {
        const module = `/shared/page/${file}`;
        const found = Object.values(meta.chunks).find((c) => c.moduleIds.some((id) => id.endsWith(module)));
        if (!found || !selector)
          this.error(`the ${name} page behaviour: no chunk or no selector for the autoloader`);
        const known = selectors.get(found.fileName) ?? [];
        if (!known.includes(selector)) selectors.set(found.fileName, [...known, selector]);
      }
      const preloads = [...selectors].map(([file, list]) => [
        list.join(', '),
        [file, ...meta.chunks[file]!.imports.filter((f) => f !== 'shared.js')],
      ]);
      const out = new MagicString(code);
      writeOverMarker(this, code, out, CHUNK_IMPORTS_MARKER, imports);
      writeOverMarker(this, code, out, PAGE_PRELOADS_MARKER, preloads);
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/**
 * Minifies our `/* css *\/` template literals (.ci/minify-css.mjs): the JavaScript minifier keeps
 * their indentation and comments, which every chunk with styles carried (the shared chunk's base
 * styles, each element's own; issue 19's budgets). Templates with `${…}` are left as written.
 */
function cssTemplates(): Plugin {
  return {
    name: 'storefront:css-templates',
    // Before the TypeScript transform, which may move or drop the `/* css */` marker.
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('/* css */')) return null;
      const out = new MagicString(code);
      for (const match of code.matchAll(CSS_TEMPLATE))
        out.overwrite(match.index, match.index + match[0].length, `\`${minifyCss(match[1])}\``);
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}

/** rolldown's runtime helpers (one copy for every chunk). */
const RUNTIME = /^\0rolldown[\\/]runtime/;
const ELEMENT_CODE = /[\\/]elements[\\/]([^\\/]+)[\\/]/;
/** Page behaviours and what only they use (issue 17): `shared/page/` and the WordPress REST client. */
const PAGE_CODE = /[\\/]shared[\\/](page[\\/]|shop[\\/]rest\.ts$)/;
const AUTOLOADER = /[\\/]elements[\\/]autoloader\.ts$/;

/** The page-behaviour registry (`shared/page/index.ts`), which the autoloader imports lazily. */
const PAGE_REGISTRY = /[\\/]shared[\\/]page[\\/]index\.ts$/;

/**
 * The page behaviours grouped by the kind of page that uses them (issue 32): a page loads its
 * behaviours in one or two requests instead of one per behaviour (the storefront asked for twelve
 * chunks, each a round trip's worth of latency on a slow phone; on HTTP/1.1 only six at a time).
 * Which example page (one per page kind) installs which behaviours decided the groups:
 * - `page`: the registry and what every theme's pages have (header, menus, notices, tabs,
 *   account fields, quantity buttons, the add-to-cart buttons): loaded with the registry itself;
 * - `blocks`: page-builder content blocks (counters, carousels, scroll and motion effects);
 * - `product`: the single product page (swatches, the sticky bar, product tabs, reviews and
 *   comments);
 * - `catalog`: product lists (quick view, ordering, result count, wishlist);
 * - `cart`: cart, checkout and account pages (with the page dialogs the login popup uses).
 * A behaviour in none of them (video, lottie, instagram, link actions, the loop filter, editor
 * links, the coming-soon banner) keeps a lazy chunk of its own: rare, or heavy and loaded on
 * demand. What groups share outside `shared/page/`: {@link PAGE_HELPERS}, {@link commonLazyChunk}.
 */
const PAGE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  page: [
    'index',
    'behaviour',
    'define-behaviour',
    'store-notice',
    'notices',
    'back-to-top',
    'dropdown-menu',
    'sticky-header',
    'sliding-menu',
    'scroll-to',
    'accordion',
    'tabs',
    'password-toggle',
    'field-hints',
    'scroll-window',
    'tween',
    // Quantity fields' +/- buttons: on the product page, the cart page and the themes' mini-carts.
    'quantity-buttons',
    // Not a registered behaviour: the autoloader installs it on every page with add-to-cart
    // buttons, and the mini-cart imports it (spec §4).
    'add-to-cart-buttons',
  ],
  blocks: [
    'count-up',
    'animate-on-scroll',
    'carousel',
    'parallax',
    'equal-height',
    'sticky-elements',
    'device-mode',
  ],
  product: [
    'swatches',
    'variations',
    'sticky-add-to-cart',
    'product-tabs',
    'review-form',
    'comment-form',
    'spam-tracker',
  ],
  catalog: ['quick-view', 'catalog-ordering', 'result-count', 'wishlist'],
  cart: ['cart-page', 'checkout-terms', 'account', 'page-dialog'],
};
const PAGE_MODULE = /[\\/]shared[\\/]page[\\/]([a-z0-9-]+)\.ts$/;
const GROUP_OF = new Map(
  Object.entries(PAGE_GROUPS).flatMap(([group, modules]) =>
    modules.map((module) => [module, group] as const),
  ),
);

/**
 * Small helpers outside `shared/page/` that behaviours of several groups use (the modal dialog,
 * the breakpoints; under a kilobyte each): in `page.js`, which those groups import anyway, instead
 * of a request of their own.
 */
const PAGE_HELPERS = /[\\/]shared[\\/](a11y[\\/]dialog|breakpoints)\.ts$/;

/** The group of a page-behaviour module (`shared/page/<module>.ts`), if it has one. */
function pageGroupOf(id: string): string | undefined {
  if (PAGE_REGISTRY.test(id) || PAGE_HELPERS.test(id)) return 'page';
  const module = PAGE_MODULE.exec(id)?.[1];
  return module ? GROUP_OF.get(module) : undefined;
}

/**
 * The page-behaviour chunks: `page.js` (the registry, what it imports statically, and the
 * behaviours of every page) first, so that the other groups import it rather than take its
 * modules along; then one chunk per other group of {@link PAGE_GROUPS}, `page-<group>.js`
 * ({@link chunkFileName}). Behaviours are dynamic imports of the registry, loaded only where their
 * markup is on the page (issue 19); the autoloader starts the chunks a page's markup asks for
 * beside the elements' (issue 32, {@link elementChunkImports}).
 */
function pageChunk(which: 'core' | 'groups'): (id: string) => string | null {
  return (id) => {
    const group = pageGroupOf(id);
    if (!group) return null;
    return (group === 'page') === (which === 'core') ? group : null;
  };
}

/**
 * Who uses each module, walked up its importers (static and dynamic) until a module `leaf` names
 * (an element, a page group...): memoised, a cycle ending where it started.
 */
function usersByImporters(
  leaf: (id: string) => string | undefined,
): (id: string, ctx: ChunkingContext) => Set<string> {
  const users = new Map<string, Set<string>>();
  const usersOf = (id: string, ctx: ChunkingContext): Set<string> => {
    const known = users.get(id);
    if (known) return known;
    const found = new Set<string>();
    users.set(id, found); // cycles end here
    const named = leaf(id);
    if (named) found.add(named);
    else {
      const info = ctx.getModuleInfo(id);
      for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])])
        for (const user of usersOf(importer, ctx)) found.add(user);
    }
    return found;
  };
  return usersOf;
}

/** The element (or the autoloader) a module of `elements/` belongs to. */
const elementOf = (id: string) =>
  ELEMENT_CODE.test(id) || AUTOLOADER.test(id) ? (ELEMENT_CODE.exec(id)?.[1] ?? id) : undefined;

/**
 * Modules outside `shared/page/` that a grouped behaviour imports and something else uses too (an
 * element, another group: the sanitizer with DOMPurify behind quick view, the luma helper of
 * swatches and the option form, the dialog helper): a chunk of their own, named after the module,
 * as rolldown makes without groups. A group would otherwise take them along (rolldown's
 * includeDependenciesRecursively), and the element would then load that page group for them.
 */
function commonLazyChunk(): (id: string, ctx: ChunkingContext) => string | null {
  const usersOf = usersByImporters((id) => {
    const group = pageGroupOf(id);
    const page = PAGE_MODULE.exec(id)?.[1];
    return group ? `group:${group}` : page ? `behaviour:${page}` : elementOf(id);
  });
  return (id, ctx) => {
    if (PAGE_CODE.test(id) || RUNTIME.test(id) || pageGroupOf(id)) return null;
    const importedByGroup = ctx.getModuleInfo(id)?.importers.some((importer) => pageGroupOf(importer));
    if (!importedByGroup || usersOf(id, ctx).size < 2) return null;
    return /([^\\/]+?)\.m?[jt]sx?$/.exec(id)?.[1] ?? null;
  };
}

/** `page-<name>.js` for chunks of page behaviours only, `<name>.js` for the rest. */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const pageOnly =
    chunk.name !== 'page' && chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => PAGE_CODE.test(id));
  return pageOnly ? 'page-[name].js' : '[name].js';
}

/**
 * The `shared` chunk: every module that two or more entries (elements, the autoloader) use,
 * directly or through other modules: `defineElement` and so React, r2wc, nanostores, zod, the
 * stores, `styles/`. A module that only one element uses stays in that element's chunk, so pages
 * without the element do not download it; and no second common chunk can appear. Page behaviours
 * never go here, even when an element imports one (below).
 */
function sharedChunk(): (id: string, ctx: ChunkingContext) => string | null {
  // Packages and our own shared/ modules belong to whoever imports them: what one element alone
  // uses stays in its chunk.
  const ownersOf = usersByImporters((id) => (RUNTIME.test(id) ? 'shared' : elementOf(id)));
  // A module reached only through import() (PhotoSwipe, behind two elements' lightboxes) is left
  // to rolldown, which gives it a lazy chunk of its own: in `shared` every page would load it.
  const eager = new Map<string, boolean>();
  const isEager = (id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean => {
    const known = eager.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    const top = seen.size === 0; // a negative answer is final only for the whole search
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    const found =
      !info || info.isEntry || RUNTIME.test(id) || info.importers.some((i) => isEager(i, ctx, seen));
    if (found || top) eager.set(id, found);
    return found;
  };
  return (id, ctx) => {
    if (PAGE_CODE.test(id)) return null; // page behaviours: page.js or a chunk of their own (below)
    const found = ownersOf(id, ctx);
    return (found.has('shared') || found.size > 1) && isEager(id, ctx) ? 'shared' : null;
  };
}

export default defineConfig({
  root,
  // Libraries (nanostores, React) branch on it; lib mode does not replace it by itself.
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [demoShop(), elementChunkImports(), cssTemplates()],
  server: {
    port: 5173,
    strictPort: false,
    open: false,
    // The example pages run under `script-src 'self'; style-src 'self'` (examples/server/csp.mjs).
    // Vite adds only `<script type="module" src="/@vite/client">` to them, and its HMR socket is
    // same-origin (connect-src 'self'); checked in headless Chromium: no securitypolicyviolation.
    // The error overlay would put a <style> into the page, so it is off (errors go to the console).
    hmr: { overlay: false },
  },
  preview: { port: 4173, strictPort: false, open: false },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      entry: {
        ...Object.fromEntries(elementTags().map((tag) => [tag, `elements/${tag}/${tag}.ts`])),
        autoloader: 'elements/autoloader.ts',
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Lib mode keeps each entry's exports exactly ('strict'), so modules an element's chunk shares
      // with its own lazy chunks (the option form's engine, used by its extras and formulas) were
      // split into common chunks every page with the element loaded anyway, one request each
      // (issue 19). The elements' exports are kept; the chunk may export more for its lazy chunks.
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: chunkFileName,
        // Lib mode keeps whitespace and /* @__PURE__ */ comments in ES output for re-bundling; these
        // files go straight into pages, so minify fully. Licence comments stay.
        minify: true,
        comments: { annotation: false, jsdoc: false, legal: true },
        codeSplitting: {
          // Groups take their modules' dependencies along (rolldown's includeDependenciesRecursively):
          // the shared chunk goes first, so what the page behaviours share with the elements
          // (DOMPurify, events, the jQuery bridge) stays there and page.js holds only their own code.
          groups: [
            { name: sharedChunk(), debugName: 'shared', priority: 4 },
            { name: commonLazyChunk(), debugName: 'common lazy', priority: 3 },
            { name: pageChunk('core'), debugName: 'page', priority: 2 },
            { name: pageChunk('groups'), debugName: 'page groups', priority: 1 },
          ],
        },
      },
    },
  },
});
