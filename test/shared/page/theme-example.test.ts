import { expect } from '@open-wc/testing';
import { installedBehaviours, installPageBehaviours, whenInstalled } from '../../../shared/page/index.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** examples/theme.html (issue 17): every theme behaviour installs from its markup, and the page passes axe. */
describe('the theme example page (examples/theme.html)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  before(() => resizeViewport({ width: 1000, height: 700 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  afterEach(() => {
    uninstall();
    view.remove();
  });

  it('installs the theme behaviours from the page markup, and they pass axe', async function () {
    this.timeout(30000);
    const html = await (await fetch('/examples/theme.html', { cache: 'no-store' })).text();
    const page = new DOMParser().parseFromString(html, 'text/html');
    view = mount(['#header', 'main'].map((selector) => page.querySelector(selector)!.outerHTML).join('\n'));
    uninstall = installPageBehaviours(view.root, { clock: fakeClock(), reducedMotion: true });
    await whenInstalled(view.root);
    expect(installedBehaviours(view.root)).to.include.members([
      'tabs',
      'accordion',
      'dropdown-menu',
      'sticky-header',
      'scroll-to',
      'count-up',
      'animate-on-scroll',
      'carousel',
      'sliding-menu',
      'video',
    ]);
    expect(view.root.querySelectorAll('button.dropdown-toggle')).to.have.length(2);
    expect(view.root.querySelectorAll('[role="tab"]')).to.have.length(5); // 3 + the sidebar's 2
    expect(view.root.querySelectorAll('.accordion [aria-expanded="true"]')).to.have.length(1);
    expect(view.root.querySelectorAll('.scroll-to-bullets a')).to.have.length(6);
    expect(view.root.querySelectorAll('.slider-nav')).to.have.length(2); // the row slider's and the widget's
    await expect(view.root).to.be.accessible();
  });
});
