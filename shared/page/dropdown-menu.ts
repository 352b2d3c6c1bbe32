import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';

/** The dropdowns: the theme's (Flatsome) and the page builder's menu plugin's sub-menus. */
const SUBMENUS = '.nav-dropdown, [data-dropdown], .elementor-nav-menu .sub-menu';
/** The menu plugin's root lists with options (`data-sm-options`, JSON; popup mode). */
const PLUGIN_ROOT = '[data-sm-options]';
export const DROPDOWN_SELECTOR =
  '.nav-dropdown, [data-dropdown], .elementor-nav-menu .sub-menu, [data-sm-options]';

/**
 * Dropdown menus (spec §2 Other "Dropdown menus on hover, click or keyboard"; §4 "Only one
 * dropdown is open at a time"; §9 Theme "A dropdown needs a container of at least 750 px",
 * "Hover-intent defaults: interval 100, sensitivity 6, timeout 0"), with the keyboard and states of
 * the WAI-ARIA APG disclosure navigation menu (the variant with top-level links).
 *
 * Markup (Flatsome-like):
 *
 *   <nav aria-label="Main">
 *     <ul class="nav header-nav">
 *       <li class="menu-item has-dropdown">
 *         <a href="/shop/" class="nav-top-link">Shop</a>
 *         <ul class="sub-menu nav-dropdown">              (or any list with data-dropdown)
 *           <li><a href="/shop/hoodies/">Hoodies</a></li> …
 *         </ul>
 *       </li>
 *     </ul>
 *   </nav>
 *
 * The parent item's link stays a link; the behaviour adds a disclosure button after it
 * (`button.dropdown-toggle`, `aria-expanded`, `aria-controls`, labelled "<link text> menu", or the
 * item's `data-toggle-label`) unless the item already holds a `<button>`. Closed dropdowns are
 * `hidden`; the open item carries the class `current-dropdown`.
 *
 * - Pointer: hover intent. The menu opens once the pointer, over the item, has moved less than
 *   `sensitivity` px during one `interval` (it is resting, not passing through); it closes
 *   `timeout` ms after the pointer leaves, unless it was opened by a click.
 * - Click on the button toggles; a click outside closes. Opening one closes the others.
 * - Keyboard: Enter/Space on the button toggle; Escape closes and returns focus to the button;
 *   ArrowDown/ArrowUp move through the open menu's links (optional in the APG pattern); focus
 *   leaving the item closes it.
 * - A dropdown needs a container of at least 750 px (the closest `[data-dropdown-container]` or
 *   `.container`, else the viewport): narrower, the menu is a plain nested list, shown, without
 *   the button (class `nav-dropdown-plain` on the item).
 * - Showing and hiding fade over 200 ms (spec §9 menu defaults); none under reduced motion.
 *
 * The page builder's menu plugin (its nav menu widget: `ul.elementor-nav-menu` with
 * `ul.sub-menu` lists under its items) works the same way, but with the menu defaults of spec §9
 * instead of hover intent: a sub-menu shows 250 ms after the pointer entered its item and hides
 * 500 ms after it left; it is 10em to 20em wide; a sub-menu taller than the viewport is cut to it
 * and the wheel scrolls it by 30 px a step. The root list's `data-sm-options` (JSON, the plugin's
 * names: `showTimeout`, `hideTimeout`, `scrollStep`, `subMenusMinWidth`, `subMenusMaxWidth`,
 * `isPopup`) overrides them. In popup mode (`isPopup: true`) the root list is hidden until a
 * `popupShow` event (`detail: { left, top }`, px in the viewport) shows it there; Escape or a click
 * outside hides it. Spec §8's alert, for `popupShow` without popup mode or options that are not
 * valid JSON, is one console error naming the behaviour (a shopper gets no dialog for a page's
 * mistake); the menu keeps working with the defaults.
 */

/** spec §9 Theme: a dropdown needs a container of at least 750 px. */
export const DROPDOWN_MIN_CONTAINER = 750;
/** spec §9 Theme: hover-intent defaults. */
export const HOVER_INTENT = { interval: 100, sensitivity: 6, timeout: 0 } as const;
/** spec §9 Popups, menu: "Menu defaults: show delay 250 ms, hide delay 500 ms, scroll step 30,
 * sub-menu min width 10em, max width 20em, fade 200 ms" (the widths are in styles/theme.css). */
export const MENU_DEFAULTS = {
  showTimeout: 250,
  hideTimeout: 500,
  scrollStep: 30,
  subMenusMinWidth: '10em',
  subMenusMaxWidth: '20em',
  fade: 200,
} as const;
/** The fade of every dropdown (spec §9 menu defaults: fade 200 ms). */
export const DROPDOWN_FADE_MS = MENU_DEFAULTS.fade;

/** The menu plugin's options (`data-sm-options`), over its defaults. */
interface PluginTiming {
  showTimeout: number;
  hideTimeout: number;
  scrollStep: number;
  isPopup: boolean;
}

export interface DropdownOptions extends BehaviourOptions {
  hoverIntent?: Partial<typeof HOVER_INTENT>;
}

let ids = 0;

interface Dropdown {
  item: HTMLElement;
  button: HTMLButtonElement;
  menu: HTMLElement;
  container: Element;
  plain: boolean;
  openedBy?: 'hover' | 'click';
  hover?: { px: number; py: number; cx: number; cy: number };
  hoverTimer?: unknown;
  leaveTimer?: unknown;
  hideTimer?: unknown;
  /** The menu plugin's timing (hover intent when absent: the theme's dropdowns). */
  plugin?: PluginTiming;
}

/** What a dropdown does: [open, close, turn plain (by the container's width)], with the fades. */
function dropdownStates(
  context: BehaviourContext<Messages, DropdownOptions>,
  dropdowns: Map<HTMLElement, Dropdown>,
) {
  const { clock } = context;
  const fade = (d: Dropdown, showing: boolean) => {
    if (context.reducedMotion() || typeof d.menu.animate !== 'function') return;
    d.menu.animate(showing ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }], {
      duration: DROPDOWN_FADE_MS,
      easing: 'ease',
    });
  };

  const close = (d: Dropdown) => {
    clock.clearTimeout(d.hoverTimer);
    clock.clearTimeout(d.leaveTimer);
    if (!isOpen(d)) return;
    d.openedBy = undefined;
    d.button.setAttribute('aria-expanded', 'false');
    d.item.classList.remove('current-dropdown');
    if (d.plain) return;
    if (context.reducedMotion()) {
      d.menu.hidden = true;
      return;
    }
    fade(d, false);
    d.hideTimer = clock.setTimeout(() => {
      d.hideTimer = undefined;
      d.menu.hidden = true;
    }, DROPDOWN_FADE_MS);
  };

  const open = (d: Dropdown, by: 'hover' | 'click') => {
    if (d.plain) return;
    for (const other of dropdowns.values()) if (other !== d) close(other);
    d.openedBy = by === 'click' || d.openedBy === 'click' ? 'click' : 'hover';
    if (isOpen(d)) return;
    const wasHiding = d.hideTimer !== undefined;
    clock.clearTimeout(d.hideTimer);
    d.hideTimer = undefined;
    d.button.setAttribute('aria-expanded', 'true');
    d.item.classList.add('current-dropdown');
    d.menu.hidden = false;
    if (wasHiding) for (const animation of d.menu.getAnimations()) animation.cancel();
    if (d.plugin) fitToViewport(context.window, d.menu);
    fade(d, true);
  };

  const setPlain = (d: Dropdown, plain: boolean) => {
    if (d.plain === plain && d.item.classList.contains('nav-dropdown-plain') === plain) return;
    close(d);
    clock.clearTimeout(d.hideTimer);
    d.hideTimer = undefined;
    d.plain = plain;
    d.item.classList.toggle('nav-dropdown-plain', plain);
    d.button.hidden = plain;
    d.menu.hidden = !plain;
  };
  return [open, close, setPlain] as const;
}

const isOpen = (d: Dropdown) => d.button.getAttribute('aria-expanded') === 'true';

/**
 * Hover intent on a dropdown's item (the jQuery hoverIntent algorithm): every interval, compare
 * where the pointer is with where it was one interval ago; open once it has (nearly) stopped.
 */
function watchHover(
  context: BehaviourContext<Messages, DropdownOptions>,
  d: Dropdown,
  open: (d: Dropdown, by: 'hover') => void,
  close: (d: Dropdown) => void,
): void {
  const { clock } = context;
  const intent = { ...HOVER_INTENT, ...context.options.hoverIntent };
  const plugin = d.plugin;
  if (plugin) {
    // The menu plugin: show after showTimeout over the item, hide hideTimeout after leaving it.
    context.on(d.item, 'pointerenter', (event) => {
      if (event.pointerType !== 'mouse' || d.plain) return;
      clock.clearTimeout(d.leaveTimer);
      clock.clearTimeout(d.hoverTimer);
      if (isOpen(d)) return;
      d.hoverTimer = clock.setTimeout(() => open(d, 'hover'), plugin.showTimeout);
    });
    context.on(d.item, 'pointerleave', (event) => {
      if (event.pointerType !== 'mouse') return;
      clock.clearTimeout(d.hoverTimer);
      if (d.openedBy !== 'hover') return;
      d.leaveTimer = clock.setTimeout(() => {
        if (d.openedBy === 'hover') close(d);
      }, plugin.hideTimeout);
    });
    context.on(d.menu, 'wheel', (event) => {
      if (d.menu.scrollHeight <= d.menu.clientHeight || event.deltaY === 0) return;
      event.preventDefault();
      d.menu.scrollTop += Math.sign(event.deltaY) * plugin.scrollStep;
    });
    return;
  }
  context.on(d.item, 'pointerenter', (event) => {
    if (event.pointerType !== 'mouse' || d.plain) return;
    clock.clearTimeout(d.leaveTimer);
    clock.clearTimeout(d.hoverTimer);
    if (isOpen(d)) return;
    const hover = { px: event.clientX, py: event.clientY, cx: event.clientX, cy: event.clientY };
    d.hover = hover;
    const compare = () => {
      if (Math.hypot(hover.px - hover.cx, hover.py - hover.cy) < intent.sensitivity) {
        d.hoverTimer = undefined;
        open(d, 'hover');
        return;
      }
      hover.px = hover.cx;
      hover.py = hover.cy;
      d.hoverTimer = clock.setTimeout(compare, intent.interval);
    };
    d.hoverTimer = clock.setTimeout(compare, intent.interval);
  });
  context.on(d.item, 'pointermove', (event) => {
    if (!d.hover) return;
    d.hover.cx = event.clientX;
    d.hover.cy = event.clientY;
  });
  context.on(d.item, 'pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    clock.clearTimeout(d.hoverTimer);
    d.hover = undefined;
    if (d.openedBy !== 'hover') return;
    d.leaveTimer = clock.setTimeout(() => {
      if (d.openedBy === 'hover') close(d);
    }, intent.timeout);
  });
}

/** The item's disclosure button: its own `<button>`, else a new one after the link (null: no label for it). */
function toggleButton(doc: Document, item: HTMLElement, menu: HTMLElement): HTMLButtonElement | null {
  const link = item.querySelector<HTMLElement>(':scope > a');
  const own = item.querySelector<HTMLButtonElement>(':scope > button');
  if (own) return own;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'dropdown-toggle';
  const text = (link?.textContent ?? '').trim();
  if (!text && !item.dataset.toggleLabel) {
    console.error(
      'storefront elements: a dropdown menu item needs a link with text (or data-toggle-label).',
      item,
    );
    return null;
  }
  button.setAttribute('aria-label', item.dataset.toggleLabel ?? `${text} menu`);
  (link ?? menu).after(button);
  if (!link) item.prepend(button);
  return button;
}

/**
 * A sub-menu that would run past the viewport's bottom is cut to it (class `menu-scroll`, its
 * height in `--shop-menu-max-block`): it scrolls, by the wheel a scroll step at a time.
 */
function fitToViewport(win: Window, menu: HTMLElement): void {
  menu.classList.remove('menu-scroll');
  const top = menu.getBoundingClientRect().top;
  if (top + menu.scrollHeight <= win.innerHeight) return;
  menu.style.setProperty('--shop-menu-max-block', `${Math.max(0, win.innerHeight - Math.max(0, top))}px`);
  menu.classList.add('menu-scroll');
}

/** The menu plugin's options of a root list (`data-sm-options`), over its defaults; null: not valid JSON. */
export function pluginOptions(list: Element | null): (PluginTiming & Record<string, unknown>) | null {
  const text = list?.getAttribute('data-sm-options');
  const base = { ...MENU_DEFAULTS, isPopup: false };
  if (!text) return base;
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch {
    return null;
  }
  if (!given || typeof given !== 'object' || Array.isArray(given)) return null;
  const out: PluginTiming & Record<string, unknown> = { ...base };
  const g = given as Record<string, unknown>;
  for (const key of ['showTimeout', 'hideTimeout', 'scrollStep'] as const) {
    if (typeof g[key] === 'number' && g[key] >= 0) out[key] = g[key];
  }
  for (const key of ['subMenusMinWidth', 'subMenusMaxWidth'] as const) {
    if (typeof g[key] === 'string' && /^\d+(\.\d+)?(em|rem|px|%)$/.test(g[key])) out[key] = g[key];
  }
  out.isPopup = g.isPopup === true;
  return out;
}

/** The link ArrowDown/ArrowUp moves to among `links`, from the one at `at` (-1: none of them). */
function arrowTarget(links: HTMLElement[], at: number, down: boolean): HTMLElement {
  const next =
    at < 0 ? (down ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + (down ? 1 : -1)));
  return links[next];
}

/** Installs the dropdown menus under the root (and those added later). */
export const installDropdownMenus = definePageBehaviour({
  name: 'dropdown-menu',
  selector: DROPDOWN_SELECTOR,
  install(root, context: BehaviourContext<Messages, DropdownOptions>) {
    const { clock, document: doc, window: win } = context;
    const dropdowns = new Map<HTMLElement, Dropdown>(); // by item
    const [open, close, setPlain] = dropdownStates(context, dropdowns);

    const containerOf = (item: Element): Element =>
      item.closest('[data-dropdown-container], .container') ?? doc.documentElement;
    const widthOf = (el: Element) =>
      el === doc.documentElement ? doc.documentElement.clientWidth : el.clientWidth;
    // Applied in the next frame: showing a plain menu changes the container's height, which in
    // the observer's own callback would be a "ResizeObserver loop".
    let frame = 0;
    const resize = new ResizeObserver(() => {
      if (frame) return;
      frame = win.requestAnimationFrame(() => {
        frame = 0;
        for (const d of dropdowns.values()) setPlain(d, widthOf(d.container) < DROPDOWN_MIN_CONTAINER);
      });
    });

    // The menu plugin's options, per root list (spec §8: invalid JSON is reported, the defaults kept).
    const plugins = new Map<Element, PluginTiming & Record<string, unknown>>();
    const pluginOf = (el: Element): (PluginTiming & Record<string, unknown>) | undefined => {
      const list = el.closest(`${PLUGIN_ROOT}, .elementor-nav-menu`);
      if (!list) return undefined;
      let found = plugins.get(list);
      if (!found) {
        const read = pluginOptions(list);
        if (!read) context.report('data-sm-options is not valid JSON (an object); using the menu defaults.');
        found = read ?? { ...MENU_DEFAULTS, isPopup: false };
        plugins.set(list, found);
      }
      return found;
    };
    const popups = new Set<HTMLElement>();
    // The click that showed a popup (a page's button calling popupShow) does not hide it.
    let click: Event | undefined;
    let showingClick: Event | undefined;
    context.on(
      doc,
      'click',
      (event) => {
        click = event;
      },
      { capture: true },
    );
    const hidePopup = (list: HTMLElement) => {
      list.hidden = true;
      list.classList.remove('menu-popup-shown');
    };
    context.each(PLUGIN_ROOT, (list) => {
      if (!pluginOf(list)?.isPopup) return;
      context.keep(list, 'hidden', 'class', 'style');
      list.classList.add('menu-popup');
      list.hidden = true;
      popups.add(list);
    });
    context.on(root, 'popupShow', (event) => {
      const list = event.target instanceof HTMLElement ? event.target : null;
      const options = list ? pluginOf(list) : undefined;
      if (!list || !options?.isPopup || !popups.has(list)) {
        context.report('popupShow needs a menu in popup mode (data-sm-options "isPopup": true).');
        return;
      }
      const { left = 0, top = 0 } = ((event as CustomEvent).detail ?? {}) as { left?: number; top?: number };
      list.style.setProperty('--shop-menu-popup-left', `${Number(left) || 0}px`);
      list.style.setProperty('--shop-menu-popup-top', `${Number(top) || 0}px`);
      list.hidden = false;
      list.classList.add('menu-popup-shown');
      showingClick = click;
    });

    context.each(SUBMENUS, (menu) => {
      const item = menu.parentElement;
      if (!item || dropdowns.has(item) || menu.parentElement?.closest(SUBMENUS)) return;
      const button = toggleButton(doc, item, menu);
      if (!button) return;
      if (!menu.id) menu.id = `shop-dropdown-${++ids}`;
      button.setAttribute('aria-controls', menu.id);
      button.setAttribute('aria-expanded', 'false');
      item.classList.add('has-dropdown');
      const container = containerOf(item);
      const plugin = pluginOf(item);
      const d: Dropdown = { item, button, menu, container, plain: false, plugin };
      if (plugin) {
        context.keep(menu, 'style', 'class');
        if (plugin.subMenusMinWidth !== MENU_DEFAULTS.subMenusMinWidth)
          menu.style.setProperty('--shop-menu-min-width', String(plugin.subMenusMinWidth));
        if (plugin.subMenusMaxWidth !== MENU_DEFAULTS.subMenusMaxWidth)
          menu.style.setProperty('--shop-menu-max-width', String(plugin.subMenusMaxWidth));
      }
      dropdowns.set(item, d);
      menu.hidden = true;
      setPlain(d, widthOf(container) < DROPDOWN_MIN_CONTAINER);
      resize.observe(container);
      watchHover(context, d, open, close);
    });

    const dropdownOf = (target: EventTarget | null): Dropdown | undefined => {
      let el = target instanceof Element ? target.closest('.has-dropdown') : null;
      while (el) {
        const d = dropdowns.get(el as HTMLElement);
        if (d) return d;
        el = el.parentElement?.closest('.has-dropdown') ?? null;
      }
      return undefined;
    };

    context.on(doc, 'click', (event) => {
      const d = dropdownOf(event.target);
      const onButton = d && event.target instanceof Element && d.button.contains(event.target);
      if (d && onButton) {
        if (isOpen(d) && d.openedBy === 'click') close(d);
        else open(d, 'click');
        return;
      }
      for (const other of dropdowns.values()) if (other !== d) close(other);
      if (event === showingClick) return;
      for (const list of popups)
        if (!(event.target instanceof Node && list.contains(event.target))) hidePopup(list);
    });
    context.on(root, 'keydown', (event) => {
      if (event.key === 'Escape') {
        const list = [...popups].find(
          (p) => !p.hidden && event.target instanceof Node && p.contains(event.target),
        );
        const inner = dropdownOf(event.target);
        if (list && !(inner && isOpen(inner))) {
          hidePopup(list);
          return;
        }
      }
      const d = dropdownOf(event.target);
      if (!d || d.plain) return;
      if (event.key === 'Escape' && isOpen(d)) {
        event.preventDefault();
        close(d);
        d.button.focus();
        return;
      }
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && isOpen(d)) {
        const links = [...d.menu.querySelectorAll<HTMLElement>('a[href], button')].filter(
          (el) => !el.closest('[hidden]'),
        );
        if (links.length === 0) return;
        event.preventDefault();
        arrowTarget(links, links.indexOf(event.target as HTMLElement), event.key === 'ArrowDown').focus();
      }
    });
    context.on(root, 'focusout', (event) => {
      const d = dropdownOf(event.target);
      if (!d || !isOpen(d)) return;
      const next = event.relatedTarget;
      if (next instanceof Node && d.item.contains(next)) return;
      if (d.openedBy === 'hover' && d.item.matches(':hover')) return;
      close(d);
    });
    return () => {
      win.cancelAnimationFrame(frame);
      resize.disconnect();
      for (const d of dropdowns.values()) {
        clock.clearTimeout(d.hoverTimer);
        clock.clearTimeout(d.leaveTimer);
        clock.clearTimeout(d.hideTimer);
      }
    };
  },
});
