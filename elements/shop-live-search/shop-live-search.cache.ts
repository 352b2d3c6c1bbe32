/**
 * The live search's memory (spec §7 Site ajax endpoint, §5 Live search), without DOM or React:
 * answers cached per request URL (the URL carries every parameter, so the category is part of
 * the key), and queries known to find nothing, so that longer queries starting with them are
 * never sent (devbridge-autocomplete's `preventBadQueries`, here kept per category).
 */

/** Options of a {@link SearchCache}. */
export interface SearchCacheOptions {
  /** Remember answers per URL (devbridge's `noCache: false`). */
  cache?: boolean;
  /** Skip queries that extend a query known to find nothing. */
  preventBadQueries?: boolean;
  /** Most URLs remembered; the least recently used go first. */
  maxEntries?: number;
}

/** Cache of search answers keyed by URL, plus the bad queries per category. */
export class SearchCache<T> {
  readonly #answers = new Map<string, readonly T[]>();
  readonly #badQueries = new Map<string, string[]>();
  readonly #cache: boolean;
  readonly #preventBadQueries: boolean;
  readonly #maxEntries: number;

  constructor(options: SearchCacheOptions = {}) {
    this.#cache = options.cache ?? true;
    this.#preventBadQueries = options.preventBadQueries ?? true;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 200);
  }

  /** The remembered answer for `url`, if any. */
  get(url: string): readonly T[] | undefined {
    const answer = this.#answers.get(url);
    if (answer) {
      // Refresh its place so the most used queries stay.
      this.#answers.delete(url);
      this.#answers.set(url, answer);
    }
    return answer;
  }

  /**
   * Remembers the answer for `url`, sent for `query` in `category`. `empty` says the answer found
   * nothing (the shop's lone id -1 entry counts as nothing), which makes `query` a bad query.
   */
  set(url: string, query: string, category: string, answer: readonly T[], empty: boolean): void {
    // devbridge: bad queries are only recorded while caching is on.
    if (!this.#cache) return;
    this.#answers.delete(url);
    this.#answers.set(url, answer);
    while (this.#answers.size > this.#maxEntries) {
      const oldest = this.#answers.keys().next().value;
      if (oldest === undefined) break;
      this.#answers.delete(oldest);
    }
    if (empty && this.#preventBadQueries && query !== '') {
      const list = this.#badQueries.get(category) ?? [];
      if (!list.includes(query)) list.push(query);
      this.#badQueries.set(category, list);
    }
  }

  /**
   * True when `query` starts with a query that found nothing in the same `category` (spec §5:
   * not re-sent for longer queries that start with it). Case-sensitive, like devbridge.
   */
  isBadQuery(query: string, category: string): boolean {
    if (!this.#preventBadQueries) return false;
    return (this.#badQueries.get(category) ?? []).some((bad) => query.startsWith(bad));
  }

  /** Forgets everything. */
  clear(): void {
    this.#answers.clear();
    this.#badQueries.clear();
  }

  /** True when answers are remembered. */
  get cache(): boolean {
    return this.#cache;
  }

  /** True when queries extending a bad query are skipped. */
  get preventBadQueries(): boolean {
    return this.#preventBadQueries;
  }

  /** Number of URLs remembered. */
  get size(): number {
    return this.#answers.size;
  }
}
