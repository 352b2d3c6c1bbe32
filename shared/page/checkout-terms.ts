import { definePageBehaviour } from './define-behaviour.ts';
import { openPageDialog } from './page-dialog.ts';

export const CHECKOUT_TERMS_SELECTOR = '.woocommerce-terms-and-conditions-link';

/**
 * Checkout terms links in a lightbox (issue 17; spec §2 "Cart and checkout": terms links
 * re-attached to lightboxes). WooCommerce prints the terms page's content on the checkout page in
 * `.woocommerce-terms-and-conditions` (hidden) and a link to the terms page
 * (`a.woocommerce-terms-and-conditions-link`); its checkout.js slides the content open under the
 * checkbox, Flatsome shows it in a lightbox. Here a click on the link opens that content in a
 * modal dialog (APG dialog, {@link openPageDialog}), named by the link's text, focus back on the
 * link when it closes. The click is heard on the root (delegated, in the capture phase so
 * checkout.js's own toggle does not also run), so the links WooCommerce prints again with each
 * `updated_checkout` keep working. Without the content on the page, the link goes to the terms
 * page as usual.
 */

export const TERMS_CONTENT_SELECTOR = '.woocommerce-terms-and-conditions';

/** Opens the checkout terms in a dialog from their links under `root`. */
export const installCheckoutTerms = definePageBehaviour({
  name: 'checkout-terms',
  selector: CHECKOUT_TERMS_SELECTOR,
  messages: { dialog: 'Terms and conditions' },
  install(root, context) {
    const doc = context.document;
    let open: HTMLDialogElement | undefined;
    const onClick = (event: Event) => {
      const mouse = event as MouseEvent;
      if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLElement>(CHECKOUT_TERMS_SELECTOR);
      if (!link || (root instanceof Element && !root.contains(link))) return;
      const content = doc.querySelector<HTMLElement>(TERMS_CONTENT_SELECTOR);
      if (!content || open) return;
      event.preventDefault();
      event.stopPropagation();
      open = openPageDialog({
        content,
        label: link.textContent?.trim() || context.messages.dialog,
        opener: link,
        className: 'checkout-terms-dialog',
        onClose: () => {
          open = undefined;
        },
      });
    };
    context.on(root, 'click', onClick, true);
    return () => {
      open?.close();
    };
  },
});
