import { expect } from '@open-wc/testing';
import {
  installedBehaviours,
  installPageBehaviours,
  pageBehaviours,
  whenInstalled,
} from '../../../shared/page/index.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { mount } from './helpers.ts';

/** The registry (issue 17): installs only the behaviours whose markup is on the page, once. */
describe('page behaviours registry', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
  });

  it('installs only what the markup asks for', async () => {
    view = mount(
      `<div class="woocommerce"><form><input class="woocommerce-Input" type="password" id="pw" aria-label="Password"></form></div>`,
    );
    uninstall = installPageBehaviours(view.root, { clock: fakeClock() });
    expect(installedBehaviours(view.root)).to.deep.equal(['password-toggle']);
    await whenInstalled(view.root);
    expect(view.root.querySelectorAll('button.show-password-input')).to.have.length(1);
  });

  it('is idempotent per root', () => {
    view = mount(
      `<p class="woocommerce-store-notice">Notice <a href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>`,
    );
    uninstall = installPageBehaviours(view.root);
    expect(installPageBehaviours(view.root)).to.equal(uninstall);
  });

  it('installs a behaviour when its markup arrives later', async () => {
    view = mount('<p>Nothing yet</p>');
    uninstall = installPageBehaviours(view.root, { clock: fakeClock() });
    expect(installedBehaviours(view.root)).to.deep.equal([]);
    const late = document.createElement('div');
    late.innerHTML = `<span class="password-input"><input type="password" aria-label="Password"></span>`;
    view.root.append(late);
    await new Promise((resolve) => setTimeout(resolve));
    expect(installedBehaviours(view.root)).to.deep.equal(['password-toggle']);
    await whenInstalled(view.root);
    expect(late.querySelector('button.show-password-input')).to.not.equal(null);
  });

  it('a behaviour that throws is reported and the others still install', async () => {
    view = mount(`<p class="woocommerce-result-count" data-is-sorted-by="true">9 results</p>`);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    const behaviour = pageBehaviours.find((b) => b.name === 'result-count')!;
    const load = behaviour.load;
    behaviour.load = async () => () => {
      throw new Error('broken');
    };
    try {
      view.root.insertAdjacentHTML('beforeend', '<a class="back-to-top" href="#top">Top</a>');
      uninstall = installPageBehaviours(view.root);
      await whenInstalled(view.root);
    } finally {
      behaviour.load = load;
      console.error = original;
    }
    expect(String(errors[0])).to.contain('result-count');
    expect(installedBehaviours(view.root)).to.include('back-to-top');
  });

  it("loads a behaviour's module only when its markup is on the page (issue 19)", async () => {
    const loaded = () =>
      performance.getEntriesByType('resource').some((e) => /\/shared\/page\/count-up\.ts/.test(e.name));
    view = mount('<p>No numbers here</p>');
    uninstall = installPageBehaviours(view.root, { clock: fakeClock(), reducedMotion: true });
    await whenInstalled(view.root);
    expect(loaded(), 'count-up.ts requested without its markup').to.equal(false);
    view.root.insertAdjacentHTML('beforeend', '<p class="count-up">1,234</p>');
    await new Promise((resolve) => setTimeout(resolve));
    await whenInstalled(view.root);
    expect(installedBehaviours(view.root)).to.include('count-up');
    expect(loaded(), 'count-up.ts never requested').to.equal(true);
  });

  it('a module that fails to load is reported as a ChunkLoadError naming the behaviour', async () => {
    view = mount(`<p class="woocommerce-result-count" data-is-sorted-by="true">9 results</p>`);
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const behaviour = pageBehaviours.find((b) => b.name === 'result-count')!;
    const load = behaviour.load;
    behaviour.load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    try {
      uninstall = installPageBehaviours(view.root);
      await whenInstalled(view.root);
    } finally {
      behaviour.load = load;
      console.error = original;
    }
    expect(String(errors[0]?.[0])).to.contain('result-count');
    const error = errors[0]?.[1] as Error;
    expect(error.name).to.equal('ChunkLoadError');
    expect(error.message).to.contain('Loading chunk page-result-count failed');
  });
});

describe('review and comment forms from the registry', () => {
  it('installs the review form where a WooCommerce review form is printed', async () => {
    const view = mount(
      '<div id="respond"><form id="commentform" class="comment-form"><select name="rating" id="rating" required><option value="">Rate…</option><option value="5">Perfect</option></select><textarea name="comment"></textarea><input type="submit" value="Submit"></form></div>',
    );
    const uninstall = installPageBehaviours(view.root, { clock: fakeClock() });
    try {
      expect(installedBehaviours(view.root)).to.include('review-form');
      expect(installedBehaviours(view.root)).to.include('comment-form');
    } finally {
      uninstall();
      view.remove();
    }
  });
});

describe('the example page (examples/storefront-helpers.html)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
  });

  it('every helper on it installs, and the helpers pass axe', async () => {
    const html = await (await fetch('/examples/storefront-helpers.html', { cache: 'no-store' })).text();
    const page = new DOMParser().parseFromString(html, 'text/html');
    const parts = ['.woocommerce-store-notice', 'main', '.back-to-top', '#coming-soon-footer-banner'];
    view = mount(parts.map((selector) => page.querySelector(selector)!.outerHTML).join('\n'));
    uninstall = installPageBehaviours(view.root, { clock: fakeClock() });
    // The review and comment forms live on product and post pages, the popup links and loops on
    // page-builder pages, not on this one.
    // The theme's tabs, accordions, menus and the like are on examples/theme.html.
    const theme = [
      'tabs',
      'accordion',
      'dropdown-menu',
      'sticky-header',
      'scroll-to',
      'count-up',
      'animate-on-scroll',
      'carousel',
      'sliding-menu',
      // The page builder's sticky elements and sidebar, motion effects and videos.
      'sticky-element',
      'sticky-sidebar',
      'motion-effects',
      'video',
    ];
    // The product page's behaviours are on the product pages.
    const product = [
      'quantity-buttons',
      'product-tabs',
      'sticky-add-to-cart',
      'buy-now',
      'swatches',
      'quick-view',
    ];
    // Cart, checkout and account pages, editors' pages and theme extras.
    const other = [
      'cart-page',
      'checkout-terms',
      'orders-table',
      'login-popup',
      'instagram',
      'editor-links',
      'parallax',
      'lottie',
      // Listings and the cart page (the sort dropdown, wishlist buttons, equal-height rows), and
      // the review, comment and checkout forms (the spam tracker).
      'catalog-ordering',
      'wishlist',
      'equal-height',
      'spam-tracker',
    ];
    const elsewhere = [
      'review-form',
      'comment-form',
      'link-actions',
      'loop-filter',
      ...theme,
      ...product,
      ...other,
    ];
    const onThisPage = pageBehaviours.map((b) => b.name).filter((n) => !elsewhere.includes(n));
    expect(installedBehaviours(view.root).sort()).to.deep.equal(onThisPage.sort());
    await expect(view.root).to.be.accessible();
  });
});
