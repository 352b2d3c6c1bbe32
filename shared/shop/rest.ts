import { readPageData } from '../stores/page-data.ts';

/**
 * The WordPress REST client (spec §7 REST fetch wrapper, §6, §8 REST library messages), doing what
 * `@wordpress/api-fetch` and its default middlewares do, without the library:
 *
 * - every request carries the `X-WP-Nonce` header (spec §6);
 * - PUT, PATCH and DELETE go out as POST with `X-HTTP-Method-Override` (hosts that block them);
 * - `per_page=-1` fetches every page, 100 at a time, following the `Link: rel="next"` header;
 * - a media upload whose image post-processing failed (5xx with `X-WP-Upload-Attachment-Id`) is
 *   post-processed again, up to 5 attempts; when all fail the attachment is deleted and the
 *   request fails with `post_process`;
 * - a stale nonce (`rest_cookie_invalid_nonce`) fetches a fresh nonce and retries once;
 * - failures reject with a {@link RestError} holding the server's code and message, or one of
 *   the four library messages of spec §8.
 */

/** spec §9 Storefront helpers: fetch-all page size 100, media post-process retries 5. */
export const FETCH_ALL_PAGE_SIZE = 100;
export const MEDIA_POST_PROCESS_ATTEMPTS = 5;

/** spec §8 REST library messages (api-fetch's wording); pass `messages` to translate them. */
export const REST_MESSAGES = {
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
  fetch_error: 'You are probably offline.',
  post_process:
    'Media upload failed. If this is a photo or a large image, please scale it down and try again.',
};
export type RestMessageCode = keyof typeof REST_MESSAGES;

/** A failed REST request: the server's error (`code`, `message`, `data`) or a library code of spec §8. */
export class RestError extends Error {
  override name = 'RestError';
  constructor(
    readonly code: string,
    message: string,
    /** The WP_Error `data` (usually `{ status }`), when the server sent one. */
    readonly data?: unknown,
    /** The HTTP status, when there was a response. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One request, as api-fetch takes it. */
export interface RestRequest {
  /** A path under the REST root (`wp/v2/posts?per_page=-1`); or give `url`. */
  path?: string;
  /** An absolute or site-relative URL, used as is. */
  url?: string;
  method?: string;
  /** Sent as JSON (with `Content-Type: application/json`). */
  data?: unknown;
  /** Sent as is (FormData for uploads); ignored when `data` is given. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false: resolve with the raw Response (ok or not) instead of parsed JSON. */
  parse?: boolean;
  signal?: AbortSignal;
}

/** Options of {@link createRestClient}. */
export interface RestClientOptions {
  /** The REST root (`wpApiSettings.root`), e.g. `/wp-json/` or `/?rest_route=/`. */
  root?: string;
  /** The `wp_rest` nonce (`wpApiSettings.nonce`). */
  nonce?: string;
  /** Where a fresh nonce is read as text (WordPress: admin-ajax.php?action=rest-nonce). */
  nonceEndpoint?: string;
  /** The fetch to use (the page's by default). */
  fetch?: typeof globalThis.fetch;
  /** Translations of the library messages. */
  messages?: Partial<Record<RestMessageCode, string>>;
}

/** A client: call it with a request; `nonce` is the current nonce (refreshed when stale). */
export interface RestClient {
  <T = unknown>(request: RestRequest): Promise<T>;
  nonce: string;
  readonly root: string;
}

const OVERRIDDEN = new Set(['PUT', 'PATCH', 'DELETE']);
const NEXT_LINK = /<([^>]+)>;\s*rel="next"/;

/** True for an upload to the media endpoint (api-fetch's isMediaUploadRequest). */
function isMediaUpload(method: string, url: string): boolean {
  return method === 'POST' && /\/wp\/v2\/media(?:[/?&]|$)/.test(url) && !/\/post-process(?:\?|$)/.test(url);
}

/** Sets `name=value` in a URL's query, keeping everything else. */
function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url, location.href);
  parsed.searchParams.set(name, value);
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? parsed.href : parsed.pathname + parsed.search + parsed.hash;
}

/** Reads `name` from a URL's query. */
function queryOf(url: string, name: string): string | null {
  return new URL(url, location.href).searchParams.get(name);
}

/** Creates a client; {@link rest} is the page's, configured from `wpApiSettings`. */
export function createRestClient(options: RestClientOptions = {}): RestClient {
  const root = options.root ?? '/wp-json/';
  const nonceEndpoint = options.nonceEndpoint ?? '/wp-admin/admin-ajax.php?action=rest-nonce';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const messages = { ...REST_MESSAGES, ...options.messages };
  const fail = (code: RestMessageCode, status?: number) =>
    new RestError(code, messages[code], undefined, status);

  /** The URL of a request: `url` as is, else `path` under the root (api-fetch's root URL middleware). */
  const urlOf = (request: RestRequest): string => {
    if (request.url) return request.url;
    let path = (request.path ?? '').replace(/^\//, '');
    // A root with a query (`?rest_route=/`) takes the path's own query after an `&`.
    if (root.includes('?')) path = path.replace('?', '&');
    return root + path;
  };

  /** One HTTP exchange: nonce, method override, JSON body; rejects with fetch_error when offline. */
  const send = async (url: string, request: RestRequest): Promise<Response> => {
    const method = (request.method ?? 'GET').toUpperCase();
    const headers = new Headers(request.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json, */*;q=0.1');
    if (client.nonce && !headers.has('X-WP-Nonce')) headers.set('X-WP-Nonce', client.nonce);
    let body = request.body;
    if (request.data !== undefined) {
      body = JSON.stringify(request.data);
      headers.set('Content-Type', 'application/json');
    }
    let wireMethod = method;
    if (OVERRIDDEN.has(method)) {
      headers.set('X-HTTP-Method-Override', method);
      wireMethod = 'POST';
    }
    try {
      return await doFetch(url, {
        method: wireMethod,
        headers,
        body,
        credentials: 'include',
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw fail('fetch_error');
    }
  };

  /** The JSON of a successful response (null for 204); invalid_json otherwise. */
  const parseOk = async (response: Response): Promise<unknown> => {
    if (response.status === 204) return null;
    try {
      return await response.json();
    } catch {
      throw fail('invalid_json', response.status);
    }
  };

  /** The error a failed response carries: the server's WP_Error, or invalid_json / unknown_error. */
  const errorOf = async (response: Response): Promise<RestError> => {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      return fail('invalid_json', response.status);
    }
    if (parsed && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'string') {
      const { code, message, data } = parsed as { code: string; message?: unknown; data?: unknown };
      return new RestError(
        code,
        typeof message === 'string' ? message : messages.unknown_error,
        data,
        response.status,
      );
    }
    return fail('unknown_error', response.status);
  };

  /** Sends and checks the status: resolves with an ok response, rejects with its RestError. */
  const checked = async (url: string, request: RestRequest): Promise<Response> => {
    const response = await send(url, request);
    if (response.ok) return response;
    throw await errorOf(response);
  };

  /** The media upload middleware: post-process again after a 5xx, up to 5 attempts. */
  const upload = async (url: string, request: RestRequest): Promise<unknown> => {
    const response = await send(url, request);
    if (response.ok) return request.parse === false ? response : parseOk(response);
    const attachmentId = response.headers.get('X-WP-Upload-Attachment-Id');
    if (response.status < 500 || !attachmentId) {
      if (request.parse === false) return response;
      throw await errorOf(response);
    }
    const base = urlOf({ path: `wp/v2/media/${encodeURIComponent(attachmentId)}` });
    for (let attempt = 1; attempt <= MEDIA_POST_PROCESS_ATTEMPTS; attempt++) {
      try {
        const processed = await checked(`${base}/post-process`, {
          method: 'POST',
          data: { action: 'create-image-subsizes' },
          signal: request.signal,
        });
        return request.parse === false ? processed : parseOk(processed);
      } catch (error) {
        if (request.signal?.aborted) throw error;
      }
    }
    // Every attempt failed: the half-made attachment goes, as api-fetch does it.
    await send(withQuery(base, 'force', 'true'), { method: 'DELETE' }).catch(() => undefined);
    if (request.parse === false) return response;
    throw fail('post_process', response.status);
  };

  /** The fetch-all middleware: `per_page=-1` becomes pages of 100 until there is no next link. */
  const fetchAll = async (url: string, request: RestRequest): Promise<unknown> => {
    let response = await checked(withQuery(url, 'per_page', String(FETCH_ALL_PAGE_SIZE)), request);
    const first = await parseOk(response);
    if (!Array.isArray(first)) return first;
    const all: unknown[] = [...first];
    for (;;) {
      const next = NEXT_LINK.exec(response.headers.get('Link') ?? '')?.[1];
      if (!next) return all;
      response = await checked(next, { ...request, url: next });
      const page = await parseOk(response);
      if (Array.isArray(page)) all.push(...page);
    }
  };

  /** One attempt of a request through the middlewares. */
  const attempt = async (request: RestRequest): Promise<unknown> => {
    const url = urlOf(request);
    const method = (request.method ?? 'GET').toUpperCase();
    if (isMediaUpload(method, url)) return upload(url, request);
    if (request.parse !== false && queryOf(url, 'per_page') === '-1') return fetchAll(url, request);
    if (request.parse === false) return send(url, request);
    return parseOk(await checked(url, request));
  };

  /** A fresh nonce from the nonce endpoint (text); rejects when it cannot be had. */
  const refreshNonce = async (): Promise<void> => {
    let response: Response;
    try {
      response = await doFetch(nonceEndpoint, { credentials: 'include' });
    } catch {
      throw fail('fetch_error');
    }
    if (!response.ok) throw await errorOf(response);
    const text = (await response.text()).trim();
    if (!text || text === '0' || text === '-1') throw fail('unknown_error', response.status);
    client.nonce = text;
  };

  const client = (async (request: RestRequest) => {
    try {
      return await attempt(request);
    } catch (error) {
      // spec §7: a stale nonce refreshes the nonce and retries once (the retry's failure stands).
      if (!(error instanceof RestError) || error.code !== 'rest_cookie_invalid_nonce') throw error;
      await refreshNonce();
      return attempt(request);
    }
  }) as RestClient;
  client.nonce = options.nonce ?? '';
  Object.defineProperty(client, 'root', { value: root });
  return client;
}

/** `wpApiSettings` as WordPress prints it for the wp-api-fetch script (root, nonce). */
function pageSettings(): RestClientOptions {
  const settings = readPageData('wpApiSettings');
  if (!settings || typeof settings !== 'object') return {};
  const { root, nonce, nonceEndpoint } = settings as Record<string, unknown>;
  return {
    root: typeof root === 'string' && root ? root : undefined,
    nonce: typeof nonce === 'string' ? nonce : undefined,
    nonceEndpoint: typeof nonceEndpoint === 'string' && nonceEndpoint ? nonceEndpoint : undefined,
  };
}

let pageClient: RestClient | undefined;
/** The page's client, configured from `wpApiSettings` (a global or `<script id="shop-config">`). */
export function rest<T = unknown>(request: RestRequest): Promise<T> {
  pageClient ??= createRestClient(pageSettings());
  return pageClient<T>(request);
}
