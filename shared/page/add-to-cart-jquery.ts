import { hasJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';

/**
 * The add-to-cart button's jQuery side, for pages where we own the buttons and jQuery is there
 * (issue 11 item 9): the `should_send_ajax_request.adding_to_cart` hook and jQuery's `.data()`
 * store, as WooCommerce's add-to-cart.js reads them. Loaded by `add-to-cart-buttons.ts` with
 * import() only on such pages, so the shared chunk does not carry it.
 */

/** The parts of the page's jQuery used here (only after `hasJQuery()` said it is real). */
type PageJQuery = (target: unknown) => {
  data(): unknown;
  triggerHandler(name: string, args?: unknown[]): unknown;
};

const pageJQuery = (): PageJQuery | undefined =>
  hasJQuery() ? (window as unknown as { jQuery: PageJQuery }).jQuery : undefined;

/** What jQuery does not post: it calls functions (we run no one's code for a post); nodes are no data. */
const unpostable = (value: unknown) =>
  typeof value === 'function' || typeof value === 'symbol' || value instanceof Node || value === window;

/**
 * Form fields as jQuery's `$.ajax({ data })` posts an object (`jQuery.param`): null and undefined
 * as '', numbers and booleans as text, objects as `key[sub]`, arrays as `key[i]` (PHP reads these as
 * jQuery's `key[]`). Cycles and depth are cut, as a widget instance in `.data()` may hold both.
 */
export function formFields(data: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new WeakSet<object>();
  const add = (key: string, value: unknown, depth: number) => {
    if (unpostable(value)) return;
    if (value === null || value === undefined) fields[key] = '';
    else if (Array.isArray(value) || Object.prototype.toString.call(value) === '[object Object]') {
      const object = value as Record<string, unknown>;
      if (depth > 4 || seen.has(object)) return;
      seen.add(object);
      for (const sub of Object.keys(object)) add(`${key}[${sub}]`, object[sub], depth + 1);
    } else fields[key] = String(value);
  };
  for (const key of Object.keys(data)) add(key, data[key], 0);
  return fields;
}

/**
 * What add-to-cart.js posts for a button (spec §3: data-product_id plus all other data
 * attributes): first jQuery's `.data()` store (values other scripts set with
 * `$(button).data(key, value)`, and the data attributes as jQuery reads them, "3" as 3), then every
 * data attribute over it, as add-to-cart.js gives attributes the preference (scripts may change
 * them directly).
 */
export function jQueryButtonData(button: HTMLElement): Record<string, string> {
  const data: Record<string, unknown> = {};
  try {
    const stored = pageJQuery()?.(button).data();
    if (stored && typeof stored === 'object') Object.assign(data, stored);
  } catch (error) {
    logError(null, "jQuery's .data() of an add-to-cart button could not be read.", error);
  }
  for (const [key, value] of Object.entries(button.dataset)) if (value !== undefined) data[key] = value;
  return formFields(data);
}

/**
 * The `should_send_ajax_request.adding_to_cart` hook of add-to-cart.js: a jQuery handler on
 * document.body returning false (jQuery's `triggerHandler` result) stops the add. A handler that
 * throws is reported and stops nothing.
 */
export function vetoed(button: HTMLElement): boolean {
  const $ = pageJQuery();
  if (!$) return false;
  try {
    return $(document.body).triggerHandler('should_send_ajax_request.adding_to_cart', [$(button)]) === false;
  } catch (error) {
    logError(null, "a 'should_send_ajax_request.adding_to_cart' handler threw.", error);
    return false;
  }
}
