import { expect, waitUntil } from '@open-wc/testing';
import { type FormulaRuntime, formulaRuntime } from '../../../elements/shop-option-form/engine/formula.ts';
import { formulaChunk } from '../../../elements/shop-option-form/shop-option-form.lazy.ts';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { $, optionForm, posted, sectionOf, type } from './fixtures.ts';

/** A loader that counts its calls and settles when the test says so. */
function controlledLoader() {
  let resolve!: (runtime: FormulaRuntime) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<FormulaRuntime>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const loader = {
    calls: 0,
    resolve,
    reject,
    load: () => {
      loader.calls++;
      return promise;
    },
  };
  return loader;
}

/** Every non-empty text the page's live region says, in order (spec §2: the total is announced). */
function announcements() {
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = document.getElementById('shop-live-region')?.textContent ?? '';
    if (text && said.at(-1) !== text) said.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { said, stop: () => observer.disconnect() };
}

const total = (el: Element) => $(el, '.summary-row--total dd')!.textContent;

const fixed = {
  type: 'number',
  elementId: 'extra',
  label: 'Extra',
  enablePrice: true,
  pricingType: 'fixed',
  price: 3,
};
const custom = {
  type: 'number',
  elementId: 'letters',
  label: 'Letters',
  enablePrice: true,
  pricingType: 'custom',
  price: '{value} * 2',
};

describe('<shop-option-form> formula chunk (lazy)', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('a form without formulas never requests the formula chunk', async () => {
    const loader = controlledLoader();
    restore = formulaChunk.setLoader(loader.load);
    const { el } = await optionForm({
      product: { product_price: 10 },
      definition: [
        sectionOf([
          fixed,
          { type: 'text', elementId: 'name', label: 'Name', required: true },
          {
            type: 'select',
            elementId: 'size',
            label: 'Size',
            options: [{ label: 'S', value: 's' }],
            relations: [],
          },
        ]),
      ],
    });
    type($<HTMLInputElement>(el, '[data-field-id="extra"] input')!, '1');
    await waitUntil(() => total(el) === '$13.00');
    expect(loader.calls).to.equal(0);
    expect($(el, '.price-status')).to.equal(null);
  });

  it('shows the form at once, prices pending, and prices correctly when the chunk arrives, keeping what was typed', async () => {
    const loader = controlledLoader();
    restore = formulaChunk.setLoader(loader.load);
    const { el, form } = await optionForm({
      product: { product_price: 10 },
      definition: [sectionOf([custom, fixed])],
    });
    expect(loader.calls).to.equal(1);
    await waitUntil(() => $(el, '.price-status')?.textContent === 'Calculating prices…');
    expect(total(el)).to.equal('Calculating prices…');
    type($<HTMLInputElement>(el, '[data-field-id="letters"] input')!, '5');
    type($<HTMLInputElement>(el, '[data-field-id="extra"] input')!, '1');
    const live = announcements();
    loader.resolve(formulaRuntime);
    await waitUntil(() => total(el) === '$23.00', 'the formula price never counted');
    // The total that replaced 'Calculating prices…' is said once, politely; nothing was said while pending.
    await waitUntil(() => live.said.length > 0, 'the new total was not announced');
    live.stop();
    expect(live.said).to.deep.equal(['Total: $23.00']);
    expect(document.getElementById('shop-live-region')!.getAttribute('aria-live')).to.equal('polite');
    expect($(el, '.price-status')).to.equal(null);
    expect($<HTMLInputElement>(el, '[data-field-id="letters"] input')!.value).to.equal('5');
    expect($<HTMLInputElement>(el, '[data-field-id="extra"] input')!.value).to.equal('1');
    expect(posted(form)).to.deep.include.members([
      ['letters', '5'],
      ['extra', '1'],
    ]);
    expect(loader.calls).to.equal(1);
  });

  it('a failed load: one console.error naming the tag, formula prices unavailable, the rest keeps working', async () => {
    const loader = controlledLoader();
    restore = formulaChunk.setLoader(loader.load);
    let result: Awaited<ReturnType<typeof optionForm>> | undefined;
    const errors = await captureConsoleErrors(async () => {
      result = await optionForm({
        product: { product_price: 10 },
        definition: [
          sectionOf([custom, fixed, { type: 'text', elementId: 'name', label: 'Name', required: true }]),
        ],
      });
      loader.reject(new Error('network'));
      await waitUntil(
        () => $(result!.el, '.price-status')?.textContent === 'Some prices could not be calculated.',
      );
    });
    const { el, form, button } = result!;
    await waitUntil(
      () => currentAnnouncement() === 'Some prices could not be calculated. Total: $10.00',
      'the failure was not announced with the total',
    );
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('<shop-option-form>');
    type($<HTMLInputElement>(el, '[data-field-id="letters"] input')!, '5');
    type($<HTMLInputElement>(el, '[data-field-id="extra"] input')!, '1');
    await waitUntil(() => total(el) === '$13.00', 'the fixed price never counted');
    const seen: boolean[] = [];
    form.addEventListener('submit', (e) => {
      seen.push(!e.defaultPrevented);
      e.preventDefault();
    });
    button.click();
    await waitUntil(() => $(el, '[data-field-id="name"] .error'), 'the required field was not validated');
    expect(seen.filter(Boolean)).to.have.length(0);
    expect(posted(form)).to.deep.include.members([['letters', '5']]);
  });
});
