import { waitUntil } from '@open-wc/testing';
import { untilQuiet } from './elements.ts';
import { elementTags } from './examples.ts';

/**
 * Example pages under axe (issue 34): a page loaded in an iframe with axe-core added, checked
 * against WCAG 2.2 A and AA. Shared by test/examples/pages.test.ts (pages as they load) and
 * test/examples/open-states.test.ts (each state a shopper can open).
 */

/** What axe returns, as far as these tests read it. */
export interface AxeResults {
  violations: { id: string; nodes: { target: unknown[] }[] }[];
}
export type AxeWindow = Window & {
  axe?: { run(context: unknown, options: unknown): Promise<AxeResults> };
};

/** WCAG 2.2 A and AA, the level the example pages are held to. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * `path` in an iframe `width` px wide, with axe-core added to it. The page's markup goes in as
 * `srcdoc` (with its address as the base), because axe builds its messages with `new Function`,
 * which the pages' strict CSP rightly forbids (the CSP itself is csp.test.ts's business). Waits
 * until the page's elements are defined and the page is still for at most `quietFrames` frames.
 */
export async function openWithAxe(
  path: string,
  width: number,
  { height = 800, quietFrames = 120 } = {},
): Promise<HTMLIFrameElement> {
  const html = await (await fetch(path, { cache: 'no-store' })).text();
  const frame = document.createElement('iframe');
  frame.width = String(width);
  frame.height = String(height);
  const head = `<base href="${new URL(path, location.href).href}"><script src="/node_modules/axe-core/axe.min.js"></script>`;
  frame.srcdoc = html.replace(/<head>/i, `<head>${head}`);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const doc = frame.contentDocument!;
  const win = frame.contentWindow as AxeWindow;
  await waitUntil(() => win.axe, 'axe did not load', { timeout: 10000 });
  // The page's elements are defined and rendered, and the cart page shows its cart.
  const undefinedOnes = (await elementTags()).map((tag) => `${tag}:not(:defined)`).join(', ');
  await waitUntil(() => !doc.querySelector(undefinedOnes), 'an element was never defined', {
    timeout: 15000,
  });
  if (path.endsWith('woocommerce-cart.html'))
    await waitUntil(() => doc.querySelector('.woocommerce-cart-form .quantity .minus'), 'no cart', {
      timeout: 15000,
    });
  await untilQuiet([doc, ...[...doc.querySelectorAll('*')].map((el) => el.shadowRoot)], {
    maxFrames: quietFrames,
  });
  return frame;
}

/** Runs axe (WCAG 2.2 A/AA) on the frame's document: one line per violated rule, with its nodes. */
export async function axeViolations(frame: HTMLIFrameElement, context?: unknown): Promise<string[]> {
  const axe = (frame.contentWindow as AxeWindow).axe!;
  const { violations } = await axe.run(context ?? frame.contentDocument, { runOnly: WCAG });
  return violations.map(
    (v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}
