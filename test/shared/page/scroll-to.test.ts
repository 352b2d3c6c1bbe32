import { expect } from '@open-wc/testing';
import { installScrollTo } from '../../../shared/page/scroll-to.ts';
import { SCROLL_MS } from '../../../shared/page/scroll-window.ts';
import { installTabs } from '../../../shared/page/tabs.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §2 Other: scroll-to bullets and in-page anchor links; §9 Theme: scroll animation 1000 ms. */
const PAGE = `<p><a href="#s-features" id="l-features">Features</a> <a href="#s-nowhere" id="l-nowhere">Nowhere</a>
<a href="#s-faq" role="tab" id="l-tab">Tab</a> <a href="https://example.com/#s-faq" id="l-other">Elsewhere</a></p>
<div class="gap"></div>
<span class="scroll-to" id="s-features" data-title="Features" data-bullet="true"></span><h2>Features</h2>
<div class="gap"></div>
<span class="scroll-to" data-link="#s-faq" data-title="Questions" data-bullet="true"><a name="s-faq"></a></span><h2>FAQ</h2>
<div class="gap"></div>`;

describe('scroll-to bullets and in-page links', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  before(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    clock = fakeClock();
    history.replaceState(null, '', location.pathname + location.search);
    view = mount(PAGE);
    for (const gap of view.root.querySelectorAll<HTMLElement>('.gap')) gap.style.height = '1500px';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
    history.replaceState(null, '', location.pathname + location.search);
  });
  const el = (selector: string) => view.root.querySelector<HTMLElement>(selector)!;
  const docTop = (target: Element) => Math.round(target.getBoundingClientRect().top + window.scrollY);
  /** Clicks a link; whether the behaviour handled it. The browser's own jump is always prevented. */
  const click = (link: HTMLElement) => {
    let handled = false;
    const after = (e: Event) => {
      handled = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', after, { once: true });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    document.removeEventListener('click', after);
    return handled;
  };

  it('scrolls to the target over 1000 ms, moves focus there and sets the hash', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: false });
    const target = el('#s-features');
    const top = docTop(target);
    expect(click(el('#l-features'))).to.equal(true);
    expect(document.activeElement).to.equal(target);
    expect(target.getAttribute('tabindex')).to.equal('-1');
    expect(location.hash).to.equal('#s-features');
    expect(window.scrollY).to.equal(0);
    clock.tick(SCROLL_MS / 2);
    expect(window.scrollY)
      .to.be.above(100)
      .and.below(top - 100);
    clock.tick(SCROLL_MS / 2);
    expect(Math.abs(window.scrollY - top)).to.be.at.most(1);
    expect(SCROLL_MS).to.equal(1000);
    expect(clock.pending).to.equal(0);
  });

  it('jumps at once under reduced motion', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    click(el('#l-features'));
    expect(Math.abs(window.scrollY - docTop(el('#s-features')))).to.be.at.most(1);
    expect(clock.pending).to.equal(0);
  });

  it('leaves room for a sticky header through scroll-margin-top', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    el('#s-features').style.scrollMarginTop = '100px';
    click(el('#l-features'));
    expect(Math.abs(window.scrollY - (docTop(el('#s-features')) - 100))).to.be.at.most(1);
  });

  it('finds old-style <a name> anchors', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    const link = document.createElement('a');
    link.href = '#s-faq';
    link.textContent = 'FAQ';
    el('p').append(link);
    expect(click(link)).to.equal(true);
    expect(document.activeElement).to.equal(el('a[name="s-faq"]'));
  });

  it('leaves alone links it does not own, hashes naming nothing and other pages', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    expect(click(el('#l-tab'))).to.equal(false);
    expect(click(el('#l-nowhere'))).to.equal(false);
    expect(click(el('#l-other'))).to.equal(false);
    expect(window.scrollY).to.equal(0);
    expect(location.hash).to.equal('');
  });

  it('a link to a hidden tab panel opens the tab (hashchange) and scrolls there', () => {
    view.root.insertAdjacentHTML(
      'beforeend',
      '<div class="tabbed-content"><ul class="nav-tabs"><li class="active"><a href="#p-one">One</a></li><li><a href="#p-two">Two</a></li></ul><div id="p-one">1</div><div id="p-two">2</div></div>',
    );
    const stopTabs = installTabs(view.root);
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    const link = document.createElement('a');
    link.href = '#p-two';
    link.textContent = 'Second tab';
    el('p').append(link);
    try {
      expect(click(link)).to.equal(true);
      expect(el('[aria-controls="p-two"]').getAttribute('aria-selected')).to.equal('true');
      expect(document.activeElement).to.equal(el('#p-two'));
      const max = document.documentElement.scrollHeight - window.innerHeight;
      expect(Math.abs(window.scrollY - Math.min(max, docTop(el('#p-two'))))).to.be.at.most(1);
      expect(window.scrollY).to.be.above(1000);
    } finally {
      stopTabs();
    }
  });

  it('a key press stops the animation', () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: false });
    click(el('#l-features'));
    clock.tick(200);
    const at = window.scrollY;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    clock.tick(SCROLL_MS);
    expect(window.scrollY).to.equal(at);
    expect(clock.pending).to.equal(0);
  });

  it('builds the bullets, the current one following real scrolling', async () => {
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    const links = [...view.root.querySelectorAll<HTMLAnchorElement>('nav.scroll-to-bullets a')];
    expect(links.map((a) => a.textContent)).to.deep.equal(['Features', 'Questions']);
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['#s-features', '#s-faq']);
    expect(links.some((a) => a.hasAttribute('aria-current'))).to.equal(false);
    const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo({ top: docTop(el('#s-features')) - 100, behavior: 'instant' });
    await scrolled;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(links[0].getAttribute('aria-current')).to.equal('true');
    click(links[1]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(links[1].getAttribute('aria-current')).to.equal('true');
    expect(links[0].hasAttribute('aria-current')).to.equal(false);
  });

  it('the bullets pass axe', async function () {
    this.timeout(20000);
    uninstall = installScrollTo(view.root, { clock, reducedMotion: true });
    await expect(el('nav.scroll-to-bullets')).to.be.accessible();
  });

  it('uninstalling removes the bullets', () => {
    uninstall = installScrollTo(view.root, { clock });
    uninstall();
    expect(view.root.querySelector('nav.scroll-to-bullets')).to.equal(null);
  });
});
