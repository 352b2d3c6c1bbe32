import { $attribution, type AttributionState, startAttribution } from '../../shared/tracking/attribution.ts';

/**
 * Contributes the order attribution values to its enclosing form as hidden inputs named
 * `<prefix><field>` (`wc_order_attribution_source_type`, ...), in the spirit of WooCommerce's
 * `<wc-order-attribution-inputs>` (spec §7 Order attribution). Put it inside the classic
 * checkout or register form; the values follow `$attribution` and stay empty until tracking is
 * allowed (marketing consent). No shadow root: the inputs must be in the form's light DOM.
 *
 * If an input was removed by other scripts, a warning names the missing field (spec §8).
 * A second element in the same form stamps nothing, so each field is submitted once.
 *
 * @tagname shop-order-attribution
 * @attr {string} prefix - Overrides the input name prefix (default: the `wc_order_attribution` params, `wc_order_attribution_`).
 */
export class ShopOrderAttributionElement extends HTMLElement {
  #unsubscribe: (() => void) | undefined;
  #fields: string[] = [];
  #prefix = '';

  /** The current values, by field name (null while tracking is not allowed). */
  get values(): Record<string, string | null> {
    return { ...$attribution.get().values };
  }

  connectedCallback(): void {
    startAttribution();
    const state = $attribution.get();
    this.#prefix = this.getAttribute('prefix') ?? state.prefix;
    // Cache the field names at connection, as WooCommerce does, so a run-time change cannot garble the form.
    this.#fields = [...state.fields];
    this.replaceChildren();
    const form = this.closest('form');
    const twin = form
      ? [...form.querySelectorAll('shop-order-attribution')].find(
          (el) => el !== this && el.childElementCount > 0,
        )
      : undefined;
    if (!twin) {
      const inputs = document.createDocumentFragment();
      for (const field of this.#fields) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = this.#prefix + field;
        input.value = state.values[field] ?? '';
        inputs.append(input);
      }
      this.append(inputs);
    }
    this.#unsubscribe = $attribution.listen((next) => this.#update(next));
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #update(state: AttributionState): void {
    if (this.childElementCount === 0) return; // the twin in this form holds the inputs
    for (const field of this.#fields) {
      const input = this.querySelector<HTMLInputElement>(`input[name="${CSS.escape(this.#prefix + field)}"]`);
      if (input) input.value = state.values[field] ?? '';
      else
        console.warn(
          `storefront elements: order attribution field "${field}" not found; the <shop-order-attribution> element was manipulated.`,
        );
    }
  }
}

if (!customElements.get('shop-order-attribution')) {
  customElements.define('shop-order-attribution', ShopOrderAttributionElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'shop-order-attribution': ShopOrderAttributionElement;
  }
}
