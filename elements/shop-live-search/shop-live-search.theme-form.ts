import { safeUrl } from '../../shared/url.ts';
import type { LiveSearchSettings } from './shop-live-search.settings.ts';

/**
 * What the element takes over from the theme's own search form (spec §2 Search: a
 * `form.searchform` with a results area, an optional category dropdown and a search field).
 * Without JavaScript that form submits to the results page on its own; with it, the element
 * renders the same controls in its shadow root (ARIA references cannot cross it) and submits the
 * theme's form with the values typed there.
 */
export interface ThemeForm {
  /** The theme's form, or null when the element stands alone. */
  form: HTMLFormElement | null;
  /** The theme's search field (`name="s"` or `.search-field`). */
  input: HTMLInputElement | null;
  /** The theme's category dropdown (`name="product_cat"`, spec §3). */
  select: HTMLSelectElement | null;
  /** True when the form sits outside the element (it is hidden while the element runs). */
  outside: boolean;
  label: string;
  placeholder: string;
  value: string;
  categoryLabel: string;
  categories: { value: string; label: string }[];
  category: string;
  button: string;
}

function labelOf(control: HTMLElement | null, scope: ParentNode | null): string {
  if (!control) return '';
  const aria = control.getAttribute('aria-label')?.trim();
  if (aria) return aria;
  if (control.id && scope) {
    const label = scope.querySelector(`label[for="${CSS.escape(control.id)}"]`);
    const text = label?.textContent?.trim();
    if (text) return text;
  }
  return control.closest('label')?.textContent?.trim() ?? '';
}

/** Finds the theme's search form: inside the element, by the `form` setting's id, or beside it. */
export function findThemeForm(
  host: HTMLElement,
  formId: string,
): { form: HTMLFormElement | null; outside: boolean } {
  const inside =
    host.querySelector<HTMLFormElement>('form.searchform') ?? host.querySelector<HTMLFormElement>('form');
  if (inside) return { form: inside, outside: false };
  const root = host.getRootNode() as Document | ShadowRoot;
  if (formId) {
    const byId = root.getElementById?.(formId);
    if (byId instanceof HTMLFormElement) return { form: byId, outside: true };
  }
  for (const sibling of [host.previousElementSibling, host.nextElementSibling]) {
    if (sibling instanceof HTMLFormElement && sibling.matches('.searchform'))
      return { form: sibling, outside: true };
  }
  return { form: null, outside: false };
}

/** Reads the theme's form (once per mount); missing parts fall back to the settings' messages. */
export function readThemeForm(host: HTMLElement, settings: LiveSearchSettings): ThemeForm {
  const { form, outside } = findThemeForm(host, settings.form);
  const { messages } = settings;
  const input =
    form?.querySelector<HTMLInputElement>('input[name="s"]') ??
    form?.querySelector<HTMLInputElement>('input.search-field') ??
    null;
  const select = form?.querySelector<HTMLSelectElement>('select[name="product_cat"]') ?? null;
  const button = form?.querySelector<HTMLButtonElement | HTMLInputElement>(
    'button[type="submit"], button:not([type]), input[type="submit"]',
  );
  const buttonText =
    button instanceof HTMLInputElement
      ? button.value
      : (button?.getAttribute('aria-label') ?? button?.textContent ?? '');
  return {
    form,
    input,
    select,
    outside,
    label: labelOf(input, form) || messages.label,
    placeholder: input?.placeholder || messages.placeholder,
    value: input?.value ?? '',
    categoryLabel: labelOf(select, form) || messages.category,
    categories: select
      ? [...select.options].map((o) => ({ value: o.value, label: o.textContent ?? o.value }))
      : [],
    category: select?.value ?? '',
    button: buttonText.trim() || messages.button,
  };
}

/**
 * Hides a theme form that sits beside the element: it stays the no-JavaScript fallback and comes
 * back when the element goes. Returns the function that restores it.
 */
export function hideOutsideForm(theme: ThemeForm): () => void {
  const { form, outside } = theme;
  if (!form || !outside) return () => {};
  const wasHidden = form.hidden;
  form.hidden = true;
  return () => {
    form.hidden = wasHidden;
  };
}

/**
 * Submits the theme's own form with the values typed in the element, so it goes to the results
 * page with its hidden fields and submit listeners. False when there is no theme form.
 */
export function submitThemeForm(theme: ThemeForm, query: string, category: string): boolean {
  const { form, input, select } = theme;
  if (!form) return false;
  if (input) input.value = query;
  if (select) select.value = category;
  if (typeof form.requestSubmit === 'function') form.requestSubmit();
  else form.submit();
  return true;
}

/**
 * The results page without a theme form: `action` (only an http(s) URL, else the site root)
 * with `?s=<query>&product_cat=<category>&post_type=product`.
 */
export function resultsUrl(action: string, base: string, query: string, category: string): string {
  const target = new URL(safeUrl(action, base) ?? new URL('/', base).href);
  target.searchParams.set('s', query);
  if (category) target.searchParams.set('product_cat', category);
  target.searchParams.set('post_type', 'product');
  return target.href;
}
