import { executeServerCommand } from '@web/test-runner-commands';

/**
 * The example pages, found rather than listed (issue 10): one page per element folder
 * (`examples/<tag>.html` for each `elements/<tag>/<tag>.ts`, read by the server command of
 * .ci/wtr-source-files.mjs), plus every other same-origin `/examples/*.html` page that
 * examples/index.html links to, plus the index itself. A new element's page is covered by the
 * page and CSP tests as soon as its folder exists, and a missing page fails them.
 */

export const INDEX_PAGE = '/examples/index.html';

/** Tags of the element folders (`elements/<tag>/<tag>.ts`). */
export async function elementTags(): Promise<string[]> {
  return (await executeServerCommand('element-tags')) as string[];
}

/** Same-origin `.html` pages under /examples/ that index.html links to (paths, no duplicates). */
export async function linkedPages(): Promise<string[]> {
  const res = await fetch(INDEX_PAGE, { cache: 'no-store' });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const base = new URL(INDEX_PAGE, location.href);
  const paths = [...doc.querySelectorAll('a[href]')]
    .map((a) => new URL(a.getAttribute('href')!, base))
    .filter(
      (u) =>
        u.origin === location.origin && u.pathname.startsWith('/examples/') && u.pathname.endsWith('.html'),
    )
    .map((u) => u.pathname);
  return [...new Set(paths)];
}

/** The example pages: `element` pages by tag, the other `linked` pages, and `all` (with the index). */
export interface ExamplePages {
  /** `/examples/<tag>.html` for every element folder, whether or not it exists or is linked. */
  element: string[];
  /** Every same-origin `/examples/*.html` page index.html links to. */
  linked: string[];
  /** The index, the element pages and the linked pages, each once. */
  all: string[];
}

/** Finds the example pages (see the module comment). */
export async function examplePages(): Promise<ExamplePages> {
  const element = (await elementTags()).map((tag) => `/examples/${tag}.html`);
  const linked = await linkedPages();
  return { element, linked, all: [...new Set([INDEX_PAGE, ...element, ...linked])] };
}

/**
 * Shows `url` in `frame` (appended to the page) and resolves on the load of that address. `watch`
 * runs on every task from the moment `src` is set until then, and on each load, so that listeners
 * reach the page's window before its scripts run (`watch` must tell a window it has seen).
 */
export async function loadWatched(frame: HTMLIFrameElement, url: string, watch: () => void): Promise<void> {
  let loaded = false;
  const load = new Promise<void>((resolve) =>
    frame.addEventListener('load', () => {
      watch();
      if (frame.contentDocument?.URL === url) {
        loaded = true;
        resolve();
      }
    }),
  );
  frame.src = url;
  document.body.append(frame);
  const poll = () => {
    watch();
    if (!loaded) setTimeout(poll, 0);
  };
  poll();
  await load;
}
