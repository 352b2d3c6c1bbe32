/**
 * WooCommerce-style money formatting (spec §9 "Product page and cart": configured decimals,
 * decimal and thousand separators, currency symbol, with a hide-zero-price option).
 * Pure: no DOM, safe to run on a server.
 */

/** Where the currency symbol goes, as in WooCommerce's `woocommerce_currency_pos` option. */
export type CurrencyPosition = 'left' | 'right' | 'left_space' | 'right_space';

/** The shop's price format. Every field is optional; missing ones use WooCommerce's defaults. */
export interface MoneyFormat {
  /** Number of decimals (`wc_get_price_decimals`), default 2. */
  decimals?: number;
  /** Decimal separator, default `.`. */
  decimalSeparator?: string;
  /** Thousand separator, default `,`. */
  thousandSeparator?: string;
  /** Currency symbol as text (already decoded, e.g. `€`), default `$`. */
  currencySymbol?: string;
  /** Symbol position, default `left`. */
  position?: CurrencyPosition;
  /** Return an empty string for a zero amount (the shop's hide-zero-price option). */
  hideZero?: boolean;
  /** Drop trailing zero decimals (WooCommerce's `woocommerce_price_trim_zeros` filter). */
  trimZeros?: boolean;
}

const DEFAULTS = {
  decimals: 2,
  decimalSeparator: '.',
  thousandSeparator: ',',
  currencySymbol: '$',
  position: 'left' as CurrencyPosition,
};

/** Rounds half away from zero to `decimals`, like PHP's round() used by WooCommerce. */
export function roundMoney(amount: number, decimals = 2): number {
  if (!Number.isFinite(amount)) return 0;
  const d = Math.max(0, Math.min(10, Math.trunc(decimals)));
  const factor = 10 ** d;
  // Number.EPSILON nudge so 1.005 rounds to 1.01 as PHP does, not 1.00.
  const rounded = Math.round((Math.abs(amount) + Number.EPSILON * Math.abs(amount)) * factor) / factor;
  return amount < 0 ? -rounded : rounded;
}

/** Formats a number with fixed decimals and the given separators (PHP number_format). */
export function formatNumber(
  amount: number,
  decimals = DEFAULTS.decimals,
  decimalSeparator = DEFAULTS.decimalSeparator,
  thousandSeparator = DEFAULTS.thousandSeparator,
): string {
  const d = Math.max(0, Math.min(10, Math.trunc(Number.isFinite(decimals) ? decimals : 2)));
  const value = roundMoney(Number.isFinite(amount) ? amount : 0, d);
  const [int, frac = ''] = Math.abs(value).toFixed(d).split('.');
  let grouped = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += thousandSeparator;
    grouped += int[i];
  }
  const sign = value < 0 ? '-' : '';
  return sign + grouped + (d > 0 ? decimalSeparator + frac : '');
}

/**
 * Formats an amount as the shop shows prices, e.g. `$1,234.50`, `1.234,50 €`.
 * Negative amounts put the sign before the whole price as wc_price() does (`-$5.00`).
 */
export function formatMoney(amount: number, format: MoneyFormat = {}): string {
  const f = { ...DEFAULTS, ...stripUndefined(format) };
  const value = Number.isFinite(amount) ? amount : 0;
  if (f.hideZero && roundMoney(value, f.decimals) === 0) return '';
  let number = formatNumber(Math.abs(value), f.decimals, f.decimalSeparator, f.thousandSeparator);
  if (f.trimZeros && f.decimals > 0) {
    const zeros = f.decimalSeparator + '0'.repeat(f.decimals);
    if (number.endsWith(zeros)) number = number.slice(0, -zeros.length);
  }
  const sign = roundMoney(value, f.decimals) < 0 ? '-' : '';
  const s = f.currencySymbol;
  switch (f.position) {
    case 'right':
      return sign + number + s;
    case 'left_space':
      return sign + s + '\u00a0' + number;
    case 'right_space':
      return sign + number + '\u00a0' + s;
    default:
      return sign + s + number;
  }
}

/** Reads the currency symbol for an ISO code through Intl, for pages that only give the code. */
export function currencySymbolFor(code: string, locale?: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
