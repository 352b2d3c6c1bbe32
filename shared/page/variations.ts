import type { Attributes, Variation } from '../shop/types.ts';

/**
 * The rules of variation swatches (spec §3 Swatch variation, §4 Swatches, §5 Swatches), pure:
 * no DOM, no page, so they are tested with generated variation sets. Matching is WooCommerce's
 * (add-to-cart-variation.js `isMatch`): an attribute the variation leaves empty is "any" and
 * matches every value; an attribute nobody chose matches every variation.
 */

/** What a swatch shows (spec §4: selected, disabled, no-stock). */
export type ChoiceState = 'enabled' | 'no-stock' | 'disabled' | 'hidden';

export interface ChoiceInfo {
  state: ChoiceState;
  /** Stock left of the variation this choice completes, at or below the threshold (spec §5). */
  stockLeft: number | null;
  /** The shop's own words for that stock (its `variation_stock_left`), when it prints them. */
  stockText?: string;
}

export interface ChoiceRules {
  /** Out-of-stock choices are hidden rather than shown disabled as no-stock (spec §5). */
  hideOutOfStock?: boolean;
  /** Low-stock threshold: a label at or below it; 0 for none (spec §5, §9: from options). */
  threshold?: number;
}

/** WooCommerce's isMatch: every attribute set on both sides agrees. */
export function isMatch(variation: Attributes, chosen: Attributes): boolean {
  for (const [name, value] of Object.entries(variation)) {
    const want = chosen[name];
    if (value && want && value !== want) return false;
  }
  return true;
}

const active = (v: Variation) => v.variation_is_active !== false;
export const inStock = (v: Variation): boolean => v.is_in_stock !== false;

/** A variation can be added to the cart (WooCommerce's `purchasable` in onFoundVariation). */
export function isPurchasable(v: Variation): boolean {
  return v.is_purchasable !== false && inStock(v) && v.variation_is_visible !== false;
}

/** Variations matching the chosen attributes. */
export function matching(variations: readonly Variation[], chosen: Attributes): Variation[] {
  return variations.filter((v) => isMatch(v.attributes, chosen));
}

/** Whether every one of `names` has a value. */
export function isComplete(names: readonly string[], chosen: Attributes): boolean {
  return names.length > 0 && names.every((n) => Boolean(chosen[n]));
}

/**
 * The variation for a complete choice: the first matching one in stock, else the first matching
 * (WooCommerce takes the first match); undefined while a choice is missing or nothing matches.
 */
export function findVariation(
  variations: readonly Variation[],
  names: readonly string[],
  chosen: Attributes,
): Variation | undefined {
  if (!isComplete(names, chosen)) return undefined;
  const found = matching(variations, chosen).filter(active);
  return found.find(inStock) ?? found[0];
}

/**
 * Stock left of a variation when the shop manages it, else null (spec §3 Swatch variation): the
 * count in its `variation_stock_left` (the swatches plugin's "2 left", or a bare number), with
 * `max_qty` (WooCommerce's most that can be bought) as the fallback.
 */
export function stockOf(v: Variation): number | null {
  const left = /\d+/.exec(String(v.variation_stock_left ?? ''));
  if (left) return Number(left[0]);
  const n = typeof v.max_qty === 'number' ? v.max_qty : Number.parseFloat(String(v.max_qty ?? ''));
  return Number.isFinite(n) ? n : null;
}

/** The shop's own low-stock words of a variation (`variation_stock_left` when it is more than a number). */
export function stockTextOf(v: Variation): string | undefined {
  const words = typeof v.variation_stock_left === 'string' ? v.variation_stock_left.trim() : '';
  return words && !/^\d+$/.test(words) ? words : undefined;
}

/**
 * The state of choosing `value` for `name` given the other choices: disabled when no active
 * variation matches (an unavailable combination), no-stock (or hidden) when none of those is in
 * stock, else enabled, with the low-stock count when the choice completes a variation whose
 * stock is at or below the threshold.
 */
export function choiceInfo(
  variations: readonly Variation[],
  names: readonly string[],
  chosen: Attributes,
  name: string,
  value: string,
  rules: ChoiceRules = {},
): ChoiceInfo {
  const next = { ...chosen, [name]: value };
  const found = matching(variations, next).filter(active);
  if (found.length === 0) return { state: 'disabled', stockLeft: null };
  if (!found.some(inStock)) return { state: rules.hideOutOfStock ? 'hidden' : 'no-stock', stockLeft: null };
  const threshold = rules.threshold ?? 0;
  const variation = threshold > 0 ? findVariation(variations, names, next) : undefined;
  const left = variation && inStock(variation) ? stockOf(variation) : null;
  if (left === null || left > threshold) return { state: 'enabled', stockLeft: null };
  const stockText = variation ? stockTextOf(variation) : undefined;
  return stockText ? { state: 'enabled', stockLeft: left, stockText } : { state: 'enabled', stockLeft: left };
}

/** Whether a choice in this state can be chosen. */
export const selectable = (state: ChoiceState): boolean => state === 'enabled';

/** The states of every value of every attribute (`values[name]` lists the attribute's values). */
export function choiceStates(
  variations: readonly Variation[],
  values: Readonly<Record<string, readonly string[]>>,
  chosen: Attributes,
  rules: ChoiceRules = {},
): Record<string, Record<string, ChoiceInfo>> {
  const names = Object.keys(values);
  const out: Record<string, Record<string, ChoiceInfo>> = {};
  for (const name of names) {
    out[name] = {};
    for (const value of values[name])
      out[name][value] = choiceInfo(variations, names, chosen, name, value, rules);
  }
  return out;
}

/**
 * Clears, in attribute order, every choice that cannot be chosen given the others (spec §5:
 * optional deselection of unavailable choices). Every choice left is selectable: clearing one
 * only widens what the others match.
 */
export function deselectUnavailable(
  variations: readonly Variation[],
  names: readonly string[],
  chosen: Attributes,
  rules: ChoiceRules = {},
): Attributes {
  const next = { ...chosen };
  for (const name of names) {
    const value = next[name];
    if (value && !selectable(choiceInfo(variations, names, next, name, value, rules).state)) next[name] = '';
  }
  return next;
}
