import { type Suggestion } from './schemas.ts';
/** What adding a product can come back with (spec §7 Add to cart). */
export type AddResult = {
    kind: 'added';
    fragments: Record<string, string>;
    cartHash: string;
} | {
    kind: 'error';
    productUrl: string;
};
/** The operations every shop adapter offers (DESIGN §5). */
export interface ShopAdapter {
    addToCart(fields: Record<string, string>, signal?: AbortSignal): Promise<AddResult>;
    /** Fragments, or null when the shop answered without them (the caller follows the remove link). */
    removeFromCart(cartItemKey: string, signal?: AbortSignal): Promise<{
        fragments: Record<string, string>;
        cartHash: string;
    } | null>;
    setQuantity(cartItemKey: string, quantity: number, signal?: AbortSignal): Promise<void>;
    refreshFragments(signal?: AbortSignal): Promise<{
        fragments: Record<string, string>;
        cartHash: string;
    }>;
    /** The URL a search is sent to; results are cached by it (spec §7 Site ajax endpoint). */
    searchUrl(query: string, category?: string): string;
    search(url: string, signal?: AbortSignal): Promise<Suggestion[]>;
    quickView(productId: string, signal?: AbortSignal): Promise<string>;
}
/** Live-search action of the Flatsome theme's admin-ajax handler (spec §7). */
export declare const SEARCH_ACTION = "flatsome_ajax_search_products";
/**
 * WooCommerce classic: `?wc-ajax=%%endpoint%%` endpoints and admin-ajax.php actions, bit for
 * bit as WooCommerce's add-to-cart.js and cart-fragments.js and the theme's scripts send them.
 */
export declare function wooCommerceClassic(): ShopAdapter;
/** The adapter in use (WooCommerce classic unless a host app installed another). */
export declare function shop(): ShopAdapter;
/** Installs another adapter (a headless shop, or a test double). */
export declare function setShopAdapter(adapter: ShopAdapter | undefined): void;
