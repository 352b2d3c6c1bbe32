import { map, type ReadableAtom } from 'nanostores';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { logWarning } from '../../shared/log.ts';
import { parsePage, type Review, readReviewMarkup, readReviewScript } from './shop-reviews.data.ts';
import { aggregateRating, writeJsonLd } from './shop-reviews.jsonld.ts';
import { columnsFor, type SizeClass, sizeClassOf } from './shop-reviews.layout.ts';
import { type Fetch, pageUrl, requestJson } from './shop-reviews.request.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';

/** Slider timings (spec §9 "Slider timings"). */
export const SCROLL_END_MS = 150;
export const RESIZE_MS = 150;
export const VISIBILITY_RETRY_MS = 300;

/** What the view renders. */
export interface ReviewsState {
  reviews: readonly Review[];
  /** Ids of reviews whose text was expanded ("read more", spec §4 Review text). */
  expanded: readonly string[];
  /** Container width in px (0 until measured, or while hidden). */
  width: number;
  sizeClass: SizeClass;
  columns: number;
  /** The first card in view (slider). */
  index: number;
  /** Autoplay is on (the pause control turns it off; off under reduced motion, spec §4 / issue 14). */
  playing: boolean;
  /** Autoplay waits: the pointer is over the slider (mousestop) or focus is inside it. */
  held: boolean;
  /** A request for more reviews is under way. */
  loading: boolean;
  /** The endpoint has more reviews. */
  more: boolean;
}

/** What a lightbox opener gets (the lightbox module, or a test double). */
export interface LightboxRequest {
  review: Review;
  index: number;
  opener: HTMLElement | null;
  settings: ReviewsSettings;
}

export interface ReviewsControllerOptions {
  host: HTMLElement;
  /** The element's settings (`host.settings$`, or an atom in a test). */
  settings: ReadableAtom<ReviewsSettings>;
  clock?: Clock;
  fetch?: Fetch;
  /** Milliseconds since the epoch (review times are compared with it). */
  now?(): number;
  /** Whether the shopper asked for reduced motion (no autoplay then). */
  reducedMotion?: boolean;
  /** Opens the lightbox (default: PhotoSwipe, loaded when first needed). */
  openLightbox?(request: LightboxRequest): Promise<unknown>;
}

/** The behaviour of `<shop-reviews>`, without React. */
export interface ReviewsController {
  readonly $state: ReadableAtom<ReviewsState>;
  now(): number;
  /** Starts size observation of `container` (ResizeObserver, debounced RESIZE_MS); returns the stop. */
  observe(container: HTMLElement): () => void;
  /** A measured container width (debounced unless `now`). */
  resize(width: number, now?: boolean): void;
  setReviews(reviews: readonly Review[]): void;
  expand(id: string): void;
  next(): void;
  previous(): void;
  goTo(index: number): void;
  /** A swipe (or wheel turn) towards the end (`1`) or the start (`-1`). */
  swipe(direction: 1 | -1): void;
  /** A wheel event's delta: moves once per gesture (until the scroll ends, SCROLL_END_MS). Returns whether it moved. */
  wheel(delta: number): boolean;
  /** The pause/play control. */
  setPlaying(playing: boolean): void;
  /** Pointer over (mousestop) or focus inside the slider. */
  hold(reason: 'pointer' | 'focus' | 'lightbox', on: boolean): void;
  /** A click inside the slider (clickstop). */
  click(): void;
  setReducedMotion(reduced: boolean): void;
  loadMore(): Promise<void>;
  lightbox(review: Review, index: number, opener: HTMLElement | null): Promise<unknown>;
  /** The dots: the card index each one shows, and which is current. */
  dots(): { targets: number[]; current: number };
  /**
   * Connects the slider (issue 14: native CSS scroll-snap). `track` is the horizontally scrolling
   * element whose children are the slides: moves scroll it (smoothly, or at once under reduced
   * motion), and the current card follows its scroll position once scrolling has been quiet for
   * SCROLL_END_MS (spec §9), whether buttons, autoplay, a swipe or a trackpad moved it. The wheel
   * on `root` turns the slider when `wheelscroll` is set. Returns the stop.
   */
  attach(root: HTMLElement, track: HTMLElement): () => void;
  /** Scrolls the track to the current card at once (after the columns or the cards changed). */
  align(): void;
  /** Stops timers and observers (the widget left the page); state stays for a re-insertion. */
  suspend(): void;
}

const controllers = new WeakMap<HTMLElement, ReviewsController>();

/**
 * The controller of `host`, created on first use: the widget initialises once (spec §3 "once per
 * widget marked as not yet executed", `data-exec`), so a re-inserted or re-rendered widget keeps
 * its reviews, position and expanded texts.
 */
export function reviewsControllerFor(options: ReviewsControllerOptions): ReviewsController {
  let controller = controllers.get(options.host);
  if (!controller) {
    controller = createReviewsController(options);
    controllers.set(options.host, controller);
  }
  return controller;
}

async function photoSwipe(request: LightboxRequest) {
  const { openLightbox } = await import('./shop-reviews.lightbox.ts');
  return openLightbox(request);
}

/** Creates a controller; the element uses {@link reviewsControllerFor}. */
export function createReviewsController({
  host,
  settings,
  clock = pageClock,
  fetch,
  now = () => Date.now(),
  reducedMotion = false,
  openLightbox = photoSwipe,
}: ReviewsControllerOptions): ReviewsController {
  host.setAttribute('data-exec', 'true');
  const initial = readReviewScript(host) ?? readReviewMarkup(host);
  const $state = map<ReviewsState>({
    reviews: initial,
    expanded: [],
    width: 0,
    sizeClass: 'xs',
    columns: 1,
    index: 0,
    playing: settings.get().autoplay && !reducedMotion,
    held: false,
    loading: false,
    more: settings.get().reviews_url !== '',
  });
  let reduced = reducedMotion;
  let stopped = false;
  const holds = new Set<string>();
  let autoplayTimer: unknown;
  let resizeTimer: unknown;
  let retryTimer: unknown;
  let wheelTimer: unknown;
  let wheeling = false;
  let scrollTimer: unknown;
  let container: HTMLElement | null = null;
  let track: HTMLElement | null = null;
  /** The card a smooth scroll of ours is heading for (null: none, or the shopper took over). */
  let heading: number | null = null;

  const maxIndex = () => Math.max(0, $state.get().reviews.length - $state.get().columns);
  const isSlider = () => settings.get().layout === 'slider';
  const clamp = (index: number) => Math.min(maxIndex(), Math.max(0, index));

  function schedule() {
    clock.clearTimeout(autoplayTimer);
    autoplayTimer = undefined;
    const s = $state.get();
    if (!isSlider() || !s.playing || s.held || stopped || s.reviews.length <= s.columns) return;
    autoplayTimer = clock.setTimeout(() => {
      autoplayTimer = undefined;
      // Autoplay moves forward and jumps back to the start at the end (spec §4 Reviews slider).
      const { index } = $state.get();
      move(index >= maxIndex() ? 0 : index + (settings.get().swipe_step ? 1 : $state.get().columns));
      schedule();
    }, settings.get().speed * 1000);
  }

  function move(index: number) {
    $state.setKey('index', clamp(index));
    scrollTrack(reduced ? 'auto' : 'smooth');
    nearEnd();
  }

  /** Where `slide`'s start edge is from the track's start edge, in px (right edges when rtl). */
  function offsetOf(slide: Element, box: DOMRect, rtl: boolean) {
    const rect = slide.getBoundingClientRect();
    return rtl ? rect.right - box.right : rect.left - box.left;
  }

  /** Scrolls the track so the current card is at its start (the snap position, scroll-snap-align: start). */
  function scrollTrack(behavior: ScrollBehavior) {
    const slide = track?.children[$state.get().index];
    if (!track || !slide) return;
    const rtl = getComputedStyle(track).direction === 'rtl';
    const delta = offsetOf(slide, track.getBoundingClientRect(), rtl);
    heading = behavior === 'smooth' && Math.abs(delta) >= 1 ? $state.get().index : null;
    if (Math.abs(delta) >= 1) track.scrollTo({ left: track.scrollLeft + delta, behavior });
  }

  /** The card whose start edge is nearest the track's start: the current one once scrolling ends. */
  function settle() {
    if (!track || track.children.length === 0) return;
    const rtl = getComputedStyle(track).direction === 'rtl';
    const box = track.getBoundingClientRect();
    let nearest = 0;
    let distance = Number.POSITIVE_INFINITY;
    [...track.children].forEach((slide, i) => {
      const d = Math.abs(offsetOf(slide, box, rtl));
      if (d < distance) [nearest, distance] = [i, d];
    });
    const index = clamp(nearest);
    const target = heading;
    heading = null;
    // Our smooth scroll stopped short (an engine may end it early, e.g. on a layout change): finish
    // it at once rather than take the card it stopped at as the shopper's choice.
    if (target !== null && index !== target) return scrollTrack('auto');
    if (index === $state.get().index) return;
    // The shopper scrolled (swipe, trackpad, scrollbar): the position is theirs; autoplay starts over from it.
    $state.setKey('index', index);
    nearEnd();
    schedule();
  }

  /** Loads more when the view reaches the last screenful (spec §4: further reviews on scroll). */
  function nearEnd() {
    const s = $state.get();
    if (isSlider() && s.more && s.index + 2 * s.columns >= s.reviews.length) void controller.loadMore();
  }

  function applyWidth(width: number) {
    clock.clearTimeout(retryTimer);
    if (width <= 0) {
      // Hidden (a closed tab, display:none): measure again later (spec §9 visibility retry).
      if (container) {
        retryTimer = clock.setTimeout(
          () => applyWidth(container?.getBoundingClientRect().width ?? 0),
          VISIBILITY_RETRY_MS,
        );
      }
      return;
    }
    const columns = columnsFor(width, settings.get().breakpoints);
    $state.set({ ...$state.get(), width, sizeClass: sizeClassOf(width), columns });
    $state.setKey('index', clamp($state.get().index));
    schedule();
    nearEnd();
  }

  const step = (perCard: boolean) => (perCard ? 1 : $state.get().columns);

  const controller: ReviewsController = {
    $state,
    now,
    observe(element) {
      container = element;
      applyWidth(element.getBoundingClientRect().width);
      if (typeof ResizeObserver === 'undefined') return () => {};
      const observer = new ResizeObserver((entries) => {
        const width = entries.at(-1)?.contentRect.width ?? 0;
        controller.resize(width);
      });
      observer.observe(element);
      return () => {
        observer.disconnect();
        if (container === element) container = null;
      };
    },
    resize(width, immediate = false) {
      clock.clearTimeout(resizeTimer);
      // The cards' widths follow the container at once: keep the current card at the start
      // (before the scroll this causes is read back as a move).
      if (width !== $state.get().width) scrollTrack('auto');
      if (immediate) applyWidth(width);
      else resizeTimer = clock.setTimeout(() => applyWidth(width), RESIZE_MS);
    },
    setReviews(reviews) {
      $state.set({ ...$state.get(), reviews: [...reviews], index: 0 });
      scrollTrack('auto');
      schedule();
    },
    expand(id) {
      const { expanded } = $state.get();
      if (!expanded.includes(id)) $state.setKey('expanded', [...expanded, id]);
    },
    next() {
      const { index } = $state.get();
      move(index >= maxIndex() ? 0 : index + step(settings.get().swipe_per_btn));
      schedule();
    },
    previous() {
      const { index } = $state.get();
      move(index <= 0 ? maxIndex() : index - step(settings.get().swipe_per_btn));
      schedule();
    },
    goTo(index) {
      move(index);
      schedule();
    },
    swipe(direction) {
      move($state.get().index + direction * step(settings.get().swipe_step));
      schedule();
    },
    wheel(delta) {
      if (!settings.get().wheelscroll || delta === 0) return false;
      // One move per wheel gesture: the gesture ends when no wheel event came for SCROLL_END_MS.
      clock.clearTimeout(wheelTimer);
      wheelTimer = clock.setTimeout(() => {
        wheeling = false;
      }, SCROLL_END_MS);
      if (wheeling) return true;
      wheeling = true;
      const before = $state.get().index;
      controller.swipe(delta > 0 ? 1 : -1);
      return $state.get().index !== before;
    },
    setPlaying(playing) {
      if (playing) stopped = false;
      $state.setKey('playing', playing);
      schedule();
    },
    hold(reason, on) {
      if (reason === 'pointer' && !settings.get().mousestop) return;
      if (on) holds.add(reason);
      else holds.delete(reason);
      $state.setKey('held', holds.size > 0);
      schedule();
    },
    click() {
      if (!settings.get().clickstop || !$state.get().playing) return;
      stopped = true;
      $state.setKey('playing', false);
      schedule();
    },
    setReducedMotion(value) {
      if (value === reduced) return;
      reduced = value;
      if (value) $state.setKey('playing', false);
      schedule();
    },
    async loadMore() {
      const s = $state.get();
      const { reviews_url, pagination } = settings.get();
      if (s.loading || !s.more) return;
      const url = pageUrl(reviews_url, s.reviews.length, pagination);
      if (!url) {
        if (reviews_url) logWarning('shop-reviews', `reviews_url is not an http(s) address: ${reviews_url}`);
        $state.setKey('more', false);
        return;
      }
      $state.setKey('loading', true);
      const page = parsePage(await requestJson('GET', url, { fetch }));
      // Spec §8: any status but 200 (or an unreadable answer) changes nothing.
      if (!page) {
        $state.setKey('loading', false);
        return;
      }
      const known = new Set($state.get().reviews.map((r) => r.id));
      const fresh = page.reviews.filter((r) => !known.has(r.id));
      $state.set({
        ...$state.get(),
        reviews: [...$state.get().reviews, ...fresh],
        loading: false,
        more: page.more && fresh.length > 0,
      });
      schedule();
    },
    lightbox(review, index, opener) {
      holds.add('lightbox');
      $state.setKey('held', true);
      schedule();
      const done = () => controller.hold('lightbox', false);
      return openLightbox({ review, index, opener, settings: settings.get() }).then(
        (result) => {
          done();
          return result;
        },
        (error: unknown) => {
          done();
          logWarning('shop-reviews', 'the lightbox could not open', error);
        },
      );
    },
    attach(root, element) {
      track = element;
      const onScroll = () => {
        clock.clearTimeout(scrollTimer);
        scrollTimer = clock.setTimeout(settle, SCROLL_END_MS);
      };
      // Not passive: a wheel that turned the slider must not scroll the page.
      // The shopper takes over from a smooth scroll of ours: wherever it ends is theirs.
      const takeOver = () => {
        heading = null;
      };
      const onWheel = (event: WheelEvent) => {
        takeOver();
        const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
        if (controller.wheel(delta)) event.preventDefault();
      };
      element.addEventListener('scroll', onScroll, { passive: true });
      element.addEventListener('pointerdown', takeOver, { passive: true });
      element.addEventListener('touchstart', takeOver, { passive: true });
      element.addEventListener('keydown', takeOver);
      root.addEventListener('wheel', onWheel, { passive: false });
      scrollTrack('auto');
      return () => {
        element.removeEventListener('scroll', onScroll);
        element.removeEventListener('pointerdown', takeOver);
        element.removeEventListener('touchstart', takeOver);
        element.removeEventListener('keydown', takeOver);
        root.removeEventListener('wheel', onWheel);
        clock.clearTimeout(scrollTimer);
        if (track === element) track = null;
      };
    },
    align() {
      scrollTrack('auto');
    },
    dots() {
      const { columns, index, reviews } = $state.get();
      const max = maxIndex();
      const targets: number[] = [];
      if (settings.get().swipe_per_dot) for (let i = 0; i <= max; i++) targets.push(i);
      else for (let i = 0; i < reviews.length; i += columns) targets.push(Math.min(i, max));
      const unique = [...new Set(targets)];
      let current = 0;
      unique.forEach((target, i) => {
        if (target <= index) current = i;
      });
      return { targets: unique, current };
    },
    suspend() {
      for (const timer of [autoplayTimer, resizeTimer, retryTimer, wheelTimer, scrollTimer])
        clock.clearTimeout(timer);
      autoplayTimer = undefined;
      wheeling = false;
    },
  };
  // Settings may change after the start (a `settings` property set later).
  let autoplay = settings.get().autoplay;
  settings.listen((value) => {
    if (value.autoplay !== autoplay) {
      autoplay = value.autoplay;
      stopped = false;
      $state.setKey('playing', autoplay && !reduced);
    }
    if ($state.get().width > 0) applyWidth($state.get().width);
    else schedule();
  });
  // JSON-LD aggregate rating that matches the reviews shown (opt-in, issue 14).
  const rating = () =>
    writeJsonLd(host, aggregateRating($state.get().reviews, settings.get().aggregate_rating));
  let shown = $state.get().reviews;
  $state.listen((value) => {
    if (value.reviews === shown) return;
    shown = value.reviews;
    rating();
  });
  settings.listen(rating);
  rating();
  if (initial.length === 0 && settings.get().reviews_url) void controller.loadMore();
  return controller;
}
