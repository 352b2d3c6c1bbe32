import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, choose, optionForm, posted, sectionOf } from './fixtures.ts';

/** The searchable select (issue 12, spec §2 "select (native or searchable)"): the APG combobox. */
const values = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
  { label: 'Black', value: 'black' },
  { label: 'Bluish green', value: 'teal', stock_status: 'outofstock' },
  { label: 'Navy <b>blue</b>', value: 'navy' },
];
const colour = (extra: Record<string, unknown> = {}) => ({
  type: 'select',
  elementId: 'colour',
  label: 'Colour',
  dropdown_type: 'search',
  values,
  ...extra,
});

async function searchable(extra: Record<string, unknown> = {}) {
  const result = await optionForm({ definition: [sectionOf([colour(extra)])] });
  const input = await waitUntil(
    () => $<HTMLInputElement>(result.el, '[data-field-id="colour"] [role="combobox"]'),
    'the combobox never loaded',
    { timeout: 5000 },
  ).then(() => $<HTMLInputElement>(result.el, '[data-field-id="colour"] [role="combobox"]')!);
  return { ...result, input };
}
const listbox = (el: Element) => $(el, '[role="listbox"]')!;
const shownOptions = (el: Element) =>
  $$(el, '[role="option"]')
    .filter(() => !listbox(el).hidden)
    .map((o) => o.textContent);
const activeText = (el: Element, input: HTMLInputElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? el.shadowRoot!.getElementById(id)?.textContent : null;
};

describe('<shop-option-form> searchable select', () => {
  it('is a combobox tied to its label and a listbox, collapsed at first; no native select', async () => {
    const { el, input } = await searchable();
    expect(el.shadowRoot!.querySelector(`label[for="${input.id}"]`)!.textContent).to.contain('Colour');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.getAttribute('aria-controls')).to.equal(listbox(el).id);
    expect(listbox(el).hidden).to.equal(true);
    expect($(el, '[data-field-id="colour"] select')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('keeps the native select without the search option (single and multiple)', async () => {
    const { el } = await optionForm({
      definition: [
        sectionOf([
          colour({ dropdown_type: '' }),
          colour({ elementId: 'many', multiple: true, dropdown_type: 'native' }),
        ]),
      ],
    });
    expect($(el, '[data-field-id="colour"] select')).to.not.equal(null);
    expect($<HTMLSelectElement>(el, '[data-field-id="many"] select')!.multiple).to.equal(true);
    expect($(el, '[role="combobox"]')).to.equal(null);
  });

  it('filters as the shopper types; arrows move the active option (aria-activedescendant); Enter chooses', async () => {
    const { el, input, form } = await searchable();
    input.focus();
    await sendKeys({ type: 'bl' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true', 'not opened');
    expect(shownOptions(el)).to.deep.equal([
      'Blue',
      'Black',
      'Bluish green (out of stock)',
      'Navy <b>blue</b>',
    ]);
    expect(activeText(el, input)).to.equal('Blue');
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => activeText(el, input) === 'Black', 'down did not move');
    await sendKeys({ press: 'ArrowDown' }); // past the out-of-stock option
    await waitUntil(() => activeText(el, input) === 'Navy <b>blue</b>', 'disabled option not skipped');
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => activeText(el, input) === 'Black', 'up did not move');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'not closed');
    expect(input.value).to.equal('Black');
    expect(el.shadowRoot!.activeElement).to.equal(input);
    // The same pairs a native select posts for the same choice.
    const native = await optionForm({ definition: [sectionOf([colour({ dropdown_type: '' })])] });
    choose($<HTMLSelectElement>(native.el, '[data-field-id="colour"] select')!, 'black');
    await waitUntil(() => posted(native.form).some(([, v]) => v === 'black'), 'native did not post');
    await waitUntil(() => posted(form).some(([, v]) => v === 'black'), 'combobox did not post');
    expect(posted(form)).to.deep.equal(posted(native.form));
  });

  it('Enter chooses without submitting the product form', async () => {
    const { input, form } = await searchable();
    const submits: boolean[] = [];
    form.addEventListener('submit', (e) => {
      submits.push(true);
      e.preventDefault();
    });
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true', 'Down did not open');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => input.value === 'Red', 'not chosen');
    expect(submits).to.deep.equal([]);
  });

  it('typing replaces the chosen label; Escape closes and puts it back', async () => {
    const chosen = values.map((v) => (v.value === 'blue' ? { ...v, selected: true } : v));
    const { el, input } = await searchable({ values: chosen });
    expect(input.value).to.equal('Blue');
    input.focus();
    await sendKeys({ type: 'gr' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true', 'not opened');
    expect(shownOptions(el)).to.deep.equal(['Bluish green (out of stock)']);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'Escape did not close');
    expect(input.value).to.equal('Blue');
  });

  it('says when nothing matches, and a click chooses an option; out-of-stock options cannot be chosen', async () => {
    const { el, input, form } = await searchable();
    input.focus();
    await sendKeys({ type: 'zzz' });
    await waitUntil(() => $(el, '[role="status"]')?.textContent === 'No results', 'no "No results"');
    input.click(); // closes
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'click did not close');
    input.click(); // opens with every option
    await waitUntil(() => !listbox(el).hidden, 'not opened by click');
    $$(el, '[role="option"]')
      .find((o) => o.textContent?.startsWith('Bluish'))!
      .click();
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    $$(el, '[role="option"]')
      .find((o) => o.textContent === 'Red')!
      .click();
    await waitUntil(() => input.value === 'Red', 'click did not choose');
    await waitUntil(() => posted(form).some(([, v]) => v === 'red'), 'not posted');
  });

  it('shows option groups as labelled groups, and renders hostile labels as text', async () => {
    const grouped = [
      { label: 'Warm', value: 'warm', options: [{ label: 'Red', value: 'red' }] },
      { label: 'Cold', value: 'cold', options: [{ label: 'Blue', value: 'blue' }] },
    ];
    const { el, input } = await searchable({ values: grouped });
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => !listbox(el).hidden, 'not opened');
    const groups = $$(el, '[role="listbox"] [role="group"]');
    expect(groups.map((g) => g.getAttribute('aria-label'))).to.deep.equal(['Warm', 'Cold']);
    expect(groups[1].querySelector('[role="option"]')!.textContent).to.equal('Blue');
    await expect(el).to.be.accessible();
    const hostile = await searchable();
    hostile.input.focus();
    await sendKeys({ type: 'navy' });
    await waitUntil(() => shownOptions(hostile.el).length === 1, 'not filtered');
    expect($(hostile.el, '[role="option"] b')).to.equal(null);
  });
});
