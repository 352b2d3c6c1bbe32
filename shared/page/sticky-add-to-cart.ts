import { readPageData } from '../stores/page-data.ts';
import { type BehaviourOptions, hideElement, showElement, within } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';
import { setQuantity } from './quantity-buttons.ts';
import { scrollWindowTo } from './scroll-window.ts';

export const STICKY_ADD_TO_CART_SELECTOR = '.sticky-add-to-cart, .single-product .summary form.cart';
export const BUY_NOW_SELECTOR = '.buy-now, [name="buy-now"], .wc-buy-now-btn';

/**
 * The sticky add-to-cart bar and the buy-now button of the single product page (spec §2 Single
 * product page, §8 "Buy-now on disabled variation"; issue 16).
 *
 * **Sticky bar.** The theme may print the bar:
 *
 *   <div class="sticky-add-to-cart" hidden>
 *     <strong class="product-title-small">Hoodie</strong>
 *     <div class="quantity"><input type="number" class="input-text qty text" …></div>   (no name: not posted)
 *     <button type="button" class="single_add_to_cart_button button">Add to cart</button>
 *       or, for a variable product,
 *     <button type="button" class="sticky-add-to-cart-select-options-button button">Select options</button>
 *   </div>
 *
 * If it does not, the bar is built from the product's main form (`.single-product .summary
 * form.cart`, outside quick views and dialogs) with the same parts: the product title, a
 * quantity box copying the main one's min, max, step and value, and an add-to-cart button with
 * the main button's text, or "Select options" on a variable product (`form.variations_form`).
 * It is appended to the body (to the root when installed on an element), as a region labelled
 * with the product title. Styles: styles/theme.css (fixed to the bottom of the viewport).
 *
 * - The bar shows (`hidden` removed, class `sticky-add-to-cart--active`) once the main
 *   add-to-cart button has scrolled out of view ABOVE the viewport (IntersectionObserver), and
 *   hides when it is visible again or below the viewport (not yet reached).
 * - Its quantity and the main one are kept equal both ways; a change is announced with bubbling
 *   `input` and `change` events on the input that followed (option forms, cart scripts see it).
 * - Its add-to-cart button presses the main one (so the page's ajax add-to-cart, validation and
 *   option forms act as usual); its select-options button scrolls to the variation form over
 *   1000 ms (spec §9 Theme; at once under reduced motion) and moves the focus to the form's first
 *   field.
 *
 * **Buy-now** (`.buy-now`, `[name="buy-now"]`, `.wc-buy-now-btn`): mirrors the disabled state of
 * the add-to-cart button of its form (else the page's first): WooCommerce marks that button with
 * the classes `disabled` and `wc-variation-selection-needed` or `wc-variation-is-unavailable`
 * (or the `disabled` attribute); buy-now gets the same classes and `aria-disabled="true"` (not
 * the `disabled` attribute, so that a click can still explain). A click while disabled is
 * stopped and shows, in a `role="alert"` message after the button, the store's text
 * (`wc_add_to_cart_variation_params.i18n_unavailable_text` when the variation is unavailable,
 * else `i18n_make_a_selection_text`; WooCommerce's English when the page prints none). The
 * message is an inline alert rather than `window.alert` (non-blocking, announced by screen
 * readers); it clears when buy-now is enabled again. A page that wants WooCommerce's original
 * `window.alert` instead says `buy_now_alert: 'yes'` in `wc_add_to_cart_variation_params` (or the
 * behaviour's `alert` option), as the review form's `review_rating_alert`.
 */

const MAIN_FORM = '.summary form.cart';
const NOT_MAIN =
  '.sticky-add-to-cart, .product-lightbox, .product-quick-view-container, dialog, [role="dialog"]';
const MAIN_BUTTON = '.single_add_to_cart_button';
const SELECT_OPTIONS = '.sticky-add-to-cart-select-options-button';
const QTY = '.quantity input.qty:not([type="hidden"])';
const STATE_CLASSES = ['disabled', 'wc-variation-selection-needed', 'wc-variation-is-unavailable'];

/** The bar's visible strings (the defaults, which the page may override). */
const STICKY_TEXTS = {
  addToCart: 'Add to cart',
  quantity: 'Product quantity',
  selectOptions: 'Select options',
};
type StickyTexts = typeof STICKY_TEXTS;

/** Builds the bar from the main form (see above). */
function buildBar(
  doc: Document,
  form: HTMLFormElement,
  main: HTMLElement,
  title: string,
  texts: StickyTexts,
): HTMLElement {
  const bar = doc.createElement('div');
  bar.className = 'sticky-add-to-cart';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', title || main.textContent?.trim() || texts.addToCart);
  const name = doc.createElement('strong');
  name.className = 'product-title-small';
  name.textContent = title;
  bar.append(name);
  const qty = form.querySelector<HTMLInputElement>(QTY);
  if (qty) {
    const box = doc.createElement('div');
    box.className = 'quantity';
    const input = doc.createElement('input');
    input.type = 'number';
    input.className = 'input-text qty text';
    input.id = `${qty.id || 'quantity'}-sticky`;
    for (const attr of ['min', 'max', 'step', 'inputmode']) {
      const value = qty.getAttribute(attr);
      if (value !== null) input.setAttribute(attr, value);
    }
    input.value = qty.value;
    input.setAttribute('aria-label', qty.getAttribute('aria-label') || texts.quantity);
    box.append(input);
    bar.append(box);
  }
  const button = doc.createElement('button');
  button.type = 'button';
  const variable = form.classList.contains('variations_form');
  button.className = `${variable ? SELECT_OPTIONS.slice(1) : 'single_add_to_cart_button'} button alt`;
  button.textContent = variable ? texts.selectOptions : main.textContent?.trim() || texts.addToCart;
  bar.append(button);
  return bar;
}

/** Installs the sticky add-to-cart bar of the product page under the root. */
export const installStickyAddToCart = definePageBehaviour({
  name: 'sticky-add-to-cart',
  selector: STICKY_ADD_TO_CART_SELECTOR,
  messages: STICKY_TEXTS,
  install(root, context) {
    const doc = context.document;
    const form = within<HTMLFormElement>(root, MAIN_FORM).find((f) => !f.closest(NOT_MAIN));
    const main = form?.querySelector<HTMLElement>(MAIN_BUTTON);
    if (!form || !main) return;
    let bar = within(root, '.sticky-add-to-cart')[0];
    const built = !bar;
    if (!bar) {
      const title = doc.querySelector('.product_title')?.textContent?.trim() ?? '';
      bar = buildBar(doc, form, main, title, context.messages);
      (root instanceof Element ? root : doc.body).append(bar);
    }
    const sticky = bar;
    const show = (on: boolean) => {
      (on ? showElement : hideElement)(sticky);
      sticky.classList.toggle('sticky-add-to-cart--active', on);
    };
    show(false);
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      show(!entry.isIntersecting && entry.boundingClientRect.bottom < (entry.rootBounds?.top ?? 0));
    });
    observer.observe(main);

    const mainQty = () => form.querySelector<HTMLInputElement>(QTY);
    const barQty = () => sticky.querySelector<HTMLInputElement>(QTY);
    const follow = (event: Event) => {
      const from = event.target;
      if (!(from instanceof HTMLInputElement)) return;
      const [a, b] = [mainQty(), barQty()];
      const to = from === a ? b : from === b ? a : null;
      if (to && to.value !== from.value) {
        to.value = from.value;
        to.dispatchEvent(new Event('input', { bubbles: true }));
        to.dispatchEvent(new Event('change', { bubbles: true }));
      }
    };
    const onClick = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !sticky.contains(target)) return;
      if (target.closest(SELECT_OPTIONS)) {
        event.preventDefault();
        // The first field the shopper can reach (swatches may hide the selects they replace).
        const field = [
          ...form.querySelectorAll<HTMLElement>('.variations :is(select, input, [tabindex="0"])'),
        ].find((el) => el.getClientRects().length > 0 && !el.matches('[type="hidden"]'));
        scrollWindowTo(form, context.options);
        field?.focus({ preventScroll: true });
      } else if (target.closest(`${MAIN_BUTTON}, .sticky-add-to-cart__button`)) {
        event.preventDefault();
        const [a, b] = [mainQty(), barQty()];
        if (a && b) setQuantity(a, Number(b.value));
        main.click();
      }
    };
    for (const type of ['input', 'change']) {
      context.on(form, type, follow);
      context.on(sticky, type, follow);
    }
    context.on(sticky, 'click', onClick);
    return () => {
      observer.disconnect();
      if (built) sticky.remove();
    };
  },
});

/** `wc_add_to_cart_variation_params`, as the page prints it. */
const variationParams = () =>
  readPageData('wc_add_to_cart_variation_params') as Record<string, unknown> | undefined;

/** The store's texts (spec §8), else WooCommerce's English. */
function buyNowText(unavailable: boolean): string {
  const params = variationParams();
  const value = params?.[unavailable ? 'i18n_unavailable_text' : 'i18n_make_a_selection_text'];
  if (typeof value === 'string' && value) return value;
  return unavailable
    ? 'Sorry, this product is unavailable. Please choose a different combination.'
    : 'Please select some product options before adding this product to your cart.';
}

export interface BuyNowOptions extends BehaviourOptions {
  /** Say it with `window.alert` instead of the inline message; default: the page's `buy_now_alert === 'yes'`. */
  alert?: boolean;
}

/** Installs the buy-now buttons under the root (and those added later). */
export const installBuyNow = definePageBehaviour({
  name: 'buy-now',
  selector: BUY_NOW_SELECTOR,
  install(root, context: BehaviourContext<Messages, BuyNowOptions>) {
    const doc = context.document;
    const buttons = new Map<HTMLElement, { main: HTMLElement; message: HTMLElement }>();
    const observer = new MutationObserver(() => {
      for (const [buy, { main, message }] of buttons) mirror(buy, main, message);
    });
    const mirror = (buy: HTMLElement, main: HTMLElement, message: HTMLElement) => {
      const off = main.hasAttribute('disabled') || main.classList.contains('disabled');
      for (const name of STATE_CLASSES) buy.classList.toggle(name, main.classList.contains(name));
      buy.classList.toggle('disabled', off);
      if (off) buy.setAttribute('aria-disabled', 'true');
      else {
        buy.removeAttribute('aria-disabled');
        message.textContent = '';
        message.hidden = true;
      }
    };
    context.each(BUY_NOW_SELECTOR, (buy) => {
      if (buttons.has(buy)) return;
      const main =
        buy.closest('form')?.querySelector<HTMLElement>(MAIN_BUTTON) ??
        doc.querySelector<HTMLElement>(`${MAIN_FORM} ${MAIN_BUTTON}, ${MAIN_BUTTON}`);
      if (!main) {
        console.error('storefront elements: buy-now found no add-to-cart button to follow.', buy);
        return;
      }
      buy.removeAttribute('disabled'); // a click must still reach it to explain
      const message = doc.createElement('p');
      message.className = 'buy-now-message woocommerce-info';
      message.setAttribute('role', 'alert');
      message.hidden = true;
      buy.after(message);
      buttons.set(buy, { main, message });
      observer.observe(main, { attributeFilter: ['class', 'disabled'] });
      mirror(buy, main, message);
    });
    // Capture: before a buy-now plugin's own handlers, which would submit.
    const onClick = (event: Event) => {
      const buy =
        event.target instanceof Element ? event.target.closest<HTMLElement>(BUY_NOW_SELECTOR) : null;
      const known = buy && buttons.get(buy);
      if (!buy || !known || buy.getAttribute('aria-disabled') !== 'true') return;
      event.preventDefault();
      event.stopPropagation();
      const words = buyNowText(known.main.classList.contains('wc-variation-is-unavailable'));
      if (context.options.alert ?? variationParams()?.buy_now_alert === 'yes') {
        context.window.alert(words); // the page asked for WooCommerce's original
        return;
      }
      known.message.textContent = words;
      known.message.hidden = false;
    };
    context.on(root, 'click', onClick, true);
    return () => {
      observer.disconnect();
      for (const { message } of buttons.values()) message.remove();
    };
  },
});
