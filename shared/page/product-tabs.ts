import { watchBreakpoint } from '../breakpoints.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { scrollWindowTo } from './scroll-window.ts';
import { enhanceTabs, nameTablist, type TabSet } from './tabs.ts';

export const PRODUCT_TABS_SELECTOR = '.woocommerce-tabs';
/**
 * WooCommerce's product tabs (spec §2 Single product page; issue 16): description, additional
 * information and reviews, as WooCommerce's single-product template prints them:
 *
 *   <div class="woocommerce-tabs wc-tabs-wrapper">
 *     <ul class="tabs wc-tabs" role="tablist">
 *       <li class="description_tab" id="tab-title-description"><a href="#tab-description">Description</a></li>
 *       <li class="additional_information_tab" …><a href="#tab-additional_information">Additional information</a></li>
 *       <li class="reviews_tab" …><a href="#tab-reviews">Reviews (2)</a></li>
 *     </ul>
 *     <div class="woocommerce-Tabs-panel panel wc-tab" id="tab-description">…</div>
 *     …<div class="… panel wc-tab" id="tab-reviews"><div id="reviews">…<li id="comment-12">…</div></div>
 *   </div>
 *
 * The tabs themselves (APG roles, keys, clicks, a hash naming a panel) are tabs.ts's, which this
 * builds on (install both; the registry does). This adds the hash rules of spec §2:
 * - the reviews tab opens when the hash is a comment anchor (`#comment-12`), `#comments`,
 *   `#reviews` or `#tab-reviews`, or the address has a `comment-page-` or `cpage=` marker, and
 *   500 ms later (spec §9 Product page and cart "Reviews scroll delay 500 ms") the page scrolls to
 *   that tab (or accordion item) over 1000 ms (at once under reduced motion);
 * - `#tab-additional_information` opens that tab; otherwise the first tab opens, as WooCommerce's
 *   single-product.js does: also when the hash names another product tab's panel, or when the
 *   theme marked another tab active;
 * - on `hashchange` the reviews and additional-information rules apply again (and a hash naming
 *   a panel opens it, tabs.ts's rule for in-page links); another hash (a skip link) changes nothing;
 * - clicking the review link (`a.woocommerce-review-link`, by the rating) opens the reviews and
 *   sets the hash to `#reviews`.
 *
 * On narrow screens (below the medium breakpoint, 550 px, shared/breakpoints.ts) the tabs become
 * an APG accordion: the tab list is hidden and each panel gets a heading
 * (`h2.product-tabs-accordion-title`) holding a `<button aria-expanded aria-controls>` with the
 * tab's text; the panel is a `role="region"` labelled by it. One item is open at a time and its
 * button closes it again. Widening the window restores the tabs with the open item selected.
 *
 * The tab list gets an accessible name (WAI-ARIA APG tabs): `aria-labelledby` a heading printed
 * just before it, else `aria-label` from the message `tabs` ("Product information").
 */

/** spec §9 Product page and cart: reviews scroll delay 500 ms. */
export const REVIEWS_SCROLL_DELAY_MS = 500;
const REVIEW_LINK = 'a.woocommerce-review-link';
const HEADING = 'product-tabs-accordion-title';

/** Whether the address asks for the reviews (spec §2; WooCommerce's single-product.js tests). */
export function wantsReviews({ hash, href }: { hash: string; href: string }): boolean {
  const h = hash.toLowerCase();
  return (
    h.includes('comment-') ||
    ['#comments', '#reviews', '#tab-reviews'].includes(h) ||
    href.includes('comment-page-') ||
    href.includes('cpage=')
  );
}

interface ProductTabs {
  set: TabSet;
  list: HTMLElement;
  reviews: number;
  info: number;
  /** The accordion's buttons while narrow. */
  buttons?: HTMLButtonElement[];
}

/** The product tabs of a tab set: its list, where its reviews and additional information are. */
function productTabsOf(set: TabSet): ProductTabs {
  const list = set.tabs[0].closest<HTMLElement>('[role="tablist"]') as HTMLElement;
  // WooCommerce puts role="tab" and aria-controls on the list items; tabs.ts made them
  // presentational, which a global ARIA attribute would undo.
  for (const tab of set.tabs) tab.parentElement?.removeAttribute('aria-controls');
  const find = (key: string) =>
    set.tabs.findIndex((tab, i) => tab.closest(`.${key}_tab`) || set.panels[i].id === `tab-${key}`);
  return { set, list, reviews: find('reviews'), info: find('additional_information') };
}

/** The accordion's buttons follow the panels (open when shown). */
function sync(p: ProductTabs): void {
  p.buttons?.forEach((b, i) => {
    b.setAttribute('aria-expanded', String(!p.set.panels[i].hidden));
  });
}

function open(p: ProductTabs, index: number): void {
  p.set.select(index);
  sync(p);
}

/** Narrow: the tab list hides, each panel gets a heading with a button (an APG accordion). */
function toAccordion(doc: Document, p: ProductTabs): void {
  if (p.buttons) return;
  p.list.hidden = true;
  p.buttons = p.set.panels.map((panel, i) => {
    const heading = doc.createElement('h2');
    heading.className = HEADING;
    const button = doc.createElement('button');
    button.type = 'button';
    button.id = `${panel.id}-accordion`;
    button.textContent = p.set.tabs[i].textContent?.trim() ?? '';
    button.setAttribute('aria-controls', panel.id);
    heading.append(button);
    panel.before(heading);
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-labelledby', button.id);
    return button;
  });
  sync(p);
}

/** Wide again: the headings go, the tabs come back with the open item selected. */
function toTabs(p: ProductTabs): void {
  if (!p.buttons) return;
  for (const button of p.buttons) button.parentElement?.remove();
  p.buttons = undefined;
  p.list.hidden = false;
  p.set.panels.forEach((panel, i) => {
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', p.set.tabs[i].id);
  });
  open(
    p,
    Math.max(
      0,
      p.set.panels.findIndex((panel) => !panel.hidden),
    ),
  );
}

/** Installs the hash rules and the narrow-screen accordion on the product tabs under the root. */
export const installProductTabs = definePageBehaviour({
  name: 'product-tabs',
  selector: PRODUCT_TABS_SELECTOR,
  messages: { tabs: 'Product information' },
  install(root, context) {
    const doc = context.document;
    const win = context.window;
    const clock = context.clock;
    const all = new Set<ProductTabs>();
    let narrow = false;
    let timer: unknown;
    let stopScroll = () => {};

    const scrollSoon = (p: ProductTabs) => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => {
        stopScroll();
        stopScroll = scrollWindowTo(p.buttons?.[p.reviews] ?? p.set.tabs[p.reviews], context.options);
      }, REVIEWS_SCROLL_DELAY_MS);
    };
    const apply = (p: ProductTabs, initial: boolean) => {
      const { hash } = win.location;
      if (p.reviews >= 0 && wantsReviews(win.location)) {
        open(p, p.reviews);
        scrollSoon(p);
      } else if (hash === '#tab-additional_information' && p.info >= 0) open(p, p.info);
      else if (initial) open(p, 0);
    };

    // The accordion's buttons follow the panels, whoever shows or hides them (tabs.ts on hashchange).
    const observer = new MutationObserver(() => {
      for (const p of all) sync(p);
    });

    context.each(PRODUCT_TABS_SELECTOR, (container) => {
      const set = enhanceTabs(container, doc);
      if (!set || [...all].some((p) => p.set === set)) return;
      const p = productTabsOf(set);
      all.add(p);
      nameTablist(set, context.messages.tabs, context.keep);
      for (const panel of set.panels) observer.observe(panel, { attributeFilter: ['hidden'] });
      if (narrow) toAccordion(doc, p);
      apply(p, true);
    });
    const stopBreakpoint = watchBreakpoint((breakpoint) => {
      narrow = breakpoint === 'small';
      for (const p of all) narrow ? toAccordion(doc, p) : toTabs(p);
    }, win);

    const onHashChange = () => {
      for (const p of all) apply(p, false);
    };
    const onClick = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest<HTMLButtonElement>(`.${HEADING} > button`);
      for (const p of all) {
        const index = button ? (p.buttons?.indexOf(button) ?? -1) : -1;
        if (index >= 0) {
          const panel = p.set.panels[index];
          if (panel.hidden) open(p, index);
          else {
            panel.hidden = true;
            panel.classList.remove('active');
            sync(p);
          }
          return;
        }
      }
      const link = target?.closest(REVIEW_LINK);
      const p = [...all].find((t) => t.reviews >= 0);
      if (!link || !p || !root.contains(link)) return;
      // Before scroll-to.ts's listener (capture), which would take the in-page link otherwise.
      event.preventDefault();
      open(p, p.reviews);
      if (win.location.hash === '#reviews') scrollSoon(p);
      else win.location.hash = '#reviews'; // hashchange: the reviews rule above
    };
    context.on(root, 'click', onClick, true);
    context.on(win, 'hashchange', onHashChange);
    return () => {
      stopBreakpoint();
      observer.disconnect();
      clock.clearTimeout(timer);
      stopScroll();
      for (const p of all) toTabs(p);
    };
  },
});
