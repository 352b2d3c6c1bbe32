import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/shop-option-form/shop-option-form.ts';
import type { ShopOptionFormElement } from '../../../elements/shop-option-form/shop-option-form.ts';

/** A field row per field, in one section. */
export function sectionOf(fields: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  return { extra: { key: 'sec_1', name: 'Options', ...extra }, fields: fields.map((f) => [f]) };
}

/** A product form (`form.cart`) holding the option form with these settings, plus quantity and the add button. */
export async function optionForm(
  settings: Record<string, unknown>,
  { attrs = '', novalidate = false }: { attrs?: string; novalidate?: boolean } = {},
): Promise<{ el: ShopOptionFormElement; form: HTMLFormElement; button: HTMLButtonElement }> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  const form = document.createElement('form');
  form.className = 'cart';
  form.method = 'post';
  form.action = '/__test-post';
  if (novalidate) form.noValidate = true;
  form.innerHTML = `<shop-option-form ${attrs}></shop-option-form>
    <label>Quantity <input type="number" name="quantity" value="1" min="1"></label>
    <button type="submit" name="add-to-cart" value="101" class="single_add_to_cart_button button">Add to cart</button>`;
  const el = form.querySelector('shop-option-form') as ShopOptionFormElement;
  el.settings = settings as never;
  wrapper.append(form);
  await waitUntil(() => el.shadowRoot?.querySelector('.form'), 'the option form never rendered', {
    timeout: 5000,
  });
  return { el, form, button: form.querySelector('button')! };
}

/** A query inside the element's shadow root. */
export const $ = <T extends Element = HTMLElement>(el: Element, sel: string) =>
  el.shadowRoot!.querySelector(sel) as T | null;
export const $$ = <T extends Element = HTMLElement>(el: Element, sel: string) => [
  ...el.shadowRoot!.querySelectorAll<T>(sel),
];

/** The field wrapper of `id`. */
export const fieldEl = (el: Element, id: string) => $(el, `[data-field-id="${id}"]`);

/** Types into an input as a shopper would (value set through the native setter, then `input`). */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Chooses options of a native select. */
export function choose(select: HTMLSelectElement, ...values: string[]): void {
  for (const o of select.options) o.selected = values.includes(o.value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The pairs the host form would post. */
export const posted = (form: HTMLFormElement) =>
  [...new FormData(form)].map(([k, v]) => [k, String(v)] as [string, string]);
