import { logError } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';

/** The shops the library speaks to (issue 18). */
export const SHOP_ADAPTERS = ['woocommerce', 'store-api', 'shopify'] as const;
export type ShopAdapterName = (typeof SHOP_ADAPTERS)[number];

const isName = (value: unknown): value is ShopAdapterName =>
  typeof value === 'string' && (SHOP_ADAPTERS as readonly string[]).includes(value);

/**
 * Which adapter the page asks for (issue 18), read once when the first shop call is made:
 * `data-shop-adapter` on a script element (the autoloader's), else `shop_adapter` as a global or
 * in `<script id="shop-config">`. WooCommerce classic when none is given; an unknown name is
 * reported once, naming the field, and classic is used.
 */
export function chosenAdapter(doc: Document = document): ShopAdapterName {
  const attribute = doc.querySelector('script[data-shop-adapter]')?.getAttribute('data-shop-adapter');
  const raw = attribute ?? readPageData('shop_adapter', doc);
  if (raw === undefined || raw === null || raw === '') return 'woocommerce';
  if (isName(raw)) return raw;
  const field = attribute != null ? 'the data-shop-adapter attribute' : 'shop_adapter';
  logError(
    null,
    `${field} is ${JSON.stringify(raw)}; expected one of ${SHOP_ADAPTERS.join(', ')}. Using woocommerce.`,
  );
  return 'woocommerce';
}
