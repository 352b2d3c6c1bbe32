import * as z from 'zod/mini';
import { jqueryWrap, triggerJQuery } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { shop } from '../shop/adapter.ts';
import { ShopError, shopRequest } from '../shop/request.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { readPageData } from '../stores/page-data.ts';
import { setVariant, variationToProduct } from '../stores/product.ts';
import { safeUrl } from '../url.ts';
import {
  type BehaviourOptions,
  clockOf,
  hideElement,
  installOnce,
  type PageRoot,
  within,
} from './behaviour.ts';
import { SWATCHES_SELECTOR } from './selectors.ts';
import {
  type Attributes,
  type ChoiceInfo,
  choiceStates,
  deselectUnavailable,
  findVariation,
  isComplete,
  isPurchasable,
  selectable,
  type Variation,
} from './variations.ts';

export { SWATCHES_SELECTOR } from './selectors.ts';

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
}
const enhanced = new WeakMap<HTMLFormElement, Enhanced>();
const installed = new WeakMap<PageRoot, () => void>();

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

/** Whether WooCommerce's own add-to-cart-variation.js runs the form. */
function wooRunsForms(): boolean {
  const jq = (window as unknown as { jQuery?: { fn?: Record<string, unknown> } }).jQuery;
  return typeof jq?.fn?.wc_variation_form === 'function';
}

let counter = 0;

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
  const params = wcParams();
  const rules = { hideOutOfStock: o.hide_out_of_stock === true, threshold: Number(o.stock_threshold) || 0 };
  const woo = wooRunsForms();
  const nameOf = (select: HTMLSelectElement) => select.dataset.attribute_name || select.name;
  const names = selects.map(nameOf);
  const values: Record<string, string[]> = {};
  let variations = readVariations(form);
  let printed = form.getAttribute('data-product_variations');
  const cache = new Map<string, Variation | false>();
  let published = '';
  let controller: AbortController | undefined;
  const stops: (() => void)[] = [];

  const read = (): Attributes => Object.fromEntries(selects.map((s) => [nameOf(s), s.value]));
  const button = () => form.querySelector<HTMLElement>('.single_add_to_cart_button');
  const message = document.createElement('p');
  message.className = 'wc-no-matching-variations woocommerce-info';
  message.setAttribute('role', 'alert');
  message.hidden = true;
  const say = (words: string) => {
    message.textContent = words;
    message.hidden = !words;
  };
  (form.querySelector('.single_variation_wrap') ?? form).before(message);

  // One radio group per select, after it; the select stays in the form, out of sight.
  const groups = selects.map((select, index) => {
    const name = names[index];
    const group = document.createElement('div');
    group.className = 'swatches';
    group.setAttribute('role', 'radiogroup');
    const label = select.id ? form.querySelector(`label[for="${CSS.escape(select.id)}"]`) : null;
    if (label) {
      label.id ||= `swatches-label-${++counter}`;
      group.setAttribute('aria-labelledby', label.id);
    } else group.setAttribute('aria-label', name.replace(/^attribute_(pa_)?/, ''));
    const options = [...select.options].filter((option) => option.value !== '');
    values[name] = options.map((option) => option.value);
    const items = options.map((option) => {
      const term = o.terms?.[name]?.[option.value] ?? {};
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
      const note = document.createElement('span');
      note.className = 'swatch__note';
      item.append(caption, note);
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
  });

  const render = () => {
    const chosen = read();
    const states: Record<string, Record<string, ChoiceInfo>> = variations && !woo
      ? choiceStates(variations, values, chosen, rules)
      : {};
    for (const { select, name, items } of groups) {
      let stop: HTMLElement | undefined;
      for (const item of items) {
        const value = item.dataset.value ?? '';
        const info = states[name]?.[value] ?? { state: 'enabled', stockLeft: null };
        let state = info.state;
        // With WooCommerce's script, what it leaves enabled in the select is what can be chosen.
        if (woo && ![...select.options].some((opt) => opt.value === value && !opt.disabled))
          state = 'disabled';
        const checked = chosen[name] === value;
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
            ? text(o.stock_left_text, '{n} left').replace('{n}', String(info.stockLeft))
            : state === 'no-stock'
              ? text(o.out_of_stock_text, 'Out of stock')
              : '';
        if (checked && !item.hidden) stop = item;
      }
      // One tab stop: the chosen swatch, else the first that can be chosen, else the first shown.
      stop ??=
        items.find((i) => !i.hidden && !i.hasAttribute('aria-disabled')) ?? items.find((i) => !i.hidden);
      for (const item of items) item.tabIndex = item === stop ? 0 : -1;
    }
    const reset = form.querySelector<HTMLElement>('.reset_variations');
    if (reset && !woo) reset.style.visibility = Object.values(chosen).some(Boolean) ? 'visible' : 'hidden';
  };

  /** Publishes the found variation (a Variation), none yet (null) or no match (false). */
  const publish = (variation: Variation | null | false) => {
    const chosen = read();
    const key = variation ? `${variation.variation_id}|${JSON.stringify(chosen)}` : '';
    const idField = form.querySelector<HTMLInputElement>('input[name="variation_id"], input.variation_id');
    if (idField) idField.value = variation ? String(variation.variation_id) : '';
    const purchasable = variation ? isPurchasable(variation) : false;
    const btn = button();
    btn?.classList.toggle('disabled', !purchasable);
    btn?.classList.toggle('wc-variation-selection-needed', !variation);
    btn?.classList.toggle('wc-variation-is-unavailable', Boolean(variation) && !purchasable);
    const wrap = form.querySelector('.woocommerce-variation-add-to-cart');
    wrap?.classList.toggle('woocommerce-variation-add-to-cart-enabled', purchasable);
    wrap?.classList.toggle('woocommerce-variation-add-to-cart-disabled', !purchasable);
    say(
      variation === false
        ? text(
            params.i18n_no_matching_variations_text,
            'Sorry, no products matched your selection. Please choose a different combination.',
          )
        : '',
    );
    const details = form.querySelector('.single_variation');
    if (details) {
      details.replaceChildren();
      if (variation)
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
    if (key === published) return;
    published = key;
    if (variation) {
      setVariant({ ...variationToProduct(variation), attributes: chosen }, 'swatches');
      triggerJQuery('found_variation', [variation], form);
    } else {
      setVariant(null, 'reset');
      triggerJQuery('reset_data', [], form);
    }
  };

  const fetchVariation = async (chosen: Attributes) => {
    const key = JSON.stringify(chosen);
    const kept = cache.get(key);
    if (kept !== undefined) return publish(kept);
    controller?.abort();
    const own = new AbortController();
    controller = own;
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
    publish(null);
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
      cache.set(key, variation);
      if (JSON.stringify(read()) === key) publish(variation);
    } catch (error) {
      if (error instanceof ShopError && error.kind === 'aborted') return;
      // The shopper's choice stays; the button keeps saying a choice is needed.
      console.error(`${NAME}: the shop did not answer get_variation.`, error);
    } finally {
      if (controller === own) {
        form.classList.remove('processing');
        form.removeAttribute('aria-busy');
        controller = undefined;
      }
      if (!own.signal.aborted) done();
    }
  };

  /** Reads the selects and brings everything in line with them. */
  const update = () => {
    if (woo) return render();
    let chosen = read();
    if (variations && o.deselect_unavailable !== false) {
      const next = deselectUnavailable(variations, names, chosen, rules);
      for (const { select, name } of groups) if (next[name] !== chosen[name]) select.value = '';
      chosen = next;
    }
    render();
    if (!isComplete(names, chosen)) publish(null);
    else if (variations) publish(findVariation(variations, names, chosen) ?? false);
    else void fetchVariation(chosen);
  };

  const choose = (item: HTMLElement, focus: boolean) => {
    const entry = groups.find((g) => g.items.includes(item));
    if (!entry || item.hasAttribute('aria-disabled') || item.hidden) return;
    const value = item.dataset.value ?? '';
    const { select } = entry;
    if (select.value === value) {
      if (o.clear_on_reselect !== true) return;
      select.value = '';
    } else select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    if (woo) queueMicrotask(render);
    if (focus) item.focus();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const item = target.closest<HTMLElement>('.swatch[role="radio"]');
    if (item && form.contains(item)) return choose(item, true);
    if (woo) return;
    if (target.closest('.reset_variations')) {
      event.preventDefault();
      for (const select of selects) select.value = '';
      update();
      return;
    }
    const btn = target.closest('.single_add_to_cart_button');
    if (!btn) return;
    if (variations) update(); // values a script set without a change event
    const waiting = !variations && isComplete(names, read()) && published === '';
    if (!btn.classList.contains('disabled') || waiting) return;
    event.preventDefault();
    say(
      btn.classList.contains('wc-variation-is-unavailable')
        ? text(
            params.i18n_unavailable_text,
            'Sorry, this product is unavailable. Please choose a different combination.',
          )
        : text(
            params.i18n_make_a_selection_text,
            'Please select some product options before adding this product to your cart.',
          ),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const item = event.target as HTMLElement;
    const entry = groups.find((g) => g.items.includes(item));
    if (!entry) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      const { items } = entry;
      for (let i = 1; i <= items.length; i++) {
        const next = items[(items.indexOf(item) + step * i + items.length * i) % items.length];
        if (!next.hidden && !next.hasAttribute('aria-disabled')) return choose(next, true);
      }
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      choose(item, true);
    }
  };
  const onChange = (event: Event) => {
    if (selects.includes(event.target as HTMLSelectElement)) (woo ? () => queueMicrotask(render) : update)();
  };
  form.addEventListener('click', onClick);
  form.addEventListener('keydown', onKeyDown);
  form.addEventListener('change', onChange);
  stops.push(() => {
    form.removeEventListener('click', onClick);
    form.removeEventListener('keydown', onKeyDown);
    form.removeEventListener('change', onChange);
    controller?.abort();
    message.remove();
  });
  if (woo) {
    // WooCommerce re-renders the selects' options in its own jQuery events.
    const $form = jqueryWrap(form) as {
      on?: (n: string, h: () => void) => void;
      off?: (n: string, h: () => void) => void;
    };
    const names = 'woocommerce_update_variation_values reset_data found_variation';
    $form?.on?.(names, render);
    stops.push(() => $form?.off?.(names, render));
  }

  const entry: Enhanced = {
    update,
    reload() {
      const now = form.getAttribute('data-product_variations');
      if (now !== printed) {
        printed = now;
        variations = readVariations(form);
        cache.clear();
      }
      update();
    },
    restore() {
      for (const stop of stops) stop();
      enhanced.delete(form);
    },
  };
  enhanced.set(form, entry);
  update();
  return entry;
}

/**
 * Enhances every variation form under `root`, now and when one is added later (ajax, quick
 * view); once per root. 1000 ms after an ajax request completes, reloads (spec §9). Returns the
 * uninstall, which restores the forms as printed.
 */
export function installSwatches(
  root: PageRoot = document,
  options: SwatchOptions & BehaviourOptions = {},
): () => void {
  return installOnce(installed, root, () => {
    const clock = clockOf(options);
    const forms = new Set<HTMLFormElement>();
    let timer: unknown;
    const scan = (node: PageRoot) => {
      for (const form of within<HTMLFormElement>(node, SWATCHES_SELECTOR)) {
        try {
          if (!forms.has(form) && enhanceSwatches(form, options, later)) forms.add(form);
        } catch (error) {
          logError(null, 'the swatches page behaviour could not enhance a variation form.', error);
        }
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
      scan(root);
    };
    function later() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = clock.setTimeout(reload, RELOAD_DELAY);
    }
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    });
    observer.observe(root, { childList: true, subtree: true });
    const $doc = jqueryWrap(document as unknown as Element) as {
      on?: (n: string, h: () => void) => void;
      off?: (n: string, h: () => void) => void;
    } | null;
    $doc?.on?.('ajaxComplete', later);
    scan(root);
    return () => {
      observer.disconnect();
      $doc?.off?.('ajaxComplete', later);
      if (timer !== undefined) clock.clearTimeout(timer);
      for (const form of forms) enhanced.get(form)?.restore();
    };
  });
}
