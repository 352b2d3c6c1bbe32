import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { $cart } from '../../../shared/cart/store.ts';
import { $product, EMPTY_PRODUCT, setVariant } from '../../../shared/stores/product.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { eachShopMode, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { $, $$, choose, fieldEl, optionForm, posted, sectionOf, type } from './fixtures.ts';

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text',
  elementId: 'engraving',
  label: 'Engraving',
  ...extra,
});

/** Holds a real submit: records whether the option form let it through. */
function trapSubmit(form: HTMLFormElement) {
  const seen: boolean[] = [];
  form.addEventListener('submit', (e) => {
    seen.push(!e.defaultPrevented);
    e.preventDefault();
  });
  return seen;
}

describe('<shop-option-form>', () => {
  describe('rendering', () => {
    it('renders each native field type with its label tied to the input', async () => {
      const types = ['text', 'email', 'url', 'number', 'date', 'datetime-local', 'time', 'color'];
      const { el } = await optionForm({
        definition: [
          sectionOf([
            ...types.map((t) => ({ type: t, elementId: `f-${t}`, label: `Label ${t}` })),
            { type: 'textarea', elementId: 'f-textarea', label: 'Notes', rows: 4 },
            { type: 'checkbox', elementId: 'f-check', label: 'Gift wrap' },
            { type: 'hidden', elementId: 'f-hidden', value: 'secret' },
          ]),
        ],
      });
      // Dates and times arrive as a lazy chunk (issue 13).
      await waitUntil(
        () => $(el, '[data-field-id="f-time"] input'),
        'the date and time inputs never rendered',
      );
      for (const t of types) {
        const input = $<HTMLInputElement>(el, `[data-field-id="f-${t}"] input`)!;
        expect(input.type, t).to.equal(t);
        const label = el.shadowRoot!.querySelector(`label[for="${input.id}"]`)!;
        expect(label.textContent).to.contain(`Label ${t}`);
      }
      expect($<HTMLTextAreaElement>(el, '[data-field-id="f-textarea"] textarea')!.rows).to.equal(4);
      expect($<HTMLInputElement>(el, '[data-field-id="f-check"] input')!.type).to.equal('checkbox');
      expect(fieldEl(el, 'f-hidden')!.hidden).to.equal(true);
    });

    it('renders choice groups in fieldsets with legends, selects with option groups', async () => {
      const values = [
        { label: 'Red', value: 'red', color: '#c00' },
        { label: 'Blue', value: 'blue', color: 'blue' },
      ];
      const { el } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'radio-group',
              elementId: 'r',
              label: 'Finish',
              values: [
                { label: 'Matte', value: 'matte' },
                { label: 'Gloss', value: 'gloss' },
              ],
            },
            {
              type: 'checkbox-group',
              elementId: 'c',
              label: 'Extras',
              values: [
                { label: 'Box', value: 'box' },
                { label: 'Card', value: 'card' },
              ],
            },
            { type: 'color-group', elementId: 'col', label: 'Colour', values },
            {
              type: 'image-group',
              elementId: 'img',
              label: 'Motif',
              values: [{ label: 'Star', value: 'star', image: '/shop-images/beanie-thumb.svg' }],
            },
            {
              type: 'select',
              elementId: 's',
              label: 'Size',
              values: [
                { label: 'Kids', value: 'kids', options: [{ label: 'XS', value: 'xs' }] },
                { label: 'M', value: 'm' },
              ],
            },
            {
              type: 'select',
              elementId: 'sm',
              label: 'Many',
              multiple: true,
              values: [
                { label: 'A', value: 'a' },
                { label: 'B', value: 'b' },
              ],
            },
          ]),
        ],
      });
      expect($(el, '[data-field-id="r"] fieldset legend')!.textContent).to.contain('Finish');
      expect($<HTMLInputElement>(el, '[data-field-id="r"] input')!.name).to.equal('r');
      expect($$<HTMLInputElement>(el, '[data-field-id="r"] input').map((i) => i.type)).to.deep.equal([
        'radio',
        'radio',
      ]);
      expect($$<HTMLInputElement>(el, '[data-field-id="c"] input').map((i) => i.type)).to.deep.equal([
        'checkbox',
        'checkbox',
      ]);
      expect($$(el, '[data-field-id="col"] .swatch')).to.have.length(2);
      expect($<HTMLImageElement>(el, '[data-field-id="img"] img')!.src).to.contain(
        '/shop-images/beanie-thumb.svg',
      );
      expect($(el, '[data-field-id="s"] optgroup')!.getAttribute('label')).to.equal('Kids');
      expect($<HTMLSelectElement>(el, '[data-field-id="sm"] select')!.multiple).to.equal(true);
    });

    it('renders content (sanitised), header and separator without posting them', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            { type: 'header', elementId: 'h', label: 'Personalise', subtype: 'h2' },
            {
              type: 'content',
              elementId: 'ct',
              value:
                '<b>Bold</b><span onclick="window.__pwned=1">x</span><a href="javascript:window.__pwned=1">y</a>',
            },
            { type: 'separator', elementId: 'sep' },
          ]),
        ],
      });
      expect($(el, '[data-field-id="h"] h2')!.textContent).to.equal('Personalise');
      // The content shows once the sanitiser's lazy chunk is here (issue 19).
      await waitUntil(() => $(el, '[data-field-id="ct"] b'), 'the content never showed');
      expect($(el, '[data-field-id="ct"] b')!.textContent).to.equal('Bold');
      expect($(el, '[data-field-id="ct"] [onclick]')).to.equal(null);
      expect($(el, '[data-field-id="ct"] a')?.getAttribute('href') ?? '').not.to.contain('javascript');
      expect($(el, '[data-field-id="sep"] hr')).to.exist;
      expect(posted(form).map(([k]) => k)).to.deep.equal(['quantity']);
    });

    it('lays fields out on the 6-column grid with col, className, label and description positions', async () => {
      const { el } = await optionForm({
        definition: [
          {
            extra: { key: 's1', name: 'Layout' },
            fields: [
              [
                {
                  type: 'text',
                  elementId: 'a',
                  label: 'A',
                  col: 2,
                  className: 'my-class',
                  label_position: 'left',
                },
                {
                  type: 'text',
                  elementId: 'b',
                  label: 'B',
                  col: 4,
                  description: 'Help',
                  desc_position: 'above',
                },
              ],
            ],
          },
        ],
      });
      const row = $(el, '.row')!;
      expect(row.querySelectorAll('.field')).to.have.length(2);
      expect(fieldEl(el, 'a')!.className).to.contain('col-2').and.contain('my-class');
      expect(fieldEl(el, 'b')!.className).to.contain('col-4');
      expect(fieldEl(el, 'a')!.querySelector('.control')!.className).to.contain('label-left');
      const body = fieldEl(el, 'b')!.querySelector('.control-body')!;
      expect(body.firstElementChild!.className).to.equal('description');
      const input = fieldEl(el, 'b')!.querySelector('input')!;
      expect(input.getAttribute('aria-describedby')).to.contain(body.firstElementChild!.id);
    });

    it('renders hostile labels and option texts as text', async () => {
      const evil = '<img src=x onerror="window.__optionXss=1">';
      const { el } = await optionForm({
        definition: [
          sectionOf(
            [
              { type: 'text', elementId: 't', label: evil, description: evil },
              { type: 'radio-group', elementId: 'r', label: evil, values: [{ label: evil, value: 'v' }] },
              { type: 'select', elementId: 's', label: evil, values: [{ label: evil, value: 'v' }] },
            ],
            { name: evil },
          ),
        ],
      });
      expect($$(el, 'img')).to.have.length(0);
      expect($(el, '[data-field-id="t"] label')!.textContent).to.contain(evil);
      expect($(el, '[data-field-id="r"] .option-label')!.textContent).to.equal(evil);
      expect((window as { __optionXss?: number }).__optionXss).to.equal(undefined);
    });
  });

  describe('form association', () => {
    it('posts the chosen options with the host form in the engine format', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            text(),
            {
              type: 'checkbox-group',
              elementId: 'extras',
              values: [
                { label: 'Box', value: 'box' },
                { label: 'Card', value: 'card' },
              ],
            },
          ]),
        ],
      });
      type($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!, 'Ada');
      for (const box of $$<HTMLInputElement>(el, '[data-field-id="extras"] input')) box.click();
      await waitUntil(() => posted(form).length === 4);
      expect(posted(form)).to.deep.equal([
        ['engraving', 'Ada'],
        ['extras[]', 'box'],
        ['extras[]', 'card'],
        ['quantity', '1'],
      ]);
    });

    it('makes the host form invalid while a blocking error remains', async () => {
      const { el, form } = await optionForm({ definition: [sectionOf([text({ required: true })])] });
      expect(form.checkValidity()).to.equal(false);
      expect(el.validity!.customError).to.equal(true);
      type($<HTMLInputElement>(el, 'input')!, 'x');
      // Typed text reaches the engine after the 100 ms input debounce (spec §9).
      await waitUntil(() => form.checkValidity(), 'the form never became valid');
    });

    it('reads the definition from a child JSON script and from the holder data attribute', async () => {
      const { el } = await optionForm({});
      el.setAttribute(
        'data-option-form',
        JSON.stringify({ definition: [sectionOf([text({ label: 'From data' })])] }),
      );
      await waitUntil(() => $(el, 'label')?.textContent?.includes('From data'));
      el.removeAttribute('data-option-form');
      const script = document.createElement('script');
      script.type = 'application/json';
      script.textContent = JSON.stringify({ definition: [sectionOf([text({ label: 'From script' })])] });
      el.append(script);
      await waitUntil(() => $(el, 'label')?.textContent?.includes('From script'));
    });
  });

  describe('validation', () => {
    it('shows errors on blur only, for visible fields, tied to the input', async () => {
      const { el } = await optionForm({ definition: [sectionOf([text({ required: true })])] });
      const input = $<HTMLInputElement>(el, 'input')!;
      expect($(el, '.error')).to.equal(null);
      input.focus();
      input.blur();
      await waitUntil(() => $(el, '.error'));
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-required')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.contain($(el, '.errors')!.id);
    });

    it('shows and announces a correction (truncation) at once', async () => {
      const { el } = await optionForm({ definition: [sectionOf([text({ maxlength: 3 })])] });
      const input = $<HTMLInputElement>(el, 'input')!;
      type(input, 'abcdef');
      await waitUntil(() => input.value === 'abc');
      await waitUntil(() => $(el, '.error'));
      await waitUntil(() => currentAnnouncement().startsWith('Engraving:'));
    });

    it('shows the character counter tied to the input', async () => {
      const { el } = await optionForm({ definition: [sectionOf([text({ maxlength: 10, charleft: true })])] });
      const input = $<HTMLInputElement>(el, 'input')!;
      type(input, 'abc');
      await waitUntil(() => $(el, '.counter')?.textContent === '7 characters left');
      expect(input.getAttribute('aria-describedby')).to.contain($(el, '.counter')!.id);
    });
  });

  describe('submission', () => {
    it('intercepts the first submit: errors, form error line, focus on the first invalid field', async () => {
      const { el, form, button } = await optionForm({
        definition: [sectionOf([text(), text({ elementId: 'name', label: 'Name', required: true })])],
      });
      const seen = trapSubmit(form);
      button.click();
      await waitUntil(() => $(el, '.form-error')?.textContent === 'Fix the errors shown above');
      await waitUntil(
        () => el.shadowRoot!.activeElement === $(el, '[data-field-id="name"] input'),
        'the first invalid field never took focus',
        { timeout: 3000 },
      );
      expect(seen.filter(Boolean)).to.have.length(0);
      expect($(el, '[data-field-id="name"] .error')).to.exist;
      expect($(el, '[data-field-id="engraving"] .error')).to.equal(null);
    });

    it('intercepts the submit of a novalidate form too', async () => {
      const { el, form, button } = await optionForm(
        { definition: [sectionOf([text({ required: true })])] },
        { novalidate: true },
      );
      const seen = trapSubmit(form);
      button.click();
      await waitUntil(() => seen.length === 1);
      expect(seen[0]).to.equal(false);
      await waitUntil(() => ($(el, '.form-error')?.textContent ?? '') !== '');
    });

    it('lets a valid form submit normally, marking the button as loading until pageshow', async () => {
      const { el, form, button } = await optionForm({ definition: [sectionOf([text({ required: true })])] });
      const seen = trapSubmit(form);
      type($<HTMLInputElement>(el, 'input')!, 'Ada');
      await waitUntil(() => form.checkValidity(), 'the typed value never made the form valid');
      button.click();
      await waitUntil(() => seen.length === 1);
      expect(seen[0]).to.equal(true);
      expect(button.classList.contains('loading')).to.equal(true);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      expect(button.classList.contains('loading')).to.equal(false);
    });
  });

  describe('sections', () => {
    it('renders accordions as APG headers with regions; keys move between headers', async () => {
      const { el } = await optionForm({
        definition: {
          sections: [
            { extra: { key: 'a', name: 'First', layout_option: 'accordion' }, fields: [[text()]] },
            {
              extra: { key: 'b', name: 'Second', layout_option: 'accordion', accordionOpen: 'closed' },
              fields: [[text({ elementId: 'x' })]],
            },
          ],
          settings: { accordion_auto_close: true },
        },
      });
      const [first, second] = $$<HTMLButtonElement>(el, 'button.section-toggle');
      expect(first.getAttribute('aria-expanded')).to.equal('true');
      expect(second.getAttribute('aria-expanded')).to.equal('false');
      const region = el.shadowRoot!.getElementById(second.getAttribute('aria-controls')!)!;
      expect(region.localName).to.equal('section');
      expect(region.getAttribute('aria-labelledby')).to.equal(second.id);
      expect(region.hidden).to.equal(true);
      second.click();
      await waitUntil(() => second.getAttribute('aria-expanded') === 'true');
      // auto-close
      expect(first.getAttribute('aria-expanded')).to.equal('false');
      first.focus();
      await sendKeys({ press: 'ArrowDown' });
      expect(el.shadowRoot!.activeElement).to.equal(second);
      await sendKeys({ press: 'Home' });
      expect(el.shadowRoot!.activeElement).to.equal(first);
    });
  });

  describe('price summary', () => {
    it('shows the total in the shop money format and announces changes politely', async () => {
      const { el } = await optionForm({
        product: { product_price: 10 },
        definition: [sectionOf([text({ enablePrice: true, pricingType: 'per_car', price: 2 })])],
      });
      expect($(el, '.summary-row--total dd')!.textContent).to.equal('$10.00');
      type($<HTMLInputElement>(el, 'input')!, 'abc');
      await waitUntil(() => $(el, '.summary-row--total dd')?.textContent === '$16.00');
      await waitUntil(() => currentAnnouncement() === 'Total: $16.00');
    });
  });

  describe('settings', () => {
    it('warns about a bad form setting by elementId and keeps the rest working', async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
      try {
        const errors = await captureConsoleErrors(async () => {
          const { el } = await optionForm({
            definition: [sectionOf([text({ maxlength: 'lots' }), { type: 'bogus', elementId: 'b' }])],
          });
          expect($(el, '[data-field-id="engraving"] input')).to.exist;
        });
        expect(errors).to.deep.equal([]);
      } finally {
        console.warn = warn;
      }
      expect(
        warnings.some((w) => w.includes('<shop-option-form>') || w.includes('shop-option-form')),
      ).to.equal(true);
      expect(warnings.some((w) => w.includes('engraving.maxlength'))).to.equal(true);
    });
  });

  describe('accessibility', () => {
    it('passes axe with every native field type', async () => {
      const { form } = await optionForm({
        definition: [
          sectionOf([
            text({ required: true, description: 'Up to 10 letters', maxlength: 10, charleft: true }),
            { type: 'number', elementId: 'n', label: 'Count' },
            { type: 'textarea', elementId: 'ta', label: 'Notes' },
            { type: 'checkbox', elementId: 'cb', label: 'Gift' },
            {
              type: 'radio-group',
              elementId: 'r',
              label: 'Finish',
              required: true,
              values: [{ label: 'Matte', value: 'm' }],
            },
            {
              type: 'color-group',
              elementId: 'cg',
              label: 'Colour',
              values: [{ label: 'Red', value: 'red' }],
            },
            {
              type: 'select',
              elementId: 's',
              label: 'Size',
              values: [{ label: 'S', value: 's' }],
              other: true,
            },
            { type: 'header', elementId: 'h', label: 'Heading' },
          ]),
        ],
      });
      await expect(form).to.be.accessible();
    });
  });

  describe('choices', () => {
    it('select with other option shows a text box and posts the WCPA marker', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'select',
              elementId: 's',
              label: 'Size',
              other: true,
              values: [{ label: 'S', value: 's' }],
            },
          ]),
        ],
      });
      choose($<HTMLSelectElement>(el, 'select')!, '__other__');
      await waitUntil(() => $<HTMLInputElement>(el, '.other-text'));
      type($<HTMLInputElement>(el, '.other-text')!, 'XXL');
      await waitUntil(() => posted(form).some(([k, v]) => k === 's' && v === 'WCPAOTH XXL'));
    });
  });

  // Against both shop manners (issue 11): the unkind shop answers with Flatsome's mini-cart lines
  // and a theme snippet's integer fragment, as a real shop does.
  eachShopMode('network', (mode) => {
    const navigated = useCleanCart();

    it('adds by ajax to wcpa_ajax_add_to_cart with the options, updates $cart and shows the view-cart link', async () => {
      const { el, button } = await optionForm({
        ajax: true,
        definition: [
          sectionOf([
            text(),
            {
              type: 'checkbox-group',
              elementId: 'extras',
              values: [
                { label: 'Box', value: 'box' },
                { label: 'Card', value: 'card' },
              ],
            },
          ]),
        ],
      });
      type($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!, 'Ada');
      for (const box of $$<HTMLInputElement>(el, '[data-field-id="extras"] input')) box.click();
      button.click();
      await waitUntil(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 5000,
      });
      const [entry] = await shopLog('wcpa_ajax_add_to_cart');
      expect(JSON.parse(entry.body.__pairs)).to.deep.equal([
        ['engraving', 'Ada'],
        ['extras[]', 'box'],
        ['extras[]', 'card'],
        ['quantity', '1'],
        ['add-to-cart', '101'],
      ]);
      await waitUntil(() => $cart.get().count === 1, 'the cart never had the product', { timeout: 5000 });
      await waitUntil(() => button.nextElementSibling?.classList.contains('added_to_cart'));
      expect(navigated).to.deep.equal([]);
    });

    it('keeps every value when the add fails', async () => {
      await injectFault({ endpoint: 'wcpa_ajax_add_to_cart', status: 500 });
      const { el, button, form } = await optionForm({ ajax: true, definition: [sectionOf([text()])] });
      type($<HTMLInputElement>(el, 'input')!, 'Keep');
      button.click();
      await waitUntil(
        () =>
          currentAnnouncement() === 'Sorry, the product could not be added to the cart. Please try again.',
        'no failure announced',
        { timeout: 5000 },
      );
      expect($<HTMLInputElement>(el, 'input')!.value).to.equal('Keep');
      expect(posted(form)).to.deep.include(['engraving', 'Keep']);
      expect(button.classList.contains('loading')).to.equal(false);
    });

    if (mode === 'unkind')
      it('a slow add (6 s, longer than the page time-out) is not reported as failed and lands', async function () {
        this.timeout(20000);
        const slow = (slowAddMs: number) =>
          fetch('/__shop/mode', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ mode: 'unkind', slowAddMs }),
          });
        await slow(6000);
        try {
          const { button } = await optionForm({ ajax: true, definition: [sectionOf([text()])] });
          button.click();
          await waitUntil(() => $cart.get().count === 1, 'the slow add never reached the cart', {
            timeout: 15000,
          });
          expect(currentAnnouncement()).not.to.contain('could not be added');
          await waitUntil(() => button.nextElementSibling?.classList.contains('added_to_cart'));
          expect(navigated).to.deep.equal([]);
        } finally {
          await slow(0);
        }
      });

    it('follows product_url when the shop answers with an error', async () => {
      const { button } = await optionForm({
        ajax: true,
        productId: '999999',
        definition: [sectionOf([text()])],
      });
      button.value = '999999';
      button.click();
      await waitUntil(() => navigated.length === 1, 'no navigation', { timeout: 5000 });
      expect(navigated[0]).to.contain('/shop/');
    });
  });

  describe('repeaters', () => {
    it('adds and removes field clones up to repeater_max, with their labels', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([text({ repeater: true, repeater_max: 2, repeater_add_label: 'Add a line' })]),
        ],
      });
      const add = $<HTMLButtonElement>(el, '[part="add-button"]')!;
      expect(add.textContent).to.equal('Add a line');
      add.click();
      await waitUntil(() => fieldEl(el, 'engraving_cl_1'));
      expect($(el, '[part="add-button"]')).to.equal(null);
      type($<HTMLInputElement>(el, '[data-field-id="engraving_cl_1"] input')!, 'Two');
      await waitUntil(() => posted(form).some(([k]) => k === 'engraving_cl[1]'));
      $<HTMLButtonElement>(el, '[data-field-id="engraving_cl_1"] [part="remove-button"]')!.click();
      await waitUntil(() => !fieldEl(el, 'engraving_cl_1'));
    });

    it('a repeater bound to the quantity follows the host form quantity', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([text({ repeater: true, repeater_bind: 'quantity' })])],
      });
      expect($(el, '[part="add-button"]')).to.equal(null);
      const quantity = form.querySelector<HTMLInputElement>('input[name="quantity"]')!;
      quantity.value = '3';
      quantity.dispatchEvent(new Event('input', { bubbles: true }));
      await waitUntil(() => fieldEl(el, 'engraving_cl_2'));
    });

    it('adds and removes section clones', async () => {
      const { el } = await optionForm({
        definition: [{ extra: { key: 'sec', name: 'Person', repeater: true }, fields: [[text()]] }],
      });
      $<HTMLButtonElement>(el, '[data-section-key="sec"] > .section-body > [part="add-button"]')!.click();
      await waitUntil(() => $(el, '[data-section-key="sec_cl_1"]'));
      $<HTMLButtonElement>(el, '[data-section-key="sec_cl_1"] [part="remove-button"]')!.click();
      await waitUntil(() => !$(el, '[data-section-key="sec_cl_1"]'));
    });
  });

  describe('conditions and extras', () => {
    it('shows a conditional field when its rule holds (hidden fields are not posted)', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'select',
              elementId: 'size',
              label: 'Size',
              values: [
                { label: 'M', value: 'm' },
                { label: 'XL', value: 'xl' },
              ],
            },
            text({
              elementId: 'extra',
              label: 'Extra',
              value: 'x',
              enableCl: true,
              relations: [{ rules: [{ cl_field: 'size', cl_relation: 'is', cl_val: 'xl' }] }],
            }),
          ]),
        ],
      });
      expect(fieldEl(el, 'extra')).to.equal(null);
      expect(posted(form).some(([k]) => k === 'extra')).to.equal(false);
      choose($<HTMLSelectElement>(el, 'select')!, 'xl');
      await waitUntil(() => fieldEl(el, 'extra'));
      expect(posted(form)).to.deep.include(['extra', 'x']);
    });

    it('quantity per option, clear selection and out-of-stock options', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'checkbox-group',
              elementId: 'c',
              label: 'Packs',
              enable_quantity: true,
              enableClearSelection: true,
              values: [
                { label: 'A', value: 'a' },
                { label: 'B', value: 'b', stock_status: 'outofstock' },
              ],
            },
          ]),
        ],
      });
      const [a, b] = $$<HTMLInputElement>(el, '[data-field-id="c"] input.check');
      expect(b.disabled).to.equal(true);
      expect($(el, '.option-stock')!.textContent).to.contain('out of stock');
      a.click();
      const q = await waitUntil(() => $<HTMLInputElement>(el, '[part="quantity"]')).then(
        () => $<HTMLInputElement>(el, '[part="quantity"]')!,
      );
      expect(q.getAttribute('aria-label')).to.contain('A');
      type(q, '2');
      await waitUntil(() => posted(form).some(([k, v]) => k === 'c_quantity[0]' && v === '2'));
      $<HTMLButtonElement>(el, '[part="clear-button"]')!.click();
      await waitUntil(() => !posted(form).some(([k]) => k === 'c[]'));
    });

    it('shows group rule errors in a groupValidation field only', async () => {
      const { el, button } = await optionForm({
        definition: [
          {
            extra: {
              key: 's',
              name: 'Pick',
              form_rules: [{ validationType: 'optionsCount', fields: ['c'], min: 2 }],
            },
            fields: [
              [
                {
                  type: 'checkbox-group',
                  elementId: 'c',
                  label: 'C',
                  values: [
                    { label: 'A', value: 'a' },
                    { label: 'B', value: 'b' },
                  ],
                },
              ],
              [{ type: 'groupValidation', elementId: 'gv' }],
            ],
          },
        ],
      });
      $<HTMLInputElement>(el, '[data-field-id="c"] input')!.click();
      button.click();
      await waitUntil(() => $(el, '[data-field-id="gv"] .error'), 'no group error', { timeout: 3000 });
      expect($$(el, '.group-errors')).to.have.length(1);
    });
  });

  describe('variations', () => {
    afterEach(() => $product.set({ ...EMPTY_PRODUCT }));

    it('a variation change from $product updates the prices shown; reset restores them', async () => {
      $product.set({ ...EMPTY_PRODUCT, id: '201', price: 40, basePrice: 40 });
      const { el } = await optionForm({
        product: { product_price: 40 },
        definition: [
          sectionOf([text({ enablePrice: true, pricingType: 'percentage', price: 10, value: 'x' })]),
        ],
      });
      await waitUntil(() => $(el, '.summary-row--total dd')?.textContent === '$44.00');
      setVariant({ variationId: '20101', price: 50 });
      await waitUntil(() => $(el, '.summary-row--total dd')?.textContent === '$55.00');
      setVariant(null, 'reset');
      await waitUntil(() => $(el, '.summary-row--total dd')?.textContent === '$44.00');
    });
  });

  describe('accordion modes', () => {
    it('all_closed closes every section; auto-open-next opens the next once the last field is answered', async () => {
      const { el } = await optionForm({
        definition: {
          sections: [
            { extra: { key: 'a', name: 'A' }, fields: [[text()]] },
            { extra: { key: 'b', name: 'B' }, fields: [[text({ elementId: 'y' })]] },
          ],
          settings: { accordion_mode: 'all_closed', accordion_auto_open_next: true },
        },
      });
      const [a, b] = $$<HTMLButtonElement>(el, 'button.section-toggle');
      expect([a.getAttribute('aria-expanded'), b.getAttribute('aria-expanded')]).to.deep.equal([
        'false',
        'false',
      ]);
      a.click();
      await waitUntil(() => a.getAttribute('aria-expanded') === 'true');
      type($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!, 'done');
      await waitUntil(() => b.getAttribute('aria-expanded') === 'true');
    });

    it('all_opened opens sections marked closed', async () => {
      const { el } = await optionForm({
        definition: {
          sections: [{ extra: { key: 'a', name: 'A', accordionOpen: 'closed' }, fields: [[text()]] }],
          settings: { accordion_mode: 'all_opened' },
        },
      });
      expect($(el, 'button.section-toggle')!.getAttribute('aria-expanded')).to.equal('true');
    });
  });

  describe('tooltip', () => {
    it('describes its button, shows on focus, hides on Escape and after leaving', async () => {
      const { el } = await optionForm({
        definition: [sectionOf([text({ tooltip: '<b>Up to 20 letters</b>' })])],
      });
      const button = $<HTMLButtonElement>(el, '[part="tooltip-button"]')!;
      const tip = $(el, '[role="tooltip"]')!;
      expect(button.getAttribute('aria-describedby')).to.equal(tip.id);
      expect(button.getAttribute('aria-label')).to.equal('About Engraving');
      expect(tip.textContent).to.equal('<b>Up to 20 letters</b>');
      expect(tip.hidden).to.equal(true);
      button.focus();
      await waitUntil(() => !tip.hidden);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => tip.hidden);
      button.blur();
      button.focus();
      await waitUntil(() => !tip.hidden);
      button.blur();
      await waitUntil(() => tip.hidden, 'the tooltip never hid after focus left');
    });
  });

  describe('linked products and design', () => {
    it('renders a productGroup with images, prices and per-product quantities, posted in the engine format', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            {
              type: 'productGroup',
              elementId: 'pg',
              label: 'Add a belt',
              enablePrice: true,
              priceOptions: 'different_for_all',
              enable_quantity: true,
              values: [
                { label: 'Belt', value: '104', price: 65, productImage: '/shop-images/belt-thumb.svg' },
              ],
            },
          ]),
        ],
      });
      expect($(el, '[data-field-id="pg"] legend')!.textContent).to.contain('Add a belt');
      expect($<HTMLImageElement>(el, '[data-field-id="pg"] img')!.src).to.contain('belt-thumb.svg');
      expect($(el, '[data-field-id="pg"] .option-price')!.textContent).to.equal('(+$65.00)');
      $<HTMLInputElement>(el, '[data-field-id="pg"] input.check')!.click();
      await waitUntil(() => $(el, '[data-field-id="pg"] [part="quantity"]'));
      type($<HTMLInputElement>(el, '[data-field-id="pg"] [part="quantity"]')!, '2');
      await waitUntil(() => posted(form).some(([k, v]) => k === 'pg_quantity[0]' && v === '2'));
      expect(posted(form)).to.deep.include(['pg[]', '104']);
    });

    it('sets the design colours of the config as knobs, ignoring values that are not colours', async () => {
      const { el } = await optionForm({
        config: { design: { primary_color: 'rebeccapurple', border_color: 'url(javascript:alert(1))' } },
        definition: [sectionOf([text()])],
      });
      // On the host as the form's own knobs (a field's `design` sets the same on the field).
      await waitUntil(() => el.style.getPropertyValue('--_accent') === 'rebeccapurple');
      expect(getComputedStyle($(el, '.form')!).getPropertyValue('--_accent').trim()).to.equal(
        'rebeccapurple',
      );
      expect(el.style.getPropertyValue('--_border-color')).to.equal('');
    });
  });

  describe('summary lines', () => {
    it('shows fee, discount, suffix and the section price; hides zero lines when the money format says so', async () => {
      const { el } = await optionForm({
        product: { product_price: 10 },
        config: {
          discount: { percentage: 10 },
          price_suffix: 'incl. {price_including_tax}',
          tax_rate: 20,
          money: { hideZero: true },
        },
        definition: [
          sectionOf(
            [
              text({ enablePrice: true, price: 5, value: 'x' }),
              {
                type: 'checkbox',
                elementId: 'fee',
                label: 'Fee',
                values: [{ label: 'Express', value: 'e', selected: true }],
                enablePrice: true,
                price: 3,
                use_as_fee: true,
              },
            ],
            { showPrice: true, layout_option: 'accordion' },
          ),
        ],
      });
      const rows = () =>
        $$(el, '.summary-row').map((r) => r.className.replace('summary-row summary-row--', ''));
      expect(rows()).to.include.members(['options-total', 'fee', 'discount', 'total']);
      expect($(el, '.summary-row--discount dd')!.textContent).to.contain('0.50');
      expect($(el, '.suffix')!.textContent).to.contain('incl. $');
      expect($(el, '.section-price')!.textContent).to.contain('$');
      type($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!, '');
      await waitUntil(() => !rows().includes('options-total'), 'the zero options total still shows');
    });
  });
});
