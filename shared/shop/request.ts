import '../zod-config.ts';
import * as z from 'zod/mini';

/** Why a shop request failed. */
export type ShopErrorKind = 'network' | 'timeout' | 'http' | 'malformed' | 'invalid' | 'aborted';

/** A failed shop request, with a message a developer can act on. */
export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    readonly endpoint: string,
    message: string,
    readonly status?: number,
    /** The shop's own error code, when it sent one (the Store API's `woocommerce_rest_*`). */
    readonly code?: string,
    /** The message is the shop's own words for the shopper (its error body), not ours. */
    readonly fromShop = false,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

/** A shop's own account of a failed request, read from its error response. */
export interface ShopFailure {
  message: string;
  code?: string;
}

export interface ShopRequest<T> {
  /** Endpoint or action name, for messages (`add_to_cart`, `flatsome_ajax_search_products`). */
  endpoint: string;
  url: string;
  method: 'GET' | 'POST';
  /** Form fields, sent urlencoded like jQuery.ajax does. */
  body?: URLSearchParams;
  /** A value sent as JSON (`Content-Type: application/json`), as the Store API and Shopify take it. */
  json?: unknown;
  /** Extra request headers (the Store API's `Nonce` and `Cart-Token`). */
  headers?: Record<string, string>;
  /** Called with the response's headers, whatever its status (a fresh nonce, a cart token). */
  onHeaders?: (headers: Headers) => void;
  /**
   * Reads the shop's own message out of an error response's JSON (the Store API's
   * `{code, message}`, Shopify's `{description}`); without one, the message names the status.
   */
  failure?: (data: unknown) => ShopFailure | undefined;
  /** zod schema of the response (zod/mini or classic); only a response that passes reaches the caller. */
  schema: z.core.$ZodType<T>;
  /** Time limit in ms (spec §7: from the page parameter). 0 means none. */
  timeout?: number;
  signal?: AbortSignal;
  /** Read the body as text instead of JSON (quick view HTML). */
  text?: boolean;
}

/**
 * One request to the shop (DESIGN §5): abortable, time-limited, and checked with zod before
 * anything reaches a store. Rejects with a ShopError; never resolves with a half-valid value.
 */
export async function shopRequest<T>(request: ShopRequest<T>): Promise<T> {
  const { endpoint, url, method, schema, timeout = 0, signal, text = false } = request;
  const headers: Record<string, string> = {
    Accept: text ? 'text/html, */*' : 'application/json, */*',
    // As jQuery.ajax sends it: on the page's own origin only. Elsewhere (a Store API on another
    // origin) it would need a CORS preflight that WordPress refuses: its REST allow-list
    // (`rest_send_cors_headers`, filter `rest_allowed_cors_headers`) holds Authorization,
    // X-WP-Nonce, Content-Disposition, Content-MD5 and Content-Type, and the Store API adds only
    // Cart-Token and Nonce.
    ...(crossOrigin(url) ? {} : { 'X-Requested-With': 'XMLHttpRequest' }),
    ...request.headers,
  };
  let body: BodyInit | undefined = request.body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['Content-Type'] = 'application/json';
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        body,
        credentials: 'same-origin',
        headers,
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut)
        throw new ShopError('timeout', endpoint, `The shop did not answer ${endpoint} within ${timeout} ms.`);
      if (controller.signal.aborted)
        throw new ShopError('aborted', endpoint, `The ${endpoint} request was cancelled.`);
      throw new ShopError(
        'network',
        endpoint,
        `Could not reach the shop for ${endpoint}: ${(error as Error).message}`,
      );
    }
    let raw: string;
    try {
      raw = await response.text();
    } catch {
      if (timedOut)
        throw new ShopError('timeout', endpoint, `The shop did not answer ${endpoint} within ${timeout} ms.`);
      throw new ShopError('aborted', endpoint, `The ${endpoint} request was cancelled.`);
    }
    request.onHeaders?.(response.headers);
    if (!response.ok) {
      const failure = request.failure ? failureOf(raw, request.failure) : undefined;
      if (failure)
        throw new ShopError('http', endpoint, failure.message, response.status, failure.code, true);
      throw new ShopError(
        'http',
        endpoint,
        `The shop answered ${endpoint} with HTTP ${response.status}.`,
        response.status,
      );
    }
    let data: unknown = raw;
    if (!text) {
      try {
        data = JSON.parse(raw);
      } catch {
        throw new ShopError(
          'malformed',
          endpoint,
          `The shop's ${endpoint} response is not valid JSON.`,
          response.status,
        );
      }
    }
    const checked = z.safeParse(schema, data);
    if (!checked.success) {
      throw new ShopError(
        'invalid',
        endpoint,
        `The shop's ${endpoint} response is not in the expected shape:\n${z.prettifyError(checked.error)}`,
        response.status,
      );
    }
    return checked.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Whether `url` (resolved as fetch does, against the document's base URL) is on another origin. */
function crossOrigin(url: string): boolean {
  try {
    return new URL(url, document.baseURI).origin !== location.origin;
  } catch {
    return false; // fetch rejects it, as a network failure
  }
}

/** The shop's account of a failure in an error body, or undefined when it is not JSON or has none. */
function failureOf(raw: string, read: (data: unknown) => ShopFailure | undefined): ShopFailure | undefined {
  try {
    const failure = read(JSON.parse(raw));
    return failure?.message ? failure : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs tasks one at a time in the order they were queued (spec §4: add requests are queued and
 * sent one at a time). A failing task does not stop the ones after it.
 */
export function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(task);
      tail = result
        .catch(() => undefined)
        .finally(() => {
          size -= 1;
        });
      return result;
    },
    /** Tasks queued or running. */
    get size() {
      return size;
    },
  };
}
