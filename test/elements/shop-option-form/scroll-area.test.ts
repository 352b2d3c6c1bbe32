import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, optionForm, sectionOf } from './fixtures.ts';

/**
 * spec §9 Option forms "Default scroll area height 300 px": the searchable select's list of
 * options scrolls inside 300 px, and keeps the active option in view.
 */
describe('<shop-option-form> scroll area of the searchable select', () => {
  it('a long list scrolls within 300 px, the active option kept in view', async () => {
    const values = Array.from({ length: 40 }, (_, i) => ({ label: `Colour ${i + 1}`, value: `c${i + 1}` }));
    const { el } = await optionForm({
      definition: [
        sectionOf([
          { type: 'select', elementId: 'colour', label: 'Colour', dropdown_type: 'search', values },
        ]),
      ],
    });
    const input = await waitUntil(
      () => $<HTMLInputElement>(el, '[data-field-id="colour"] [role="combobox"]'),
      'the combobox never loaded',
      { timeout: 5000 },
    ).then(() => $<HTMLInputElement>(el, '[data-field-id="colour"] [role="combobox"]')!);
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    const listbox = $(el, '[role="listbox"]')!;
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true' && !listbox.hidden, 'not opened');
    const box = listbox.getBoundingClientRect();
    expect(Math.round(box.height)).to.equal(300);
    expect(listbox.scrollHeight).to.be.above(listbox.clientHeight);
    // The first ArrowDown opened the list; forty more reach its last option.
    for (let i = 0; i < 40; i += 1) await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => {
      const active = el.shadowRoot!.getElementById(input.getAttribute('aria-activedescendant')!)!;
      const seen = listbox.getBoundingClientRect();
      const at = active.getBoundingClientRect();
      return active.textContent === 'Colour 40' && at.top >= seen.top - 1 && at.bottom <= seen.bottom + 1;
    }, 'the last option is not in view');
  });
});
