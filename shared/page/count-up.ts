import { definePageBehaviour } from './define-behaviour.ts';
import { type Tween, tween } from './tween.ts';

export const COUNT_UP_SELECTOR = '.count-up, [data-count-up]';

/**
 * Count-up numbers (spec §2 Other; §9 Theme "Count-up duration 4 s").
 *
 * Markup:
 *
 *   <span class="count-up">12,500+</span>            (or data-count-up; Flatsome's class)
 *   <span class="count-up" data-count-to="99.5">99.5 %</span>
 *
 * The number is read from the text in the page's language (the element's `lang`, inherited, else
 * the browser's): its group and decimal separators come from `Intl.NumberFormat`, so "12,500" in
 * en and "12.500" in de are both 12500; `data-count-to` (a plain number, `.` for decimals) wins
 * when present. Text before and after the number stays. The first time the element enters the
 * viewport (IntersectionObserver) it counts from 0 up to the number over 4 s on the injected
 * clock, each step formatted with `Intl.NumberFormat` of the page's language and as many decimals
 * as the number has; the last step is the exact number. The element carries
 * `data-count-state="running"`, then `"done"`. Under reduced motion it is only formatted, with no
 * counting. Until it starts, the text is the theme's own, so the number is right without script.
 */

/** spec §9 Theme: count-up duration 4 s. */
export const COUNT_UP_MS = 4000;

interface Parsed {
  prefix: string;
  value: number;
  decimals: number;
  suffix: string;
  format: Intl.NumberFormat;
}

const languageOf = (el: Element): string | undefined =>
  el.closest('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || undefined;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads the number in an element's text (or `data-count-to`) in its language; null if none. */
export function parseCount(el: HTMLElement): Parsed | null {
  let language = languageOf(el);
  try {
    new Intl.NumberFormat(language);
  } catch {
    language = undefined; // an invalid lang attribute: the browser's language
  }
  const parts = new Intl.NumberFormat(language).formatToParts(1234567.8);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const text = el.textContent ?? '';
  // Digits with the language's separators (and the spaces some languages group with).
  const groups = new Set([group, ' ', '\u00a0', '\u202f']);
  const number = new RegExp(
    `-?\\d(?:[\\d${[...groups].map(escapeRegExp).join('')}]*\\d)?(?:${escapeRegExp(decimal)}\\d+)?`,
  );
  const match = number.exec(text);
  const given = el.dataset.countTo;
  let value: number;
  let decimals: number;
  if (given !== undefined && given.trim() !== '' && Number.isFinite(Number(given))) {
    value = Number(given);
    decimals = given.includes('.') ? given.split('.')[1].length : 0;
  } else if (match) {
    const [whole, fraction = ''] = match[0].split(decimal);
    value = Number(`${[...whole].filter((c) => !groups.has(c)).join('')}${fraction ? `.${fraction}` : ''}`);
    decimals = fraction.length;
  } else return null;
  if (!Number.isFinite(value)) return null;
  const prefix = match ? text.slice(0, match.index) : '';
  const suffix = match ? text.slice(match.index + match[0].length) : '';
  const format = new Intl.NumberFormat(language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return { prefix, value, decimals, suffix, format };
}

/** Installs the count-up numbers under the root (and those added later). */
export const installCountUp = definePageBehaviour({
  name: 'count-up',
  selector: COUNT_UP_SELECTOR,
  install(_root, context) {
    const clock = context.clock;
    const numbers = new Map<HTMLElement, Parsed>();
    const running = new Set<Tween>();

    const start = (el: HTMLElement) => {
      const parsed = numbers.get(el);
      if (!parsed) return;
      const show = (n: number) => {
        el.textContent = `${parsed.prefix}${parsed.format.format(n)}${parsed.suffix}`;
      };
      if (context.reducedMotion()) {
        show(parsed.value);
        el.dataset.countState = 'done';
        return;
      }
      el.dataset.countState = 'running';
      const t = tween(
        clock,
        COUNT_UP_MS,
        (p) => show(p >= 1 ? parsed.value : parsed.value * p),
        () => {
          running.delete(t);
          el.dataset.countState = 'done';
        },
      );
      running.add(t);
    };

    const seen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.unobserve(entry.target);
        start(entry.target as HTMLElement);
      }
    });

    context.each(COUNT_UP_SELECTOR, (el) => {
      if (numbers.has(el) || el.dataset.countState) return;
      const parsed = parseCount(el);
      if (!parsed) {
        console.error('storefront elements: a count-up element holds no number.', el);
        return;
      }
      numbers.set(el, parsed);
      seen.observe(el);
    });
    return () => {
      seen.disconnect();
      for (const t of running) t.stop();
    };
  },
});
