import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { HINT_SLIDE_MS, installFieldHints } from '../../../shared/page/field-hints.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { mount, visible } from './helpers.ts';

/** spec §2 Other, §9: hints slide open (250 ms) on focus or click, close on Escape or an outside click. */
const FIELDS = `<form>
<p class="form-row"><label for="phone">Phone</label><span class="woocommerce-input-wrapper"><input class="input-text" id="phone" type="tel"><span class="description" id="phone-description" aria-hidden="true">For delivery questions only.</span></span></p>
<p class="form-row"><label for="vat">VAT number</label><span class="woocommerce-input-wrapper"><input class="input-text" id="vat"><span class="description">Companies in the EU only.</span></span></p>
</form><button type="button" id="outside">Elsewhere</button>`;

describe('field description hints', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    view = mount(FIELDS);
    clock = fakeClock();
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const hint = (id: string) =>
    view.root.querySelector<HTMLElement>(`#${id}`)!.nextElementSibling as HTMLElement;

  it('starts closed, each hint tied to its field by aria-describedby', () => {
    uninstall = installFieldHints(view.root, { clock });
    expect(visible(hint('phone'))).to.equal(false);
    expect(view.root.querySelector('#phone')!.getAttribute('aria-describedby')).to.equal('phone-description');
    expect(view.root.querySelector('#vat')!.getAttribute('aria-describedby')).to.equal(hint('vat').id);
    expect(hint('phone').hasAttribute('aria-hidden')).to.equal(false);
  });

  it('slides open over 250 ms on focus, and the other hint closes', () => {
    uninstall = installFieldHints(view.root, { clock, reducedMotion: false });
    view.root.querySelector<HTMLInputElement>('#phone')!.focus();
    expect(visible(hint('phone'))).to.equal(true);
    const [slide] = hint('phone').getAnimations();
    expect(slide.effect!.getTiming().duration).to.equal(HINT_SLIDE_MS);
    expect(HINT_SLIDE_MS).to.equal(250);
    view.root.querySelector<HTMLInputElement>('#vat')!.focus();
    expect(visible(hint('vat'))).to.equal(true);
    clock.tick(249);
    expect(visible(hint('phone'))).to.equal(true); // still sliding closed
    clock.tick(1);
    expect(visible(hint('phone'))).to.equal(false);
  });

  it('opens on a click in the field', () => {
    uninstall = installFieldHints(view.root, { clock });
    view.root.querySelector<HTMLElement>('#vat')!.click();
    expect(visible(hint('vat'))).to.equal(true);
  });

  it('closes on Escape, after the slide', async () => {
    uninstall = installFieldHints(view.root, { clock, reducedMotion: false });
    view.root.querySelector<HTMLInputElement>('#phone')!.focus();
    await sendKeys({ press: 'Escape' });
    expect(visible(hint('phone'))).to.equal(true);
    clock.tick(HINT_SLIDE_MS);
    expect(visible(hint('phone'))).to.equal(false);
  });

  it('closes on a click outside the fields, not on a click inside', () => {
    uninstall = installFieldHints(view.root, { clock });
    view.root.querySelector<HTMLInputElement>('#phone')!.focus();
    hint('phone').click();
    clock.tick(HINT_SLIDE_MS);
    expect(visible(hint('phone'))).to.equal(true);
    view.root.querySelector<HTMLElement>('#outside')!.click();
    clock.tick(HINT_SLIDE_MS);
    expect(visible(hint('phone'))).to.equal(false);
  });

  it('reopening while it slides closed keeps it open', () => {
    uninstall = installFieldHints(view.root, { clock, reducedMotion: false });
    const phone = view.root.querySelector<HTMLInputElement>('#phone')!;
    phone.focus();
    view.root.querySelector<HTMLElement>('#outside')!.click();
    clock.tick(100);
    phone.click();
    clock.tick(HINT_SLIDE_MS);
    expect(visible(hint('phone'))).to.equal(true);
  });

  it('no slide under reduced motion: closes at once', async () => {
    uninstall = installFieldHints(view.root, { clock, reducedMotion: true });
    view.root.querySelector<HTMLInputElement>('#phone')!.focus();
    expect(hint('phone').getAnimations()).to.have.length(0);
    await sendKeys({ press: 'Escape' });
    expect(visible(hint('phone'))).to.equal(false);
  });

  it('prepares fields added later', async () => {
    uninstall = installFieldHints(view.root, { clock });
    const row = document.createElement('p');
    row.innerHTML = `<label for="late">Late</label><span class="woocommerce-input-wrapper"><input id="late"><span class="description">Added by ajax.</span></span>`;
    view.root.querySelector('form')!.append(row);
    await new Promise((resolve) => setTimeout(resolve));
    expect(visible(hint('late'))).to.equal(false);
    view.root.querySelector<HTMLInputElement>('#late')!.focus();
    expect(visible(hint('late'))).to.equal(true);
  });

  it('is accessible open and closed', async () => {
    uninstall = installFieldHints(view.root, { clock });
    await expect(view.root).to.be.accessible();
    view.root.querySelector<HTMLInputElement>('#phone')!.focus();
    await expect(view.root).to.be.accessible();
  });
});
