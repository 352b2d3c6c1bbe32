import { type Breakpoint, watchBreakpoint } from '../breakpoints.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const CAROUSEL_SELECTOR = '.row-slider, [data-carousel]';

/**
 * Carousels (spec §4 "Initialised only with at least 2 slides"; §9 "Carousel defaults: 3 slides to
 * show and 1 to scroll. Tablet 2, mobile 1"), with the roles of the WAI-ARIA APG carousel
 * pattern (no auto-rotation, so no pause button).
 *
 * Markup (Flatsome-like):
 *
 *   <div class="slider row-slider" data-label="Featured products">   (or data-carousel; aria-label works too)
 *     <div>…slide…</div> <div>…slide…</div> …
 *   </div>
 *
 * The slider's element children are the slides. With fewer than two it is left exactly as it is.
 * With two or more it becomes a horizontally scrolling track (CSSOM: a grid of columns, scroll
 * snapping; touch and trackpad swipe natively) showing 3 slides on desktop, 2 on medium and 1 on
 * small screens (spec §9 breakpoints, shared/breakpoints.ts; `data-slides-to-show="3 2 1"`
 * overrides), the count in the custom property `--slides-to-show`. It gets
 * `role="region"`, `aria-roledescription="carousel"` (labelled by its `aria-label`, else its
 * `data-label`, else "Carousel"), the
 * slides `role="group"`, `aria-roledescription="slide"` and "n of N" labels, and a
 * `.slider-nav` after it holds "Previous slide" / "Next slide" buttons that move one slide
 * (smoothly unless reduced motion), disabled at either end. The track is focusable (`tabindex="0"`),
 * so the arrow keys scroll it natively. Class `is-carousel` marks it.
 */

/**
 * Flatsome's row sliders (product and post rows: `.slider.row-slider`) and any `[data-carousel]`;
 * not its banner sliders nor the product gallery's `.product-gallery-slider` (one image at a time,
 * `<product-gallery>`'s).
 */
/** spec §9: 3 slides on desktop, 2 on tablets, 1 on mobiles. */
export const SLIDES_TO_SHOW: Record<Breakpoint, number> = { desktop: 3, medium: 2, small: 1 };

let ids = 0;

/** Installs the carousels under the root (and those added later). */
export const installCarousels = definePageBehaviour({
  name: 'carousel',
  selector: CAROUSEL_SELECTOR,
  messages: { carousel: 'Carousel', previous: 'Previous slide', next: 'Next slide' },
  install(_root, context) {
    const doc = context.document;
    const win = context.window;
    const cleanups: (() => void)[] = [];
    const done = new WeakSet<Element>();

    const init = (slider: HTMLElement) => {
      if (done.has(slider)) return;
      const slides = [...slider.children].filter((c): c is HTMLElement => c instanceof HTMLElement);
      if (slides.length < 2) return; // spec §4: only with at least 2 slides
      done.add(slider);
      const counts = (slider.dataset.slidesToShow ?? '')
        .split(/[\s,]+/)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      const perBreakpoint: Record<Breakpoint, number> = {
        desktop: counts[0] ?? SLIDES_TO_SHOW.desktop,
        medium: counts[1] ?? counts[0] ?? SLIDES_TO_SHOW.medium,
        small: counts[2] ?? counts[1] ?? counts[0] ?? SLIDES_TO_SHOW.small,
      };
      if (!slider.id) slider.id = `shop-carousel-${++ids}`;
      slider.classList.add('is-carousel');
      slider.setAttribute('role', 'region');
      slider.setAttribute('aria-roledescription', 'carousel');
      // Focusable, so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
      if (!slider.hasAttribute('tabindex')) slider.tabIndex = 0;
      if (!slider.hasAttribute('aria-label') && !slider.hasAttribute('aria-labelledby'))
        slider.setAttribute('aria-label', slider.dataset.label?.trim() || context.messages.carousel);
      slides.forEach((slide, i) => {
        slide.setAttribute('role', 'group');
        slide.setAttribute('aria-roledescription', 'slide');
        if (!slide.hasAttribute('aria-label'))
          slide.setAttribute('aria-label', `${i + 1} of ${slides.length}`);
        slide.style.scrollSnapAlign = 'start';
        slide.style.minWidth = '0';
      });
      // The layout the carousel needs, through the CSSOM (strict CSP); styles/theme.css styles the rest.
      Object.assign(slider.style, {
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: 'calc(100% / var(--slides-to-show, 1))',
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        overscrollBehaviorX: 'contain',
        scrollbarWidth: 'none',
      });

      const nav = doc.createElement('div');
      nav.className = 'slider-nav';
      const button = (label: string, cls: string) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = cls;
        b.setAttribute('aria-label', label);
        b.setAttribute('aria-controls', slider.id);
        nav.append(b);
        return b;
      };
      const previous = button(context.messages.previous, 'slider-previous');
      const next = button(context.messages.next, 'slider-next');
      slider.after(nav);

      const step = () => slides[0].getBoundingClientRect().width || slider.clientWidth;
      const update = () => {
        const max = slider.scrollWidth - slider.clientWidth;
        previous.disabled = slider.scrollLeft <= 1;
        next.disabled = slider.scrollLeft >= max - 1;
      };
      const go = (direction: 1 | -1) => {
        const index = Math.round(slider.scrollLeft / step()) + direction;
        slider.scrollTo({
          left: Math.max(0, index * step()),
          behavior: context.reducedMotion() ? 'instant' : 'smooth',
        });
      };
      previous.addEventListener('click', () => go(-1));
      next.addEventListener('click', () => go(1));
      context.on(slider, 'scroll', update, { passive: true });
      const stopBreakpoints = watchBreakpoint((bp) => {
        slider.style.setProperty('--slides-to-show', String(perBreakpoint[bp]));
        update();
      }, win);
      const resize = new ResizeObserver(() => update());
      resize.observe(slider);
      cleanups.push(() => {
        stopBreakpoints();
        resize.disconnect();
        nav.remove();
      });
    };

    context.each(CAROUSEL_SELECTOR, init);
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  },
});
