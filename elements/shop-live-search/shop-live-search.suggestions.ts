import type { Suggestion } from '../../shared/shop/schemas.ts';
import { safeUrl } from '../../shared/url.ts';

/**
 * Pure helpers over live-search suggestions (spec §3 Search suggestion): which entries navigate,
 * when an answer counts as "no results", keyboard movement over the enabled options, and the
 * parts of a name that match the query. No DOM, no React.
 */

/** The shop's marker for an entry that does not navigate (spec §3: id -1). */
export const NON_NAVIGATING_ID = -1;

/**
 * The absolute URL to go to for a suggestion, or null when it must not navigate: id -1, an empty
 * url, or a scheme other than http(s) (a `javascript:` URL from a hostile shop never runs).
 */
export function targetUrl(suggestion: Suggestion, base: string): string | null {
  if (suggestion.id === NON_NAVIGATING_ID) return null;
  return safeUrl(suggestion.url, base);
}

/** The absolute http(s) URL of a suggestion's image, or null (none, or another scheme: never written to src). */
export function imageUrl(suggestion: Suggestion, base: string): string | null {
  return safeUrl(suggestion.img, base);
}

/** A suggestion as the list shows it: where it goes (null: it does not navigate) and its image. */
export interface SuggestionOption {
  suggestion: Suggestion;
  url: string | null;
  image: string | null;
}

/** The options for an answer, URLs resolved against `base` and checked (DESIGN §9). */
export function toOptions(answer: readonly Suggestion[], base: string): SuggestionOption[] {
  return answer.map((suggestion) => ({
    suggestion,
    url: targetUrl(suggestion, base),
    image: imageUrl(suggestion, base),
  }));
}

/**
 * True when an answer holds no product: an empty list, or only non-navigating entries (the
 * shop's lone `{ id: -1, value: 'No products found.' }`). Such an answer hides the list (spec §4:
 * hidden when there are no results, §8: no 'no results' notice) and marks the query as bad.
 */
export function isNoResults(answer: readonly Suggestion[]): boolean {
  return answer.every((s) => s.id === NON_NAVIGATING_ID);
}

/** Number of products in an answer (what is announced). */
export function productCount(answer: readonly Suggestion[]): number {
  return answer.filter((s) => s.id !== NON_NAVIGATING_ID).length;
}

/**
 * The option to make active after a move, skipping disabled ones and wrapping round (WAI-ARIA
 * APG listbox). `from` -1 means none is active; returns -1 when nothing can be active.
 */
export function moveActive(
  enabled: readonly boolean[],
  from: number,
  move: 'next' | 'previous' | 'first' | 'last',
): number {
  const n = enabled.length;
  if (!enabled.some(Boolean)) return -1;
  const step = move === 'next' || move === 'first' ? 1 : -1;
  let i = move === 'first' ? -1 : move === 'last' ? n : from;
  if (i < -1 || i > n) i = -1;
  for (let tries = 0; tries <= n; tries++) {
    i += step;
    if (i >= n) i = 0;
    if (i < 0) i = n - 1;
    if (enabled[i]) return i;
  }
  return -1;
}

/** A run of a name, marked when it matches the query. */
export interface NamePart {
  text: string;
  match: boolean;
}

/**
 * Splits `name` into runs, marking every case-insensitive occurrence of the trimmed query (the
 * theme's formatResult bolds the match). Plain text in, plain text out: rendered as text.
 */
export function highlight(name: string, query: string): NamePart[] {
  const needle = query.trim().toLocaleLowerCase();
  const haystack = name.toLocaleLowerCase();
  // Case mapping that changes lengths (rare scripts) would misalign the runs: do not mark then.
  if (!needle || haystack.length !== name.length) return [{ text: name, match: false }];
  const parts: NamePart[] = [];
  let at = 0;
  for (let found = haystack.indexOf(needle); found !== -1; found = haystack.indexOf(needle, at)) {
    if (found > at) parts.push({ text: name.slice(at, found), match: false });
    parts.push({ text: name.slice(found, found + needle.length), match: true });
    at = found + needle.length;
  }
  if (at < name.length) parts.push({ text: name.slice(at), match: false });
  return parts;
}
