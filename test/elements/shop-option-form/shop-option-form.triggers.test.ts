import { expect, waitUntil } from '@open-wc/testing';
import jQuery from 'jquery';
import { atom } from 'nanostores';
import sinon from 'sinon';
import { OptionFormController } from '../../../elements/shop-option-form/shop-option-form.controller.ts';
import { optionFormSettings } from '../../../elements/shop-option-form/shop-option-form.settings.ts';
import { emit } from '../../../shared/events.ts';
import { uniqueTag } from '../../helpers/elements.ts';
import { pageJQuery } from '../../helpers/woocommerce-scripts.ts';
import { $, optionForm, sectionOf, type } from './fixtures.ts';

/** Re-initialisation triggers of spec §2 "Option forms" (issue 12), over the real jQuery. */
const HOST_TAG = uniqueTag('option-form-trigger-host');
class Host extends HTMLElement {
  static formAssociated = true;
  readonly internals = this.attachInternals();
}
customElements.define(HOST_TAG, Host);

const RESPONSES = new URL('./responses/', import.meta.url).pathname;

function setup() {
  const form = document.createElement('form');
  form.className = 'cart';
  form.innerHTML = `<${HOST_TAG}></${HOST_TAG}>`;
  document.body.append(form);
  const host = form.querySelector(HOST_TAG) as Host;
  const definition = [sectionOf([{ type: 'text', elementId: 'engraving', label: 'Engraving' }])];
  const controller = new OptionFormController({
    host,
    internals: host.internals,
    settings$: atom(optionFormSettings.parse({ definition })),
  });
  const reinit = sinon.spy(controller, 'reinit');
  const stop = controller.connect();
  controller.setValue('engraving', 'Ada');
  return {
    controller,
    reinit,
    /** The stop `connect` returned (what the element calls on removal). */
    stop,
    /** The store was rebuilt `count` times and still holds what was entered. */
    expectReinit(count: number) {
      expect(reinit.callCount).to.equal(count);
      expect(controller.store.field('engraving')!.value).to.equal('Ada');
    },
    cleanup() {
      stop();
      form.remove();
    },
  };
}

describe('shop-option-form re-initialisation triggers', () => {
  let removeJQuery: () => void = () => {};
  let t: ReturnType<typeof setup>;
  afterEach(() => {
    t?.cleanup();
    removeJQuery();
    removeJQuery = () => {};
  });

  describe('with jQuery on the page', () => {
    beforeEach(() => {
      removeJQuery = pageJQuery();
      t = setup();
    });

    it('re-initialises on the option-form plugin trigger wcpa_init, on body or document', () => {
      jQuery(document.body).trigger('wcpa_init');
      t.expectReinit(1);
      jQuery(document).trigger('wcpa_init');
      t.expectReinit(2);
    });

    it("re-initialises when the page builder's frontend is ready (elementor/frontend/init on window)", () => {
      jQuery(window).trigger('elementor/frontend/init');
      t.expectReinit(1);
    });

    it('re-initialises when a page-builder popup opens (elementor/popup/show on document)', () => {
      jQuery(document).trigger('elementor/popup/show', [42, {}]);
      t.expectReinit(1);
    });

    it('re-initialises after an ajax response holding the form marker, not after others', async () => {
      await jQuery.get(`${RESPONSES}plain.html`);
      t.expectReinit(0);
      await jQuery.get(`${RESPONSES}quick-view.html`);
      t.expectReinit(1);
    });

    it('hears a native popup event once, though jQuery is there too', () => {
      document.dispatchEvent(new CustomEvent('elementor/popup/show', { bubbles: true, detail: { id: 42 } }));
      t.expectReinit(1);
    });

    it('stops listening when disconnected', () => {
      t.stop();
      jQuery(document.body).trigger('wcpa_init');
      jQuery(window).trigger('elementor/frontend/init');
      window.dispatchEvent(new Event('elementor/popup/show'));
      expect(t.reinit.callCount).to.equal(0);
    });
  });

  describe('without jQuery', () => {
    beforeEach(() => {
      t = setup();
    });

    it('re-initialises on the native events and on shop-option-form-init-request', () => {
      window.dispatchEvent(new Event('elementor/frontend/init'));
      t.expectReinit(1);
      document.body.dispatchEvent(new Event('wcpa_init', { bubbles: true }));
      t.expectReinit(2);
      emit(document, 'shop-option-form-init-request', {});
      t.expectReinit(3);
    });
  });

  it('keeps what the shopper typed in the rendered element across a trigger', async () => {
    removeJQuery = pageJQuery();
    const { el, form } = await optionForm({
      definition: [sectionOf([{ type: 'text', elementId: 'engraving', label: 'Engraving' }])],
    });
    type($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!, 'Grace');
    await waitUntil(() => new FormData(form).get('engraving') === 'Grace', 'not posted');
    jQuery(document).trigger('elementor/popup/show', [7, {}]);
    jQuery(document.body).trigger('wcpa_init');
    await new Promise((r) => setTimeout(r, 50)); // a render, if the trigger caused one
    expect($<HTMLInputElement>(el, '[data-field-id="engraving"] input')!.value).to.equal('Grace');
    expect(new FormData(form).get('engraving')).to.equal('Grace');
  });
});
