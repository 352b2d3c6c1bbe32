import { raiseToMin, stepQuantity } from '../quantity.ts';
import { within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

/** The product page (issue 16): quantity-buttons.ts, product-tabs.ts, sticky-add-to-cart.ts. */
export const QUANTITY_SELECTOR = '.quantity input.qty';

/**
 * Quantity inputs everywhere (spec §5 Quantity inputs; issue 16): plus/minus buttons beside
 * every `.quantity input.qty` as WooCommerce prints it (global/quantity-input.php):
 *
 *   <div class="quantity"><label class="screen-reader-text" for="quantity_1">Hoodie quantity</label>
 *     <input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1"
 *            min="1" max="" step="1"></div>
 *
 * - Buttons the theme printed (Flatsome's `.quantity.buttons_added` with `input.minus` /
 *   `input.plus`) are reused; otherwise `<button type="button" class="minus">` and `.plus` are
 *   added around the input and the wrapper gets `buttons_added`. Each button gets a label
 *   ("Decrease quantity" / "Increase quantity") and `aria-controls` naming the input; it stays in
 *   the tab order (real buttons: Enter and Space press them).
 * - A press steps the value by `step` (default 1; `any` counts as 1) within `min` (default 0)
 *   and `max` (none when empty or 0), with the step's decimals (step 0.5: 1 → 1.5, never
 *   1.5000000001), via shared/quantity.ts. The input then receives `input` and `change` events
 *   (bubbling), so WooCommerce's cart.js enables "Update cart" and other scripts see the change.
 * - At a bound the button has `aria-disabled="true"` (and the class `disabled`) rather than the
 *   `disabled` attribute, so the focus of a keyboard user who pressed it up to the bound stays
 *   on it; a press then does nothing. A disabled or read-only input disables both.
 * - Outside the cart page (not in `.woocommerce-cart-form`, body without `woocommerce-cart`) a
 *   value below min is raised to min (at install and on every change); in the cart 0 means
 *   "remove", so it is left alone. Hidden quantity inputs (sold individually) are left alone.
 */

const BUTTON = '.quantity .minus, .quantity .plus';

let ids = 0;

const num = (value: string | null): number | null => {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The limits an input declares: min (default 0), max (null when none), step (default 1). */
export function quantityLimits(input: HTMLInputElement): { min: number; max: number | null; step: number } {
  const step = num(input.getAttribute('step'));
  const max = num(input.getAttribute('max'));
  return {
    min: num(input.getAttribute('min')) ?? 0,
    max: max !== null && max > 0 ? max : null,
    step: step !== null && step > 0 ? step : 1,
  };
}

const inCart = (input: HTMLInputElement) =>
  input.closest('.woocommerce-cart-form') !== null ||
  input.ownerDocument.body.classList.contains('woocommerce-cart');

/** The quantity input a plus/minus button belongs to. */
const inputOf = (button: Element) =>
  button.closest('.quantity')?.querySelector<HTMLInputElement>('input.qty:not([type="hidden"])') ?? null;

/** Sets `aria-disabled` on the wrapper's buttons from the input's value and limits. */
function syncButtons(input: HTMLInputElement): void {
  const { min, max } = quantityLimits(input);
  const value = num(input.value);
  const off = input.disabled || input.readOnly;
  for (const button of input.closest('.quantity')?.querySelectorAll<HTMLElement>('.minus, .plus') ?? []) {
    const at = button.classList.contains('minus')
      ? value !== null && value <= min
      : value !== null && max !== null && value >= max;
    const disabled = off || at;
    button.classList.toggle('disabled', disabled);
    if (disabled) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }
}

/** Sets a quantity input's value and tells the page (bubbling `input` and `change`). */
export function setQuantity(input: HTMLInputElement, value: number): void {
  if (input.value === String(value)) return;
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Adds (or adopts) the plus/minus buttons of every quantity input under the root. */
export const installQuantityButtons = definePageBehaviour({
  name: 'quantity-buttons',
  selector: QUANTITY_SELECTOR,
  messages: { minus: 'Decrease quantity', plus: 'Increase quantity' },
  install(root, context) {
    const created: HTMLElement[] = [];
    const classed: HTMLElement[] = []; // wrappers that got `buttons_added` from us
    const enhance = (input: HTMLInputElement) => {
      const wrapper = input.closest<HTMLElement>('.quantity');
      if (!wrapper || input.type === 'hidden' || wrapper.dataset.quantityButtons !== undefined) return;
      wrapper.dataset.quantityButtons = '';
      if (!input.id) input.id = `shop-quantity-${++ids}`;
      for (const kind of ['minus', 'plus'] as const) {
        let button = wrapper.querySelector<HTMLElement>(`.${kind}`);
        if (!button) {
          button = input.ownerDocument.createElement('button');
          (button as HTMLButtonElement).type = 'button';
          button.className = `${kind} quantity-button`;
          button.textContent = kind === 'minus' ? '−' : '+';
          if (kind === 'minus') input.before(button);
          else input.after(button);
          created.push(button);
        }
        button.setAttribute('aria-label', context.messages[kind]);
        button.setAttribute('aria-controls', input.id);
      }
      if (!wrapper.classList.contains('buttons_added')) {
        wrapper.classList.add('buttons_added');
        classed.push(wrapper);
      }
      if (!inCart(input)) {
        const { min } = quantityLimits(input);
        const value = num(input.value);
        if (value !== null && value < min) input.value = String(min);
      }
      syncButtons(input);
    };
    context.each(QUANTITY_SELECTOR, enhance);

    const onClick = (event: Event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTON) : null;
      const input = button && inputOf(button);
      if (!button || !input || !root.contains(button)) return;
      event.preventDefault();
      if (button.getAttribute('aria-disabled') === 'true' || input.disabled || input.readOnly) return;
      const limits = quantityLimits(input);
      const next = stepQuantity(
        num(input.value) ?? limits.min,
        button.classList.contains('plus') ? 1 : -1,
        limits,
      );
      setQuantity(input, next);
      syncButtons(input);
    };
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.matches(QUANTITY_SELECTOR)) return;
      if (event.type === 'change' && !inCart(input)) {
        const raised = raiseToMin(num(input.value) ?? Number.NaN, quantityLimits(input).min);
        if (String(raised) !== input.value) input.value = String(raised);
      }
      syncButtons(input);
    };
    context.on(root, 'click', onClick);
    context.on(root, 'input', onChange);
    context.on(root, 'change', onChange);
    return () => {
      for (const button of created) button.remove();
      for (const wrapper of classed) wrapper.classList.remove('buttons_added');
      for (const wrapper of within(root, '.quantity[data-quantity-buttons]'))
        delete wrapper.dataset.quantityButtons;
    };
  },
});
