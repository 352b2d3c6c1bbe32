import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installSlidingMenus } from '../../../shared/page/sliding-menu.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Other: mobile sliding sidebar menus with back headers. */
const MENU = `<nav aria-label="Mobile"><ul class="nav nav-sidebar nav-vertical nav-slide">
<li class="menu-item" id="i-shop"><a href="/shop/">Shop</a>
<ul class="sub-menu children">
<li><a href="/shop/">All products</a></li>
<li id="i-clothing"><a href="/shop/clothing/">Clothing</a><ul class="sub-menu children"><li><a href="/shop/hoodies/">Hoodies</a></li></ul></li>
</ul></li>
<li class="menu-item" id="i-blog"><a href="/blog/">Blog</a></li>
</ul></nav>`;

describe('sliding sidebar menus', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => {
    view = mount(MENU);
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const item = (id: string) => view.root.querySelector<HTMLElement>(`#${id}`)!;
  const toggle = (id: string) => item(id).querySelector<HTMLButtonElement>(':scope > .nav-slide-toggle')!;
  const submenu = (id: string) => item(id).querySelector<HTMLElement>(':scope > ul')!;
  const back = (id: string) =>
    submenu(id).querySelector<HTMLButtonElement>(':scope > .nav-slide-header > button')!;

  it('adds a disclosure button per parent item and a back header per sub-menu, closed', () => {
    uninstall = installSlidingMenus(view.root);
    expect(toggle('i-shop').getAttribute('aria-label')).to.equal('Shop menu');
    expect(toggle('i-shop').getAttribute('aria-expanded')).to.equal('false');
    expect(toggle('i-shop').getAttribute('aria-controls')).to.equal(submenu('i-shop').id);
    expect(back('i-shop').textContent).to.equal('Back');
    expect(submenu('i-shop').querySelector('.nav-slide-title')!.textContent).to.equal('Shop');
    expect(visible(submenu('i-shop'))).to.equal(false);
    expect(item('i-blog').querySelector('button')).to.equal(null);
  });

  it('opens over its level: the level below is inert and focus goes to Back', () => {
    uninstall = installSlidingMenus(view.root);
    toggle('i-shop').click();
    expect(visible(submenu('i-shop'))).to.equal(true);
    expect(toggle('i-shop').getAttribute('aria-expanded')).to.equal('true');
    expect(item('i-shop').classList.contains('active')).to.equal(true);
    expect(item('i-blog').inert).to.equal(true);
    expect(toggle('i-shop').inert).to.equal(true);
    expect(document.activeElement).to.equal(back('i-shop'));
  });

  it('Back closes it and returns focus to the item button', () => {
    uninstall = installSlidingMenus(view.root);
    toggle('i-shop').click();
    back('i-shop').click();
    expect(visible(submenu('i-shop'))).to.equal(false);
    expect(item('i-blog').inert).to.equal(false);
    expect(document.activeElement).to.equal(toggle('i-shop'));
  });

  it('nests: Escape closes the innermost level first (keyboard)', async () => {
    uninstall = installSlidingMenus(view.root);
    toggle('i-shop').focus();
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement).to.equal(back('i-shop'));
    toggle('i-clothing').focus();
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement).to.equal(back('i-clothing'));
    expect(back('i-shop').closest('li')!.inert).to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(visible(submenu('i-clothing'))).to.equal(false);
    expect(document.activeElement).to.equal(toggle('i-clothing'));
    await sendKeys({ press: 'Escape' });
    expect(visible(submenu('i-shop'))).to.equal(false);
    expect(document.activeElement).to.equal(toggle('i-shop'));
  });

  it('uninstalling restores the theme markup', () => {
    uninstall = installSlidingMenus(view.root);
    toggle('i-shop').click();
    uninstall();
    expect(view.root.querySelectorAll('.nav-slide-toggle, .nav-slide-header')).to.have.length(0);
    expect(item('i-blog').inert).to.equal(false);
  });

  it('passes axe, closed and open', async function () {
    this.timeout(20000);
    uninstall = installSlidingMenus(view.root);
    await expect(view.root).to.be.accessible();
    toggle('i-shop').click();
    await expect(view.root).to.be.accessible();
  });
});
