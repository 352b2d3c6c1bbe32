import PhotoSwipe from 'photoswipe';
import { type Clock, pageClock } from '../clock.ts';
import { fill } from '../format/messages.ts';
import { adoptStyles } from '../style-sheets.ts';
import { idleControls, LIGHTBOX } from './common.ts';
import { captionStyles, lightboxStyles } from './photoswipe.styles.ts';

/**
 * A fullscreen PhotoSwipe lightbox for any element (spec §4 "Gallery lightbox": closed, open,
 * zoomed, closed; controls idle after 4000 ms). Import it with `import()` only when a lightbox
 * opens: PhotoSwipe then comes in its own lazy chunk, never in the shared one.
 */

export { LIGHTBOX } from './common.ts';

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
}

export interface LightboxOptions {
  slides: readonly LightboxSlide[];
  index: number;
  /** Gets focus back when the lightbox has closed. */
  opener: HTMLElement | null;
  texts: LightboxTexts;
  clock?: Clock;
  /** No animations (default: the shopper's `prefers-reduced-motion`). */
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
  // Adopted by the document once.
  adoptStyles(document, lightboxStyles, captionStyles);
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
    returnFocus: false,
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
  const closed = new Promise<void>((resolve) => {
    pswp.on('destroy', () => {
      stopIdle();
      if (opener?.isConnected) opener.focus();
      resolve();
    });
  });
  pswp.init();
  return { closed, close: () => pswp.destroy() };
}
