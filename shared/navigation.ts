import { logError } from './log.ts';

/**
 * Page navigation goes through here: the cart's redirects (spec §8: product_url, the remove link
 * after a failed ajax remove, the cart after an add) and the live search's suggestion and results
 * links. Every navigation the library makes is checked first (issue 22): only http(s) URLs of the
 * shop's own origin are followed, relative URLs resolving against the page, so a `javascript:`
 * or foreign URL in a shop reply never runs script or sends the shopper elsewhere.
 */

/** At most this many characters of a refused URL are quoted in the console. */
const QUOTE_LENGTH = 120;

/**
 * The absolute URL to follow for `url`, or null when it must not be followed: not a string,
 * not parsable, not http(s), or of another origin than `origin` (the page's by default).
 */
export function navigationTarget(
  url: unknown,
  base: string = document.baseURI,
  origin: string = window.location.origin,
): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  let target: URL;
  try {
    target = new URL(url.trim(), base);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  return target.origin === origin ? target.href : null;
}

const quote = (url: unknown) => {
  const text = typeof url === 'string' ? url : String(url);
  return JSON.stringify(text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text);
};

export const navigation = {
  /**
   * Navigates to `url` when `navigationTarget` accepts it; anything else is refused with one
   * console error and not followed.
   */
  assign(url: string): void {
    const target = navigationTarget(url);
    if (target === null) {
      logError(
        null,
        `refused to navigate to ${quote(url)}: only http(s) URLs of this shop (${window.location.origin}) are followed.`,
      );
      return;
    }
    navigation.go(target);
  },
  /**
   * The navigation itself, with an already checked absolute URL. Tests and host apps that route
   * themselves replace this one, so the check in `assign` still runs.
   */
  go(url: string): void {
    window.location.assign(url);
  },
};
