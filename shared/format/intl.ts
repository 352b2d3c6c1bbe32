/**
 * The `Intl` objects of shared/format (plural rules, date and relative-time formats), made once per
 * kind, options and locale and kept (issue 32: the reviews made a date format and a relative-time
 * format per card and per render, the mini-cart plural rules per render; a page's first date format
 * also loads Intl's data). An invalid language tag falls back to the browser's language, never
 * throws. A page has a language or two: past 64 objects, new ones are made but no longer kept.
 */
const kept = new Map<string, object>();

/** The object `make` gives for `locale` (the browser's language when `locale` is invalid), kept under `kind`. */
export function intlFor<T extends object>(
  kind: string,
  locale: string | undefined,
  make: (locale: string | undefined) => T,
): T {
  const key = `${kind} ${locale}`;
  const known = kept.get(key);
  if (known) return known as T;
  let made: T;
  try {
    made = make(locale);
  } catch {
    made = make(undefined);
  }
  if (kept.size < 64) kept.set(key, made);
  return made;
}
