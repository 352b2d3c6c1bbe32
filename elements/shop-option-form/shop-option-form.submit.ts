import { insertViewCartLink } from '../../shared/cart/view-cart-link.ts';
import type { Clock } from '../../shared/clock.ts';
import { logError, logWarning } from '../../shared/log.ts';
import { $product } from '../../shared/stores/product.ts';
import type { FormStore } from './engine/store.ts';
import type { Change, UpdateResult } from './engine/types.ts';
import { attachedFiles } from './extras/upload-files.ts';
import { type SubmitAddon, SubmitAddons } from './shop-option-form.addons.ts';
import type { OptionAddOutcome } from './shop-option-form.cart.ts';
import { cartChunk } from './shop-option-form.lazy.ts';
import { type OptionFormSettings, TAG } from './shop-option-form.settings.ts';

/** spec §4/§9: add-to-cart click debounce 50 ms, flags reset after 300 ms. */
export const CLICK_DEBOUNCE_MS = 50;
export const FLAG_RESET_MS = 300;

/** The cart call (the shared one, or a test double). */
export type AddOptions = (
  pairs: ReadonlyArray<readonly [string, string]>,
  source: Element,
) => Promise<OptionAddOutcome>;

/** The ajax add of the lazy cart chunk (issue 12 size): a page that cannot load it submits normally. */
const addByAjax: AddOptions = (pairs, source) =>
  cartChunk.load().then(
    (cart) => cart.addOptionsToCart(pairs, source),
    (error: unknown): OptionAddOutcome => {
      logError(TAG, 'the ajax add-to-cart chunk did not load: the form submits normally', error);
      return 'unsupported';
    },
  );

/**
 * The body of spec §7 "Option-form add to cart": the form data, plus `add-to-cart` (the product
 * id) when the form has none.
 */
export function optionFormBody(
  pairs: ReadonlyArray<readonly [string, string]>,
  productId: string,
): Array<[string, string]> {
  const out = pairs.map(([k, v]) => [k, v] as [string, string]);
  if (productId && !out.some(([k]) => k === 'add-to-cart')) out.push(['add-to-cart', productId]);
  return out;
}

/** What the submit path uses of the option form's controller. */
export interface SubmitController {
  /** The current settings and engine store (both are replaced on re-initialisation). */
  readonly settings: OptionFormSettings;
  readonly store: FormStore;
  /** Applies an engine change, keeping the posted value and validity in step. */
  update(change: Change): UpdateResult;
  /** Focuses (and scrolls to) a field or section as a failed submit does. */
  focusField(id: string): boolean;
  /** Posts the chosen options (with `extra`, the add-ons' pairs) and mirrors the validity. */
  sync(extra?: ReadonlyArray<[string, string]>): void;
  /** Hands text still waiting for the input debounce to the engine (spec §9). */
  flush(): void;
}

/** The flags of the view the submit path sets. */
export interface SubmitUi {
  /** The form error line shows (spec §8 'Fix the errors shown above'). */
  formError: boolean;
  /** An ajax add is running. */
  busy: boolean;
}

/** Where the submit path sets them (the controller's `$ui`). */
type SubmitFlags = { setKey(key: keyof SubmitUi, value: boolean): void };

/**
 * The option form's submit path (spec §4 "Option form submission", §7 "Option-form add to cart"):
 * the first submit is intercepted and every field validated; blocking errors show with the form
 * error line and the first invalid field takes focus (its closed accordion opened); the submit
 * add-ons (issue 13: captcha, spam tracker, fields' own problems) may hold it; then the page
 * submits normally, or the options are added by ajax with the 50 ms click debounce and the 300 ms
 * flag reset, the view-cart link after the button and the outcome announced.
 */
export class OptionFormSubmit {
  readonly #c: SubmitController;
  readonly #ui: SubmitFlags;
  readonly #clock: Clock;
  readonly #announce: (text: string) => void;
  readonly #addToCart: AddOptions;
  readonly #addons = new SubmitAddons();
  #host: HTMLElement | null = null;
  #form: HTMLFormElement | null = null;
  #submitter: HTMLElement | null = null;
  #loadingButton: HTMLElement | null = null;
  #debounceTimer: unknown;
  #locked = false;

  /** `ui`: the view's flags; `addToCart` by default the ajax add of the lazy cart chunk. */
  constructor(
    controller: SubmitController,
    ui: SubmitFlags,
    clock: Clock,
    announce: (text: string) => void,
    addToCart: AddOptions = addByAjax,
  ) {
    this.#c = controller;
    this.#ui = ui;
    this.#clock = clock;
    this.#announce = announce;
    this.#addToCart = addToCart;
  }

  /** Adds a submit add-on (`shop-option-form.addons.ts`); returns its removal. */
  addAddon(addon: SubmitAddon): () => void {
    return this.#addons.add(addon);
  }

  /**
   * Intercepts the submits of `form` (the host form) and the `invalid` of `host` (the element);
   * `window` hears `pageshow`. The listeners go with `signal`; the returned stop drops a debounced
   * add still waiting.
   */
  connect(
    host: HTMLElement,
    form: HTMLFormElement | null,
    window: EventTarget,
    signal: AbortSignal,
  ): () => void {
    this.#host = host;
    this.#form = form;
    // The browser asks a form-associated element with blocking errors before submitting.
    host.addEventListener(
      'invalid',
      (e) => {
        e.preventDefault();
        this.showErrors();
      },
      { signal },
    );
    form?.addEventListener('submit', (e) => this.#onSubmit(e as SubmitEvent), { signal });
    form?.addEventListener(
      'click',
      (e) => {
        // Text typed just before a click (Enter's implicit submission clicks the default button
        // too) reaches the engine before the browser checks the form's validity (spec §9 debounce).
        this.#c.flush();
        const button = (e.target as Element | null)?.closest?.('button, input[type="submit"]');
        if (button && (button as HTMLButtonElement).type === 'submit')
          this.#submitter = button as HTMLElement;
      },
      { capture: true, signal },
    );
    // spec §4: the loading state is cleared on page show (back/forward cache).
    window.addEventListener('pageshow', () => this.#clearLoading(), { signal });
    // Ajax forms fetch their add-to-cart code ahead of the first click (a failed fetch is tried again then).
    if (this.#c.settings.ajax) cartChunk.load().catch(() => {});
    return () => this.#clock.clearTimeout(this.#debounceTimer);
  }

  /**
   * A submit attempt (spec §4): every field validated with its blocking errors shown. Returns true
   * when nothing blocks; otherwise shows the form error and focuses the first invalid field.
   */
  validate(): boolean {
    const result = this.#c.update({ type: 'submit' });
    if (result.valid) {
      this.#ui.setKey('formError', false);
      return true;
    }
    this.showErrors();
    return false;
  }

  /** A blocked submit: the errors and the form error line show, the first invalid field takes focus. */
  showErrors(): void {
    const c = this.#c;
    const { errors } = c.update({ type: 'submit' });
    this.#ui.setKey('formError', true);
    const first = errors[0];
    if (!first) return;
    // A field in a closed accordion opens first (sections carry group errors under their key).
    const sectionKey = c.store.layout().fields.get(first.id)?.sectionKey ?? first.id;
    const section = c.store.$state.get().sections.find((s) => s.key === sectionKey);
    if (section && !section.open) c.update({ type: 'toggleSection', key: sectionKey, open: true });
    // After the view has rendered the opened section.
    this.#clock.setTimeout(() => c.focusField(first.id), 0);
  }

  #onSubmit(event: SubmitEvent): void {
    this.#c.flush();
    this.#submitter = (event.submitter as HTMLElement | null) ?? this.#submitter;
    if (this.#locked || !this.validate()) {
      event.preventDefault();
      return;
    }
    // Submit add-ons (issue 13): the captcha may hold the submit; it resumes once its token is there.
    if (!this.#addons.gate(() => this.#resubmit())) {
      event.preventDefault();
      return;
    }
    this.#c.sync(this.#addons.pairs());
    // Basic uploads (issue 13) post files, which the ajax add (text pairs) cannot carry: the page
    // submits normally then, as multipart.
    if (!this.#c.settings.ajax || attachedFiles(this.#c.store.$state.get().fields).length) {
      // Resubmitted normally: the busy look lasts until the page goes (or comes back, pageshow).
      this.#setLoading(this.#submitter);
      return;
    }
    event.preventDefault();
    // spec §9: clicks within 50 ms count once.
    this.#clock.clearTimeout(this.#debounceTimer);
    const pairs = this.#pairs(event.submitter ?? null);
    const button = this.#submitter;
    this.#debounceTimer = this.#clock.setTimeout(() => void this.#send(pairs, button), CLICK_DEBOUNCE_MS);
  }

  /** The form's data as it would post (our entries included), plus the product id (spec §7). */
  #pairs(submitter: HTMLElement | null): Array<[string, string]> {
    const pairs: Array<[string, string]> = [];
    if (this.#form) {
      let data: FormData;
      try {
        data = new FormData(this.#form, submitter);
      } catch {
        data = new FormData(this.#form);
      }
      for (const [k, v] of data) if (typeof v === 'string') pairs.push([k, v]);
    } else pairs.push(...this.#c.store.formData());
    return pairs;
  }

  async #send(pairs: Array<[string, string]>, button: HTMLElement | null): Promise<void> {
    this.#locked = true;
    this.#ui.setKey('busy', true);
    this.#setLoading(button);
    let outcome: OptionAddOutcome = 'failed';
    const settings = this.#c.settings;
    const productId = settings.productId || String(settings.product.product_id ?? '') || $product.get().id;
    try {
      outcome = await this.#addToCart(optionFormBody(pairs, productId), this.#host!);
    } catch (error) {
      logWarning(TAG, 'adding to the cart failed unexpectedly.', error);
    }
    this.#clearLoading();
    this.#ui.setKey('busy', false);
    this.#addons.sent();
    if (outcome === 'unsupported') {
      // No ajax add in this shop: resubmit the page normally (spec §4 "normally or by ajax").
      this.#locked = false;
      const form = this.#form;
      if (form) HTMLFormElement.prototype.submit.call(form);
      return;
    }
    if (outcome === 'added') {
      button?.classList.add('added');
      insertViewCartLink(button);
      this.#announce(this.#c.settings.messages.added);
    } else if (outcome === 'failed') this.#announce(this.#c.settings.messages.addFailed);
    // A failed add keeps every value: nothing in the store is reset.
    this.#clock.setTimeout(() => {
      this.#locked = false;
    }, FLAG_RESET_MS);
  }

  #setLoading(button: HTMLElement | null): void {
    this.#clearLoading();
    if (!button) return;
    this.#loadingButton = button;
    button.classList.add('loading');
    button.setAttribute('aria-busy', 'true');
  }

  #clearLoading(): void {
    this.#loadingButton?.classList.remove('loading');
    this.#loadingButton?.removeAttribute('aria-busy');
    this.#loadingButton = null;
  }

  /** A submit held by an add-on goes out again, from the same button (issue 13). */
  #resubmit(): void {
    const form = this.#form;
    if (!form?.isConnected) return;
    const submitter = this.#submitter as HTMLButtonElement | null;
    try {
      form.requestSubmit(submitter?.form === form ? submitter : null);
    } catch {
      form.requestSubmit();
    }
  }
}
