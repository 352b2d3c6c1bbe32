import * as z from 'zod/mini';
import { jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { lightColourClasses } from '../luma.ts';
import { shop } from '../shop/adapter.ts';
import { ShopError, shopRequest } from '../shop/request.ts';
import type { Attributes, Variation } from '../shop/types.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { readPageData } from '../stores/page-data.ts';
import { setVariant, variationToProduct } from '../stores/product.ts';
import { safeUrl } from '../url.ts';
import { type BehaviourOptions, hideElement, within } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';
import {
  type ChoiceInfo,
  choiceStates,
  deselectUnavailable,
  findVariation,
  isComplete,
  isPurchasable,
  selectable,
} from './variations.ts';

export const SWATCHES_SELECTOR = 'form.variations_form';

/**
 * Variation swatches (spec §2 Single product page, §3 Swatch variation, §4 and §5 Swatches, §9
 * Storefront helpers) on WooCommerce's variable product form: `form.variations_form` with
 * `data-product_id`, `data-product_variations` (the variations as JSON, or `false` when the shop
 * has too many and answers `?wc-ajax=get_variation` instead) and `table.variations` holding one
 * `<select name="attribute_…">` per attribute. Each select gets an APG radio group
 * (https://www.w3.org/WAI/ARIA/apg/patterns/radio/: arrows move and choose, one tab stop) of
 * swatches `span.swatch[role=radio]` with the states `selected`, `disabled` (no variation has
 * that combination) and `no-stock` (none of them in stock; hidden instead with
 * `hide_out_of_stock`). The select stays in the form (hidden) and is what is posted, so the form
 * posts `attribute_*` and `variation_id` exactly as WooCommerce's variation form does.
 *
 * Options: JSON in the form's `data-swatches` attribute (per form, so quick-view forms carry
 * their own; invalid JSON is reported once and the defaults are used), over the options given to
 * {@link installSwatches}:
 *
 *     { "terms": { "attribute_pa_color": { "blue": { "color": "#1e40af" },
 *                                          "red": { "image": "/img/red.jpg", "label": "Red" } } },
 *       "clear_on_reselect": false, "hide_out_of_stock": false, "deselect_unavailable": true,
 *       "stock_threshold": 5, "stock_left_text": "{n} left", "out_of_stock_text": "Out of stock" }
 *
 * Texts of WooCommerce's `wc_add_to_cart_variation_params` (no-matching, make-a-selection,
 * unavailable) and its `wc_ajax_url` are used when the page prints them.
 *
 * Without WooCommerce's add-to-cart-variation.js the behaviour does its job: matching
 * (./variations.ts), the hidden `variation_id`, the add-to-cart button's classes (`disabled
 * wc-variation-selection-needed` / `wc-variation-is-unavailable`, a click on it then says why),
 * the found variation published in `$product` (price, stock, image, sku) and mirrored as the
 * jQuery events `found_variation` / `reset_data` on the form when jQuery is there. When that
 * script is on the page (`jQuery.fn.wc_variation_form`), the swatches only drive its selects (set
 * the value, dispatch `change`) and follow what it leaves enabled; matching stays with it.
 *
 * Ajax variations (spec §2): when none are embedded, a complete choice is POSTed to
 * `get_variation` with `product_id`, as add-to-cart-variation.js does; answers are kept per
 * choice. 1000 ms after an ajax request completes (ours, or jQuery's `ajaxComplete`) the swatches
 * reload (spec §9): forms not enhanced yet are, and each form's variations are read again.
 */

/** What a swatch of one attribute value looks like. */
export interface SwatchTerm {
  label?: string;
  /** A CSS colour for a colour swatch. */
  color?: string;
  /** An image URL for an image swatch. */
  image?: string;
}

export interface SwatchOptions {
  /** Attribute field name (`attribute_pa_color`) -> value -> look. */
  terms?: Record<string, Record<string, SwatchTerm>>;
  /** Clicking the selected swatch clears it (spec §4). Default false. */
  clear_on_reselect?: boolean;
  /** Out-of-stock choices are hidden, not shown disabled (spec §5). Default false. */
  hide_out_of_stock?: boolean;
  /** Choices that became unavailable are cleared (spec §5). Default true, as WooCommerce. */
  deselect_unavailable?: boolean;
  /** Low-stock label at or below this many left (spec §5); 0 for none. Default 0. */
  stock_threshold?: number;
  stock_left_text?: string;
  out_of_stock_text?: string;
}

/** Spec §9: the variation reload delay after ajax completes. */
export const RELOAD_DELAY = 1000;

const NAME = 'storefront elements: the swatches page behaviour';

interface Enhanced {
  update: () => void;
  reload: () => void;
  restore: () => void;
  /** Runs the form without WooCommerce's variation script (it cannot run: eval refused). */
  takeOver: () => void;
  /** Whether WooCommerce's variation script runs the form. */
  readonly woo: boolean;
}
const enhanced = new WeakMap<HTMLFormElement, Enhanced>();

const variationSchema = z.union([
  z.literal(false),
  z.looseObject({
    variation_id: z.union([z.number(), z.string()]),
    attributes: z.catch(z.record(z.string(), z.string()), {}),
  }),
]);

/** WooCommerce's `wc_add_to_cart_variation_params`, what of it is read. */
function wcParams(): Record<string, unknown> {
  const params = readPageData('wc_add_to_cart_variation_params');
  return params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
}
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** The form's `data-swatches` over `base`; one error for invalid JSON. */
function formOptions(form: HTMLFormElement, base: SwatchOptions): SwatchOptions {
  const raw = form.dataset.swatches;
  if (!raw) return base;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ...base, ...parsed };
    throw new TypeError('not an object');
  } catch (error) {
    console.error(`${NAME}: data-swatches must be a JSON object; using the defaults.`, error);
    return base;
  }
}

/** The form's embedded variations, or null when they load by ajax (`false`, absent or invalid). */
function readVariations(form: HTMLFormElement): Variation[] | null {
  const raw = form.getAttribute('data-product_variations');
  if (raw === null || raw.trim() === 'false') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed))
      return parsed.filter(
        (v): v is Variation => v && typeof v === 'object' && v.attributes && typeof v.attributes === 'object',
      );
  } catch (error) {
    console.error(`${NAME}: data-product_variations is not valid JSON; asking the shop instead.`, error);
    return null;
  }
  console.error(`${NAME}: data-product_variations must be a list; asking the shop instead.`);
  return null;
}

/** Visible text of shop HTML (price_html, availability_html), parsed inert. */
const plain = (html: unknown) =>
  typeof html === 'string' && html
    ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim()
    : '';

/**
 * Whether this page refused WooCommerce's variation script its eval: its `wp.template` compiles
 * the variation templates with `new Function` (the CSP-safe shortcut in add-to-cart-variation.js
 * never applies), so under a Content-Security-Policy without 'unsafe-eval' every found variation
 * throws before the price, the `variation_id` and `found_variation` reach the page.
 */
let evalRefused = false;

/** Whether WooCommerce's own add-to-cart-variation.js runs the form (and can). */
function wooRunsForms(): boolean {
  const jq = (window as unknown as { jQuery?: { fn?: Record<string, unknown> } }).jQuery;
  return !evalRefused && typeof jq?.fn?.wc_variation_form === 'function';
}

let counter = 0;

/** One attribute's radio group, beside its select. */
interface SwatchGroup {
  select: HTMLSelectElement;
  name: string;
  group: HTMLElement;
  items: HTMLElement[];
}

/** The state of one enhanced form: what was read from it, and what the swatches last did. */
interface SwatchForm {
  form: HTMLFormElement;
  selects: HTMLSelectElement[];
  /** The attribute field names, one per select. */
  names: string[];
  /** The values each attribute offers, by name. */
  values: Record<string, string[]>;
  groups: SwatchGroup[];
  o: SwatchOptions;
  params: Record<string, unknown>;
  rules: { hideOutOfStock: boolean; threshold: number };
  /** Whether WooCommerce's add-to-cart-variation.js runs the form. */
  woo: boolean;
  /** The embedded variations, or null when they load by ajax. */
  variations: Variation[] | null;
  /** The `data-product_variations` they were read from. */
  printed: string | null;
  /** Ajax answers per choice. */
  cache: Map<string, Variation | false>;
  /** The variation last published (its id and choice), '' for none. */
  published: string;
  controller: AbortController | undefined;
  /** The live region that says why there is no match or the button cannot add. */
  message: HTMLElement;
  /** Called when an ajax request of the form completes. */
  done: () => void;
}

const nameOf = (select: HTMLSelectElement) => select.dataset.attribute_name || select.name;

/** The choice the selects hold now. */
const read = (s: SwatchForm): Attributes => Object.fromEntries(s.selects.map((e) => [nameOf(e), e.value]));

/** Shows `words` in the form's message (hidden when empty). */
function say(s: SwatchForm, words: string): void {
  s.message.textContent = words;
  s.message.hidden = !words;
}

/** One swatch of a select's option: colour, image or plain button, with its label and note. */
function buildSwatch(option: HTMLOptionElement, term: SwatchTerm): HTMLElement {
  const item = document.createElement('span');
  item.setAttribute('role', 'radio');
  item.dataset.value = option.value;
  const caption = document.createElement('span');
  caption.className = 'swatch__label';
  caption.textContent = term.label || option.textContent?.trim() || option.value;
  const src = term.image ? safeUrl(term.image) : null;
  let type = 'button';
  if (src) {
    type = 'image';
    const img = document.createElement('img');
    img.className = 'swatch__image';
    img.alt = '';
    img.src = src;
    item.append(img);
  } else if (term.color && CSS.supports('color', term.color)) {
    type = 'color';
    const dot = document.createElement('span');
    dot.className = 'swatch__color';
    dot.style.backgroundColor = term.color; // CSSOM, not a style attribute (strict CSP)
    item.append(dot);
  }
  item.className = `swatch swatch--${type}`;
  // spec §9 luma thresholds 210 and 235: light-colour classes (shared/luma.ts).
  if (type === 'color' && term.color) item.classList.add(...lightColourClasses(term.color));
  const note = document.createElement('span');
  note.className = 'swatch__note';
  item.append(caption, note);
  return item;
}

/**
 * The radio group of one select, put after it; the select stays in the form, out of sight.
 * `stops` gets what puts the select back as printed.
 */
function buildGroup(
  s: SwatchForm,
  select: HTMLSelectElement,
  name: string,
  stops: (() => void)[],
): SwatchGroup {
  const { form, o } = s;
  const group = document.createElement('div');
  group.className = 'swatches';
  group.setAttribute('role', 'radiogroup');
  const label = select.id ? form.querySelector(`label[for="${CSS.escape(select.id)}"]`) : null;
  if (label) {
    label.id ||= `swatches-label-${++counter}`;
    group.setAttribute('aria-labelledby', label.id);
  } else group.setAttribute('aria-label', name.replace(/^attribute_(pa_)?/, ''));
  const options = [...select.options].filter((option) => option.value !== '');
  s.values[name] = options.map((option) => option.value);
  const items = options.map((option) => {
    const item = buildSwatch(option, o.terms?.[name]?.[option.value] ?? {});
    group.append(item);
    return item;
  });
  const before = {
    style: select.getAttribute('style'),
    hidden: select.hidden,
    tabIndex: select.getAttribute('tabindex'),
  };
  select.after(group);
  hideElement(select);
  select.tabIndex = -1;
  stops.push(() => {
    group.remove();
    select.hidden = before.hidden;
    if (before.style === null) select.removeAttribute('style');
    else select.setAttribute('style', before.style);
    if (before.tabIndex === null) select.removeAttribute('tabindex');
    else select.setAttribute('tabindex', before.tabIndex);
  });
  return { select, name, group, items };
}

/** Shows one swatch's state (chosen, disabled, out of or low on stock, its note); whether it is chosen and shown. */
function renderSwatch(
  s: SwatchForm,
  select: HTMLSelectElement,
  item: HTMLElement,
  info: ChoiceInfo,
  checked: boolean,
) {
  const value = item.dataset.value ?? '';
  let state = info.state;
  // With WooCommerce's script, what it leaves enabled in the select is what can be chosen.
  if (s.woo && ![...select.options].some((opt) => opt.value === value && !opt.disabled)) state = 'disabled';
  item.setAttribute('aria-checked', String(checked));
  item.classList.toggle('selected', checked);
  item.classList.toggle('disabled', state === 'disabled');
  item.classList.toggle('no-stock', state === 'no-stock' || state === 'hidden');
  item.classList.toggle('low-stock', info.stockLeft !== null);
  item.hidden = state === 'hidden' && !checked;
  if (selectable(state)) item.removeAttribute('aria-disabled');
  else item.setAttribute('aria-disabled', 'true');
  const note = item.lastElementChild as HTMLElement;
  note.textContent =
    info.stockLeft !== null
      ? (info.stockText ?? text(s.o.stock_left_text, '{n} left').replace('{n}', String(info.stockLeft)))
      : state === 'no-stock'
        ? text(s.o.out_of_stock_text, 'Out of stock')
        : '';
  return checked && !item.hidden;
}

/** Shows every swatch's state for the choice in the selects; one tab stop per group. */
function renderSwatches(s: SwatchForm): void {
  const chosen = read(s);
  const states: Record<string, Record<string, ChoiceInfo>> = s.variations && !s.woo
    ? choiceStates(s.variations, s.values, chosen, s.rules)
    : {};
  for (const { select, name, items } of s.groups) {
    let stop: HTMLElement | undefined;
    for (const item of items) {
      const info = states[name]?.[item.dataset.value ?? ''] ?? { state: 'enabled', stockLeft: null };
      if (renderSwatch(s, select, item, info, chosen[name] === item.dataset.value)) stop = item;
    }
    // One tab stop: the chosen swatch, else the first that can be chosen, else the first shown.
    stop ??= items.find((i) => !i.hidden && !i.hasAttribute('aria-disabled')) ?? items.find((i) => !i.hidden);
    for (const item of items) item.tabIndex = item === stop ? 0 : -1;
  }
  const reset = s.form.querySelector<HTMLElement>('.reset_variations');
  if (reset && !s.woo) reset.style.visibility = Object.values(chosen).some(Boolean) ? 'visible' : 'hidden';
}

/** The add-to-cart button's and wrapper's classes, and the hidden `variation_id`, for `variation`. */
function markPurchasable(form: HTMLFormElement, variation: Variation | null | false): void {
  const idField = form.querySelector<HTMLInputElement>('input[name="variation_id"], input.variation_id');
  if (idField) idField.value = variation ? String(variation.variation_id) : '';
  const purchasable = variation ? isPurchasable(variation) : false;
  const btn = form.querySelector<HTMLElement>('.single_add_to_cart_button');
  btn?.classList.toggle('disabled', !purchasable);
  btn?.classList.toggle('wc-variation-selection-needed', !variation);
  btn?.classList.toggle('wc-variation-is-unavailable', Boolean(variation) && !purchasable);
  const wrap = form.querySelector('.woocommerce-variation-add-to-cart');
  wrap?.classList.toggle('woocommerce-variation-add-to-cart-enabled', purchasable);
  wrap?.classList.toggle('woocommerce-variation-add-to-cart-disabled', !purchasable);
}

/** The variation's price and availability, as text, in `.single_variation`. */
function showVariationDetails(form: HTMLFormElement, variation: Variation | null | false): void {
  const details = form.querySelector('.single_variation');
  if (!details) return;
  details.replaceChildren();
  if (!variation) return;
  for (const [className, html] of [
    ['woocommerce-variation-price', variation.price_html],
    ['woocommerce-variation-availability', variation.availability_html],
  ] as const) {
    const words = plain(html);
    if (!words) continue;
    const part = document.createElement('div');
    part.className = className;
    part.textContent = words;
    details.append(part);
  }
}

/** Publishes the found variation (a Variation), none yet (null) or no match (false). */
function publish(s: SwatchForm, variation: Variation | null | false): void {
  const { form } = s;
  const chosen = read(s);
  const key = variation ? `${variation.variation_id}|${JSON.stringify(chosen)}` : '';
  markPurchasable(form, variation);
  say(
    s,
    variation === false
      ? text(
          s.params.i18n_no_matching_variations_text,
          'Sorry, no products matched your selection. Please choose a different combination.',
        )
      : '',
  );
  showVariationDetails(form, variation);
  if (key === s.published) return;
  s.published = key;
  if (variation) {
    setVariant({ ...variationToProduct(variation), attributes: chosen }, 'swatches');
    triggerJQuery('found_variation', [variation], form);
  } else {
    setVariant(null, 'reset');
    triggerJQuery('reset_data', [], form);
  }
}

/** Asks the shop for the variation of a complete choice (ajax variations), once per choice. */
async function fetchVariation(s: SwatchForm, chosen: Attributes): Promise<void> {
  const { form, params } = s;
  const key = JSON.stringify(chosen);
  const kept = s.cache.get(key);
  if (kept !== undefined) {
    publish(s, kept);
    return;
  }
  s.controller?.abort();
  const own = new AbortController();
  s.controller = own;
  const productId =
    form.dataset.product_id ??
    form.querySelector<HTMLInputElement>('[name="product_id"], [name="add-to-cart"]')?.value ??
    '';
  const url = safeUrl(
    text(params.wc_ajax_url, $pageConfig.value?.wcAjaxUrl ?? '/?wc-ajax=%%endpoint%%').replace(
      '%%endpoint%%',
      'get_variation',
    ),
  );
  publish(s, null);
  form.classList.add('processing');
  form.setAttribute('aria-busy', 'true');
  try {
    // A shop adapter with its own lookup (issue 18: the Store API) answers instead of get_variation.
    const adapter = shop();
    let variation: Variation | false;
    if (adapter.findVariation) variation = await adapter.findVariation(productId, chosen, own.signal);
    else {
      if (!url) throw new Error('the wc-ajax URL is not an http(s) URL');
      const answer = await shopRequest({
        endpoint: 'get_variation',
        url,
        method: 'POST',
        body: new URLSearchParams({ ...chosen, product_id: productId }),
        schema: variationSchema,
        signal: own.signal,
      });
      variation = answer === false ? false : (answer as Variation);
    }
    s.cache.set(key, variation);
    if (JSON.stringify(read(s)) === key) publish(s, variation);
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'aborted') return;
    // The shopper's choice stays; the button keeps saying a choice is needed.
    console.error(`${NAME}: the shop did not answer get_variation.`, error);
  } finally {
    if (s.controller === own) {
      form.classList.remove('processing');
      form.removeAttribute('aria-busy');
      s.controller = undefined;
    }
    if (!own.signal.aborted) s.done();
  }
}

/** Reads the selects and brings everything in line with them. */
function update(s: SwatchForm): void {
  if (s.woo) {
    renderSwatches(s);
    return;
  }
  let chosen = read(s);
  if (s.variations && s.o.deselect_unavailable !== false) {
    const next = deselectUnavailable(s.variations, s.names, chosen, s.rules);
    for (const { select, name } of s.groups) if (next[name] !== chosen[name]) select.value = '';
    chosen = next;
  }
  renderSwatches(s);
  if (!isComplete(s.names, chosen)) publish(s, null);
  else if (s.variations) publish(s, findVariation(s.variations, s.names, chosen) ?? false);
  else void fetchVariation(s, chosen);
}

/** Chooses a swatch (or clears it, with `clear_on_reselect`): sets its select and says so with `change`. */
function choose(s: SwatchForm, item: HTMLElement, focus: boolean): void {
  const entry = s.groups.find((g) => g.items.includes(item));
  if (!entry || item.hasAttribute('aria-disabled') || item.hidden) return;
  const value = item.dataset.value ?? '';
  const { select } = entry;
  if (select.value === value) {
    if (s.o.clear_on_reselect !== true) return;
    select.value = '';
  } else select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  if (s.woo) queueMicrotask(() => renderSwatches(s));
  if (focus) item.focus();
}

/** A click in the form: a swatch, the reset link, or the add-to-cart button before a full choice. */
function onFormClick(s: SwatchForm, event: MouseEvent): void {
  const target = event.target as Element;
  const item = target.closest<HTMLElement>('.swatch[role="radio"]');
  if (item && s.form.contains(item)) {
    choose(s, item, true);
    return;
  }
  if (s.woo) return;
  if (target.closest('.reset_variations')) {
    event.preventDefault();
    for (const select of s.selects) select.value = '';
    update(s);
    return;
  }
  const btn = target.closest('.single_add_to_cart_button');
  if (!btn) return;
  if (s.variations) update(s); // values a script set without a change event
  const waiting = !s.variations && isComplete(s.names, read(s)) && s.published === '';
  if (!btn.classList.contains('disabled') || waiting) return;
  event.preventDefault();
  say(
    s,
    btn.classList.contains('wc-variation-is-unavailable')
      ? text(
          s.params.i18n_unavailable_text,
          'Sorry, this product is unavailable. Please choose a different combination.',
        )
      : text(
          s.params.i18n_make_a_selection_text,
          'Please select some product options before adding this product to your cart.',
        ),
  );
}

/** The radio group's keys (APG): arrows move and choose, skipping what cannot be chosen; Space and Enter choose. */
function onSwatchKey(s: SwatchForm, event: KeyboardEvent): void {
  const item = event.target as HTMLElement;
  const entry = s.groups.find((g) => g.items.includes(item));
  if (!entry) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    const { items } = entry;
    for (let i = 1; i <= items.length; i++) {
      const next = items[(items.indexOf(item) + step * i + items.length * i) % items.length];
      if (!next.hidden && !next.hasAttribute('aria-disabled')) {
        choose(s, next, true);
        return;
      }
    }
  } else if (event.key === ' ' || event.key === 'Enter') {
    event.preventDefault();
    choose(s, item, true);
  }
}

/** Listens to the form (and to WooCommerce's jQuery events when its script runs it); `stops` gets the undoing. */
function listen(s: SwatchForm, stops: (() => void)[]): void {
  const { form } = s;
  const render = () => renderSwatches(s);
  const onClick = (event: MouseEvent) => onFormClick(s, event);
  const onKeyDown = (event: KeyboardEvent) => onSwatchKey(s, event);
  const onChange = (event: Event) => {
    if (!s.selects.includes(event.target as HTMLSelectElement)) return;
    if (s.woo) queueMicrotask(render);
    else update(s);
  };
  form.addEventListener('click', onClick);
  form.addEventListener('keydown', onKeyDown);
  form.addEventListener('change', onChange);
  stops.push(() => {
    form.removeEventListener('click', onClick);
    form.removeEventListener('keydown', onKeyDown);
    form.removeEventListener('change', onChange);
    s.controller?.abort();
    s.message.remove();
  });
  if (s.woo) {
    // WooCommerce re-renders the selects' options in its own jQuery events.
    const $form = jqueryWrap(form) as {
      on?: (n: string, h: () => void) => void;
      off?: (n: string, h: () => void) => void;
    };
    const events = 'woocommerce_update_variation_values reset_data found_variation';
    $form?.on?.(events, render);
    stops.push(() => $form?.off?.(events, render));
  }
}

/**
 * Enhances one variation form (once); returns null when it has no attribute selects. `done` is
 * called when an ajax request of the form completes.
 */
export function enhanceSwatches(
  form: HTMLFormElement,
  base: SwatchOptions = {},
  done: () => void = () => {},
): Enhanced | null {
  const known = enhanced.get(form);
  if (known) return known;
  const selects = [...form.querySelectorAll<HTMLSelectElement>('.variations select')];
  if (selects.length === 0) return null;
  const o = formOptions(form, base);
  const message = document.createElement('p');
  message.className = 'wc-no-matching-variations woocommerce-info';
  message.setAttribute('role', 'alert');
  message.hidden = true;
  (form.querySelector('.single_variation_wrap') ?? form).before(message);
  const s: SwatchForm = {
    form,
    selects,
    names: selects.map(nameOf),
    values: {},
    groups: [],
    o,
    params: wcParams(),
    rules: { hideOutOfStock: o.hide_out_of_stock === true, threshold: Number(o.stock_threshold) || 0 },
    woo: wooRunsForms(),
    variations: readVariations(form),
    printed: form.getAttribute('data-product_variations'),
    cache: new Map(),
    published: '',
    controller: undefined,
    message,
    done,
  };
  const stops: (() => void)[] = [];
  s.groups = selects.map((select, index) => buildGroup(s, select, s.names[index]!, stops));
  listen(s, stops);
  const entry: Enhanced = {
    update: () => update(s),
    get woo() {
      return s.woo;
    },
    takeOver() {
      if (!s.woo) return;
      // WooCommerce's handlers (all in its `.wc-variation-form` namespace) would throw again at
      // every choice, and at our mirrored `found_variation`: the swatches run the form instead.
      (jqueryWrap(form) as { off?: (events: string) => void } | null)?.off?.('.wc-variation-form');
      s.woo = false;
      update(s);
    },
    reload() {
      const now = form.getAttribute('data-product_variations');
      if (now !== s.printed) {
        s.printed = now;
        s.variations = readVariations(form);
        s.cache.clear();
      }
      update(s);
    },
    restore() {
      for (const stop of stops) stop();
      enhanced.delete(form);
    },
  };
  enhanced.set(form, entry);
  update(s);
  return entry;
}

/**
 * Enhances every variation form under `root`, now and when one is added later (ajax, quick
 * view); once per root. 1000 ms after an ajax request completes, reloads (spec §9). Returns the
 * uninstall, which restores the forms as printed.
 */
export const installSwatches = definePageBehaviour({
  name: 'swatches',
  selector: SWATCHES_SELECTOR,
  install(root, context: BehaviourContext<Messages, SwatchOptions & BehaviourOptions>) {
    const clock = context.clock;
    const forms = new Set<HTMLFormElement>();
    let timer: unknown;
    const enhance = (form: HTMLFormElement) => {
      try {
        if (!forms.has(form) && enhanceSwatches(form, context.options, later)) forms.add(form);
      } catch (error) {
        logError(null, 'the swatches page behaviour could not enhance a variation form.', error);
      }
    };
    const reload = () => {
      timer = undefined;
      for (const form of forms) {
        if (!form.isConnected) {
          enhanced.get(form)?.restore();
          forms.delete(form);
        } else enhanced.get(form)?.reload();
      }
      for (const form of within<HTMLFormElement>(root, SWATCHES_SELECTOR)) enhance(form);
    };
    function later() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = clock.setTimeout(reload, RELOAD_DELAY);
    }
    const $doc = jqueryWrap(document as unknown as Element) as {
      on?: (n: string, h: () => void) => void;
      off?: (n: string, h: () => void) => void;
    } | null;
    $doc?.on?.('ajaxComplete', later);
    // WooCommerce's variation script refused its eval (a strict CSP): the page says so with a
    // `securitypolicyviolation` (blocked "eval"), the script with an uncaught EvalError.
    const refused = (event: Event) => {
      const blocked =
        event instanceof ErrorEvent
          ? event.error instanceof EvalError
          : (event as SecurityPolicyViolationEvent).blockedURI === 'eval';
      if (!blocked || evalRefused) return;
      evalRefused = true;
      if (![...forms].some((form) => enhanced.get(form)?.woo)) return;
      console.error(
        `${NAME}: WooCommerce's add-to-cart-variation.js needs 'unsafe-eval' (wp.template), which this page's Content-Security-Policy refuses; the swatches run the variation forms instead.`,
      );
      for (const form of forms) enhanced.get(form)?.takeOver();
    };
    document.addEventListener('securitypolicyviolation', refused);
    window.addEventListener('error', refused);
    context.each(SWATCHES_SELECTOR, enhance);
    return () => {
      // Uninstalled (a test): the next install finds out afresh.
      evalRefused = false;
      document.removeEventListener('securitypolicyviolation', refused);
      window.removeEventListener('error', refused);
      $doc?.off?.('ajaxComplete', later);
      if (timer !== undefined) clock.clearTimeout(timer);
      for (const form of forms) enhanced.get(form)?.restore();
    };
  },
});
