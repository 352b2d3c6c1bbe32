import { within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const STICKY_HEADER_SELECTOR = '.header.has-sticky, [data-sticky-header]';

/**
 * Sticky header (spec §2 Other "Sticky header that shrinks or hides on scroll"; §4 "Stuck or
 * unstuck by scroll position. With hide-on-scroll it hides on scrolling down").
 *
 * Markup (Flatsome-like):
 *
 *   <header class="header has-sticky sticky-shrink sticky-hide-on-scroll">   (or data-sticky-header)
 *     <div class="header-wrapper">…the bar…</div>
 *   </header>
 *
 * Once the page is scrolled past the bottom of the header, its `.header-wrapper` (the header
 * itself when there is none) gets the class `stuck` (styles/theme.css fixes it to the top) and
 * the header keeps its height (`min-height` through the CSSOM), so the content does not jump.
 * With `sticky-shrink` (or `data-shrink`) a stuck bar also gets `shrink`. With
 * `sticky-hide-on-scroll` (or `data-hide-on-scroll`) a stuck bar gets `stuck-hidden` while the
 * page scrolls down and loses it when it scrolls up, and never hides while focus is inside it
 * (keyboard users see what they tab to). Above the threshold all of these are removed.
 */

interface Sticky {
  header: HTMLElement;
  bar: HTMLElement;
  shrink: boolean;
  hideOnScroll: boolean;
  /** Where the header ends in the document while unstuck (px from the top). */
  threshold: number;
  stuck: boolean;
}

/** Installs the sticky headers under the root. */
export const installStickyHeader = definePageBehaviour({
  name: 'sticky-header',
  selector: STICKY_HEADER_SELECTOR,
  install(root, { document: doc, on, window: win }) {
    const headers: Sticky[] = within(root, STICKY_HEADER_SELECTOR).map((header) => ({
      header,
      bar: header.querySelector<HTMLElement>(':scope > .header-wrapper') ?? header,
      shrink: header.classList.contains('sticky-shrink') || header.hasAttribute('data-shrink'),
      hideOnScroll:
        header.classList.contains('sticky-hide-on-scroll') || header.hasAttribute('data-hide-on-scroll'),
      threshold: 0,
      stuck: false,
    }));
    let lastY = win.scrollY;

    const measure = (s: Sticky) => {
      if (s.stuck) return; // measured while in the flow only
      const box = s.header.getBoundingClientRect();
      s.threshold = box.top + win.scrollY + box.height;
    };

    const update = () => {
      const y = win.scrollY;
      const down = y > lastY;
      const up = y < lastY;
      lastY = y;
      for (const s of headers) {
        const stuck = y > s.threshold && s.threshold > 0;
        if (stuck !== s.stuck) {
          if (stuck) s.header.style.minHeight = `${s.header.offsetHeight}px`;
          else s.header.style.removeProperty('min-height');
          s.stuck = stuck;
          s.bar.classList.toggle('stuck', stuck);
          s.bar.classList.toggle('shrink', stuck && s.shrink);
        }
        if (!stuck) s.bar.classList.remove('stuck-hidden');
        else if (s.hideOnScroll && down && !s.bar.contains(doc.activeElement))
          s.bar.classList.add('stuck-hidden');
        else if (up) s.bar.classList.remove('stuck-hidden');
        if (!stuck) measure(s);
      }
    };
    const onResize = () => {
      for (const s of headers) measure(s);
      update();
    };
    const onFocus = (event: FocusEvent) => {
      for (const s of headers)
        if (event.target instanceof Node && s.bar.contains(event.target))
          s.bar.classList.remove('stuck-hidden');
    };

    for (const s of headers) measure(s);
    update();
    on(win, 'scroll', update, { passive: true });
    on(win, 'resize', onResize);
    on(doc, 'focusin', onFocus);
    return () => {
      for (const s of headers) {
        s.bar.classList.remove('stuck', 'shrink', 'stuck-hidden');
        s.header.style.removeProperty('min-height');
      }
    };
  },
});
