import {
  type BehaviourOptions,
  documentOf,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { BACK_TO_TOP_SELECTOR } from './selectors.ts';

export { BACK_TO_TOP_SELECTOR } from './selectors.ts';

/**
 * Back-to-top button (spec §2 Other): shown once the page is scrolled past one viewport height,
 * hidden (and out of the tab order) above that; following it scrolls to the top (smoothly unless
 * reduced motion is asked for) and moves focus to its target (`href="#top"` → `#top`), else to
 * the start of the page, so keyboard users land where they now look.
 */

const installed = new WeakMap<PageRoot, () => void>();

/** Whether the button should show: scrolled past one viewport height. */
export function pastOneViewport(win: Window = window): boolean {
  return win.scrollY > win.innerHeight;
}

/** Shows the root's back-to-top buttons past one viewport height and handles their clicks. */
export function installBackToTop(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const doc = documentOf(root);
    const win = doc.defaultView ?? window;
    const update = () => {
      const shown = pastOneViewport(win);
      for (const button of within(root, BACK_TO_TOP_SELECTOR)) {
        button.hidden = !shown;
        button.classList.toggle('active', shown);
      }
    };
    const onClick = (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest<HTMLElement>(BACK_TO_TOP_SELECTOR) : null;
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      win.scrollTo({ top: 0, behavior: prefersReducedMotion(options) ? 'instant' : 'smooth' });
      const hash = button instanceof HTMLAnchorElement ? button.hash.slice(1) : '';
      const target =
        (hash && doc.getElementById(decodeURIComponent(hash))) ||
        doc.querySelector<HTMLElement>('#top, body');
      if (target instanceof HTMLElement) {
        if (target !== doc.body && target.tabIndex < 0 && !target.hasAttribute('tabindex'))
          target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    };
    win.addEventListener('scroll', update, { passive: true });
    win.addEventListener('resize', update);
    root.addEventListener('click', onClick as EventListener);
    update();
    return () => {
      win.removeEventListener('scroll', update);
      win.removeEventListener('resize', update);
      root.removeEventListener('click', onClick as EventListener);
    };
  });
}
