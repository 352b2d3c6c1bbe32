import { logError } from '../log.ts';

/**
 * The one reader of what the page prints for the library (issue 10): a global a theme or plugin
 * prints (`wc_add_to_cart_params`, `ga4w`, `wc_order_attribution`, ...), else the same object
 * under the same name in `<script type="application/json" id="shop-config">` (pages under a strict
 * CSP cannot run the inline scripts that print globals). The JSON is parsed once per text, and
 * invalid JSON is reported once.
 */

let cached: { text: string; data: Record<string, unknown> } | undefined;

/** The parsed `<script id="shop-config">` of `doc` ({} when absent or invalid). */
export function shopConfigJson(doc: Document = document): Record<string, unknown> {
  const text = doc.querySelector('script#shop-config[type="application/json"]')?.textContent ?? '';
  if (cached?.text === text) return cached.data;
  let data: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        data = parsed as Record<string, unknown>;
      else logError(null, '<script id="shop-config"> must hold a JSON object; using defaults.');
    } catch (error) {
      logError(null, '<script id="shop-config"> is not valid JSON; using defaults.', error);
    }
  }
  cached = { text, data };
  return data;
}

/** The page's value for `name`: the global when the page prints one, else the config script's. */
export function readPageData(name: string, doc: Document = document): unknown {
  const global = ((doc.defaultView ?? window) as unknown as Record<string, unknown>)[name];
  return global ?? shopConfigJson(doc)[name];
}
