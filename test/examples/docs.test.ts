import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { pageBehaviours } from '../../shared/page/index.ts';
import { loadWatched } from '../helpers/examples.ts';
import { resetShop } from '../helpers/shop.ts';

/**
 * The documentation site (examples/docs/, served by the demo server under /examples/docs/): every
 * page reachable from the index's navigation is loaded in a real browser, in a same-origin iframe
 * under the strict CSP, with its live examples running against the demo shop, and must show no
 * console error, page error or CSP violation, link only to pages and anchors that exist, have one
 * h1, captioned tables with header scopes, and pass axe. The reference must match the code: every
 * element of the custom elements manifest (the one `npm run manifest` makes, served beside the
 * pages) has its page, whose tables list every attribute, event, slot, CSS part and custom
 * property of the manifest; every element with a settings schema has a settings table; every
 * registered page behaviour is on a behaviour page. No text speaks of tracker issue numbers.
 */

const DOCS = '/examples/docs/';
/** The first request makes the site (manifest, settings schemas): allow for it. */
const FIRST_LOAD_TIMEOUT_MS = 45000;
const RENDER_TIMEOUT_MS = 10000;
const OUR_ELEMENT = /^(shop-[a-z0-9-]+|join-chat|product-gallery)$/;
/**
 * axe runs in Chromium: the pages are the same static markup in every engine, and axe is most of
 * this file's time (CI runs the engines one after another). The elements in the live examples
 * pass axe in every engine in their own suites.
 */
const AXE = /Chrome\//.test(navigator.userAgent);

interface Item {
  name: string;
}
interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Item[];
  events?: Item[];
  slots?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
}
interface Manifest {
  modules: { declarations?: Declaration[] }[];
}
interface Opened {
  frame: HTMLIFrameElement;
  doc: Document;
  problems: string[];
}

/**
 * Loads `path` in an iframe; console errors, page errors, unhandled rejections and CSP violations
 * of the page are collected from the moment its window exists (polled from when `src` is set).
 */
async function open(path: string): Promise<Opened> {
  const frame = document.createElement('iframe');
  frame.width = '1100';
  frame.height = '800';
  frame.title = path;
  const problems: string[] = [];
  const watched = new WeakSet<Window>();
  const watch = () => {
    const win = frame.contentWindow as (Window & typeof globalThis) | null;
    if (!win || watched.has(win) || win.location.href === 'about:blank') return;
    watched.add(win);
    const error = win.console.error.bind(win.console);
    win.console.error = (...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
      error(...args);
    };
    win.addEventListener('error', (e) => problems.push(`error: ${e.message}`));
    win.addEventListener('unhandledrejection', (e) =>
      problems.push(`unhandled rejection: ${String(e.reason)}`),
    );
    win.addEventListener('securitypolicyviolation', (e) =>
      problems.push(`CSP: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  };
  const url = new URL(path, location.href).href;
  await loadWatched(frame, url, watch);
  const doc = frame.contentDocument!;
  // The live examples: every element of ours upgraded and rendered.
  const pending = () =>
    [...doc.querySelectorAll('*')].filter(
      (el) =>
        OUR_ELEMENT.test(el.localName) &&
        !(el.matches(':defined') && (el.shadowRoot === null || el.shadowRoot.childElementCount > 0)),
    );
  // Waited for up to RENDER_TIMEOUT_MS; what is still pending then is named by the assertion.
  await waitUntil(() => pending().length === 0, '', { timeout: RENDER_TIMEOUT_MS, interval: 50 }).catch(
    () => {},
  );
  expect(
    pending().map((el) => `<${el.localName}>`),
    `${path}: elements that never rendered`,
  ).to.deep.equal([]);
  return { frame, doc, problems };
}

/** The first-column names (code) of the table captioned `caption`, or null without that table. */
function tableNames(doc: Document, caption: string): string[] | null {
  const table = [...doc.querySelectorAll('table')].find((t) => t.caption?.textContent?.trim() === caption);
  if (!table) return null;
  return [...table.tBodies[0].rows].map((row) => row.cells[0].textContent!.trim());
}

/** Runs axe inside the page (the page's CSP allows a same-origin script). */
async function axeViolations(opened: Opened): Promise<string[]> {
  const { doc, frame } = opened;
  const win = frame.contentWindow as unknown as {
    axe?: {
      run(
        context: unknown,
        options: unknown,
      ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
    };
  };
  if (!win.axe) {
    const script = doc.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const ready = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    doc.head.append(script);
    await ready;
  }
  const result = await win.axe!.run(doc, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (v) =>
      `${v.id} (${v.help}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(' | ')}`,
  );
}

let manifest: Manifest;
let pages: string[] = [];
const docs = new Map<string, Document>();

describe('the documentation site', function () {
  this.timeout(60000);

  before(async () => {
    await resetShop();
    const index = await fetch(`${DOCS}index.html`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(FIRST_LOAD_TIMEOUT_MS),
    });
    expect(
      index.status,
      await index
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).to.equal(200);
    manifest = (await (await fetch(`${DOCS}custom-elements.json`, { cache: 'no-store' })).json()) as Manifest;
    const doc = new DOMParser().parseFromString(await index.text(), 'text/html');
    const base = new URL(`${DOCS}index.html`, location.href);
    pages = [
      ...new Set(
        [...doc.querySelectorAll('nav[aria-label="Documentation"] a[href]')]
          .map((a) => new URL(a.getAttribute('href')!, base))
          .filter((u) => u.origin === location.origin && u.pathname.startsWith(DOCS))
          .map((u) => u.pathname),
      ),
    ];
  });

  after(() => {
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });

  it('the navigation reaches every element, guide and behaviour page', () => {
    const tags = elements().map((d) => d.tagName!);
    expect(tags.length, 'elements in the manifest').to.be.at.least(8);
    expect(pages).to.include.members(tags.map((tag) => `${DOCS}${tag}.html`));
    expect(pages).to.include(`${DOCS}getting-started.html`);
    expect(pages.filter((p) => p.includes('/behaviours-')).length).to.be.at.least(5);
  });

  it('every page loads cleanly: no console error, no CSP violation, one h1, accessible tables, axe passes (Chromium)', async function () {
    this.timeout(240000);
    const failures: string[] = [];
    const check = async (path: string) => {
      const opened = await open(path);
      const { doc, problems } = opened;
      docs.set(path, doc);
      if (doc.querySelectorAll('h1').length !== 1)
        problems.push(`${doc.querySelectorAll('h1').length} h1 elements`);
      if (!doc.querySelector('nav[aria-label="Documentation"]')) problems.push('no documentation navigation');
      for (const table of doc.querySelectorAll('table')) {
        if (!table.caption?.textContent?.trim()) problems.push('a table without a caption');
        if (table.querySelector('th:not([scope])'))
          problems.push(`a th without scope in "${table.caption?.textContent}"`);
      }
      const text = doc.body.textContent ?? '';
      const issue = /\bissues? \d+/i.exec(text);
      if (issue)
        problems.push(
          `speaks of a tracker issue: "${text.slice(Math.max(0, issue.index - 40), issue.index + 20)}"`,
        );
      if (AXE) problems.push(...(await axeViolations(opened)).map((v) => `axe: ${v}`));
      failures.push(...problems.map((p) => `${path}: ${p}`));
      opened.frame.remove();
    };
    // One page at a time: pages loading side by side starve each other on a two-core machine.
    for (const path of pages) await check(path);
    expect(failures).to.deep.equal([]);
  });

  it('no broken internal link: every page and anchor linked exists', async () => {
    expect(docs.size, 'pages loaded by the previous test').to.equal(pages.length);
    const status = new Map<string, number>();
    const broken: string[] = [];
    for (const [path, doc] of docs) {
      for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        const href = a.getAttribute('href')!;
        // Hash links in a live example are the elements' own triggers (#joinchat, link actions).
        if (href.startsWith('#') && a.closest('.live-example')) continue;
        const url = new URL(href, new URL(path, location.href));
        if (url.origin !== location.origin) continue;
        const target = url.pathname;
        if (target.startsWith(DOCS)) {
          const page = docs.get(target);
          if (!page) broken.push(`${path}: ${href} (no such documentation page)`);
          else if (url.hash && !page.getElementById(decodeURIComponent(url.hash.slice(1))))
            broken.push(`${path}: ${href} (no such anchor)`);
        } else {
          if (!status.has(target)) status.set(target, (await fetch(target, { cache: 'no-store' })).status);
          if (status.get(target) !== 200) broken.push(`${path}: ${href} (status ${status.get(target)})`);
        }
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('each element page lists every attribute, event, slot, part and custom property of the manifest', () => {
    const missing: string[] = [];
    for (const el of elements()) {
      const tag = el.tagName!;
      const doc = docs.get(`${DOCS}${tag}.html`);
      if (!doc) {
        missing.push(`<${tag}>: no page`);
        continue;
      }
      const groups: [string, Item[] | undefined][] = [
        ['Attributes', el.attributes],
        ['Events', el.events],
        ['Slots', el.slots],
        ['CSS parts', el.cssParts],
        ['CSS custom properties', el.cssProperties],
      ];
      for (const [title, items] of groups) {
        if (!items?.length) continue;
        const listed = tableNames(doc, `${title} of <${tag}>`);
        if (!listed) {
          missing.push(`<${tag}>: no table "${title}"`);
          continue;
        }
        for (const item of items)
          if (!listed.includes(item.name || '(default)')) missing.push(`<${tag}>: ${title} ${item.name}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it('each element with a settings schema has its settings table', async () => {
    const missing: string[] = [];
    for (const el of elements()) {
      const tag = el.tagName!;
      const files = (await executeServerCommand('source-files', { dir: `elements/${tag}` })) as string[];
      if (!files.includes(`${tag}.settings.ts`)) continue;
      const rows = tableNames(docs.get(`${DOCS}${tag}.html`)!, `Settings of <${tag}>`);
      if (!rows?.length) missing.push(`<${tag}>`);
    }
    expect(missing).to.deep.equal([]);
  });

  it('every registered page behaviour is on a behaviour page', () => {
    const listed = new Set<string>();
    for (const [path, doc] of docs)
      if (path.includes('/behaviours-'))
        for (const name of tableNames(doc, `Page behaviours: ${doc.querySelector('h1')?.textContent}`) ?? [])
          listed.add(name);
    expect(pageBehaviours.map((b) => b.name).filter((name) => !listed.has(name))).to.deep.equal([]);
  });
});

/** The custom elements of the manifest. */
function elements(): Declaration[] {
  return manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
}
