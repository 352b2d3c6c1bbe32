import type { Clock } from '../../shared/clock.ts';

/** Slider timing (spec §9 "Slider timings"): a scroll (or a wheel gesture) has ended when quiet this long. */
export const SCROLL_END_MS = 150;

/** What the track asks of the slider it scrolls for. */
export interface SnapTrackOptions {
  clock: Clock;
  /** The card the slider shows first now. */
  index(): number;
  /** The nearest card a view can start at. */
  clamp(index: number): number;
  /** The shopper scrolled the track (swipe, trackpad, scrollbar) and it came to rest at `index`. */
  settled(index: number): void;
  /** A wheel turn over the slider; returns whether it moved the slider (then the page keeps still). */
  wheel(delta: number): boolean;
}

/** Where `slide`'s start edge is from the track's start edge, in px (right edges when rtl). */
function offsetOf(slide: Element, box: DOMRect, rtl: boolean) {
  const rect = slide.getBoundingClientRect();
  return rtl ? rect.right - box.right : rect.left - box.left;
}

/**
 * The slider's track as a native CSS scroll-snap scroller (issue 14): moves scroll it (smoothly,
 * or at once), and the current card follows its scroll position once scrolling has been quiet for
 * SCROLL_END_MS (spec §9), whether buttons, autoplay, a swipe or a trackpad moved it.
 */
export class SnapTrack {
  readonly #options: SnapTrackOptions;
  #element: HTMLElement | null = null;
  #scrollTimer: unknown;
  /** The card a smooth scroll of ours is heading for (null: none, or the shopper took over). */
  #heading: number | null = null;

  constructor(options: SnapTrackOptions) {
    this.#options = options;
  }

  /** Scrolls the track so the current card is at its start (the snap position, scroll-snap-align: start). */
  scroll(behavior: ScrollBehavior): void {
    const track = this.#element;
    const index = this.#options.index();
    const slide = track?.children[index];
    if (!track || !slide) return;
    const rtl = getComputedStyle(track).direction === 'rtl';
    const delta = offsetOf(slide, track.getBoundingClientRect(), rtl);
    this.#heading = behavior === 'smooth' && Math.abs(delta) >= 1 ? index : null;
    if (Math.abs(delta) >= 1) track.scrollTo({ left: track.scrollLeft + delta, behavior });
  }

  /**
   * Follows `element`, the horizontally scrolling element whose children are the slides; the
   * wheel on `root` turns the slider (`wheelscroll`). Returns the stop.
   */
  observe(root: HTMLElement, element: HTMLElement): () => void {
    const { clock } = this.#options;
    this.#element = element;
    const onScroll = () => {
      clock.clearTimeout(this.#scrollTimer);
      this.#scrollTimer = clock.setTimeout(() => this.#settle(), SCROLL_END_MS);
    };
    // The shopper takes over from a smooth scroll of ours: wherever it ends is theirs.
    const takeOver = () => {
      this.#heading = null;
    };
    // Not passive: a wheel that turned the slider must not scroll the page.
    const onWheel = (event: WheelEvent) => {
      takeOver();
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      if (this.#options.wheel(delta)) event.preventDefault();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('pointerdown', takeOver, { passive: true });
    element.addEventListener('touchstart', takeOver, { passive: true });
    element.addEventListener('keydown', takeOver);
    root.addEventListener('wheel', onWheel, { passive: false });
    this.scroll('auto');
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('pointerdown', takeOver);
      element.removeEventListener('touchstart', takeOver);
      element.removeEventListener('keydown', takeOver);
      root.removeEventListener('wheel', onWheel);
      this.stop();
      if (this.#element === element) this.#element = null;
    };
  }

  /** Forgets a scroll waiting to settle. */
  stop(): void {
    this.#options.clock.clearTimeout(this.#scrollTimer);
  }

  /** The card whose start edge is nearest the track's start: the current one once scrolling ends. */
  #settle() {
    const track = this.#element;
    if (!track || track.children.length === 0) return;
    const rtl = getComputedStyle(track).direction === 'rtl';
    const box = track.getBoundingClientRect();
    let nearest = 0;
    let distance = Number.POSITIVE_INFINITY;
    [...track.children].forEach((slide, i) => {
      const d = Math.abs(offsetOf(slide, box, rtl));
      if (d < distance) [nearest, distance] = [i, d];
    });
    const index = this.#options.clamp(nearest);
    const target = this.#heading;
    this.#heading = null;
    // Our smooth scroll stopped short (an engine may end it early, e.g. on a layout change): finish
    // it at once rather than take the card it stopped at as the shopper's choice.
    if (target !== null && index !== target) return this.scroll('auto');
    if (index !== this.#options.index()) this.#options.settled(index);
  }
}
