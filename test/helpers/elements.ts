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
