import { expect, waitUntil } from '@open-wc/testing';
import { $cart } from '../../../shared/cart/store.ts';
import { setPageConfig } from '../../../shared/stores/page-config.ts';
import { injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { $, fieldEl, optionForm, sectionOf, type } from './fixtures.ts';

/**
 * The option form's ajax add against the demo shop (spec §7 "Option-form add to cart"): the
 * `add-to-cart` value added when the form lacks it, the redirect to the cart when the shop says so,
 * redirects followed; and an anonymous visitor (spec §6: nothing here needs a login).
 */
const text = { type: 'text', elementId: 'engraving', label: 'Engraving' };
const pairsOf = async () => {
  const log = await shopLog('wcpa_ajax_add_to_cart');
  return log.map((entry) => JSON.parse(entry.body.__pairs) as Array<[string, string]>);
};

describe('<shop-option-form> ajax add', () => {
  const navigated = useCleanCart();

  it('adds add-to-cart (the product id) when the form has none', async () => {
    const { el, button } = await optionForm(
      { ajax: true, definition: [sectionOf([text])] },
      { attrs: 'product-id="101"' },
    );
    // A theme's button without WooCommerce's name="add-to-cart".
    button.removeAttribute('name');
    type($<HTMLInputElement>(el, 'input')!, 'Ada');
    button.click();
    await waitUntil(async () => (await pairsOf()).length === 1, 'no add', { timeout: 5000 });
    const [pairs] = await pairsOf();
    expect(pairs).to.deep.equal([
      ['engraving', 'Ada'],
      ['quantity', '1'],
      ['add-to-cart', '101'],
    ]);
    await waitUntil(() => $cart.get().count === 1, 'the cart never had the product', { timeout: 5000 });
  });

  it('the product data id stands in when neither the form nor product-id has one', async () => {
    const { button } = await optionForm({
      ajax: true,
      product: { product_id: 102 },
      definition: [sectionOf([text])],
    });
    button.removeAttribute('name');
    button.click();
    await waitUntil(async () => (await pairsOf()).length === 1, 'no add', { timeout: 5000 });
    expect((await pairsOf())[0]).to.deep.include(['add-to-cart', '102']);
  });

  it("goes to the cart after the add when the shop's cart_redirect_after_add is yes", async () => {
    setPageConfig({ cartRedirectAfterAdd: true, cartUrl: '/cart/' });
    const { button } = await optionForm({ ajax: true, definition: [sectionOf([text])] });
    button.click();
    await waitUntil(() => navigated.length === 1, 'never went to the cart', { timeout: 5000 });
    expect(navigated).to.deep.equal(['/cart/']);
    expect(await pairsOf()).to.have.length(1);
  });

  it('stays on the page without it (the view-cart link instead)', async () => {
    const { button } = await optionForm({ ajax: true, definition: [sectionOf([text])] });
    button.click();
    await waitUntil(() => button.nextElementSibling?.classList.contains('added_to_cart'), 'no link', {
      timeout: 5000,
    });
    expect(navigated).to.deep.equal([]);
  });

  it('follows a redirect of the add request (the same POST, answered at the new address)', async () => {
    await injectFault({
      endpoint: 'wcpa_ajax_add_to_cart',
      location: '/?wc-ajax=wcpa_ajax_add_to_cart&via=redirect',
      times: 1,
    });
    const { el, button } = await optionForm({ ajax: true, definition: [sectionOf([text])] });
    type($<HTMLInputElement>(el, 'input')!, 'Moved');
    button.click();
    await waitUntil(() => $cart.get().count === 1, 'the redirected add never reached the cart', {
      timeout: 5000,
    });
    const log = await shopLog('wcpa_ajax_add_to_cart');
    const answered = log.find((entry) => entry.query.via === 'redirect');
    expect(answered, 'the add at the redirected address').to.exist;
    expect(JSON.parse(answered!.body.__pairs)).to.deep.include(['engraving', 'Moved']);
    expect(navigated).to.deep.equal([]);
  });

  it('works for an anonymous visitor: no login, nonce or roles needed', async () => {
    expect(document.body.classList.contains('logged-in')).to.equal(false);
    const { el, button } = await optionForm({
      ajax: true,
      definition: [
        sectionOf([
          text,
          {
            type: 'text',
            elementId: 'members',
            label: 'Members only',
            enableCl: true,
            relations: [{ rules: [{ cl_field: 'user_roles', cl_relation: 'is_not_empty', cl_val: '' }] }],
          },
        ]),
      ],
    });
    expect(fieldEl(el, 'engraving')).to.exist;
    expect(fieldEl(el, 'members')).to.equal(null);
    type($<HTMLInputElement>(el, 'input')!, 'Guest');
    button.click();
    await waitUntil(() => $cart.get().count === 1, 'the anonymous add never reached the cart', {
      timeout: 5000,
    });
    const [entry] = await shopLog('wcpa_ajax_add_to_cart');
    expect(entry.body.engraving).to.equal('Guest');
  });
});
