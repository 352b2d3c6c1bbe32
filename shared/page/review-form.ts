import { readPageData } from '../stores/page-data.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';

export const REVIEW_FORM_SELECTOR = 'form#commentform, form.comment-form';

/**
 * The product review form (spec §3 Review form, §5 Review form, §8 "Required rating missing"),
 * enhanced from WooCommerce's markup: the `rating` field (a `<select name="rating">`, or a hidden
 * input) gets five stars as an APG radio group (https://www.w3.org/WAI/ARIA/apg/patterns/radio/:
 * arrows move and choose, Tab leaves, the chosen star holds the tab stop) that sets the field to
 * 1-5. When the page says a rating is required (`wc_single_product_params.review_rating_required
 * === 'yes'`), a submit without one is stopped with the page's `i18n_required_rating_text`, shown
 * inline as an alert under the stars (and as `window.alert` when `review_rating_alert` is 'yes':
 * WooCommerce's original behaviour).
 *
 * The stars keep WooCommerce's classes (`p.stars`, `a.star-N`, `.selected`, `.active`), so theme
 * styles apply; the page's CSS styles them (a page behaviour adopts no sheet).
 */

/** What the page prints in `wc_single_product_params` (spec §5). */
export interface ReviewFormOptions {
  /** A rating is required to submit. */
  required?: boolean;
  /** The text shown when it is missing. */
  requiredText?: string;
  /** Also show it with `window.alert` (WooCommerce's original behaviour). */
  alert?: boolean;
  /** Accessible names of the stars, `{n}` the number. */
  starLabel?: string;
  /** Accessible name of the group when the field has no label. */
  groupLabel?: string;
}

/** Enhanced forms, with what undoes the enhancement. */
const enhanced = new WeakMap<HTMLFormElement, { group: HTMLElement; restore: () => void }>();

function pageOptions(): Required<ReviewFormOptions> {
  const params = readPageData('wc_single_product_params');
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() ? value : fallback;
  return {
    required: p.review_rating_required === 'yes',
    requiredText: text(p.i18n_required_rating_text, 'Please select a rating'),
    alert: p.review_rating_alert === 'yes',
    starLabel: text(p.i18n_rating_star, '{n} of 5 stars'),
    groupLabel: text(p.i18n_rating_label, 'Your rating'),
  };
}

/** The rating field of a form: WooCommerce's `#rating` select, or any `[name="rating"]` field. */
function ratingField(form: HTMLFormElement): HTMLSelectElement | HTMLInputElement | null {
  const field = form.elements.namedItem('rating');
  return field instanceof HTMLSelectElement || field instanceof HTMLInputElement ? field : null;
}

/**
 * The star radio group for a rating field, labelled by the field's label (else the page's text),
 * and the message a missing required rating shows.
 */
function starGroup(form: HTMLFormElement, field: HTMLElement, settings: ReturnType<typeof pageOptions>) {
  const label = field.id ? form.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null;
  const group = document.createElement('p');
  group.className = 'stars';
  group.setAttribute('role', 'radiogroup');
  const labelHadId = label?.hasAttribute('id') ?? false;
  if (label) {
    label.id ||= `${field.id}-label`;
    group.setAttribute('aria-labelledby', label.id);
  } else group.setAttribute('aria-label', settings.groupLabel);
  if (settings.required) group.setAttribute('aria-required', 'true');
  const holder = document.createElement('span');
  group.append(holder);
  const stars = [1, 2, 3, 4, 5].map((n) => {
    const star = document.createElement('a');
    star.href = '#';
    star.className = `star-${n}`;
    star.setAttribute('role', 'radio');
    star.textContent = settings.starLabel.replace('{n}', String(n));
    holder.append(star);
    return star;
  });
  const message = document.createElement('p');
  message.className = 'rating-error';
  message.id = `${field.id || 'rating'}-error-${Math.random().toString(36).slice(2, 7)}`;
  message.hidden = true;
  return { group, stars, message, label, labelHadId };
}

/** The rating a key pressed on the star at `index` chooses (APG radio group keys), or 0. */
function keyedRating(key: string, index: number): number {
  const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (key in moves) return ((index + moves[key] + 5) % 5) + 1;
  if (key === ' ' || key === 'Enter') return index + 1;
  if (key === 'Home' || key === 'End') return key === 'Home' ? 1 : 5;
  return 0;
}

/**
 * A select rating field stays in the form (it is what is submitted), hidden from sight and from
 * readers; returns what shows it as printed.
 */
function hideSelect(field: HTMLSelectElement | HTMLInputElement): () => void {
  const before = { hidden: field.hidden, required: field.required, tabIndex: field.getAttribute('tabindex') };
  if (field instanceof HTMLSelectElement) {
    field.hidden = true;
    field.required = false; // the stars report a missing rating, not the hidden select
    field.tabIndex = -1;
  }
  return () => {
    field.hidden = before.hidden;
    field.required = before.required;
    if (before.tabIndex === null) field.removeAttribute('tabindex');
    else field.setAttribute('tabindex', before.tabIndex);
  };
}

/** Enhances one review form (once); returns the star group, or null when it has no rating field. */
export function enhanceReviewForm(
  form: HTMLFormElement,
  options: ReviewFormOptions = {},
): HTMLElement | null {
  const field = ratingField(form);
  if (!field) return null;
  const known = enhanced.get(form);
  if (known) return known.group;
  const settings = { ...pageOptions(), ...options };
  // WooCommerce prints `required` on the select when the rating is required.
  if (options.required === undefined && field.required) settings.required = true;
  const { group, stars, message, label, labelHadId } = starGroup(form, field, settings);

  const current = () => {
    const value = Number(field.value);
    return Number.isInteger(value) && value >= 1 && value <= 5 ? value : 0;
  };
  const render = () => {
    const value = current();
    group.classList.toggle('selected', value > 0);
    stars.forEach((star, i) => {
      star.setAttribute('aria-checked', String(i + 1 === value));
      star.classList.toggle('active', i + 1 === value);
      // The chosen star holds the tab stop; without one, the first (APG radio group).
      star.tabIndex = i + 1 === (value || 1) ? 0 : -1;
    });
  };
  const clearError = () => {
    message.hidden = true;
    message.textContent = '';
    group.removeAttribute('aria-invalid');
    group.removeAttribute('aria-describedby');
  };
  const choose = (value: number, focus = false) => {
    field.value = String(value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    clearError();
    render();
    if (focus) stars[value - 1].focus();
  };

  const onClick = (event: Event) => {
    const star = (event.target as Element).closest('a[role="radio"]');
    if (!star) return;
    event.preventDefault();
    choose(stars.indexOf(star as HTMLAnchorElement) + 1, true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = stars.indexOf(event.target as HTMLAnchorElement);
    const value = index < 0 ? 0 : keyedRating(event.key, index);
    if (!value) return;
    event.preventDefault();
    choose(value, true);
  };
  const onReset = () => queueMicrotask(render);
  const onSubmit = (event: SubmitEvent) => {
    if (!settings.required || current() > 0) return;
    // spec §5: a required rating missing blocks the submit with the page's text.
    event.preventDefault();
    event.stopImmediatePropagation();
    message.textContent = settings.requiredText;
    message.hidden = false;
    message.setAttribute('role', 'alert');
    group.setAttribute('aria-invalid', 'true');
    group.setAttribute('aria-describedby', message.id);
    stars[0].focus();
    if (settings.alert) window.alert(settings.requiredText);
  };
  group.addEventListener('click', onClick);
  group.addEventListener('keydown', onKeyDown);
  // The field's own changes (a reset, a script) show in the stars.
  field.addEventListener('change', render);
  form.addEventListener('reset', onReset);
  form.addEventListener('submit', onSubmit, { capture: true });

  const showField = hideSelect(field);
  field.after(group, message);
  render();
  enhanced.set(form, {
    group,
    restore() {
      field.removeEventListener('change', render);
      form.removeEventListener('reset', onReset);
      form.removeEventListener('submit', onSubmit, { capture: true });
      group.remove();
      message.remove();
      if (label && !labelHadId) label.removeAttribute('id');
      showField();
      enhanced.delete(form);
    },
  });
  return group;
}

/**
 * Enhances every review form under `root` (WooCommerce's `#commentform` with a rating field), now
 * and when one is added later (ajax); once per root. Returns the uninstall, which restores the
 * forms as printed.
 */
export const installReviewForm = definePageBehaviour({
  name: 'review-form',
  selector: REVIEW_FORM_SELECTOR,
  install(_root, context: BehaviourContext<Messages, ReviewFormOptions & BehaviourOptions>) {
    const forms = new Set<HTMLFormElement>();
    context.each<HTMLFormElement>(REVIEW_FORM_SELECTOR, (form) => {
      if (enhanceReviewForm(form, context.options)) forms.add(form);
    });
    return () => {
      for (const form of forms) enhanced.get(form)?.restore();
    };
  },
});
