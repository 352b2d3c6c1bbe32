import { hasJQuery, onJQuery } from '../jquery-bridge.ts';
import { definePageBehaviour } from './define-behaviour.ts';

/** The markup that asks for this behaviour (the same string as its registration in index.ts). */
export const WISHLIST_SELECTOR = '.wishlist-icon .wishlist-button';

/**
 * The product boxes' wishlist buttons (spec §2 Cart and checkout: the wishlist behaviour, one of
 * those re-attached after the cart totals update), as the theme prints them around the wishlist
 * plugin's (YITH) own add-to-wishlist markup, which sits in a popup beside the button:
 *
 *   <div class="wishlist-icon">
 *     <button class="wishlist-button button is-outline circle icon" aria-label="Wishlist">…</button>
 *     <div class="wishlist-popup">
 *       <div class="yith-wcwl-add-to-wishlist add-to-wishlist-101">     (`.exists` once added)
 *         <div class="yith-wcwl-add-button"><a href="?add_to_wishlist=101" class="add_to_wishlist">Add to wishlist</a></div>
 *         (after adding: <div class="yith-wcwl-wishlistaddedbrowse"><a href="/wishlist/">Browse wishlist</a></div>)
 *       </div>
 *     </div>
 *   </div>
 *
 * Pressing the button follows the plugin's "browse wishlist" link when the product is in the
 * wishlist already, else marks the button `loading` and presses the plugin's add (or remove) link,
 * whose ajax the plugin runs. The button shows whether the product is in the wishlist with the
 * `wishlist-added` class and `aria-pressed`, updated when the plugin says `added_to_wishlist` or
 * `removed_from_wishlist` (jQuery or native events on the body), which also ends `loading`. The
 * listeners are delegated from the root, so buttons that arrive later (a cart totals update, an
 * ajax listing) work as they come.
 */

const BROWSE = '.yith-wcwl-wishlistexistsbrowse a, .yith-wcwl-wishlistaddedbrowse a';
const WISHLIST_EVENTS = ['added_to_wishlist', 'removed_from_wishlist'] as const;

export const installWishlist = definePageBehaviour({
  name: 'wishlist',
  selector: WISHLIST_SELECTOR,
  install(root, { document: doc, on, each, keep }) {
    const buttons = new Set<HTMLElement>();
    /** The button shows whether the product is in the wishlist (the popup's `.exists`). */
    const mark = (button: HTMLElement) => {
      const added = button.parentElement?.querySelector('.yith-wcwl-add-to-wishlist.exists') != null;
      keep(button, 'class', 'aria-pressed');
      button.classList.toggle('wishlist-added', added);
      button.setAttribute('aria-pressed', String(added));
    };
    each(WISHLIST_SELECTOR, (button) => {
      buttons.add(button);
      mark(button);
    });
    on(root, 'click', (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest<HTMLElement>(WISHLIST_SELECTOR) : null;
      const box = button?.parentElement;
      if (!button || !box) return;
      event.preventDefault();
      const browse = box.querySelector<HTMLAnchorElement>(BROWSE);
      if (browse) {
        browse.click(); // to the wishlist page
        return;
      }
      keep(button, 'class', 'aria-pressed');
      button.classList.add('loading');
      // Only one of the two is printed: remove when the product is in, else add.
      box.querySelector<HTMLElement>('.delete_item')?.click();
      box.querySelector<HTMLElement>('.add_to_wishlist')?.click();
    });
    const onChanged = () => {
      for (const button of buttons) {
        if (!button.isConnected) {
          buttons.delete(button);
          continue;
        }
        button.classList.remove('loading');
        mark(button);
      }
    };
    if (hasJQuery()) return onJQuery(WISHLIST_EVENTS.join(' '), onChanged);
    for (const name of WISHLIST_EVENTS) on(doc.body, name, onChanged);
  },
});
