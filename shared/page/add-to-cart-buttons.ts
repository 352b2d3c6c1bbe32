import { announce } from '../a11y/announce.ts';
import { emit } from '../events.ts';
import { jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
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

async function send(button: HTMLElement) {
  busy.add(button);
  setState(button, 'loading');
  const data = buttonData(button);
  const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
  const outcome = await addToCart(data, button);
  if (outcome === 'added') {
    setState(button, 'added');
    insertViewCart(button);
    announce(button.dataset.success_message ?? `Added to cart: ${name.replace(/^Add (to cart: )?/i, '')}`);
  } else {
    setState(button, 'normal');
    if (outcome === 'failed')
      announce('Sorry, the product could not be added to the cart. Please try again.');
  }
  setTimeout(() => busy.delete(button), FLAG_RESET_MS);
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
  const w = window as unknown as { jQuery?: unknown; wc_add_to_cart_params?: unknown };
  if (installed) return () => {};
  installed = true;
  const stopReading = $cart.listen(() => {});
  const handling = force || !(w.jQuery && w.wc_add_to_cart_params);
  if (handling) document.addEventListener('click', onClick);
  return () => {
    installed = false;
    stopReading();
    document.removeEventListener('click', onClick);
  };
}
