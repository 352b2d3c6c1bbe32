import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, optionForm, sectionOf } from './fixtures.ts';

/** Per-option descriptions and tooltips (spec §3 option values: tooltip, description; issue 12). */
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const finish = (type: string) => ({
  type,
  elementId: 'finish',
  label: 'Finish',
  values: [
    { label: 'Matte', value: 'matte', description: 'No shine at all.' },
    { label: 'Gloss', value: 'gloss', tooltip: 'A clear coat over the print.' },
    { label: 'Odd', value: 'odd', description: HOSTILE, tooltip: HOSTILE },
  ],
});

describe('<shop-option-form> option descriptions and tooltips', () => {
  for (const type of ['radio-group', 'checkbox-group']) {
    it(`${type}: an option's description describes its input`, async () => {
      const { el } = await optionForm({ definition: [sectionOf([finish(type)])] });
      const [matte, gloss] = $$<HTMLInputElement>(el, '[data-field-id="finish"] input');
      const ids = matte.getAttribute('aria-describedby')!.split(' ');
      const description = ids
        .map((id) => el.shadowRoot!.getElementById(id))
        .find((d) => d?.part.contains('description'));
      expect(description?.textContent).to.equal('No shine at all.');
      expect(gloss.getAttribute('aria-describedby') ?? '').to.not.contain(description!.id);
      await expect(el).to.be.accessible();
    });
  }

  it('shows an option tooltip on focus of its labelled button, hides it on Escape', async () => {
    const { el } = await optionForm({ definition: [sectionOf([finish('radio-group')])] });
    const buttons = $$<HTMLButtonElement>(el, '[data-field-id="finish"] [part="tooltip-button"]');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal(['About Gloss', 'About Odd']);
    const tip = el.shadowRoot!.getElementById(buttons[0].getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).to.equal('tooltip');
    expect(tip.hidden).to.equal(true);
    buttons[0].focus();
    await waitUntil(() => !tip.hidden, 'tooltip not shown on focus');
    expect(tip.textContent).to.equal('A clear coat over the print.');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => tip.hidden, 'Escape did not hide the tooltip');
  });

  it('renders hostile option descriptions and tooltips as text', async () => {
    const { el } = await optionForm({ definition: [sectionOf([finish('checkbox-group')])] });
    const texts = $$(el, '.option-description, [role="tooltip"]').map((n) => n.textContent);
    expect(texts).to.include(HOSTILE);
    expect($(el, '[data-field-id="finish"] img')).to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });
});
