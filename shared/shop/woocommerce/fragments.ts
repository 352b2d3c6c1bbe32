import { safeUrl } from '../../url.ts';
import type { CartLine, CartSnapshot } from '../cart-types.ts';

/**
 * WooCommerce's cart fragments (spec §3 Cart fragments) read into the neutral cart. Only the
 * WooCommerce adapter knows this markup; parsing happens in an inert document (DOMParser runs
 * no scripts and loads nothing), and every URL taken from it must pass `safeUrl`. Price HTML is
 * kept as the shop sent it and sanitised where it is shown (`SanitizedHtml`).
 */

/** WooCommerce's mini-cart fragment key. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';

const num = (value: string | null | undefined, fallback: number) => {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : fallback;
};
const url = (value: string | null | undefined) => safeUrl(value) ?? '';
const text = (node: Node | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * What tells a line apart from others of its product: the `dl.variation` WooCommerce prints under
 * it (wc_get_formatted_cart_item_data, cart/cart-item-data.php): per chosen attribute its name
 * does not say, and per add-on datum, a `dt` ("Gift wrap:") and a `dd` (`<p>Yes</p>`), as text.
 */
function detailsOf(li: Element): CartLine['details'] {
  const details = [...li.querySelectorAll('dl.variation > dt')].flatMap((dt) => {
    const value = dt.nextElementSibling?.localName === 'dd' ? text(dt.nextElementSibling) : '';
    return value ? [{ name: text(dt).replace(/\s*:$/, ''), value }] : [];
  });
  return details.length ? details : undefined;
}

/** Reads the lines, subtotal and links out of WooCommerce's mini-cart fragment HTML. */
export function parseMiniCart(html: string | undefined): Omit<CartSnapshot, 'hash' | 'fragments'> {
  if (!html) return { lines: [], count: 0, subtotalHtml: '', links: [] };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: CartLine[] = [];
  for (const li of doc.querySelectorAll('li.mini_cart_item, li.woocommerce-mini-cart-item')) {
    const remove = li.querySelector<HTMLAnchorElement>('a.remove, .remove_from_cart_button');
    const key = remove?.dataset.cart_item_key ?? '';
    if (!key) continue;
    const link = [...li.querySelectorAll<HTMLAnchorElement>('a')].find(
      (a) => a !== remove && a.getAttribute('href'),
    );
    const img = li.querySelector('img');
    const qtyInput = li.querySelector<HTMLInputElement>('input.qty, input[name$="[qty]"]');
    const quantityText = li.querySelector('.quantity')?.textContent ?? '';
    const quantity = qtyInput ? num(qtyInput.value, 1) : num(quantityText.split('×')[0], 1);
    const amount = li.querySelector('.quantity .amount, .quantity .woocommerce-Price-amount');
    // Flatsome's quantity markup (issue 11, Minor): a quantity input and the line's subtotal, no unit price.
    const total = li.querySelector('.product-subtotal .amount, .product-subtotal .woocommerce-Price-amount');
    const nameNode = link?.cloneNode(true) as HTMLElement | undefined;
    for (const img of nameNode?.querySelectorAll('img') ?? []) img.remove();
    const imageSrc = url(img?.getAttribute('src'));
    const details = detailsOf(li);
    lines.push({
      key,
      productId: remove?.dataset.product_id ?? '',
      sku: remove?.dataset.product_sku ?? '',
      name: text(nameNode),
      ...(details ? { details } : {}),
      url: url(link?.getAttribute('href')),
      // A srcset is a list of URLs: kept only when every candidate passes.
      image:
        img && imageSrc
          ? { src: imageSrc, srcset: safeSrcset(img.getAttribute('srcset')), alt: img.alt }
          : null,
      quantity,
      priceHtml: amount ? amount.outerHTML : '',
      totalHtml: total ? total.outerHTML : '',
      removeHref: url(remove?.getAttribute('href')),
      removeData: dataAttributes(remove),
      limits: {
        min: num(qtyInput?.getAttribute('min'), 0),
        max: qtyInput?.getAttribute('max') ? num(qtyInput.getAttribute('max'), 0) || null : null,
        step: num(qtyInput?.getAttribute('step'), 1) || 1,
      },
    });
  }
  const total = doc.querySelector('.woocommerce-mini-cart__total .amount, .total .amount');
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('.woocommerce-mini-cart__buttons a, .buttons a')]
    .map((a) => ({
      href: url(a.getAttribute('href')),
      text: (a.textContent ?? '').trim(),
      checkout: a.classList.contains('checkout'),
    }))
    .filter((link) => link.href !== '');
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalHtml: total ? total.outerHTML : '',
    links,
  };
}

/** An element's `data-*` attributes, names without the prefix. */
function dataAttributes(el: Element | null): Record<string, string> {
  const data: Record<string, string> = {};
  for (const attr of el?.attributes ?? []) {
    if (attr.name.startsWith('data-')) data[attr.name.slice(5)] = attr.value;
  }
  return data;
}

/** A `srcset` whose every candidate URL is http(s); '' otherwise. */
function safeSrcset(srcset: string | null): string {
  if (!srcset) return '';
  const candidates = srcset
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return candidates.every((c) => safeUrl(c.split(/\s+/)[0]) !== null) ? srcset : '';
}

/** The neutral cart for WooCommerce fragments and hash (from a response, storage or a jQuery event). */
export function cartFromFragments(fragments: Record<string, string>, hash: string): CartSnapshot {
  return { ...parseMiniCart(fragments[MINI_CART_SELECTOR]), hash, fragments };
}
