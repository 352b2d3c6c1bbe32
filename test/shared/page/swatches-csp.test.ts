// The swatches beside WooCommerce's add-to-cart-variation.js on a page whose Content-Security-
// Policy refuses eval: its wp.template compiles the variation templates with `new Function`, so at
// every found variation it throws an EvalError (and the browser reports a securitypolicyviolation
// for "eval") before the price, the variation_id and `found_variation` reach the page. The swatches
// notice, unbind the script's form handlers and run the form themselves, so $product (gallery,
// sticky bar, buy-now) and the posted form work.
import { expect } from '@open-wc/testing';
import jQuery from 'jquery';
import { installSwatches } from '../../../shared/page/swatches.ts';
import { $product } from '../../../shared/stores/product.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { useCleanCart } from '../../helpers/shop.ts';
import { pageJQuery } from '../../helpers/woocommerce-scripts.ts';
import { mount } from './helpers.ts';

type JQ = ReturnType<typeof jQuery>;

/** The demo shop's Hoodie form (201: 3 colours x 3 sizes). */
async function hoodieForm() {
  const html = await (await fetch('/product/hoodie/', { cache: 'no-store' })).text();
  const page = new DOMParser().parseFromString(html, 'text/html');
  const form = page.querySelector<HTMLFormElement>('form.variations_form')!;
  const view = mount(`<div class="product">${form.outerHTML}</div>`);
  return { view, form: view.root.querySelector('form')! };
}

const REFUSED =
  "Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script";

/**
 * What add-to-cart-variation.js does at a change, as far as it gets under such a CSP: every
 * handler in its `.wc-variation-form` namespace; a complete choice is looked up in
 * data-product_variations and `found_variation` triggered, whose handler compiles the template
 * (wp.template: here the EvalError the browser throws) before it sets variation_id.
 */
function variationScriptDouble(calls: string[]) {
  const $ = jQuery as unknown as { fn: Record<string, unknown> };
  $.fn.wc_variation_form = function (this: JQ) {
    const variations = JSON.parse(this.attr('data-product_variations') ?? '[]') as {
      variation_id: number;
      attributes: Record<string, string>;
    }[];
    this.on('change.wc-variation-form', '.variations select', () => {
      calls.push('change');
      const chosen = Object.fromEntries(
        this.find('.variations select')
          .toArray()
          .map((s) => [(s as HTMLSelectElement).name, (s as HTMLSelectElement).value]),
      );
      const found = variations.find((v) =>
        Object.entries(v.attributes).every(([k, val]) => chosen[k] === val),
      );
      if (found) this.trigger('found_variation', [found]);
    });
    this.on('found_variation.wc-variation-form', () => {
      calls.push('found_variation');
      throw new EvalError(REFUSED);
    });
    return this;
  };
  return () => {
    delete $.fn.wc_variation_form;
  };
}

const click = (form: HTMLFormElement, name: string, value: string) =>
  form
    .querySelector(`select[name="attribute_${name}"]`)!
    .nextElementSibling!.querySelector<HTMLElement>(`[data-value="${value}"]`)!
    .click();

describe('swatches beside WooCommerce’s variation script under a CSP without unsafe-eval', () => {
  useCleanCart();
  let cleanups: (() => void)[] = [];
  let savedOnError: OnErrorEventHandler;
  beforeEach(() => {
    // The script's EvalError is uncaught, as on a real page: the test runner must not count it.
    savedOnError = window.onerror;
    window.onerror = () => true;
    cleanups = [pageJQuery()];
  });
  afterEach(() => {
    for (const cleanup of cleanups.reverse()) cleanup();
    window.onerror = savedOnError;
  });

  it('takes the form over at the EvalError: $product, variation_id and the button work', async () => {
    const calls: string[] = [];
    cleanups.push(variationScriptDouble(calls));
    const { view, form } = await hoodieForm();
    cleanups.push(view.remove);
    (jQuery(form) as unknown as { wc_variation_form(): void }).wc_variation_form();
    cleanups.push(installSwatches(view.root));
    const errors = await captureConsoleErrors(() => {
      click(form, 'pa_color', 'red');
      click(form, 'pa_size', 'small');
    });
    expect(calls).to.deep.equal(['change', 'change', 'found_variation']);
    // The swatches ran the form: the variation is published and posted.
    expect($product.get().variationId).to.equal('20104');
    expect($product.get().image?.src).to.match(/hoodie\.svg$/);
    expect(new FormData(form).get('variation_id')).to.equal('20104');
    const button = form.querySelector('.single_add_to_cart_button')!;
    expect(button.classList.contains('disabled')).to.equal(false);
    expect(form.querySelector('.single_variation')!.textContent).to.contain('42.00');
    // WooCommerce's handlers are gone: another choice throws no more.
    click(form, 'pa_color', 'blue');
    expect(calls).to.have.length(3);
    expect($product.get().variationId).to.equal('20101');
    // One error of ours (the runner also logs the script's uncaught EvalError).
    const ours = errors.filter((e) => e.includes('swatches'));
    expect(ours, errors.join('\n')).to.have.length(1);
    expect(ours[0]).to.contain("needs 'unsafe-eval'");
  });

  it('takes over at the securitypolicyviolation the browser reports for eval', async () => {
    const calls: string[] = [];
    cleanups.push(variationScriptDouble(calls));
    const { view, form } = await hoodieForm();
    cleanups.push(view.remove);
    (jQuery(form) as unknown as { wc_variation_form(): void }).wc_variation_form();
    cleanups.push(installSwatches(view.root));
    const errors = await captureConsoleErrors(() =>
      document.dispatchEvent(
        new SecurityPolicyViolationEvent('securitypolicyviolation', {
          blockedURI: 'eval',
          violatedDirective: 'script-src',
          effectiveDirective: 'script-src',
          originalPolicy: "script-src 'self'",
          disposition: 'enforce',
          statusCode: 200,
        }),
      ),
    );
    expect(errors).to.have.length(1);
    click(form, 'pa_color', 'green');
    click(form, 'pa_size', 'medium');
    expect(calls, 'WooCommerce never hears the choice').to.deep.equal([]);
    expect($product.get().variationId).to.equal('20108');
    expect(new FormData(form).get('variation_id')).to.equal('20108');
  });
});
