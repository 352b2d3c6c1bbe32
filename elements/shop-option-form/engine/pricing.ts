/**
 * Field prices and the price summary (spec §9 "Price rules", spec §3 "Pricing").
 * fixed, multiply, percentage, per_car and custom (formula); priceOptions different_for_all;
 * use_as_fee from section or field; quantity; discount; price_override; rounding except for
 * percentage pricing; money formatting.
 */
import { formatMoney, type MoneyFormat, roundMoney } from '../../../shared/format/money.ts';
import { toNumber } from './coerce.ts';
import type { CompiledFormula, FormulaRuntime, RefResolver } from './formula.ts';
import { OTHER_MARKER } from './logic.ts';
import type { FieldDef, OptionValue, PageConfig, ProductData } from './schema.ts';
import type { FieldValue, PriceSummary, Quantity } from './types.ts';

/** Result of pricing one field. */
export interface FieldPrice {
  price: number;
  rawPrice: number;
  /** Per selected option (choice fields). */
  options: Array<OptionValue & { price: number; quantity?: number }>;
  error?: string;
}

/** The formula a custom-priced field uses: a config template by formulaId, or its price. */
export function priceFormulaOf(
  def: FieldDef,
  config: PageConfig,
  formulas: FormulaRuntime,
): CompiledFormula | undefined {
  if (!def.enablePrice || def.pricingType !== 'custom') return undefined;
  const src =
    def.formulaId && Object.hasOwn(config.formulas, def.formulaId)
      ? config.formulas[def.formulaId]
      : def.price;
  return formulas.compile(src ?? '');
}

/** Flattens option groups (select optgroups) into one list. */
export function flatOptions(values: readonly OptionValue[]): OptionValue[] {
  const out: OptionValue[] = [];
  for (const v of values)
    if (v.options?.length) out.push(...flatOptions(v.options));
    else out.push(v);
  return out;
}

/** True for an empty value: '', null, false, [] or an all-blank array. */
export function isEmptyValue(v: FieldValue | undefined): boolean {
  if (v === null || v === undefined || v === false || v === '') return true;
  if (Array.isArray(v)) return v.every((x) => (typeof x === 'string' ? x.trim() === '' : !x));
  if (typeof v === 'object' && 'value' in v) return !v.value;
  return false;
}

function isNumeric(v: unknown): boolean {
  return (
    (typeof v === 'number' && Number.isFinite(v)) ||
    (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))
  );
}

/** Characters counted by per_car pricing, after the optional exclusion (characters or a regex). */
export function countedLength(value: string, def: FieldDef): number {
  let text = value;
  const excl = def.excl_chars_frm_length;
  if (excl) {
    if (def.excl_chars_frm_length_is_regex) {
      // Accept both 'pattern' and '/pattern/flags' as WCPA does; always global.
      const m = /^\/(.*)\/([a-z]*)$/su.exec(excl);
      try {
        const re = new RegExp(m ? m[1] : excl, `${(m?.[2] ?? 'i').replace(/[gy]/gu, '')}gu`);
        text = text.replace(re, '');
      } catch {
        // A bad pattern counts every character, as WCPA does when preg_replace fails.
      }
    } else {
      const chars = new Set(Array.from(excl.replace(/\\s/gu, ' ')));
      text = Array.from(text)
        .filter((c) => !chars.has(c))
        .join('');
    }
  }
  return Array.from(text).length;
}

function unitPrice(
  def: FieldDef,
  base: number | string | undefined,
  value: string,
  product: ProductData,
  formula: CompiledFormula | undefined,
  formulas: FormulaRuntime,
  resolve: RefResolver,
): { raw: number; error?: string; percentage: boolean } {
  switch (def.pricingType) {
    case 'custom': {
      if (!formula) return { raw: 0, percentage: false };
      const r = formulas.evaluateNumber(formula, resolve);
      return { raw: r.value, error: r.error, percentage: false };
    }
    case 'percentage':
      return { raw: (toNumber(base ?? 0) * product.product_price) / 100 || 0, percentage: true };
    case 'multiply': {
      // A non-numeric value multiplies by 1; negative results are not allowed (WCPA).
      const factor = isNumeric(value) ? Number(value) : 1;
      return { raw: Math.max(0, factor * (toNumber(base ?? 0) || 0)), percentage: false };
    }
    case 'per_car':
      return { raw: countedLength(value, def) * (toNumber(base ?? 0) || 0), percentage: false };
    default:
      return { raw: toNumber(base ?? 0) || 0, percentage: false };
  }
}

/**
 * Prices one field. `resolve` reads formula placeholders; for choice fields it is called with the
 * option value in place of `{value}` through `resolveFor`.
 */
export function priceField(
  def: FieldDef,
  value: FieldValue,
  quantity: Quantity | undefined,
  product: ProductData,
  config: PageConfig,
  formula: CompiledFormula | undefined,
  formulas: FormulaRuntime,
  resolveFor: (optionValue: string | undefined) => RefResolver,
): FieldPrice {
  const none: FieldPrice = { price: 0, rawPrice: 0, options: [] };
  if (!def.enablePrice || isEmptyValue(value)) return none;
  const decimals = config.money.decimals;
  const round = (x: number, percentage: boolean) => (percentage ? x : roundMoney(x, decimals));
  let error: string | undefined;

  if (Array.isArray(value) && (def.values.length > 0 || def.type === 'checkbox-group')) {
    const all = flatOptions(def.values);
    const options: FieldPrice['options'] = [];
    let raw = 0;
    let price = 0;
    for (const v of value as unknown[]) {
      if (typeof v !== 'string' || v.trim() === '') continue;
      const isOther = v.startsWith(OTHER_MARKER);
      const option = isOther ? undefined : all.find((o) => o.value === v);
      if (!option && !isOther) continue;
      const base = def.priceOptions === 'different_for_all' && option ? option.price : def.price;
      const text = isOther ? v.slice(OTHER_MARKER.length) : v;
      const u = unitPrice(def, base, text, product, formula, formulas, resolveFor(text));
      error ??= u.error;
      const q = quantityOf(def, quantity, v);
      options.push({
        ...(option ?? { label: def.other_text ?? 'Other', value: v, selected: true }),
        price: round(u.raw, u.percentage) * q,
        ...(def.enable_quantity ? { quantity: q } : {}),
      });
      raw += u.raw * q;
      price += round(u.raw, u.percentage) * q;
    }
    return { price, rawPrice: raw, options, error };
  }

  const text = scalarText(value);
  const u = unitPrice(def, def.price, text, product, formula, formulas, resolveFor(undefined));
  const q = quantityOf(def, quantity, undefined);
  return { price: round(u.raw, u.percentage) * q, rawPrice: u.raw * q, options: [], error: u.error };
}

/** The field's own quantity multiplier (1 unless enable_quantity). */
export function quantityOf(
  def: FieldDef,
  quantity: Quantity | undefined,
  option: string | undefined,
): number {
  if (!def.enable_quantity || quantity === undefined) return 1;
  const q = typeof quantity === 'number' ? quantity : option !== undefined ? quantity[option] : undefined;
  return typeof q === 'number' && Number.isFinite(q) && q >= 0 ? q : 1;
}

/** A value as one text: arrays joined by ', ', files by name, places by address. */
export function scalarText(value: FieldValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : v.name)).join(', ');
  return value.value;
}

/** A price as the shop shows it (spec §9 "Price formatting"). */
export function moneyFormatOf(config: PageConfig): MoneyFormat {
  return { ...config.money };
}

/** Formats an amount with the shop's money format. */
export function viewPrice(amount: number, config: PageConfig): string {
  return formatMoney(amount, moneyFormatOf(config));
}

/** One priced field as the summary sees it. */
export interface PricedItem {
  price: number;
  isFee: boolean;
}

/**
 * The price summary. Rules (documented in README "Pricing"):
 * - options total = non-fee prices × quantity when change_price_with_quantity, fees are per line;
 * - discount = options total × percentage / 100 + fixed, at most the options total;
 * - price_override: always → product price ignored; if_gt_zero → ignored when the options price
 *   is above zero; maximum → the larger of product line and options line.
 */
export function summarize(
  items: Iterable<PricedItem>,
  product: ProductData,
  config: PageConfig,
): PriceSummary {
  let optionsPrice = 0;
  let fee = 0;
  for (const it of items) {
    if (it.isFee) fee += it.price;
    else optionsPrice += it.price;
  }
  const decimals = config.money.decimals;
  const quantity = Number.isFinite(product.quantity) && product.quantity > 0 ? product.quantity : 1;
  const optionsTotal = roundMoney(
    config.change_price_with_quantity ? optionsPrice * quantity : optionsPrice,
    decimals,
  );
  const rawDiscount = (optionsTotal * config.discount.percentage) / 100 + config.discount.fixed;
  const discount = roundMoney(Math.min(Math.max(0, rawDiscount), Math.max(0, optionsTotal)), decimals);
  const optionsNet = optionsTotal - discount;
  let productLine = roundMoney(product.product_price * quantity, decimals);
  let total: number;
  switch (config.price_override) {
    case 'always':
      productLine = 0;
      total = optionsNet + fee;
      break;
    case 'if_gt_zero':
      if (optionsPrice > 0) productLine = 0;
      total = productLine + optionsNet + fee;
      break;
    case 'maximum':
      total = Math.max(productLine, optionsNet) + fee;
      if (optionsNet >= productLine) productLine = 0;
      break;
    default:
      total = productLine + optionsNet + fee;
  }
  total = roundMoney(total, decimals);
  // spec §3 Product data `is_taxable`: a product that is not taxable has no tax in its suffix prices.
  const rate = product.is_taxable === false ? 0 : (config.tax_rate_real || config.tax_rate) / 100;
  const priceIncludingTax = roundMoney(config.prices_include_tax ? total : total * (1 + rate), decimals);
  const priceExcludingTax = roundMoney(config.prices_include_tax ? total / (1 + rate) : total, decimals);
  const fmt = (x: number) => viewPrice(x, config);
  const suffix = (config.price_suffix ?? '')
    .replaceAll('{price_including_tax}', fmt(priceIncludingTax))
    .replaceAll('{price_excluding_tax}', fmt(priceExcludingTax));
  return {
    optionsPrice: roundMoney(optionsPrice, decimals),
    optionsTotal,
    fee: roundMoney(fee, decimals),
    discount,
    productPrice: productLine,
    total,
    quantity,
    priceIncludingTax,
    priceExcludingTax,
    suffix,
    formatted: {
      optionsTotal: fmt(optionsTotal),
      fee: fmt(fee),
      discount: fmt(discount),
      productPrice: fmt(productLine),
      total: fmt(total),
    },
  };
}
