import { expect, waitUntil } from '@open-wc/testing';
import { installedBehaviours, installPageBehaviours, whenInstalled } from '../../shared/page/index.ts';
import { fakeClock } from '../helpers/clock.ts';
import { resizeViewport } from '../helpers/elements.ts';
import { eachShopMode, resetShop, shopLog } from '../helpers/shop.ts';
import { mount } from '../shared/page/helpers.ts';

/**
 * examples/storefront.html (issue 17): the storefront page a Flatsome shop prints, its theme
 * behaviours started by the one autoloader script under the strict CSP. Opened as served (an
 * iframe): every behaviour installs from its markup and works; no CSP violation, also from the
 * lottie player. The same markup in this document for axe (the same-document checker).
 */

const PAGE = '/examples/storefront.html';
const NOTICE_COOKIE = 'store_noticestorefront-2026';
const LOAD_TIMEOUT = { timeout: 15000 };

interface Opened {
  frame: HTMLIFrameElement;
  doc: Document;
  win: Window;
  violations: string[];
}

async function openPage(path = PAGE, width = 1024, height = 768): Promise<Opened> {
  const frame = document.createElement('iframe');
  frame.width = String(width);
  frame.height = String(height);
  const violations: string[] = [];
  const loaded = new Promise<void>((resolve) =>
    frame.addEventListener('load', () => resolve(), { once: true }),
  );
  frame.src = path;
  document.body.append(frame);
  // Watch for violations from the first moment the new document exists.
  const watch = () => {
    const win = frame.contentWindow;
    if (win && frame.contentDocument?.URL.endsWith(path))
      win.addEventListener('securitypolicyviolation', (e) =>
        violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    else setTimeout(watch, 0);
  };
  watch();
  await loaded;
  return { frame, doc: frame.contentDocument!, win: frame.contentWindow!, violations };
}

const clearNoticeCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes the site-wide cookie the page set.
  document.cookie = `${NOTICE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

describe('the storefront page (examples/storefront.html)', () => {
  let page: Opened | undefined;
  before(() => resizeViewport({ width: 1200, height: 900 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    clearNoticeCookie();
    return resetShop();
  });
  afterEach(() => {
    page?.frame.remove();
    page = undefined;
    clearNoticeCookie();
  });

  it('its theme behaviours install from the markup and work, with no CSP violation', async function () {
    this.timeout(40000);
    page = await openPage();
    const { doc, win } = page;
    const $ = <T extends Element = HTMLElement>(selector: string) => doc.querySelector<T>(selector);

    // Dropdown menus (APG disclosure menu): a toggle per sub-menu; one open at a time.
    await waitUntil(
      () => doc.querySelectorAll('.header-nav button.dropdown-toggle').length === 2,
      'dropdowns',
      LOAD_TIMEOUT,
    );
    const [shop, examples] = doc.querySelectorAll<HTMLButtonElement>('.header-nav button.dropdown-toggle');
    shop!.click();
    await waitUntil(() => shop!.getAttribute('aria-expanded') === 'true', 'the Shop menu opened');
    examples!.click();
    await waitUntil(() => examples!.getAttribute('aria-expanded') === 'true', 'the Examples menu opened');
    expect(shop!.getAttribute('aria-expanded')).to.equal('false');
    examples!.click();

    // Lottie: the player chunk loaded because the markup is here; the animation drawn as SVG.
    const lottie = $('lottie-player.ux-lottie__player')!;
    await waitUntil(
      () => lottie.dataset.lottieState === 'ready',
      'the lottie animation is ready',
      LOAD_TIMEOUT,
    );
    expect(lottie.querySelectorAll('svg path').length).to.be.at.least(3);
    const pause = $<HTMLButtonElement>('.ux-lottie button.lottie-control')!;
    expect(pause.textContent).to.equal('Pause animation');
    pause.click();
    expect(pause.textContent).to.equal('Play animation');

    // Store notice: shown, dismissed site-wide.
    const notice = $('.woocommerce-store-notice')!;
    await waitUntil(
      () => notice.querySelector('.woocommerce-store-notice__dismiss-link') && !notice.hidden,
      'notice',
    );
    $<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.click();
    await waitUntil(() => notice.hidden, 'the store notice hides on dismiss');
    expect(document.cookie).to.contain(`${NOTICE_COOKIE}=hidden`);

    // Carousel (3 slides to show on desktop), accordion (APG), count-up numbers, sliding menu.
    await waitUntil(
      () => $('.row-slider.is-carousel .slider-nav') ?? $('.slider-nav'),
      'carousel',
      LOAD_TIMEOUT,
    );
    const faq = [
      ...doc.querySelectorAll<HTMLButtonElement>('.accordion-title button, button.accordion-title'),
    ];
    await waitUntil(
      () => faq.some((b) => b.getAttribute('aria-expanded') === 'true'),
      'accordion',
      LOAD_TIMEOUT,
    );
    const returns = [...doc.querySelectorAll<HTMLElement>('[aria-expanded]')].find((b) =>
      b.textContent?.includes('return an order'),
    )!;
    returns.click();
    await waitUntil(() => returns.getAttribute('aria-expanded') === 'true', 'the returns answer opens');
    expect(doc.querySelectorAll('.accordion [aria-expanded="true"]')).to.have.length(1); // one at a time
    await waitUntil(
      () => doc.querySelectorAll('.count-up[data-count-state]').length === 3,
      'count-up',
      LOAD_TIMEOUT,
    );
    await waitUntil(() => doc.querySelector('.mobile-menu .nav-slide-toggle'), 'sliding menu', LOAD_TIMEOUT);

    // Sticky header and back to top, with real scrolling.
    const backToTop = $('.back-to-top')!;
    await waitUntil(() => backToTop.hidden, 'back-to-top hidden at the top', LOAD_TIMEOUT);
    win.scrollTo({ top: win.innerHeight * 1.5, behavior: 'instant' });
    await waitUntil(
      () => $('.header-wrapper')?.classList.contains('stuck'),
      'the header sticks',
      LOAD_TIMEOUT,
    );
    await waitUntil(() => !backToTop.hidden, 'back-to-top shows past one viewport height', LOAD_TIMEOUT);
    win.scrollTo({ top: 0, behavior: 'instant' });
    // WebKit runs a background iframe's rendering updates (and so its scroll events) rarely.
    await waitUntil(
      () => $('.header-wrapper')?.classList.contains('stuck') === false,
      'the header unsticks',
      LOAD_TIMEOUT,
    );

    expect(page.violations, 'CSP violations').to.deep.equal([]);
  });

  it('from the production build (dist/): the lottie chunk plays under the strict CSP, no violation', async function () {
    this.timeout(40000);
    const built = await fetch('/dist/lottie-player.js', { method: 'HEAD' });
    if (!built.ok) throw new Error('dist/ is missing: run `npm run build` first (npm test builds first).');
    page = await openPage('/examples/built/storefront.html');
    const { doc } = page;
    expect(doc.querySelector('script[src="/dist/autoloader.js"]')).to.exist;
    const lottie = doc.querySelector<HTMLElement>('lottie-player.ux-lottie__player')!;
    await waitUntil(
      () => lottie.dataset.lottieState === 'ready',
      'the lottie animation is ready',
      LOAD_TIMEOUT,
    );
    const loaded = (page.win.performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => new URL(entry.name).pathname,
    );
    expect(loaded).to.include('/dist/lottie-player.js');
    const first = lottie.querySelector('svg')!.innerHTML;
    await waitUntil(
      () => (lottie.querySelector('svg')?.innerHTML ?? first) !== first,
      'the frames move',
      LOAD_TIMEOUT,
    );
    expect(page.violations, 'CSP violations').to.deep.equal([]);
  });

  eachShopMode('quick view from a product box', () => {
    it('opens the product in a modal dialog and closes it', async function () {
      this.timeout(30000);
      page = await openPage();
      const { doc } = page;
      const link = doc.querySelector<HTMLAnchorElement>('li.post-104 a.quick-view')!; // Belt
      // Its behaviour is installed once its chunk has loaded; until then a click would follow #quick-view.
      await waitUntil(
        () => doc.querySelectorAll('.header-nav button.dropdown-toggle').length === 2,
        'behaviours installed',
        LOAD_TIMEOUT,
      );
      // No marker tells that quick view (a delegated click handler) has installed: click until
      // the dialog appears; an early click only follows the link's #quick-view.
      await waitUntil(
        () => {
          if (!doc.querySelector('dialog.quick-view-dialog')) link.click();
          return doc.querySelector('dialog.quick-view-dialog') !== null;
        },
        'the quick view opened',
        LOAD_TIMEOUT,
      );
      const dialog = doc.querySelector<HTMLDialogElement>('dialog.quick-view-dialog')!;
      await waitUntil(
        () => !dialog.hasAttribute('aria-busy') && dialog.querySelector('.product_title'),
        'loaded',
        LOAD_TIMEOUT,
      );
      expect(dialog.querySelector('.product_title')!.textContent).to.equal('Belt');
      expect(dialog.matches(':modal')).to.equal(true);
      expect(await shopLog('flatsome_quickview')).to.have.length(1);
      dialog.querySelector<HTMLButtonElement>('.quick-view-dialog__close')!.click();
      await waitUntil(() => !doc.querySelector('dialog.quick-view-dialog[open]'), 'closed');
      expect(page.violations, 'CSP violations').to.deep.equal([]);
    });
  });
});

describe('the storefront page markup in this document (axe)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  before(() => resizeViewport({ width: 1000, height: 700 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  afterEach(() => {
    uninstall();
    view.remove();
    clearNoticeCookie();
  });

  it('installs every storefront behaviour, and the page passes axe', async function () {
    this.timeout(30000);
    const html = await (await fetch(PAGE, { cache: 'no-store' })).text();
    const source = new DOMParser().parseFromString(html, 'text/html');
    view = mount(
      ['.woocommerce-store-notice', '#header', 'main', '.back-to-top']
        .map((selector) => source.querySelector(selector)!.outerHTML)
        .join('\n'),
    );
    uninstall = installPageBehaviours(view.root, { clock: fakeClock(), reducedMotion: true });
    await whenInstalled(view.root);
    expect(installedBehaviours(view.root)).to.include.members([
      'store-notice',
      'dropdown-menu',
      'sticky-header',
      'sliding-menu',
      'scroll-to',
      'count-up',
      'animate-on-scroll',
      'carousel',
      'accordion',
      'back-to-top',
      'quick-view',
      'lottie',
    ]);
    // Under reduced motion the lottie player is not loaded: its child image is the poster.
    const lottie = view.root.querySelector<HTMLElement>('lottie-player')!;
    expect(lottie.dataset.lottieState).to.equal('poster');
    expect(lottie.querySelector('img')!.hidden).to.equal(false);
    expect(view.root.querySelectorAll('ul.products a.quick-view')).to.have.length(12);
    await expect(view.root).to.be.accessible();
  });

  it('with motion allowed, the playing lottie animation and its pause button pass axe', async function () {
    this.timeout(30000);
    const html = await (await fetch(PAGE, { cache: 'no-store' })).text();
    const source = new DOMParser().parseFromString(html, 'text/html');
    view = mount(source.querySelector('.storefront-hero')!.outerHTML);
    uninstall = installPageBehaviours(view.root, { reducedMotion: false });
    await whenInstalled(view.root);
    const lottie = view.root.querySelector<HTMLElement>('lottie-player')!;
    await waitUntil(() => lottie.dataset.lottieState === 'ready', 'ready', LOAD_TIMEOUT);
    expect(lottie.getAttribute('aria-hidden')).to.equal('true'); // decorative: no label printed
    expect(lottie.querySelector('img')!.hidden).to.equal(true); // the poster gives way to the animation
    expect(view.root.querySelector('button.lottie-control')!.textContent).to.equal('Pause animation');
    await expect(view.root).to.be.accessible();
  });
});
