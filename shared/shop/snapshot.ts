import { formatNumber } from '../format/money.ts';

/**
 * Helpers the JSON-speaking adapters (Store API, Shopify; issue 18) share to build the neutral
 * cart: a cart hash where the shop sends none, prices as the small HTML the mini-cart shows, and
 * the shop's HTML-escaped text read as text. Loaded only with those adapters' chunks.
 */

/**
 * A stand-in for WooCommerce's cart hash, for shops that send none: changes whenever a line, a
 * quantity or the total changes ('' for an empty cart), so other tabs and the cart's reactions
 * see a new cart. FNV-1a over the lines and the total.
 */
export function cartHashOf(lines: ReadonlyArray<{ key: string; quantity: number }>, total: string): string {
  if (lines.length === 0) return '';
  let hash = 0x811c9dc5;
  const text = `${lines.map((l) => `${l.key}:${l.quantity}`).join('|')}|${total}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Text from a shop's HTML-escaped string (WordPress's product names, error messages): inert parsing. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** How a shop writes an amount in minor units (the Store API's currency fields). */
export interface MinorUnitFormat {
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  prefix: string;
  suffix: string;
}

/**
 * An amount in minor units (`"1800"` with minor unit 2) as the shop writes it (`$18.00`), as the
 * markup WooCommerce uses for prices (`span.woocommerce-Price-amount.amount`).
 */
export function minorUnitsHtml(minor: string | number, format: MinorUnitFormat): string {
  const unit = Math.max(0, Math.min(8, Math.trunc(format.minorUnit)));
  const value = Number(minor) / 10 ** unit;
  const amount = Number.isFinite(value) ? value : 0;
  const number = formatNumber(Math.abs(amount), unit, format.decimalSeparator, format.thousandSeparator);
  const text = `${amount < 0 ? '-' : ''}${format.prefix}${number}${format.suffix}`;
  return `<span class="woocommerce-Price-amount amount">${escapeHtml(text)}</span>`;
}
