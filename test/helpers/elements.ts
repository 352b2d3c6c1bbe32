import { waitUntil } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import sinon from 'sinon';

let counter = 0;
/** A tag name no other test has defined (custom elements cannot be undefined). */
export function uniqueTag(prefix = 'test-element'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Waits until `selector` matches inside `el`'s shadow root and returns it. */
export async function shadowQuery<T extends Element = HTMLElement>(
  el: Element,
  selector: string,
  message = `${selector} never rendered in <${el.localName}>`,
): Promise<T> {
  await waitUntil(() => el.shadowRoot?.querySelector(selector), message, { timeout: 4000 });
  return el.shadowRoot!.querySelector(selector) as unknown as T;
}

/** Collects console.error calls while `fn` runs. */
export async function captureConsoleErrors(fn: () => unknown | Promise<unknown>): Promise<string[]> {
  const stub = sinon.stub(console, 'error');
  try {
    await fn();
    return stub.getCalls().map((c) => c.args.map(String).join(' '));
  } finally {
    stub.restore();
  }
}

/** Resolves after React has had a chance to commit (two animation frames). */
export function settle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Resizes the page's viewport in every engine: @web/test-runner-commands' setViewport for
 * Chromium and Firefox, and our WebDriver command (.ci/wtr-webkitgtk.mjs) for WebKit.
 */
export async function resizeViewport(size: { width: number; height: number }): Promise<void> {
  const webkit = /AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent);
  if (webkit) await executeServerCommand('webdriver-set-viewport', size);
  else await setViewport(size);
}

/** Resolves after `count` animation frames (frames are never faked by sinon's clock). */
export async function frames(count = 1): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Frames until the given roots (shadow roots, or any node) stop changing for `stillFrames`
 * frames in a row, at most `maxFrames`: React commits on its own schedule, and a fixed count of
 * frames was not always enough in WebKit on a busy machine. Keeps a fake clock still.
 */
export async function untilQuiet(
  roots: Iterable<Node | null | undefined>,
  { stillFrames = 2, maxFrames = 60 } = {},
): Promise<void> {
  let changed = true;
  const observer = new MutationObserver(() => {
    changed = true;
  });
  for (const root of roots) {
    if (root)
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  try {
    let still = 0;
    for (let i = 0; i < maxFrames && still < stillFrames; i++) {
      changed = false;
      await frames(1);
      still = changed ? 0 : still + 1;
    }
  } finally {
    observer.disconnect();
  }
}

/** Lets the page run work it would wrongly start (a request, a re-render): `ms` of real time, then a commit. */
export async function idle(ms = 150): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await settle();
}
