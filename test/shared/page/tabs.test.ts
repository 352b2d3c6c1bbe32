import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installTabs } from '../../../shared/page/tabs.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Other: tabbed content with arrows, Home, End and a tab opened from the URL hash (APG tabs). */
const TABS = `<div class="tabbed-content">
<ul class="nav nav-tabs">
<li class="tab active"><a href="#t-one">One</a></li>
<li class="tab"><a href="#t-two">Two</a></li>
<li class="tab"><a href="#t-three">Three</a></li>
</ul>
<div class="tab-panels">
<div class="panel active" id="t-one"><p>First panel</p></div>
<div class="panel" id="t-two"><p>Second panel</p></div>
<div class="panel" id="t-three"><p>Third panel</p></div>
</div>
</div>`;

describe('tabs', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
  });
  afterEach(() => {
    uninstall();
    view.remove();
    history.replaceState(null, '', location.pathname + location.search);
  });
  const tabs = () => [...view.root.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
  const panel = (id: string) => view.root.querySelector<HTMLElement>(`#${id}`)!;
  const selected = () => tabs().findIndex((t) => t.getAttribute('aria-selected') === 'true');

  it('gives the APG roles, states and a roving tabindex', () => {
    view = mount(TABS);
    uninstall = installTabs(view.root);
    expect(view.root.querySelector('.nav-tabs')!.getAttribute('role')).to.equal('tablist');
    expect(tabs()).to.have.length(3);
    expect(tabs().map((t) => t.getAttribute('aria-controls'))).to.deep.equal(['t-one', 't-two', 't-three']);
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    expect(panel('t-two').getAttribute('role')).to.equal('tabpanel');
    expect(panel('t-two').getAttribute('aria-labelledby')).to.equal(tabs()[1].id);
    expect(visible(panel('t-one'))).to.equal(true);
    expect(visible(panel('t-two'))).to.equal(false);
    expect(view.root.querySelector('li.tab')!.getAttribute('role')).to.equal('presentation');
  });

  it('selects a tab on click without jumping to its panel', () => {
    view = mount(TABS);
    uninstall = installTabs(view.root);
    tabs()[2].click();
    expect(selected()).to.equal(2);
    expect(visible(panel('t-three'))).to.equal(true);
    expect(visible(panel('t-one'))).to.equal(false);
    expect(panel('t-three').classList.contains('active')).to.equal(true);
    expect(location.hash).to.equal('');
  });

  it('moves with the arrow keys (wrapping), Home and End, selecting as it goes', async () => {
    view = mount(TABS);
    uninstall = installTabs(view.root);
    tabs()[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(selected()).to.equal(1);
    expect(document.activeElement).to.equal(tabs()[1]);
    expect(visible(panel('t-two'))).to.equal(true);
    await sendKeys({ press: 'End' });
    expect(selected()).to.equal(2);
    await sendKeys({ press: 'ArrowRight' });
    expect(selected()).to.equal(0);
    await sendKeys({ press: 'ArrowLeft' });
    expect(selected()).to.equal(2);
    await sendKeys({ press: 'Home' });
    expect(selected()).to.equal(0);
    expect(document.activeElement).to.equal(tabs()[0]);
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
  });

  it('uses the up and down arrows in a vertical list', async () => {
    view = mount(TABS.replace('nav nav-tabs', 'nav nav-tabs nav-vertical'));
    uninstall = installTabs(view.root);
    expect(view.root.querySelector('[role="tablist"]')!.getAttribute('aria-orientation')).to.equal(
      'vertical',
    );
    tabs()[0].focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(selected()).to.equal(1);
    await sendKeys({ press: 'ArrowUp' });
    expect(selected()).to.equal(0);
  });

  it('opens the tab the URL hash names, at install and on hashchange', async () => {
    history.replaceState(null, '', '#t-two');
    view = mount(TABS);
    uninstall = installTabs(view.root);
    expect(selected()).to.equal(1);
    const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    location.hash = '#t-three';
    await changed;
    expect(selected()).to.equal(2);
    expect(visible(panel('t-three'))).to.equal(true);
  });

  it('tabs added later are enhanced too', async () => {
    view = mount('<p>Later</p>');
    uninstall = installTabs(view.root);
    view.root.insertAdjacentHTML('beforeend', TABS);
    await new Promise((resolve) => setTimeout(resolve));
    expect(tabs()).to.have.length(3);
    expect(visible(panel('t-two'))).to.equal(false);
  });

  it('reports malformed markup once and leaves it alone', async () => {
    view = mount(
      '<div class="tabbed-content"><ul class="nav-tabs"><li><a href="#nowhere">X</a></li></ul></div>',
    );
    const errors = await captureConsoleErrors(() => {
      uninstall = installTabs(view.root);
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('tabs');
    expect(view.root.querySelector('[role="tab"]')).to.equal(null);
  });

  it('sidebar tabs: href="#" links over the sidebar\'s numbered menus', async () => {
    view = mount(`<div class="sidebar-menu">
<ul class="sidebar-menu-tabs nav"><li class="sidebar-menu-tabs__tab active"><a href="#">Menu</a></li><li class="sidebar-menu-tabs__tab"><a href="#">Categories</a></li></ul>
<ul class="nav nav-sidebar" data-tab="1"><li><a href="/shop/">Shop</a></li></ul>
<ul class="nav nav-sidebar hidden" data-tab="2"><li><a href="/shop/hoodies/">Hoodies</a></li></ul>
</div>`);
    uninstall = installTabs(view.root);
    const menus = [...view.root.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
    expect(menus.map((m) => m.querySelector('[data-tab]')?.getAttribute('data-tab'))).to.deep.equal([
      '1',
      '2',
    ]);
    expect(tabs().map((t) => t.getAttribute('aria-controls'))).to.deep.equal(menus.map((m) => m.id));
    expect(menus.map(visible)).to.deep.equal([true, false]);
    expect(view.root.querySelector('[data-tab="2"]')!.classList.contains('hidden')).to.equal(false);
    tabs()[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(menus.map(visible)).to.deep.equal([false, true]);
    expect(location.hash).to.equal('');
    await expect(view.root).to.be.accessible();
  });

  describe('the tab list has an accessible name (WAI-ARIA APG tabs)', () => {
    const list = () => view.root.querySelector<HTMLElement>('[role="tablist"]')!;

    it('labelled by the heading printed before it', async () => {
      view = mount(
        TABS.replace(
          '<ul class="nav nav-tabs">',
          '<h4 class="uppercase">Size and care</h4><ul class="nav nav-tabs">',
        ),
      );
      uninstall = installTabs(view.root);
      const heading = view.root.querySelector('h4')!;
      expect(heading.id).to.not.equal('');
      expect(list().getAttribute('aria-labelledby')).to.equal(heading.id);
      expect(list().hasAttribute('aria-label')).to.equal(false);
      await expect(view.root).to.be.accessible();
      uninstall();
      expect(heading.hasAttribute('id')).to.equal(false);
      expect(list().hasAttribute('aria-labelledby')).to.equal(false);
    });

    it('else the message "Tabs", which the page can give in its language', async () => {
      view = mount(TABS);
      uninstall = installTabs(view.root);
      expect(list().getAttribute('aria-label')).to.equal('Tabs');
      await expect(view.root).to.be.accessible();
      uninstall();
      uninstall = installTabs(view.root, { messages: { tabs: 'Onglets' } });
      expect(list().getAttribute('aria-label')).to.equal('Onglets');
    });

    it('sidebar tabs: "Menus"; a name the theme printed stays', () => {
      view = mount(`<div class="sidebar-menu">
<ul class="sidebar-menu-tabs nav"><li class="active"><a href="#">Menu</a></li><li><a href="#">Categories</a></li></ul>
<ul class="nav nav-sidebar" data-tab="1"><li><a href="/shop/">Shop</a></li></ul>
<ul class="nav nav-sidebar hidden" data-tab="2"><li><a href="/shop/hoodies/">Hoodies</a></li></ul>
</div>${TABS.replace('<ul class="nav nav-tabs">', '<ul class="nav nav-tabs" aria-label="Printed">')}`);
      uninstall = installTabs(view.root);
      const lists = [...view.root.querySelectorAll('[role="tablist"]')];
      expect(lists.map((l) => l.getAttribute('aria-label'))).to.deep.equal(['Menus', 'Printed']);
    });
  });

  it('passes axe', async () => {
    view = mount(TABS);
    uninstall = installTabs(view.root);
    await expect(view.root).to.be.accessible();
  });
});
