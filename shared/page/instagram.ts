import * as z from 'zod/mini';
import { logError } from '../log.ts';
import { ShopError, shopRequest } from '../shop/request.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { safeUrl } from '../url.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour } from './define-behaviour.ts';

/** Issue 17, the rest (instagram.ts, editor-links.ts, cart-page.ts, checkout-terms.ts, account.ts, parallax.ts, lottie.ts). */
export const INSTAGRAM_SELECTOR = '[data-flatsome-instagram]';

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

/** Whether the page is shown to a logged-in user with the admin bar. */
function hasAdminBar(doc: Document): boolean {
  return doc.body?.classList.contains('admin-bar') || doc.getElementById('wpadminbar') !== null;
}

/** Loads every lazy Instagram feed under `root`, now and when one is added later. */
export const installInstagram = definePageBehaviour({
  name: 'instagram',
  selector: INSTAGRAM_SELECTOR,
  messages: INSTAGRAM_TEXTS,
  install(_root, context: BehaviourContext<typeof INSTAGRAM_TEXTS, InstagramOptions>) {
    const doc = context.document;
    const clock = context.clock;
    const started = new WeakSet<Element>();
    const controllers = new Set<AbortController>();
    const timers = new Set<unknown>();

    const fail = (feed: HTMLElement, detail: string) => {
      logError(null, `instagram: ${context.messages.error}: ${detail}`);
      feed.removeAttribute('aria-busy');
      if (!feed.isConnected || !hasAdminBar(doc)) return;
      const box = doc.createElement('div');
      box.className = 'instagram-error';
      box.setAttribute('role', 'alert');
      box.textContent = `${context.messages.error}: ${detail}`;
      feed.before(box);
    };

    const load = (feed: HTMLElement) => {
      if (started.has(feed)) return;
      started.add(feed);
      const data = feed.dataset.flatsomeInstagram ?? '';
      const [hash, value] = [data.slice(0, data.indexOf(':')), data.slice(data.indexOf(':') + 1)];
      if (!data.includes(':') || !hash || !value) return fail(feed, context.messages.invalid);
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
      }, context.options.timeout ?? $pageConfig.get().requestTimeout);
      timers.add(timer);
      // The sanitizer (DOMPurify, 12 kB) comes beside the feed's request (issue 32).
      Promise.all([
        shopRequest({
          endpoint: INSTAGRAM_ACTION,
          url: url.href,
          method: 'GET',
          schema: answer,
          signal: controller.signal,
        }),
        import('../sanitize.ts'),
      ])
        .then(
          ([{ success, data: html }, { sanitizeToFragment }]) => {
            if (!success)
              return fail(feed, typeof html === 'string' && html ? html : context.messages.invalid);
            if (typeof html !== 'string') return fail(feed, context.messages.invalid);
            if (feed.isConnected) feed.replaceWith(sanitizeToFragment(html, doc));
          },
          (error: unknown) => {
            if (controller.signal.aborted && !late) {
              feed.removeAttribute('aria-busy'); // uninstalled: the feed is left as printed
              return;
            }
            if (late) return fail(feed, 'the shop did not answer in time');
            if (error instanceof ShopError && (error.kind === 'malformed' || error.kind === 'invalid'))
              return fail(feed, context.messages.invalid);
            fail(feed, error instanceof Error ? error.message : String(error));
          },
        )
        .finally(() => {
          clock.clearTimeout(timer);
          timers.delete(timer);
          controllers.delete(controller);
        });
    };

    context.each(INSTAGRAM_SELECTOR, load);
    return () => {
      for (const controller of controllers) controller.abort();
      for (const timer of timers) clock.clearTimeout(timer);
    };
  },
});
