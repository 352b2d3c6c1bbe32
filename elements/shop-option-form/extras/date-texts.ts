/**
 * The date and time extras' visible strings (issue 13): part of the element's `messages`, with
 * these defaults in the date chunks (the settings schema keeps the strings it is given).
 */
export const DATE_TEXTS = {
  /** The button opening the calendar (followed by the field's label). */
  chooseDate: 'Choose date',
  /** The same, for several dates or a range. */
  chooseDates: 'Choose dates',
  /** The calendar dialog's name. */
  calendar: 'Calendar for {label}',
  /** The time list of a date-and-time field (followed by the field's label). */
  time: 'Time',
  /** The empty choice of a time list. */
  chooseTime: 'Choose a time',
  /** Closes the calendar of several dates. */
  done: 'Done',
  /** Added to a chosen day's name in the calendar. */
  selected: 'selected',
  /** Added to a day that cannot be chosen. */
  unavailable: 'not available',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  /** A typed date that cannot be read. */
  dateInvalid: 'Enter a date like {example}.',
  dateMin: 'Choose a date on or after {date}.',
  dateMax: 'Choose a date on or before {date}.',
  /** A disabled date or weekday, or a date outside the enabled ones. */
  dateUnavailable: '{date} is not available. Choose another date.',
  timeWindow: 'Choose a time between {min} and {max}.',
  timeStep: 'Choose a time in steps of {step} minutes.',
  /** A range with its first day only. */
  rangeEnd: 'Choose the last day of the range.',
};
export type DateTexts = typeof DATE_TEXTS;
