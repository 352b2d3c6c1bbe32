import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { HOVER_INTENT, installDropdownMenus } from '../../../shared/page/dropdown-menu.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { resizeViewport } from '../../helpers/elements.ts';
import { captureConsole, mount, useThemeStylesheet, visible } from './helpers.ts';

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

  it('closes when the pointer leaves (timeout 0); fades in and out over 200 ms (spec §9 menu defaults)', () => {
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: false });
    pointer('pointerenter', item('m-shop'), 10, 10);
    clock.tick(100);
    expect(expanded('m-shop')).to.equal(true);
    expect(menu('m-shop').getAnimations()[0].effect!.getTiming().duration).to.equal(200);
    pointer('pointerleave', item('m-shop'), 10, 200);
    clock.tick(0);
    expect(expanded('m-shop')).to.equal(false);
    expect(menu('m-shop').getAnimations().at(-1)!.effect!.getTiming().duration).to.equal(200);
    clock.tick(199);
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

/** spec §9 "Menu defaults: show delay 250 ms, hide delay 500 ms, scroll step 30, sub-menu min width
 * 10em, max width 20em, fade 200 ms"; §8 the menu plugin's popupShow and data-sm-options errors. */
const PLUGIN_MENU = (
  options = '',
) => `<nav aria-label="Site"><ul class="elementor-nav-menu" id="pm-root"${options}>
<li class="menu-item menu-item-has-children" id="pm-shop"><a href="/shop/" class="elementor-item">Shop</a>
<ul class="sub-menu elementor-nav-menu--dropdown"><li class="menu-item"><a href="/shop/hoodies/" class="elementor-sub-item">Hoodies</a></li></ul></li>
<li class="menu-item"><a href="/blog/" class="elementor-item">Blog</a></li></ul></nav>`;

describe('dropdown menus: the menu plugin (page builder nav menu)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  const errors = captureConsole();
  useThemeStylesheet();
  before(async () => {
    await resizeViewport({ width: 1000, height: 700 });
  });
  after(async () => {
    await resizeViewport({ width: 800, height: 600 });
  });
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const setUp = (options = '', motion = true) => {
    view = mount(PLUGIN_MENU(options));
    uninstall = installDropdownMenus(view.root, { clock, reducedMotion: motion });
  };
  const shop = () => view.root.querySelector<HTMLElement>('#pm-shop')!;
  const sub = () => shop().querySelector<HTMLElement>('.sub-menu')!;

  it('shows 250 ms after the pointer entered the item (249 ms: still hidden)', () => {
    setUp();
    pointer('pointerenter', shop(), 10, 10);
    pointer('pointermove', shop(), 60, 10); // moving: no hover intent here, the delay decides
    clock.tick(249);
    expect(visible(sub())).to.equal(false);
    clock.tick(1);
    expect(visible(sub())).to.equal(true);
    expect(shop().querySelector('button')!.getAttribute('aria-expanded')).to.equal('true');
  });

  it('hides 500 ms after the pointer left (499 ms: still shown); coming back in time keeps it', () => {
    setUp();
    pointer('pointerenter', shop(), 10, 10);
    clock.tick(250);
    pointer('pointerleave', shop(), 10, 300);
    clock.tick(400);
    pointer('pointerenter', shop(), 10, 10);
    clock.tick(1000);
    expect(visible(sub())).to.equal(true);
    pointer('pointerleave', shop(), 10, 300);
    clock.tick(499);
    expect(visible(sub())).to.equal(true);
    clock.tick(1);
    expect(visible(sub())).to.equal(false);
  });

  it('fades out over 200 ms with motion (199 ms: still rendered)', () => {
    setUp('', false);
    pointer('pointerenter', shop(), 10, 10);
    clock.tick(250);
    pointer('pointerleave', shop(), 10, 300);
    clock.tick(500);
    expect(sub().getAnimations().at(-1)!.effect!.getTiming().duration).to.equal(200);
    clock.tick(199);
    expect(sub().hidden).to.equal(false);
    clock.tick(1);
    expect(sub().hidden).to.equal(true);
  });

  it('a sub-menu is 10em to 20em wide', () => {
    setUp();
    shop().querySelector('button')!.click();
    const style = getComputedStyle(sub());
    const em = Number.parseFloat(style.fontSize);
    expect(Number.parseFloat(style.minWidth)).to.equal(10 * em);
    expect(Number.parseFloat(style.maxWidth)).to.equal(20 * em);
  });

  it('data-sm-options overrides the delays and widths', () => {
    setUp(` data-sm-options='{"showTimeout": 50, "hideTimeout": 80, "subMenusMinWidth": "12em"}'`);
    pointer('pointerenter', shop(), 10, 10);
    clock.tick(50);
    expect(visible(sub())).to.equal(true);
    expect(Number.parseFloat(getComputedStyle(sub()).minWidth)).to.equal(
      12 * Number.parseFloat(getComputedStyle(sub()).fontSize),
    );
    pointer('pointerleave', shop(), 10, 300);
    clock.tick(80);
    expect(visible(sub())).to.equal(false);
  });

  it('a sub-menu taller than the viewport is cut to it and the wheel scrolls it 30 px a step', async () => {
    setUp();
    for (let i = 0; i < 60; i += 1)
      sub().insertAdjacentHTML('beforeend', `<li><a href="/x/${i}/">Item ${i}</a></li>`);
    shop().querySelector('button')!.click();
    expect(sub().classList.contains('menu-scroll')).to.equal(true);
    expect(sub().getBoundingClientRect().bottom).to.be.at.most(window.innerHeight + 1);
    sub().dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true }));
    expect(sub().scrollTop).to.equal(30);
    sub().dispatchEvent(new WheelEvent('wheel', { deltaY: 3, bubbles: true, cancelable: true }));
    expect(sub().scrollTop).to.equal(60);
    sub().dispatchEvent(new WheelEvent('wheel', { deltaY: -50, bubbles: true, cancelable: true }));
    expect(sub().scrollTop).to.equal(30);
  });

  it('invalid data-sm-options JSON: one console message naming the behaviour and the field; defaults kept', () => {
    setUp(` data-sm-options='{showTimeout: 10'`);
    expect(errors).to.have.length(1);
    expect(String(errors[0][0])).to.contain('dropdown-menu').and.to.contain('data-sm-options');
    pointer('pointerenter', shop(), 10, 10);
    clock.tick(249);
    expect(visible(sub())).to.equal(false);
    clock.tick(1);
    expect(visible(sub())).to.equal(true);
  });

  it('popupShow without popup mode: one console message naming the behaviour; nothing shown', () => {
    setUp();
    const root = view.root.querySelector('#pm-root')!;
    root.dispatchEvent(new CustomEvent('popupShow', { bubbles: true, detail: { left: 10, top: 20 } }));
    expect(errors).to.have.length(1);
    expect(String(errors[0][0])).to.contain('dropdown-menu').and.to.contain('popupShow');
    expect(root.classList.contains('menu-popup-shown')).to.equal(false);
  });

  it('popup mode: hidden until popupShow, shown where asked; Escape hides it', async () => {
    setUp(` data-sm-options='{"isPopup": true}'`);
    const root = view.root.querySelector<HTMLElement>('#pm-root')!;
    expect(visible(root)).to.equal(false);
    root.dispatchEvent(new CustomEvent('popupShow', { bubbles: true, detail: { left: 40, top: 60 } }));
    expect(visible(root)).to.equal(true);
    expect(root.getBoundingClientRect().left).to.equal(40);
    expect(root.getBoundingClientRect().top).to.equal(60);
    expect(errors).to.have.length(0);
    root.querySelector<HTMLElement>('a')!.focus();
    await sendKeys({ press: 'Escape' });
    expect(visible(root)).to.equal(false);
  });

  it('popup mode: the click that showed it does not hide it; a click outside does', () => {
    setUp(` data-sm-options='{"isPopup": true}'`);
    const root = view.root.querySelector<HTMLElement>('#pm-root')!;
    const opener = document.createElement('button');
    opener.type = 'button';
    opener.textContent = 'Menu';
    opener.addEventListener('click', () =>
      root.dispatchEvent(new CustomEvent('popupShow', { bubbles: true, detail: { left: 0, top: 0 } })),
    );
    view.root.append(opener);
    opener.click();
    expect(visible(root)).to.equal(true);
    document.body.click();
    expect(visible(root)).to.equal(false);
  });

  it('passes axe with a sub-menu open', async function () {
    this.timeout(20000);
    setUp();
    shop().querySelector('button')!.click();
    await expect(view.root).to.be.accessible();
  });
});
