import { formatNumber } from '../../format/money.ts';

/**
 * Shopify's money formats (issue 18): the shop's `money_format` with one of its placeholders,
 * filled from an amount in cents, as Shopify's own `formatMoney` does.
 */
const PLACEHOLDERS: Readonly<Record<string, [decimals: number, thousands: string, decimal: string]>> = {
  amount: [2, ',', '.'],
  amount_no_decimals: [0, ',', '.'],
  amount_with_comma_separator: [2, '.', ','],
  amount_no_decimals_with_comma_separator: [0, '.', ','],
  amount_with_apostrophe_separator: [2, "'", '.'],
  amount_no_decimals_with_space_separator: [0, ' ', ','],
  amount_with_space_separator: [2, ' ', ','],
  amount_with_period_and_space_separator: [2, ' ', '.'],
};

/**
 * `cents` in the shop's format (`${{amount}}` -> `$1,134.65`). The format is the shop's HTML
 * (`&euro;{{amount}}`, `<span class=money>…</span>`): callers put the result through the
 * sanitiser, as every price HTML. An unknown placeholder is read as `{{amount}}`.
 */
export function formatShopifyMoney(cents: number, format: string): string {
  const value = Number.isFinite(cents) ? cents / 100 : 0;
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const [decimals, thousands, decimal] = PLACEHOLDERS[name] ?? PLACEHOLDERS.amount;
    const number = formatNumber(Math.abs(value), decimals, decimal, thousands);
    return value < 0 ? `-${number}` : number;
  });
}
