import { type SpamTracker, trackSpam } from '../spam-tracker.ts';
import { readPageData } from '../stores/page-data.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';

/** The markup that asks for this behaviour (the same string as its registration in index.ts). */
export const SPAM_TRACKER_SELECTOR =
  'form#commentform, form.comment-form, form.checkout, form.woocommerce-checkout';

/**
 * The spam tracker on the page's post forms (spec §7 "The spam tracker adds hidden fields to post
 * forms on submit, with prefix ak_"): the review and comment forms (`#commentform`,
 * `.comment-form`) and the checkout (`form.checkout`). On each submit the form gets the `ak_` hidden
 * fields (`ak_bib` … `ak_bmm`, shared/spam-tracker.ts, the same tracker as the option form's):
 * counts and timings of keys, clicks, touches, moves and scrolls, never what was typed. They are
 * put in during the capture phase, before WooCommerce's checkout.js serialises the form for its
 * ajax; the previous submit's fields are replaced. A form that posts elsewhere (a payment
 * provider's, or GET) gets nothing.
 *
 * On by default, with no switch of its own: a page turns it off with `"spam_tracker": false` in
 * its page data (a global or `<script id="shop-config">`), the setting the option form reads.
 */

export interface SpamTrackerPageOptions extends BehaviourOptions {
  /** Picks the sent run of entries (tests); `Math.random` by default. */
  random?: () => number;
}

const FIELD = 'data-shop-spam-field';

/** Whether the page turned the tracker off (`spam_tracker: false`, 'no', '0' or 'off'). */
export function spamTrackerOff(doc: Document): boolean {
  const value = readPageData('spam_tracker', doc);
  return value === false || value === 0 || (typeof value === 'string' && /^(no|false|0|off)$/i.test(value));
}

export const installSpamTracker = definePageBehaviour({
  name: 'spam-tracker',
  selector: SPAM_TRACKER_SELECTOR,
  install(_root, context: BehaviourContext<Messages, SpamTrackerPageOptions>) {
    const doc = context.document;
    if (spamTrackerOff(doc)) return;
    const trackers = new Map<HTMLFormElement, SpamTracker>();
    context.each(SPAM_TRACKER_SELECTOR, (el) => {
      const form = el as unknown as HTMLFormElement;
      if (trackers.has(form)) return;
      trackers.set(
        form,
        trackSpam({ form, document: doc, clock: context.clock, random: context.options.random }),
      );
      context.on(
        form,
        'submit',
        () => {
          const tracker = trackers.get(form);
          for (const old of form.querySelectorAll(`input[${FIELD}]`)) old.remove();
          for (const [name, value] of tracker?.addon.pairs() ?? []) {
            const input = doc.createElement('input');
            input.type = 'hidden';
            input.name = name;
            input.value = value;
            input.setAttribute(FIELD, '');
            form.append(input);
          }
        },
        true,
      );
    });
    return () => {
      for (const [form, tracker] of trackers) {
        tracker.stop();
        for (const field of form.querySelectorAll(`input[${FIELD}]`)) field.remove();
      }
    };
  },
});
