import { logError } from '../log.ts';
import { type Sanitizer, sanitizer } from '../sanitizer.ts';
import type { CartSnapshot } from '../shop/cart-types.ts';

/**
 * A cart's fragments on the page (spec §7 Refresh fragments, DESIGN §9): the parts of the page
 * that WooCommerce's fragment selectors name are replaced with the shop's HTML, sanitised, as
 * cart-fragments.js does with `$(key).replaceWith(value)`. The only place shop HTML for the
 * page's own parts is inserted.
 */

/** The page parts each fragment's selector finds in `root` now; `quiet`: invalid selectors unreported. */
function fragmentTargets(
  fragments: Record<string, string>,
  root: ParentNode,
  quiet = false,
): Array<[Element, string]> {
  const targets: Array<[Element, string]> = [];
  for (const [selector, html] of Object.entries(fragments)) {
    try {
      for (const target of root.querySelectorAll(selector)) targets.push([target, html]);
    } catch {
      if (!quiet)
        logError(null, `cart fragment selector "${selector}" is not a valid CSS selector; skipped.`);
    }
  }
  return targets;
}

/** The longest a cart of the library's own requests waits for the sanitiser's chunk. */
export const READY_WAIT_MS = 3000;

/**
 * Settles once `cart`'s fragments can be put on the page at once: the sanitiser's chunk is here,
 * or nothing on the page matches them. The library's own cart requests await it before
 * `setCart`, so that the page's markup, `shop-cart-updated` and the jQuery events
 * (`added_to_cart`, then `wc_fragments_loaded`) keep WooCommerce's order even on the first cart.
 */
export async function readyForPage(cart: Pick<CartSnapshot, 'fragments'>): Promise<void> {
  if (sanitizer.loaded() || !fragmentTargets(cart.fragments, document, true).length) return;
  // A failure is reported where the fragments are put on the page; a chunk that hangs holds the
  // cart back no more than READY_WAIT_MS (its fragments then follow in order when it comes).
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    sanitizer.load().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, READY_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Replaces the page parts named by the fragments' selectors with the sanitised HTML, as
 * WooCommerce does with `$(key).replaceWith(value)`. Synchronous when nothing on the page matches
 * or the sanitiser's chunk is here (`sanitizer.ts`); otherwise the returned promise settles once
 * the parts are replaced (or the sanitiser failed to load, which is logged and leaves the page's
 * parts as they were).
 */
export function applyFragmentsToPage(
  fragments: Record<string, string>,
  root: ParentNode = document,
): Promise<void> | undefined {
  const replace = (module: Sanitizer, targets: Array<[Element, string]>) => {
    for (const [target, html] of targets) target.replaceWith(module.sanitizeToFragment(html));
  };
  const targets = fragmentTargets(fragments, root);
  if (!targets.length) return undefined;
  const now = sanitizer.loaded();
  if (now) return void replace(now, targets);
  return sanitizer.load().then(
    // The page may have changed while the chunk came: the parts are looked up again.
    (module) => replace(module, fragmentTargets(fragments, root)),
    (error: unknown) => logError(null, 'the cart fragments were not put on the page.', error),
  );
}
