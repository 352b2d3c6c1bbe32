import {
  ALL_COOKIES,
  decodeCookieValue,
  encodeCookieValue,
  encodeData,
  type SbjsStore,
} from './sourcebuster.ts';

/**
 * Where the sourcebuster engine keeps its containers: real cookies written byte for byte like
 * sourcebuster's (spec §3 Attribution cookies), or memory while tracking is not allowed
 * (spec §4 Attribution: nothing is written before consent).
 *
 * Cookies are written through `document.cookie` directly rather than `shared/cookies.ts`:
 * js-cookie re-decodes `%7C`, `%3D` and friends in values, and the shop's server expects
 * sourcebuster's encoding exactly.
 */

/**
 * The cookie's domain attribute: sourcebuster writes `;domain=.<site>` unless subdomains are
 * isolated. Hosts without a dot (localhost) and IP addresses get a host-only cookie instead,
 * because browsers reject such a domain attribute and sourcebuster would store nothing there.
 */
export function domainAttribute(host: string, isolate: boolean): string {
  if (!host || isolate) return '';
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return '';
  return `;domain=.${host}`;
}

function readRaw(doc: Document, name: string): string | null {
  let jar = '';
  try {
    jar = doc.cookie;
  } catch {
    return null; // sandboxed document: no cookies
  }
  const prefix = `${encodeData(name)}=`;
  for (const part of jar.split(';')) {
    const cookie = part.replace(/^ +/, '');
    if (cookie.startsWith(prefix)) return cookie.slice(prefix.length);
  }
  return null;
}

function write(doc: Document, text: string): void {
  try {
    doc.cookie = text;
  } catch {
    // cookies unavailable: nothing to keep
  }
}

export interface CookieStoreOptions {
  base64: boolean;
  /** sourcebuster's domain (site host without `www.`) and isolation flag. */
  domain: { host: string; isolate: boolean };
  /** For tests: the clock used for `expires`. */
  now?: () => number;
}

/** A store over `document.cookie`. `get` returns the decoded container text. */
export function createCookieStore(options: CookieStoreOptions, doc: Document = document): SbjsStore {
  const now = options.now ?? Date.now;
  const domain = domainAttribute(options.domain.host, options.domain.isolate);
  return {
    get(name) {
      const raw = readRaw(doc, name);
      return raw === null ? null : decodeCookieValue(raw);
    },
    set(name, value, minutes) {
      const expires = minutes ? `; expires=${new Date(now() + minutes * 60_000).toUTCString()}` : '';
      write(
        doc,
        `${encodeData(name)}=${encodeCookieValue(value, options.base64)}${expires}${domain}; path=/`,
      );
    },
    remove(name) {
      write(doc, `${encodeData(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}; path=/`);
    },
  };
}

/**
 * Removes every attribution cookie (spec §4 Attribution: denying removes all), under every
 * domain form sourcebuster or WooCommerce may have used: host-only, the site domain and the
 * full host name.
 */
export function removeAttributionCookies(prefix: string, siteHost: string, doc: Document = document): void {
  const pageHost = doc.location?.hostname ?? '';
  const domains = new Set(['', domainAttribute(siteHost, false), domainAttribute(pageHost, false)]);
  for (const container of ALL_COOKIES) {
    for (const domain of domains) {
      write(
        doc,
        `${encodeData(prefix + container)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}; path=/`,
      );
    }
  }
}

export interface MemoryEntry {
  value: string;
  /** Absolute expiry in ms, or Infinity for a session cookie. */
  expiresAt: number;
}

export interface MemoryStore extends SbjsStore {
  /** Entries written since creation (what must reach the cookies once consent arrives). */
  written(): Map<string, MemoryEntry>;
}

/**
 * An in-memory store that reads through to `seed` (the existing cookies) for names it has not
 * written, and honours expiry against `now`, so tests can let a session run out.
 *
 * A value reads back as a cookie would: encoded as written (`base64` as the cookies will be),
 * then decoded as sourcebuster reads it, so `! ~ * ' ( )` escapes in a value come back as the
 * characters and the engine writes the same bytes in memory as on cookies (issue 11 item 11).
 */
export function createMemoryStore(
  seed: (name: string) => string | null = () => null,
  now: () => number = Date.now,
  base64 = false,
): MemoryStore {
  const entries = new Map<string, MemoryEntry>();
  const removed = new Set<string>();
  return {
    get(name) {
      const entry = entries.get(name);
      if (entry) {
        if (entry.expiresAt > now()) return decodeCookieValue(encodeCookieValue(entry.value, base64));
        entries.delete(name);
        return null;
      }
      return removed.has(name) ? null : seed(name);
    },
    set(name, value, minutes) {
      removed.delete(name);
      entries.set(name, { value, expiresAt: minutes ? now() + minutes * 60_000 : Number.POSITIVE_INFINITY });
    },
    remove(name) {
      entries.delete(name);
      removed.add(name);
    },
    written() {
      return new Map([...entries].filter(([, entry]) => entry.expiresAt > now()));
    },
  };
}

/** Writes what a memory store holds to a real store, keeping each entry's original expiry. */
export function commitMemory(memory: MemoryStore, target: SbjsStore, now: () => number = Date.now): void {
  for (const [name, entry] of memory.written()) {
    const minutes = Number.isFinite(entry.expiresAt) ? (entry.expiresAt - now()) / 60_000 : 0;
    target.set(name, entry.value, minutes);
  }
}
