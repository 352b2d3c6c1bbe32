import { emit } from '../events.ts';
import { logError } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';
import { adoptStyles } from '../style-sheets.ts';
import { attributeKeeper, prefersReducedMotion } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const LOOP_FILTER_SELECTOR = '[data-shop-loop]';

/**
 * Loop filtering of the page-builder add-on, as a page behaviour installed from markup
 * (spec §2 "Popups and filters", §3 "Loop filter state per widget", "Loop refresh request",
 * §4 "Loop widget", §5 "Loop filter", §6 nonce, §7 "Loop refresh", §8 loop refresh failed):
 *
 * ```html
 * <div data-shop-loop="w1" data-post-id="12">…the loop's items…</div>
 * <nav data-shop-loop-filter="w1" data-taxonomy="product_cat" data-logical-join="OR" data-multiple>
 *   <button type="button" data-filter="__all">All</button>
 *   <button type="button" data-filter="hoodies">Hoodies</button>
 * </nav>
 * ```
 *
 * A filter change updates the address (`e-filter-{widgetId}-{taxonomy}` with terms joined by '+'
 * for AND or '~' for OR; `e-page-{widgetId}` is dropped), posts the refresh request and replaces
 * the loop's markup with the sanitised `data` of the answer. Back and forward restore the filter.
 */

export type LogicalJoin = 'AND' | 'OR';

/** spec §3 "Loop filter state per widget". */
export interface TaxonomyFilter {
  filterType: 'taxonomy';
  filterData: { terms: string[]; selectedTaxonomy: string; logicalJoin: LogicalJoin };
}
/** A widget's filters, by taxonomy. */
export type WidgetFilters = Record<string, TaxonomyFilter>;

/** spec §9 "Filter separators". */
export const SEPARATORS = { AND: '+', OR: '~', NOT: '!' } as const;
export const ALL_TERMS = '__all';

export const filterParam = (widgetId: string, taxonomy: string) => `e-filter-${widgetId}-${taxonomy}`;
export const pageParam = (widgetId: string) => `e-page-${widgetId}`;

/** Joins terms with the operator's separator. */
export function encodeTerms(terms: readonly string[], join: LogicalJoin): string {
  return terms.join(SEPARATORS[join]);
}

/**
 * Reads a filter parameter's value. '+' (or the space a query string makes of it) is AND, '~' is
 * OR; NOT ('!') or a mix is not AND or OR, so it disables filtering (spec §5): null.
 */
export function parseFilterValue(value: string): { terms: string[]; logicalJoin: LogicalJoin } | null {
  if (!value || value.includes(SEPARATORS.NOT)) return null;
  const and = /[+ ]/.test(value);
  const or = value.includes(SEPARATORS.OR);
  if (and && or) return null;
  const terms = value.split(or ? SEPARATORS.OR : /[+ ]/).filter(Boolean);
  return terms.length ? { terms, logicalJoin: or ? 'OR' : 'AND' } : null;
}

/** The operator a filter widget names; anything but AND or OR disables filtering (null). */
export function parseJoin(value: string | null | undefined): LogicalJoin | null {
  const join = (value ?? 'AND').toUpperCase();
  return join === 'AND' || join === 'OR' ? join : null;
}

/** A widget's filters as the address holds them. */
export function filtersFromUrl(url: URL, widgetId: string): WidgetFilters {
  const prefix = `e-filter-${widgetId}-`;
  const filters: WidgetFilters = {};
  for (const [name, value] of url.searchParams) {
    if (!name.startsWith(prefix)) continue;
    const taxonomy = name.slice(prefix.length);
    const parsed = parseFilterValue(value);
    if (!taxonomy || !parsed) continue;
    filters[taxonomy] = {
      filterType: 'taxonomy',
      filterData: { terms: parsed.terms, selectedTaxonomy: taxonomy, logicalJoin: parsed.logicalJoin },
    };
  }
  return filters;
}

/** The address for a widget's filters (its page parameter is reset unless `page` is given). */
export function urlWithFilters(url: URL, widgetId: string, filters: WidgetFilters, page = 1): URL {
  const next = new URL(url.href);
  for (const name of [...next.searchParams.keys()])
    if (name.startsWith(`e-filter-${widgetId}-`) || name === pageParam(widgetId))
      next.searchParams.delete(name);
  for (const [taxonomy, filter] of Object.entries(filters))
    if (filter.filterData.terms.length)
      next.searchParams.set(
        filterParam(widgetId, taxonomy),
        encodeTerms(filter.filterData.terms, filter.filterData.logicalJoin),
      );
  if (page > 1) next.searchParams.set(pageParam(widgetId), String(page));
  return next;
}

/** spec §3 "Loop refresh request" / §7 "Loop refresh": the JSON body. */
export interface LoopRefreshBody {
  post_id: number;
  widget_filters: WidgetFilters;
  widget_id: string;
  pagination_base_url: string;
  widget_model?: unknown;
  is_edit_mode?: true;
}

export function refreshBody(o: {
  postId: number;
  widgetId: string;
  filters: WidgetFilters;
  paginationBaseUrl: string;
  editMode?: { widgetModel: unknown } | null;
}): LoopRefreshBody {
  const body: LoopRefreshBody = {
    post_id: o.postId,
    widget_filters: o.filters,
    widget_id: o.widgetId,
    pagination_base_url: o.paginationBaseUrl,
  };
  // Edit-mode fields only in edit mode.
  if (o.editMode) {
    body.widget_model = o.editMode.widgetModel;
    body.is_edit_mode = true;
  }
  return body;
}

/** The REST base and nonce the page prints (`wpApiSettings`, else `ElementorProFrontendConfig`). */
export function restConfig(doc: Document = document): { root: string; nonce: string } {
  const wp = readPageData('wpApiSettings', doc) as { root?: unknown; nonce?: unknown } | undefined;
  const pro = readPageData('ElementorProFrontendConfig', doc) as
    | { nonce?: unknown; urls?: { rest?: unknown } }
    | undefined;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    root: str(wp?.root) ?? str(pro?.urls?.rest) ?? '/wp-json/',
    nonce: str(wp?.nonce) ?? str(pro?.nonce) ?? '',
  };
}

export interface LoopFilterOptions {
  doc?: Document;
  fetch?: typeof fetch;
  /** Whether to leave motion out (the overlay's fades), asked each time; default the user's preference. */
  reducedMotion?: () => boolean;
}

/** spec §9 "Overlay defaults: fade in 200 ms, fade out 400 ms": the loading overlay's fades. */
export const OVERLAY_FADE_IN_MS = 200;
export const OVERLAY_FADE_OUT_MS = 400;

export interface LoopFilters {
  /** The filters of a widget now. */
  filters(widgetId: string): WidgetFilters;
  /** Sets a widget's filters (and page), updates the address and refreshes the loop. */
  apply(widgetId: string, filters: WidgetFilters, page?: number): Promise<void>;
  /** Asks for the loop's markup for its current filters (without touching the address). */
  refresh(widgetId: string): Promise<void>;
  /** Resolves when no refresh is in progress. */
  settled(): Promise<void>;
  dispose(): void;
}

const OVERLAY_CSS = `
[data-shop-loop] { position: relative; }
.shop-loop-overlay { position: absolute; inset: 0; background: rgb(255 255 255 / 0.6); cursor: progress; }
.shop-loop-overlay--out { pointer-events: none; }
[data-shop-loop-filter] [aria-pressed="true"] { font-weight: bold; }
`;

/** What the steps of loop filtering share: the page, the filters by widget, the refreshes under way. */
interface LoopScope {
  doc: Document;
  win: Window;
  fetcher: typeof fetch;
  state: Map<string, WidgetFilters>;
  inFlight: Map<string, AbortController>;
  pending: Set<Promise<void>>;
  /** Filter widgets whose operator was already reported. */
  reported: WeakSet<Element>;
  /** The filter buttons' attributes as printed, put back on dispose. */
  printed: ReturnType<typeof attributeKeeper>;
  reducedMotion: () => boolean;
  disposed: boolean;
}

const loopOf = (scope: LoopScope, widgetId: string) =>
  [...scope.doc.querySelectorAll<HTMLElement>('[data-shop-loop]')].find(
    (el) => el.dataset.shopLoop === widgetId,
  );

const navsOf = (scope: LoopScope, widgetId: string) =>
  [...scope.doc.querySelectorAll<HTMLElement>('[data-shop-loop-filter]')].filter(
    (el) => el.dataset.shopLoopFilter === widgetId,
  );

/** Shows the chosen terms as pressed buttons. */
function reflectFilters(scope: LoopScope, widgetId: string): void {
  const filters = scope.state.get(widgetId) ?? {};
  for (const nav of navsOf(scope, widgetId)) {
    const taxonomy = nav.dataset.taxonomy ?? '';
    const terms = filters[taxonomy]?.filterData.terms ?? [];
    for (const button of nav.querySelectorAll<HTMLElement>('[data-filter]')) {
      const term = button.dataset.filter ?? '';
      scope.printed.keep(button, 'aria-pressed');
      button.setAttribute(
        'aria-pressed',
        String(term === ALL_TERMS ? terms.length === 0 : terms.includes(term)),
      );
    }
  }
}

/** The refresh request of a loop for its widget's current filters (spec §3 "Loop refresh request"). */
function refreshRequest(scope: LoopScope, loop: HTMLElement, widgetId: string, signal: AbortSignal) {
  const { root, nonce } = restConfig(scope.doc);
  let widgetModel: unknown = null;
  if (loop.hasAttribute('data-edit-mode')) {
    try {
      widgetModel = JSON.parse(loop.dataset.widgetModel ?? 'null');
    } catch {
      widgetModel = null;
    }
  }
  const body = refreshBody({
    postId: Number(loop.dataset.postId) || 0,
    widgetId,
    filters: scope.state.get(widgetId) ?? {},
    paginationBaseUrl: scope.win.location.href,
    editMode: loop.hasAttribute('data-edit-mode') ? { widgetModel } : null,
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (nonce) headers['X-WP-Nonce'] = nonce;
  const url = new URL(`${root.replace(/\/?$/, '/')}elementor-pro/v1/refresh-loop`, scope.win.location.href);
  const init: RequestInit = {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  };
  return { url, init };
}

const overlayOf = (loop: HTMLElement) => loop.querySelector<HTMLElement>(':scope > .shop-loop-overlay');

/**
 * spec §4 "Loop widget": a loading overlay while a refresh is in progress, fading in over 200 ms
 * (spec §9; at once under reduced motion). An overlay still fading out is taken back.
 */
function showLoading(scope: LoopScope, loop: HTMLElement): void {
  let overlay = overlayOf(loop);
  if (overlay) {
    for (const animation of overlay.getAnimations()) animation.cancel();
    overlay.classList.remove('shop-loop-overlay--out');
  } else {
    overlay = scope.doc.createElement('div');
    overlay.className = 'shop-loop-overlay';
    loop.append(overlay);
    if (!scope.reducedMotion())
      overlay.animate([{ opacity: 0 }, { opacity: 1 }], { duration: OVERLAY_FADE_IN_MS, easing: 'ease-out' });
  }
  loop.setAttribute('aria-busy', 'true');
}

/** The refresh is over: the loop is no longer busy, and its overlay fades out over 400 ms (spec §9). */
function hideLoading(scope: LoopScope, loop: HTMLElement): void {
  loop.removeAttribute('aria-busy');
  const overlay = overlayOf(loop);
  if (!overlay) return;
  if (scope.disposed || scope.reducedMotion()) {
    overlay.remove();
    return;
  }
  for (const animation of overlay.getAnimations()) animation.cancel();
  overlay.classList.add('shop-loop-overlay--out'); // clicks go through while it fades
  const fade = overlay.animate([{ opacity: 1 }, { opacity: 0 }], {
    duration: OVERLAY_FADE_OUT_MS,
    easing: 'ease-in',
    fill: 'forwards',
  });
  fade.onfinish = () => overlay.remove();
}

/** Asks for the loop's markup for its current filters and puts the answer in (spec §7 "Loop refresh"). */
function refreshLoop(scope: LoopScope, widgetId: string): Promise<void> {
  const loop = loopOf(scope, widgetId);
  if (!loop) return Promise.resolve();
  scope.inFlight.get(widgetId)?.abort();
  const abort = new AbortController();
  scope.inFlight.set(widgetId, abort);
  const { url, init } = refreshRequest(scope, loop, widgetId, abort.signal);
  showLoading(scope, loop);
  // The sanitizer (DOMPurify, 12 kB) comes with the first refresh, beside its request, rather
  // than with every page that has a filter (issue 32).
  const sanitizer = import('../sanitize.ts');
  sanitizer.catch(() => {}); // awaited below when an answer came; a failure is then the refresh's
  const task = (async () => {
    try {
      const response = await scope.fetcher(url, init);
      if (!response.ok) return;
      const json = (await response.json()) as { data?: unknown };
      if (abort.signal.aborted || typeof json?.data !== 'string') return;
      const { sanitizeToFragment } = await sanitizer;
      if (abort.signal.aborted) return;
      const overlay = overlayOf(loop);
      loop.replaceChildren(sanitizeToFragment(json.data, scope.doc));
      if (overlay) loop.append(overlay); // to fade out over the new items
      emit(loop, 'shop-loop-refreshed', { widgetId });
    } catch {
      // spec §8: a failed refresh is ignored; the widget is unchanged.
    } finally {
      if (scope.inFlight.get(widgetId) === abort) {
        scope.inFlight.delete(widgetId);
        hideLoading(scope, loop);
      }
    }
  })();
  scope.pending.add(task);
  void task.finally(() => scope.pending.delete(task));
  return task;
}

/** Sets a widget's filters (and page), updates the address and refreshes the loop. */
function applyFilters(scope: LoopScope, widgetId: string, filters: WidgetFilters, page = 1): Promise<void> {
  scope.state.set(widgetId, filters);
  reflectFilters(scope, widgetId);
  const url = urlWithFilters(new URL(scope.win.location.href), widgetId, filters, page);
  scope.win.history.pushState({ shopLoop: widgetId }, '', url);
  return refreshLoop(scope, widgetId);
}

/** The terms after pressing `term` (all, or one more or less, or the only one). */
function termsAfterPress(nav: HTMLElement, current: readonly string[], term: string): string[] {
  if (term === ALL_TERMS) return [];
  if (nav.hasAttribute('data-multiple'))
    return current.includes(term) ? current.filter((t) => t !== term) : [...current, term];
  return current.length === 1 && current[0] === term ? [] : [term];
}

/** A press on a filter button: the widget's new filters, applied. */
function pressFilter(scope: LoopScope, button: HTMLElement, event: Event): void {
  const nav = button.closest<HTMLElement>('[data-shop-loop-filter]')!;
  const widgetId = nav.dataset.shopLoopFilter ?? '';
  const taxonomy = nav.dataset.taxonomy ?? '';
  const join = parseJoin(nav.dataset.logicalJoin);
  event.preventDefault();
  if (!join || !taxonomy) {
    if (!scope.reported.has(nav)) {
      scope.reported.add(nav);
      logError(null, `loop filter for "${widgetId}": the operator must be AND or OR; filtering is disabled.`);
    }
    return;
  }
  const filters = { ...(scope.state.get(widgetId) ?? {}) };
  const terms = termsAfterPress(nav, filters[taxonomy]?.filterData.terms ?? [], button.dataset.filter ?? '');
  if (terms.length)
    filters[taxonomy] = {
      filterType: 'taxonomy',
      filterData: { terms, selectedTaxonomy: taxonomy, logicalJoin: join },
    };
  else delete filters[taxonomy];
  void applyFilters(scope, widgetId, filters);
}

/** A pagination link inside a loop (`e-page-{widgetId}`): that page, with the same filters. */
function followPageLink(scope: LoopScope, target: Element | null, event: MouseEvent): void {
  const link = target?.closest?.<HTMLAnchorElement>('[data-shop-loop] a[href]');
  const loop = link?.closest<HTMLElement>('[data-shop-loop]');
  if (!link || !loop || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  const widgetId = loop.dataset.shopLoop ?? '';
  const page = Number(new URL(link.href).searchParams.get(pageParam(widgetId)));
  if (!Number.isInteger(page) || page < 1) return;
  event.preventDefault();
  void applyFilters(scope, widgetId, scope.state.get(widgetId) ?? {}, page);
}

/** Reads every widget's filters from the address; refreshes the loops whose filters or page changed. */
function filtersFromAddress(scope: LoopScope, refreshChanged: boolean): void {
  const url = new URL(scope.win.location.href);
  for (const loop of scope.doc.querySelectorAll<HTMLElement>('[data-shop-loop]')) {
    const widgetId = loop.dataset.shopLoop ?? '';
    const filters = filtersFromUrl(url, widgetId);
    const before = JSON.stringify(scope.state.get(widgetId) ?? {});
    scope.state.set(widgetId, filters);
    reflectFilters(scope, widgetId);
    const changed = before !== JSON.stringify(filters) || url.searchParams.has(pageParam(widgetId));
    if (refreshChanged && changed) void refreshLoop(scope, widgetId);
  }
}

/** Installs loop filtering on the loops and filter widgets in `doc`. */
export function installLoopFilters({
  doc = document,
  fetch: fetcher = fetch.bind(window),
  reducedMotion = () => prefersReducedMotion(),
}: LoopFilterOptions = {}): LoopFilters {
  const win = doc.defaultView ?? window;
  const scope: LoopScope = {
    doc,
    win,
    fetcher,
    state: new Map(),
    inFlight: new Map(),
    pending: new Set(),
    reported: new WeakSet(),
    printed: attributeKeeper(),
    reducedMotion,
    disposed: false,
  };
  adoptStyles(doc, OVERLAY_CSS);
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const button = target?.closest?.<HTMLElement>('[data-shop-loop-filter] [data-filter]');
    if (button) pressFilter(scope, button, event);
    else followPageLink(scope, target, event);
  };
  doc.addEventListener('click', onClick);
  // Back/forward restore the filter.
  const onPopState = () => filtersFromAddress(scope, true);
  win.addEventListener('popstate', onPopState);
  filtersFromAddress(scope, true);

  return {
    filters: (widgetId) => scope.state.get(widgetId) ?? {},
    apply: (widgetId, filters, page) => applyFilters(scope, widgetId, filters, page),
    refresh: (widgetId) => refreshLoop(scope, widgetId),
    async settled() {
      while (scope.pending.size) await Promise.allSettled([...scope.pending]);
    },
    dispose() {
      doc.removeEventListener('click', onClick);
      win.removeEventListener('popstate', onPopState);
      scope.disposed = true;
      for (const [widgetId, abort] of scope.inFlight) {
        abort.abort();
        loopOf(scope, widgetId)?.removeAttribute('aria-busy');
      }
      for (const loop of doc.querySelectorAll<HTMLElement>('[data-shop-loop]')) overlayOf(loop)?.remove();
      scope.printed.restore();
    },
  };
}

/**
 * Loop filtering as a page behaviour, once per document (the filters live in the document's
 * address): a loop printed without its items (a cached or static page) asks for them at once.
 */
export const installLoopFilter = definePageBehaviour({
  name: 'loop-filter',
  selector: LOOP_FILTER_SELECTOR,
  scope: 'document',
  install(_root, { document: doc, reducedMotion }) {
    const filters = installLoopFilters({ doc, reducedMotion });
    for (const loop of doc.querySelectorAll<HTMLElement>('[data-shop-loop][data-refresh-on-load]'))
      if (!loop.hasAttribute('aria-busy')) void filters.refresh(loop.dataset.shopLoop ?? '');
    return () => filters.dispose();
  },
});
