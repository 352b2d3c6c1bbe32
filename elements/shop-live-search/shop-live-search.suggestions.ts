import type { Suggestion } from '../../shared/shop/schemas.ts';
import { safeUrl } from '../../shared/url.ts';

/**
 * Pure helpers over live-search suggestions (spec §3 Search suggestion): which entries navigate,
 * when an answer counts as "no results", names decoded from WordPress's HTML-escaped text,
 * keyboard movement over the enabled options, and the parts of a name that match the query. No
 * React; the only DOM use is an inert DOMParser document for rare named entities.
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

/**
 * Named character references WordPress and WooCommerce print in titles (esc_html, wptexturize,
 * convert_chars) and the ones shop owners type most. Others are looked up with `lookupNamed`.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  semi: ';',
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  hellip: '\u2026',
  prime: '\u2032',
  Prime: '\u2033',
  times: '\u00d7',
  deg: '\u00b0',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  middot: '\u00b7',
  bull: '\u2022',
};

/** What numeric references 0x80–0x9F stand for (HTML: windows-1252, as browsers decode them). */
const C1: Readonly<Record<number, number>> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
};

/** The character of a numeric reference, with the HTML parser's replacements for invalid ones. */
function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(C1[code] ?? code);
}

/**
 * The browser's own table for a named reference the small table lacks (`&eacute;`), read from an
 * inert text/html document that holds nothing but that one reference; null when unknown.
 */
export function browserNamedEntity(name: string): string | null {
  if (typeof DOMParser === 'undefined') return null;
  const reference = `&${name};`;
  const text = new DOMParser().parseFromString(reference, 'text/html').body.textContent ?? reference;
  // A legacy prefix (`&notit;` reads as `¬it;`) is not this name: the whole reference must go.
  return text === reference || text.endsWith(';') ? null : text;
}

/**
 * Decodes the character references of WordPress's HTML-escaped text (`Don&#8217;t`, `&amp;`,
 * `&#x27;`, `&eacute;`) to plain TEXT (issue 11 item 7). Nothing else is interpreted: `&lt;img&gt;`
 * becomes the literal text `<img>`, which the view renders as text, never as markup. Unknown
 * references stay as written.
 */
export function decodeEntities(
  escaped: string,
  lookupNamed: (name: string) => string | null = browserNamedEntity,
): string {
  if (!escaped.includes('&')) return escaped;
  return escaped.replace(
    /&(?:#(\d{1,8})|#[xX]([\da-fA-F]{1,8})|([A-Za-z][A-Za-z\d]{1,31}));/g,
    (ref, dec, hex, name) => {
      if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      return (Object.hasOwn(NAMED, name) ? NAMED[name] : lookupNamed(name)) ?? ref;
    },
  );
}

/** What kind of row a suggestion is, from Flatsome's `type` ('Product', 'Page'): lower case, '' when absent. */
export function suggestionType(suggestion: Suggestion): string {
  return (suggestion.type ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A suggestion as the list shows it: where it goes (null: it does not navigate), its image, its
 * name as text (entities decoded) and its kind (`type`, normalised).
 */
export interface SuggestionOption {
  suggestion: Suggestion;
  url: string | null;
  image: string | null;
  /** The name as plain text: Flatsome's HTML-escaped `value` decoded (never markup). */
  name: string;
  /** `type` in lower case ('product', 'page'), '' when the shop sent none. */
  type: string;
}

/** The options for an answer, URLs resolved against `base` and checked (DESIGN §9), names decoded. */
export function toOptions(answer: readonly Suggestion[], base: string): SuggestionOption[] {
  return answer.map((suggestion) => ({
    suggestion,
    url: targetUrl(suggestion, base),
    image: imageUrl(suggestion, base),
    name: decodeEntities(suggestion.value),
    type: suggestionType(suggestion),
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
