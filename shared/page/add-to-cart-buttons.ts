import { announce } from '../a11y/announce.ts';
import { addToCart } from '../cart/actions.ts';
import { $cart } from '../cart/store.ts';
import { insertViewCartLink } from '../cart/view-cart-link.ts';
import { type Clock, pageClock } from '../clock.ts';
import { emit } from '../events.ts';
import { hasJQuery, jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { reloadPageConfig } from '../stores/page-config.ts';
import { shopConfigJson } from '../stores/page-data.ts';

/**
 * Ajax add-to-cart for the page's own buttons (`.ajax_add_to_cart` with `data-product_id`),
 * as WooCommerce's add-to-cart.js does it (spec §4 Add-to-cart button, §5, §7).
 *
 * Whose click it is gets decided on every click (issue 11 item 4), never once at start-up:
 * - a block Product Button (`.wc-interactive`) handles itself: WooCommerce's script skips it
 *   (it binds `.add_to_cart_button:not(.wc-interactive)`), and so do we;
 * - where WooCommerce's add-to-cart.js runs (jQuery, its `wc_add_to_cart_params` global and its
 *   click handler bound, possibly late: a script-delay optimiser) the click is its own: our store
 *   follows its jQuery events instead, so a click never adds twice;
 * - where it does not run, the shop's own settings still count: WooCommerce prints
 *   `wc_add_to_cart_params` only with "Enable AJAX add to cart buttons on archives" on, so a page
 *   that prints WooCommerce's other page globals (`woocommerce_params`, `wc_cart_fragments_params`)
 *   without it has ajax add-to-cart off, and its buttons stay plain links, as does a button
 *   without `ajax_add_to_cart`; `cart_redirect_after_add` = yes goes to the cart after an add
 *   (spec §7, in the cart's reaction, `shared/cart/reaction.ts`, also when the params are printed late).
 */

/** spec §9: click debounce 50 ms, flags reset after 300 ms. */
export const CLICK_DEBOUNCE_MS = 50;
export const FLAG_RESET_MS = 300;

const busy = new WeakSet<Element>();
const debounce = new WeakMap<Element, unknown>();
/** The timers' clock (a fake one in tests), set by {@link installAddToCartButtons}. */
let clock: Clock = pageClock;

/**
 * An object a script printed (`var wc_add_to_cart_params = {...}` makes a plain object). An element
 * with that id or name (a node or an HTMLCollection, DOM clobbering, issue 22) is no such object.
 */
function printedObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const pageGlobal = (name: string): unknown => (window as unknown as Record<string, unknown>)[name];

/** The page data `name`, as a global or in `<script id="shop-config">` (the strict-CSP form). */
const printed = (name: string): boolean =>
  printedObject(pageGlobal(name)) || printedObject(shopConfigJson()[name]);

/**
 * add-to-cart.js has bound its click handler (delegated, selector `.add_to_cart_button...`, on
 * document.body; on document in WooCommerce before 3.2), read from jQuery's event store. Where
 * that store cannot be read, the params global alone decides.
 */
function wooCommerceClickBound(): boolean {
  const { _data } = pageGlobal('jQuery') as { _data?: (target: unknown, name: string) => unknown };
  if (typeof _data !== 'function') return true;
  try {
    return [document.body, document].some((target) =>
      ((_data(target, 'events') as { click?: { selector?: unknown }[] } | undefined)?.click ?? []).some(
        (handler) => String(handler.selector ?? '').includes('add_to_cart_button'),
      ),
    );
  } catch {
    return true;
  }
}

/**
 * WooCommerce's add-to-cart.js runs on the page: it needs jQuery, quits without its
 * `wc_add_to_cart_params` global, and takes clicks once its handler is bound (checked at each
 * click: a script-delay optimiser may load it late, and until then the click is ours).
 */
function wooCommerceAddToCartPresent(): boolean {
  return hasJQuery() && printedObject(pageGlobal('wc_add_to_cart_params')) && wooCommerceClickBound();
}

/**
 * The shop switched ajax add-to-cart off: WordPress printed WooCommerce's page globals
 * (`woocommerce_params` is on every WooCommerce page) but no `wc_add_to_cart_params`, neither as a
 * global nor in the config script (WooCommerce enqueues add-to-cart.js, and so prints its params,
 * only when `woocommerce_enable_ajax_add_to_cart` is yes). Only globals say so: the config script
 * is written for the library and may carry `woocommerce_params` for other reasons.
 */
function ajaxAddToCartOff(): boolean {
  const wooCommercePage =
    printedObject(pageGlobal('woocommerce_params')) || printedObject(pageGlobal('wc_cart_fragments_params'));
  return wooCommercePage && !printed('wc_add_to_cart_params');
}

/** The params object `$pageConfig` has read (it reads the page once, before this module runs). */
let seenParams: unknown = typeof window === 'undefined' ? undefined : pageGlobal('wc_add_to_cart_params');
/**
 * `wc_add_to_cart_params` printed after start-up (a delayed inline script) is read once more, so
 * its `cart_url` and `cart_redirect_after_add` count (spec §7).
 */
function readLateParams() {
  const params = pageGlobal('wc_add_to_cart_params');
  if (!printedObject(params) || params === seenParams) return;
  seenParams = params;
  reloadPageConfig();
}

/** Every data attribute of the button, as posted by WooCommerce (spec §3: data-product_id plus all others). */
function buttonData(button: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(button.dataset)) if (value !== undefined) data[key] = value;
  return data;
}

/**
 * The jQuery side (the veto hook, the `.data()` store), loaded only where jQuery is on the page;
 * undefined elsewhere, or when it could not load (the add then goes as without jQuery).
 */
async function jQueryHooks(): Promise<typeof import('./add-to-cart-jquery.ts') | undefined> {
  if (!hasJQuery()) return undefined;
  try {
    return await import('./add-to-cart-jquery.ts');
  } catch (error) {
    logError(null, "the add-to-cart button's jQuery hooks could not load.", error);
    return undefined;
  }
}

function setState(button: HTMLElement, state: 'loading' | 'added' | 'normal') {
  button.classList.toggle('loading', state === 'loading');
  button.classList.toggle('added', state === 'added');
  if (state === 'loading') button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  emit(button, 'shop-cart-button-updated', { productId: button.dataset.product_id ?? '', state });
}

/**
 * One add: loading, then added or back to normal. Whatever throws on the way (a handler, a
 * clobbered global, issue 22), the button always leaves its busy state.
 */
async function send(button: HTMLElement) {
  busy.add(button);
  let outcome: Outcome = 'failed';
  try {
    setState(button, 'loading');
    // add-to-cart.js: loading, then the hook may stop it, then the data is read.
    const hooks = await jQueryHooks();
    if (hooks?.vetoed(button)) {
      outcome = 'vetoed';
      triggerJQuery('ajax_request_not_sent.adding_to_cart', [false, false, jqueryWrap(button)]);
      return;
    }
    readLateParams();
    const data = hooks ? hooks.jQueryButtonData(button) : buttonData(button);
    outcome = await addToCart(data, button);
  } catch (error) {
    logError(null, 'adding to the cart failed unexpectedly.', error);
  } finally {
    finish(button, outcome);
    clock.setTimeout(() => busy.delete(button), FLAG_RESET_MS);
  }
}

type Outcome = Awaited<ReturnType<typeof addToCart>> | 'vetoed';

/**
 * The state after an add (spec §4 Add-to-cart button), each step guarded so the next still runs.
 * `wc_cart_button_updated` follows the button's update as in add-to-cart.js's `updateButton`:
 * after a success (classes and view-cart link first) and after a veto (its
 * `ajax_request_not_sent` handler), never after a failure (issue 11 item 9).
 */
function finish(button: HTMLElement, outcome: Outcome) {
  const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
  const buttonUpdated = () => triggerJQuery('wc_cart_button_updated', [jqueryWrap(button)]);
  const steps: (() => void)[] =
    outcome === 'added'
      ? [
          () => setState(button, 'added'),
          () => insertViewCartLink(button),
          buttonUpdated,
          () =>
            announce(
              button.dataset.success_message ?? `Added to cart: ${name.replace(/^Add (to cart: )?/i, '')}`,
            ),
        ]
      : [
          () => setState(button, 'normal'),
          ...(outcome === 'vetoed' ? [buttonUpdated] : []),
          () => {
            if (outcome === 'failed')
              announce('Sorry, the product could not be added to the cart. Please try again.');
          },
        ];
  for (const step of steps) {
    try {
      step();
    } catch (error) {
      logError(null, 'the add-to-cart button could not show the result.', error);
      // The busy look must go even when a listener of the state event threw.
      button.classList.remove('loading');
      button.removeAttribute('aria-busy');
    }
  }
}

let forced = false;

/** Whether this click on `button` is ours to send (issue 11 item 4), decided now, not at start-up. */
function ours(button: HTMLElement): boolean {
  // Block Product Buttons (the Interactivity API) send their own adds.
  if (button.classList.contains('wc-interactive')) return false;
  // spec §5: without a product id the normal link behaviour applies.
  if (!button.dataset.product_id) return false;
  if (forced) return true;
  return !wooCommerceAddToCartPresent() && !ajaxAddToCartOff();
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>('.ajax_add_to_cart');
  if (!button || !ours(button)) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  if (busy.has(button)) return;
  clock.clearTimeout(debounce.get(button));
  debounce.set(
    button,
    clock.setTimeout(() => void send(button), CLICK_DEBOUNCE_MS),
  );
}

let installed = false;
/**
 * Page behaviour (DESIGN §1 `shared/page/`): handles add-to-cart buttons page-wide, once,
 * started by the autoloader or an element's entry, never by a view. It reads `$cart` while
 * installed, which starts the cart (its `onMount`), as cart-fragments.js runs on every
 * WooCommerce page. Each click is decided on its own (see the top of this file); `force` takes
 * the buttons even where WooCommerce's add-to-cart.js runs (tests, host apps that replace it).
 * Returns the uninstall function.
 */
export function installAddToCartButtons({
  force = false,
  clock: timers = pageClock,
}: {
  force?: boolean;
  clock?: Clock;
} = {}): () => void {
  if (installed) return () => {};
  installed = true;
  forced = force;
  clock = timers;
  const stopReading = $cart.listen(() => {});
  document.addEventListener('click', onClick);
  return () => {
    installed = false;
    forced = false;
    clock = pageClock;
    stopReading();
    document.removeEventListener('click', onClick);
  };
}
