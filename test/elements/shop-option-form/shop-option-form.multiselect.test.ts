import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, choose, optionForm, posted, sectionOf } from './fixtures.ts';

/**
 * The searchable multiple select (issue 12, spec §2 "select (native or searchable, single or
 * multiple)"): an APG combobox with a multi-select listbox and removable tokens.
 */
const values = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
  { label: 'Black', value: 'black' },
  { label: 'Bluish green', value: 'teal', stock_status: 'outofstock' },
  { label: 'Navy <b>blue</b>', value: 'navy' },
];
const colours = (extra: Record<string, unknown> = {}) => ({
  type: 'select',
  elementId: 'colours',
  label: 'Colours',
  multiple: true,
  dropdown_type: 'search',
  values,
  ...extra,
});

async function searchable(extra: Record<string, unknown> = {}) {
  const result = await optionForm({ definition: [sectionOf([colours(extra)])] });
  const sel = '[data-field-id="colours"] [role="combobox"]';
  await waitUntil(() => $(result.el, sel), 'the combobox never loaded', { timeout: 5000 });
  return { ...result, input: $<HTMLInputElement>(result.el, sel)! };
}
const listbox = (el: Element) => $(el, '[role="listbox"]')!;
const tokens = (el: Element) => $$(el, '.token').map((t) => t.firstChild?.textContent ?? '');
const selectedOptions = (el: Element) =>
  $$(el, '[role="option"][aria-selected="true"]').map((o) => o.textContent);
const activeText = (el: Element, input: HTMLInputElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? el.shadowRoot!.getElementById(id)?.textContent : null;
};
const focusedLabel = (el: Element) => el.shadowRoot!.activeElement?.getAttribute('aria-label') ?? '';
/** What a native multiple select posts for the same choices. */
async function nativePosts(...chosen: string[]) {
  const native = await optionForm({ definition: [sectionOf([colours({ dropdown_type: '' })])] });
  choose($<HTMLSelectElement>(native.el, '[data-field-id="colours"] select')!, ...chosen);
  await waitUntil(() => posted(native.form).some(([k]) => k.startsWith('colours')), 'native did not post');
  return posted(native.form);
}

describe('<shop-option-form> searchable multiple select', () => {
  it('is a combobox tied to its label with a multi-select listbox, collapsed, nothing chosen', async () => {
    const { el, input } = await searchable();
    expect(el.shadowRoot!.querySelector(`label[for="${input.id}"]`)!.textContent).to.contain('Colours');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.getAttribute('aria-controls')).to.equal(listbox(el).id);
    expect(listbox(el).getAttribute('aria-multiselectable')).to.equal('true');
    expect(input.placeholder).to.equal('Choose options');
    expect($(el, '[data-field-id="colours"] select')).to.equal(null);
    expect(tokens(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('Enter toggles the active option and keeps the list open; tokens show the choices; posts what the native select posts', async () => {
    const { el, input, form } = await searchable();
    const submits: boolean[] = [];
    form.addEventListener('submit', (e) => {
      submits.push(true);
      e.preventDefault();
    });
    input.focus();
    await sendKeys({ type: 'bla' });
    await waitUntil(() => activeText(el, input) === 'Black', 'not filtered to Black');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => tokens(el).join() === 'Black', 'Black not chosen');
    // The list stays open with every option again; Black is marked chosen.
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(input.value).to.equal('');
    expect(selectedOptions(el)).to.deep.equal(['Black']);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => activeText(el, input) === 'Red', 'up did not move to Red');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => tokens(el).length === 2, 'Red not chosen');
    // In the options' order, whatever order they were picked in, as the native select posts them.
    expect(tokens(el)).to.deep.equal(['Red', 'Black']);
    expect(submits).to.deep.equal([]);
    await expect(el).to.be.accessible();
    await waitUntil(() => posted(form).filter(([k]) => k.startsWith('colours')).length === 2, 'not posted');
    expect(posted(form)).to.deep.equal(await nativePosts('black', 'red'));
    // Enter again on the active option takes it out.
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => tokens(el).join() === 'Black', 'Red not toggled off');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'Escape did not close');
  });

  it('tokens are removed by keyboard: Delete/Backspace/Enter on a token, focus moving on; Backspace in the empty box', async () => {
    const chosen = values.map((v) => (v.value === 'teal' ? v : { ...v, selected: true }));
    const { el, input, form } = await searchable({ values: chosen });
    await waitUntil(() => tokens(el).length === 4, 'the preselected options are not shown');
    expect(tokens(el)).to.deep.equal(['Red', 'Blue', 'Black', 'Navy <b>blue</b>']);
    expect($(el, '.token b')).to.equal(null); // option text is text
    expect($(el, '.tokens')!.getAttribute('aria-label')).to.equal('Colours: chosen options');
    $<HTMLButtonElement>(el, '.token')!.focus();
    expect(focusedLabel(el)).to.equal('Remove Red');
    await sendKeys({ press: 'Delete' });
    await waitUntil(() => tokens(el).join() === 'Blue,Black,Navy <b>blue</b>', 'Delete did not remove');
    await waitUntil(() => focusedLabel(el) === 'Remove Blue', 'focus did not move to the next token');
    await sendKeys({ press: 'ArrowRight' });
    expect(focusedLabel(el)).to.equal('Remove Black');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => tokens(el).join() === 'Blue,Navy <b>blue</b>', 'Enter did not remove');
    await waitUntil(() => focusedLabel(el) === 'Remove Navy <b>blue</b>', 'focus did not stay on a token');
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => tokens(el).join() === 'Blue', 'Backspace did not remove');
    input.focus();
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => tokens(el).length === 0, 'Backspace in the empty box did not remove the last');
    await waitUntil(() => !posted(form).some(([k]) => k.startsWith('colours')), 'still posted');
  });

  it('clicks toggle; out-of-stock options cannot be chosen; nothing matching says so', async () => {
    const { el, input } = await searchable();
    input.click();
    await waitUntil(() => !listbox(el).hidden, 'not opened by click');
    $$(el, '[role="option"]')
      .find((o) => o.textContent?.startsWith('Bluish'))!
      .click();
    $$(el, '[role="option"]')
      .find((o) => o.textContent === 'Blue')!
      .click();
    await waitUntil(() => tokens(el).join() === 'Blue', 'click did not choose');
    $$(el, '[role="option"]')
      .find((o) => o.textContent === 'Blue')!
      .click();
    await waitUntil(() => tokens(el).length === 0, 'click did not unchoose');
    input.focus();
    await sendKeys({ type: 'zzz' });
    await waitUntil(() => $(el, '[role="status"]')?.textContent === 'No results', 'no "No results"');
  });

  it("the 'other' option posts its text with WCPA's marker, as the native select does", async () => {
    const { el, input, form } = await searchable({ other: true, other_text: 'Something else' });
    input.focus();
    await sendKeys({ type: 'some' });
    await waitUntil(() => activeText(el, input) === 'Something else', 'other not listed');
    await sendKeys({ press: 'Enter' });
    const text = await waitUntil(() => $<HTMLInputElement>(el, '.other-text'), 'no text box for other').then(
      () => $<HTMLInputElement>(el, '.other-text')!,
    );
    text.focus();
    await sendKeys({ type: 'Gold' });
    await waitUntil(() => posted(form).some(([, v]) => v === 'WCPAOTH Gold'), 'other text not posted');
    expect(tokens(el)).to.deep.equal(['Something else']);
  });

  it('a required multiple select shows its error on submit and is marked invalid', async () => {
    const { el, input, button } = await searchable({ required: true });
    expect(input.getAttribute('aria-required')).to.equal('true');
    expect(input.required).to.equal(false); // the picks are required, not the text box
    button.click();
    await waitUntil(() => input.getAttribute('aria-invalid') === 'true', 'not marked invalid');
    expect($(el, '[data-field-id="colours"] .error')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('the open list is not clipped by its section (long forms skip off-screen sections)', async () => {
    // The first three sections are always laid out (issue 32): the combobox is in a fourth.
    const text = (n: number) => ({ type: 'text', elementId: `note-${n}`, label: `Note ${n}` });
    const { el } = await optionForm({
      definition: [1, 2, 3]
        .map((n) => sectionOf([text(n)], { key: `sec_${n}` }))
        .concat(sectionOf([colours()], { key: 'sec_4' })),
    });
    const sel = '[data-field-id="colours"] [role="combobox"]';
    await waitUntil(() => $(el, sel), 'the combobox never loaded', { timeout: 5000 });
    const input = $<HTMLInputElement>(el, sel)!;
    const section = $(el, '[data-section-key="sec_4"]')!;
    expect(getComputedStyle(section).contentVisibility).to.equal('auto');
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => !listbox(el).hidden, 'not opened');
    expect(getComputedStyle(section).contentVisibility).to.equal('visible');
    // The last option sits below the section's box, and it is what the pointer finds there.
    const last = $$(el, '[role="option"]').at(-1)!;
    const box = last.getBoundingClientRect();
    expect(box.bottom > section.getBoundingClientRect().bottom).to.equal(true);
    last.scrollIntoView({ block: 'nearest' });
    const at = last.getBoundingClientRect();
    const hit = el.shadowRoot!.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
    expect(hit?.textContent).to.equal(last.textContent);
  });
});
