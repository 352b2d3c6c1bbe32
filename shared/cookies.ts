import Cookies from 'js-cookie';

/**
 * Cookie access through js-cookie (spec §9: the cookie library defaults to path /), never
 * throwing: a page with cookies disabled reads nothing and writes nothing.
 */
export const cookies = {
  get(name: string): string | undefined {
    try {
      return Cookies.get(name);
    } catch {
      return undefined;
    }
  },
  /** All cookies as a map. */
  all(): Record<string, string> {
    try {
      return Cookies.get();
    } catch {
      return {};
    }
  },
  set(name: string, value: string, options: Cookies.CookieAttributes = {}): void {
    try {
      Cookies.set(name, value, { path: '/', sameSite: 'Lax', ...options });
    } catch {
      // cookies unavailable: nothing to keep
    }
  },
  remove(name: string, options: Cookies.CookieAttributes = {}): void {
    try {
      Cookies.remove(name, { path: '/', ...options });
    } catch {
      // cookies unavailable
    }
  },
};
