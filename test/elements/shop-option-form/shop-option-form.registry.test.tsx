import { expect, waitUntil } from '@open-wc/testing';
import type {
  FieldType,
  FieldViewProps,
} from '../../../elements/shop-option-form/shop-option-form.registry.ts';
import { registerLazyFieldType } from '../../../elements/shop-option-form/shop-option-form.registry.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { $, fieldEl, optionForm, sectionOf } from './fixtures.ts';

/** The lazy field-type seam (issue 13): an extra's code arrives only when a form shows its type. */
function Fake({ inputId, describedBy }: FieldViewProps) {
  return <input id={inputId} className="fake-place" aria-describedby={describedBy} />;
}

function deferred() {
  let resolve!: (entry: FieldType) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<FieldType>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const place = { type: 'placeselector', elementId: 'where', label: 'Delivery address' };

describe('<shop-option-form> lazy field types', () => {
  it('loads a type only when a form shows it, busy until then, then renders its view', async () => {
    const chunk = deferred();
    let loads = 0;
    registerLazyFieldType('placeselector', () => {
      loads++;
      return chunk.promise;
    });
    const plain = await optionForm({
      definition: [sectionOf([{ type: 'text', elementId: 'a', label: 'A' }])],
    });
    expect(loads).to.equal(0);
    plain.form.remove();

    const { el } = await optionForm({ definition: [sectionOf([place, { ...place, elementId: 'there' }])] });
    expect(loads).to.equal(1);
    expect(fieldEl(el, 'where')!.getAttribute('aria-busy')).to.equal('true');
    expect(fieldEl(el, 'where')!.textContent).to.contain('Delivery address');
    chunk.resolve({ view: Fake });
    await waitUntil(
      () => $(el, '[data-field-id="there"] input.fake-place'),
      'the loaded view never rendered',
    );
    expect(fieldEl(el, 'where')!.hasAttribute('aria-busy')).to.equal(false);
    const input = $<HTMLInputElement>(el, '[data-field-id="where"] input')!;
    expect($(el, `label[for="${input.id}"]`)!.textContent).to.contain('Delivery address');
    expect(loads).to.equal(1);
  });

  it('a failed chunk is reported once, naming the tag and type; the rest of the form works', async () => {
    const chunk = deferred();
    registerLazyFieldType('placeselector', () => chunk.promise);
    const errors = await captureConsoleErrors(async () => {
      const { el } = await optionForm({
        definition: [sectionOf([place, { type: 'text', elementId: 'name', label: 'Name' }])],
      });
      chunk.reject(new TypeError('Failed to fetch dynamically imported module'));
      await waitUntil(() => $(el, '[data-field-id="where"] [role="alert"]'), 'no notice for the failed type');
      expect(fieldEl(el, 'where')!.textContent).to.contain('This option could not be loaded');
      expect($(el, '[data-field-id="name"] input')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });
    expect(
      errors.filter((e) => e.includes('<shop-option-form>') && e.includes('"placeselector"')),
    ).to.have.length(1);
  });

  it('a chunk that gives no view is a failure too (ChunkLoadError missing)', async () => {
    registerLazyFieldType('placeselector', () => Promise.resolve({} as FieldType));
    const errors = await captureConsoleErrors(async () => {
      const { el } = await optionForm({ definition: [sectionOf([place])] });
      await waitUntil(() => $(el, '[data-field-id="where"] [role="alert"]'), 'no notice for the failed type');
    });
    expect(errors.join('\n')).to.contain('ChunkLoadError');
  });
});
