/**
 * The option form's spam tracker (spec §7, §9; issue 13): the tracker itself lives in
 * shared/spam-tracker.ts, which the review, comment and checkout forms' page behaviour uses too;
 * this lazy chunk of the option form passes it on (its `addon` is a submit add-on).
 */
export * from '../../../shared/spam-tracker.ts';
