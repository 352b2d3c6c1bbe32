import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installQuantityButtons } from '../../../shared/page/quantity-buttons.ts';
import { mount } from './helpers.ts';

/** spec §5 Quantity inputs: plus/minus within min (default 0), max and step (default 1); below min raised outside the cart. */
const wooInput = (attrs: string, value = '1') =>
  `<div class="quantity"><label class="screen-reader-text" for="q1">Hoodie quantity</label><input type="number" id="q1" class="input-text qty text" name="quantity" value="${value}" ${attrs} size="4" inputmode="numeric" autocomplete="off"></div>`;
const FLATSOME = `<div class="ux-quantity quantity buttons_added"><input type="button" value="-" class="ux-quantity__button ux-quantity__button--minus button minus is-form"><label class="screen-reader-text" for="q2">Cap quantity</label><input type="number" id="q2" class="input-text qty text" step="1" min="1" max="3" name="quantity" value="2" size="4"><input type="button" value="+" class="ux-quantity__button ux-quantity__button--plus button plus is-form"></div>`;

describe('quantity buttons', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
    document.body.classList.remove('woocommerce-cart');
  });
  const input = () => view.root.querySelector<HTMLInputElement>('input.qty')!;
  const minus = () => view.root.querySelector<HTMLElement>('.minus')!;
  const plus = () => view.root.querySelector<HTMLElement>('.plus')!;

  it('adds labelled minus and plus buttons around the input', async () => {
    view = mount(wooInput('min="1" max="" step="1"'));
    uninstall = installQuantityButtons(view.root);
    expect(minus().localName).to.equal('button');
    expect(minus().nextElementSibling).to.equal(input());
    expect(plus().previousElementSibling).to.equal(input());
    expect(minus().getAttribute('aria-label')).to.equal('Decrease quantity');
    expect(plus().getAttribute('aria-label')).to.equal('Increase quantity');
    expect(plus().getAttribute('aria-controls')).to.equal('q1');
    expect(view.root.querySelector('.quantity')!.classList.contains('buttons_added')).to.equal(true);
    await expect(view.root).to.be.accessible();
  });

  it('steps within min and max, disabling the button at each bound', () => {
    view = mount(wooInput('min="1" max="3" step="1"', '2'));
    uninstall = installQuantityButtons(view.root);
    plus().click();
    expect(input().value).to.equal('3');
    expect(plus().getAttribute('aria-disabled')).to.equal('true');
    plus().click();
    expect(input().value).to.equal('3');
    minus().click();
    minus().click();
    expect(input().value).to.equal('1');
    expect(minus().getAttribute('aria-disabled')).to.equal('true');
    expect(plus().hasAttribute('aria-disabled')).to.equal(false);
    minus().click();
    expect(input().value).to.equal('1');
  });

  it('defaults to min 0 and step 1, and an empty max means no limit', () => {
    view = mount(wooInput('max=""', '1'));
    uninstall = installQuantityButtons(view.root);
    minus().click();
    expect(input().value).to.equal('0');
    expect(minus().getAttribute('aria-disabled')).to.equal('true');
    for (let i = 0; i < 5; i++) plus().click();
    expect(input().value).to.equal('5');
    expect(plus().hasAttribute('aria-disabled')).to.equal(false);
  });

  it('follows the decimals of the step without float noise', () => {
    view = mount(wooInput('min="0" step="0.1"', '0.1'));
    uninstall = installQuantityButtons(view.root);
    plus().click();
    plus().click();
    expect(input().value).to.equal('0.3');
    input().setAttribute('step', '0.5');
    input().value = '1';
    plus().click();
    expect(input().value).to.equal('1.5');
    plus().click();
    expect(input().value).to.equal('2');
  });

  it('dispatches bubbling input and change events on each press', () => {
    view = mount(wooInput('min="1"'));
    uninstall = installQuantityButtons(view.root);
    const seen: string[] = [];
    view.root.addEventListener('input', () => seen.push('input'));
    view.root.addEventListener('change', () => seen.push('change'));
    plus().click();
    expect(seen).to.deep.equal(['input', 'change']);
    input().value = '1';
    minus().click(); // at min: nothing changes, nothing is sent
    expect(seen).to.deep.equal(['input', 'change']);
  });

  it('raises a value below min outside the cart, but not in the cart', async () => {
    view = mount(wooInput('min="2"', '0'));
    uninstall = installQuantityButtons(view.root);
    expect(input().value).to.equal('2');
    input().value = '1';
    input().dispatchEvent(new Event('change', { bubbles: true }));
    expect(input().value).to.equal('2');
    uninstall();
    view.remove();
    view = mount(`<form class="woocommerce-cart-form">${wooInput('min="1"', '0')}</form>`);
    uninstall = installQuantityButtons(view.root);
    expect(input().value).to.equal('0');
    input().value = '0';
    input().dispatchEvent(new Event('change', { bubbles: true }));
    expect(input().value).to.equal('0');
  });

  it("reuses Flatsome's buttons and labels them", async () => {
    view = mount(FLATSOME);
    uninstall = installQuantityButtons(view.root);
    expect(view.root.querySelectorAll('.minus, .plus')).to.have.length(2);
    expect(minus().getAttribute('aria-label')).to.equal('Decrease quantity');
    plus().click();
    expect(input().value).to.equal('3');
    expect(plus().getAttribute('aria-disabled')).to.equal('true');
    await expect(view.root).to.be.accessible();
  });

  it('works from the keyboard: Tab to the buttons, Enter and Space press them', async () => {
    view = mount(wooInput('min="1" max="5"', '1'));
    uninstall = installQuantityButtons(view.root);
    minus().focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(input());
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(plus());
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: ' ' });
    expect(input().value).to.equal('3');
  });

  it('enhances inputs added later, and leaves hidden ones alone', async () => {
    view = mount('<p>Later</p>');
    uninstall = installQuantityButtons(view.root);
    view.root.insertAdjacentHTML('beforeend', wooInput('min="1"'));
    view.root.insertAdjacentHTML(
      'beforeend',
      '<div class="quantity" id="single"><input type="hidden" class="qty" name="quantity" value="1"></div>',
    );
    await new Promise((resolve) => setTimeout(resolve));
    expect(view.root.querySelectorAll('.quantity:not(#single) .plus')).to.have.length(1);
    expect(view.root.querySelector('#single button')).to.equal(null);
  });

  it('uninstall removes the added buttons', () => {
    view = mount(wooInput('min="1"'));
    uninstall = installQuantityButtons(view.root);
    uninstall();
    expect(view.root.querySelector('button')).to.equal(null);
  });
});
