import { adoptStyles } from '../style-sheets.ts';
import {
  type BehaviourOptions,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  within,
} from './behaviour.ts';
import { openPageDialog } from './page-dialog.ts';
import { LOGIN_POPUP_SELECTOR, ORDERS_TABLE_SELECTOR } from './selectors.ts';

export { LOGIN_POPUP_SELECTOR, ORDERS_TABLE_SELECTOR } from './selectors.ts';

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

export const ACCOUNT_TEXTS = { orders: 'Orders', login: 'Log in' };
export const LOGIN_NOTICE_SELECTOR =
  '.woocommerce-error, .woocommerce-message, .woocommerce-info, .woocommerce-notices-wrapper > *';

const CSS = `
.touch-scroll-table{overflow-x:auto;-webkit-overflow-scrolling:touch;max-inline-size:100%}
.touch-scroll-table:focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
`;

const tables = new WeakMap<PageRoot, () => void>();

/** Wraps the account's orders tables for touch scrolling. */
export function installOrdersTable(root: PageRoot = document, _options: BehaviourOptions = {}): () => void {
  return installOnce(tables, root, () => {
    const doc = documentOf(root);
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
          ACCOUNT_TEXTS.orders,
      );
      region.tabIndex = 0;
      table.before(region);
      region.append(table);
      wrapped.push(region);
    };
    const stop = enhanceNowAndLater(root, (node) => {
      for (const table of within(node, ORDERS_TABLE_SELECTOR)) wrap(table);
    });
    return () => {
      stop();
      for (const region of wrapped) if (region.firstElementChild) region.replaceWith(...region.childNodes);
    };
  });
}

const popups = new WeakMap<PageRoot, () => void>();

/** Opens the login popup by itself when it holds notices. */
export function installLoginPopup(root: PageRoot = document, _options: BehaviourOptions = {}): () => void {
  return installOnce(popups, root, () => {
    const [popup] = within(root, LOGIN_POPUP_SELECTOR);
    const notice = popup?.querySelector<HTMLElement>(LOGIN_NOTICE_SELECTOR);
    if (!popup || !notice) return () => {};
    const heading = popup.querySelector<HTMLElement>('h1, h2, h3, .account-login-inner h3');
    if (notice.tabIndex < 0 && !notice.hasAttribute('tabindex')) notice.tabIndex = -1;
    const dialog = openPageDialog({
      content: popup,
      label: heading ?? ACCOUNT_TEXTS.login,
      focus: notice,
      unhide: ['mfp-hide'],
      className: 'login-popup-dialog',
    });
    return () => dialog.close();
  });
}
