import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  DROPDOWN_HIDE_MS,
  DROPDOWN_SHOW_MS,
  HOVER_INTENT,
  installDropdownMenus,
} from '../../../shared/page/dropdown-menu.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/**
 * spec §2 Other, §4 (one dropdown open at a time), §9 Theme (750 px container; hover intent
 * interval 100, sensitivity 6, timeout 0); APG disclosure navigation menu.
 */
const MENU = `<nav aria-label="Main"><ul class="nav header-nav">
<li class="menu-item" id="m-shop"><a href="/shop/" class="nav-top-link">Shop</a>
<ul class="sub-menu nav-dropdown"><li><a href="/shop/hoodies/">Hoodies</a></li><li><a href="/shop/caps/">Caps</a></li></ul></li>
<li class="menu-item" id="m-about"><a href="/about/" class="nav-top-link">About</a>
<ul class="sub-menu nav-dropdown"><li><a href="/about/team/">Team</a></li></ul></li>
<li class="menu-item"><a href="/blog/">Blog</a></li>
</ul></nav><button type="button" id="outside">Elsewhere</button>`;

const pointer = (type: string, target: Element, x: number, y: number) =>
  target.dispatchEvent(
    new PointerEvent(type, { pointerType: 'mouse', clientX: x, clientY: y, bubbles: type === 'pointermove' }),
  );

describe('dropdown menus', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  before(() => resizeViewport({ width: 1000, height: 700 }));
  after(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    clock = fakeClock();
    view = mount(MENU);
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const item = (id: string) => view.root.querySelector<HTMLElement>(`#${id}`)!;
  const button = (id: string) => item(id).querySelector<HTMLButtonElement>(':scope > button')!;
  const menu = (id: string) => item(id).querySelector<HTMLElement>('.nav-dropdown')!;
  const expanded = (id: string) => button(id).getAttribute('aria-expanded') === 'true';

  it('adds a disclosure button after each parent link; menus start hidden', () => {
    uninstall = installDropdownMenus(view.root, { clock });
    expect(view.root.querySelectorAll('button.dropdown-toggle')).to.have.length(2);
    expect(button('m-shop').getAttribute('aria-label')).to.equal('Shop menu');
    expect(button('m-shop').getAttribute('aria-controls')).to.equal(menu('m-shop').id);
    expect(expanded('m-shop')).to.equal(false);
    expect(visible(menu('m-shop'))).to.equal(false);
    expect(button('m-shop').previousElementSibling!.matches('a.nav-top-link')).to.equal(true);
  });

  it('hover intent: opens once the pointer moved less than 6 px during one 100 ms interval', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    expect(HOVER_INTENT).to.deep.equal({ interval: 100, sensitivity: 6, timeout: 0 });
    pointer('pointerenter', item('m-shop'), 10, 10);
    pointer('pointermove', item('m-shop'), 40, 10); // passing through
    clock.tick(100);
    expect(expanded('m-shop')).to.equal(false);
    pointer('pointermove', item('m-shop'), 44, 12); // 4.5 px in this interval: resting
    clock.tick(99);
    expect(expanded('m-shop')).to.equal(false);
    clock.tick(1);
    expect(expanded('m-shop')).to.equal(true);
    expect(visible(menu('m-shop'))).to.equal(true);
    expect(item('m-shop').classList.contains('current-dropdown')).to.equal(true);
  });

  it('a pointer that keeps moving never opens it; leaving cancels', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    pointer('pointerenter', item('m-shop'), 0, 0);
    for (let x = 10; x <= 100; x += 10) {
      pointer('pointermove', item('m-shop'), x, 0);
      clock.tick(100);
    }
    expect(expanded('m-shop')).to.equal(false);
    pointer('pointerleave', item('m-shop'), 100, 0);
    clock.tick(1000);
    expect(expanded('m-shop')).to.equal(false);
    expect(clock.pending).to.equal(0);
  });

  it('closes when the pointer leaves (timeout 0), fading out over 500 ms', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: false });
    pointer('pointerenter', item('m-shop'), 10, 10);
    clock.tick(100);
    expect(expanded('m-shop')).to.equal(true);
    expect(menu('m-shop').getAnimations()[0].effect!.getTiming().duration).to.equal(DROPDOWN_SHOW_MS);
    pointer('pointerleave', item('m-shop'), 10, 200);
    clock.tick(0);
    expect(expanded('m-shop')).to.equal(false);
    expect(menu('m-shop').getAnimations().at(-1)!.effect!.getTiming().duration).to.equal(DROPDOWN_HIDE_MS);
    expect([DROPDOWN_SHOW_MS, DROPDOWN_HIDE_MS]).to.deep.equal([250, 500]);
    clock.tick(DROPDOWN_HIDE_MS - 1);
    expect(visible(menu('m-shop'))).to.equal(true);
    clock.tick(1);
    expect(visible(menu('m-shop'))).to.equal(false);
  });

  it('only one dropdown is open at a time', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    button('m-shop').click();
    expect(expanded('m-shop')).to.equal(true);
    button('m-about').click();
    expect(expanded('m-about')).to.equal(true);
    expect(expanded('m-shop')).to.equal(false);
    expect(visible(menu('m-shop'))).to.equal(false);
  });

  it('the button toggles; a click outside closes; a click-opened menu stays when the pointer leaves', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    button('m-shop').click();
    pointer('pointerenter', item('m-shop'), 10, 10);
    pointer('pointerleave', item('m-shop'), 10, 200);
    clock.tick(100);
    expect(expanded('m-shop')).to.equal(true);
    button('m-shop').click();
    expect(expanded('m-shop')).to.equal(false);
    button('m-shop').click();
    view.root.querySelector<HTMLElement>('#outside')!.click();
    expect(expanded('m-shop')).to.equal(false);
  });

  it('keyboard: Enter opens, arrows move through the links, Escape closes and returns focus', async () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    button('m-shop').focus();
    await sendKeys({ press: 'Enter' });
    expect(expanded('m-shop')).to.equal(true);
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement?.textContent).to.equal('Hoodies');
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement?.textContent).to.equal('Caps');
    await sendKeys({ press: 'Escape' });
    expect(expanded('m-shop')).to.equal(false);
    expect(document.activeElement).to.equal(button('m-shop'));
    await sendKeys({ type: ' ' });
    expect(expanded('m-shop')).to.equal(true);
  });

  it('focus leaving the item closes it', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    button('m-shop').click();
    menu('m-shop').querySelector('a')!.focus();
    expect(expanded('m-shop')).to.equal(true);
    view.root.querySelector<HTMLElement>('#outside')!.focus();
    expect(expanded('m-shop')).to.equal(false);
  });

  it('below a 750 px container the menu is a plain list (real resizing)', async () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    await resizeViewport({ width: 700, height: 700 });
    await waitUntil(() => item('m-shop').classList.contains('nav-dropdown-plain'), 'plain at 700 px');
    expect(visible(menu('m-shop'))).to.equal(true);
    expect(visible(button('m-shop'))).to.equal(false);
    pointer('pointerenter', item('m-shop'), 10, 10);
    clock.tick(100);
    expect(expanded('m-shop')).to.equal(false);
    await resizeViewport({ width: 1000, height: 700 });
    await waitUntil(() => !item('m-shop').classList.contains('nav-dropdown-plain'), 'a dropdown again');
    expect(visible(menu('m-shop'))).to.equal(false);
    expect(visible(button('m-shop'))).to.equal(true);
  });

  it('a container of its own decides, not the viewport', async () => {
    view.root.classList.add('container');
    view.root.style.width = '760px';
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    expect(item('m-shop').classList.contains('nav-dropdown-plain')).to.equal(false);
    view.root.style.width = '740px';
    await waitUntil(() => item('m-shop').classList.contains('nav-dropdown-plain'), 'plain at 740 px');
  });

  it('passes axe when closed', async function () {
    this.timeout(20000);
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    await expect(view.root).to.be.accessible();
  });

  it('passes axe when open', async function () {
    this.timeout(20000);
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: true });
    button('m-shop').click();
    await expect(view.root).to.be.accessible();
  });
});
