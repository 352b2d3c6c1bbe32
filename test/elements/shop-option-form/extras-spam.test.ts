import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { spamTrackerChunk } from '../../../elements/shop-option-form/shop-option-form.extras.view.tsx';
import { trackSpam } from '../../../shared/spam-tracker.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { settle } from '../../helpers/elements.ts';
import { eachShopMode, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { $, optionForm, posted, sectionOf } from './fixtures.ts';

const FIELDS = [
  'bib',
  'bfs',
  'bkpc',
  'bkp',
  'bmc',
  'bmcc',
  'bmk',
  'bck',
  'bmmc',
  'btmc',
  'bsc',
  'bte',
  'btec',
  'bmm',
];

/** A post form with a text input, and one inside a shadow root (as the option form's fields are). */
function setup({ method = 'post', action = '/cart/' } = {}) {
  const form = document.createElement('form');
  form.method = method;
  form.setAttribute('action', action);
  form.innerHTML = '<input name="plain"><textarea name="notes"></textarea>';
  const holder = document.createElement('div');
  const shadowInput = document.createElement('input');
  holder.attachShadow({ mode: 'open' }).append(shadowInput);
  form.append(holder);
  document.body.append(form);
  const clock = fakeClock(1_000_000);
  let random = 0;
  const tracker = trackSpam({ form, clock, random: () => random });
  const field = (name: string) => new Map(tracker.addon.pairs!()).get(`ak_${name}`);
  return {
    form,
    clock,
    tracker,
    field,
    input: form.querySelector('input')!,
    shadowInput,
    setRandom(value: number) {
      random = value;
    },
  };
}

/** A key pressed for `held` ms on `target`, `gap` ms after the previous event. */
function press(target: Element, key: string, clock: ReturnType<typeof fakeClock>, held = 80, gap = 0) {
  clock.tick(gap);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
  clock.tick(held);
  target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
}
const mouse = (type: string, init: MouseEventInit = {}) =>
  document.dispatchEvent(new MouseEvent(type, { bubbles: true, ...init }));

describe('spam tracker (issue 13; spec §7, §9)', () => {
  let stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    for (const form of document.querySelectorAll('body > form')) form.remove();
  });
  const tracked = (options?: Parameters<typeof setup>[0]) => {
    const s = setup(options);
    stops.push(s.tracker.stop);
    return s;
  };

  it('posts the 14 ak_ fields in order; nothing entered gives empty lists and zero counts', () => {
    const { tracker, clock } = tracked();
    expect(tracker.addon.pairs!()).to.deep.equal(
      FIELDS.map((f) => [
        `ak_${f}`,
        f === 'bfs' ? String(clock.now()) : /^b(kpc|mcc|mmc|tmc|sc|tec)$/.test(f) ? '0' : '',
      ]),
    );
  });

  it('keypresses: when input began, how long each key was held and the gap since the previous one', () => {
    const { input, clock, field } = tracked();
    const begin = clock.now() + 10;
    press(input, 'a', clock, 80, 10);
    press(input, 'b', clock, 60, 120);
    press(input, 'c', clock, 70, 30);
    expect(field('bib')).to.equal(String(begin));
    expect(field('bkpc')).to.equal('3');
    expect(field('bkp')).to.equal('80;60,120;70,30;');
  });

  it('modifier and correction keys are noted by position, not timed', () => {
    const { input, clock, field } = tracked();
    press(input, 'a', clock);
    press(input, 'Shift', clock);
    press(input, 'B', clock);
    press(input, 'Backspace', clock);
    press(input, 'ArrowLeft', clock);
    expect(field('bkpc')).to.equal('2');
    expect(field('bmk')).to.equal('0');
    expect(field('bck')).to.equal('1;1');
  });

  it("hears the option form's fields inside its shadow root; keys outside text fields count for nothing", () => {
    const { shadowInput, form, clock, field } = tracked();
    press(shadowInput, 'x', clock);
    press(form, 'y', clock);
    expect(field('bkpc')).to.equal('1');
  });

  it('focus moving resets the gap between keys; a held key counts once', () => {
    const { input, clock, field } = tracked();
    press(input, 'a', clock);
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    press(input, 'b', clock, 50, 40);
    clock.tick(10);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true })); // auto-repeat
    clock.tick(30);
    input.dispatchEvent(new KeyboardEvent('keyup', { key: 'c', bubbles: true }));
    expect(field('bkp')).to.equal('80;50;30,10;');
  });

  it('mouse clicks: held and gap, and their count', () => {
    const { clock, field } = tracked();
    mouse('mousedown');
    clock.tick(90);
    mouse('mouseup');
    clock.tick(400);
    mouse('mousedown');
    clock.tick(110);
    mouse('mouseup');
    expect(field('bmcc')).to.equal('2');
    expect(field('bmc')).to.equal('90;110,400;');
  });

  it('mouse moves are grouped at 500 ms: duration and distance; a move of 0 px is none', () => {
    const { clock, field } = tracked();
    mouse('mousemove', { clientX: 10, clientY: 10 });
    clock.tick(100);
    mouse('mousemove', { clientX: 30, clientY: 20 });
    clock.tick(200);
    mouse('mousemove', { clientX: 40, clientY: 50 });
    clock.tick(499);
    expect(field('bmmc')).to.equal('0');
    clock.tick(1);
    expect(field('bmmc')).to.equal('1');
    expect(field('bmm')).to.equal('300,50;');
    mouse('mousemove', { clientX: 40, clientY: 50 });
    clock.tick(500);
    expect(field('bmmc')).to.equal('1');
  });

  it('scrolls and touch moves are grouped at 500 ms; touches are timed', () => {
    const { clock, field } = tracked();
    for (let i = 0; i < 5; i++) {
      document.dispatchEvent(new Event('scroll'));
      document.dispatchEvent(new Event('touchmove'));
      clock.tick(100);
    }
    clock.tick(400);
    expect([field('bsc'), field('btmc')]).to.deep.equal(['1', '1']);
    document.dispatchEvent(new Event('scroll'));
    clock.tick(500);
    expect(field('bsc')).to.equal('2');
    document.dispatchEvent(new Event('touchstart'));
    clock.tick(70);
    document.dispatchEvent(new Event('touchend'));
    clock.tick(300);
    document.dispatchEvent(new Event('touchstart'));
    clock.tick(50);
    document.dispatchEvent(new Event('touchend'));
    expect(field('btec')).to.equal('2');
    expect(field('bte')).to.equal('70;50,300;');
  });

  it('sends at most 100 entries per list (a run of consecutive ones); counts stay whole', () => {
    const { clock, field, setRandom } = tracked();
    for (let i = 1; i <= 150; i++) {
      mouse('mousedown');
      clock.tick(i);
      mouse('mouseup');
    }
    expect(field('bmcc')).to.equal('150');
    const first = field('bmc')!.split(';').filter(Boolean);
    expect(first.length).to.equal(100);
    expect(first[0]).to.equal('1');
    expect(first[99].split(',')[0]).to.equal('100');
    setRandom(0.9999);
    const last = field('bmc')!.split(';').filter(Boolean);
    expect(last.length).to.equal(100);
    expect(last[0].split(',')[0]).to.equal('51');
    expect(last[99].split(',')[0]).to.equal('150');
  });

  it('collects nothing once stopped (the form left the page)', () => {
    const { tracker, input, clock, field } = tracked();
    tracker.stop();
    press(input, 'a', clock);
    mouse('mousedown');
    mouse('mouseup');
    document.dispatchEvent(new Event('scroll'));
    clock.tick(1000);
    expect([field('bkpc'), field('bmcc'), field('bsc')]).to.deep.equal(['0', '0', '0']);
  });

  it('only post forms to this site get the fields', () => {
    expect(tracked({ method: 'get' }).tracker.addon.pairs!()).to.deep.equal([]);
    expect(tracked({ action: 'https://payments.example.net/pay' }).tracker.addon.pairs!()).to.deep.equal([]);
    expect(tracked({ action: `${location.origin}/cart/` }).tracker.addon.pairs!().length).to.equal(14);
  });

  it('sends nothing anywhere by itself', () => {
    const calls: string[] = [];
    const realFetch = window.fetch;
    const realBeacon = navigator.sendBeacon;
    const realOpen = XMLHttpRequest.prototype.open;
    window.fetch = (...args) => {
      calls.push('fetch');
      return realFetch(...args);
    };
    navigator.sendBeacon = () => {
      calls.push('beacon');
      return true;
    };
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      calls.push('xhr');
      return realOpen.call(this, method, url, true);
    } as typeof realOpen;
    try {
      const { input, clock, tracker } = tracked();
      press(input, 'a', clock);
      mouse('mousemove', { clientX: 1, clientY: 1 });
      mouse('mousemove', { clientX: 9, clientY: 9 });
      clock.tick(1000);
      tracker.addon.pairs!();
    } finally {
      window.fetch = realFetch;
      navigator.sendBeacon = realBeacon;
      XMLHttpRequest.prototype.open = realOpen;
    }
    expect(calls).to.deep.equal([]);
  });
});

/**
 * Types key by key (each pressed and released): WebKit's WebDriver `type` sends only the last key's
 * keyup, and the tracker times a key from its keydown to its keyup as the spam filter expects.
 */
async function typeKeys(text: string) {
  for (const key of text) await sendKeys({ press: key });
}

/** The tracker's chunk has arrived and the form's tracker has started (it starts right after). */
async function trackerStarted() {
  await waitUntil(() => spamTrackerChunk.loaded(), 'the tracker chunk never arrived');
  await settle();
}

describe('<shop-option-form> spam tracker', () => {
  const text = { type: 'text', elementId: 'engraving', label: 'Engraving' };
  afterEach(() => spamTrackerChunk.setLoader());

  it('posts the ak_ fields with the form on submit, counting what was typed in the fields', async () => {
    const { el, form, button } = await optionForm({
      definition: [sectionOf([text])],
      config: { spam_tracker: true },
    });
    const seen: Array<Array<[string, string]>> = [];
    form.addEventListener('submit', (e) => {
      seen.push(posted(form));
      e.preventDefault();
    });
    await trackerStarted();
    $<HTMLInputElement>(el, 'input')!.focus();
    const before = Date.now();
    await typeKeys('ada');
    button.click();
    await waitUntil(() => seen.length === 1);
    const sent = new Map(seen[0]);
    for (const f of FIELDS) expect(sent.has(`ak_${f}`), f).to.equal(true);
    expect(sent.get('ak_bkpc')).to.equal('3');
    expect(sent.get('ak_bkp')!.split(';').filter(Boolean).length).to.equal(3);
    expect(Number(sent.get('ak_bib'))).to.be.within(before, Date.now());
    expect(Number(sent.get('ak_bfs'))).to.be.within(Number(sent.get('ak_bib')), Date.now());
    expect(sent.get('engraving')).to.equal('ada');
  });

  it('is not loaded by a form that does not turn it on', async () => {
    let loads = 0;
    spamTrackerChunk.setLoader(() => {
      loads += 1;
      return import('../../../shared/spam-tracker.ts');
    });
    const { form } = await optionForm({ definition: [sectionOf([text])] });
    await settle();
    expect(loads).to.equal(0);
    expect(posted(form).some(([k]) => k.startsWith('ak_'))).to.equal(false);
  });

  eachShopMode('ajax add', () => {
    useCleanCart();
    it('sends the ak_ fields with the ajax add', async () => {
      const { el, button } = await optionForm({
        ajax: true,
        definition: [sectionOf([text])],
        config: { spam_tracker: true },
      });
      await trackerStarted();
      $<HTMLInputElement>(el, 'input')!.focus();
      await typeKeys('hi');
      button.click();
      await waitUntil(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 5000,
      });
      const pairs = new Map(
        JSON.parse((await shopLog('wcpa_ajax_add_to_cart'))[0].body.__pairs) as Array<[string, string]>,
      );
      expect(pairs.get('ak_bkpc')).to.equal('2');
      expect(FIELDS.every((f) => pairs.has(`ak_${f}`))).to.equal(true);
    });
  });
});
