import { logWarning } from '../../shared/log.ts';
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
 * @summary The hidden order attribution inputs of a checkout or register form.
 * @attr {string} prefix - Overrides the input name prefix (default: the `wc_order_attribution` params, `wc_order_attribution_`).
 */
export class ShopOrderAttributionElement extends HTMLElement {
  /** The element's tag, written once. */
  static readonly tag = 'shop-order-attribution';

  /**
   * Registers the class under `tag` (default: its own) in `registry` (default: the page's), once;
   * a tag already taken is left as it is. Returns the class registered under that tag. `this`,
   * not the class name: a subclass registers itself (the conformance suite's late upgrade).
   */
  static define(
    // biome-ignore lint/complexity/noThisInStatic: a subclass passes its own tag
    tag: string = this.tag,
    registry: CustomElementRegistry = customElements,
  ): CustomElementConstructor {
    // biome-ignore lint/complexity/noThisInStatic: a subclass registers itself
    if (!registry.get(tag)) registry.define(tag, this);
    return registry.get(tag)!;
  }

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
      ? [...form.querySelectorAll(this.localName)].find((el) => el !== this && el.childElementCount > 0)
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
        logWarning(
          this.localName,
          `order attribution field "${field}" not found; the element was manipulated (spec §8).`,
        );
    }
  }
}

ShopOrderAttributionElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'shop-order-attribution': ShopOrderAttributionElement;
  }
}
