import { local, type SafeStorage, session } from '../../shared/storage.ts';

/**
 * What `<shop-popup>` remembers in browser storage (spec §3 "Popup settings": page views,
 * sessions, popup impression counts and a per-popup disable flag), as page-builder storage
 * items with expiration times (spec §3 "Page-builder element settings"). Built over
 * `shared/storage.ts`, so storage that throws falls back to memory and popups keep working.
 */

/** spec §9 "Time frames": day 86400 s, week 604800 s, month 2628288 s. */
export const TIME_FRAMES_MS = { day: 86_400_000, week: 604_800_000, month: 2_628_288_000 } as const;

export type ImpressionPeriod = 'session' | 'day' | 'week' | 'month';

/** A stored item: the value and when it expires (ms since the epoch; null never). */
interface Item<T> {
  value: T;
  expires: number | null;
}

const PREFIX = 'shop-popup:';

/** Items with expiry over a safe storage. */
export function createItemStorage(storage: SafeStorage, now: () => number = () => Date.now()) {
  return {
    get<T>(key: string): T | null {
      const raw = storage.get(PREFIX + key);
      if (raw === null) return null;
      let item: Item<T> | null = null;
      try {
        const parsed = JSON.parse(raw) as Item<T>;
        if (parsed && typeof parsed === 'object' && 'value' in parsed) item = parsed;
      } catch {
        // A damaged item is as good as none.
      }
      if (!item || (typeof item.expires === 'number' && item.expires <= now())) {
        storage.remove(PREFIX + key);
        return null;
      }
      return item.value;
    },
    /** Stores `value`; `lifetime` in ms from now (null: no expiry). */
    set<T>(key: string, value: T, lifetime: number | null = null): void {
      storage.set(
        PREFIX + key,
        JSON.stringify({ value, expires: lifetime === null ? null : now() + lifetime }),
      );
    },
    /** Replaces the value and keeps the expiry of the item already there. */
    update<T>(key: string, value: T, lifetime: number | null = null): void {
      const raw = storage.get(PREFIX + key);
      let expires: number | null = lifetime === null ? null : now() + lifetime;
      if (raw !== null && this.get(key) !== null) {
        try {
          expires = (JSON.parse(raw) as Item<T>).expires;
        } catch {
          // keep the new expiry
        }
      }
      storage.set(PREFIX + key, JSON.stringify({ value, expires }));
    },
    remove(key: string): void {
      storage.remove(PREFIX + key);
    },
  };
}

export interface PopupStorage {
  /** Page views since first seen (this one included once counted). */
  pageViews(): number;
  /** Sessions since first seen. */
  sessions(): number;
  /** Counts this page view (and a new session when this tab's session has none yet); once per page. */
  countPageView(): void;
  /** Impressions of popup `id` within the current `period`. */
  impressions(id: string, period: ImpressionPeriod): number;
  /** Counts one impression of popup `id` in every period (each expires at the end of its frame). */
  countImpression(id: string): void;
  /** Whether the shopper turned popup `id` off ("do not show again"). */
  disabled(id: string): boolean;
  disable(id: string): void;
}

export interface PopupStorageOptions {
  local?: SafeStorage;
  session?: SafeStorage;
  now?: () => number;
}

/** The popup storage; the page's own, or a test's (`createSafeStorage(() => memoryStorage())`). */
export function createPopupStorage({
  local: localStore = local,
  session: sessionStore = session,
  // Looked up on every call: the page's storage outlives a test's fake clock, installed or not.
  now = () => Date.now(),
}: PopupStorageOptions = {}): PopupStorage {
  const lasting = createItemStorage(localStore, now);
  const tab = createItemStorage(sessionStore, now);
  let counted = false;
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  return {
    pageViews: () => count(lasting.get('pageViews')),
    sessions: () => count(lasting.get('sessions')),
    countPageView() {
      if (counted) return;
      counted = true;
      lasting.set('pageViews', count(lasting.get('pageViews')) + 1);
      if (tab.get('session') === null) {
        tab.set('session', true);
        lasting.set('sessions', count(lasting.get('sessions')) + 1);
      }
    },
    impressions(id, period) {
      return count((period === 'session' ? tab : lasting).get(`${id}:times:${period}`));
    },
    countImpression(id) {
      tab.set(`${id}:times:session`, count(tab.get(`${id}:times:session`)) + 1);
      for (const period of ['day', 'week', 'month'] as const) {
        const key = `${id}:times:${period}`;
        lasting.update(key, count(lasting.get(key)) + 1, TIME_FRAMES_MS[period]);
      }
    },
    disabled: (id) => lasting.get(`${id}:disabled`) === true,
    disable: (id) => lasting.set(`${id}:disabled`, true),
  };
}

/** The page's popup storage (shared by every popup so a page view is counted once). */
let pageStorage: PopupStorage | undefined;
export function popupStorage(): PopupStorage {
  pageStorage ??= createPopupStorage();
  return pageStorage;
}
