import { definePageBehaviour } from './define-behaviour.ts';

export const SLIDING_MENU_SELECTOR = '.nav-slide, [data-sliding-menu]';

/**
 * Mobile sliding sidebar menus with back headers (spec §2 Other), as Flatsome's "slide" style
 * of the off-canvas menu: a sub-menu slides over its parent level, headed by a Back button.
 *
 * Markup (Flatsome's):
 *
 *   <ul class="nav nav-sidebar nav-vertical nav-slide">          (or data-sliding-menu)
 *     <li class="menu-item has-child"><a href="/shop/">Shop</a>
 *       <ul class="sub-menu children">
 *         <li><a href="/shop/hoodies/">Hoodies</a></li> …
 *       </ul>
 *     </li>
 *   </ul>
 *
 * Each item with a sub-menu gets a disclosure button after its link (`button.nav-slide-toggle`,
 * "<link text> menu", `aria-expanded`, `aria-controls`), and its sub-menu a first item
 * `li.nav-slide-header` with a "Back" button and the parent's title. Sub-menus are `hidden` until
 * opened. Opening one marks its item `active`, makes the level below it `inert` (out of the tab
 * order and of the accessibility tree while covered) and moves focus to Back; Back (or Escape
 * inside the sub-menu) closes it, lifts the `inert` and returns focus to the item's button.
 * Levels nest. The slide itself is CSS (styles/theme.css), none under reduced motion.
 */

const SUBMENU = ':scope > ul';

let ids = 0;

interface Level {
  item: HTMLElement;
  toggle: HTMLButtonElement;
  submenu: HTMLElement;
  back: HTMLButtonElement;
}

/** What the open sub-menu covers: the other entries of its item's list, and the item's own link and button. */
function covered(level: Level): HTMLElement[] {
  const list = level.item.parentElement;
  const siblings = list ? [...list.children].filter((c) => c !== level.item) : [];
  const own = [...level.item.children].filter((c) => c !== level.submenu);
  return [...siblings, ...own] as HTMLElement[];
}

/** A `<button type="button">` of the class. */
function plainButton(doc: Document, className: string): HTMLButtonElement {
  const el = doc.createElement('button');
  el.type = 'button';
  el.className = className;
  return el;
}

/** Installs the sliding menus under the root (and those added later). */
export const installSlidingMenus = definePageBehaviour({
  name: 'sliding-menu',
  selector: SLIDING_MENU_SELECTOR,
  messages: { back: 'Back' },
  install(root, context) {
    const doc = context.document;
    const levels = new Map<HTMLElement, Level>(); // by item
    const byButton = new Map<HTMLButtonElement, Level>();
    const added: Element[] = [];

    const prepare = (menu: HTMLElement) => {
      for (const item of menu.querySelectorAll<HTMLElement>('li')) {
        const submenu = item.querySelector<HTMLElement>(SUBMENU);
        if (!submenu || levels.has(item)) continue;
        const link = item.querySelector<HTMLElement>(':scope > a');
        const title = (link?.textContent ?? '').trim();
        if (!title) {
          console.error('storefront elements: a sliding menu item needs a link with text.', item);
          continue;
        }
        context.keep(submenu, 'id', 'hidden');
        context.keep(item, 'class');
        if (!submenu.id) submenu.id = `shop-slide-menu-${++ids}`;
        const toggle = plainButton(doc, 'nav-slide-toggle');
        toggle.setAttribute('aria-label', `${title} menu`);
        toggle.setAttribute('aria-expanded', 'false');
        toggle.setAttribute('aria-controls', submenu.id);
        if (link) link.after(toggle);
        else submenu.before(toggle);
        const header = doc.createElement('li');
        header.className = 'nav-slide-header';
        const back = plainButton(doc, 'nav-slide-back');
        back.textContent = context.messages.back;
        const heading = doc.createElement('span');
        heading.className = 'nav-slide-title';
        heading.textContent = title;
        header.append(back, heading);
        submenu.prepend(header);
        submenu.hidden = true;
        item.classList.add('has-child');
        const level = { item, toggle, submenu, back };
        levels.set(item, level);
        byButton.set(toggle, level);
        byButton.set(back, level);
        added.push(toggle, header);
      }
    };

    const open = (level: Level) => {
      level.submenu.hidden = false;
      level.item.classList.add('active');
      level.toggle.setAttribute('aria-expanded', 'true');
      for (const el of covered(level)) el.inert = true;
      level.back.focus();
    };
    const close = (level: Level) => {
      for (const sub of level.submenu.querySelectorAll<HTMLElement>('li.active')) {
        const inner = levels.get(sub);
        if (inner) close(inner);
      }
      level.submenu.hidden = true;
      level.item.classList.remove('active');
      level.toggle.setAttribute('aria-expanded', 'false');
      for (const el of covered(level)) el.inert = false;
      level.toggle.focus();
    };

    context.each(SLIDING_MENU_SELECTOR, prepare);

    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      const level = button ? byButton.get(button) : undefined;
      if (!level) return;
      if (button === level.back || level.toggle.getAttribute('aria-expanded') === 'true') close(level);
      else open(level);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      const item = target?.closest('li.active');
      const level = item ? levels.get(item as HTMLElement) : undefined;
      if (!level?.submenu.contains(target)) return;
      event.preventDefault();
      close(level);
    };
    context.on(root, 'click', onClick);
    context.on(root, 'keydown', onKey);
    return () => {
      for (const level of levels.values()) {
        for (const el of covered(level)) el.inert = false;
        level.submenu.hidden = false;
        level.item.classList.remove('active');
      }
      for (const el of added) el.remove();
    };
  },
});
