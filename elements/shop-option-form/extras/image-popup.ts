import { textsFrom } from '../../../shared/format/messages.ts';
import type { LightboxSlide, OpenLightbox } from '../../../shared/lightbox/photoswipe.ts';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import { safeUrl } from '../../../shared/url.ts';
import type { FieldDef, OptionValue } from '../engine/schema.ts';
import { largeImageOf } from './image-popup.large.ts';
import { IMAGE_POPUP_TEXTS, type ImagePopupTexts } from './image-popup.texts.ts';

/**
 * The image popup and hover preview of option images (issue 13; spec §2 "an image hover preview,
 * an image popup with previous/next and arrow-key navigation", §8 lightbox image errors, §9 "Image
 * preview max width 600 px. It can be disabled on mobile at width 600 px or less, if set"). A lazy
 * chunk, loaded the first time a shopper hovers a previewed image or opens a popup; the popup is
 * the shared PhotoSwipe lightbox (`shared/lightbox/photoswipe.ts`, its own lazy chunk).
 */

/** spec §9: the preview is at most 600 px wide. */
export const PREVIEW_MAX_WIDTH = 600;
/** spec §9: "mobile" for the preview's opt-out is a window 600 px wide or less. */
export const PREVIEW_MOBILE_QUERY = '(max-width: 600px)';
/** How long the size of a slide's image is waited for before the popup opens anyway. */
const MEASURE_MS = 2500;
/** The size given to an image that could not be measured (PhotoSwipe then shows its error). */
const FALLBACK = { width: 800, height: 800 };

/** One image of the popup, before its size is known. */
export interface PopupImage {
  src: string;
  thumb?: string;
  alt: string;
  caption?: string;
}

/** The natural size of `src`, or the fallback when it does not load in time. */
function measure(src: string): Promise<{ width: number; height: number; ok: boolean }> {
  return new Promise((resolve) => {
    const img = new Image();
    const done = (ok: boolean) => {
      clearTimeout(timer);
      resolve(
        ok && img.naturalWidth
          ? { width: img.naturalWidth, height: img.naturalHeight, ok }
          : { ...FALLBACK, ok: false },
      );
    };
    const timer = setTimeout(() => done(false), MEASURE_MS);
    img.onload = () => done(true);
    img.onerror = () => done(false);
    img.src = src;
  });
}

export interface ImagePopupOptions {
  images: readonly PopupImage[];
  index: number;
  /** Gets focus back when the popup closes. */
  opener: HTMLElement | null;
  texts: ImagePopupTexts;
  reducedMotion?: boolean;
}

/** Opens the option images at `index` in the shared PhotoSwipe lightbox (arrows, Escape, swipe). */
export async function openImagePopup({
  images,
  index,
  opener,
  texts,
  reducedMotion,
}: ImagePopupOptions): Promise<OpenLightbox> {
  const [sizes, { openPhotoSwipe }] = await Promise.all([
    Promise.all(images.map((image) => measure(image.src))),
    import('../../../shared/lightbox/photoswipe.ts'),
  ]);
  const slides: LightboxSlide[] = images.map((image, i) => ({
    src: image.src,
    thumb: sizes[i].ok ? image.thumb : undefined,
    width: sizes[i].width,
    height: sizes[i].height,
    alt: image.alt,
    caption: image.caption ?? '',
  }));
  return openPhotoSwipe({
    slides,
    index,
    opener,
    texts: {
      imageError: texts.imageError,
      imageErrorNumbered: texts.imageErrorNumbered,
      close: texts.imageClose,
      zoom: texts.imageZoom,
      previous: texts.imagePrevious,
      next: texts.imageNext,
      imageOf: texts.imageOf,
    },
    ...(reducedMotion === undefined ? {} : { reducedMotion }),
  });
}

/** The field's options with an image, flattened from option groups. */
function imageOptions(def: FieldDef): OptionValue[] {
  return def.values
    .flatMap((o) => (o.options?.length ? o.options.flatMap((x) => x.options ?? [x]) : [o]))
    .filter((o) => largeImageOf(def, o));
}

/**
 * The popup of an option image button (`image_popup`): the field's images, at `option`'s, with
 * the texts of the element's `messages` (defaults in `image-popup.texts.ts`).
 */
export function openOptionImages({
  def,
  option,
  opener,
  messages,
}: {
  def: FieldDef;
  option: OptionValue;
  opener: HTMLElement;
  messages: object;
}): Promise<OpenLightbox> {
  const options = imageOptions(def);
  const images = options.map((o) => ({
    src: largeImageOf(def, o)!,
    thumb: o.thumb_src ? (safeUrl(o.thumb_src, document.baseURI) ?? undefined) : undefined,
    alt: o.label,
    caption: o.label,
  }));
  const index = Math.max(0, options.indexOf(option));
  return openImagePopup({ images, index, opener, texts: textsFrom(IMAGE_POPUP_TEXTS, messages) });
}

// ---- hover preview ------------------------------------------------------------------------------

const previewCss = `
.image-preview {
  position: fixed; z-index: var(--_z-index, 9999); box-sizing: border-box; pointer-events: none;
  max-width: min(${PREVIEW_MAX_WIDTH}px, calc(100vw - 16px)); padding: 4px; border-radius: var(--_radius);
  background: var(--_surface, Canvas); box-shadow: var(--_shadow, 0 4px 16px rgb(0 0 0 / .25));
  opacity: 0; transition: opacity 150ms;
}
.image-preview[data-shown] { opacity: 1; }
.image-preview img { display: block; max-width: 100%; max-height: calc(100vh - 24px); height: auto; border-radius: inherit; }
@media (prefers-reduced-motion: reduce) { .image-preview { transition: none; } }
`;

let current: { box: HTMLElement; over: Element } | null = null;

export interface PreviewOptions {
  /** spec §9: no preview when the window is 600 px wide or less. */
  disableOnMobile: boolean;
  /** Media query test (default `matchMedia`). */
  matches?(query: string): boolean;
  /** Whether the pointer is still on the image (it may have left while this chunk loaded). */
  hovered?(): boolean;
}

/**
 * Shows `src` beside `over` (an option image the pointer is on), at most 600 px wide, right of it
 * when there is room, else left; decorative (`aria-hidden`): the option keeps its own label.
 */
export function showPreview(over: Element, src: string, options: PreviewOptions): HTMLElement | null {
  const matches = options.matches ?? ((q: string) => window.matchMedia(q).matches);
  if (options.disableOnMobile && matches(PREVIEW_MOBILE_QUERY)) return null;
  if (!over.isConnected || options.hovered?.() === false) return null;
  hidePreview();
  const root = over.getRootNode() as ShadowRoot | Document;
  adoptStyles(root, previewCss);
  const box = document.createElement('div');
  box.className = 'image-preview';
  box.setAttribute('part', 'image-preview');
  box.setAttribute('aria-hidden', 'true');
  const img = document.createElement('img');
  img.alt = '';
  img.src = src;
  box.append(img);
  (root instanceof ShadowRoot ? root : document.body).append(box);
  current = { box, over };
  const place = () => {
    if (current?.box !== box) return;
    const rect = over.getBoundingClientRect();
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    const gap = 8;
    const right = rect.right + gap;
    const left = right + width <= window.innerWidth ? right : Math.max(gap, rect.left - gap - width);
    const top = Math.min(
      Math.max(gap, rect.top + rect.height / 2 - height / 2),
      window.innerHeight - height - gap,
    );
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(Math.max(gap, top))}px`;
    box.setAttribute('data-shown', '');
  };
  if (img.complete) place();
  else {
    img.addEventListener('load', place, { once: true });
    img.addEventListener('error', () => hidePreview(over), { once: true });
  }
  return box;
}

/** Hides the preview (of `over` only, when given). */
export function hidePreview(over?: Element): void {
  if (!current || (over && current.over !== over)) return;
  current.box.remove();
  current = null;
}
