/**
 * The autoloader (issue 2 §1, DESIGN §10): one `<script type="module" src=".../autoloader.js">`
 * for a whole theme. It imports an element's chunk only when its tag is in the page, including
 * tags added later, and gives page `.ajax_add_to_cart` buttons ajax add-to-cart even on a page
 * without a mini-cart. Elements already defined (loaded by their own script tag) are left alone.
 *
 * It watches the document's light DOM; elements that render other elements inside their shadow
 * root import them themselves.
 */

/** Loads one element's chunk, which defines its tag. */
export type ElementLoader = () => Promise<unknown>;

/**
 * The chunk of every element, by tag. Written out (not `import.meta.glob`) so the tests can import
 * this file from source; `.ci/check-entries.mjs` (run by `npm test`) fails when an
 * `elements/<tag>/<tag>.ts` is missing here.
 */
export const elementLoaders: Readonly<Record<string, ElementLoader>> = {
  'join-chat': () => import('./join-chat/join-chat.ts'),
  'product-gallery': () => import('./product-gallery/product-gallery.ts'),
  'shop-live-search': () => import('./shop-live-search/shop-live-search.ts'),
  'shop-mini-cart': () => import('./shop-mini-cart/shop-mini-cart.ts'),
  'shop-option-form': () => import('./shop-option-form/shop-option-form.ts'),
  'shop-order-attribution': () => import('./shop-order-attribution/shop-order-attribution.ts'),
  'shop-popup': () => import('./shop-popup/shop-popup.ts'),
  'shop-reviews': () => import('./shop-reviews/shop-reviews.ts'),
};

/**
 * The chunks each element's chunk imports besides the shared one (rolldown's runtime; for the
 * option form the engine parts its lazy extras share), by tag. The build writes them in over the
 * marker (vite.config.ts, `elementChunkImports`), so they download beside the element's chunk
 * instead of a round trip after it (issue 19). From source there are none.
 */
const CHUNK_IMPORTS_JSON: string = '__ELEMENT_CHUNK_IMPORTS__';
const ELEMENT_CHUNK_IMPORTS: Readonly<Record<string, readonly string[]>> = CHUNK_IMPORTS_JSON.startsWith('{')
  ? JSON.parse(CHUNK_IMPORTS_JSON)
  : {};

/** Imports a built chunk that lies next to this file. */
const importBeside = (file: string) => import(/* @vite-ignore */ new URL(file, import.meta.url).href);

/** Starts loading `tag`'s chunk's own imports, next to this file (see {@link ELEMENT_CHUNK_IMPORTS}). */
function preloadChunkImports(tag: string): void {
  // A failure is reported where it matters: by the element chunk that imports it.
  for (const file of ELEMENT_CHUNK_IMPORTS[tag] ?? []) importBeside(file).catch(() => {});
}

/**
 * The page-behaviour chunks, each with the selectors of the behaviours it holds and the chunks it
 * needs (itself first, then its static imports besides the shared one). The build writes them in
 * over the marker (vite.config.ts, `elementChunkImports`); from source there are none.
 */
const PAGE_PRELOADS_JSON: string = '__PAGE_CHUNK_PRELOADS__';
export type PageChunkPreloads = ReadonlyArray<readonly [selectors: string, files: readonly string[]]>;
const PAGE_CHUNK_PRELOADS: PageChunkPreloads = PAGE_PRELOADS_JSON.startsWith('[')
  ? JSON.parse(PAGE_PRELOADS_JSON)
  : [];

/**
 * Starts the page-behaviour chunks whose markup is under `root` now, beside the elements' chunks,
 * instead of a round trip later, after `page.js` arrived and looked for it (issue 32). Only starts
 * them: `page.js` installs each behaviour, reports a failed load and watches for markup added
 * later. Returns the files started.
 */
export function preloadPageChunks(
  root: Document | Element = document,
  preloads: PageChunkPreloads = PAGE_CHUNK_PRELOADS,
  load: (file: string) => Promise<unknown> = importBeside,
): string[] {
  const started: string[] = [];
  for (const [selectors, files] of preloads) {
    let present = false;
    try {
      present =
        (root instanceof Element && root.matches(selectors)) || root.querySelector(selectors) !== null;
    } catch {
      // A selector this browser cannot parse: page.js tests each behaviour's own and loads it then.
    }
    if (!present) continue;
    for (const file of files.filter((f) => !started.includes(f))) {
      started.push(file);
      load(file).catch(() => {});
    }
  }
  return started;
}

/** Page buttons that get ajax add-to-cart (WooCommerce's class, spec §4 Add-to-cart button). */
export const ADD_TO_CART_SELECTOR = '.ajax_add_to_cart';

/** Options of {@link startAutoloader}; the defaults are what the script tag uses. */
export interface AutoloaderOptions {
  /** Where to look for tags and buttons (default: the document). */
  root?: Document | Element;
  /** The chunks to load, by tag (default: {@link elementLoaders}). */
  loaders?: Readonly<Record<string, ElementLoader>>;
  /** Installs ajax add-to-cart on the page's buttons; `null` turns that off. */
  installAddToCart?: (() => Promise<unknown>) | null;
  /**
   * Starts loading the shared chunk, called once when the first chunk is requested, so that it
   * downloads beside the element chunks instead of after them (issue 19); `null` turns it off.
   */
  preloadShared?: (() => Promise<unknown>) | null;
  /** Starts loading what a tag's chunk imports, beside the chunk itself (issue 19); `null` turns it off. */
  preloadImports?: ((tag: string) => void) | null;
  /**
   * Settles once the document is parsed (default: none, it is). Nothing is loaded before: an element
   * defined while the parser is still inside it would read its settings before its children are
   * there. The page's autoloader passes {@link documentParsed}, for pages that load it `async`.
   */
  parsed?: Promise<void>;
}

/**
 * Settles once `doc` is parsed: at once when it is (a deferred module script, the default, runs
 * after parsing), else when its ready state leaves `loading` (issue 32: an `async` autoloader runs
 * as soon as it arrives, often before the stylesheets a deferred one waits for, sometimes before
 * the parser has finished).
 */
export function documentParsed(
  doc: Pick<Document, 'readyState' | 'addEventListener'> = document,
): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('readystatechange', () => resolve(), { once: true }));
}

/** A running autoloader. */
export interface Autoloader {
  /** Tags whose chunk was requested (loaded, loading or failed). */
  readonly requested: ReadonlySet<string>;
  /** Resolves once `tag`'s chunk was requested and settled: true if it loaded, false if it failed. */
  whenLoaded(tag: string): Promise<boolean>;
  /** Resolves once ajax add-to-cart was requested and settled: true if installed, false if that failed. */
  whenAddToCartInstalled(): Promise<boolean>;
  /** Whether it still watches for added nodes (it stops once there is nothing left to load). */
  readonly watching: boolean;
  /** Stops watching. */
  disconnect(): void;
}

async function installAddToCartButtons(): Promise<void> {
  const { installAddToCartButtons } = await import('../shared/page/add-to-cart-buttons.ts');
  installAddToCartButtons();
}

/**
 * The shared chunk (React, the stores, `shared/`): in the build `./shared.js`. Every element chunk
 * imports it, so asking for it now saves the round trip the element chunk would need to find out.
 */
function preloadSharedChunk(): Promise<unknown> {
  return import('../shared/define-element.tsx');
}

/** A promise settled from outside, once. */
function settleable() {
  let settle: (outcome: Promise<boolean>) => void = () => {};
  const promise = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** Starts loading the chunks of the tags under `root`, now and whenever nodes are added. */
export function startAutoloader({
  root = document,
  loaders = elementLoaders,
  installAddToCart = installAddToCartButtons,
  preloadShared = preloadSharedChunk,
  preloadImports = preloadChunkImports,
  parsed,
}: AutoloaderOptions = {}): Autoloader {
  // Tags already defined (loaded by their own script tag) need nothing.
  const pending = new Set(Object.keys(loaders).filter((tag) => !customElements.get(tag)));
  const requested = new Set<string>();
  const outcomes = new Map<string, ReturnType<typeof settleable>>();
  const outcome = (key: string) => {
    const known = outcomes.get(key);
    if (known) return known;
    const created = settleable();
    outcomes.set(key, created);
    return created;
  };
  for (const tag of Object.keys(loaders)) if (!pending.has(tag)) outcome(tag).settle(Promise.resolve(true));
  let buttonsPending = installAddToCart !== null;
  let observer: MutationObserver | undefined;

  /** Runs `start` now, or once the document is parsed when the page is still loading. */
  const afterParsing = (start: () => void) => (parsed ? void parsed.then(start) : start());

  const run = (key: string, task: () => Promise<unknown>, failure: string) =>
    outcome(key).settle(
      Promise.resolve(parsed)
        .then(task)
        .then(
          () => true,
          (error: unknown) => {
            console.error(failure, error);
            return false;
          },
        ),
    );

  let preloading = preloadShared === null;
  const preload = () => {
    if (preloading || !preloadShared) return;
    preloading = true;
    // A failure here is reported where it matters: by the element chunk that needs it.
    afterParsing(() => void preloadShared().catch(() => {}));
  };

  const load = (tag: string) => {
    preload();
    if (preloadImports) afterParsing(() => preloadImports(tag));
    pending.delete(tag);
    requested.add(tag);
    run(
      tag,
      loaders[tag]!,
      `storefront elements: could not load the chunk of <${tag}>; its light-DOM content stays as the fallback.`,
    );
  };

  const scan = (node: Document | Element) => {
    if (pending.size > 0) {
      const selector = [...pending].join(',');
      if (node instanceof Element && node.matches(selector)) load(node.localName);
      for (const el of node.querySelectorAll(selector)) if (pending.has(el.localName)) load(el.localName);
    }
    if (buttonsPending && installAddToCart) {
      const hit = node instanceof Element && node.matches(ADD_TO_CART_SELECTOR);
      if (hit || node.querySelector(ADD_TO_CART_SELECTOR)) {
        buttonsPending = false;
        run(
          ADD_TO_CART_SELECTOR,
          installAddToCart,
          'storefront elements: could not install ajax add-to-cart.',
        );
      }
    }
    if (pending.size === 0 && !buttonsPending) stop();
  };

  const stop = () => {
    observer?.disconnect();
    observer = undefined;
  };

  observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element && observer) scan(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  scan(root);

  return {
    requested,
    whenLoaded: (tag) => (tag in loaders ? outcome(tag).promise : Promise.resolve(false)),
    whenAddToCartInstalled: () => outcome(ADD_TO_CART_SELECTOR).promise,
    get watching() {
      return observer !== undefined;
    },
    disconnect: stop,
  };
}

/**
 * Settles once the element chunks `loader` asked for so far have loaded and mounted their elements
 * (or failed), or after `limitMs` (a chunk that never answers holds nothing back for long).
 * The page behaviours install then (issue 32): their chunks download beside the elements', but
 * installing them first (a carousel measuring, counters starting, a lottie building its frames)
 * kept the elements' first render waiting on a slow phone.
 */
export function afterElements(
  loader: Pick<Autoloader, 'requested' | 'whenLoaded'>,
  limitMs = 5000,
  schedule: (done: () => void, ms: number) => unknown = (done, ms) => setTimeout(done, ms),
): Promise<void> {
  return new Promise((resolve) => {
    schedule(resolve, limitMs);
    Promise.all([...loader.requested].map((tag) => loader.whenLoaded(tag))).then(() => resolve());
  });
}

/** The page's autoloader, started by the script tag. */
export const autoloader: Autoloader = startAutoloader({ parsed: documentParsed() });

// Page behaviours (issue 17, shared/page/index.ts): installed once for the document, each only
// when the theme's markup for it is on the page; their chunks start beside the elements', and
// they install once the elements have rendered (issue 32).
documentParsed()
  .then(() => {
    preloadPageChunks();
    return import('../shared/page/index.ts');
  })
  .then(
    async ({ installPageBehaviours }) => {
      await afterElements(autoloader);
      installPageBehaviours(document);
    },
    (error: unknown) => console.error('storefront elements: could not install the page behaviours.', error),
  );
