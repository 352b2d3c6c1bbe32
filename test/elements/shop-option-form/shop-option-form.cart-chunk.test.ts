import { expect, waitUntil } from '@open-wc/testing';
import { cartChunk } from '../../../elements/shop-option-form/shop-option-form.lazy.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { optionForm, sectionOf, type } from './fixtures.ts';

/** The ajax add to cart is a lazy chunk (issue 12 size): fetched by ajax forms, never by the others. */
const text = { type: 'text', elementId: 'engraving', label: 'Engraving' };

describe('<shop-option-form> ajax add-to-cart chunk (lazy)', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('an ajax form fetches it when it connects; a form that submits normally never does', async () => {
    let calls = 0;
    restore = cartChunk.setLoader(() => {
      calls++;
      return import('../../../elements/shop-option-form/shop-option-form.cart.ts');
    });
    await optionForm({ definition: [sectionOf([text])] });
    expect(calls).to.equal(0);
    await optionForm({ ajax: true, definition: [sectionOf([text])] });
    await waitUntil(() => calls === 1, 'the ajax form did not fetch the chunk');
  });

  it('when it cannot load, the add is reported once (naming the tag) and the page submits normally with the options', async () => {
    restore = cartChunk.setLoader(() => Promise.reject(new Error('network')));
    const { el, form, button } = await optionForm({ ajax: true, definition: [sectionOf([text])] });
    const sink = document.createElement('iframe');
    sink.name = 'option-form-sink';
    document.body.append(sink);
    form.target = sink.name;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('[data-field-id="engraving"] input')!;
    type(input, 'Ada');
    await waitUntil(() => new FormData(form).get('engraving') === 'Ada', 'not entered');
    const errors = await captureConsoleErrors(async () => {
      const loaded = new Promise((resolve) => sink.addEventListener('load', resolve, { once: true }));
      button.click();
      await loaded;
    });
    expect(sink.contentWindow!.location.pathname).to.equal('/__test-post');
    expect(errors.filter((e) => e.includes('<shop-option-form>'))).to.have.length(1);
    sink.remove();
  });
});
