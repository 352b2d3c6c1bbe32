import { expect } from '@open-wc/testing';
import { formulaRuntime } from '../../../elements/shop-option-form/engine/formula.ts';
import { fieldSchema } from '../../../elements/shop-option-form/engine/schema.ts';
import {
  dateFormat,
  dateFormula,
  formatTime,
} from '../../../elements/shop-option-form/extras/date-format.ts';
import {
  dateProblem,
  dateRules,
  needsPicker,
  resolveDate,
  timeProblem,
  timeSlots,
  usesFormula,
  valueProblem,
} from '../../../elements/shop-option-form/extras/date-rules.ts';

/** A parsed field definition, as the engine hands it to views. */
const def = (raw: Record<string, unknown>) =>
  fieldSchema.parse({ type: 'date', elementId: 'd', ...raw } as never) as never;

// Friday 15 March 2024, noon.
const today = new Date(2024, 2, 15, 12);

describe('option-form date rules (issue 13, spec §3 dates and times)', () => {
  describe('on the edges of the calendar (each on a day of its own; see also extras-date.test.ts)', () => {
    const formula = dateFormula(formulaRuntime, new Date(2028, 1, 29, 18));
    it('a month end: +1 is the first of the next month; +1m from 31 January is the last of February', () => {
      const jan31 = new Date(2027, 0, 31, 21);
      expect(resolveDate('+1', jan31)).to.equal('2027-02-01');
      expect(resolveDate('+1m', jan31)).to.equal('2027-02-28');
      expect(resolveDate('+1m', new Date(2028, 0, 31, 21)), 'in a leap year').to.equal('2028-02-29');
      expect(resolveDate('-1', new Date(2027, 2, 1, 7, 30))).to.equal('2027-02-28');
    });
    it('a leap day: reached from 28 February, left to 1 March; +1y from it is 28 February', () => {
      const leap = new Date(2028, 1, 29, 18);
      expect(resolveDate('+1', new Date(2028, 1, 28, 18))).to.equal('2028-02-29');
      expect(resolveDate('today', leap)).to.equal('2028-02-29');
      expect(resolveDate('+1', leap)).to.equal('2028-03-01');
      expect(resolveDate('+1y', leap)).to.equal('2029-02-28');
      expect(resolveDate('{today.unixDays} + 1', leap, formula)).to.equal('2028-03-01');
    });
    it("New Year's Eve at 23:55: tomorrow is next year's first day; +2w crosses it", () => {
      const eve = new Date(2026, 11, 31, 23, 55);
      expect(resolveDate('today', eve)).to.equal('2026-12-31');
      expect(resolveDate('+1', eve)).to.equal('2027-01-01');
      expect(resolveDate('+2w', eve)).to.equal('2027-01-14');
      expect(resolveDate(1, eve)).to.equal('2027-01-01');
    });
    it('the nights clocks go forward and back (Europe): a day is a day, whatever its hours', () => {
      // 28 March 2027 has 23 hours in Berlin, 25 October 2026 has 25.
      expect(resolveDate('+1', new Date(2027, 2, 28, 1, 30))).to.equal('2027-03-29');
      expect(resolveDate('+1', new Date(2027, 2, 27, 23, 30))).to.equal('2027-03-28');
      expect(resolveDate('+1', new Date(2026, 9, 25, 0, 30))).to.equal('2026-10-26');
      expect(resolveDate('-1', new Date(2026, 9, 26, 0, 30))).to.equal('2026-10-25');
      expect(resolveDate('+1w', new Date(2026, 9, 24, 23, 30))).to.equal('2026-10-31');
    });
  });

  it('resolves date expressions against today', () => {
    expect(resolveDate('2024-05-01', today)).to.equal('2024-05-01');
    expect(resolveDate('today', today)).to.equal('2024-03-15');
    expect(resolveDate('0', today)).to.equal('2024-03-15');
    expect(resolveDate('+3', today)).to.equal('2024-03-18');
    expect(resolveDate('-1', today)).to.equal('2024-03-14');
    expect(resolveDate('+2w', today)).to.equal('2024-03-29');
    expect(resolveDate('+1m', today)).to.equal('2024-04-15');
    expect(resolveDate('+1y', today)).to.equal('2025-03-15');
    expect(resolveDate('+1970-01-03', today), "WCPA's offset form").to.equal('2024-03-17');
    expect(resolveDate(5, today)).to.equal('2024-03-20');
    expect(resolveDate('2024-02-30', today)).to.equal(undefined);
    expect(resolveDate('soon', today)).to.equal(undefined);
    expect(resolveDate('{today.unixDays} + 2', today), 'a formula without the runtime').to.equal(undefined);
  });

  it('evaluates formula-based dates with the formula language (day counts since 1970)', () => {
    const formula = dateFormula(formulaRuntime, today);
    expect(resolveDate('{today.unixDays} + 2', today, formula)).to.equal('2024-03-17');
    // Friday (now.day 6 with 1 = Sunday): the next working day is Monday.
    expect(resolveDate('{today.unixDays} + if({now.day} == 6, 3, 1)', today, formula)).to.equal('2024-03-18');
    expect(resolveDate('{today.unixDays} +', today, formula), 'a broken formula').to.equal(undefined);
    expect(usesFormula(def({ min_date: '{today.unixDays} + 1' }))).to.equal(true);
    expect(usesFormula(def({ min_date: '+1' }))).to.equal(false);
  });

  it('reads the plain settings and the custom picker config (which wins)', () => {
    const rules = dateRules(
      def({
        min_date: 'today',
        max_date: '+10',
        disabled_dates: ['2024-03-20'],
        disabled_weekdays: [0, 6],
        date_pic_conf: { maxDate: '+30', disable: [{ from: '2024-03-25', to: '2024-03-27' }], enable: [] },
      }),
      today,
    );
    expect(rules.min).to.equal('2024-03-15');
    expect(rules.max).to.equal('2024-04-14');
    expect(rules.disabled).to.deep.equal([
      { from: '2024-03-20', to: '2024-03-20' },
      { from: '2024-03-25', to: '2024-03-27' },
    ]);
    expect(rules.weekdays).to.deep.equal([0, 6]);
    expect(rules.step, 'spec §9 default time step').to.equal(15);
    expect(dateProblem('2024-03-14', rules)).to.equal('min');
    expect(dateProblem('2024-04-15', rules)).to.equal('max');
    expect(dateProblem('2024-03-20', rules)).to.equal('disabled');
    expect(dateProblem('2024-03-26', rules)).to.equal('disabled');
    expect(dateProblem('2024-03-16', rules), 'a Saturday').to.equal('weekday');
    expect(dateProblem('2024-03-18', rules)).to.equal(undefined);
    expect(dateProblem('2024-13-01', rules)).to.equal('invalid');
  });

  it('only enabled dates, when given', () => {
    const rules = dateRules(def({ enabled_dates: ['2024-04-01', '2024-04-03'] }), today);
    expect(dateProblem('2024-04-01', rules)).to.equal(undefined);
    expect(dateProblem('2024-04-02', rules)).to.equal('notEnabled');
  });

  it('names settings it cannot read', () => {
    const rules = dateRules(def({ min_date: 'soon', min_time: '25:00' }), today);
    expect(rules.unreadable).to.deep.equal(['min_date', 'min_time']);
    expect(rules.min).to.equal(undefined);
  });

  it('times: window, step (default 15 minutes) and the slots', () => {
    const rules = dateRules(def({ type: 'time', min_time: '09:00', max_time: '10:00' }), today);
    expect(timeSlots(rules)).to.deep.equal(['09:00', '09:15', '09:30', '09:45', '10:00']);
    expect(timeProblem('09:30', rules)).to.equal(undefined);
    expect(timeProblem('09:10', rules)).to.equal('step');
    expect(timeProblem('08:45', rules)).to.equal('time');
    expect(timeProblem('9:30 pm', rules)).to.equal('time');
    const half = dateRules(def({ type: 'time', time_step: 30 }), today);
    expect(timeSlots(half)).to.have.length(48);
    expect(valueProblem('10:15', half)).to.equal('step');
  });

  it('time_layout: 12- or 24-hour time lists, else the language decides', () => {
    expect(dateRules(def({ type: 'time', time_layout: '12' }), today).hour12).to.equal(true);
    expect(dateRules(def({ type: 'time', time_layout: '24h' }), today).hour12).to.equal(false);
    expect(dateRules(def({ type: 'time' }), today).hour12).to.equal(undefined);
    expect(formatTime('14:30', 'en-US', false)).to.equal('14:30');
    expect(formatTime('14:30', 'de-DE', true).toLowerCase()).to.match(/2:30\s?pm/u);
    expect(formatTime('14:30', 'de-DE')).to.equal('14:30');
  });

  it('date and time values check both parts', () => {
    const rules = dateRules(
      def({ type: 'datetime-local', min_time: '10:00', max_time: '18:00', disabled_weekdays: [0] }),
      today,
    );
    expect(valueProblem('2024-03-18T10:30', rules)).to.equal(undefined);
    expect(valueProblem('2024-03-18T09:30', rules)).to.equal('time');
    expect(valueProblem('2024-03-17T10:30', rules), 'a Sunday').to.equal('weekday');
  });

  it('a native input is enough for min/max only; anything else needs the picker', () => {
    const rules = (raw: Record<string, unknown>) => dateRules(def(raw), today);
    expect(needsPicker(rules({ min_date: 'today', max_date: '+30' }))).to.equal(false);
    expect(needsPicker(rules({ type: 'time', disable_manual_input: true }))).to.equal(false);
    expect(needsPicker(rules({ disabled_weekdays: [0] }))).to.equal(true);
    expect(needsPicker(rules({ disabled_dates: ['2024-03-20'] }))).to.equal(true);
    expect(needsPicker(rules({ enabled_dates: ['2024-03-20'] }))).to.equal(true);
    expect(needsPicker(rules({ inline: true }))).to.equal(true);
    expect(needsPicker(rules({ disable_manual_input: true }))).to.equal(true);
    expect(needsPicker(rules({ picker_mode: 'multiple' }))).to.equal(true);
    expect(needsPicker(rules({ picker_mode: 'range' }))).to.equal(true);
    expect(needsPicker(rules({ type: 'datetime-local' }))).to.equal(false);
    expect(needsPicker(rules({ type: 'datetime-local', min_time: '09:00' }))).to.equal(true);
  });

  it('reads and writes dates in the page language (Intl)', () => {
    const gb = dateFormat('en-GB');
    expect(gb.pattern).to.equal('DD/MM/YYYY');
    expect(gb.short('2024-03-05')).to.equal('05/03/2024');
    expect(gb.parse('05/03/2024')).to.equal('2024-03-05');
    expect(gb.parse('5/3/24')).to.equal('2024-03-05');
    expect(gb.parse('2024-03-05')).to.equal('2024-03-05');
    expect(gb.parse('31/02/2024')).to.equal(undefined);
    expect(gb.weekStartsOn).to.equal(1);
    const us = dateFormat('en-US');
    expect(us.pattern).to.equal('MM/DD/YYYY');
    expect(us.parse('03/05/2024')).to.equal('2024-03-05');
    expect(us.weekStartsOn).to.equal(0);
    const de = dateFormat('de-DE');
    expect(de.short('2024-03-05')).to.equal('05.03.2024');
    expect(de.long('2024-03-15')).to.contain('März');
  });
});
