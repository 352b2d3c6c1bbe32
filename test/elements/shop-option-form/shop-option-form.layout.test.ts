import { expect, waitUntil } from '@open-wc/testing';
import { $, $$, fieldEl, optionForm, posted, sectionOf, type } from './fixtures.ts';

/**
 * Layout and look of the option form's fields (spec §3 custom option field "Layout", "Design
 * colours and sizes", option price format; §9 default layout and luma thresholds; section
 * `show_title` / `title_tag`; the `disable` status of conditional logic).
 */
const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text',
  elementId: 'engraving',
  label: 'Engraving',
  ...extra,
});

describe('<shop-option-form> layout', () => {
  describe('descriptions (spec §9 "Default layout: label and description above")', () => {
    it('shows the description above the input by default, below only with desc_position below', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            text({ elementId: 'a', description: 'Up to 20 letters' }),
            text({ elementId: 'b', description: 'Shown under', desc_position: 'below' }),
          ]),
        ],
      });
      const body = (id: string) => fieldEl(el, id)!.querySelector('.control-body')!;
      expect(body('a').firstElementChild!.className).to.equal('description');
      expect(body('a').querySelector('input')!.getAttribute('aria-describedby')).to.contain(
        body('a').firstElementChild!.id,
      );
      expect(body('b').firstElementChild!.tagName).to.equal('INPUT');
      expect(body('b').querySelector('input + .description')).to.exist;
    });
  });

  describe('input debounce (spec §9 "Input change debounce 100 ms")', () => {
    it('shows what is typed at once and posts it once typing pauses', async () => {
      const { el, form } = await optionForm({ definition: [sectionOf([text({ maxlength: 4 })])] });
      const input = $<HTMLInputElement>(el, 'input')!;
      type(input, 'Ad');
      await new Promise((r) => requestAnimationFrame(r));
      expect(input.value).to.equal('Ad');
      await waitUntil(() => posted(form).some(([k, v]) => k === 'engraving' && v === 'Ad'), 'never posted');
      // The engine's corrections (truncation) replace the typed text once it has taken it.
      type(input, 'Adalovelace');
      await waitUntil(() => input.value === 'Adal', 'the truncation never showed');
    });
  });

  describe('design colours and sizes per field (spec §3)', () => {
    it("sets a field's own colours and sizes on the field (CSSOM), ignoring values that are not", async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'color-group',
              elementId: 'c',
              label: 'Colour',
              values: [{ label: 'Red', value: 'red', color: '#c00' }],
              design: {
                primary_color: 'rebeccapurple',
                border_color: 'url(javascript:alert(1))',
                text_color: 'rgb(1, 2, 3)',
                swatch_size: 40,
                image_size: 'huge',
              },
            },
            text(),
          ]),
        ],
      });
      const field = fieldEl(el, 'c')!;
      expect(field.style.getPropertyValue('--_accent')).to.equal('rebeccapurple');
      expect(field.style.getPropertyValue('--_border-color')).to.equal('');
      expect(field.style.getPropertyValue('--_image')).to.equal('');
      expect(getComputedStyle(field).color).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle($(el, '[data-field-id="c"] .swatch')!).width).to.equal('40px');
      expect(field.hasAttribute('style') && field.getAttribute('style')!.includes('javascript')).to.equal(
        false,
      );
      // Other fields keep the form's look.
      expect(fieldEl(el, 'engraving')!.style.getPropertyValue('--_accent')).to.equal('');
    });
  });

  describe('colour options and luma (spec §9 "Luma thresholds 210 and 235")', () => {
    it('gives colour swatches above luma 210 the light class, above 235 also the lighter one', async () => {
      const grey = (n: number) => ({ label: `Grey ${n}`, value: `g${n}`, color: `rgb(${n}, ${n}, ${n})` });
      const { el } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'color-group',
              elementId: 'c',
              label: 'Colour',
              values: [grey(210), grey(211), grey(235), grey(236), { label: 'White', value: 'white' }],
            },
          ]),
        ],
      });
      const classes = () =>
        $$(el, '[data-field-id="c"] .swatch').map((s) =>
          [...s.classList].filter((c) => c !== 'swatch').join(' '),
        );
      // The swatches with their classes come with the colour chunk.
      await waitUntil(() => classes().some(Boolean), 'no light class', { timeout: 5000 });
      expect(classes()).to.deep.equal([
        '',
        'swatch--light',
        'swatch--light',
        'swatch--light swatch--lighter',
        'swatch--light swatch--lighter',
      ]);
    });
  });

  describe('option_price_format (spec §3 pricing)', () => {
    it('reads option prices as the field says: default, plain, a {price} text, or hidden', async () => {
      const values = [
        { label: 'Gift box', value: 'box', price: 5 },
        { label: 'No card', value: 'none', price: -1.5 },
      ];
      const group = (elementId: string, option_price_format?: string) => ({
        type: 'checkbox-group',
        elementId,
        label: elementId,
        enablePrice: true,
        priceOptions: 'different_for_all',
        values,
        ...(option_price_format === undefined ? {} : { option_price_format }),
      });
      const { el } = await optionForm({
        definition: [
          sectionOf([
            group('standard'),
            group('plain', 'plain'),
            group('text', 'adds {price}'),
            group('hidden', 'hide'),
          ]),
        ],
      });
      const prices = (id: string) =>
        $$(el, `[data-field-id="${id}"] .option-price`).map((p) => p.textContent);
      expect(prices('standard')).to.deep.equal(['(+$5.00)', '(-$1.50)']);
      expect(prices('plain')).to.deep.equal(['$5.00', '-$1.50']);
      expect(prices('text')).to.deep.equal(['adds $5.00', 'adds -$1.50']);
      expect(prices('hidden')).to.deep.equal([]);
    });
  });

  describe('picker_type and color_picker_type (spec §3 layout)', () => {
    it('color_picker_type text: a text box taking a CSS colour with a swatch showing it', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            { type: 'color', elementId: 'ink', label: 'Ink', color_picker_type: 'text' },
            { type: 'color', elementId: 'paper', label: 'Paper' },
          ]),
        ],
      });
      const ink = $<HTMLInputElement>(el, '[data-field-id="ink"] input')!;
      expect(ink.type).to.equal('text');
      expect($<HTMLInputElement>(el, '[data-field-id="paper"] input')!.type).to.equal('color');
      type(ink, 'teal');
      await waitUntil(() => posted(form).some(([k, v]) => k === 'ink' && v === 'teal'), 'never posted');
      await waitUntil(
        () =>
          getComputedStyle($(el, '[data-field-id="ink"] .swatch')!).backgroundColor === 'rgb(0, 128, 128)',
        'the swatch never showed the colour',
      );
    });

    it('picker_type calendar shows the calendar where a native input would do; native the reverse', async function () {
      // The calendar chunk (react-day-picker) is large in a source build on a loaded machine.
      this.timeout(60_000);
      await import('../../../elements/shop-option-form/extras/date-picker.tsx');
      const { el } = await optionForm({
        definition: [
          sectionOf([
            { type: 'date', elementId: 'plain', label: 'Plain' },
            { type: 'date', elementId: 'cal', label: 'Calendar', picker_type: 'calendar' },
            {
              type: 'date',
              elementId: 'nat',
              label: 'Native',
              picker_type: 'native',
              disabled_weekdays: [0],
            },
          ]),
        ],
      });
      await waitUntil(() => $(el, '[data-field-id="cal"] [part="date-button"]'), 'no calendar', {
        timeout: 15000,
      });
      expect($<HTMLInputElement>(el, '[data-field-id="plain"] input')!.type).to.equal('date');
      expect($(el, '[data-field-id="plain"] [part="date-button"]')).to.equal(null);
      const native = $<HTMLInputElement>(el, '[data-field-id="nat"] input')!;
      expect(native.type).to.equal('date');
      expect($(el, '[data-field-id="nat"] [part="date-button"]')).to.equal(null);
    });
  });

  describe('sections: show_title and title_tag (spec §3 Section)', () => {
    it('shows the title in the title_tag heading (h3 otherwise), none with show_title off', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([text({ elementId: 'a' })], { key: 's1', name: 'Engraving', title_tag: 'h5' }),
          sectionOf([text({ elementId: 'b' })], { key: 's2', name: 'Hidden title', show_title: false }),
          sectionOf([text({ elementId: 'c' })], { key: 's3', name: 'Odd tag', title_tag: 'script' }),
        ],
      });
      const title = (key: string) => $(el, `[data-section-key="${key}"] [part="section-title"]`);
      expect(title('s1')!.tagName).to.equal('H5');
      expect(title('s1')!.textContent).to.equal('Engraving');
      expect(title('s2')).to.equal(null);
      expect($(el, '[data-section-key="s2"]')!.textContent).to.not.contain('Hidden title');
      expect(title('s3')!.tagName).to.equal('H3');
    });
  });

  describe('the disable status (spec §4 conditional logic)', () => {
    it('a field whose rule disables it shows disabled and posts nothing until the rule lets go', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            { type: 'checkbox', elementId: 'plain', label: 'No engraving' },
            text({
              value: 'Ada',
              enableCl: true,
              cl_rule: 'disable',
              relations: [{ rules: [{ cl_field: 'plain', cl_relation: 'is_not_empty', cl_val: '' }] }],
            }),
          ]),
        ],
      });
      const input = () => $<HTMLInputElement>(el, '[data-field-id="engraving"] input')!;
      expect(input().disabled).to.equal(false);
      expect(posted(form)).to.deep.include(['engraving', 'Ada']);
      $<HTMLInputElement>(el, '[data-field-id="plain"] input')!.click();
      await waitUntil(() => input().disabled, 'the field never became disabled');
      expect(fieldEl(el, 'engraving')).to.exist;
      expect(posted(form).map(([k]) => k)).to.not.include('engraving');
      $<HTMLInputElement>(el, '[data-field-id="plain"] input')!.click();
      await waitUntil(() => !input().disabled);
      expect(input().value).to.equal('Ada');
      expect(posted(form)).to.deep.include(['engraving', 'Ada']);
    });
  });

  describe('option quantities (spec §3 quantity)', () => {
    const group = (extra: Record<string, unknown>) => ({
      type: 'checkbox-group',
      elementId: 'extras',
      label: 'Extras',
      enable_quantity: true,
      values: [{ label: 'Box', value: 'box', selected: true }],
      ...extra,
    });

    it('uses quantity_label, quantity_step, min and max on the quantity of a chosen option', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            group({ quantity_label: 'How many', quantity_step: 2, min_quantity: 2, max_quantity: 10 }),
          ]),
        ],
      });
      const q = $<HTMLInputElement>(el, '[part="quantity"]')!;
      expect(q.getAttribute('aria-label')).to.equal('How many: Box');
      expect(q.step).to.equal('2');
      expect(q.min).to.equal('2');
      expect(q.max).to.equal('10');
      expect(q.value).to.equal('2');
    });

    it('takes whole quantities unless quantity_decimal allows decimals', async () => {
      const whole = await optionForm({ definition: [sectionOf([group({})])] });
      type($<HTMLInputElement>(whole.el, '[part="quantity"]')!, '2.6');
      await waitUntil(() => posted(whole.form).some(([k, v]) => k === 'extras_quantity[0]' && v === '3'));
      expect($<HTMLInputElement>(whole.el, '[part="quantity"]')!.step).to.equal('1');
      const decimal = await optionForm({ definition: [sectionOf([group({ quantity_decimal: true })])] });
      expect($<HTMLInputElement>(decimal.el, '[part="quantity"]')!.step).to.equal('any');
      type($<HTMLInputElement>(decimal.el, '[part="quantity"]')!, '2.5');
      await waitUntil(() => posted(decimal.form).some(([k, v]) => k === 'extras_quantity[0]' && v === '2.5'));
    });
  });

  describe('upload styles (spec §9 "custom_1 upload style")', () => {
    it('custom_1 (the default) is a dashed drop zone; upload_type default a plain line', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            { type: 'file', elementId: 'f1', label: 'Photo' },
            { type: 'file', elementId: 'f2', label: 'Logo', upload_type: 'default' },
          ]),
        ],
      });
      await waitUntil(() => $(el, '[data-field-id="f2"] [part="upload-drop"]'), 'no upload', {
        timeout: 5000,
      });
      const drop = (id: string) => getComputedStyle($(el, `[data-field-id="${id}"] [part="upload-drop"]`)!);
      expect($(el, '[data-field-id="f1"] [part="upload"]')!.classList.contains('upload--custom_1')).to.equal(
        true,
      );
      expect(drop('f1').borderTopStyle).to.equal('dashed');
      expect(drop('f1').textAlign).to.equal('center');
      expect(drop('f2').borderTopStyle).to.equal('solid');
      expect(drop('f2').display).to.equal('flex');
    });
  });

  describe('accessibility', () => {
    it('passes axe with descriptions above, text colours, light swatches and a disabled field', async () => {
      const { el } = await optionForm({
        definition: [
          sectionOf([
            text({ description: 'Up to 20 letters', cl_rule: 'disable' }),
            { type: 'color', elementId: 'ink', label: 'Ink', color_picker_type: 'text' },
            {
              type: 'color-group',
              elementId: 'c',
              label: 'Colour',
              values: [{ label: 'White', value: 'white' }],
            },
          ]),
        ],
      });
      await expect(el).to.be.accessible();
    });
  });
});
