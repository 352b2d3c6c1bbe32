import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ACCORDION_MS, installAccordions } from '../../../shared/page/accordion.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/** spec §4: one panel open at a time, a toggle closes it (200 ms); §2 Other: opened from the URL hash. */
const ACCORDION = `<div class="accordion">
<div class="accordion-item" id="a-shipping"><h3 class="accordion-title"><button type="button">Shipping</button></h3><div class="accordion-inner"><p>Two days.</p></div></div>
<div class="accordion-item" id="a-returns"><h3 class="accordion-title"><button type="button">Returns</button></h3><div class="accordion-inner"><p>Thirty days.</p></div></div>
<div class="accordion-item" id="a-care"><h3><a class="accordion-title" href="#a-care">Care</a></h3><div class="accordion-inner"><p>Hand wash.</p></div></div>
</div>`;

describe('accordions', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(() => {
    clock = fakeClock();
    history.replaceState(null, '', location.pathname + location.search);
  });
  afterEach(() => {
    uninstall();
    view.remove();
    history.replaceState(null, '', location.pathname + location.search);
  });
  const controls = () => [...view.root.querySelectorAll<HTMLElement>('[aria-controls]')];
  const panels = () => [...view.root.querySelectorAll<HTMLElement>('.accordion-inner')];
  const shown = () => panels().map(visible);
  const expanded = () => controls().map((c) => c.getAttribute('aria-expanded'));

  it('gives the APG states: a button per title, controlling its region, all closed', () => {
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock });
    expect(controls()).to.have.length(3);
    expect(expanded()).to.deep.equal(['false', 'false', 'false']);
    expect(shown()).to.deep.equal([false, false, false]);
    const [first] = controls();
    expect(first.getAttribute('aria-controls')).to.equal(panels()[0].id);
    expect(panels()[0].getAttribute('role')).to.equal('region');
    expect(panels()[0].getAttribute('aria-labelledby')).to.equal(first.id);
    expect(controls()[2].getAttribute('role')).to.equal('button');
  });

  it('opens one panel at a time: opening another closes the first after its 200 ms slide', () => {
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: false });
    controls()[0].click();
    expect(shown()).to.deep.equal([true, false, false]);
    const [slide] = panels()[0].getAnimations();
    expect(slide.effect!.getTiming().duration).to.equal(ACCORDION_MS);
    expect(ACCORDION_MS).to.equal(200);
    controls()[1].click();
    expect(expanded()).to.deep.equal(['false', 'true', 'false']);
    clock.tick(ACCORDION_MS - 1);
    expect(shown()).to.deep.equal([true, true, false]); // still sliding closed
    clock.tick(1);
    expect(shown()).to.deep.equal([false, true, false]);
    expect(view.root.querySelector('#a-returns')!.classList.contains('active')).to.equal(true);
  });

  it('a toggle closes the open panel', () => {
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: false });
    controls()[0].click();
    controls()[0].click();
    expect(expanded()[0]).to.equal('false');
    clock.tick(ACCORDION_MS);
    expect(shown()).to.deep.equal([false, false, false]);
  });

  it('does not animate under reduced motion', () => {
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: true });
    controls()[0].click();
    expect(panels()[0].getAnimations()).to.have.length(0);
    controls()[0].click();
    expect(shown()[0]).to.equal(false);
    expect(clock.pending).to.equal(0);
  });

  it('works from the keyboard: Enter and Space on a button, Space on a link title', async () => {
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: true });
    controls()[0].focus();
    await sendKeys({ press: 'Enter' });
    expect(expanded()[0]).to.equal('true');
    await sendKeys({ type: ' ' });
    expect(expanded()[0]).to.equal('false');
    controls()[2].focus();
    await sendKeys({ type: ' ' });
    expect(expanded()[2]).to.equal('true');
    await sendKeys({ press: 'Enter' });
    expect(expanded()[2]).to.equal('false');
    expect(location.hash).to.equal('');
  });

  it('opens the item the URL hash names, at install and on hashchange', async () => {
    history.replaceState(null, '', '#a-returns');
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: true });
    expect(expanded()).to.deep.equal(['false', 'true', 'false']);
    const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    location.hash = '#a-care';
    await changed;
    expect(expanded()).to.deep.equal(['false', 'false', 'true']);
    expect(shown()).to.deep.equal([false, false, true]);
  });

  it('opens an item whose title the theme marked active', () => {
    view = mount(
      ACCORDION.replace(
        '<h3 class="accordion-title"><button type="button">Returns',
        '<h3 class="accordion-title active"><button type="button">Returns',
      ),
    );
    uninstall = installAccordions(view.root, { clock });
    expect(expanded()).to.deep.equal(['false', 'true', 'false']);
  });

  it('reports an item without a panel once', async () => {
    view = mount(
      '<div class="accordion"><div class="accordion-item"><h3 class="accordion-title"><button type="button">X</button></h3></div></div>',
    );
    const errors = await captureConsoleErrors(() => {
      uninstall = installAccordions(view.root, { clock });
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('accordion');
  });

  it('passes axe when closed', async function () {
    this.timeout(20000);
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: true });
    await expect(view.root).to.be.accessible();
  });

  it('passes axe when open', async function () {
    this.timeout(20000);
    view = mount(ACCORDION);
    uninstall = installAccordions(view.root, { clock, reducedMotion: true });
    controls()[1].click();
    await expect(view.root).to.be.accessible();
  });
});
