import { expect, waitUntil } from '@open-wc/testing';
import { frames, untilQuiet } from '../helpers/elements.ts';
import { elementTags, examplePages } from '../helpers/examples.ts';
import { resetShop } from '../helpers/shop.ts';

/**
 * Issue 32: "No layout shift from the upgrade: the fallback and the rendered element take the
 * same box (CLS of the upgrade 0.00 on every example page)". Every example page is shown with its
 * module scripts held back, so that its fallback (the markup a shop prints, as a shopper sees it
 * before the scripts arrive) is laid out and painted first; then the scripts are added in their
 * order, and every `layout-shift` entry (Layout Instability API; not one that follows input) from
 * then until the elements have rendered and the page is still counts. The sum must be 0: a shift
 * from anything the scripts do (an element's first render, a page behaviour, an image the element
 * adds without a size) is a defect of that element, behaviour or page, not noise to tolerate.
 *
 * The page goes in as `srcdoc` with its address as the base (as test/helpers/axe-pages.ts does),
 * its `<script type="module" src>` tags taken out; they go back in the same order (`async = false`
 * keeps it) after the page's load and two frames. Chromium only: the Layout Instability API is
 * Chromium's (Firefox and WebKit have no `layout-shift` entries), and the test says so where it
 * skips.
 */

const LAYOUT_SHIFT = PerformanceObserver.supportedEntryTypes?.includes('layout-shift') ?? false;

/** A phone (issue 32: "a shopper on a mid-range phone") and a desktop window. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Generous: the first page of a run waits for the dev server to transform every module. */
const RENDER_TIMEOUT_MS = 20000;

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>\n?/g;

/** The page's markup without its module scripts, and their addresses in order. */
async function heldBack(path: string): Promise<{ html: string; scripts: string[] }> {
  const source = await (await fetch(path, { cache: 'no-store' })).text();
  const scripts = [...source.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  const base = `<base href="${new URL(path, location.href).href}">`;
  return { html: source.replace(MODULE_SCRIPT, '').replace(/<head>/i, `<head>${base}`), scripts };
}

/** `tag#id.class` of a node, with the hosts of the shadow roots it is in: something to find. */
function shiftedNode(node: Node | null): string {
  if (!node) return '(a node no longer in the page)';
  const names: string[] = [];
  let current: Node | null = node;
  while (current) {
    if (current instanceof Element || current.nodeType === Node.ELEMENT_NODE) {
      const el = current as Element;
      const id = el.id ? `#${el.id}` : '';
      const cls = [...el.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('');
      names.unshift(`${el.localName}${id}${cls}`);
      if (names.length >= 4 || el.id) break;
      current = el.parentNode;
    } else if (current.nodeType === Node.DOCUMENT_FRAGMENT_NODE && (current as ShadowRoot).host) {
      names.unshift('#shadow-root');
      current = (current as ShadowRoot).host;
    } else if (current.nodeType === Node.TEXT_NODE) {
      names.unshift('#text');
      current = current.parentNode;
    } else break;
  }
  return names.join(' > ');
}

/** Open shadow roots under `root`, deep. */
function shadowRoots(root: Document | ShadowRoot): ShadowRoot[] {
  const found: ShadowRoot[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) found.push(el.shadowRoot, ...shadowRoots(el.shadowRoot));
  }
  return found;
}

/** Every image of the page and of its elements has loaded (or failed): no late image shift left. */
function imagesDone(doc: Document): boolean {
  return [doc, ...shadowRoots(doc)].every((root) =>
    [...root.querySelectorAll('img')].every((img) => img.complete || img.loading === 'lazy'),
  );
}

const PAGES = await examplePages();
const TAGS = await elementTags();

describe(`upgrading an example page shifts no layout (issue 32)${LAYOUT_SHIFT ? '' : ' [skipped: this browser has no Layout Instability API (layout-shift entries are Chromium-only)]'}`, () => {
  let frame: HTMLIFrameElement | undefined;
  before(async () => {
    await resetShop();
  });
  afterEach(() => frame?.remove());

  for (const path of PAGES.all) {
    for (const viewport of VIEWPORTS) {
      it(`${path} at ${viewport.width}x${viewport.height}: the fallback takes the rendered element's box`, async function () {
        if (!LAYOUT_SHIFT) this.skip();
        this.timeout(RENDER_TIMEOUT_MS + 10000);
        const { html, scripts } = await heldBack(path);
        frame = document.createElement('iframe');
        frame.width = String(viewport.width);
        frame.height = String(viewport.height);
        frame.srcdoc = html;
        const loaded = new Promise((resolve) => frame!.addEventListener('load', resolve, { once: true }));
        document.body.append(frame);
        await loaded;
        const doc = frame.contentDocument!;
        const win = frame.contentWindow as Window & typeof globalThis;
        // The fallback is laid out and painted, its images in (the load event waited for them).
        await waitUntil(() => imagesDone(doc), 'the fallback images never loaded', { timeout: 10000 });
        await frames(2);

        const shifts: LayoutShiftEntry[] = [];
        const observer = new win.PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShiftEntry[])
            if (!entry.hadRecentInput) shifts.push(entry);
        });
        observer.observe({ type: 'layout-shift' });
        try {
          for (const src of scripts) {
            const script = doc.createElement('script');
            script.type = 'module';
            script.async = false; // in the page's order (the adapter switch runs before the autoloader)
            script.src = src;
            doc.head.append(script);
          }
          // Every element on the page is defined and has rendered into its shadow root.
          const ours = TAGS.join(', ');
          await waitUntil(
            () =>
              [...doc.querySelectorAll(ours)].every(
                (el) => el.matches(':defined') && (!el.shadowRoot || el.shadowRoot.childNodes.length > 0),
              ),
            `an element never rendered on ${path}`,
            { timeout: RENDER_TIMEOUT_MS },
          );
          // Then until it is still: no change for 10 frames, and every image loaded.
          await untilQuiet([doc, ...shadowRoots(doc)], { stillFrames: 10, maxFrames: 600 });
          await waitUntil(() => imagesDone(doc), 'an image never loaded', { timeout: 10000 });
          await untilQuiet([doc, ...shadowRoots(doc)], { stillFrames: 10, maxFrames: 600 });
          await frames(2);
          for (const entry of observer.takeRecords() as LayoutShiftEntry[])
            if (!entry.hadRecentInput) shifts.push(entry);
        } finally {
          observer.disconnect();
        }

        const total = shifts.reduce((sum, entry) => sum + entry.value, 0);
        const moved = shifts.flatMap((entry) =>
          (entry.sources ?? []).map(
            (s) =>
              `${shiftedNode(s.node)} (${Math.round(s.previousRect.x)},${Math.round(s.previousRect.y)} ${Math.round(s.previousRect.width)}x${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.x)},${Math.round(s.currentRect.y)} ${Math.round(s.currentRect.width)}x${Math.round(s.currentRect.height)})`,
          ),
        );
        expect(
          total,
          `layout shift of the upgrade on ${path} at ${viewport.width}px: ${total.toFixed(4)}; moved: ${[...new Set(moved)].join('; ')}`,
        ).to.equal(0);
      });
    }
  }
});
