import { within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const BACK_TO_TOP_SELECTOR = '.back-to-top, #top-link, [data-back-to-top]';

/**
 * Back-to-top button (spec §2 Other): shown once the page is scrolled past one viewport height,
 * hidden (and out of the tab order) above that; following it scrolls to the top (smoothly unless
 * reduced motion is asked for) and moves focus to its target (`href="#top"` → `#top`), else to
 * the start of the page, so keyboard users land where they now look.
 */

/** Whether the button should show: scrolled past one viewport height. */
export function pastOneViewport(win: Window = window): boolean {
  return win.scrollY > win.innerHeight;
}

/** Shows the root's back-to-top buttons past one viewport height and handles their clicks. */
export const installBackToTop = definePageBehaviour({
  name: 'back-to-top',
  selector: BACK_TO_TOP_SELECTOR,
  install(root, context) {
    const doc = context.document;
    const win = context.window;
    const update = () => {
      const shown = pastOneViewport(win);
      for (const button of within(root, BACK_TO_TOP_SELECTOR)) {
        context.keep(button, 'hidden', 'class');
        button.hidden = !shown;
        button.classList.toggle('active', shown);
      }
    };
    const onClick = (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest<HTMLElement>(BACK_TO_TOP_SELECTOR) : null;
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      win.scrollTo({ top: 0, behavior: context.reducedMotion() ? 'instant' : 'smooth' });
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
    context.on(win, 'scroll', update, { passive: true });
    context.on(win, 'resize', update);
    context.on(root, 'click', onClick);
    update();
  },
});
