/**
 * Cookies for the tests of attribution and other cookie writers, at the test's own moment
 * (issue 28). The browser drops a cookie once its `expires` has passed by the machine's clock,
 * which a test with a fixed moment does not set: a moment in the past would lose every cookie at
 * once, one in the future would keep them only until the machine's date passes it.
 * `judgeCookiesBy(now)` makes the test's clock the judge instead, and records what was written.
 */

/** The browser's own `document.cookie` accessor (on a prototype of `document`). */
function nativeCookie(): { get(): string; set(text: string): void } {
  let holder: object | null = Object.getPrototypeOf(document);
  let accessor: PropertyDescriptor | undefined;
  while (holder && !accessor) {
    accessor = Object.getOwnPropertyDescriptor(holder, 'cookie');
    holder = Object.getPrototypeOf(holder);
  }
  const { get, set } = accessor!;
  return { get: () => get!.call(document), set: (text) => set!.call(document, text) };
}

const PAST = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** The attribution cookies that live for the attribution lifetime (all but the session, spec §5). */
export const LIFETIME_COOKIES = [
  'sbjs_current',
  'sbjs_current_add',
  'sbjs_first',
  'sbjs_first_add',
  'sbjs_udata',
  'sbjs_migrations',
];

/** Removes every cookie this document sees (path /, host-only: as the tests and the library write them). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests clear the raw cookies they made
    if (name) document.cookie = `${name}=; expires=${PAST}; path=/`;
  }
}

/** The raw values (as `document.cookie` shows them) of the cookies whose names start with `prefix`. */
export function cookieJar(prefix = 'sbjs_'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const cookie = part.replace(/^ +/, '');
    const at = cookie.indexOf('=');
    const name = at < 0 ? cookie : cookie.slice(0, at);
    if (name.startsWith(prefix)) out[name] = cookie.slice(at + 1);
  }
  return out;
}

export interface CookieClock {
  /** The `expires` text last written for `name`: '' for a session cookie, undefined if never written. */
  expires(name: string): string | undefined;
  /** Gives `document.cookie` back to the browser. */
  restore(): void;
}

/**
 * Until `restore()`, every write to `document.cookie` is recorded, and its `expires` is judged by
 * `now` (the test's clock, in ms) rather than the machine's: a cookie alive by that clock goes to
 * the browser as a session cookie and is removed once `now` reaches its expiry (checked on every
 * read and write); one already expired by that clock is removed at once, as the browser would.
 */
export function judgeCookiesBy(now: () => number): CookieClock {
  const native = nativeCookie();
  const written = new Map<string, string>();
  /** Cookies alive by the test's clock: their expiry, and how to remove them. */
  const alive = new Map<string, { at: number; removal: string }>();
  const expireDue = () => {
    for (const [name, { at, removal }] of alive) {
      if (at > now()) continue;
      alive.delete(name);
      native.set(removal);
    }
  };
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      expireDue();
      return native.get();
    },
    set(text: string) {
      expireDue();
      const name = text.slice(0, text.indexOf('=')).trim();
      const expires = /;\s*expires=([^;]*)/i.exec(text);
      written.set(name, expires ? expires[1].trim() : '');
      alive.delete(name);
      if (!expires) return native.set(text);
      const removal = text.replace(expires[0], `; expires=${PAST}`);
      const at = Date.parse(expires[1]);
      if (!(at > now())) return native.set(removal);
      alive.set(name, { at, removal });
      native.set(text.replace(expires[0], ''));
    },
  });
  return {
    expires: (name) => written.get(name),
    restore() {
      Reflect.deleteProperty(document, 'cookie');
    },
  };
}
