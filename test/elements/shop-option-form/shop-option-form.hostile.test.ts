import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/shop-option-form/shop-option-form.ts';
import type { ShopOptionFormElement } from '../../../elements/shop-option-form/shop-option-form.ts';
import { captureConsoleErrors, settle } from '../../helpers/elements.ts';
import { engineOf } from './helpers.ts';

/** Options nested `levels` deep: `[{ label, value, options: [{ …, options: [...] }] }]`, built without recursion. */
function nestedOptions(levels: number): unknown[] {
  let options: unknown[] = [{ label: 'Leaf', value: 'leaf' }];
  for (let i = 0; i < levels; i++) options = [{ label: `Level ${i}`, value: `v${i}`, options }];
  return options;
}

/** The same as JSON text, also without recursion (Firefox's JSON.stringify stops at a few thousand levels). */
function nestedOptionsText(levels: number): string {
  let open = '';
  let close = '';
  for (let i = levels - 1; i >= 0; i--) {
    open += `[{"label":"Level ${i}","value":"v${i}","options":`;
    close += '}]';
  }
  return `${open}[{"label":"Leaf","value":"leaf"}]${close}`;
}

const DEEP = 5000;
const fields = (values: unknown[]) => [
  { type: 'text', elementId: 'name', name: 'name', label: 'Name' },
  { type: 'select', elementId: 'deep', name: 'deep', label: 'Deep', values },
];

describe('shop-option-form: options nested 5,000 deep', () => {
  for (const route of ['attribute', 'property'] as const) {
    it(`reports them once through the ${route}, and the element keeps working`, async () => {
      const settings = {
        definition: [{ extra: { key: 'sec_1' }, fields: fields(nestedOptions(DEEP)).map((f) => [f]) }],
        productId: '101',
      };
      const box = await fixture<HTMLElement>(html`<div></div>`);
      const el = document.createElement('shop-option-form') as ShopOptionFormElement;
      const errors = await captureConsoleErrors(async () => {
        if (route === 'attribute') {
          const [name, deep] = fields([]).map((f) => JSON.stringify(f));
          const text = `${deep.slice(0, -3)}${nestedOptionsText(DEEP)}}`;
          el.setAttribute(
            'settings',
            `{"definition":[{"extra":{"key":"sec_1"},"fields":[[${name}],[${text}]]}],"productId":"101"}`,
          );
        } else el.settings = settings as never;
        box.append(el);
        await waitUntil(() => el.shadowRoot?.querySelector('.form'), 'the option form never rendered');
        await settle();
      });
      expect(errors.length, errors.join('\n').slice(0, 600)).to.equal(1);
      expect(errors[0]).to.contain('<shop-option-form>').and.contain('definition');
      expect(el.hasAttribute('data-shop-error'), 'no error fallback').to.equal(false);
      expect(el.settings.productId, 'the other settings are kept').to.equal('101');
    });
  }

  it('the engine given them directly skips the field with one warning, and keeps the rest', () => {
    const engine = engineOf(fields(nestedOptions(DEEP)));
    expect(engine.field('name'), 'the other field is kept').not.to.equal(undefined);
    expect(engine.field('deep')).to.equal(undefined);
    expect(engine.report.some((issue) => issue.elementId === 'deep')).to.equal(true);
  });
});
