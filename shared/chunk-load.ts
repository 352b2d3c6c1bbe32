import { type Clock, pageClock } from './clock.ts';
import { safeUrl } from './url.ts';

/**
 * Lazy chunk loads and their failures (spec §7 Other "Lazy loads of script chunks"; §8 "Chunk
 * load failure: ChunkLoadError (type missing, timeout or error), 'Loading chunk {n} failed',
 * after a 120 s time-out"; §9 "Chunk time-out 120000 ms").
 *
 * Two loaders with one error: {@link loadChunk} wraps a dynamic `import()` (how this library's own
 * lazy code arrives), {@link loadScript} adds a classic `<script src>` (a theme's or a vendor's
 * script, same-origin under the strict CSP). Either fails with a {@link ChunkLoadError} of type
 * - `error`: the request failed (network, 404, a syntax error in the module);
 * - `missing`: it loaded but did not provide what was asked for (the `check` said no);
 * - `timeout`: nothing came within 120 s (the script element is then removed).
 *
 * Nothing is retried here; callers decide (usually: log it and leave the feature off).
 */

/** spec §9: chunk time-out 120000 ms. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkLoadErrorType = 'missing' | 'timeout' | 'error';

/** A chunk that could not be loaded, as webpack names it (`error.name === 'ChunkLoadError'`). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    /** The chunk's name or number, as in the message. */
    readonly chunk: string | number,
    readonly type: ChunkLoadErrorType,
    /** The URL asked for, when known. */
    readonly request?: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed.${request ? `\n(${type}: ${request})` : ` (${type})`}`, options);
  }
}

export interface ChunkOptions<T> {
  /** Timers (a fake clock in tests). */
  clock?: Clock;
  /** Whether what arrived is what was asked for; false makes a `missing` failure. */
  check?: (loaded: T) => boolean;
  /** The URL, for the message. */
  request?: string;
  /** Overrides the 120 s time-out (tests of slow networks, never shorter in production). */
  timeoutMs?: number;
}

/**
 * Runs `load` (a dynamic import) as chunk `chunk`: resolves with what it gives, or rejects with a
 * {@link ChunkLoadError} of type `error` (it rejected), `missing` (`check` refused it) or
 * `timeout` (no answer within 120 s; a late answer is then ignored).
 */
export function loadChunk<T>(
  chunk: string | number,
  load: () => Promise<T>,
  options: ChunkOptions<T> = {},
): Promise<T> {
  const clock = options.clock ?? pageClock;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = clock.setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(chunk, 'timeout', options.request));
    }, options.timeoutMs ?? CHUNK_TIMEOUT_MS);
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      fn();
    };
    let started: Promise<T>;
    try {
      started = Promise.resolve(load());
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      (loaded) =>
        finish(() => {
          if (options.check && !options.check(loaded))
            reject(new ChunkLoadError(chunk, 'missing', options.request));
          else resolve(loaded);
        }),
      (error: unknown) =>
        finish(() => reject(new ChunkLoadError(chunk, 'error', options.request, { cause: error }))),
    );
  });
}

/** A lazily imported value: {@link lazyModule}. */
export interface LazyModule<T> {
  /** The value, loaded on the first call; after a failure the next call tries again. */
  load(): Promise<T>;
  /** The value once it has arrived, else undefined: lets callers stay synchronous from then on. */
  loaded(): T | undefined;
  /** Starts loading without waiting (a failure is reported by whoever waits for it). */
  preload(): void;
  /**
   * Test seam: replaces how it is loaded (to count loads, delay or fail them); `undefined`
   * restores the import. Returns the restore function. Either way the next call loads afresh.
   */
  setLoader(loader?: () => Promise<T>): () => void;
}

/**
 * Code loaded on first need (issue 19): the importer runs once (wrap it in {@link loadChunk} for
 * the ChunkLoadError of spec §8), and the value is known synchronously once it has arrived.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let load = importer;
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const reset = (next: () => Promise<T>) => {
    load = next;
    pending = undefined;
    value = undefined;
  };
  const once = () => {
    if (!pending) {
      const attempt = load().then((loaded) => {
        if (pending === attempt) value = loaded;
        return loaded;
      });
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  return {
    load: once,
    loaded: () => value,
    preload: () => {
      once().catch(() => {});
    },
    setLoader(loader) {
      reset(loader ?? importer);
      return () => reset(importer);
    },
  };
}

/** Scripts already added by {@link loadScript}, so a second call waits for the same one. */
const scripts = new Map<string, Promise<void>>();

/**
 * Adds `<script src>` once per URL (same origin or an allowed one: `safeUrl`) and resolves when it
 * has run; rejects with a {@link ChunkLoadError}: `error` on its error event (or an unsafe URL),
 * `missing` when `check()` is false after it ran, `timeout` after 120 s (the element is removed,
 * so a later call tries again).
 */
export function loadScript(
  chunk: string | number,
  src: string,
  options: ChunkOptions<void> & { check?: () => boolean; document?: Document } = {},
): Promise<void> {
  const doc = options.document ?? document;
  const url = safeUrl(src, doc.baseURI);
  if (!url) return Promise.reject(new ChunkLoadError(chunk, 'error', src));
  const known = scripts.get(url);
  if (known) return known;
  let script: HTMLScriptElement | undefined;
  const loading = loadChunk<void>(
    chunk,
    () =>
      new Promise<void>((resolve, reject) => {
        script = doc.createElement('script');
        script.src = url;
        script.async = true;
        script.addEventListener('load', () => resolve(), { once: true });
        script.addEventListener('error', (event) => reject(event), { once: true });
        doc.head.append(script);
      }),
    { ...options, request: url, check: options.check ? () => options.check!() : undefined },
  ).catch((error: ChunkLoadError) => {
    if (error.type !== 'missing') {
      script?.remove();
      scripts.delete(url);
    }
    throw error;
  });
  scripts.set(url, loading);
  return loading;
}
