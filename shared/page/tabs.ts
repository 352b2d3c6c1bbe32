import { definePageBehaviour } from './define-behaviour.ts';

export const TABS_SELECTOR = '.tabbed-content, [data-tabs], .sidebar-menu, .woocommerce-tabs';

/**
 * Tabbed content (spec §2 Other: "Tabbed content with keyboard navigation (arrows, Home, End)
 * and a tab opened from the URL hash"), as the WAI-ARIA APG tabs pattern with automatic
 * activation.
 *
 * Markup (the theme's, Flatsome-like; WooCommerce's product tabs, `.woocommerce-tabs`, have the
 * same shape, and their hash rules are in product-tabs.ts):
 *
 *   <div class="tabbed-content">                     (or any element with data-tabs)
 *     <ul class="nav nav-tabs">                      (or .wc-tabs, or [role=tablist]; add
 *       <li class="tab active"><a href="#tab-one">One</a></li>   .nav-vertical for a vertical list)
 *       <li class="tab"><a href="#tab-two">Two</a></li>
 *     </ul>
 *     <div class="tab-panels">
 *       <div class="panel active" id="tab-one">…</div>
 *       <div class="panel" id="tab-two">…</div>
 *     </div>
 *   </div>
 *
 * Each link's `href="#id"` names its panel. The behaviour adds the roles (tablist, tab,
 * tabpanel, presentation on the list items), `aria-selected`, `aria-controls`,
 * `aria-labelledby`, a roving tabindex (only the selected tab is in the tab order; the panel is
 * focusable), the `active` class on the selected item and panel, and `hidden` on the other
 * panels. Keys on a tab: ArrowLeft/ArrowRight (ArrowUp/ArrowDown in a vertical list) move to
 * the previous/next tab, wrapping, Home/End to the first/last; the focused tab is selected at
 * once. The initial tab is the one the URL hash names (a panel id, or a tab link's own id), else
 * the one marked `active`, else the first; a later `hashchange` naming a tab selects it too.
 *
 * Each tab list gets an accessible name (a tablist needs one, WAI-ARIA APG): `aria-labelledby` the
 * heading printed just before it (the theme's tabbed-content title, e.g. `<h4>` before the
 * `.nav-tabs`), else `aria-label` from the messages: `tabs` ("Tabs"), or `sidebar` ("Menus") for
 * sidebar tabs. A name the theme printed stays. The product tabs' list is named by
 * product-tabs.ts, whose hash rules also decide which product tab opens first.
 *
 * Sidebar tabs (spec §2 Other "Sidebar tabs"; Flatsome's mobile sidebar with two menus) are the
 * same pattern over other markup: links with `href="#"` whose panels are the sidebar's
 * `[data-tab="1"]`, `[data-tab="2"]`… in order (the theme's `hidden` class is replaced by the
 * `hidden` attribute; a list, which may not be a tabpanel, is wrapped in a `div.tab-panel-wrapper`
 * that is):
 *
 *   <div class="sidebar-menu">
 *     <ul class="sidebar-menu-tabs nav"><li class="active"><a href="#">Menu</a></li><li><a href="#">Categories</a></li></ul>
 *     <ul class="nav nav-sidebar" data-tab="1">…</ul>
 *     <ul class="nav nav-sidebar hidden" data-tab="2">…</ul>
 *   </div>
 */

const LIST = '.nav-tabs, .wc-tabs, .sidebar-menu-tabs, [role="tablist"]';

const enhanced = new WeakMap<Element, TabSet>();
let ids = 0;

export interface TabSet {
  tabs: HTMLAnchorElement[];
  panels: HTMLElement[];
  vertical: boolean;
  select(index: number, focus?: boolean): void;
}

const idFromHash = (hash: string): string => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
};

/**
 * Prepares one tabbed-content block (idempotent: the same set for the same container); returns
 * null (after one console.error) when it is malformed. Exported for product-tabs.ts (issue 16).
 */
export function enhanceTabs(container: Element, doc: Document): TabSet | null {
  const known = enhanced.get(container);
  if (known) return known;
  const list = container.querySelector<HTMLElement>(LIST);
  const links = list
    ? [...list.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].filter(
        (a) => a.closest(TABS_SELECTOR) === container,
      )
    : [];
  // A panel by the link's hash, else (sidebar tabs) the container's n-th `[data-tab]`.
  const numbered = [...container.querySelectorAll<HTMLElement>('[data-tab]')].filter(
    (p) => p.closest(TABS_SELECTOR) === container,
  );
  const panels: (HTMLElement | null)[] = links.map(
    (a, i) =>
      doc.getElementById(idFromHash(a.getAttribute('href') ?? '')) ??
      numbered.find((p) => p.dataset.tab === String(i + 1)) ??
      null,
  );
  panels.forEach((panel, i) => {
    if (!panel) return;
    panel.classList.remove('hidden');
    // A list cannot take role="tabpanel" (the sidebar's menus are lists): it is wrapped in a div.
    if (panel.matches('ul, ol') && links.length > 0 && !panel.parentElement?.matches('.tab-panel-wrapper')) {
      const wrapper = doc.createElement('div');
      wrapper.className = 'tab-panel-wrapper';
      panel.before(wrapper);
      wrapper.append(panel);
    }
    const target = panel.parentElement?.matches('.tab-panel-wrapper') ? panel.parentElement : panel;
    if (!target.id) target.id = `shop-tab-panel-${++ids}`;
    panels[i] = target;
  });
  // WooCommerce prints `.woocommerce-tabs` without a list when a product has one section: no tabs.
  if (!list && container.matches('.woocommerce-tabs')) return null;
  if (!list || links.length === 0 || panels.some((p) => !p)) {
    console.error(
      'storefront elements: tabs need a .nav-tabs list of links whose href="#id" names a panel on the page.',
      container,
    );
    return null;
  }
  const vertical =
    list.classList.contains('nav-vertical') || list.getAttribute('aria-orientation') === 'vertical';
  list.setAttribute('role', 'tablist');
  if (vertical) list.setAttribute('aria-orientation', 'vertical');
  links.forEach((tab, i) => {
    const panel = panels[i] as HTMLElement;
    if (tab.parentElement && tab.parentElement !== list)
      tab.parentElement.setAttribute('role', 'presentation');
    if (!tab.id) tab.id = `shop-tab-${++ids}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  });
  const set: TabSet = {
    tabs: links,
    panels: panels as HTMLElement[],
    vertical,
    select(index, focus = false) {
      links.forEach((tab, i) => {
        const on = i === index;
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        tab.parentElement?.classList.toggle('active', on);
        tab.classList.toggle('active', on);
        const panel = set.panels[i];
        panel.hidden = !on;
        panel.classList.toggle('active', on);
      });
      if (focus) links[index].focus();
    },
  };
  const marked = links.findIndex(
    (a) => a.parentElement?.classList.contains('active') || a.getAttribute('aria-selected') === 'true',
  );
  set.select(Math.max(0, marked));
  enhanced.set(container, set);
  return set;
}

/** WooCommerce's product tabs: named and opened first by product-tabs.ts. */
const PRODUCT_TABS = '.woocommerce-tabs';
const HEADING = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/**
 * Gives a tab list its accessible name, unless the theme printed one: `aria-labelledby` the heading
 * printed just before the list (or before the element holding it, inside the container), else
 * `aria-label` = `label`. `keep` keeps the printed attributes for the uninstall.
 */
export function nameTablist(
  set: TabSet,
  label: string,
  keep: (el: Element, ...names: string[]) => void,
): void {
  const list = set.tabs[0]?.closest<HTMLElement>('[role="tablist"]');
  if (!list || list.hasAttribute('aria-label') || list.hasAttribute('aria-labelledby')) return;
  const container = list.closest(TABS_SELECTOR);
  let heading: Element | null = null;
  for (let el: Element | null = list; el && el !== container && !heading; el = el.parentElement) {
    const before = el.previousElementSibling;
    if (before?.matches(HEADING) && before.textContent?.trim()) heading = before;
  }
  keep(list, 'aria-label', 'aria-labelledby');
  if (heading) {
    keep(heading, 'id');
    if (!heading.id) heading.id = `shop-tabs-title-${++ids}`;
    list.setAttribute('aria-labelledby', heading.id);
  } else list.setAttribute('aria-label', label);
}

/** Installs the tabbed-content blocks under the root (and those added later). */
export const installTabs = definePageBehaviour({
  name: 'tabs',
  selector: TABS_SELECTOR,
  messages: { tabs: 'Tabs', sidebar: 'Menus' },
  install(root, { document: doc, on, each, keep, messages, window: win }) {
    const sets = new Set<TabSet>();

    const openFromHash = (among: Iterable<TabSet> = sets) => {
      const id = idFromHash(win.location.hash);
      if (!id) return;
      for (const set of among) {
        const index = set.tabs.findIndex((tab, i) => set.panels[i].id === id || tab.id === id);
        if (index >= 0) set.select(index);
      }
    };
    each(TABS_SELECTOR, (container) => {
      const set = enhanceTabs(container, doc);
      if (!set || sets.has(set)) return;
      sets.add(set);
      if (container.matches(PRODUCT_TABS)) return; // product-tabs.ts names it and picks its first tab
      nameTablist(set, container.matches('.sidebar-menu') ? messages.sidebar : messages.tabs, keep);
      openFromHash([set]);
    });
    const onHashChange = () => openFromHash();

    const setOf = (target: EventTarget | null): [TabSet, number] | null => {
      const tab = target instanceof Element ? target.closest('[role="tab"]') : null;
      if (!tab) return null;
      for (const set of sets) {
        const index = set.tabs.indexOf(tab as HTMLAnchorElement);
        if (index >= 0) return [set, index];
      }
      return null;
    };
    const onClick = (event: MouseEvent) => {
      const found = setOf(event.target);
      if (!found) return;
      event.preventDefault(); // a tab is not a jump to its panel
      found[0].select(found[1], true);
    };
    const onKey = (event: KeyboardEvent) => {
      const found = setOf(event.target);
      if (!found || event.altKey || event.ctrlKey || event.metaKey) return;
      const [set, index] = found;
      const last = set.tabs.length - 1;
      const previous = set.vertical ? 'ArrowUp' : 'ArrowLeft';
      const next = set.vertical ? 'ArrowDown' : 'ArrowRight';
      let to: number;
      if (event.key === previous) to = index === 0 ? last : index - 1;
      else if (event.key === next) to = index === last ? 0 : index + 1;
      else if (event.key === 'Home') to = 0;
      else if (event.key === 'End') to = last;
      else if (event.key === ' ' || event.key === 'Enter') to = index;
      else return;
      event.preventDefault();
      set.select(to, true);
    };
    on(root, 'click', onClick);
    on(root, 'keydown', onKey);
    on(win, 'hashchange', onHashChange);
  },
});
