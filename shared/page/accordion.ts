import { enhanceNowAndLater, within } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour } from './define-behaviour.ts';

export const ACCORDION_SELECTOR = '.accordion, [data-accordion]';

/**
 * Accordions (spec §4 Dropdowns and accordions: "one panel open at a time, and a toggle closes
 * it (animation 200 ms)"; spec §2 Other: "Accordions opened from the URL hash"), as the WAI-ARIA
 * APG accordion pattern.
 *
 * Markup (Flatsome-like):
 *
 *   <div class="accordion">                               (or any element with data-accordion)
 *     <div class="accordion-item" id="shipping">
 *       <h3 class="accordion-title"><button type="button">Shipping</button></h3>
 *       <div class="accordion-inner">…</div>
 *     </div>
 *     …
 *   </div>
 *
 * The title may also be the theme's link, `<a class="accordion-title" href="#shipping">`, placed
 * in a heading (`<h3><a class="accordion-title" …>`): it then gets `role="button"` and opens with
 * Space as well as Enter. The behaviour gives each header control `aria-expanded` and
 * `aria-controls`, each panel (`.accordion-inner`) an id, `role="region"` and `aria-labelledby`,
 * and `hidden` while closed; the open item and its title carry the class `active`. Opening an item
 * closes the other open one of its accordion; activating the open item's title closes it. Panels
 * slide open and closed over 200 ms (no slide under reduced motion). The initial open item is the
 * one the URL hash names (the item's, the panel's or the title's id), else one whose title is
 * marked `active` (Flatsome's "open" option), else none; a later `hashchange` naming an item
 * opens it.
 */

/** spec §9 Theme: accordion animation 200 ms. */
export const ACCORDION_MS = 200;
const ITEM = '.accordion-item';
const TITLE = '.accordion-title';
const PANEL = '.accordion-inner';

let ids = 0;

interface Item {
  accordion: Element;
  item: HTMLElement;
  title: HTMLElement;
  control: HTMLElement;
  panel: HTMLElement;
}

const idFromHash = (hash: string): string => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
};

/**
 * Wires the items of `accordion` not wired yet (its own, not a nested accordion's): ids, ARIA,
 * the printed attributes kept for the uninstall; returns them. An item without a title control
 * or a panel is reported and left alone.
 */
function prepareItems(
  keep: BehaviourContext['keep'],
  accordion: Element,
  items: Map<HTMLElement, Item>,
): Item[] {
  const found: Item[] = [];
  for (const item of accordion.querySelectorAll<HTMLElement>(ITEM)) {
    if (item.closest(ACCORDION_SELECTOR) !== accordion) continue; // a nested accordion's own
    const title = item.querySelector<HTMLElement>(TITLE);
    const panel = item.querySelector<HTMLElement>(PANEL);
    const control =
      title && (title.matches('button, a') ? title : title.querySelector<HTMLElement>('button, a'));
    if (!title || !panel || !control) {
      console.error(
        'storefront elements: an accordion item needs an .accordion-title with a button (or link) and an .accordion-inner panel.',
        item,
      );
      continue;
    }
    if (items.has(control)) continue;
    keep(panel, 'id', 'role', 'aria-labelledby', 'hidden', 'class');
    keep(control, 'id', 'role', 'aria-controls', 'aria-expanded', 'class');
    keep(item, 'class');
    keep(title, 'class');
    if (!panel.id) panel.id = `shop-accordion-panel-${++ids}`;
    if (!control.id) control.id = `shop-accordion-title-${++ids}`;
    if (control instanceof HTMLAnchorElement) control.setAttribute('role', 'button');
    control.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-labelledby', control.id);
    const entry = { accordion, item, title, control, panel };
    items.set(control, entry);
    found.push(entry);
  }
  return found;
}

/** Slides a panel open or closed over {@link ACCORDION_MS} (not under reduced motion). */
function slide(context: BehaviourContext, panel: HTMLElement, opening: boolean): void {
  if (context.reducedMotion() || typeof panel.animate !== 'function') return;
  const frames = [
    { height: '0px', overflow: 'hidden', paddingBlock: '0px' },
    { height: `${panel.scrollHeight}px`, overflow: 'hidden' },
  ];
  panel.animate(opening ? frames : [...frames].reverse(), { duration: ACCORDION_MS, easing: 'ease' });
}

/** Marks an item open or closed (its control's `aria-expanded`, the `active` classes). */
function mark(entry: Item, open: boolean): void {
  entry.control.setAttribute('aria-expanded', String(open));
  entry.item.classList.toggle('active', open);
  entry.title.classList.toggle('active', open);
}

/** The item among `among` that the URL hash names (the item's, panel's, control's or title's id). */
function entryForHash(hash: string, among: Iterable<Item>): Item | undefined {
  const id = idFromHash(hash);
  if (!id) return undefined;
  for (const entry of among)
    if ([entry.item.id, entry.panel.id, entry.control.id, entry.title.id].includes(id)) return entry;
  return undefined;
}

/** Installs the accordions under the root (and those added later). */
export const installAccordions = definePageBehaviour({
  name: 'accordion',
  selector: ACCORDION_SELECTOR,
  install(root, context) {
    const clock = context.clock;
    const win = context.window;
    const items = new Map<HTMLElement, Item>(); // by control
    const closing = new Map<HTMLElement, unknown>(); // panel -> timer

    const close = (entry: Item) => {
      if (entry.control.getAttribute('aria-expanded') !== 'true') return;
      mark(entry, false);
      if (context.reducedMotion()) {
        entry.panel.hidden = true;
        return;
      }
      slide(context, entry.panel, false);
      closing.set(
        entry.panel,
        clock.setTimeout(() => {
          closing.delete(entry.panel);
          entry.panel.hidden = true;
        }, ACCORDION_MS),
      );
    };

    const open = (entry: Item, animate = true) => {
      for (const other of items.values())
        if (other !== entry && other.accordion === entry.accordion) close(other);
      if (entry.control.getAttribute('aria-expanded') === 'true') return;
      mark(entry, true);
      const wasClosing = closing.has(entry.panel);
      clock.clearTimeout(closing.get(entry.panel));
      closing.delete(entry.panel);
      entry.panel.hidden = false;
      if (wasClosing) for (const animation of entry.panel.getAnimations()) animation.reverse();
      else if (animate) slide(context, entry.panel, true);
    };

    const stopWatching = enhanceNowAndLater(root, (node) => {
      const containers = within(node, ACCORDION_SELECTOR);
      // An item added to an accordion already prepared (ajax) belongs to that accordion.
      if (node instanceof Element && containers.length === 0) {
        const parent = node.closest(ACCORDION_SELECTOR);
        if (parent) containers.push(parent as HTMLElement);
      }
      for (const accordion of containers) {
        const added = prepareItems(context.keep, accordion, items);
        const fromHash = entryForHash(win.location.hash, added);
        const preset = added.find(
          (e) => e.title.classList.contains('active') || e.item.classList.contains('active'),
        );
        for (const entry of added) {
          mark(entry, false);
          entry.panel.hidden = true;
        }
        const first = fromHash ?? preset;
        if (first) open(first, false);
      }
    });

    const controlOf = (target: EventTarget | null): Item | undefined => {
      const control = target instanceof Element ? target.closest<HTMLElement>('[aria-controls]') : null;
      return control ? items.get(control) : undefined;
    };
    const toggle = (entry: Item) => {
      if (entry.control.getAttribute('aria-expanded') === 'true') close(entry);
      else open(entry);
    };
    const onClick = (event: MouseEvent) => {
      const entry = controlOf(event.target);
      if (!entry) return;
      event.preventDefault(); // the theme's title link is a toggle, not a jump
      toggle(entry);
    };
    const onKey = (event: KeyboardEvent) => {
      // A link given role="button" must answer Space as a button does (Enter already clicks it).
      if (event.key !== ' ') return;
      const entry = controlOf(event.target);
      if (!entry || !(entry.control instanceof HTMLAnchorElement)) return;
      event.preventDefault();
      toggle(entry);
    };
    const onHashChange = () => {
      const entry = entryForHash(win.location.hash, items.values());
      if (entry) open(entry);
    };
    context.on(root, 'click', onClick);
    context.on(root, 'keydown', onKey);
    context.on(win, 'hashchange', onHashChange);
    return () => {
      stopWatching();
      for (const timer of closing.values()) clock.clearTimeout(timer);
    };
  },
});
