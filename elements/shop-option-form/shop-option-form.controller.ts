import { map, type ReadableAtom } from 'nanostores';
import { announce as announceToPage } from '../../shared/a11y/announce.ts';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { fill } from '../../shared/format/messages.ts';
import { logError, logWarning } from '../../shared/log.ts';
import { $pageConfig } from '../../shared/stores/page-config.ts';
import { $product, type ProductState } from '../../shared/stores/product.ts';
import type { FormLayout, FormState } from './engine/engine.ts';
import type { FormulaRuntime } from './engine/formula.ts';
import { NO_FORMULAS } from './engine/state.ts';
import { createFormStore, type FormStore } from './engine/store.ts';
import type { Change, ErrorKey, FieldValue, Quantity } from './engine/types.ts';
import { attachedFiles } from './extras/upload-files.ts';
import { type SubmitAddon, SubmitAddons } from './shop-option-form.addons.ts';
import type { OptionAddOutcome } from './shop-option-form.cart.ts';
import { cartChunk, formulaChunk } from './shop-option-form.lazy.ts';
import { ProductImageSwap } from './shop-option-form.product-image.ts';
import type { OptionFormSettings } from './shop-option-form.settings.ts';
import { onInitTriggers } from './shop-option-form.triggers.ts';

const TAG = 'shop-option-form';
/** spec §4/§9: add-to-cart click debounce 50 ms, flags reset after 300 ms. */
export const CLICK_DEBOUNCE_MS = 50;
export const FLAG_RESET_MS = 300;
/** spec §9 "Input change debounce 100 ms": the total is announced once typing pauses. */
export const ANNOUNCE_DELAY_MS = 100;

/** Corrections the engine makes to what was entered (spec §5), shown and announced at once. */
export const CORRECTION_KEYS: ReadonlySet<ErrorKey> = new Set<ErrorKey>([
  'allowedCharsError',
  'maxlengthError',
  'maxValueError',
  'maxFieldsError',
  'maxQuantityError',
]);

/** What the view renders besides the engine's state. */
export interface OptionFormUi {
  /** The form error line shows (spec §8 'Fix the errors shown above'). */
  formError: boolean;
  /** An ajax add is running. */
  busy: boolean;
  /**
   * The formula language (a lazy chunk): 'none' while the form uses no formula, 'loading' until it
   * arrives (formula prices and the total are pending), 'ready', or 'failed' (formula prices are
   * unavailable; the rest of the form keeps working).
   */
  formulas: 'none' | 'loading' | 'ready' | 'failed';
}

/** The cart call (the shared one, or a test double). */
export type AddOptions = (
  pairs: ReadonlyArray<readonly [string, string]>,
  source: Element,
) => Promise<OptionAddOutcome>;

export interface OptionFormControllerOptions {
  host: HTMLElement;
  internals: ElementInternals | null;
  settings: OptionFormSettings;
  clock?: Clock;
  announce?(text: string): void;
  addToCart?: AddOptions;
  /** Focuses (and scrolls to) a field or section by id; true when something took focus. */
  focus?(id: string, scroll: boolean): boolean;
  /** Where page-wide events are heard (default: the document and window). */
  events?: { document: EventTarget; window: EventTarget };
}

/** The base product data of the settings, read for a reset (spec §4: reset restores the base product). */
function baseProduct(settings: OptionFormSettings): Record<string, unknown> {
  return { ...settings.product };
}

/** `$product` as the engine's product data (spec §3 Product data): price, stock, ids, sku, attributes. */
export function productData(p: ProductState, base: Record<string, unknown>): Record<string, unknown> {
  if (!p.variationId) return { ...base, variation_id: base.variation_id ?? '' };
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.attributes)) attributes[k.replace(/^attribute_(pa_)?/u, '')] = v;
  return {
    ...base,
    variation_id: p.variationId,
    ...(p.price === null ? {} : { product_price: p.price }),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.stock
      ? {
          stock_status: p.stock.inStock ? 'instock' : 'outofstock',
          ...(p.stock.quantity === null ? {} : { stock_quantity: p.stock.quantity }),
        }
      : {}),
    product_attributes: { ...((base.product_attributes as object) ?? {}), ...attributes },
  };
}

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

/** Inserts WooCommerce's view-cart link after the button, once, when not on the cart page. */
export function insertViewCartLink(button: Element | null): void {
  const { isCart, cartUrl, i18nViewCart } = $pageConfig.get();
  if (!button || isCart || button.parentElement?.querySelector('.added_to_cart')) return;
  const link = document.createElement('a');
  link.href = cartUrl;
  link.className = 'added_to_cart wc-forward';
  link.title = i18nViewCart;
  link.textContent = i18nViewCart;
  button.after(link);
}

/** The display label of a field for announcements. */
function labelOf(layout: FormLayout, id: string): string {
  const def = layout.fields.get(id)?.def;
  return (def?.label ?? def?.elementId ?? id).trim();
}

/**
 * The option form's behaviour without React (spec §4 "Option form submission", §7): the engine
 * behind a store, the posted value and validity through ElementInternals, the submit intercept
 * (validate, show errors, focus the first invalid field, or add by ajax with the 50 ms debounce
 * and 300 ms flag reset), announcements of the total and of corrections, variation changes from
 * `$product`, and re-initialisation keeping what the shopper entered.
 */
export class OptionFormController {
  readonly #ui = map<OptionFormUi>({ formError: false, busy: false, formulas: 'none' });
  readonly #host: HTMLElement;
  readonly #internals: ElementInternals | null;
  readonly #clock: Clock;
  readonly #announce: (text: string) => void;
  readonly #addToCart: AddOptions;
  readonly #focus: (id: string, scroll: boolean) => boolean;
  readonly #events: { document: EventTarget; window: EventTarget };
  #settings: OptionFormSettings;
  #store: FormStore;
  #stops: Array<() => void> = [];
  #stopStore: (() => void) | undefined;
  #announceTimer: unknown;
  #debounceTimer: unknown;
  #lastTotal = '';
  #restoring = false;
  #locked = false;
  #form: HTMLFormElement | null = null;
  #submitter: HTMLElement | null = null;
  #loadingButton: HTMLElement | null = null;
  readonly #listeners = new Set<() => void>();
  /** An image option's image as the product image (spec §2, §4, §9). */
  readonly #image = new ProductImageSwap($product);
  readonly #addons = new SubmitAddons();

  constructor(options: OptionFormControllerOptions) {
    this.#host = options.host;
    this.#internals = options.internals;
    this.#settings = options.settings;
    this.#clock = options.clock ?? pageClock;
    this.#announce = options.announce ?? announceToPage;
    // The ajax add is a lazy chunk (issue 12 size): a page that cannot load it submits normally.
    this.#addToCart =
      options.addToCart ??
      ((pairs, source) =>
        cartChunk.load().then(
          (cart) => cart.addOptionsToCart(pairs, source),
          (error: unknown): OptionAddOutcome => {
            logError(TAG, 'the ajax add-to-cart chunk did not load: the form submits normally', error);
            return 'unsupported';
          },
        ));
    this.#focus = options.focus ?? (() => false);
    this.#events = options.events ?? { document, window };
    this.#store = this.#build(options.settings);
    // The host form sees the options and their validity from the start, before the first paint.
    this.#sync();
  }

  /** UI flags the view renders. */
  get $ui(): ReadableAtom<OptionFormUi> {
    return this.#ui;
  }
  /** The engine store (its `$state` changes with every effective update). */
  get store(): FormStore {
    return this.#store;
  }
  /**
   * Adds a submit add-on (issue 13: captcha, spam tracker; `shop-option-form.addons.ts`): it may
   * hold the submit until it is ready and posts its pairs with the form. Returns its removal.
   */
  addSubmitAddon(addon: SubmitAddon): () => void {
    return this.#addons.add(addon);
  }

  /** Focuses a field as a failed submit does (scrolling to it unless `scrollToError` is off). */
  focusField(id: string): boolean {
    return this.#focus(id, this.#settings.scrollToError);
  }

  /** Called when the store is replaced (re-initialisation); returns the unsubscribe. */
  onStoreChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #build(settings: OptionFormSettings): FormStore {
    const product = $product.get().id ? productData($product.get(), baseProduct(settings)) : settings.product;
    // The engine asks for the formula language only when the definition uses a formula; without the
    // lazy chunk the form shows at once (formula prices pending) and is rebuilt when it arrives.
    const loaded = formulaChunk.loaded();
    const runtime = loaded ?? NO_FORMULAS;
    let wanted = false;
    const formulas: FormulaRuntime = {
      compile: (source) => {
        wanted = true;
        return runtime.compile(source);
      },
      evaluateNumber: (compiled, resolve) => runtime.evaluateNumber(compiled, resolve),
    };
    const store = createFormStore(settings.definition, product, settings.config, { formulas });
    const status = this.#ui.get().formulas;
    if (wanted && loaded) this.#ui.setKey('formulas', 'ready');
    else if (wanted) this.#loadFormulas();
    else if (status !== 'loading') this.#ui.setKey('formulas', 'none');
    for (const issue of store.report)
      logWarning(
        TAG,
        `form setting ${issue.elementId}${issue.setting ? `.${issue.setting}` : ''}: ${issue.message}`,
      );
    this.#stopStore?.();
    this.#lastTotal = store.$state.get().summary.formatted.total;
    this.#stopStore = store.$state.listen((state) => this.#published(state));
    return store;
  }

  /** Loads the formula chunk once; when it arrives the form is rebuilt with every value kept. */
  #loadFormulas(): void {
    if (this.#ui.get().formulas === 'loading' || this.#ui.get().formulas === 'failed') return;
    this.#ui.setKey('formulas', 'loading');
    formulaChunk.load().then(
      () => {
        this.#ui.setKey('formulas', 'ready');
        this.reinit();
        // The total replaces 'Calculating prices…': said politely once it is known (spec §2).
        this.#announceTotal();
      },
      (error: unknown) => {
        this.#ui.setKey('formulas', 'failed');
        logError(TAG, 'the formula chunk did not load: formula prices are unavailable', error);
        this.#announceTotal(this.#settings.messages.pricesUnavailable);
      },
    );
  }

  /** Re-reads the definition (settings changed, or an init trigger) keeping every value entered. */
  reinit(settings: OptionFormSettings = this.#settings): void {
    const old = this.#store;
    const entered = old.$state.get().fields.filter((f) => f.value !== null);
    const clones = {
      ...Object.fromEntries(old.$state.get().fields.map((f) => [f.elementId, f.clonedCount])),
    };
    this.#settings = settings;
    const config = {
      ...settings.config,
      clones: { ...((settings.config.clones as object) ?? {}), ...clones },
    };
    old.destroy();
    this.#store = this.#build({ ...settings, config });
    // Values put back are not the shopper's changes: the total they give is not announced.
    this.#restoring = true;
    for (const f of entered)
      if (this.#store.field(f.elementId))
        this.#store.update({ type: 'value', id: f.elementId, value: f.value, quantity: f.quantity });
    this.#restoring = false;
    this.#lastTotal = this.#store.$state.get().summary.formatted.total;
    this.#sync();
    for (const listener of this.#listeners) listener();
  }

  /** New settings from the element: rebuild only when the form itself changed. */
  configure(settings: OptionFormSettings): void {
    const prev = this.#settings;
    this.#settings = settings;
    if (
      prev.definition !== settings.definition ||
      prev.config !== settings.config ||
      prev.product !== settings.product
    )
      this.reinit(settings);
  }

  /** Starts listening to the host form, the page and `$product`; returns {@link disconnect}. */
  connect(): () => void {
    this.disconnect();
    const form = this.#internals?.form ?? this.#host.closest('form');
    this.#form = form;
    const listen = (target: EventTarget, type: string, fn: (e: Event) => void, capture = false) => {
      target.addEventListener(type, fn, capture);
      this.#stops.push(() => target.removeEventListener(type, fn, capture));
    };
    // The browser asks a form-associated element with blocking errors before submitting.
    listen(this.#host, 'invalid', (e) => {
      e.preventDefault();
      this.#failed();
    });
    if (form) {
      listen(form, 'submit', (e) => this.#onSubmit(e as SubmitEvent));
      listen(
        form,
        'click',
        (e) => {
          const button = (e.target as Element | null)?.closest?.('button, input[type="submit"]');
          if (button && (button as HTMLButtonElement).type === 'submit')
            this.#submitter = button as HTMLElement;
        },
        true,
      );
      listen(form, 'change', (e) => this.#onHostInput(e));
      listen(form, 'input', (e) => this.#onHostInput(e));
    }
    // spec §4: the loading state is cleared on page show (back/forward cache).
    listen(this.#events.window, 'pageshow', () => this.#clearLoading());
    // spec §2: re-initialise on init triggers, page-builder ready, popup open and ajax responses
    // that carry the form marker (shop-option-form.triggers.ts).
    listen(this.#events.document, 'shop-option-form-init-request', () => this.reinit());
    this.#stops.push(onInitTriggers(this.#events.window, () => this.reinit()));
    // spec §4: a variation change updates the product data the engine sees; a reset restores it.
    let lastKey = '';
    this.#stops.push(
      $product.subscribe((p) => {
        const key = JSON.stringify([p.id, p.variationId, p.price, p.stock, p.sku, p.attributes, p.quantity]);
        if (key === lastKey) return;
        const first = lastKey === '';
        lastKey = key;
        if (!p.id) return;
        if (!first || p.variationId)
          this.update({ type: 'product', product: productData(p, baseProduct(this.#settings)) });
      }),
    );
    // Ajax forms fetch their add-to-cart code ahead of the first click (a failed fetch is tried again then).
    if (this.#settings.ajax) cartChunk.load().catch(() => {});
    this.#image.connect();
    this.#stops.push(() => this.#image.disconnect());
    this.#image.update(this.#store.$state.get().fields, document.baseURI);
    const quantity = form?.querySelector<HTMLInputElement>('input[name="quantity"]');
    if (quantity) this.#quantityFrom(quantity.value);
    this.#sync();
    return () => this.disconnect();
  }

  disconnect(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#clock.clearTimeout(this.#announceTimer);
    this.#clock.clearTimeout(this.#debounceTimer);
  }

  /** Ends the controller (the element left the page for good). */
  destroy(): void {
    this.disconnect();
    this.#stopStore?.();
    this.#store.destroy();
  }

  // ---- intents ------------------------------------------------------------------------------

  /** Applies any engine change and keeps the posted value and validity in step. */
  update(change: Change) {
    const result = this.#store.update(change);
    this.#sync();
    return result;
  }

  /** The shopper changed a value; corrections the engine made are announced (spec §5). */
  setValue(id: string, value: FieldValue, quantity?: Quantity): void {
    const before = this.#store.field(id)?.error ?? {};
    const result = this.update({ type: 'value', id, value, ...(quantity === undefined ? {} : { quantity }) });
    const after = result.fields.find((f) => f.elementId === id);
    if (!after) return;
    for (const key of Object.keys(after.error) as ErrorKey[])
      if (CORRECTION_KEYS.has(key) && after.error[key] !== before[key])
        this.#announce(
          fill(this.#settings.messages.corrected, {
            label: labelOf(this.#store.layout(), id),
            message: after.error[key] ?? '',
          }),
        );
    if (this.#ui.get().formError && result.valid) this.#ui.setKey('formError', false);
  }

  setQuantity(id: string, quantity: Quantity): void {
    this.update({ type: 'quantity', id, quantity });
  }
  blur(id: string): void {
    this.update({ type: 'blur', id });
  }
  toggleSection(key: string, open?: boolean): void {
    this.update({ type: 'toggleSection', key, ...(open === undefined ? {} : { open }) });
  }
  addClone(id: string): void {
    this.update({ type: 'addClone', id });
  }
  removeClone(id: string): void {
    this.update({ type: 'removeClone', id });
  }

  /**
   * A submit attempt (spec §4): every field validated with its blocking errors shown. Returns true
   * when nothing blocks; otherwise shows the form error and focuses the first invalid field.
   */
  validate(): boolean {
    const result = this.update({ type: 'submit' });
    if (result.valid) {
      this.#ui.setKey('formError', false);
      return true;
    }
    this.#failed();
    return false;
  }

  // ---- internals ----------------------------------------------------------------------------

  #failed(): void {
    const { errors } = this.#store.update({ type: 'submit' });
    this.#sync();
    this.#ui.setKey('formError', true);
    const first = errors[0];
    if (!first) return;
    // A field in a closed accordion opens first (sections carry group errors under their key).
    const layout = this.#store.layout();
    const sectionKey = layout.fields.get(first.id)?.sectionKey ?? first.id;
    const section = this.#store.$state.get().sections.find((s) => s.key === sectionKey);
    if (section && !section.open) this.toggleSection(sectionKey, true);
    // After the view has rendered the opened section.
    this.#clock.setTimeout(() => this.#focus(first.id, this.#settings.scrollToError), 0);
  }

  #onSubmit(event: SubmitEvent): void {
    this.#submitter = (event.submitter as HTMLElement | null) ?? this.#submitter;
    if (this.#locked) {
      event.preventDefault();
      return;
    }
    if (!this.validate()) {
      event.preventDefault();
      return;
    }
    // Submit add-ons (issue 13): the captcha may hold the submit; it resumes once its token is there.
    if (!this.#addons.gate(() => this.#resubmit())) {
      event.preventDefault();
      return;
    }
    this.#sync(this.#addons.pairs());
    // Basic uploads (issue 13) post files, which the ajax add (text pairs) cannot carry: the page
    // submits normally then, as multipart.
    if (!this.#settings.ajax || attachedFiles(this.#store.$state.get().fields).length) {
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
    } else pairs.push(...this.#store.formData());
    return pairs;
  }

  async #send(pairs: Array<[string, string]>, button: HTMLElement | null): Promise<void> {
    this.#locked = true;
    this.#ui.setKey('busy', true);
    this.#setLoading(button);
    let outcome: OptionAddOutcome = 'failed';
    const productId =
      this.#settings.productId || String(this.#settings.product.product_id ?? '') || $product.get().id;
    try {
      outcome = await this.#addToCart(optionFormBody(pairs, productId), this.#host);
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
      this.#announce(this.#settings.messages.added);
    } else if (outcome === 'failed') this.#announce(this.#settings.messages.addFailed);
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

  #onHostInput(event: Event): void {
    const target = event.target as HTMLInputElement | null;
    if (target?.name === 'quantity' && target.form === this.#form) this.#quantityFrom(target.value);
  }

  #quantityFrom(text: string): void {
    const quantity = Number(text);
    if (Number.isFinite(quantity) && quantity > 0) this.update({ type: 'productQuantity', quantity });
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

  /**
   * Posts the chosen options with the host form and mirrors blocking errors in its validity;
   * `extra` are the submit add-ons' pairs, given when a submit goes out.
   */
  #sync(extra: ReadonlyArray<[string, string]> = []): void {
    const internals = this.#internals;
    if (!internals) return;
    const pairs = [...this.#store.formData(), ...extra];
    // Basic uploads (issue 13): the chosen files post with the form too (extras/upload-files.ts).
    const files = attachedFiles(this.#store.$state.get().fields);
    if (pairs.length || files.length) {
      const data = new FormData();
      for (const [k, v] of pairs) data.append(k, v);
      for (const [k, file] of files) data.append(k, file);
      internals.setFormValue(data);
    } else internals.setFormValue(null);
    const first = this.#store.$state.get().errors[0];
    if (first)
      internals.setValidity({ customError: true }, first.message || this.#settings.messages.formError);
    else internals.setValidity({});
  }

  /** Every published state: announce a changed total once typing pauses (spec §2, §9). */
  #published(state: FormState): void {
    this.#image.update(state.fields, document.baseURI);
    const total = state.summary.formatted.total;
    if (total === this.#lastTotal || this.#restoring) return;
    this.#lastTotal = total;
    // While formula prices are pending the summary says so instead of a total.
    if (this.#ui.get().formulas !== 'loading') this.#announceTotal();
  }

  /** Announces the total (after `prefix`) once typing pauses (spec §9: 100 ms). */
  #announceTotal(prefix = ''): void {
    if (!this.#settings.summary) return;
    this.#clock.clearTimeout(this.#announceTimer);
    this.#announceTimer = this.#clock.setTimeout(() => {
      const total = fill(this.#settings.messages.totalChanged, { total: this.#lastTotal });
      this.#announce(prefix ? `${prefix} ${total}` : total);
    }, ANNOUNCE_DELAY_MS);
  }
}
