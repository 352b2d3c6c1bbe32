import { safeUrl } from '../../shared/url.ts';

/** The fetch the helper uses (the page's, or a test double). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The reviews' JSON request helper (spec §7 Reviews widget, §8 "Reviews helper, non-200
 * status: nothing happens"): `method` to `url`, parsed JSON only on HTTP 200, `undefined` for
 * any other status, a network failure, a body that is not JSON, or a URL that is not http(s).
 */
export async function requestJson(
  method: 'GET' | 'POST',
  url: string,
  {
    fetch: fetchImpl = (input, init) => fetch(input, init),
    signal,
  }: { fetch?: Fetch; signal?: AbortSignal } = {},
): Promise<unknown> {
  const target = safeUrl(url);
  if (!target) return undefined;
  try {
    const response = await fetchImpl(target, {
      method,
      signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.status !== 200) return undefined;
    return await response.json();
  } catch {
    return undefined;
  }
}
