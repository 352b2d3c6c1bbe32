import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { bool, integer, text } from '../../shared/format/settings.ts';

/** English defaults for every visible or announced string (DESIGN §8: all overridable). */
const messages = messagesSchema({
  /** Label of the search field when the theme's form has none. */
  label: 'Search for:',
  /** Placeholder when the theme's field has none. */
  placeholder: 'Search products…',
  /** Label of the category dropdown when the theme's form has none. */
  category: 'Category',
  /** Text of the search button when the theme's form has none. */
  button: 'Search',
  /** Accessible name of the suggestion list. */
  listbox: 'Product suggestions',
  /** Announced when exactly one suggestion is shown (plural form `one`). */
  resultsOne: '1 product found. Use the up and down arrow keys to browse.',
  /** Announced when several suggestions are shown (plural form `other`); `{count}` is replaced. */
  resultsOther: '{count} products found. Use the up and down arrow keys to browse.',
  /** Announced (never shown, spec §8) when the shop found nothing and sent no text of its own. */
  noResults: 'No products found.',
});

/** Settings of `<shop-live-search>` (spec §4, §5, §9 Live search). */
export const liveSearchSettings = z.object({
  /** Characters needed before a request starts (spec §5: 3). */
  minChars: integer(3, 1, 50),
  /** Request delay in ms; null takes the page's search-latency option (spec §9). */
  delay: z._default(z.nullable(z.int().check(z.minimum(0), z.maximum(10_000))), null),
  /** Ms after the field loses focus before the list hides (spec §9: 200). */
  hideDelay: integer(200, 0, 10_000),
  /** Remember answers per request URL (spec §7). */
  cache: bool(true),
  /** Never send queries that extend a query known to find nothing (spec §5). */
  preventBadQueries: bool(true),
  /** id of the theme's search form when it sits next to the element rather than inside it. */
  form: text(),
  /** Results page used when there is no theme form: `?s=<query>&post_type=product`. */
  action: text('/'),
  messages,
});

export type LiveSearchSettings = z.infer<typeof liveSearchSettings>;
