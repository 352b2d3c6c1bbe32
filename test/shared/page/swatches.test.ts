import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import jQuery from 'jquery';
import { installSwatches, type SwatchOptions } from '../../../shared/page/swatches.ts';
import { adapterFor, setShopAdapter } from '../../../shared/shop/adapter.ts';
import { $product } from '../../../shared/stores/product.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { pageJQuery } from '../../helpers/woocommerce-scripts.ts';
import { mount } from './helpers.ts';

/** The demo shop's product page form for the Hoodie (201: 3 colours x 3 sizes, Green/Large out of stock). */
async function hoodieForm(change?: (form: HTMLFormElement) => void) {
  const html = await (await fetch('/product/hoodie/', { cache: 'no-store' })).text();
  const page = new DOMParser().parseFromString(html, 'text/html');
  const form = page.querySelector<HTMLFormElement>('form.variations_form')!;
  change?.(form);
  const view = mount(`<div class="product">${form.outerHTML}</div>`);
  return { view, form: view.root.querySelector('form')! };
}

/** A hand-made variation form: `variations` as printed, or `false` for ajax. */
function customForm(variations: unknown, options?: SwatchOptions, values?: Record<string, string>) {
  const select = (name: string, label: string, opts: string[]) =>
    `<tr><th><label for="${name}">${label}</label></th><td><select id="${name}" name="attribute_${name}"><option value="">Choose an option</option>${opts
      .map(
        (o) => `<option value="${o}"${values?.[name] === o ? ' selected' : ''}>${o.toUpperCase()}</option>`,
      )
      .join('')}</select></td></tr>`;
  const view = mount(`<form class="variations_form cart" data-product_id="900">
    <table class="variations" role="presentation"><tbody>${select('color', 'Color', ['blue', 'red', 'green'])}${select('size', 'Size', ['s', 'm'])}</tbody></table>
    <div class="single_variation_wrap"><div class="single_variation"></div>
    <button type="submit" class="single_add_to_cart_button button">Add to cart</button>
    <input type="hidden" name="variation_id" class="variation_id" value="0"></div></form>`);
  const form = view.root.querySelector('form')!;
  form.setAttribute(
    'data-product_variations',
    typeof variations === 'string' ? variations : JSON.stringify(variations),
  );
  if (options) form.dataset.swatches = JSON.stringify(options);
  return { view, form };
}

const v = (id: number, color: string, size: string, extra: Record<string, unknown> = {}) => ({
  variation_id: id,
  attributes: { attribute_color: color, attribute_size: size },
  is_in_stock: true,
  is_purchasable: true,
  variation_is_active: true,
  variation_is_visible: true,
  display_price: 10 + id,
  sku: `SKU-${id}`,
  max_qty: '',
  ...extra,
});
/** blue: s, m; red: s (out of stock); green: any size. */
const SET = [
  v(1, 'blue', 's'),
  v(2, 'blue', 'm', { max_qty: 2 }),
  v(3, 'red', 's', { is_in_stock: false }),
  v(4, 'green', ''),
];

const group = (form: HTMLFormElement, name: string) =>
  form.querySelector(`select[name="attribute_${name}"]`)!.nextElementSibling as HTMLElement;
const swatch = (form: HTMLFormElement, name: string, value: string) =>
  group(form, name).querySelector<HTMLElement>(`[data-value="${value}"]`)!;
const states = (form: HTMLFormElement, name: string) =>
  [...group(form, name).querySelectorAll<HTMLElement>('[role="radio"]')].map(
    (s) =>
      `${s.dataset.value}:${['selected', 'disabled', 'no-stock'].filter((c) => s.classList.contains(c)).join('+') || 'ok'}${s.hidden ? ':hidden' : ''}`,
  );
const posted = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, val]) => [k, String(val)]));

describe('swatches', () => {
  useCleanCart();
  let uninstall = () => {};
  let remove = () => {};
  afterEach(() => {
    uninstall();
    remove();
  });

  it("turns the demo shop's attribute selects into labelled APG radio groups; idempotent; uninstall restores", async () => {
    const { view, form } = await hoodieForm();
    remove = view.remove;
    uninstall = installSwatches(view.root);
    const groups = form.querySelectorAll('[role="radiogroup"]');
    expect(groups).to.have.length(2);
    expect(groups[0].getAttribute('aria-labelledby')).to.equal(
      form.querySelector('label[for^="pa_color"]')!.id,
    );
    expect([...groups[0].querySelectorAll('[role="radio"]')].map((s) => s.textContent)).to.deep.equal([
      'Blue',
      'Red',
      'Green',
    ]);
    expect(
      [...groups[0].querySelectorAll<HTMLElement>('[role="radio"]')].map((s) => s.tabIndex),
    ).to.deep.equal([0, -1, -1]);
    const select = form.querySelector('select')!;
    expect(getComputedStyle(select).display).to.equal('none');
    expect(select.form).to.equal(form);
    expect(installSwatches(view.root) === uninstall).to.equal(true);
    // Nothing chosen: WooCommerce's classes say a selection is needed.
    const button = form.querySelector('.single_add_to_cart_button')!;
    expect([...button.classList]).to.include.members(['disabled', 'wc-variation-selection-needed']);
    await expect(view.root).to.be.accessible();
    uninstall();
    expect(form.querySelector('[role="radiogroup"]')).to.equal(null);
    expect(getComputedStyle(select).display).to.not.equal('none');
  });

  it('states: unavailable combinations disabled, out of stock no-stock (or hidden by option), "any" matches every value', async () => {
    let { view, form } = customForm(SET);
    remove = view.remove;
    uninstall = installSwatches(view.root);
    expect(states(form, 'color')).to.deep.equal(['blue:ok', 'red:no-stock', 'green:ok']);
    swatch(form, 'size', 'm').click();
    expect(states(form, 'color')).to.deep.equal(['blue:ok', 'red:disabled', 'green:ok']);
    expect(states(form, 'size')).to.deep.equal(['s:ok', 'm:selected']);
    expect(swatch(form, 'color', 'red').getAttribute('aria-disabled')).to.equal('true');
    swatch(form, 'color', 'red').click(); // disabled: nothing happens
    expect(posted(form).attribute_color).to.equal('');
    await expect(view.root).to.be.accessible();
    uninstall();
    remove();
    ({ view, form } = customForm(SET, { hide_out_of_stock: true }));
    remove = view.remove;
    uninstall = installSwatches(view.root);
    expect(states(form, 'color')).to.deep.equal(['blue:ok', 'red:no-stock:hidden', 'green:ok']);
  });

  it('arrows move and choose (skipping what cannot be chosen, wrapping), one tab stop; Space chooses', async () => {
    const { view, form } = customForm(SET);
    remove = view.remove;
    uninstall = installSwatches(view.root);
    swatch(form, 'color', 'blue').focus();
    await sendKeys({ press: 'ArrowRight' }); // red is out of stock: green
    expect(posted(form).attribute_color).to.equal('green');
    expect(document.activeElement).to.equal(swatch(form, 'color', 'green'));
    expect([...group(form, 'color').children].map((s) => (s as HTMLElement).tabIndex)).to.deep.equal([
      -1, -1, 0,
    ]);
    await sendKeys({ press: 'ArrowDown' }); // wraps to blue
    expect(posted(form).attribute_color).to.equal('blue');
    await sendKeys({ press: 'ArrowLeft' });
    expect(posted(form).attribute_color).to.equal('green');
    swatch(form, 'size', 's').focus();
    await sendKeys({ type: ' ' });
    expect(posted(form).attribute_size).to.equal('s');
    expect(swatch(form, 'size', 's').getAttribute('aria-checked')).to.equal('true');
  });

  it('a click on the selected swatch clears it only with clear_on_reselect', async () => {
    let { view, form } = customForm(SET);
    remove = view.remove;
    uninstall = installSwatches(view.root);
    swatch(form, 'color', 'blue').click();
    swatch(form, 'color', 'blue').click();
    expect(posted(form).attribute_color).to.equal('blue');
    uninstall();
    remove();
    ({ view, form } = customForm(SET, { clear_on_reselect: true }));
    remove = view.remove;
    uninstall = installSwatches(view.root);
    swatch(form, 'color', 'blue').click();
    swatch(form, 'color', 'blue').click();
    expect(posted(form).attribute_color).to.equal('');
    expect(swatch(form, 'color', 'blue').getAttribute('aria-checked')).to.equal('false');
  });

  it('choices that are unavailable are deselected, or kept with deselect_unavailable false', async () => {
    let { view, form } = customForm(SET, undefined, { color: 'red', size: 'm' });
    remove = view.remove;
    uninstall = installSwatches(view.root);
    expect([posted(form).attribute_color, posted(form).attribute_size]).to.deep.equal(['', 'm']);
    uninstall();
    remove();
    ({ view, form } = customForm(SET, { deselect_unavailable: false }, { color: 'red', size: 'm' }));
    remove = view.remove;
    uninstall = installSwatches(view.root);
    expect([posted(form).attribute_color, posted(form).attribute_size]).to.deep.equal(['red', 'm']);
    expect(states(form, 'color')).to.include('red:selected+disabled');
    expect(form.querySelector('.wc-no-matching-variations')!.textContent).to.contain('no products matched');
  });

  it('a low-stock label at or below the threshold from the options', async () => {
    const { view, form } = customForm(SET, { stock_threshold: 2, stock_left_text: 'Only {n} left' });
    remove = view.remove;
    uninstall = installSwatches(view.root);
    swatch(form, 'color', 'blue').click();
    expect(swatch(form, 'size', 'm').querySelector('.swatch__note')!.textContent).to.equal('Only 2 left');
    expect(swatch(form, 'size', 'm').classList.contains('low-stock')).to.equal(true);
    expect(swatch(form, 'size', 's').querySelector('.swatch__note')!.textContent).to.equal('');
  });

  it('the found variation: $product, variation_id, the button, found_variation / reset_data on the form; the form posts attribute_* and variation_id', async () => {
    const removeJQuery = pageJQuery();
    const events: string[] = [];
    const changes: string[] = [];
    const stop = $product.listen((p) => changes.push(p.variationId));
    try {
      const { view, form } = await hoodieForm();
      remove = view.remove;
      jQuery(form).on('found_variation reset_data', (e, variation) =>
        events.push(`${e.type}:${variation?.variation_id ?? ''}`),
      );
      uninstall = installSwatches(view.root);
      swatch(form, 'pa_color', 'red').click();
      swatch(form, 'pa_size', 'small').click();
      expect($product.get()).to.deep.include({ variationId: '20104', price: 42 });
      expect($product.get().sku).to.match(/red-small$/);
      expect($product.get().attributes).to.deep.equal({
        attribute_pa_color: 'red',
        attribute_pa_size: 'small',
      });
      expect($product.get().image?.src).to.match(/hoodie\.svg$/);
      expect(changes).to.deep.equal(['20104'], 'published once (our mirror does not come back)');
      expect(events).to.deep.equal(['found_variation:20104']);
      const button = form.querySelector('.single_add_to_cart_button')!;
      expect(button.classList.contains('disabled')).to.equal(false);
      expect(form.querySelector('.single_variation')!.textContent).to.contain('42.00');
      expect(posted(form)).to.deep.include({
        attribute_pa_color: 'red',
        attribute_pa_size: 'small',
        variation_id: '20104',
        product_id: '201',
      });
      swatch(form, 'pa_color', 'green').click();
      swatch(form, 'pa_size', 'large').click(); // out of stock: cannot be chosen
      expect(states(form, 'pa_size')).to.deep.equal(['small:selected', 'medium:ok', 'large:no-stock']);
      expect(events.at(-1)).to.equal('found_variation:20107');
      const uninstallSwatches = uninstall;
      uninstallSwatches();
      uninstall = installSwatches(view.root, { clear_on_reselect: true });
      swatch(form, 'pa_size', 'small').click();
      expect(events.at(-1)).to.equal('reset_data:');
      expect($product.get().variationId).to.equal('');
      expect(posted(form).variation_id).to.equal('');
      expect([...button.classList]).to.include.members(['disabled', 'wc-variation-selection-needed']);
    } finally {
      stop();
      removeJQuery();
    }
  });

  it('a click on the disabled add-to-cart button is stopped with the make-a-selection text', async () => {
    const { view, form } = customForm(SET);
    remove = view.remove;
    uninstall = installSwatches(view.root);
    let submitted = 0;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted += 1;
    });
    form.querySelector<HTMLElement>('.single_add_to_cart_button')!.click();
    expect(submitted).to.equal(0);
    expect(form.querySelector('[role="alert"]')!.textContent).to.contain(
      'Please select some product options',
    );
    // A value a script set without a change event still counts.
    form.querySelector<HTMLSelectElement>('select[name="attribute_color"]')!.value = 'green';
    form.querySelector<HTMLSelectElement>('select[name="attribute_size"]')!.value = 'm';
    form.querySelector<HTMLElement>('.single_add_to_cart_button')!.click();
    expect(submitted).to.equal(1);
    expect(posted(form).variation_id).to.equal('4');
  });

  it('without embedded variations asks get_variation (attributes and product_id) and reloads 1000 ms after ajax completes', async () => {
    const clock = fakeClock();
    const { view, form } = await hoodieForm((f) => f.setAttribute('data-product_variations', 'false'));
    remove = view.remove;
    uninstall = installSwatches(view.root, { clock });
    expect(states(form, 'pa_color')).to.deep.equal(['blue:ok', 'red:ok', 'green:ok']);
    swatch(form, 'pa_color', 'blue').click();
    swatch(form, 'pa_size', 'small').click();
    await waitUntil(() => $product.get().variationId === '20101', 'the variation never arrived');
    const [request] = await shopLog('get_variation');
    expect(request.method).to.equal('POST');
    expect(request.body).to.deep.include({
      attribute_pa_color: 'blue',
      attribute_pa_size: 'small',
      product_id: '201',
    });
    expect(posted(form).variation_id).to.equal('20101');
    // Variations printed later are read at the reload, 1000 ms after the request completed.
    const printed = JSON.stringify([
      v(1, 'blue', 'small'),
      v(2, 'red', 'small', { is_in_stock: false }),
    ]).replace(/attribute_(color|size)/g, 'attribute_pa_$1');
    form.setAttribute('data-product_variations', printed);
    await waitUntil(() => clock.pending === 1, 'no reload scheduled');
    clock.tick(999);
    expect(states(form, 'pa_color')).to.deep.equal(['blue:selected', 'red:ok', 'green:ok']);
    clock.tick(1);
    expect(states(form, 'pa_color')).to.deep.equal(['blue:selected', 'red:no-stock', 'green:disabled']);
    expect((await shopLog('get_variation')).length).to.equal(1);
  });

  it('over the Store API adapter (issue 18), the variation comes from its products endpoint, not get_variation', async () => {
    setShopAdapter(adapterFor('store-api'));
    try {
      const { view, form } = await hoodieForm((f) => f.setAttribute('data-product_variations', 'false'));
      remove = view.remove;
      uninstall = installSwatches(view.root);
      swatch(form, 'pa_color', 'red').click();
      swatch(form, 'pa_size', 'medium').click();
      await waitUntil(() => $product.get().variationId === '20105', 'the variation never arrived', {
        timeout: 5000,
      });
      expect(posted(form).variation_id).to.equal('20105');
      expect(await shopLog('get_variation')).to.deep.equal([]);
      expect((await shopLog()).some((e) => e.endpoint === 'store-api:products/20105')).to.equal(true);
    } finally {
      setShopAdapter(undefined);
    }
  });

  it("jQuery's ajaxComplete (another script's request) also reloads after 1000 ms", async () => {
    const removeJQuery = pageJQuery();
    try {
      const clock = fakeClock();
      const { view, form } = customForm(false);
      remove = view.remove;
      uninstall = installSwatches(view.root, { clock });
      form.setAttribute('data-product_variations', JSON.stringify(SET));
      jQuery(document).trigger('ajaxComplete');
      expect(clock.pending).to.equal(1);
      clock.tick(999);
      expect(states(form, 'color')).to.deep.equal(['blue:ok', 'red:ok', 'green:ok']);
      clock.tick(1);
      expect(states(form, 'color')).to.deep.equal(['blue:ok', 'red:no-stock', 'green:ok']);
    } finally {
      removeJQuery();
    }
  });

  it('a failing get_variation gives one error and keeps the choice', async () => {
    await injectFault({ endpoint: 'get_variation', status: 500 });
    const { view, form } = await hoodieForm((f) => f.setAttribute('data-product_variations', 'false'));
    remove = view.remove;
    const errors = await captureConsoleErrors(async () => {
      uninstall = installSwatches(view.root, { clock: fakeClock() });
      swatch(form, 'pa_color', 'red').click();
      swatch(form, 'pa_size', 'medium').click();
      await waitUntil(() => !form.hasAttribute('aria-busy'), 'the request never ended');
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('swatches');
    expect(posted(form)).to.deep.include({ attribute_pa_color: 'red', attribute_pa_size: 'medium' });
    expect(form.querySelector('.single_add_to_cart_button')!.classList.contains('disabled')).to.equal(true);
  });

  it('invalid data-swatches JSON: one error, the defaults', async () => {
    const { view, form } = customForm(SET);
    remove = view.remove;
    form.dataset.swatches = '{nope';
    const errors = await captureConsoleErrors(() => {
      uninstall = installSwatches(view.root);
    });
    expect(errors).to.have.length(1);
    expect(form.querySelectorAll('[role="radiogroup"]')).to.have.length(2);
  });

  it('colour and image terms from the options, without style attributes in markup; URLs through safeUrl', async () => {
    const { view, form } = customForm(SET, {
      terms: {
        attribute_color: {
          blue: { color: '#00f', label: 'Navy' },
          red: { image: 'javascript:alert(1)' },
          green: { image: '/examples/favicon.svg' },
        },
      },
    });
    remove = view.remove;
    uninstall = installSwatches(view.root);
    expect(swatch(form, 'color', 'blue').className).to.contain('swatch--color');
    expect(swatch(form, 'color', 'blue').textContent).to.equal('Navy');
    expect(
      getComputedStyle(swatch(form, 'color', 'blue').querySelector('.swatch__color')!).backgroundColor,
    ).to.equal('rgb(0, 0, 255)');
    expect(swatch(form, 'color', 'red').className).to.contain('swatch--button');
    expect(swatch(form, 'color', 'green').querySelector('img')!.getAttribute('src')).to.match(
      /^http.*favicon\.svg$/,
    );
    await expect(view.root).to.be.accessible();
  });

  it("with WooCommerce's add-to-cart-variation.js on the page, only drives its selects and follows what it leaves enabled", async () => {
    const removeJQuery = pageJQuery();
    const $ = jQuery as unknown as { fn: Record<string, unknown> };
    const heard: string[] = [];
    // A stand-in for WooCommerce's script: it hears the selects' change and removes options.
    $.fn.wc_variation_form = function (this: ReturnType<typeof jQuery>) {
      this.on('change', '.variations select', (e) => {
        heard.push(`${(e.target as HTMLSelectElement).name}=${(e.target as HTMLSelectElement).value}`);
        const size = this.find('select[name="attribute_size"]');
        size.find('option[value="m"]').prop('disabled', (e.target as HTMLSelectElement).value === 'green');
        this.trigger('woocommerce_update_variation_values');
      });
      return this;
    };
    try {
      const { view, form } = customForm(SET);
      remove = view.remove;
      (jQuery(form) as unknown as { wc_variation_form(): void }).wc_variation_form();
      uninstall = installSwatches(view.root);
      swatch(form, 'color', 'green').click();
      expect(heard).to.deep.equal(['attribute_color=green']);
      expect(states(form, 'size')).to.deep.equal(['s:ok', 'm:disabled']);
      expect(posted(form).variation_id).to.equal('0', 'matching is left to WooCommerce');
      expect($product.get().variationId).to.equal('');
    } finally {
      delete $.fn.wc_variation_form;
      removeJQuery();
    }
  });
});
