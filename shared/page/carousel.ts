import { type Breakpoint, watchBreakpoint } from '../breakpoints.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { type Tween, tween } from './tween.ts';

/** The theme's row sliders, `[data-carousel]`, and the page builder's carousel widgets' tracks. */
export const CAROUSEL_SELECTOR = '.row-slider, [data-carousel], [data-settings] .swiper-wrapper';
const PAGE_BUILDER_TRACK = '[data-settings] .swiper-wrapper';

/**
 * Carousels (spec §4 "Initialised only with at least 2 slides"; §9 "Carousel defaults: 3 slides to
 * show and 1 to scroll. Tablet 2, mobile 1"; §3 page-builder element settings), with the WAI-ARIA
 * APG carousel pattern.
 *
 * Markup (Flatsome-like):
 *
 *   <div class="slider row-slider" data-label="Featured products">   (or data-carousel; aria-label works too)
 *     <div>…slide…</div> <div>…slide…</div> …
 *   </div>
 *
 * or the page builder's carousel widgets (image, media, testimonial carousels), whose settings are
 * the widget's `data-settings` JSON (spec §3: `slides_to_show`, `autoplay`, `autoplay_speed`,
 * `speed`, `navigation`, `pagination`, `infinite`, `effect`, and the responsive
 * `slides_to_show_tablet` / `slides_to_show_mobile`, with `slides_to_scroll` likewise):
 *
 *   <div class="elementor-widget elementor-widget-image-carousel" data-settings='{"slides_to_show":"3",…}'>
 *     <div class="swiper"><div class="swiper-wrapper"> <div class="swiper-slide">…</div> … </div>
 *       <div class="elementor-swiper-button elementor-swiper-button-prev">…</div> <div class="swiper-pagination"></div>
 *     </div>
 *   </div>
 *
 * The slider's (track's) element children are the slides. With fewer than two it is left exactly
 * as it is. With two or more it becomes a horizontally scrolling track (CSSOM: a grid of columns,
 * scroll snapping; touch and trackpad swipe natively) showing 3 slides on desktop, 2 on medium and
 * 1 on small screens (spec §9 breakpoints, shared/breakpoints.ts; `data-slides-to-show="3 2 1"` or
 * the widget's settings override), the count in the custom property `--slides-to-show`. It gets
 * `role="region"`, `aria-roledescription="carousel"` (labelled by its `aria-label`, else its
 * `data-label`, else "Carousel"), the slides `role="group"`, `aria-roledescription="slide"` and
 * "n of N" labels, and a `.slider-nav` after it holds "Previous slide" / "Next slide" buttons,
 * disabled at either end unless `infinite`. The track is focusable (`tabindex="0"`), so the arrow
 * keys scroll it natively. Class `is-carousel` marks it.
 *
 * The page builder's settings:
 * - `navigation`: `both` (default), `arrows`, `dots` or `none`; `pagination` (`bullets`,
 *   `fraction`, `progressbar`) adds the dots too. The dots are a group of buttons ("Slide n",
 *   `aria-current` on the shown one). The widget's own Swiper buttons and pagination are hidden.
 * - `slides_to_scroll` (1): how far the buttons and autoplay move.
 * - `speed` (500 ms): each move glides over that time on the clock; jumps under reduced motion.
 * - `infinite` (`yes`): previous at the start goes to the end, next at the end to the start.
 * - `effect`: `slide` (default) or `fade` (one slide at a time, cross-faded over `speed`).
 * - `autoplay` (`yes`) with `autoplay_speed` (5000 ms): moves on every `autoplay_speed`, from the
 *   end back to the start. As the APG asks: a rotation control comes first ("Stop slide
 *   rotation" / "Start slide rotation"); rotation pauses while the pointer is over the carousel or
 *   focus is in it; the track is a polite live region only while not rotating; and under reduced
 *   motion it does not start by itself (the control starts it).
 * A `data-settings` that is not JSON, or a setting of the wrong kind, is reported once (naming the
 * behaviour and the field) and the defaults are used.
 */

/** spec §9: 3 slides on desktop, 2 on tablets, 1 on mobiles. */
export const SLIDES_TO_SHOW: Record<Breakpoint, number> = { desktop: 3, medium: 2, small: 1 };
/** The page builder's defaults for its carousel widgets (spec §3 settings). */
export const PAGE_BUILDER_DEFAULTS = { autoplay_speed: 5000, speed: 500 } as const;

let ids = 0;

interface CarouselConfig {
  show: Record<Breakpoint, number>;
  scroll: Record<Breakpoint, number>;
  arrows: boolean;
  dots: 'none' | 'bullets' | 'fraction';
  infinite: boolean;
  fade: boolean;
  autoplay: boolean;
  autoplaySpeed: number;
  /** ms a move takes (page builder); undefined: the browser's smooth scrolling (the theme's). */
  speed?: number;
}

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The theme's carousel: `data-slides-to-show="3 2 1"`, arrows, no autoplay. */
function themeConfig(slider: HTMLElement): CarouselConfig {
  const counts = (slider.dataset.slidesToShow ?? '')
    .split(/[\s,]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    show: {
      desktop: counts[0] ?? SLIDES_TO_SHOW.desktop,
      medium: counts[1] ?? counts[0] ?? SLIDES_TO_SHOW.medium,
      small: counts[2] ?? counts[1] ?? counts[0] ?? SLIDES_TO_SHOW.small,
    },
    scroll: { desktop: 1, medium: 1, small: 1 },
    arrows: true,
    dots: 'none',
    infinite: false,
    fade: false,
    autoplay: false,
    autoplaySpeed: PAGE_BUILDER_DEFAULTS.autoplay_speed,
  };
}

/** The page builder's carousel settings (spec §3), read from the widget's `data-settings`. */
export function pageBuilderConfig(
  text: string | null | undefined,
  report: (problem: string) => void = () => {},
): CarouselConfig {
  let s: Record<string, unknown> = {};
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        s = parsed as Record<string, unknown>;
      else report('data-settings is not a JSON object; using the carousel defaults.');
    } catch {
      report('data-settings is not valid JSON; using the carousel defaults.');
    }
  }
  const number = (key: string, fallback: number, min = 0): number => {
    if (s[key] === undefined || s[key] === '') return fallback;
    const n = positive(s[key]);
    if (n === undefined || n < min) {
      report(`data-settings "${key}" is not a number of at least ${min}; using ${fallback}.`);
      return fallback;
    }
    return n;
  };
  const fade = s.effect === 'fade';
  const desktop = Math.round(number('slides_to_show', SLIDES_TO_SHOW.desktop, 1));
  const medium = Math.round(number('slides_to_show_tablet', Math.min(desktop, SLIDES_TO_SHOW.medium), 1));
  const small = Math.round(number('slides_to_show_mobile', Math.min(medium, SLIDES_TO_SHOW.small), 1));
  const scrollDesktop = Math.round(number('slides_to_scroll', 1, 1));
  const scrollMedium = Math.round(number('slides_to_scroll_tablet', scrollDesktop, 1));
  const scrollSmall = Math.round(number('slides_to_scroll_mobile', scrollMedium, 1));
  const navigation = typeof s.navigation === 'string' ? s.navigation : 'both';
  if (!['both', 'arrows', 'dots', 'none'].includes(navigation))
    report(`data-settings "navigation" is not one of both, arrows, dots, none; using both.`);
  const known = ['both', 'arrows', 'dots', 'none'].includes(navigation) ? navigation : 'both';
  const pagination = typeof s.pagination === 'string' ? s.pagination : '';
  let dots: CarouselConfig['dots'] = known === 'both' || known === 'dots' ? 'bullets' : 'none';
  if (pagination === 'fraction') dots = 'fraction';
  else if (pagination === 'bullets' || pagination === 'progressbar') dots = 'bullets';
  return {
    show: fade ? { desktop: 1, medium: 1, small: 1 } : { desktop, medium, small },
    scroll: fade
      ? { desktop: 1, medium: 1, small: 1 }
      : { desktop: scrollDesktop, medium: scrollMedium, small: scrollSmall },
    arrows: known === 'both' || known === 'arrows' || s.show_arrows === 'yes',
    dots,
    infinite: s.infinite === undefined ? true : s.infinite === 'yes' || s.infinite === true,
    fade,
    autoplay: s.autoplay === undefined ? true : s.autoplay === 'yes' || s.autoplay === true,
    autoplaySpeed: number('autoplay_speed', PAGE_BUILDER_DEFAULTS.autoplay_speed, 1),
    speed: number('speed', PAGE_BUILDER_DEFAULTS.speed),
  };
}

/** The first slide of each view the dots go to: 0, scroll, 2 × scroll, …, and the last view. */
function dotTargets(count: number, show: number, scroll: number): number[] {
  const last = Math.max(0, count - show);
  const targets: number[] = [];
  for (let i = 0; i < last; i += scroll) targets.push(i);
  targets.push(last);
  return targets;
}

/** Installs the carousels under the root (and those added later). */
export const installCarousels = definePageBehaviour({
  name: 'carousel',
  selector: CAROUSEL_SELECTOR,
  messages: {
    carousel: 'Carousel',
    previous: 'Previous slide',
    next: 'Next slide',
    start: 'Start slide rotation',
    stop: 'Stop slide rotation',
    dots: 'Choose slide to display',
    dot: 'Slide {n}',
    fraction: '{n} / {count}',
  },
  install(_root, context) {
    const { clock, document: doc, window: win, messages } = context;
    const cleanups: (() => void)[] = [];
    const done = new WeakSet<Element>();

    const init = (slider: HTMLElement) => {
      if (done.has(slider)) return;
      const slides = [...slider.children].filter((c): c is HTMLElement => c instanceof HTMLElement);
      if (slides.length < 2) return; // spec §4: only with at least 2 slides
      done.add(slider);
      const widget = slider.matches(PAGE_BUILDER_TRACK)
        ? slider.closest<HTMLElement>('[data-settings]')
        : null;
      const config = widget
        ? pageBuilderConfig(widget.getAttribute('data-settings'), context.report)
        : themeConfig(slider);
      if (!slider.id) slider.id = `shop-carousel-${++ids}`;
      slider.classList.add('is-carousel');
      slider.setAttribute('role', 'region');
      slider.setAttribute('aria-roledescription', 'carousel');
      // Focusable, so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
      if (!slider.hasAttribute('tabindex') && !config.fade) slider.tabIndex = 0;
      if (!slider.hasAttribute('aria-label') && !slider.hasAttribute('aria-labelledby'))
        slider.setAttribute('aria-label', slider.dataset.label?.trim() || messages.carousel);
      slides.forEach((slide, i) => {
        slide.setAttribute('role', 'group');
        slide.setAttribute('aria-roledescription', 'slide');
        if (!slide.hasAttribute('aria-label'))
          slide.setAttribute('aria-label', `${i + 1} of ${slides.length}`);
        slide.style.scrollSnapAlign = 'start';
        slide.style.minWidth = '0';
      });
      // The layout the carousel needs, through the CSSOM (strict CSP); styles/theme.css styles the rest.
      if (config.fade) {
        slider.classList.add('is-carousel-fade');
        slider.style.display = 'grid';
        slider.style.setProperty('--carousel-speed', `${config.speed ?? 0}ms`);
      } else {
        Object.assign(slider.style, {
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: 'calc(100% / var(--slides-to-show, 1))',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          overscrollBehaviorX: 'contain',
          scrollbarWidth: 'none',
        });
      }
      // The widget's own Swiper controls need Swiper: ours replace them.
      for (const own of widget?.querySelectorAll<HTMLElement>(
        '.elementor-swiper-button, .swiper-pagination, .swiper-button-prev, .swiper-button-next',
      ) ?? []) {
        if (own.hidden) continue;
        own.hidden = true;
        cleanups.push(() => {
          own.hidden = false;
        });
      }

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
      const rotation = config.autoplay ? button(messages.stop, 'slider-rotation') : null;
      const previous = config.arrows ? button(messages.previous, 'slider-previous') : null;
      const next = config.arrows ? button(messages.next, 'slider-next') : null;
      const dotGroup = config.dots === 'bullets' ? doc.createElement('div') : null;
      if (dotGroup) {
        dotGroup.className = 'slider-dots';
        dotGroup.setAttribute('role', 'group');
        dotGroup.setAttribute('aria-label', messages.dots);
        nav.append(dotGroup);
      }
      const fraction = config.dots === 'fraction' ? doc.createElement('span') : null;
      if (fraction) {
        fraction.className = 'slider-fraction';
        nav.append(fraction);
      }
      slider.after(nav);

      let bp: Breakpoint = 'desktop';
      let index = 0;
      let moving: Tween | undefined;
      const show = () => Math.min(slides.length, config.show[bp]);
      const last = () => Math.max(0, slides.length - show());
      const step = () => slides[0].getBoundingClientRect().width || slider.clientWidth;

      const playing = { on: config.autoplay && !context.reducedMotion() };
      const held = new Set<string>();
      let timer: unknown;

      // The theme's: the buttons follow the scroll position (the user may scroll anywhere).
      const themeButtons = () => {
        const max = slider.scrollWidth - slider.clientWidth;
        if (previous) previous.disabled = slider.scrollLeft <= 1;
        if (next) next.disabled = slider.scrollLeft >= max - 1;
      };
      const render = () => {
        const max = last();
        if (!widget) {
          themeButtons();
          return;
        }
        slider.classList.toggle('carousel-no-motion', context.reducedMotion());
        if (previous) previous.disabled = !config.infinite && index <= 0;
        if (next) next.disabled = !config.infinite && index >= max;
        slides.forEach((slide, i) => {
          const inView = i >= index && i < index + show();
          slide.inert = !inView;
          slide.classList.toggle('is-selected', inView);
        });
        if (dotGroup) {
          const targets = dotTargets(slides.length, show(), config.scroll[bp]);
          const current = targets.reduce((best, t, i) => (t <= index ? i : best), 0);
          if (dotGroup.children.length !== targets.length) {
            dotGroup.replaceChildren(
              ...targets.map((target) => {
                const dot = doc.createElement('button');
                dot.type = 'button';
                dot.className = 'slider-dot';
                dot.setAttribute('aria-label', messages.dot.replace('{n}', String(target + 1)));
                dot.addEventListener('click', () => goTo(target));
                return dot;
              }),
            );
          }
          [...dotGroup.children].forEach((dot, i) => {
            if (i === current) dot.setAttribute('aria-current', 'true');
            else dot.removeAttribute('aria-current');
          });
        }
        if (fraction)
          fraction.textContent = messages.fraction
            .replace('{n}', String(index + 1))
            .replace('{count}', String(max + 1));
        const rotating = playing.on && held.size === 0;
        slider.setAttribute('aria-live', rotating ? 'off' : 'polite');
        if (rotation) {
          rotation.setAttribute('aria-label', playing.on ? messages.stop : messages.start);
          rotation.classList.toggle('is-playing', playing.on);
        }
      };

      const goTo = (target: number) => {
        index = Math.max(0, Math.min(last(), target));
        moving?.stop();
        moving = undefined;
        if (!config.fade) {
          const to = index * step();
          if (config.speed === undefined) {
            slider.scrollTo({ left: to, behavior: context.reducedMotion() ? 'instant' : 'smooth' });
          } else if (context.reducedMotion() || config.speed === 0) {
            slider.scrollLeft = to;
          } else {
            const from = slider.scrollLeft;
            slider.style.scrollSnapType = 'none'; // snapping would pull every step back
            moving = tween(
              clock,
              config.speed,
              (p) => {
                slider.scrollLeft = from + (to - from) * p;
              },
              () => {
                moving = undefined;
                slider.style.scrollSnapType = 'x mandatory';
              },
            );
          }
        }
        render();
      };
      const move = (direction: 1 | -1, wrap: boolean) => {
        const by = config.scroll[bp];
        if (direction > 0) goTo(index >= last() ? (wrap ? 0 : index) : index + by);
        else goTo(index <= 0 ? (wrap ? last() : 0) : index - by);
      };

      const schedule = () => {
        clock.clearTimeout(timer);
        timer = undefined;
        if (playing.on && held.size === 0)
          timer = clock.setTimeout(() => {
            move(1, true); // spec §4: forward, and from the end back to the start
            schedule();
          }, config.autoplaySpeed);
        render();
      };
      const hold = (why: string, on: boolean) => {
        if (on === held.has(why)) return;
        if (on) held.add(why);
        else held.delete(why);
        schedule();
      };

      previous?.addEventListener('click', () => move(-1, config.infinite));
      next?.addEventListener('click', () => move(1, config.infinite));
      rotation?.addEventListener('click', () => {
        playing.on = !playing.on;
        schedule();
      });
      const area = [slider, nav];
      for (const el of area) {
        context.on(
          el,
          'pointerenter',
          (e) => e.pointerType === 'mouse' && hold(`pointer-${area.indexOf(el)}`, true),
        );
        context.on(
          el,
          'pointerleave',
          (e) => e.pointerType === 'mouse' && hold(`pointer-${area.indexOf(el)}`, false),
        );
        context.on(el, 'focusin', (e) => {
          // The rotation control is not "focus in the carousel": it has its own say (APG).
          if (e.target !== rotation) hold('focus', true);
          else hold('focus', false);
        });
        context.on(el, 'focusout', (e) => {
          const to = e.relatedTarget;
          if (to instanceof Node && area.some((a) => a.contains(to)) && to !== rotation) return;
          hold('focus', false);
        });
      }
      context.on(
        slider,
        'scroll',
        () => {
          if (moving || config.fade) return;
          const at = Math.round(slider.scrollLeft / step());
          if (at !== index && Math.abs(slider.scrollLeft - index * step()) > 1) {
            index = Math.max(0, Math.min(last(), at));
          }
          render();
        },
        { passive: true },
      );
      const stopBreakpoints = watchBreakpoint((now) => {
        bp = now;
        slider.style.setProperty('--slides-to-show', String(show()));
        index = Math.min(index, last());
        render();
      }, win);
      const resize = new ResizeObserver(() => {
        if (!widget) themeButtons();
      });
      resize.observe(slider);
      schedule();
      cleanups.push(() => {
        clock.clearTimeout(timer);
        moving?.stop();
        stopBreakpoints();
        resize.disconnect();
        nav.remove();
        if (widget) for (const slide of slides) slide.inert = false;
      });
    };

    context.each(CAROUSEL_SELECTOR, init);
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  },
});
