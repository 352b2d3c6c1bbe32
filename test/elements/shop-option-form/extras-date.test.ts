import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { pickerChunk } from '../../../elements/shop-option-form/extras/date-field.tsx';
import { isoOf } from '../../../elements/shop-option-form/extras/date-rules.ts';
import { fixDate, localTime } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { dayCell as cell, clickDay, showMonth } from './calendar.ts';
import { $, $$, optionForm, posted, sectionOf, type } from './fixtures.ts';

/** waitUntil with room for a loaded machine (three browsers and other suites at once). */
const until: typeof waitUntil = (predicate, message, options) =>
  waitUntil(predicate, message, { ...options, timeout: Math.max(8000, options?.timeout ?? 0) });

/** The date extras on the form (issue 13 "Dates and times"; spec §3, §5, §9). */

const field = (raw: Record<string, unknown>) => ({
  type: 'date',
  elementId: 'when',
  label: 'Delivery date',
  ...raw,
});
const input = (el: Element) =>
  $<HTMLInputElement>(el, '[data-field-id="when"] input, [data-field-id="when"] select')!;
const ready = async (el: Element, sel = '[data-field-id="when"] input:not([aria-busy])') =>
  until(() => $(el, sel), `never rendered: ${sel}`, { timeout: 10000 });
const value = (form: HTMLFormElement, name = 'when') =>
  posted(form)
    .filter(([k]) => k === name || k.startsWith(`${name}[`))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
/**
 * The day the tests count from: a Wednesday in mid-November (the page's `Date` is set to it, so no
 * test depends on the day it runs). The calendar's edges have tests of their own, each on its day.
 */
const TODAY = localTime(2026, 11, 11, 10);
/** Today (the fixed day) plus `days`, as YYYY-MM-DD. */
const plus = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return isoOf(d);
};
/** The next date on or after `from` whose weekday is `weekday` (0 = Sunday). */
const nextWeekday = (weekday: number, from = 1) => {
  const d = new Date();
  d.setDate(d.getDate() + from);
  while (d.getDay() !== weekday) d.setDate(d.getDate() + 1);
  return isoOf(d);
};
const dialogOf = (el: Element) => $<HTMLDialogElement>(el, '[data-field-id="when"] dialog')!;
const openCalendar = async (el: Element) => {
  $<HTMLButtonElement>(el, '[data-field-id="when"] .date-button')!.click();
  await until(
    () => dialogOf(el)?.open && $(el, '[data-field-id="when"] .rdp-root'),
    'the calendar never opened',
  );
};
// The calendar chunk (react-day-picker, date-fns) is large for a source build: load it once up front.
before(async function () {
  this.timeout(60_000);
  await import('../../../elements/shop-option-form/extras/date-picker.tsx');
});

let pickerLoads = 0;
let restore: () => void;
let undoDate: () => void;
beforeEach(() => {
  undoDate = fixDate(TODAY);
  pickerLoads = 0;
  restore = pickerChunk.setLoader(() => {
    pickerLoads++;
    return import('../../../elements/shop-option-form/extras/date-picker.tsx').then((m) => m.DatePicker);
  });
});
afterEach(() => {
  restore();
  undoDate();
});

describe('<shop-option-form> dates and times', function () {
  // The calendar and axe take a while on a loaded machine.
  this.timeout(30_000);
  describe('native inputs where they express the rules', () => {
    it('a date with min/max (relative) is a native date input; the picker chunk is not loaded', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([field({ min_date: 'today', max_date: '+30' })])],
      });
      await ready(el);
      expect(input(el).type).to.equal('date');
      expect(input(el).min).to.equal(plus(0));
      expect(input(el).max).to.equal(plus(30));
      type(input(el), plus(3));
      await until(() => value(form) === `when=${plus(3)}`, 'the date was not posted');
      expect(pickerLoads).to.equal(0);
    });

    it('a formula-based minimum (formula language, loaded on demand) sets the native limit', async () => {
      const { el } = await optionForm({
        definition: [sectionOf([field({ min_date: '{today.unixDays} + 2' })])],
      });
      await ready(el);
      await until(() => input(el).min === plus(2), `min is "${input(el)?.min}"`);
    });

    it('a time has the default 15-minute step, min and max; an off-step time is explained and not posted', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([field({ type: 'time', min_time: '09:00', max_time: '17:00' })])],
      });
      await ready(el);
      expect(input(el).type).to.equal('time');
      expect(input(el).step).to.equal('900');
      expect([input(el).min, input(el).max]).to.deep.equal(['09:00', '17:00']);
      type(input(el), '10:10');
      await until(
        () => $(el, '.date-problem')?.textContent?.includes('steps of 15 minutes'),
        'no step message',
      );
      expect(value(form)).to.equal('');
      expect(input(el).value, 'what the shopper entered stays').to.equal('10:10');
      expect(input(el).getAttribute('aria-invalid')).to.equal('true');
      type(input(el), '10:15');
      await until(() => value(form) === 'when=10:15', 'the time was not posted');
      expect($(el, '.date-problem')!.textContent).to.equal('');
    });

    it('a time without manual input is a list of its slots', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([
            field({
              type: 'time',
              min_time: '09:00',
              max_time: '10:00',
              time_step: 30,
              disable_manual_input: true,
            }),
          ]),
        ],
      });
      await ready(el, '[data-field-id="when"] select');
      const select = input(el) as unknown as HTMLSelectElement;
      expect([...select.options].map((o) => o.value)).to.deep.equal(['', '09:00', '09:30', '10:00']);
      select.value = '09:30';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await until(() => value(form) === 'when=09:30', 'the slot was not posted');
      await expect(el).to.be.accessible();
    });
  });

  describe('the calendar picker', () => {
    it('disabled weekdays: a dialog with the grid, keyboard to choose, focus back to the button', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([field({ disabled_weekdays: [0, 6], min_date: 'today' })])],
      });
      await ready(el, '[data-field-id="when"] .date-button');
      expect(pickerLoads).to.equal(1);
      await openCalendar(el);
      const saturday = nextWeekday(6);
      await showMonth(el, saturday);
      expect(cell(el, saturday)!.hasAttribute('data-disabled')).to.equal(true);
      expect(cell(el, nextWeekday(0))!.hasAttribute('data-disabled')).to.equal(true);
      await showMonth(el, nextWeekday(3));
      // Start over on a known day: a Wednesday, and move with the keyboard.
      const wednesday = nextWeekday(3);
      cell(el, wednesday)!.querySelector('button')!.focus();
      await sendKeys({ press: 'ArrowRight' });
      const next = new Date(`${wednesday}T12:00`);
      next.setDate(next.getDate() + 1);
      const thursday = isoOf(next);
      await until(
        () => (el.shadowRoot!.activeElement?.closest('td') as HTMLElement | null)?.dataset.day === thursday,
        'ArrowRight did not move to the next day',
      );
      await sendKeys({ press: 'Enter' });
      await until(() => value(form) === `when=${thursday}`, 'Enter did not choose the day');
      await until(() => !dialogOf(el).open, 'the dialog stayed open');
      expect(el.shadowRoot!.activeElement?.classList.contains('date-button')).to.equal(true);
      expect(input(el).value).to.not.equal('');
    });

    it('Home and End move to the first and last open day of the week when its ends are disabled', async () => {
      // A US-English page: weeks run Sunday to Saturday (the fixed day: Wednesday 11 November 2026).
      const lang = document.documentElement.lang;
      document.documentElement.lang = 'en-US';
      try {
        const { el } = await optionForm({
          definition: [sectionOf([field({ disabled_weekdays: [0, 6], disabled_dates: ['2026-11-16'] })])],
        });
        await ready(el, '[data-field-id="when"] .date-button');
        await openCalendar(el);
        const focusedDay = () =>
          (el.shadowRoot!.activeElement?.closest('td') as HTMLElement | null)?.dataset.day;
        cell(el, '2026-11-18')!.querySelector('button')!.focus();
        await until(() => focusedDay() === '2026-11-18', 'the Wednesday never took focus');
        // Sunday 15 is a weekend day, Monday 16 a disabled date: Home stops on Tuesday 17.
        await sendKeys({ press: 'Home' });
        await until(() => focusedDay() === '2026-11-17', `Home moved to ${focusedDay()}`);
        // Saturday 21 is a weekend day: End stops on Friday 20.
        await sendKeys({ press: 'End' });
        await until(() => focusedDay() === '2026-11-20', `End moved to ${focusedDay()}`);
        await sendKeys({ press: 'Home' });
        await until(() => focusedDay() === '2026-11-17', `Home moved to ${focusedDay()}`);
      } finally {
        document.documentElement.lang = lang;
      }
    });

    it('Escape closes the calendar without choosing; axe passes with it open', async () => {
      const { el, form } = await optionForm({ definition: [sectionOf([field({ disabled_weekdays: [0] })])] });
      await ready(el, '[data-field-id="when"] .date-button');
      await openCalendar(el);
      await until(
        () => el.shadowRoot!.activeElement?.closest('[role="grid"]'),
        `focus did not go into the grid but to ${el.shadowRoot!.activeElement?.outerHTML.slice(0, 80)}`,
      );
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await until(() => !dialogOf(el).open, 'Escape did not close');
      expect(value(form)).to.equal('');
    });

    it('a typed disabled date is explained, kept on screen and not posted; a good one is posted', async () => {
      const sunday = nextWeekday(0);
      const monday = nextWeekday(1);
      const { el, form } = await optionForm(
        { definition: [sectionOf([field({ disabled_weekdays: [0] })])] },
        { attrs: 'lang="en-GB"' },
      );
      await ready(el, '[data-field-id="when"] .date-button');
      const [y, m, d] = sunday.split('-');
      type(input(el), `${d}/${m}/${y}`);
      input(el).dispatchEvent(new FocusEvent('blur'));
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => $(el, '.date-problem')?.textContent?.includes('is not available'), 'no message');
      expect(input(el).value).to.equal(`${d}/${m}/${y}`);
      expect(value(form)).to.equal('');
      const [y2, m2, d2] = monday.split('-');
      type(input(el), `${d2}/${m2}/${y2}`);
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => value(form) === `when=${monday}`, 'the good date was not posted');
      type(input(el), 'next week');
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(
        () => $(el, '.date-problem')?.textContent?.includes('Enter a date like'),
        'no format message',
      );
    });

    it('a date it cannot post blocks the submit even when optional, and takes the focus; fixed, it goes', async () => {
      const sunday = nextWeekday(0);
      const monday = nextWeekday(1);
      const { el, form, button } = await optionForm(
        { definition: [sectionOf([field({ disabled_weekdays: [0] })])] },
        { attrs: 'lang="en-GB"' },
      );
      // Heard on the document, after every listener of the form (the option form's included).
      const seen: boolean[] = [];
      const trap = (e: Event) => {
        if (e.target !== form) return;
        seen.push(!e.defaultPrevented);
        e.preventDefault();
      };
      document.addEventListener('submit', trap);
      after(() => document.removeEventListener('submit', trap));
      await ready(el, '[data-field-id="when"] .date-button');
      const [y, m, d] = sunday.split('-');
      type(input(el), `${d}/${m}/${y}`);
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => $(el, '.date-problem')?.textContent?.includes('is not available'), 'no message');
      button.focus();
      button.click();
      await until(() => seen.length === 1, 'no submit');
      expect(seen[0], 'the submit went through with a date that was not posted').to.equal(false);
      await until(() => el.shadowRoot!.activeElement === input(el), 'the date did not take the focus');
      const [y2, m2, d2] = monday.split('-');
      type(input(el), `${d2}/${m2}/${y2}`);
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => value(form) === `when=${monday}`, 'the good date was not posted');
      button.click();
      await until(() => seen.length === 2, 'no second submit');
      expect(seen[1]).to.equal(true);
    });

    it('disabled dates and ranges (custom config), enabled dates only', async () => {
      const a = plus(3);
      const b = plus(4);
      const { el } = await optionForm({
        definition: [
          sectionOf([
            field({ disabled_dates: [a], date_pic_conf: { disable: [{ from: plus(5), to: plus(6) }] } }),
            { type: 'date', elementId: 'only', label: 'Pick-up', enabled_dates: [plus(8), plus(9)] },
          ]),
        ],
      });
      await ready(el, '[data-field-id="when"] .date-button');
      await openCalendar(el);
      for (const [iso, off] of [
        [a, true],
        [b, false],
        [plus(5), true],
        [plus(6), true],
        [plus(7), false],
      ] as const) {
        await showMonth(el, iso);
        expect(cell(el, iso)!.hasAttribute('data-disabled'), iso).to.equal(off);
      }
      await sendKeys({ press: 'Escape' });
      $<HTMLButtonElement>(el, '[data-field-id="only"] .date-button')!.click();
      await until(() => $(el, '[data-field-id="only"] dialog[open] .rdp-root'), 'no calendar');
      const days = $$<HTMLElement>(el, '[data-field-id="only"] td[data-day]:not([data-disabled])').map(
        (c) => c.dataset.day,
      );
      expect(days.every((d) => d === plus(8) || d === plus(9))).to.equal(true);
    });

    it('inline, without manual input: the grid under a read-only input; a click chooses', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([field({ inline: true, disable_manual_input: true, min_date: 'today' })])],
      });
      await ready(el, '[data-field-id="when"] .rdp-root');
      expect($(el, '[data-field-id="when"] dialog')).to.equal(null);
      expect(input(el).readOnly).to.equal(true);
      const day = plus(2);
      await clickDay(el, day);
      await until(() => value(form) === `when=${day}`, 'the click did not choose');
      expect(cell(el, day)!.getAttribute('aria-selected')).to.equal('true');
      await expect(el).to.be.accessible();
    });

    it('several dates (picker_mode multiple) post name[] per day; Done closes', async () => {
      const { el, form } = await optionForm({
        definition: [sectionOf([field({ picker_mode: 'multiple' })])],
      });
      await ready(el, '[data-field-id="when"] .date-button');
      await openCalendar(el);
      for (const day of [plus(2), plus(3)]) {
        await clickDay(el, day);
        await until(() => cell(el, day)?.getAttribute('aria-selected') === 'true', 'not selected');
      }
      $<HTMLButtonElement>(el, '.date-done')!.click();
      await until(() => !dialogOf(el).open, 'Done did not close');
      expect(value(form)).to.equal(
        [plus(2), plus(3)]
          .sort()
          .map((d) => `when[]=${d}`)
          .join('&'),
      );
    });

    it('several dates and a range can be typed too (the page language, comma or dash separated)', async () => {
      const { el, form } = await optionForm(
        {
          definition: [
            sectionOf([
              field({ picker_mode: 'multiple' }),
              { type: 'date', elementId: 'span', label: 'Stay', picker_mode: 'range' },
            ]),
          ],
        },
        { attrs: 'lang="en-GB"' },
      );
      await ready(el, '[data-field-id="when"] .date-button');
      type(input(el), '05/03/2031, 7/3/2031');
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => value(form) === 'when[]=2031-03-05&when[]=2031-03-07', `posted ${value(form)}`);
      expect(input(el).value).to.equal('05/03/2031, 07/03/2031');
      const stay = $<HTMLInputElement>(el, '[data-field-id="span"] input')!;
      type(stay, '09/03/2031 – 12/03/2031');
      stay.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(
        () => value(form, 'span') === 'span[start]=2031-03-09&span[end]=2031-03-12',
        `posted ${value(form, 'span')}`,
      );
    });

    it('a range (picker_mode range) posts name[start] and name[end]', async () => {
      const { el, form } = await optionForm({ definition: [sectionOf([field({ picker_mode: 'range' })])] });
      await ready(el, '[data-field-id="when"] .date-button');
      await openCalendar(el);
      await clickDay(el, plus(2));
      await until(() => $(el, '.date-problem')?.textContent?.includes('last day'), 'no hint for the end');
      await clickDay(el, plus(4));
      await until(
        () => value(form) === `when[start]=${plus(2)}&when[end]=${plus(4)}`,
        `posted ${value(form)}`,
      );
    });

    it('a date and time with a time window: the calendar plus the list of slots', async () => {
      const { el, form } = await optionForm({
        definition: [
          sectionOf([field({ type: 'datetime-local', min_time: '10:00', max_time: '12:00', time_step: 60 })]),
        ],
      });
      await ready(el, '[data-field-id="when"] .date-button');
      const select = $<HTMLSelectElement>(el, '[data-field-id="when"] .time-select')!;
      expect([...select.options].map((o) => o.value)).to.deep.equal(['', '10:00', '11:00', '12:00']);
      await openCalendar(el);
      await clickDay(el, plus(1));
      await until(() => !dialogOf(el).open, 'the dialog stayed open');
      expect(value(form)).to.equal('');
      select.value = '11:00';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await until(() => value(form) === `when=${plus(1)}T11:00`, `posted ${value(form)}`);
    });

    it("the page's language: month names and the first day of the week through Intl", async () => {
      const { el } = await optionForm(
        { definition: [sectionOf([field({ disabled_weekdays: [0] })])] },
        { attrs: 'lang="de-DE"' },
      );
      await ready(el, '[data-field-id="when"] .date-button');
      await openCalendar(el);
      const caption = $(el, '.rdp-caption_label')!.textContent!;
      expect(caption).to.equal(
        new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(new Date()),
      );
      const first = $(el, '.rdp-weekday')!;
      expect(first.getAttribute('aria-label')).to.equal('Montag');
      expect(input(el).placeholder).to.equal('DD.MM.YYYY');
    });

    it("the form's messages override the picker's texts", async () => {
      const { el } = await optionForm({
        definition: [sectionOf([field({ disabled_weekdays: [0] })])],
        messages: { chooseDate: 'Datum wählen', dateUnavailable: '{date}: leider nicht' },
      });
      await ready(el, '[data-field-id="when"] .date-button');
      expect($(el, '.date-button')!.getAttribute('aria-label')).to.equal('Datum wählen, Delivery date');
      type(input(el), nextWeekday(0));
      input(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await until(() => $(el, '.date-problem')?.textContent?.endsWith(': leider nicht'), 'no own message');
    });

    it('a picker chunk that fails leaves a native input and one error naming the field', async () => {
      restore();
      restore = pickerChunk.setLoader(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      const errors = await captureConsoleErrors(async () => {
        const { el, form } = await optionForm({
          definition: [sectionOf([field({ disabled_weekdays: [0] })])],
        });
        await until(() => $(el, '[data-field-id="when"] input[type="date"]'), 'no native input');
        await new Promise((r) => setTimeout(r, 50));
        const sunday = nextWeekday(0);
        type(input(el), sunday);
        await until(() => $(el, '.date-problem')?.textContent?.includes('not available'), 'no rule check');
        expect(value(form)).to.equal('');
      });
      expect(errors.filter((e) => e.includes('<shop-option-form>') && e.includes('"when"'))).to.have.length(
        1,
      );
    });
  });

  /**
   * The days around today on the calendar's edges, each test on a day of its own. `npm test` runs
   * this file again in time zones where these moments are special (.ci/hard-moments.mjs): the
   * leap-day evening in Los Angeles is already 1 March in UTC, the first morning of March in
   * Auckland still February, and Berlin's clocks jump on the two nights.
   */
  describe('on the edges of the calendar', () => {
    const edges = [
      ['the last evening of a month', localTime(2026, 11, 30, 21), '2026-11-30', '2026-12-01', '2026-12-02'],
      ['the evening before a leap day', localTime(2028, 2, 28, 18), '2028-02-28', '2028-02-29', '2028-03-01'],
      ["New Year's Eve at 23:55", localTime(2026, 12, 31, 23, 55), '2026-12-31', '2027-01-01', '2027-01-02'],
      [
        'the first morning of a month',
        localTime(2027, 3, 1, 7, 30),
        '2027-03-01',
        '2027-03-02',
        '2027-03-03',
      ],
      [
        'the night clocks go forward',
        localTime(2027, 3, 28, 1, 30),
        '2027-03-28',
        '2027-03-29',
        '2027-03-30',
      ],
      ['the night clocks go back', localTime(2026, 10, 25, 0, 30), '2026-10-25', '2026-10-26', '2026-10-27'],
    ] as const;
    for (const [name, at, today, tomorrow, dayAfter] of edges)
      it(`${name}: today's limits, a formula two days on, a range picked over the edge`, async () => {
        undoDate();
        undoDate = fixDate(at);
        const { el, form } = await optionForm({
          definition: [
            sectionOf([
              field({ min_date: 'today', max_date: '+1' }),
              { type: 'date', elementId: 'later', label: 'Later', min_date: '{today.unixDays} + 2' },
              { type: 'date', elementId: 'stay', label: 'Stay', picker_mode: 'range' },
            ]),
          ],
        });
        await ready(el);
        expect([input(el).min, input(el).max]).to.deep.equal([today, tomorrow]);
        const later = () => $<HTMLInputElement>(el, '[data-field-id="later"] input');
        await until(() => later()?.min === dayAfter, `the formula's minimum is "${later()?.min}"`);
        await ready(el, '[data-field-id="stay"] .date-button');
        $<HTMLButtonElement>(el, '[data-field-id="stay"] .date-button')!.click();
        await until(() => $(el, '[data-field-id="stay"] dialog[open] .rdp-root'), 'no calendar');
        await clickDay(el, tomorrow, 'stay');
        await until(
          () => cell(el, tomorrow, 'stay')?.hasAttribute('data-selected'),
          'the first day not chosen',
        );
        await clickDay(el, dayAfter, 'stay');
        await until(
          () => value(form, 'stay') === `stay[start]=${tomorrow}&stay[end]=${dayAfter}`,
          `posted ${value(form, 'stay')}`,
        );
      });
  });
});
