import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { cookies } from '../../../shared/cookies.ts';
import { installStoreNotice } from '../../../shared/page/store-notice.ts';
import { judgeCookiesBy } from '../tracking/cookie-jar.ts';
import { mount, visible } from './helpers.ts';

/** spec §4 Store notice: shown unless the cookie says hidden; dismiss sets it site-wide (path /). */
const NOTICE = `<p class="woocommerce-store-notice demo_store" data-notice-id="abc" hidden>Free shipping this week
<a href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>`;

describe('store notice', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => {
    cookies.remove('store_noticeabc');
    view = mount(NOTICE);
  });
  afterEach(() => {
    uninstall();
    view.remove();
    cookies.remove('store_noticeabc');
  });
  const notice = () => view.root.querySelector<HTMLElement>('.woocommerce-store-notice');

  it('is shown when no cookie hides it (even if the theme hid it)', () => {
    expect(visible(notice())).to.equal(false);
    uninstall = installStoreNotice(view.root);
    expect(visible(notice())).to.equal(true);
  });

  it('stays hidden when its cookie holds "hidden"', () => {
    cookies.set('store_noticeabc', 'hidden');
    notice()!.hidden = false;
    uninstall = installStoreNotice(view.root);
    expect(visible(notice())).to.equal(false);
  });

  it('another notice id is shown again', () => {
    cookies.set('store_noticeabc', 'hidden');
    notice()!.dataset.noticeId = 'new';
    uninstall = installStoreNotice(view.root);
    expect(visible(notice())).to.equal(true);
  });

  it('dismiss hides it and sets the cookie for the whole site (path /)', () => {
    uninstall = installStoreNotice(view.root);
    view.root.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.click();
    expect(visible(notice())).to.equal(false);
    expect(cookies.get('store_noticeabc')).to.equal('hidden');
    expect(location.hash).to.equal(''); // the link's # was not followed
    // Path / : the cookie is seen from any page of the site, so removing it with path / clears it.
    cookies.remove('store_noticeabc', { path: '/' });
    expect(cookies.get('store_noticeabc')).to.equal(undefined);
  });

  it('the cookie is written with path=/ (visible from another path)', async () => {
    uninstall = installStoreNotice(view.root);
    view.root.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.click();
    // A same-origin iframe on another path sees the cookie only when it was set for path /.
    const frame = document.createElement('iframe');
    frame.src = '/examples/index.html';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    expect(frame.contentDocument?.cookie ?? '').to.contain('store_noticeabc=hidden');
    frame.remove();
  });

  it('the dismissal lasts the browser session: written without an expiry date, so no date or zone shortens it (issue 28)', () => {
    const jar = judgeCookiesBy(() => Date.UTC(2026, 11, 31, 18, 25)); // records what is written
    try {
      uninstall = installStoreNotice(view.root);
      view.root.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.click();
      expect(jar.expires('store_noticeabc')).to.equal('');
    } finally {
      jar.restore();
    }
    expect(cookies.get('store_noticeabc')).to.equal('hidden');
  });

  it('a dismiss link without href works from the keyboard as a button', async () => {
    view.root.querySelector('a')!.removeAttribute('href');
    uninstall = installStoreNotice(view.root);
    const link = view.root.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!;
    expect(link.getAttribute('role')).to.equal('button');
    link.focus();
    await sendKeys({ press: 'Enter' });
    expect(visible(notice())).to.equal(false);
  });

  it('installing twice on a root is the same install', () => {
    uninstall = installStoreNotice(view.root);
    expect(installStoreNotice(view.root)).to.equal(uninstall);
  });

  it('is accessible', async () => {
    uninstall = installStoreNotice(view.root);
    await expect(view.root).to.be.accessible();
  });
});
