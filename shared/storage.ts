import { logWarning } from './log.ts';
/**
 * Web storage that never throws (DESIGN §9): private modes, disabled storage and full quotas
 * fall back to an in-memory map for the rest of the page's life, so callers need no try/catch.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** True while the real browser storage is being used (false after a fallback). */
  readonly persistent: boolean;
}

/** A safe storage over any `Storage` getter (which may throw): the app's own, or a test's. */
export function createSafeStorage(pick: () => Storage): SafeStorage {
  const memory = new Map<string, string>();
  let real: Storage | null | undefined;
  const backend = (): Storage | null => {
    if (real === undefined) {
      try {
        real = pick();
        // Reading a key proves access (Safari private mode, sandboxed iframes throw here).
        real.getItem('__shop_probe__');
      } catch {
        real = null;
      }
    }
    return real;
  };
  const fallBack = (error: unknown) => {
    if (real) logWarning(null, 'web storage failed, keeping data in memory', error);
    real = null;
  };
  return {
    get(key) {
      const store = backend();
      if (store) {
        try {
          return store.getItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      const store = backend();
      if (!store) return;
      try {
        store.setItem(key, value);
      } catch (error) {
        fallBack(error);
      }
    },
    remove(key) {
      memory.delete(key);
      const store = backend();
      if (!store) return;
      try {
        store.removeItem(key);
      } catch (error) {
        fallBack(error);
      }
    },
    get persistent() {
      return backend() !== null;
    },
  };
}

/** `localStorage`, safely. */
export const local: SafeStorage = createSafeStorage(() => window.localStorage);
/** `sessionStorage`, safely. */
export const session: SafeStorage = createSafeStorage(() => window.sessionStorage);
