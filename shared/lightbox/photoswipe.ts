import PhotoSwipe from 'photoswipe';
import { type Clock, pageClock } from '../clock.ts';
import { fill } from '../format/messages.ts';
import { adoptStyles } from '../style-sheets.ts';
import { inertOthers, lightboxHost, trapTab } from './photoswipe.modal.ts';
import { captionStyles, lightboxStyles } from './photoswipe.styles.ts';

/**
 * The one lightbox opener: a fullscreen PhotoSwipe lightbox over any images (spec §4 "Gallery
 * lightbox": closed, open, zoomed, closed; controls idle after 4000 ms; §8 texts; focus back to the
 * opener on close). `<product-gallery>`, `<shop-reviews>` and the option form's image popup open
 * it. A modal dialog (WAI-ARIA APG dialog): `aria-modal`, named by the image in view (its alt, or
 * `texts.imageOf`), the page behind inert until it closes (inside the modal `<dialog>` the opener
 * is in, if any: a quick view, a popup), Tab and Shift+Tab cycling through its controls, Escape
 * closing it. Under reduced motion nothing moves: no opening, closing or zoom
 * animation, a still loading icon. Import it with `import()` only when a lightbox opens (callers
 * import its types only): PhotoSwipe then comes in its own lazy chunk, never in the shared one or
 * an element's.
 */

/** spec §9 Cart and reviews: lightbox timings and geometry. */
export const LIGHTBOX = { animationMs: 333, idleMs: 4000, spacing: 0.12, maxZoom: 1.33 } as const;

/** One image of the lightbox. */
export interface LightboxSlide {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Shown under the image ('' for none). */
  caption?: string;
  /** A small image shown while the large one loads. */
  thumb?: string;
}

/** The lightbox's visible strings (the element's `messages`). */
export interface LightboxTexts {
  /** Spec §8 "Lightbox image load failure", with a link to the image (one image). */
  imageError: string;
  /** The same with the image's number, `{index}` (several images). */
  imageErrorNumbered: string;
  close: string;
  zoom: string;
  previous: string;
  next: string;
  /** The dialog's name when the image in view has no alt: `{index}` of `{count}`. */
  imageOf: string;
}

export interface LightboxOptions {
  slides: readonly LightboxSlide[];
  index: number;
  /** Gets focus back when the lightbox has closed. */
  opener: HTMLElement | null;
  texts: LightboxTexts;
  clock?: Clock;
  /** Nothing moves: no animations, a still loading icon (default: the shopper's `prefers-reduced-motion`). */
  reducedMotion?: boolean;
  /** The slide shown changed (its index). */
  onChange?(index: number): void;
}

/** An open lightbox. */
export interface OpenLightbox {
  /** Settles once it has closed and focus went back to the opener. */
  readonly closed: Promise<void>;
  /** Closes it (at once, without animation). */
  close(): void;
}

/** The error line of a slide that failed to load (spec §8 "Lightbox image load failure"). */
function errorElement(texts: LightboxTexts, count: number, index: number, src: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'pswp__error-msg';
  box.setAttribute('role', 'alert');
  if (count > 1) {
    box.textContent = fill(texts.imageErrorNumbered, { index: index + 1 });
  } else {
    const link = document.createElement('a');
    link.href = src;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = texts.imageError;
    box.append(link);
  }
  return box;
}

/**
 * Controls go idle after 4000 ms without pointer or key activity (spec §4 Gallery lightbox), and
 * `data-open` marks the end of the opening animation (PhotoSwipe ignores close until then).
 * Returns the function that stops the idle timer (call it on destroy).
 */
function idleControls(pswp: PhotoSwipe, clock: Clock): () => void {
  let idleTimer: unknown;
  const wake = () => {
    pswp.element?.classList.remove('pswp--ui-idle');
    clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(() => pswp.element?.classList.add('pswp--ui-idle'), LIGHTBOX.idleMs);
  };
  pswp.on('afterInit', () => {
    pswp.element?.addEventListener('pointermove', wake);
    pswp.element?.addEventListener('keydown', wake);
    wake();
  });
  pswp.on('openingAnimationEnd', () => pswp.element?.setAttribute('data-open', ''));
  return () => clock.clearTimeout(idleTimer);
}

/**
 * Makes PhotoSwipe's root a named modal dialog (see the module's comment; `./photoswipe.modal.ts`)
 * and marks it still under reduced motion (`data-still`, see the stylesheet). Returns the function
 * that gives the page back (call it on destroy, before focus goes back to the opener).
 */
function modal(
  pswp: PhotoSwipe,
  host: HTMLElement,
  slides: readonly LightboxSlide[],
  texts: LightboxTexts,
  still: boolean,
) {
  let restore = () => {};
  const name = () =>
    pswp.element?.setAttribute(
      'aria-label',
      slides[pswp.currIndex]?.alt || fill(texts.imageOf, { index: pswp.currIndex + 1, count: slides.length }),
    );
  pswp.on('firstUpdate', () => {
    const root = pswp.element;
    if (!root) return;
    root.setAttribute('aria-modal', 'true');
    root.toggleAttribute('data-still', still);
    restore = inertOthers(root, host);
  });
  pswp.on('change', name);
  // APG dialog: focus moves into it (the dialog itself: arrow keys move, Tab reaches the controls).
  pswp.on('bindEvents', () => pswp.element?.focus());
  pswp.on('keydown', (event) => {
    if (pswp.element && trapTab(pswp.element, event.originalEvent)) event.preventDefault();
  });
  return () => restore();
}

/** Opens `slides` at `index` in PhotoSwipe. */
export function openPhotoSwipe({
  slides,
  index,
  opener,
  texts,
  clock = pageClock,
  reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  onChange,
}: LightboxOptions): OpenLightbox {
  const host = lightboxHost(opener);
  // Adopted by the document (or the shadow root of the modal dialog it opens in) once.
  adoptStyles(host, lightboxStyles, captionStyles);
  const duration = reducedMotion ? 0 : LIGHTBOX.animationMs;
  const pswp = new PhotoSwipe({
    dataSource: slides.map((slide) => ({
      src: slide.src,
      msrc: slide.thumb,
      width: slide.width,
      height: slide.height,
      alt: slide.alt,
      caption: slide.caption ?? '',
    })),
    index,
    showHideAnimationType: reducedMotion ? 'none' : 'fade',
    showAnimationDuration: duration,
    hideAnimationDuration: duration,
    zoomAnimationDuration: duration,
    spacing: LIGHTBOX.spacing,
    maxZoomLevel: LIGHTBOX.maxZoom,
    errorMsg: texts.imageError,
    closeTitle: texts.close,
    zoomTitle: texts.zoom,
    arrowPrevTitle: texts.previous,
    arrowNextTitle: texts.next,
    // Focus is kept inside by `modal()` (PhotoSwipe's trap keeps Shift+Tab on its root).
    trapFocus: false,
    returnFocus: false,
    appendToEl: host,
  });
  pswp.addFilter('contentErrorElement', (_element, content) =>
    errorElement(texts, slides.length, content.index, String(content.data.src ?? '')),
  );
  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element) => {
        element.setAttribute('aria-live', 'polite');
        const show = () => {
          element.textContent = String(pswp.currSlide?.data.caption ?? slides[pswp.currIndex]?.caption ?? '');
        };
        show();
        pswp.on('change', show);
      },
    });
  });
  pswp.on('change', () => onChange?.(pswp.currIndex));
  const stopIdle = idleControls(pswp, clock);
  const restore = modal(pswp, host, slides, texts, reducedMotion);
  const closed = new Promise<void>((resolve) => {
    pswp.on('destroy', () => {
      stopIdle();
      restore();
      if (opener?.isConnected) opener.focus();
      resolve();
    });
  });
  pswp.init();
  return { closed, close: () => pswp.destroy() };
}
