import { plural } from '../../shared/format/messages.ts';
import type { Suggestion } from '../../shared/shop/schemas.ts';
import type { LiveSearchSettings } from './shop-live-search.settings.ts';
import {
  decodeEntities,
  isNoResults,
  moveActive,
  productCount,
  type SuggestionOption,
  toOptions,
} from './shop-live-search.suggestions.ts';

/**
 * The suggestion list of `<shop-live-search>` as values: the state the view renders and the one
 * it starts from, moving the active option over the options that navigate (opening a closed list
 * from the suggestions already cached, spec §5, WAI-ARIA APG), and what an answer says to screen
 * readers (spec §8). Pure: the controller (`shop-live-search.controller.ts`) keeps the time,
 * the requests, the cache, the events and navigation, and applies what these functions return,
 * so the list's rules read, and change, without that machinery around them.
 */

/** What the view renders. */
export interface LiveSearchState {
  /** The text in the field. */
  query: string;
  /** The chosen category ('' for all). */
  category: string;
  /** The suggestions of the query on screen, URLs checked. */
  options: readonly SuggestionOption[];
  /** True while the list is shown (spec §4). */
  open: boolean;
  /** Index of the active option, -1 for none (spec §5: an exact match is not auto-selected). */
  active: number;
  /** True from request start until completion (spec §4: the button's loading state). */
  loading: boolean;
  /** Message of the last failed request for the query on screen, null when it did not fail. */
  error: string | null;
}

/** The state before anything was typed. */
export function idle(): LiveSearchState {
  return { query: '', category: '', options: [], open: false, active: -1, loading: false, error: null };
}

/** Which options can be active (those that navigate). */
export function enabledOf(options: readonly SuggestionOption[]): boolean[] {
  return options.map((o) => o.url !== null);
}

/**
 * An arrow key's move: in an open list, the next enabled option; a closed list opens with the
 * suggestions `cached` for the query on screen (Alt+Down without moving into it, APG). Undefined
 * when there is nothing to open: the shop is asked.
 */
export function moved(
  { open, options, active }: LiveSearchState,
  to: 'next' | 'previous' | 'first' | 'last',
  altKey: boolean,
  cached: () => readonly Suggestion[] | undefined,
  base: string,
): Partial<LiveSearchState> | undefined {
  if (open) return { active: moveActive(enabledOf(options), active, to) };
  const answer = cached();
  if (!answer || isNoResults(answer)) return;
  const shown = toOptions(answer, base);
  return { options: shown, open: true, active: altKey ? -1 : moveActive(enabledOf(shown), -1, to) };
}

/**
 * What an answer says to screen readers: the shop's own no-results text (or ours; spec §8: no
 * visible notice), or how many products were found.
 */
export function announcement(
  answer: readonly Suggestion[],
  messages: LiveSearchSettings['messages'],
  lang: string | undefined,
): string {
  if (isNoResults(answer))
    return answer.map((s) => decodeEntities(s.value).trim()).find(Boolean) ?? messages.noResults;
  return plural(lang, productCount(answer), { one: messages.resultsOne, other: messages.resultsOther });
}
