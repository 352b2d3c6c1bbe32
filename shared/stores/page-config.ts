import '../zod-config.ts';
import { atom, computed } from 'nanostores';
import * as z from 'zod/mini';
import type { MoneyFormat } from '../format/money.ts';
import { wpFlag } from '../format/settings.ts';
import { readPageData, shopConfigJson } from './page-data.ts';

/**
 * `$pageConfig`: shop URLs and switches, read once from WooCommerce's page globals
 * (`wc_add_to_cart_params`, `wc_cart_fragments_params`, `flatsomeVars`, `woocommerce_params`)
 * when a theme prints them, else from `<script type="application/json" id="shop-config">`
 * holding the same objects under the same names (strict-CSP pages cannot run inline scripts).
 *
 * URLs (issue 11 item 5): the printed `ajax_url`/`wc_ajax_url` of any of WooCommerce's objects
 * win over the hard-coded defaults, so shops in a sub-path or behind a language prefix work.
 * `woocommerce_params` is printed on every WooCommerce page; the add-to-cart and fragments
 * objects only where their scripts are enqueued.
 *
 * The money format is not WooCommerce's (its `woocommerce_params` carries no currency): it comes
 * from the page config only, `shop_currency` (global or config script), or the config script's
 * `woocommerce_params.currency` (the older place, still read, also when the page prints the real
 * `woocommerce_params` global without one).
 */

const ms = (fallback: number) =>
  z.catch(
    z.pipe(
      z.union([z.number(), z.string()]),
      z.transform((v) => {
        const n = Number(v);
        return Number.isFinite(n) && n >= 0 ? n : fallback;
      }),
    ),
    fallback,
  );
const text = (fallback: string) => z.catch(z.string(), fallback);
/** A page global that may be missing or mangled: dropped (undefined) rather than failing the page. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const addToCartParams = z.partial(
  z.object({
    ajax_url: text('/wp-admin/admin-ajax.php'),
    wc_ajax_url: text('/?wc-ajax=%%endpoint%%'),
    i18n_view_cart: text('View cart'),
    cart_url: text('/cart/'),
    is_cart: z.catch(wpFlag, false),
    cart_redirect_after_add: text('no'),
  }),
);

const fragmentsParams = z.partial(
  z.object({
    ajax_url: text('/wp-admin/admin-ajax.php'),
    wc_ajax_url: text('/?wc-ajax=%%endpoint%%'),
    cart_hash_key: text('wc_cart_hash'),
    fragment_name: text('wc_fragments'),
    request_timeout: ms(5000),
  }),
);

const flatsomeVars = z.partial(
  z.object({
    ajaxurl: text('/wp-admin/admin-ajax.php'),
    options: z.catch(z.partial(z.object({ search_result_latency: ms(0) })), {}),
  }),
);

const currency = z.partial(
  z.object({
    code: text('USD'),
    symbol: text('$'),
    decimals: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(0), z.maximum(8))), 2),
    decimal_separator: text('.'),
    thousand_separator: text(','),
    position: z.catch(z.enum(['left', 'right', 'left_space', 'right_space']), 'left'),
  }),
);

const rawConfig = z.object({
  wc_add_to_cart_params: lenient(addToCartParams),
  wc_cart_fragments_params: lenient(fragmentsParams),
  flatsomeVars: lenient(flatsomeVars),
  woocommerce_params: lenient(
    z.partial(
      z.object({
        ajax_url: text('/wp-admin/admin-ajax.php'),
        wc_ajax_url: text('/?wc-ajax=%%endpoint%%'),
      }),
    ),
  ),
  shop_currency: lenient(currency),
});

export interface PageConfig {
  /** admin-ajax.php URL (spec §7 Site ajax endpoint). */
  ajaxUrl: string;
  /** wc-ajax URL pattern with `%%endpoint%%` (spec §7 Shop ajax endpoints). */
  wcAjaxUrl: string;
  cartUrl: string;
  isCart: boolean;
  /** spec §7: a redirect to the cart only when `cart_redirect_after_add` equals yes. */
  cartRedirectAfterAdd: boolean;
  i18nViewCart: string;
  /** Request time-out in ms (spec §7: from a page parameter). */
  requestTimeout: number;
  cartHashKey: string;
  fragmentName: string;
  /** Live-search request delay in ms (spec §9: search-latency option). */
  searchLatency: number;
  currency: Required<z.infer<typeof currency>>;
}

const DEFAULTS: PageConfig = {
  ajaxUrl: '/wp-admin/admin-ajax.php',
  wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
  cartUrl: '/cart/',
  isCart: false,
  cartRedirectAfterAdd: false,
  i18nViewCart: 'View cart',
  requestTimeout: 5000,
  cartHashKey: 'wc_cart_hash',
  fragmentName: 'wc_fragments',
  searchLatency: 0,
  currency: {
    code: 'USD',
    symbol: '$',
    decimals: 2,
    decimal_separator: '.',
    thousand_separator: ',',
    position: 'left',
  },
};

const GLOBALS = [
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'flatsomeVars',
  'woocommerce_params',
] as const;

/** Reads the page's configuration (globals first, then the JSON config script). Never throws. */
export function readPageConfig(doc: Document = document): PageConfig {
  const merged: Record<string, unknown> = {};
  for (const name of GLOBALS) merged[name] = readPageData(name, doc);
  merged.shop_currency = readPageData('shop_currency', doc) ?? configCurrency(doc);
  const raw = rawConfig.parse(merged);
  const a = raw.wc_add_to_cart_params ?? {};
  const f = raw.wc_cart_fragments_params ?? {};
  const w = raw.woocommerce_params ?? {};
  const fl = raw.flatsomeVars ?? {};
  return {
    ajaxUrl: a.ajax_url ?? f.ajax_url ?? w.ajax_url ?? fl.ajaxurl ?? DEFAULTS.ajaxUrl,
    wcAjaxUrl: a.wc_ajax_url ?? f.wc_ajax_url ?? w.wc_ajax_url ?? DEFAULTS.wcAjaxUrl,
    cartUrl: a.cart_url ?? DEFAULTS.cartUrl,
    isCart: a.is_cart ?? DEFAULTS.isCart,
    cartRedirectAfterAdd: a.cart_redirect_after_add === 'yes',
    i18nViewCart: a.i18n_view_cart ?? DEFAULTS.i18nViewCart,
    requestTimeout: f.request_timeout || DEFAULTS.requestTimeout,
    cartHashKey: f.cart_hash_key ?? DEFAULTS.cartHashKey,
    fragmentName: f.fragment_name ?? DEFAULTS.fragmentName,
    searchLatency: fl.options?.search_result_latency ?? DEFAULTS.searchLatency,
    currency: { ...DEFAULTS.currency, ...raw.shop_currency },
  };
}

/** The config script's `woocommerce_params.currency` (never the printed global's: it has none). */
function configCurrency(doc: Document): unknown {
  const params = shopConfigJson(doc).woocommerce_params;
  return params && typeof params === 'object' ? (params as Record<string, unknown>).currency : undefined;
}

/** The page's shop configuration, read once at start-up. */
export const $pageConfig = atom<PageConfig>(typeof document === 'undefined' ? DEFAULTS : readPageConfig());

/** Re-reads the configuration (after a page builder swapped the config script, and in tests). */
export function reloadPageConfig(doc: Document = document): PageConfig {
  const config = readPageConfig(doc);
  $pageConfig.set(config);
  return config;
}

/** Overrides part of the configuration (tests and host apps without WooCommerce globals). */
export function setPageConfig(partial: Partial<PageConfig>): void {
  $pageConfig.set({ ...$pageConfig.get(), ...partial });
}

/**
 * The shop's money format (spec §9 Product page and cart), derived once from the page config's
 * currency, for every price the library formats itself (option-form totals, sticky bars).
 */
export const $moneyFormat = computed(
  $pageConfig,
  ({ currency }): MoneyFormat => ({
    decimals: currency.decimals,
    decimalSeparator: currency.decimal_separator,
    thousandSeparator: currency.thousand_separator,
    currencySymbol: currency.symbol,
    position: currency.position,
  }),
);
