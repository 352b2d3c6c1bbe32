import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installQuantityButtons } from '../../../shared/page/quantity-buttons.ts';
import { installBuyNow, installStickyAddToCart } from '../../../shared/page/sticky-add-to-cart.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames, resizeViewport } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Single product page: the sticky add-to-cart bar and buy-now; §8 buy-now on a disabled variation. */
const qty = (max = '') =>
  `<div class="quantity"><label class="screen-reader-text" for="quantity_5">Hoodie quantity</label><input type="number" id="quantity_5" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" max="${max}" step="1" inputmode="numeric"></div>`;
const SIMPLE = `<div class="spacer" id="above"></div><div class="product"><div class="summary entry-summary"><h1 class="product_title entry-title">Hoodie</h1>
<form class="cart" action="/product/hoodie/" method="post">${qty('9')}<button type="submit" name="add-to-cart" value="5" class="single_add_to_cart_button button alt">Add to cart</button></form>
</div><div class="spacer"></div></div>`;
const VARIABLE = `<div class="product"><div class="summary entry-summary"><h1 class="product_title entry-title">Cap</h1>
<form class="variations_form cart" action="/product/cap/" method="post" data-product_id="7">
<table class="variations" role="presentation"><tbody><tr><th class="label"><label for="pa_color">Color</label></th><td class="value"><select id="pa_color" name="attribute_pa_color"><option value="">Choose an option</option><option value="blue">Blue</option></select></td></tr></tbody></table>
<div class="single_variation_wrap"><div class="woocommerce-variation-add-to-cart variations_button">${qty()}<button type="submit" class="single_add_to_cart_button button alt disabled wc-variation-selection-needed">Add to cart</button><button type="submit" name="buy-now" value="7" class="buy-now button">Buy now</button></div></div>
</form></div><div class="spacer"></div></div>`;

async function until(check: () => boolean, max = 120): Promise<boolean> {
  for (let i = 0; i < max && !check(); i++) await frames(1);
  return check();
}

describe('sticky add-to-cart bar', () => {
  let view: ReturnType<typeof mount>;
  let stops: (() => void)[] = [];
  before(() => resizeViewport({ width: 800, height: 600 }));
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const render = (markup: string, above = 0) => {
    view = mount(markup);
    const spacers = view.root.querySelectorAll<HTMLElement>('.spacer');
    for (const spacer of spacers) spacer.style.height = '2000px';
    const first = view.root.querySelector<HTMLElement>('#above');
    if (first) first.style.height = `${above}px`;
  };
  const bar = () => view.root.querySelector<HTMLElement>('.sticky-add-to-cart')!;
  const main = () => view.root.querySelector<HTMLElement>('form .single_add_to_cart_button')!;
  const mainQty = () => view.root.querySelector<HTMLInputElement>('form input.qty')!;
  const barQty = () => bar().querySelector<HTMLInputElement>('input.qty')!;
  const scrollBy = (top: number) => window.scrollTo({ top, behavior: 'instant' });

  it('appears once the main button has scrolled out above, not before', async () => {
    render(SIMPLE);
    stops.push(installStickyAddToCart(view.root));
    expect(bar().getAttribute('role')).to.equal('region');
    expect(bar().getAttribute('aria-label')).to.equal('Hoodie');
    await frames(3);
    expect(visible(bar())).to.equal(false);
    scrollBy(main().getBoundingClientRect().bottom + window.scrollY + 50);
    expect(await until(() => visible(bar()))).to.equal(true);
    expect(bar().classList.contains('sticky-add-to-cart--active')).to.equal(true);
    await expect(bar()).to.be.accessible();
    scrollBy(0);
    expect(await until(() => !visible(bar()))).to.equal(true);
  });

  it('stays hidden while the main button is still below the viewport', async () => {
    render(SIMPLE, 3000);
    stops.push(installStickyAddToCart(view.root));
    expect(main().getBoundingClientRect().top).to.be.above(window.innerHeight);
    await frames(5);
    expect(visible(bar())).to.equal(false);
  });

  it('keeps its quantity and the main one equal, both ways', async () => {
    render(SIMPLE);
    stops.push(installQuantityButtons(view.root), installStickyAddToCart(view.root));
    await frames(1);
    expect(barQty().value).to.equal('1');
    expect(barQty().getAttribute('max')).to.equal('9');
    expect(barQty().name).to.equal('');
    const changes: string[] = [];
    mainQty().addEventListener('change', () => changes.push(mainQty().value));
    bar().querySelector<HTMLElement>('.plus')!.click();
    expect(barQty().value).to.equal('2');
    expect(mainQty().value).to.equal('2');
    expect(changes).to.deep.equal(['2']);
    mainQty().value = '5';
    mainQty().dispatchEvent(new Event('change', { bubbles: true }));
    expect(barQty().value).to.equal('5');
  });

  it('its add-to-cart button presses the main one', async () => {
    render(SIMPLE);
    stops.push(installStickyAddToCart(view.root));
    const form = view.root.querySelector('form')!;
    let submitted: string | null = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = new FormData(form).get('quantity') as string;
    });
    barQty().value = '3';
    barQty().dispatchEvent(new Event('input', { bubbles: true }));
    bar().querySelector<HTMLButtonElement>('button.single_add_to_cart_button')!.click();
    expect(submitted).to.equal('3');
  });

  it('a variable product gets a select-options button that scrolls to the variation form over 1000 ms', async () => {
    render(VARIABLE);
    const clock = fakeClock();
    stops.push(installStickyAddToCart(view.root, { clock, reducedMotion: false }));
    const form = view.root.querySelector<HTMLElement>('form.variations_form')!;
    scrollBy(form.getBoundingClientRect().bottom + window.scrollY + 400);
    expect(await until(() => visible(bar()))).to.equal(true);
    const button = bar().querySelector<HTMLButtonElement>('.sticky-add-to-cart-select-options-button')!;
    expect(button.textContent).to.equal('Select options');
    // The page stays where the test put it: a plain focus() scrolls the bar's button into view,
    // and WebKit may do that after the click has read the scroll position.
    button.focus({ preventScroll: true });
    const before = `scrollY ${window.scrollY}, form top ${form.getBoundingClientRect().top}`;
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement).to.equal(view.root.querySelector('#pa_color'));
    const start = window.scrollY;
    clock.tick(500);
    // Where it was, so that a failure says why (once, in WebKit, the form was 322 px below the top here).
    const at = `${before}; at Enter ${start}; after 500 ms ${window.scrollY}`;
    expect(window.scrollY, at).to.be.below(start);
    expect(form.getBoundingClientRect().top, at).to.be.below(-2);
    clock.tick(500);
    expect(Math.abs(form.getBoundingClientRect().top), at).to.be.below(2);
  });

  it('scrolls at once under reduced motion', async () => {
    render(VARIABLE);
    stops.push(installStickyAddToCart(view.root, { clock: fakeClock(), reducedMotion: true }));
    const form = view.root.querySelector<HTMLElement>('form.variations_form')!;
    scrollBy(form.getBoundingClientRect().bottom + window.scrollY + 400);
    bar().querySelector<HTMLButtonElement>('.sticky-add-to-cart-select-options-button')!.click();
    expect(Math.abs(form.getBoundingClientRect().top)).to.be.below(2);
  });

  it('adopts a bar the theme printed', async () => {
    render(
      `${SIMPLE}<div class="sticky-add-to-cart" hidden><strong>Hoodie</strong><div class="quantity"><input type="number" class="input-text qty text" aria-label="Quantity" value="1" min="1"></div><button type="button" class="single_add_to_cart_button button">Add</button></div>`,
    );
    stops.push(installStickyAddToCart(view.root));
    expect(view.root.querySelectorAll('.sticky-add-to-cart')).to.have.length(1);
    barQty().value = '4';
    barQty().dispatchEvent(new Event('change', { bubbles: true }));
    expect(mainQty().value).to.equal('4');
    scrollBy(main().getBoundingClientRect().bottom + window.scrollY + 50);
    expect(await until(() => visible(bar()))).to.equal(true);
  });

  it('leaves quick views alone', () => {
    render(`<div class="product-lightbox">${SIMPLE}</div>`);
    stops.push(installStickyAddToCart(view.root));
    expect(view.root.querySelector('.sticky-add-to-cart')).to.equal(null);
  });
});

describe('buy-now', () => {
  let view: ReturnType<typeof mount>;
  let stop = () => {};
  afterEach(() => {
    stop();
    view.remove();
    delete (window as unknown as Record<string, unknown>).wc_add_to_cart_variation_params;
  });
  const main = () => view.root.querySelector<HTMLElement>('.single_add_to_cart_button')!;
  const buy = () => view.root.querySelector<HTMLButtonElement>('.buy-now')!;
  const message = () => view.root.querySelector<HTMLElement>('.buy-now-message')!;
  const settleMutations = () => new Promise((resolve) => setTimeout(resolve));

  it("mirrors the add-to-cart button's disabled state and classes", async () => {
    view = mount(VARIABLE);
    stop = installBuyNow(view.root);
    expect(buy().getAttribute('aria-disabled')).to.equal('true');
    expect(buy().classList.contains('wc-variation-selection-needed')).to.equal(true);
    main().classList.remove('disabled', 'wc-variation-selection-needed');
    await settleMutations();
    expect(buy().hasAttribute('aria-disabled')).to.equal(false);
    expect(buy().classList.contains('disabled')).to.equal(false);
    main().classList.add('disabled', 'wc-variation-is-unavailable');
    await settleMutations();
    expect(buy().getAttribute('aria-disabled')).to.equal('true');
    expect(buy().classList.contains('wc-variation-is-unavailable')).to.equal(true);
    main().classList.remove('disabled', 'wc-variation-is-unavailable');
    main().setAttribute('disabled', '');
    await settleMutations();
    expect(buy().getAttribute('aria-disabled')).to.equal('true');
  });

  it('when disabled, a click (or Enter) shows the make-a-selection text and does not submit', async () => {
    view = mount(VARIABLE);
    const form = view.root.querySelector('form')!;
    let submits = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submits += 1;
    });
    stop = installBuyNow(view.root);
    expect(visible(message())).to.equal(false);
    buy().focus();
    await sendKeys({ press: 'Enter' });
    expect(submits).to.equal(0);
    expect(message().getAttribute('role')).to.equal('alert');
    expect(visible(message())).to.equal(true);
    expect(message().textContent).to.equal(
      'Please select some product options before adding this product to your cart.',
    );
    await expect(view.root).to.be.accessible();
    main().classList.remove('disabled', 'wc-variation-selection-needed');
    await settleMutations();
    expect(visible(message())).to.equal(false);
    buy().click();
    expect(submits).to.equal(1);
  });

  it("shows the store's unavailable text for an unavailable variation", async () => {
    (window as unknown as Record<string, unknown>).wc_add_to_cart_variation_params = {
      i18n_unavailable_text: 'Not this one, sorry.',
      i18n_make_a_selection_text: 'Pick a colour first.',
    };
    view = mount(VARIABLE.replace('wc-variation-selection-needed', 'wc-variation-is-unavailable'));
    view.root.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    stop = installBuyNow(view.root);
    buy().click();
    expect(message().textContent).to.equal('Not this one, sorry.');
  });

  it("says it with window.alert instead when the page asks for WooCommerce's original (buy_now_alert)", async () => {
    (window as unknown as Record<string, unknown>).wc_add_to_cart_variation_params = {
      i18n_make_a_selection_text: 'Pick a colour first.',
      buy_now_alert: 'yes',
    };
    view = mount(VARIABLE);
    view.root.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    const said: string[] = [];
    const original = window.alert;
    window.alert = (text?: string) => said.push(String(text));
    try {
      stop = installBuyNow(view.root);
      buy().click();
      expect(said).to.deep.equal(['Pick a colour first.']);
      expect(visible(message())).to.equal(false);
      stop();
      // The option wins over the page: the inline alert.
      stop = installBuyNow(view.root, { alert: false });
      buy().click();
      expect(said).to.have.length(1);
      expect(message().textContent).to.equal('Pick a colour first.');
    } finally {
      window.alert = original;
    }
  });

  it('reports a buy-now button with no add-to-cart button to follow', async () => {
    view = mount('<button type="button" class="buy-now">Buy now</button>');
    const errors = await captureConsoleErrors(() => {
      stop = installBuyNow(view.root);
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('buy-now');
  });
});

describe('sticky add-to-cart bar with swatches', () => {
  it('select options focuses the first visible field (not a select the swatches hid)', async () => {
    const view = mount(
      VARIABLE.replace(
        '<select id="pa_color"',
        '<div role="radiogroup" aria-label="Color"><span role="radio" aria-checked="false" tabindex="0" id="swatch-blue">Blue</span></div><select id="pa_color" hidden',
      ),
    );
    const stop = installStickyAddToCart(view.root, { clock: fakeClock(), reducedMotion: true });
    view.root.querySelector<HTMLButtonElement>('.sticky-add-to-cart-select-options-button')!.click();
    expect(document.activeElement).to.equal(view.root.querySelector('#swatch-blue'));
    stop();
    view.remove();
  });
});
