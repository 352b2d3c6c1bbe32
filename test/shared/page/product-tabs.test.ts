import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  installProductTabs,
  REVIEWS_SCROLL_DELAY_MS,
  wantsReviews,
} from '../../../shared/page/product-tabs.ts';
import { installTabs } from '../../../shared/page/tabs.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames, resizeViewport } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Single product page: the product tabs' hash rules; §9 reviews scroll delay 500 ms. */
const WOO_TABS = `<div class="product"><p class="woocommerce-product-rating"><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">2</span> customer reviews)</a></p>
<div class="spacer"></div>
<div class="woocommerce-tabs wc-tabs-wrapper">
<ul class="tabs wc-tabs" role="tablist">
<li class="description_tab" id="tab-title-description" role="tab" aria-controls="tab-description"><a href="#tab-description">Description</a></li>
<li class="additional_information_tab" id="tab-title-additional_information" role="tab" aria-controls="tab-additional_information"><a href="#tab-additional_information">Additional information</a></li>
<li class="reviews_tab" id="tab-title-reviews" role="tab" aria-controls="tab-reviews"><a href="#tab-reviews">Reviews (2)</a></li>
</ul>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><h2>Description</h2><p>Warm.</p></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information"><h2>Additional information</h2><p>Cotton.</p></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews"><div id="reviews" class="woocommerce-Reviews"><div id="comments"><h2>2 reviews</h2><ol class="commentlist"><li id="comment-12"><p>Lovely.</p></li></ol></div></div></div>
</div>
<div class="spacer"></div></div>`;

describe('product tabs', () => {
  let view: ReturnType<typeof mount>;
  let stops: (() => void)[] = [];
  const start = location.pathname + location.search;
  beforeEach(() => {
    history.replaceState(null, '', start);
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(async () => {
    for (const stop of stops) stop();
    stops = [];
    view?.remove();
    history.replaceState(null, '', start);
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const install = (options: Parameters<typeof installProductTabs>[1] = {}) => {
    view = mount(WOO_TABS);
    // A tall page, so that scrolling is real (CSSOM: no style attributes in markup).
    for (const spacer of view.root.querySelectorAll<HTMLElement>('.spacer')) spacer.style.height = '1500px';
    stops.push(installTabs(view.root), installProductTabs(view.root, options));
  };
  const tabs = () => [...view.root.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
  const selected = () => tabs().findIndex((t) => t.getAttribute('aria-selected') === 'true');
  const panel = (id: string) => view.root.querySelector<HTMLElement>(`#${id}`)!;

  it('reads the address as WooCommerce does', () => {
    const at = (hash: string, href = 'https://shop.test/product/hoodie/') => wantsReviews({ hash, href });
    expect(at('#comment-12')).to.equal(true);
    expect(at('#comments')).to.equal(true);
    expect(at('#reviews')).to.equal(true);
    expect(at('#tab-reviews')).to.equal(true);
    expect(at('', 'https://shop.test/product/hoodie/comment-page-2/')).to.equal(true);
    expect(at('', 'https://shop.test/product/hoodie/?cpage=2')).to.equal(true);
    expect(at('#tab-description')).to.equal(false);
    expect(at('')).to.equal(false);
  });

  for (const hash of ['#comment-12', '#comments', '#reviews', '#tab-reviews'])
    it(`${hash} opens the reviews tab and scrolls to it after 500 ms`, () => {
      history.replaceState(null, '', hash);
      const clock = fakeClock();
      install({ clock, reducedMotion: true });
      expect(selected()).to.equal(2);
      expect(visible(panel('tab-reviews'))).to.equal(true);
      expect(visible(panel('tab-description'))).to.equal(false);
      const before = window.scrollY;
      clock.tick(REVIEWS_SCROLL_DELAY_MS - 1);
      expect(window.scrollY).to.equal(before);
      clock.tick(1);
      expect(Math.abs(tabs()[2].getBoundingClientRect().top)).to.be.below(2);
      expect(window.scrollY).to.be.above(1000);
    });

  it('scrolls over 1000 ms without reduced motion', () => {
    history.replaceState(null, '', '#reviews');
    const clock = fakeClock();
    install({ clock, reducedMotion: false });
    clock.tick(REVIEWS_SCROLL_DELAY_MS + 100);
    const midway = window.scrollY;
    expect(midway).to.be.above(0);
    expect(Math.abs(tabs()[2].getBoundingClientRect().top)).to.be.above(2);
    clock.tick(1000);
    expect(Math.abs(tabs()[2].getBoundingClientRect().top)).to.be.below(2);
  });

  it('a comment-page or cpage marker in the address opens the reviews', () => {
    history.replaceState(null, '', `${location.pathname}?cpage=2`);
    install({ clock: fakeClock() });
    expect(selected()).to.equal(2);
  });

  it('the additional-information hash opens that tab', () => {
    history.replaceState(null, '', '#tab-additional_information');
    const clock = fakeClock();
    install({ clock });
    expect(selected()).to.equal(1);
    expect(visible(panel('tab-additional_information'))).to.equal(true);
    expect(clock.pending).to.equal(0);
  });

  it('otherwise the first tab opens, even if another was marked active', () => {
    history.replaceState(null, '', '#somewhere-else');
    view = mount(WOO_TABS.replace('<li class="reviews_tab"', '<li class="reviews_tab active"'));
    stops.push(installTabs(view.root));
    expect(selected()).to.equal(2);
    stops.push(installProductTabs(view.root, { clock: fakeClock() }));
    expect(selected()).to.equal(0);
  });

  for (const order of ['tabs first', 'product tabs first'])
    it(`a hash naming another product tab's panel opens the first tab too, as WooCommerce's (${order})`, () => {
      history.replaceState(null, '', '#tab-size_guide');
      view = mount(
        WOO_TABS.replace(
          '</ul>',
          '<li class="size_guide_tab" id="tab-title-size_guide"><a href="#tab-size_guide">Size guide</a></li></ul>',
        ).replace(
          '<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews',
          '<div class="woocommerce-Tabs-panel panel wc-tab" id="tab-size_guide"><p>S, M, L</p></div><div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews',
        ),
      );
      const installs = [
        () => installTabs(view.root),
        () => installProductTabs(view.root, { clock: fakeClock() }),
      ];
      if (order !== 'tabs first') installs.reverse();
      for (const install of installs) stops.push(install());
      expect(tabs()).to.have.length(4);
      expect(selected()).to.equal(0);
      expect(visible(panel('tab-size_guide'))).to.equal(false);
    });

  it('names the tab list "Product information" (or the page\'s words), or by a heading before it', async () => {
    install({ clock: fakeClock() });
    const list = view.root.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).to.equal('Product information');
    await expect(view.root.querySelector('.woocommerce-tabs')!).to.be.accessible();
    for (const stop of stops) stop();
    stops = [];
    expect(list.hasAttribute('aria-label')).to.equal(false);
    stops.push(
      installTabs(view.root),
      installProductTabs(view.root, { messages: { tabs: 'Produktinformationen' } }),
    );
    expect(list.getAttribute('aria-label')).to.equal('Produktinformationen');
    for (const stop of stops) stop();
    stops = [];
    view.remove();
    view = mount(
      WOO_TABS.replace(
        '<ul class="tabs wc-tabs"',
        '<h2 class="tabs-title">About this hoodie</h2><ul class="tabs wc-tabs"',
      ),
    );
    stops.push(installTabs(view.root), installProductTabs(view.root, { clock: fakeClock() }));
    const heading = view.root.querySelector('h2.tabs-title')!;
    expect(view.root.querySelector('[role="tablist"]')!.getAttribute('aria-labelledby')).to.equal(heading.id);
  });

  it('applies the rules on hashchange', async () => {
    const clock = fakeClock();
    install({ clock, reducedMotion: true });
    expect(selected()).to.equal(0);
    const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    location.hash = '#comment-12';
    await changed;
    expect(selected()).to.equal(2);
    clock.tick(REVIEWS_SCROLL_DELAY_MS);
    expect(Math.abs(tabs()[2].getBoundingClientRect().top)).to.be.below(2);
  });

  it('the review link opens the reviews and sets the hash to #reviews', async () => {
    const clock = fakeClock();
    install({ clock, reducedMotion: true });
    const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    view.root.querySelector<HTMLAnchorElement>('a.woocommerce-review-link')!.click();
    expect(selected()).to.equal(2);
    await changed;
    expect(location.hash).to.equal('#reviews');
    expect(visible(panel('tab-reviews'))).to.equal(true);
  });

  it('keeps the tabs keyboard operable and passes axe', async () => {
    install({ clock: fakeClock() });
    expect(view.root.querySelector('li.reviews_tab')!.hasAttribute('aria-controls')).to.equal(false);
    tabs()[0].focus();
    await sendKeys({ press: 'End' });
    expect(selected()).to.equal(2);
    await sendKeys({ press: 'ArrowLeft' });
    expect(selected()).to.equal(1);
    await expect(view.root).to.be.accessible();
  });

  describe('narrow screens', () => {
    afterEach(async () => {
      await resizeViewport({ width: 800, height: 600 });
    });
    const buttons = () => [
      ...view.root.querySelectorAll<HTMLButtonElement>('.product-tabs-accordion-title button'),
    ];

    it('become an accordion below 550 px and tabs again above', async () => {
      await resizeViewport({ width: 400, height: 600 });
      await frames(2);
      install({ clock: fakeClock() });
      expect(visible(view.root.querySelector('.wc-tabs'))).to.equal(false);
      expect(buttons().map((b) => b.textContent)).to.deep.equal([
        'Description',
        'Additional information',
        'Reviews (2)',
      ]);
      expect(buttons().map((b) => b.getAttribute('aria-expanded'))).to.deep.equal(['true', 'false', 'false']);
      expect(panel('tab-reviews').getAttribute('role')).to.equal('region');
      expect(panel('tab-reviews').getAttribute('aria-labelledby')).to.equal(buttons()[2].id);
      await expect(view.root).to.be.accessible();
      buttons()[2].focus();
      await sendKeys({ press: 'Enter' });
      expect(buttons().map((b) => b.getAttribute('aria-expanded'))).to.deep.equal(['false', 'false', 'true']);
      expect(visible(panel('tab-reviews'))).to.equal(true);
      await sendKeys({ type: ' ' });
      expect(buttons().map((b) => b.getAttribute('aria-expanded'))).to.deep.equal([
        'false',
        'false',
        'false',
      ]);
      expect(visible(panel('tab-reviews'))).to.equal(false);
      await sendKeys({ press: 'Enter' });
      await resizeViewport({ width: 800, height: 600 });
      await frames(2);
      for (let i = 0; i < 20 && buttons().length > 0; i++) await frames(1);
      expect(buttons()).to.have.length(0);
      expect(visible(view.root.querySelector('.wc-tabs'))).to.equal(true);
      expect(selected()).to.equal(2);
      expect(panel('tab-reviews').getAttribute('role')).to.equal('tabpanel');
    });

    it('the reviews rule opens and scrolls to the accordion item', async () => {
      await resizeViewport({ width: 400, height: 600 });
      await frames(2);
      history.replaceState(null, '', '#comment-12');
      const clock = fakeClock();
      install({ clock, reducedMotion: true });
      expect(buttons()[2].getAttribute('aria-expanded')).to.equal('true');
      clock.tick(REVIEWS_SCROLL_DELAY_MS);
      expect(Math.abs(buttons()[2].getBoundingClientRect().top)).to.be.below(2);
    });
  });
});

describe('product tabs without a tab list', () => {
  it('are left alone, without an error (one section printed as is)', async () => {
    const view = mount(
      '<div class="woocommerce-tabs wc-tabs-wrapper"><h2>Description</h2><p>Warm.</p></div>',
    );
    const stops: (() => void)[] = [];
    const errors = await captureConsoleErrors(() => {
      stops.push(installTabs(view.root), installProductTabs(view.root, { clock: fakeClock() }));
    });
    expect(errors).to.deep.equal([]);
    expect(view.root.querySelector('[role]')).to.equal(null);
    for (const stop of stops) stop();
    view.remove();
  });
});
