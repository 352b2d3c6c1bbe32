import { adoptStyles } from '../style-sheets.ts';
import { within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { openPageDialog } from './page-dialog.ts';

export const ORDERS_TABLE_SELECTOR = '.woocommerce-orders-table, .my_account_orders';
export const LOGIN_POPUP_SELECTOR = '#login-form-popup';

/**
 * My account (issue 17; spec §2 "Cart and checkout": the orders table is wrapped for touch
 * scrolling, and the login popup opens by itself if it holds notices).
 *
 * - `installOrdersTable`: WooCommerce's orders table (`.woocommerce-orders-table`,
 *   `.my_account_orders`) goes into a horizontally scrolling wrapper (`.touch-scroll-table`),
 *   which is a labelled, focusable region so keyboard users can scroll it too (axe
 *   scrollable-region-focusable).
 * - `installLoginPopup`: Flatsome's account popup (`#login-form-popup`, kept hidden with
 *   `mfp-hide` until its lightbox opens) is opened as a modal dialog on load when the login or
 *   register form failed and WooCommerce printed its notices inside; focus goes to the first
 *   notice, so it is read out.
 */

export const LOGIN_NOTICE_SELECTOR =
  '.woocommerce-error, .woocommerce-message, .woocommerce-info, .woocommerce-notices-wrapper > *';

const CSS = `
.touch-scroll-table{overflow-x:auto;-webkit-overflow-scrolling:touch;max-inline-size:100%}
.touch-scroll-table:focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
`;

/** Wraps the account's orders tables for touch scrolling. */
export const installOrdersTable = definePageBehaviour({
  name: 'orders-table',
  selector: ORDERS_TABLE_SELECTOR,
  messages: { orders: 'Orders' },
  install(_root, context) {
    const doc = context.document;
    const wrapped: HTMLElement[] = [];
    const wrap = (table: HTMLElement) => {
      if (table.parentElement?.classList.contains('touch-scroll-table')) return;
      adoptStyles(doc, CSS);
      const region = doc.createElement('div');
      region.className = 'touch-scroll-table';
      region.setAttribute('role', 'region');
      region.setAttribute(
        'aria-label',
        table.getAttribute('aria-label') ||
          table.querySelector('caption')?.textContent?.trim() ||
          context.messages.orders,
      );
      region.tabIndex = 0;
      table.before(region);
      region.append(table);
      wrapped.push(region);
    };
    context.each(ORDERS_TABLE_SELECTOR, wrap);
    return () => {
      for (const region of wrapped) if (region.firstElementChild) region.replaceWith(...region.childNodes);
    };
  },
});

/** Opens the login popup by itself when it holds notices. */
export const installLoginPopup = definePageBehaviour({
  name: 'login-popup',
  selector: LOGIN_POPUP_SELECTOR,
  messages: { login: 'Log in' },
  install(root, context) {
    const [popup] = within(root, LOGIN_POPUP_SELECTOR);
    const notice = popup?.querySelector<HTMLElement>(LOGIN_NOTICE_SELECTOR);
    if (!popup || !notice) return;
    const heading = popup.querySelector<HTMLElement>('h1, h2, h3, .account-login-inner h3');
    if (notice.tabIndex < 0 && !notice.hasAttribute('tabindex')) notice.tabIndex = -1;
    const dialog = openPageDialog({
      content: popup,
      label: heading ?? context.messages.login,
      focus: notice,
      unhide: ['mfp-hide'],
      className: 'login-popup-dialog',
    });
    return () => dialog.close();
  },
});
