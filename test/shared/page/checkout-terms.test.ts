import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installCheckoutTerms } from '../../../shared/page/checkout-terms.ts';
import { mount } from './helpers.ts';

/** spec §2 Cart and checkout: checkout terms links open in a lightbox (re-attached after updates). */
const TERMS = `<div class="woocommerce-terms-and-conditions-wrapper"><div class="woocommerce-terms-and-conditions" style="display: none; max-height: 200px; overflow: auto;"><h2>Our terms</h2><p>Be nice.</p></div><p class="form-row validate-required"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox"><input type="checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" name="terms" id="terms"> <span class="woocommerce-terms-and-conditions-checkbox-text">I have read and agree to the website <a href="/terms/" class="woocommerce-terms-and-conditions-link" target="_blank">terms and conditions</a></span></label></p></div>`;

describe('checkout terms', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view?.remove();
  });
  const link = () => view.root.querySelector<HTMLAnchorElement>('.woocommerce-terms-and-conditions-link')!;
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog.checkout-terms-dialog');

  it('the link opens the terms printed on the page in a modal dialog; Escape closes it, focus back', async () => {
    view = mount(TERMS);
    uninstall = installCheckoutTerms(view.root);
    let followed = false;
    const onBody = (event: Event) => {
      followed = !event.defaultPrevented;
    };
    document.body.addEventListener('click', onBody);
    link().focus();
    await sendKeys({ press: 'Enter' });
    document.body.removeEventListener('click', onBody);
    expect(followed).to.equal(false); // checkout.js's toggle on the body does not run either
    const open = dialog()!;
    expect(open.open).to.equal(true);
    expect(open.getAttribute('aria-label')).to.equal('terms and conditions');
    const terms = open.querySelector<HTMLElement>('.woocommerce-terms-and-conditions')!;
    expect(getComputedStyle(terms).display).to.equal('block');
    expect(terms.textContent).to.contain('Be nice.');
    await expect(open).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => dialog() === null, 'closed');
    const back = view.root.querySelector<HTMLElement>('.woocommerce-terms-and-conditions')!;
    expect(back.style.display).to.equal('none');
    expect(back.nextElementSibling?.matches('.form-row')).to.equal(true);
    expect(document.activeElement).to.equal(link());
  });

  it('links printed again after updated_checkout work too (delegated)', async () => {
    view = mount('<div class="payment"></div>');
    uninstall = installCheckoutTerms(view.root);
    view.root.querySelector('.payment')!.innerHTML = TERMS;
    link().click();
    expect(dialog()?.open).to.equal(true);
    dialog()!.querySelector<HTMLButtonElement>('.page-dialog__close')!.click();
    await waitUntil(() => dialog() === null, 'closed');
  });

  it('without the terms on the page, the link is left to go to the terms page', () => {
    view = mount('<a href="#terms-page" class="woocommerce-terms-and-conditions-link">terms</a>');
    uninstall = installCheckoutTerms(view.root);
    let prevented = true;
    view.root.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });
    link().click();
    expect(prevented).to.equal(false);
    expect(dialog()).to.equal(null);
  });
});
