/**
 * The one check for URLs that come from the shop or from settings (issue 10, DESIGN §9): only
 * http(s) URLs, absolute or relative to the page, are written into `href`/`src` or navigated to.
 * `javascript:`, `data:`, `vbscript:` and anything unparsable is dropped.
 */

/** The absolute http(s) URL `value` points to from `base`, or null when it must not be used. */
export function safeUrl(value: string | null | undefined, base: string = document.baseURI): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
