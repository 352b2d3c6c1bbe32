import * as z from 'zod/mini';
import { intlFor } from './intl.ts';

/**
 * Visible strings (DESIGN §8): every element keeps them under one settings key, `messages`,
 * built with {@link messagesSchema}; placeholders are `{name}`; plurals come from
 * `Intl.PluralRules` in the language of the nearest `lang` attribute.
 */

/** Fills `{name}` placeholders in a configured text; unknown placeholders stay as written. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}

/**
 * The language of the nearest `lang` attribute above `node`, crossing shadow roots to their
 * hosts; undefined when none is set (then `Intl` uses the browser's language).
 */
export function languageOf(node: Node | null | undefined): string | undefined {
  let current: Node | null | undefined = node;
  while (current) {
    if (current instanceof Element) {
      const lang = current.closest('[lang]')?.getAttribute('lang');
      if (lang) return lang;
      const root = current.getRootNode();
      current = root instanceof ShadowRoot ? root.host : null;
    } else {
      current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
    }
  }
  return undefined;
}

/** `Intl.PluralRules` for `lang`, falling back to the browser's language for an invalid tag. */
function pluralRules(lang: string | undefined): Intl.PluralRules {
  return intlFor('plural', lang, (l) => new Intl.PluralRules(l));
}

/** Plural forms of one message; `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Picks the plural form for `count` in `lang` and fills `{count}` (and any other `values`). */
export function plural(
  lang: string | undefined,
  count: number,
  forms: PluralForms,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const rule = pluralRules(lang).select(count);
  const text = forms[rule] ?? forms.other;
  return fill(text, { count, ...values });
}

/**
 * The `messages` settings key of an element: one string field per entry of `defaults`, each
 * defaulted, the whole object defaulted (`schema.parse({})` fills every text). With `more`, other
 * string keys are kept as given: the texts of parts that load later, whose defaults stay in their
 * own chunks (read through {@link textsFrom}); a key that is not a string is reported and dropped.
 */
export function messagesSchema<const T extends Record<string, string>>(
  defaults: T,
): z.ZodMiniPrefault<z.ZodMiniObject<DefaultedTexts<T>>>;
export function messagesSchema<const T extends Record<string, string>>(
  defaults: T,
  more: 'more',
): z.ZodMiniPrefault<z.ZodMiniObject<DefaultedTexts<T>, z.core.$catchall<z.ZodMiniString<string>>>>;
export function messagesSchema(defaults: Record<string, string>, more?: 'more'): unknown {
  const shape = Object.fromEntries(
    Object.entries(defaults).map(([key, text]) => [key, z._default(z.string(), text)]),
  );
  const object = more ? z.catchall(z.object(shape), z.string()) : z.object(shape);
  // Every field is defaulted, so `{}` is a valid input; zod's generic input type cannot see that.
  return z.prefault(object, {} as never);
}

type DefaultedTexts<T> = { [K in keyof T]: z.ZodMiniDefault<z.ZodMiniString<string>> };

/**
 * The texts of a part that loads later (an extra of the option form): its `defaults`, each
 * replaced by the element's `messages` where they set a non-empty string.
 */
export function textsFrom<T extends Record<string, string>>(defaults: T, messages: object): T {
  const given = messages as Readonly<Record<string, unknown>>;
  const out: Record<string, string> = { ...defaults };
  for (const key of Object.keys(out)) {
    const text = given[key];
    if (typeof text === 'string' && text) out[key] = text;
  }
  return out as T;
}
