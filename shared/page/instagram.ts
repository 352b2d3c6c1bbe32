import * as z from 'zod/mini';
import { logError } from '../log.ts';
import { sanitizeToFragment } from '../sanitize.ts';
import { ShopError, shopRequest } from '../shop/request.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { safeUrl } from '../url.ts';
import {
  type BehaviourOptions,
  clockOf,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  within,
} from './behaviour.ts';
import { INSTAGRAM_SELECTOR } from './selectors.ts';

export { INSTAGRAM_SELECTOR } from './selectors.ts';

/**
 * Instagram feed loading (issue 17; spec §7 Site ajax endpoint "Instagram feed", §8 "Instagram
 * feed failure", §6 admin-bar users). With lazy loading on, Flatsome prints the feed's row with
 * placeholder images and `data-flatsome-instagram="{hash}:{base64 JSON}"`; the real feed is asked
 * for with GET admin-ajax `action=flatsome_load_instagram&data={that string}`, which answers
 * `{ success, data }`: on success `data` is the feed's HTML, which replaces the placeholder row
 * (sanitised); on failure 'Instagram error' is logged with the shop's text, and a box with it is
 * shown only to admin-bar users (`body.admin-bar` or `#wpadminbar`). A data string that is not
 * `hash:value`, or an answer that is not `{ success, data }`, gives 'Invalid Data'.
 */

export const INSTAGRAM_ACTION = 'flatsome_load_instagram';
export const INSTAGRAM_TEXTS = { error: 'Instagram error', invalid: 'Invalid Data' };

export interface InstagramOptions extends BehaviourOptions {
  /** Time limit in ms; default the page's request time-out (spec §7). */
  timeout?: number;
}

const answer = z.object({ success: z.boolean(), data: z.unknown() });
const installed = new WeakMap<PageRoot, () => void>();

/** Whether the page is shown to a logged-in user with the admin bar. */
function hasAdminBar(doc: Document): boolean {
  return doc.body?.classList.contains('admin-bar') || doc.getElementById('wpadminbar') !== null;
}

/** Loads every lazy Instagram feed under `root`, now and when one is added later. */
export function installInstagram(root: PageRoot = document, options: InstagramOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const doc = documentOf(root);
    const clock = clockOf(options);
    const started = new WeakSet<Element>();
    const controllers = new Set<AbortController>();
    const timers = new Set<unknown>();

    const fail = (feed: HTMLElement, detail: string) => {
      logError(null, `instagram: ${INSTAGRAM_TEXTS.error}: ${detail}`);
      feed.removeAttribute('aria-busy');
      if (!feed.isConnected || !hasAdminBar(doc)) return;
      const box = doc.createElement('div');
      box.className = 'instagram-error';
      box.setAttribute('role', 'alert');
      box.textContent = `${INSTAGRAM_TEXTS.error}: ${detail}`;
      feed.before(box);
    };

    const load = (feed: HTMLElement) => {
      if (started.has(feed)) return;
      started.add(feed);
      const data = feed.dataset.flatsomeInstagram ?? '';
      const [hash, value] = [data.slice(0, data.indexOf(':')), data.slice(data.indexOf(':') + 1)];
      if (!data.includes(':') || !hash || !value) return fail(feed, INSTAGRAM_TEXTS.invalid);
      const base = safeUrl($pageConfig.get().ajaxUrl);
      if (!base) return fail(feed, 'the admin-ajax URL is not an http(s) URL');
      const url = new URL(base);
      url.searchParams.set('action', INSTAGRAM_ACTION);
      url.searchParams.set('data', data);
      feed.setAttribute('aria-busy', 'true');
      const controller = new AbortController();
      controllers.add(controller);
      let late = false;
      const timer = clock.setTimeout(() => {
        late = true;
        controller.abort();
      }, options.timeout ?? $pageConfig.get().requestTimeout);
      timers.add(timer);
      shopRequest({
        endpoint: INSTAGRAM_ACTION,
        url: url.href,
        method: 'GET',
        schema: answer,
        signal: controller.signal,
      })
        .then(
          ({ success, data: html }) => {
            if (!success)
              return fail(feed, typeof html === 'string' && html ? html : INSTAGRAM_TEXTS.invalid);
            if (typeof html !== 'string') return fail(feed, INSTAGRAM_TEXTS.invalid);
            if (feed.isConnected) feed.replaceWith(sanitizeToFragment(html, doc));
          },
          (error: unknown) => {
            if (controller.signal.aborted && !late) return; // uninstalled
            if (late) return fail(feed, 'the shop did not answer in time');
            if (error instanceof ShopError && (error.kind === 'malformed' || error.kind === 'invalid'))
              return fail(feed, INSTAGRAM_TEXTS.invalid);
            fail(feed, error instanceof Error ? error.message : String(error));
          },
        )
        .finally(() => {
          clock.clearTimeout(timer);
          timers.delete(timer);
          controllers.delete(controller);
        });
    };

    const stop = enhanceNowAndLater(root, (node) => {
      for (const feed of within(node, INSTAGRAM_SELECTOR)) load(feed);
    });
    return () => {
      stop();
      for (const controller of controllers) controller.abort();
      for (const timer of timers) clock.clearTimeout(timer);
    };
  });
}
