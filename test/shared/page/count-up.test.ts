import { expect, waitUntil } from '@open-wc/testing';
import { COUNT_UP_MS, installCountUp, parseCount } from '../../../shared/page/count-up.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames, resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §2 Other, §9 Theme: count-up numbers over 4 s, once in view, Intl numbers of the page language. */
describe('count-up numbers', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  before(() => resizeViewport({ width: 800, height: 600 }));
  beforeEach(() => {
    clock = fakeClock();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(() => {
    uninstall();
    view.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const el = (selector: string) => view.root.querySelector<HTMLElement>(selector)!;

  it('reads the number in the page language', () => {
    view = mount(`<span lang="en" id="en">12,500+ happy</span><span lang="de" id="de">Über 1.234,5 km</span>
<span lang="fr" id="fr">3 400 €</span><span lang="en" id="given" data-count-to="99.5">99.5 %</span>`);
    const en = parseCount(el('#en'))!;
    expect([en.prefix, en.value, en.decimals, en.suffix]).to.deep.equal(['', 12500, 0, '+ happy']);
    const de = parseCount(el('#de'))!;
    expect([de.prefix, de.value, de.decimals, de.suffix]).to.deep.equal(['Über ', 1234.5, 1, ' km']);
    expect(parseCount(el('#fr'))!.value).to.equal(3400);
    expect(parseCount(el('#given'))!.value).to.equal(99.5);
  });

  it('counts up over 4 s once in view, formatted in the page language, ending exactly', async () => {
    view = mount('<p lang="de"><span class="count-up">Über 1.234,5 km</span></p>');
    uninstall = installCountUp(view.root, { clock, reducedMotion: false });
    const number = el('.count-up');
    await waitUntil(() => number.dataset.countState === 'running', 'started once in view');
    clock.tick(COUNT_UP_MS / 2);
    expect(number.textContent).to.match(/^Über \d{1,3}(\.\d{3})*,\d km$/);
    expect(number.textContent).to.not.equal('Über 1.234,5 km');
    clock.tick(COUNT_UP_MS / 2);
    expect(number.textContent).to.equal('Über 1.234,5 km');
    expect(number.dataset.countState).to.equal('done');
    expect(COUNT_UP_MS).to.equal(4000);
    expect(clock.pending).to.equal(0);
  });

  it('starts only when it enters the viewport (real scrolling), and only once', async () => {
    view = mount('<div class="gap"></div><p lang="en"><span class="count-up">2,000</span></p>');
    el('.gap').style.height = '2000px';
    uninstall = installCountUp(view.root, { clock, reducedMotion: false });
    const number = el('.count-up');
    await frames(3);
    expect(number.dataset.countState).to.equal(undefined);
    expect(clock.pending).to.equal(0);
    number.scrollIntoView({ behavior: 'instant' });
    await waitUntil(() => number.dataset.countState === 'running', 'started once scrolled into view');
    clock.tick(COUNT_UP_MS);
    expect(number.textContent).to.equal('2,000');
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frames(3);
    number.scrollIntoView({ behavior: 'instant' });
    await frames(3);
    expect(number.dataset.countState).to.equal('done');
    expect(clock.pending).to.equal(0);
  });

  it('does not count under reduced motion', async () => {
    view = mount('<p lang="en"><span class="count-up">12500</span></p>');
    uninstall = installCountUp(view.root, { clock, reducedMotion: true });
    const number = el('.count-up');
    await waitUntil(() => number.dataset.countState === 'done', 'done at once');
    expect(number.textContent).to.equal('12,500');
    expect(clock.pending).to.equal(0);
  });

  it('reports an element without a number once', async () => {
    view = mount('<span class="count-up">many</span>');
    const errors = await captureConsoleErrors(() => {
      uninstall = installCountUp(view.root, { clock });
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('count-up');
  });
});
