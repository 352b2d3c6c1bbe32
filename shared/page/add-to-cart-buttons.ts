import { announce } from '../a11y/announce.ts';
import { emit } from '../events.ts';
import { hasJQuery, jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { addToCart } from '../shop/cart.ts';
import { $cart } from '../stores/cart.ts';
import { $pageConfig } from '../stores/page-config.ts';

/**
 * Ajax add-to-cart for the page's own buttons (`.ajax_add_to_cart` with `data-product_id`),
 * as WooCommerce's add-to-cart.js does it (spec §4 Add-to-cart button, §5, §7).
 */

/** spec §9: click debounce 50 ms, flags reset after 300 ms. */
export const CLICK_DEBOUNCE_MS = 50;
export const FLAG_RESET_MS = 300;

const busy = new WeakSet<Element>();
const debounce = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/** Every data attribute of the button, as posted by WooCommerce (spec §3: data-product_id plus all others). */
export function buttonData(button: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(button.dataset)) if (value !== undefined) data[key] = value;
  return data;
}

function setState(button: HTMLElement, state: 'loading' | 'added' | 'normal') {
  button.classList.toggle('loading', state === 'loading');
  button.classList.toggle('added', state === 'added');
  if (state === 'loading') button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  emit(button, 'shop-cart-button-updated', { productId: button.dataset.product_id ?? '', state });
  if (state !== 'loading') triggerJQuery('wc_cart_button_updated', [jqueryWrap(button)]);
}

/** Inserts the view-cart link after the button, once, when not on the cart page. */
function insertViewCart(button: HTMLElement) {
  const { isCart, cartUrl, i18nViewCart } = $pageConfig.get();
  if (isCart || button.parentElement?.querySelector('.added_to_cart')) return;
  const link = document.createElement('a');
  link.href = cartUrl;
  link.className = 'added_to_cart wc-forward';
  link.title = i18nViewCart;
  link.textContent = i18nViewCart;
  button.after(link);
}

/**
 * One add: loading, then added or back to normal. Whatever throws on the way (a handler, a
 * clobbered global, issue 22), the button always leaves its busy state.
 */
async function send(button: HTMLElement) {
  busy.add(button);
  let outcome: Awaited<ReturnType<typeof addToCart>> = 'failed';
  try {
    setState(button, 'loading');
    const data = buttonData(button);
    outcome = await addToCart(data, button);
  } catch (error) {
    logError(null, 'adding to the cart failed unexpectedly.', error);
  } finally {
    finish(button, outcome);
    setTimeout(() => busy.delete(button), FLAG_RESET_MS);
  }
}

/** The state after an add (spec §4 Add-to-cart button), each step guarded so the next still runs. */
function finish(button: HTMLElement, outcome: Awaited<ReturnType<typeof addToCart>>) {
  const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
  const steps: (() => void)[] =
    outcome === 'added'
      ? [
          () => setState(button, 'added'),
          () => insertViewCart(button),
          () =>
            announce(
              button.dataset.success_message ?? `Added to cart: ${name.replace(/^Add (to cart: )?/i, '')}`,
            ),
        ]
      : [
          () => setState(button, 'normal'),
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

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>('.ajax_add_to_cart');
  // spec §5: without a product id the normal link behaviour applies.
  if (!button?.dataset.product_id) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  if (busy.has(button)) return;
  clearTimeout(debounce.get(button));
  debounce.set(
    button,
    setTimeout(() => void send(button), CLICK_DEBOUNCE_MS),
  );
}

let installed = false;
/**
 * Page behaviour (DESIGN §1 `shared/page/`): handles add-to-cart buttons page-wide, once,
 * started by the autoloader or an element's entry, never by a view. It reads `$cart` while
 * installed, which starts the cart (its `onMount`), as cart-fragments.js runs on every
 * WooCommerce page. On a WordPress page where WooCommerce's own add-to-cart.js runs (jQuery
 * plus its params global), that script keeps the buttons and our store follows its jQuery events
 * instead, so a click never adds twice. Returns the uninstall function.
 */
export function installAddToCartButtons({ force = false } = {}): () => void {
  const params: unknown = (window as unknown as { wc_add_to_cart_params?: unknown }).wc_add_to_cart_params;
  if (installed) return () => {};
  installed = true;
  const stopReading = $cart.listen(() => {});
  // A clobbered global (an element with id "jQuery" or "wc_add_to_cart_params", issue 22) is no script.
  const wooScript = hasJQuery() && typeof params === 'object' && params !== null && !(params instanceof Node);
  const handling = force || !wooScript;
  if (handling) document.addEventListener('click', onClick);
  return () => {
    installed = false;
    stopReading();
    document.removeEventListener('click', onClick);
  };
}
