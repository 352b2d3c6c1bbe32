import { waitUntil } from '@open-wc/testing';
import { $ } from './fixtures.ts';

/**
 * The calendar picker's grid (react-day-picker) in the field `id`, for the date extras' tests.
 */

/**
 * The cell of `iso` in the month shown. A day of the next month that fills the last week is an
 * outside day without a button: it is not that day's cell (taking it for one failed the tests on
 * the last days of a month).
 */
export const dayCell = (el: Element, iso: string, id = 'when') =>
  $<HTMLElement>(el, `[data-field-id="${id}"] td[data-day="${iso}"]:not([data-outside])`);

/** Moves the calendar to the month of `iso` with its next-month button. */
export async function showMonth(el: Element, iso: string, id = 'when'): Promise<void> {
  for (let i = 0; i < 24 && !dayCell(el, iso, id); i++) {
    $<HTMLButtonElement>(el, `[data-field-id="${id}"] .rdp-button_next`)!.click();
    await waitUntil(() => true);
  }
  await waitUntil(() => dayCell(el, iso, id), `no day ${iso}`, { timeout: 8000 });
}

/** Shows the month of `iso` and clicks its day. */
export async function clickDay(el: Element, iso: string, id = 'when'): Promise<void> {
  await showMonth(el, iso, id);
  dayCell(el, iso, id)!.querySelector('button')!.click();
}
