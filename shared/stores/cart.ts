import { map } from 'nanostores';
import { sanitizeHtml } from '../sanitize.ts';

/** One line of the mini-cart, read from WooCommerce's mini-cart fragment (spec §3 Cart item). */
export interface CartLine {
  key: string;
  productId: string;
  sku: string;
  name: string;
  url: string;
  image: { src: string; srcset: string; alt: string } | null;
  quantity: number;
  /** Sanitised price HTML of one unit. */
  priceHtml: string;
  /** The remove link's href: followed when the ajax remove fails (spec §8). */
  removeHref: string;
  /** The line's quantity input limits (spec §5 Quantity inputs: min default 0, step default 1). */
  limits: { min: number; max: number | null; step: number };
}

export interface CartState {
  /** `cart_hash` from the shop ('' for an empty or unknown cart). */
  hash: string;
  /** selector -> HTML, as the shop sent them. */
  fragments: Record<string, string>;
  lines: CartLine[];
  count: number;
  /** Sanitised subtotal HTML. */
  subtotalHtml: string;
  /** View cart / checkout links from the fragment. */
  links: { href: string; text: string; checkout: boolean }[];
  /** True once the contents are known (from storage or the shop). */
  known: boolean;
  /** Cart item keys with a request in flight (those rows are blocked, spec §4 Mini-cart). */
  pending: string[];
  /** True while an add or refresh is running. */
  busy: boolean;
  /** The last error message, '' when fine. */
  error: string;
}

export const EMPTY_CART: CartState = {
  hash: '',
  fragments: {},
  lines: [],
  count: 0,
  subtotalHtml: '',
  links: [],
  known: false,
  pending: [],
  busy: false,
  error: '',
};

/** `$cart`: the cart as every element shows it (DESIGN §4). */
export const $cart = map<CartState>({ ...EMPTY_CART });

/** WooCommerce's mini-cart fragment key. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';

const num = (value: string | null | undefined, fallback: number) => {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : fallback;
};

/**
 * Reads the lines, subtotal and links out of WooCommerce's mini-cart fragment. Parsing happens
 * in an inert document (DOMParser runs no scripts and loads nothing).
 */
export function parseMiniCart(
  html: string | undefined,
): Pick<CartState, 'lines' | 'count' | 'subtotalHtml' | 'links'> {
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
    const nameNode = link?.cloneNode(true) as HTMLElement | undefined;
    for (const img of nameNode?.querySelectorAll('img') ?? []) img.remove();
    lines.push({
      key,
      productId: remove?.dataset.product_id ?? '',
      sku: remove?.dataset.product_sku ?? '',
      name: (nameNode?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      url: link?.getAttribute('href') ?? '',
      image: img
        ? { src: img.getAttribute('src') ?? '', srcset: img.getAttribute('srcset') ?? '', alt: img.alt }
        : null,
      quantity,
      priceHtml: amount ? sanitizeHtml(amount.outerHTML) : '',
      removeHref: remove?.getAttribute('href') ?? '',
      limits: {
        min: num(qtyInput?.getAttribute('min'), 0),
        max: qtyInput?.getAttribute('max') ? num(qtyInput.getAttribute('max'), 0) || null : null,
        step: num(qtyInput?.getAttribute('step'), 1) || 1,
      },
    });
  }
  const total = doc.querySelector('.woocommerce-mini-cart__total .amount, .total .amount');
  const links = [
    ...doc.querySelectorAll<HTMLAnchorElement>('.woocommerce-mini-cart__buttons a, .buttons a'),
  ].map((a) => ({
    href: a.getAttribute('href') ?? '',
    text: (a.textContent ?? '').trim(),
    checkout: a.classList.contains('checkout'),
  }));
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalHtml: total ? sanitizeHtml(total.outerHTML) : '',
    links,
  };
}
