import { type MapStore, map } from 'nanostores';
import { announce } from '../../shared/a11y/announce.ts';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { emit } from '../../shared/events.ts';
import { languageOf } from '../../shared/format/messages.ts';
import { logWarning } from '../../shared/log.ts';
import { navigation } from '../../shared/navigation.ts';
import { sanitizer } from '../../shared/sanitizer.ts';
import { shop } from '../../shared/shop/adapter.ts';
import { ShopError } from '../../shared/shop/request.ts';
import type { Suggestion } from '../../shared/shop/schemas.ts';
import type { ShopAdapter } from '../../shared/shop/types.ts';
import { $pageConfig } from '../../shared/stores/page-config.ts';
import { SearchCache } from './shop-live-search.cache.ts';
import { announcement, idle, type LiveSearchState, moved } from './shop-live-search.list.ts';
import type { LiveSearchSettings } from './shop-live-search.settings.ts';
import { isNoResults, toOptions } from './shop-live-search.suggestions.ts';
import { resultsUrl } from './shop-live-search.theme-form.ts';

/**
 * The behaviour of `<shop-live-search>` (spec §4, §5, §7, §9 Live search) without React: the
 * request delay, aborting the request in flight, ignoring answers for older queries, the answer
 * cache (`shop-live-search.cache.ts`) and bad-query prevention, the blur-hide timer, the keys,
 * and applying the list's pure rules (`shop-live-search.list.ts`) to its open/active state. The
 * element creates it (`shop-live-search.ts`) and connects it while it is on the page; the view
 * renders {@link LiveSearchController.$state} and forwards the shopper's intents here.
 */

const TAG = 'shop-live-search';

/** What the controller needs from its surroundings. */
export interface LiveSearchOptions {
  /** The element: events are emitted from it, its `lang` picks plural forms, its document's base resolves URLs. */
  host: HTMLElement;
  /** The settings in use now (they may change while the element runs). */
  settings: () => LiveSearchSettings;
  /** The field's and the dropdown's values to start from (the theme's form), read on every connection. */
  initial?: () => { query?: string; category?: string };
  /** The shop's search (default: the installed adapter, `shop()`). */
  shop?: Pick<ShopAdapter, 'searchUrl' | 'search'>;
  /** The page's search latency in ms when the `delay` setting is null (spec §9). */
  searchLatency?: () => number;
  /** Timers (default: the page's). */
  clock?: Clock;
  /** Polite announcements (default: the page's one live region). */
  announce?: (text: string) => void;
  /** Submits the theme's own form with these values; false when there is none. */
  submitForm?: (query: string, category: string) => boolean;
}

/** What a key press on the field did: whether its default action is prevented, and where the caret goes. */
export interface KeyOutcome {
  handled: boolean;
  caret?: 'start' | 'end';
}

/** One live search: created once per element, connected while the element is on the page ({@link connect}). */
export class LiveSearchController {
  /** The state the view renders. */
  readonly $state: MapStore<LiveSearchState>;

  readonly #options: LiveSearchOptions;
  readonly #clock: Clock;
  readonly #announce: (text: string) => void;
  #cache: SearchCache<Suggestion>;
  /** URL of the query on screen; an answer for another URL is never shown. */
  #url = '';
  /** Sequence number of the newest request; older answers are never shown. */
  #seq = 0;
  #abort: AbortController | null = null;
  #delayTimer: unknown;
  #blurTimer: unknown;
  #focusWithin = false;

  constructor(options: LiveSearchOptions) {
    this.#options = options;
    this.#clock = options.clock ?? pageClock;
    this.#announce = options.announce ?? announce;
    this.#cache = this.#newCache();
    this.$state = map<LiveSearchState>(idle());
  }

  /**
   * Starts as a new element would: the field and the dropdown hold the theme form's values, no
   * list, a fresh cache. Returns the stop: the timers and the request in flight end (its answer
   * is not shown, and no failure is reported). A later `connect()` starts again.
   */
  connect(): () => void {
    const { query = '', category = '' } = this.#options.initial?.() ?? {};
    this.#url = '';
    this.#focusWithin = false;
    this.#cache = this.#newCache();
    this.$state.set({ ...idle(), query, category });
    return () => this.#stop();
  }

  // ---- intents --------------------------------------------------------------------------------

  /** The shopper typed: `value` is the field's new text. */
  input(value: string): void {
    this.#update({ query: value, active: -1 });
    this.#lookup(value, this.#state.category);
  }

  /** The shopper picked a category: spec §4 resets the service URL, hides the list and re-runs the query. */
  category(value: string): void {
    this.#update({ category: value });
    this.#hide();
    this.#lookup(this.#state.query, value, true);
  }

  /** A key went down in the field (WAI-ARIA APG editable combobox with list autocomplete). */
  keyDown(key: string, { altKey = false } = {}): KeyOutcome {
    const { open, active, query } = this.#state;
    switch (key) {
      case 'ArrowDown':
        this.#move(open ? 'next' : 'first', altKey);
        return { handled: true };
      case 'ArrowUp':
        if (altKey && open) this.#hide();
        else this.#move(open ? 'previous' : 'last', altKey);
        return { handled: true };
      case 'Enter':
        // Without an active option the form submits (Enter searches).
        if (!open || active < 0) return { handled: false };
        this.choose(active);
        return { handled: true };
      case 'Escape':
        if (open) this.#hide();
        else if (query) this.input(''); // APG: Escape on a closed combobox clears the field.
        return { handled: true };
      case 'Home':
      case 'End':
        if (!open || active < 0) return { handled: false };
        // APG: back to the field, caret at the start or the end.
        this.#update({ active: -1 });
        return { handled: true, caret: key === 'Home' ? 'start' : 'end' };
      case 'ArrowLeft':
      case 'ArrowRight':
        if (active >= 0) this.#update({ active: -1 });
        return { handled: false };
      default:
        return { handled: false };
    }
  }

  /** The shopper chose the option at `index` (click, or Enter on the active one). */
  choose(index: number): void {
    const { options, query, category } = this.#state;
    const option = options[index];
    // spec §3: id -1 (and anything without a safe URL) does not navigate.
    if (!option || option.url === null) return;
    const { url, suggestion, name } = option;
    // The name as text (WordPress's entities decoded, issue 11 item 7) fills the field and the event.
    emit(this.#options.host, 'shop-search-selected', {
      query,
      category,
      id: suggestion.id,
      value: name,
      url,
    });
    this.#cancel();
    this.#hide(); // spec §4: hidden after a selection.
    this.#update({ query: name });
    navigation.assign(url);
  }

  /** The shopper searched (Enter without an active option, or the button). */
  submit(): void {
    const { query, category } = this.#state;
    emit(this.#options.host, 'shop-search-submitted', { query, category });
    this.#cancel();
    this.#hide();
    if (this.#options.submitForm?.(query, category)) return;
    navigation.assign(resultsUrl(this.#options.settings().action, this.#base, query, category));
  }

  /** Focus moved into the element's form. */
  focusIn(): void {
    // Suggestions carry the shop's price HTML: its sanitiser (a lazy chunk, issue 19) comes now.
    sanitizer.preload();
    this.#focusWithin = true;
    this.#clock.clearTimeout(this.#blurTimer);
  }

  /** Focus left a control of the form; `stillInside` when it went to another control of it. */
  focusOut(stillInside: boolean): void {
    this.#focusWithin = stillInside;
    // spec §4, §9: the list hides 200 ms after the field loses focus.
    this.#clock.clearTimeout(this.#blurTimer);
    this.#blurTimer = this.#clock.setTimeout(() => this.#hide(), this.#options.settings().hideDelay);
  }

  /** The field got focus: devbridge shows the suggestions of a query already typed again. */
  fieldFocused(): void {
    const { query, category } = this.#state;
    if (query.trim().length >= this.#options.settings().minChars) this.#lookup(query, category);
  }

  // ---- behaviour ------------------------------------------------------------------------------

  /** Stops timers and the request in flight; the element left the page. */
  #stop(): void {
    this.#clock.clearTimeout(this.#delayTimer);
    this.#clock.clearTimeout(this.#blurTimer);
    this.#abort?.abort();
    this.#abort = null;
    this.#seq += 1;
  }

  get #state(): LiveSearchState {
    return this.$state.get();
  }

  #update(patch: Partial<LiveSearchState>): void {
    this.$state.set({ ...this.$state.get(), ...patch });
  }

  get #base(): string {
    return this.#options.host.ownerDocument.baseURI;
  }

  get #shop(): Pick<ShopAdapter, 'searchUrl' | 'search'> {
    return this.#options.shop ?? shop();
  }

  #newCache(): SearchCache<Suggestion> {
    const { cache, preventBadQueries } = this.#options.settings();
    return new SearchCache<Suggestion>({ cache, preventBadQueries });
  }

  /** The cache for the settings in use: a new one when caching options changed. */
  #currentCache(): SearchCache<Suggestion> {
    const { cache, preventBadQueries } = this.#options.settings();
    if (this.#cache.cache !== cache || this.#cache.preventBadQueries !== preventBadQueries)
      this.#cache = this.#newCache();
    return this.#cache;
  }

  #hide(): void {
    this.#update({ open: false, active: -1 });
  }

  /** Stops the request in flight (its answer will not be shown) and the pending delay. */
  #cancel(): void {
    this.#clock.clearTimeout(this.#delayTimer);
    this.#abort?.abort();
    this.#abort = null;
    this.#seq += 1;
    this.#update({ loading: false });
  }

  #show(answer: readonly Suggestion[]): void {
    // spec §4: hidden when there are no results; §5: an exact match is not auto-selected.
    const none = isNoResults(answer);
    if (none) this.#hide();
    else this.#update({ options: toOptions(answer, this.#base), active: -1 });
    if (!this.#focusWithin) return;
    if (!none) this.#update({ open: true });
    this.#announce(announcement(answer, this.#options.settings().messages, languageOf(this.#options.host)));
  }

  /** Arrow keys: move in an open list, or open a closed one from the cache (or ask the shop). */
  #move(to: 'next' | 'previous' | 'first' | 'last', altKey: boolean): void {
    const cached = () => (this.#url ? this.#currentCache().get(this.#url) : undefined);
    const patch = moved(this.#state, to, altKey, cached, this.#base);
    if (patch) this.#update(patch);
    else this.#lookup(this.#state.query, this.#state.category, true);
  }

  /** Runs the query now in the field (spec §5 Live search, §9 Search and prefetch). */
  #lookup(query: string, category: string, immediate = false): void {
    const settings = this.#options.settings();
    this.#clock.clearTimeout(this.#delayTimer);
    if (query.trim().length < settings.minChars) {
      // spec §5: starts only at 3 or more characters; spec §4: shorter hides the list.
      this.#url = '';
      this.#cancel();
      this.#hide();
      return;
    }
    const url = this.#shop.searchUrl(query, category || undefined);
    this.#url = url;
    const cache = this.#currentCache();
    const cached = cache.get(url);
    if (cached) {
      // A cache hit is not a request: shown at once, without the delay.
      this.#cancel();
      this.#show(cached);
      return;
    }
    if (cache.isBadQuery(query, category)) {
      this.#cancel();
      this.#hide();
      return;
    }
    const delay = settings.delay ?? this.#options.searchLatency?.() ?? $pageConfig.get().searchLatency;
    if (immediate || delay <= 0) void this.#request(query, category, url);
    else this.#delayTimer = this.#clock.setTimeout(() => void this.#request(query, category, url), delay);
  }

  async #request(query: string, category: string, url: string): Promise<void> {
    // Every new request aborts the one in flight.
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const seq = ++this.#seq;
    const cache = this.#currentCache();
    const current = () => seq === this.#seq && url === this.#url;
    this.#update({ loading: true, error: null }); // spec §4: loading from request start until completion.
    try {
      const answer = await this.#shop.search(url, abort.signal);
      cache.set(url, query, category, answer, isNoResults(answer));
      if (current()) this.#show(answer);
    } catch (error) {
      if (abort.signal.aborted || (error instanceof ShopError && error.kind === 'aborted')) return;
      // A failed request leaves the box working for the next keystroke; the page hears of it.
      const message = error instanceof Error ? error.message : String(error);
      logWarning(TAG, message);
      emit(this.#options.host, 'shop-search-failed', { query, category, message });
      if (current()) {
        this.#update({ error: message });
        this.#hide();
      }
    } finally {
      if (seq === this.#seq) {
        this.#abort = null;
        this.#update({ loading: false });
      }
    }
  }
}
