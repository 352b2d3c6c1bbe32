import { ACCORDION_SELECTOR, installAccordions } from './accordion.ts';
import { ANIMATE_SELECTOR, installAnimateOnScroll } from './animate-on-scroll.ts';
import { BACK_TO_TOP_SELECTOR, installBackToTop } from './back-to-top.ts';
import { type BehaviourOptions, installOnce, type PageRoot } from './behaviour.ts';
import { CAROUSEL_SELECTOR, installCarousels } from './carousel.ts';
import { COMING_SOON_SELECTOR, installComingSoonBanner } from './coming-soon.ts';
import { COMMENT_FORM_SELECTOR, installCommentForm } from './comment-form.ts';
import { COUNT_UP_SELECTOR, installCountUp } from './count-up.ts';
import { DROPDOWN_SELECTOR, installDropdownMenus } from './dropdown-menu.ts';
import { FIELD_HINT_SELECTOR, installFieldHints } from './field-hints.ts';
import { installPageLinkActions, LINK_ACTIONS_SELECTOR } from './link-actions.ts';
import { installLoopFilter, LOOP_FILTER_SELECTOR } from './loop-filter.ts';
import { installNotices, NOTICES_SELECTOR } from './notices.ts';
import { installPasswordToggle, PASSWORD_SELECTOR } from './password-toggle.ts';
import { installQuantityButtons, QUANTITY_SELECTOR } from './quantity-buttons.ts';
import { installResultCount, RESULT_COUNT_SELECTOR } from './result-count.ts';
import { installReviewForm, REVIEW_FORM_SELECTOR } from './review-form.ts';
import { installScrollTo, SCROLL_TO_SELECTOR } from './scroll-to.ts';
import { installSlidingMenus, SLIDING_MENU_SELECTOR } from './sliding-menu.ts';
import { installStickyHeader, STICKY_HEADER_SELECTOR } from './sticky-header.ts';
import { installStoreNotice, STORE_NOTICE_SELECTOR } from './store-notice.ts';
import { installSwatches, SWATCHES_SELECTOR } from './swatches.ts';
import { installTabs, TABS_SELECTOR } from './tabs.ts';

/**
 * The page behaviours (issue 17, spec §9 Storefront helpers): each is installed from the markup
 * the theme prints, and only when that markup is on the page. The autoloader calls
 * {@link installPageBehaviours} once for the document; markup that arrives later (ajax) installs
 * its behaviour when it is added. Every `install<Name>(root, options)` is idempotent per root.
 */

/** A behaviour: the markup that asks for it, and its installer. */
export interface PageBehaviour {
  name: string;
  selector: string;
  install: (root: PageRoot, options?: BehaviourOptions) => () => void;
}

export const pageBehaviours: readonly PageBehaviour[] = [
  { name: 'store-notice', selector: STORE_NOTICE_SELECTOR, install: installStoreNotice },
  { name: 'password-toggle', selector: PASSWORD_SELECTOR, install: installPasswordToggle },
  { name: 'coming-soon', selector: COMING_SOON_SELECTOR, install: installComingSoonBanner },
  { name: 'field-hints', selector: FIELD_HINT_SELECTOR, install: installFieldHints },
  { name: 'back-to-top', selector: BACK_TO_TOP_SELECTOR, install: installBackToTop },
  { name: 'notices', selector: NOTICES_SELECTOR, install: installNotices },
  { name: 'result-count', selector: RESULT_COUNT_SELECTOR, install: installResultCount },
  // Product and post pages (issue 14, spec §2 Comment form, §5 Review form).
  { name: 'review-form', selector: REVIEW_FORM_SELECTOR, install: installReviewForm },
  { name: 'comment-form', selector: COMMENT_FORM_SELECTOR, install: installCommentForm },
  // Variable products (issue 16, spec §4 Swatches).
  { name: 'swatches', selector: SWATCHES_SELECTOR, install: installSwatches },
  // Page-builder pages (issue 15, spec §2 Popups and filters).
  { name: 'link-actions', selector: LINK_ACTIONS_SELECTOR, install: installPageLinkActions },
  { name: 'loop-filter', selector: LOOP_FILTER_SELECTOR, install: installLoopFilter },
  // Theme runtime rules (issue 17, spec §2 Other, §4, §9 Theme).
  { name: 'tabs', selector: TABS_SELECTOR, install: installTabs },
  { name: 'accordion', selector: ACCORDION_SELECTOR, install: installAccordions },
  { name: 'dropdown-menu', selector: DROPDOWN_SELECTOR, install: installDropdownMenus },
  { name: 'sticky-header', selector: STICKY_HEADER_SELECTOR, install: installStickyHeader },
  { name: 'scroll-to', selector: SCROLL_TO_SELECTOR, install: installScrollTo },
  { name: 'count-up', selector: COUNT_UP_SELECTOR, install: installCountUp },
  { name: 'animate-on-scroll', selector: ANIMATE_SELECTOR, install: installAnimateOnScroll },
  { name: 'carousel', selector: CAROUSEL_SELECTOR, install: installCarousels },
  { name: 'sliding-menu', selector: SLIDING_MENU_SELECTOR, install: installSlidingMenus },
  // The product page (issue 16, spec §2 Single product page, §5 Quantity inputs).
  { name: 'quantity-buttons', selector: QUANTITY_SELECTOR, install: installQuantityButtons },
];

const installed = new WeakMap<PageRoot, () => void>();

/** Names of the behaviours installed on a root by {@link installPageBehaviours}. */
const names = new WeakMap<PageRoot, Set<string>>();
export function installedBehaviours(root: PageRoot = document): string[] {
  return [...(names.get(root) ?? [])];
}

/**
 * Installs the behaviours whose markup is under `root`, now or when it is added later (until
 * uninstalled). Idempotent per root; returns the function that uninstalls them all.
 */
export function installPageBehaviours(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const done = new Set<string>();
    names.set(root, done);
    const stops: (() => void)[] = [];
    const present = (selector: string, node: PageRoot) =>
      (node instanceof Element && node.matches(selector)) || node.querySelector(selector) !== null;
    let observer: MutationObserver | undefined;
    const scan = (node: PageRoot) => {
      for (const behaviour of pageBehaviours) {
        if (done.has(behaviour.name) || !present(behaviour.selector, node)) continue;
        done.add(behaviour.name);
        try {
          stops.push(behaviour.install(root, options));
        } catch (error) {
          console.error(
            `storefront elements: the ${behaviour.name} page behaviour failed to install.`,
            error,
          );
        }
      }
      if (done.size === pageBehaviours.length) observer?.disconnect();
    };
    observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    });
    observer.observe(root, { childList: true, subtree: true });
    scan(root);
    return () => {
      observer?.disconnect();
      names.delete(root);
      for (const stop of stops) stop();
    };
  });
}
