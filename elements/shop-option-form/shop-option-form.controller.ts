import { map, type ReadableAtom } from 'nanostores';
import { announce as announceToPage } from '../../shared/a11y/announce.ts';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { fill } from '../../shared/format/messages.ts';
import { logError } from '../../shared/log.ts';
import { $product } from '../../shared/stores/product.ts';
import type { FormState } from './engine/engine.ts';
import type { FormStore } from './engine/store.ts';
import type { Change, ErrorKey, FieldValue, Quantity } from './engine/types.ts';
import { attachedFiles } from './extras/upload-files.ts';
import type { SubmitAddon } from './shop-option-form.addons.ts';
import {
  ANNOUNCE_DELAY_MS,
  CORRECTION_KEYS,
  INPUT_DEBOUNCE_MS,
  labelOf,
} from './shop-option-form.announcements.ts';
import { focusTarget } from './shop-option-form.focus.ts';
import { formulaChunk, imageChunk } from './shop-option-form.lazy.ts';
import { baseProduct, productData } from './shop-option-form.product.ts';
import type { ProductImageSwap } from './shop-option-form.product-image.ts';
import { type OptionFormSettings, TAG } from './shop-option-form.settings.ts';
import { formStoreFor } from './shop-option-form.store.ts';
import { type AddOptions, OptionFormSubmit, type SubmitUi } from './shop-option-form.submit.ts';
import { onInitTriggers } from './shop-option-form.triggers.ts';

/** What the view renders besides the engine's state: the submit path's flags, and the formulas. */
export interface OptionFormUi extends SubmitUi {
  /**
   * The formula language (a lazy chunk): 'none' while the form uses no formula, 'loading' until it
   * arrives (formula prices and the total are pending), 'ready', or 'failed' (formula prices are
   * unavailable; the rest of the form keeps working).
   */
  formulas: 'none' | 'loading' | 'ready' | 'failed';
}

export interface OptionFormControllerOptions {
  host: HTMLElement;
  internals: ElementInternals | null;
  /** The element's settings; followed while connected (a changed form is read again). */
  settings$: ReadableAtom<OptionFormSettings>;
  clock?: Clock;
  announce?(text: string): void;
  addToCart?: AddOptions;
  /**
   * Focuses (and scrolls to) a field or section by id; true when something took focus. By default
   * the field's first control in the host's shadow root.
   */
  focus?(id: string, scroll: boolean): boolean;
  /** Where page-wide events are heard (default: the document and window). */
  events?: { document: EventTarget; window: EventTarget };
}

/**
 * The option form's behaviour without React (spec §4 "Option form submission", §7): the engine
 * behind a store, the posted value and validity through ElementInternals, the submit path
 * (`shop-option-form.submit.ts`), announcements of the total and of corrections, variation changes
 * from `$product`, and re-initialisation keeping what the shopper entered. The element creates it
 * (its definition's `controller`) and connects it while it is on the page: {@link connect}.
 */
export class OptionFormController {
  readonly #ui = map<OptionFormUi>({ formError: false, busy: false, formulas: 'none' });
  /** Text typed but not yet handed to the engine (spec §9 input change debounce), by field id. */
  readonly #drafts = map<Record<string, string | undefined>>({});
  readonly #draftTimers = new Map<string, unknown>();
  readonly #host: HTMLElement;
  readonly #internals: ElementInternals | null;
  readonly #settings$: ReadableAtom<OptionFormSettings>;
  readonly #clock: Clock;
  readonly #announce: (text: string) => void;
  readonly #focus: (id: string, scroll: boolean) => boolean;
  readonly #events: { document: EventTarget; window: EventTarget };
  readonly #submit: OptionFormSubmit;
  #settings: OptionFormSettings;
  #store: FormStore;
  #stops: Array<() => void> = [];
  #stopStore: (() => void) | undefined;
  #lastTotal = '';
  #announceTimer: unknown;
  #restoring = false;
  #form: HTMLFormElement | null = null;
  #quantityInput: HTMLInputElement | null = null;
  readonly #listeners = new Set<() => void>();
  /**
   * An image option's image as the product image (spec §2, §4, §9): a lazy chunk, fetched when an
   * option with a `productImage` is first chosen.
   */
  #image: ProductImageSwap | undefined;

  constructor(options: OptionFormControllerOptions) {
    this.#host = options.host;
    this.#internals = options.internals;
    this.#settings$ = options.settings$;
    this.#settings = options.settings$.get();
    this.#clock = options.clock ?? pageClock;
    this.#announce = options.announce ?? announceToPage;
    this.#focus = options.focus ?? ((id, scroll) => focusTarget(this.#host.shadowRoot, id, scroll));
    this.#events = options.events ?? { document, window };
    this.#submit = new OptionFormSubmit(this, this.#ui, this.#clock, this.#announce, options.addToCart);
    this.#store = this.#build(this.#settings);
    // The host form sees the options and their validity from the start, before the first paint.
    this.sync();
  }

  /** UI flags the view renders. */
  get $ui(): ReadableAtom<OptionFormUi> {
    return this.#ui;
  }
  /** Typed text the engine has not seen yet (the view shows it in place of the field's value). */
  get $drafts(): ReadableAtom<Record<string, string | undefined>> {
    return this.#drafts;
  }
  /** The engine store (its `$state` changes with every effective update). */
  get store(): FormStore {
    return this.#store;
  }
  /** The clock of the form's timers (the view's tooltips use it too). */
  get clock(): Clock {
    return this.#clock;
  }
  /** The element's settings as the controller last read them. */
  get settings(): OptionFormSettings {
    return this.#settings;
  }
  /**
   * Adds a submit add-on (issue 13: captcha, spam tracker; `shop-option-form.addons.ts`): it may
   * hold the submit until it is ready and posts its pairs with the form. Returns its removal.
   */
  addSubmitAddon(addon: SubmitAddon): () => void {
    return this.#submit.addAddon(addon);
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
    const [store, formulas] = formStoreFor(settings, product);
    if (formulas === 'wanted') this.#loadFormulas();
    else if (formulas === 'ready' || this.#ui.get().formulas !== 'loading')
      this.#ui.setKey('formulas', formulas);
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
    this.flush();
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
    this.sync();
    for (const listener of this.#listeners) listener();
  }

  /** New settings from the element: rebuild only when the form itself changed. */
  #configure(settings: OptionFormSettings): void {
    const prev = this.#settings;
    this.#settings = settings;
    if (
      prev.definition !== settings.definition ||
      prev.config !== settings.config ||
      prev.product !== settings.product
    )
      this.reinit(settings);
  }

  /**
   * Starts following the element's settings, the host form (its submits through the submit path,
   * its quantity), the page's init triggers and `$product`; returns the stop. The element calls it
   * on every connection (before its view first renders, so a submit right after the form shows
   * is already intercepted) and the stop on removal.
   */
  connect(): () => void {
    this.#disconnect();
    const stops = this.#stops;
    stops.push(this.#settings$.subscribe((settings) => this.#configure(settings)));
    const form = this.#internals?.form ?? this.#host.closest('form');
    this.#form = form;
    const listening = new AbortController();
    stops.push(() => listening.abort());
    const { signal } = listening;
    stops.push(this.#submit.connect(this.#host, form, this.#events.window, signal));
    form?.addEventListener('change', (e) => this.#onHostInput(e), { signal });
    form?.addEventListener('input', (e) => this.#onHostInput(e), { signal });
    // spec §2: re-initialise on init triggers, page-builder ready, popup open and ajax responses
    // that carry the form marker (shop-option-form.triggers.ts).
    this.#events.document.addEventListener('shop-option-form-init-request', () => this.reinit(), { signal });
    stops.push(onInitTriggers(this.#events.window, () => this.reinit()));
    // spec §4: a variation change updates the product data the engine sees; a reset restores it.
    let lastKey = '';
    stops.push(
      $product.subscribe((p) => {
        const key = JSON.stringify([p.id, p.variationId, p.price, p.stock, p.sku, p.attributes, p.quantity]);
        if (key === lastKey) return;
        const first = lastKey === '';
        lastKey = key;
        if (p.id && (!first || p.variationId))
          this.update({ type: 'product', product: productData(p, baseProduct(this.#settings)) });
      }),
    );
    this.#image?.connect();
    stops.push(() => this.#image?.disconnect());
    // A form with product-image options fetches the swap now, so the first choice swaps at once.
    if (JSON.stringify(this.#settings.definition ?? null).includes('"productImage":"')) imageChunk.preload();
    this.#swapImage(this.#store.$state.get().fields);
    const quantity = form?.querySelector<HTMLInputElement>('input[name="quantity"]') ?? null;
    this.#quantityInput = quantity;
    if (quantity) this.#quantityFrom(quantity.value);
    this.sync();
    return () => this.#disconnect();
  }

  #disconnect(): void {
    this.flush();
    for (const stop of this.#stops.splice(0)) stop();
    this.#clock.clearTimeout(this.#announceTimer);
  }

  // ---- intents ------------------------------------------------------------------------------

  /** Applies any engine change and keeps the posted value and validity in step. */
  update(change: Change) {
    const result = this.#store.update(change);
    this.sync();
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

  /**
   * The shopper typed (spec §9 "Input change debounce 100 ms"): the text shows at once, and the
   * engine (logic, prices, validation, the posted value) takes it once typing has paused for
   * 100 ms, or at once on blur or a submit ({@link flush}).
   */
  input(id: string, value: string): void {
    this.#clock.clearTimeout(this.#draftTimers.get(id));
    this.#drafts.setKey(id, value);
    this.#draftTimers.set(
      id,
      this.#clock.setTimeout(() => this.flush(id), INPUT_DEBOUNCE_MS),
    );
  }

  /** Hands typed text still waiting for its debounce to the engine now (one field, or all). */
  flush(id?: string): void {
    for (const [key, value] of Object.entries(this.#drafts.get())) {
      if (value === undefined || (id !== undefined && key !== id)) continue;
      this.#clock.clearTimeout(this.#draftTimers.get(key));
      this.#draftTimers.delete(key);
      if (this.#store.field(key)) this.setValue(key, value);
      this.#drafts.setKey(key, undefined);
    }
  }

  setQuantity(id: string, quantity: Quantity): void {
    this.update({ type: 'quantity', id, quantity });
  }
  blur(id: string): void {
    this.flush(id);
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
    this.flush();
    return this.#submit.validate();
  }

  /**
   * Posts the chosen options with the host form and mirrors blocking errors in its validity;
   * `extra` are the submit add-ons' pairs, given when a submit goes out (the submit path).
   */
  sync(extra: ReadonlyArray<[string, string]> = []): void {
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

  // ---- internals ----------------------------------------------------------------------------

  #onHostInput(event: Event): void {
    const target = event.target as HTMLInputElement | null;
    if (target?.name === 'quantity' && target.form === this.#form) this.#quantityFrom(target.value);
  }

  #quantityFrom(text: string): void {
    const quantity = Number(text);
    if (Number.isFinite(quantity) && quantity > 0) this.update({ type: 'productQuantity', quantity });
    this.#bindQuantity(this.#store.$state.get().summary.quantity);
  }

  /**
   * spec §3 "bind_quantity with a quantity formula": the product form's quantity input shows (and
   * posts) the quantity the formula gives, not only the engine's copy of it.
   */
  #bindQuantity(quantity: number): void {
    const input = this.#quantityInput;
    if (!input || !this.#store.layout().bindQuantity || Number(input.value) === quantity) return;
    input.value = String(quantity);
    // Themes' quantity boxes (the sticky bar's copy) follow the input's change.
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /** The product image follows the chosen image options (the swap's chunk is preloaded at connect). */
  #swapImage(fields: FormState['fields']): void {
    if (this.#image) {
      this.#image.update(fields, document.baseURI);
      return;
    }
    if (!fields.some((f) => f.selectedOptions.some((o) => o.productImage))) return;
    imageChunk.load().then(
      ({ ProductImageSwap }) => {
        if (this.#image) return;
        this.#image = new ProductImageSwap($product);
        // Connected now (a stopped form has no stops): it follows the page from here.
        if (this.#stops.length) this.#image.connect();
        this.#image.update(this.#store.$state.get().fields, document.baseURI);
      },
      (error: unknown) => logError(TAG, 'the product image chunk did not load', error),
    );
  }

  /** Every published state: the product image follows it, and a changed total is announced. */
  #published(state: FormState): void {
    this.#swapImage(state.fields);
    this.#bindQuantity(state.summary.quantity);
    const total = state.summary.formatted.total;
    // Values put back are not the shopper's changes.
    if (total === this.#lastTotal || this.#restoring) return;
    this.#lastTotal = total;
    // While formula prices are pending the summary says so instead of a total.
    if (this.#ui.get().formulas !== 'loading') this.#announceTotal();
  }

  /** Announces the total (after `prefix`) once typing pauses (spec §2, §9: 100 ms). */
  #announceTotal(prefix = ''): void {
    if (!this.#settings.summary) return;
    this.#clock.clearTimeout(this.#announceTimer);
    this.#announceTimer = this.#clock.setTimeout(() => {
      const total = fill(this.#settings.messages.totalChanged, { total: this.#lastTotal });
      this.#announce(prefix ? `${prefix} ${total}` : total);
    }, ANNOUNCE_DELAY_MS);
  }
}
