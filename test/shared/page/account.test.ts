import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installLoginPopup, installOrdersTable } from '../../../shared/page/account.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §2 Cart and checkout, My account: orders table wrapped for touch scrolling; login popup with notices opens. */
const ORDERS = `<table class="woocommerce-orders-table woocommerce-MyAccount-orders shop_table shop_table_responsive my_account_orders account-orders-table"><thead><tr><th>Order</th><th>Date</th><th>Status</th><th>Total</th><th>Actions</th></tr></thead><tbody><tr><td><a href="/my-account/view-order/42/">#42</a></td><td>November 1, 2026</td><td>Processing</td><td>$40.00 for 2 items</td><td><a href="/my-account/view-order/42/" class="button view">View</a></td></tr></tbody></table>`;

describe('my account: orders table', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(async () => {
    uninstall();
    view?.remove();
    await resizeViewport({ width: 800, height: 600 });
  });

  it('is wrapped in a labelled, focusable scroll region that scrolls sideways on a narrow screen', async () => {
    await resizeViewport({ width: 360, height: 640 });
    view = mount(ORDERS);
    view.root.querySelector<HTMLElement>('table')!.style.minWidth = '700px';
    uninstall = installOrdersTable(view.root);
    const region = view.root.querySelector<HTMLElement>('.touch-scroll-table')!;
    expect(region.getAttribute('role')).to.equal('region');
    expect(region.getAttribute('aria-label')).to.equal('Orders');
    expect(region.tabIndex).to.equal(0);
    expect(region.firstElementChild?.matches('table')).to.equal(true);
    expect(region.scrollWidth).to.be.greaterThan(region.clientWidth);
    region.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => region.scrollLeft > 0, 'scrolled sideways with the keyboard');
    expect(document.documentElement.scrollWidth).to.be.at.most(window.innerWidth + 1);
    await expect(view.root).to.be.accessible();
  });

  it('wraps once, also tables added later; uninstall unwraps', async () => {
    view = mount('');
    uninstall = installOrdersTable(view.root);
    view.root.innerHTML = ORDERS;
    await waitUntil(() => view.root.querySelector('.touch-scroll-table'), 'wrapped');
    expect(installOrdersTable(view.root)).to.equal(uninstall);
    expect(view.root.querySelectorAll('.touch-scroll-table')).to.have.length(1);
    uninstall();
    expect(view.root.querySelector('.touch-scroll-table')).to.equal(null);
    expect(view.root.querySelector('table')).not.to.equal(null);
  });
});

const POPUP = (notices: string) =>
  `<a href="#login-form-popup" class="nav-top-link nav-top-not-logged-in">Login</a><div id="login-form-popup" class="lightbox-content mfp-hide"><div class="woocommerce-notices-wrapper">${notices}</div><div class="account-container lightbox-inner"><div class="account-login-inner"><h3 class="uppercase">Login</h3><form class="woocommerce-form woocommerce-form-login login" method="post" action="#"><p><label for="popup-username">Username or email address</label><input type="text" name="popup_user" id="popup-username" autocomplete="username"></p><p><button type="submit">Log in</button></p></form></div></div></div>`;

describe('my account: login popup', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view?.remove();
  });
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog.login-popup-dialog');

  it('opens by itself as a modal dialog when it holds notices; focus on the notice; Escape closes', async () => {
    view = mount(
      POPUP(
        // WooCommerce's classic `<ul class="woocommerce-error" role="alert">` fails axe itself (role alert on a list).
        '<div class="woocommerce-error" role="alert"><strong>Error:</strong> The password you entered is incorrect.</div>',
      ),
    );
    uninstall = installLoginPopup(view.root);
    const open = dialog()!;
    expect(open.open).to.equal(true);
    expect(open.querySelector('#login-form-popup')!.classList.contains('mfp-hide')).to.equal(false);
    expect(document.getElementById(open.getAttribute('aria-labelledby')!)?.textContent).to.equal('Login');
    expect(document.activeElement).to.equal(open.querySelector('.woocommerce-error'));
    await expect(open).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => dialog() === null, 'closed');
    const popup = view.root.querySelector('#login-form-popup')!;
    expect(popup.classList.contains('mfp-hide')).to.equal(true);
  });

  it('stays closed without notices', () => {
    view = mount(POPUP(''));
    uninstall = installLoginPopup(view.root);
    expect(dialog()).to.equal(null);
  });
});
