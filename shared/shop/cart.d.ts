import { type CartUpdateSource } from '../events.ts';
/**
 * The cart's behaviour, as WooCommerce's cart-fragments.js and add-to-cart.js have it
 * (spec §2 Cart and checkout, §4, §7 Shop ajax endpoints, §8), driving `$cart`.
 */
/** spec §7: fragments are refreshed every 24 hours and the stored cart expires after 24 hours. */
export declare const DAY_MS = 86400000;
/** Navigation goes through here so tests (and host apps) can intercept it. */
export declare const navigation: {
    assign(url: string): void;
};
/**
 * Replaces the page parts named by the fragments' selectors with the sanitised HTML, as
 * WooCommerce does with `$(key).replaceWith(value)`.
 */
export declare function applyFragmentsToPage(fragments: Record<string, string>, root?: ParentNode): void;
/** Takes a new cart from the shop: store, storage, page fragments, events. */
export declare function applyCart(fragments: Record<string, string>, cartHash: string, source: CartUpdateSource): void;
/** Asks the shop for fresh fragments (spec §7 Refresh fragments); on error an event only (spec §8). */
export declare function refreshCart(): Promise<void>;
/** Whether the shopper has a cart at all (WooCommerce's cookies or a stored hash). */
export declare function hasCart(): boolean;
/**
 * Starts the cart once per page, like cart-fragments.js: stored fragments are used when they are
 * fresh and match the cart cookie, else they are fetched. Beyond WooCommerce: a shopper with no
 * cart (no cookie, nothing stored) causes no request at all.
 */
export declare function startCart(): void;
/** Stops the cart (tests): listeners removed, timers cleared, store emptied. */
export declare function resetCartForTest(): void;
/** Adds a product (spec §7 Add to cart). Resolves to what happened. */
export declare function addToCart(fields: Record<string, string>, source?: Element | null): Promise<'added' | 'cancelled' | 'navigated' | 'failed'>;
/**
 * Removes a line (spec §7 Remove from cart). The row is blocked meanwhile; a failure or a
 * response without fragments follows the remove link (spec §8).
 */
export declare function removeCartItem(key: string, source?: Element | null): Promise<boolean>;
/** Changes a line's quantity (spec §7: the theme's mini-cart action), then refreshes the cart. */
export declare function setCartItemQuantity(key: string, quantity: number, source?: Element | null): Promise<boolean>;
