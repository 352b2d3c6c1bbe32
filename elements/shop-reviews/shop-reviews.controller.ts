import { type MapStore, map, type ReadableAtom } from 'nanostores';
import { type Clock, pageClock } from '../../shared/clock.ts';
import type { OpenLightbox } from '../../shared/lightbox/photoswipe.ts';
import { logError, logWarning } from '../../shared/log.ts';
import {
  appendPage,
  type MarkupProblem,
  markupReport,
  pageUrl,
  parsePage,
  type Review,
  readReviewMarkup,
  readReviewScript,
} from './shop-reviews.data.ts';
import { aggregateRating, writeJsonLd } from './shop-reviews.jsonld.ts';
import { columnsFor, dotsOf, type SizeClass, sizeClassOf } from './shop-reviews.layout.ts';
import type { PhotosRequest } from './shop-reviews.photos.ts';
import { type Fetch, requestJson } from './shop-reviews.request.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';
import { SCROLL_END_MS, SnapTrack } from './shop-reviews.track.ts';

/** Slider timings (spec §9 "Slider timings"). */
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
  /** Autoplay waits: the pointer is over the slider (mousestop), focus is inside it, or a photo is open. */
  held: boolean;
  /** A request for more reviews is under way. */
  loading: boolean;
  /** The endpoint has more reviews. */
  more: boolean;
}

export interface ReviewsControllerOptions {
  host: HTMLElement;
  /** The element's settings (`host.settings$`, or an atom in a test). */
  settings: ReadableAtom<ReviewsSettings>;
  /** Time (review ages count from `clock.now()`) and timers. */
  clock?: Clock;
  fetch?: Fetch;
  /** Whether the shopper asked for reduced motion (no autoplay then; default: the media query now). */
  reducedMotion?: boolean;
  /** Opens a review's photos (default: the shared lightbox, shop-reviews.photos.ts, loaded on first use). */
  openLightbox?(request: PhotosRequest): Promise<OpenLightbox>;
}

/** The review photos' lazy chunk, with PhotoSwipe (the shared lightbox's own chunk). */
const openPhotos = async (request: PhotosRequest) =>
  (await import('./shop-reviews.photos.ts')).openPhotos(request);

/**
 * The behaviour of `<shop-reviews>`, without React: the reviews (read once, from the markup or
 * the script, spec §3), their layout for the container's width (debounced RESIZE_MS, measured
 * again after VISIBILITY_RETRY_MS while hidden), the slider's moves and autoplay (every `speed`
 * seconds; held by the pointer, focus or an open photo; stopped by a click, clickstop; off under
 * reduced motion), loading more, the JSON-LD rating and the photo lightbox. The element creates
 * it once, so a re-inserted widget keeps its reviews, position and expanded texts; `connect()`
 * starts what runs while it is on the page, and the view lends it the container (`observeSize`)
 * and the slider's scroll-snap track (`track.observe`), each returning its stop.
 */
export class ReviewsController {
  readonly #state: MapStore<ReviewsState>;
  readonly #host: HTMLElement;
  readonly #settings: ReadableAtom<ReviewsSettings>;
  readonly #clock: Clock;
  readonly #fetch: Fetch | undefined;
  readonly #openLightbox: (request: PhotosRequest) => Promise<OpenLightbox>;
  /** The slider's scroll-snap track; the view lends it the track element (`track.observe`). */
  readonly track: SnapTrack;
  /** The settings last acted on. */
  #seen: ReviewsSettings;
  #reduced: boolean;
  readonly #holds = new Set<string>();
  /** A click in the slider stopped autoplay (clickstop) until it is turned on again. */
  #clickStopped = false;
  #autoplayTimer: unknown;
  #resizeTimer: unknown;
  #retryTimer: unknown;
  #wheelTimer: unknown;
  #wheeling = false;
  #container: HTMLElement | null = null;
  #firstLoadAsked = false;
  #disconnect: (() => void) | undefined;
  /**
   * The widget was printed already marked `data-exec="true"`: another script ran it (spec §3
   * "initialises once per widget marked as not yet executed"), so it is left alone: its markup
   * shows as printed, nothing is read, loaded or played.
   */
  readonly leftAlone: boolean;

  constructor(options: ReviewsControllerOptions) {
    const { host, settings } = options;
    this.#host = host;
    this.#settings = settings;
    this.#clock = options.clock ?? pageClock;
    this.#fetch = options.fetch;
    this.#openLightbox = options.openLightbox ?? openPhotos;
    this.#seen = settings.get();
    this.#reduced = options.reducedMotion ?? window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.leftAlone = host.getAttribute('data-exec') === 'true';
    host.setAttribute('data-exec', 'true');
    const problems: MarkupProblem[] = [];
    const reviews = this.leftAlone ? [] : (readReviewScript(host) ?? readReviewMarkup(host, problems));
    // One report for every printed review with a bad number; they and the others still show.
    if (problems.length) logError('shop-reviews', markupReport(problems));
    this.#state = map<ReviewsState>({
      reviews,
      expanded: [],
      width: 0,
      sizeClass: 'xs',
      columns: 1,
      index: 0,
      playing: this.#seen.autoplay && !this.#reduced,
      held: false,
      loading: false,
      more: !this.leftAlone && this.#seen.reviews_url !== '',
    });
    this.track = new SnapTrack({
      clock: this.#clock,
      index: () => this.#state.get().index,
      clamp: (index) => this.#clamp(index),
      settled: (index) => {
        // The shopper scrolled: the position is theirs; autoplay starts over from it.
        this.#state.setKey('index', index);
        this.#nearEnd();
        this.#schedule();
      },
      wheel: (delta) => this.wheel(delta),
    });
  }

  /** The state the view renders. */
  get $state(): ReadableAtom<ReviewsState> {
    return this.#state;
  }

  /** Milliseconds since the epoch, from the clock (review times are compared with it). */
  now(): number {
    return this.#clock.now();
  }

  /**
   * Follows the settings (and what changed while the widget was away), keeps the JSON-LD rating
   * equal to the reviews shown (opt-in, issue 14), loads the first page into an empty widget once,
   * and runs autoplay. Returns the stop: listeners off, every timer cleared; the state stays.
   */
  connect(): () => void {
    if (this.leftAlone) return () => {};
    if (this.#disconnect) return this.#disconnect;
    const stopSettings = this.#settings.listen((value) => this.#configure(value));
    let shown = this.#state.get().reviews;
    const stopReviews = this.#state.listen(({ reviews }) => {
      if (reviews === shown) return;
      shown = reviews;
      this.#rating();
    });
    if (this.#settings.get() !== this.#seen) this.#configure(this.#settings.get());
    this.#rating();
    const stop = () => {
      if (this.#disconnect !== stop) return;
      stopSettings();
      stopReviews();
      this.#disconnect = undefined;
      for (const timer of [this.#resizeTimer, this.#retryTimer, this.#wheelTimer, this.#autoplayTimer])
        this.#clock.clearTimeout(timer);
      this.#wheeling = false;
      this.track.stop();
    };
    this.#disconnect = stop;
    if (!this.#firstLoadAsked) {
      this.#firstLoadAsked = true;
      if (this.#state.get().reviews.length === 0 && this.#seen.reviews_url) void this.loadMore();
    }
    this.#schedule();
    return stop;
  }

  /** Observes `container`'s size (ResizeObserver, debounced RESIZE_MS); returns the stop. */
  observeSize(container: HTMLElement): () => void {
    this.#container = container;
    this.#applyWidth(container.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return () => {};
    const observer = new ResizeObserver((entries) => this.resize(entries.at(-1)?.contentRect.width ?? 0));
    observer.observe(container);
    return () => {
      observer.disconnect();
      if (this.#container === container) this.#container = null;
    };
  }

  /** A measured container width (debounced unless `immediate`). */
  resize(width: number, immediate = false): void {
    this.#clock.clearTimeout(this.#resizeTimer);
    // The cards' widths follow the container at once: keep the current card at the start
    // (before the scroll this causes is read back as a move).
    if (width !== this.#state.get().width) this.track.scroll('auto');
    if (immediate) this.#applyWidth(width);
    else this.#resizeTimer = this.#clock.setTimeout(() => this.#applyWidth(width), RESIZE_MS);
  }

  setReviews(reviews: readonly Review[]): void {
    this.#state.set({ ...this.#state.get(), reviews: [...reviews], index: 0 });
    this.track.scroll('auto');
    this.#schedule();
  }

  expand(id: string): void {
    const { expanded } = this.#state.get();
    if (!expanded.includes(id)) this.#state.setKey('expanded', [...expanded, id]);
  }

  next(): void {
    const { index } = this.#state.get();
    this.goTo(index >= this.#maxIndex() ? 0 : index + this.#step(this.#settings.get().swipe_per_btn));
  }

  previous(): void {
    const { index } = this.#state.get();
    this.goTo(index <= 0 ? this.#maxIndex() : index - this.#step(this.#settings.get().swipe_per_btn));
  }

  goTo(index: number): void {
    this.#move(index);
    this.#schedule();
  }

  /** A swipe (or wheel turn) towards the end (`1`) or the start (`-1`). */
  swipe(direction: 1 | -1): void {
    this.goTo(this.#state.get().index + direction * this.#step(this.#settings.get().swipe_step));
  }

  /** A wheel event's delta: moves once per gesture (until the scroll ends, SCROLL_END_MS). Returns whether it moved. */
  wheel(delta: number): boolean {
    if (!this.#settings.get().wheelscroll || delta === 0) return false;
    // One move per wheel gesture: the gesture ends when no wheel event came for SCROLL_END_MS.
    this.#clock.clearTimeout(this.#wheelTimer);
    this.#wheelTimer = this.#clock.setTimeout(() => {
      this.#wheeling = false;
    }, SCROLL_END_MS);
    if (this.#wheeling) return true;
    this.#wheeling = true;
    const before = this.#state.get().index;
    this.swipe(delta > 0 ? 1 : -1);
    return this.#state.get().index !== before;
  }

  /** The pause/play control. */
  setPlaying(playing: boolean): void {
    if (playing) this.#clickStopped = false;
    this.#state.setKey('playing', playing);
    this.#schedule();
  }

  /** Pointer over the slider (mousestop), focus inside it, or a photo open: autoplay waits. */
  hold(reason: 'pointer' | 'focus' | 'lightbox', on: boolean): void {
    if (reason === 'pointer' && !this.#settings.get().mousestop) return;
    if (on) this.#holds.add(reason);
    else this.#holds.delete(reason);
    this.#state.setKey('held', this.#holds.size > 0);
    this.#schedule();
  }

  /** A click inside the slider (clickstop). */
  click(): void {
    if (!this.#settings.get().clickstop || !this.#state.get().playing) return;
    this.#clickStopped = true;
    this.#state.setKey('playing', false);
    this.#schedule();
  }

  setReducedMotion(reduced: boolean): void {
    if (reduced === this.#reduced) return;
    this.#reduced = reduced;
    if (reduced) this.#state.setKey('playing', false);
    this.#schedule();
  }

  /** Loads the next page from `reviews_url` (spec §7; §8: any status but 200 changes nothing). */
  async loadMore(): Promise<void> {
    const s = this.#state.get();
    const { reviews_url, pagination } = this.#settings.get();
    if (s.loading || !s.more) return;
    const url = pageUrl(reviews_url, s.reviews.length, pagination);
    if (!url) {
      if (reviews_url) logWarning('shop-reviews', `reviews_url is not an http(s) address: ${reviews_url}`);
      this.#state.setKey('more', false);
      return;
    }
    this.#state.setKey('loading', true);
    const page = parsePage(await requestJson('GET', url, { fetch: this.#fetch }));
    if (!page) {
      this.#state.setKey('loading', false);
      return;
    }
    const now = this.#state.get();
    this.#state.set({ ...now, ...appendPage(now.reviews, page), loading: false });
    this.#schedule();
  }

  /** Opens `review`'s photos at `index`; autoplay waits until it closes, focus goes back to `opener`. */
  async lightbox(review: Review, index: number, opener: HTMLElement | null): Promise<void> {
    this.hold('lightbox', true);
    const settings = this.#settings.get();
    try {
      const box = await this.#openLightbox({ review, index, opener, settings, clock: this.#clock });
      await box.closed;
    } catch (error) {
      logWarning('shop-reviews', 'the lightbox could not open', error);
    } finally {
      this.hold('lightbox', false);
    }
  }

  /** The dots: the card index each one shows, and which is current. */
  dots(): { targets: number[]; current: number } {
    const { columns, index, reviews } = this.#state.get();
    return dotsOf(reviews.length, columns, index, this.#settings.get().swipe_per_dot);
  }

  #maxIndex() {
    const { reviews, columns } = this.#state.get();
    return Math.max(0, reviews.length - columns);
  }

  #clamp(index: number) {
    return Math.min(this.#maxIndex(), Math.max(0, index));
  }

  #step(perCard: boolean) {
    return perCard ? 1 : this.#state.get().columns;
  }

  /** Settings changed (a `settings` property set later): autoplay, columns, the rating. */
  #configure(value: ReviewsSettings) {
    if (value.autoplay !== this.#seen.autoplay) {
      this.#clickStopped = false;
      this.#state.setKey('playing', value.autoplay && !this.#reduced);
    }
    this.#seen = value;
    const { width } = this.#state.get();
    if (width > 0) this.#applyWidth(width);
    else this.#schedule();
    this.#rating();
  }

  /** The JSON-LD aggregate rating of the reviews shown (opt-in `aggregate_rating`, issue 14). */
  #rating() {
    const { reviews } = this.#state.get();
    writeJsonLd(this.#host, aggregateRating(reviews, this.#settings.get().aggregate_rating));
  }

  /** Autoplay's next step (spec §4 Reviews slider): forward, back to the start at the end. */
  #schedule() {
    this.#clock.clearTimeout(this.#autoplayTimer);
    this.#autoplayTimer = undefined;
    const { playing, held, reviews, columns } = this.#state.get();
    const { layout, speed } = this.#settings.get();
    // Only on the page, in a slider with more cards than a view.
    if (!this.#disconnect || layout !== 'slider' || !playing || held || this.#clickStopped) return;
    if (reviews.length <= columns) return;
    this.#autoplayTimer = this.#clock.setTimeout(() => {
      this.#autoplayTimer = undefined;
      const { index } = this.#state.get();
      this.#move(index >= this.#maxIndex() ? 0 : index + this.#step(this.#settings.get().swipe_step));
      this.#schedule();
    }, speed * 1000);
  }

  #move(index: number) {
    this.#state.setKey('index', this.#clamp(index));
    this.track.scroll(this.#reduced ? 'auto' : 'smooth');
    this.#nearEnd();
  }

  /** Loads more when the view reaches the last screenful (spec §4: further reviews on scroll). */
  #nearEnd() {
    const s = this.#state.get();
    if (this.#settings.get().layout !== 'slider' || !s.more) return;
    if (s.index + 2 * s.columns >= s.reviews.length) void this.loadMore();
  }

  #applyWidth(width: number) {
    this.#clock.clearTimeout(this.#retryTimer);
    if (width <= 0) {
      // Hidden (a closed tab, display:none): measure again later (spec §9 visibility retry).
      if (this.#container) {
        this.#retryTimer = this.#clock.setTimeout(
          () => this.#applyWidth(this.#container?.getBoundingClientRect().width ?? 0),
          VISIBILITY_RETRY_MS,
        );
      }
      return;
    }
    const columns = columnsFor(width, this.#settings.get().breakpoints);
    this.#state.set({ ...this.#state.get(), width, sizeClass: sizeClassOf(width), columns });
    this.#state.setKey('index', this.#clamp(this.#state.get().index));
    this.#schedule();
    this.#nearEnd();
  }
}
