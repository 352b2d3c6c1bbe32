/**
 * Ajax add-to-cart for the page's own buttons (`.ajax_add_to_cart` with `data-product_id`),
 * as WooCommerce's add-to-cart.js does it (spec §4 Add-to-cart button, §5, §7).
 */
/** spec §9: click debounce 50 ms, flags reset after 300 ms. */
export declare const CLICK_DEBOUNCE_MS = 50;
export declare const FLAG_RESET_MS = 300;
/** Every data attribute of the button, as posted by WooCommerce (spec §3: data-product_id plus all others). */
export declare function buttonData(button: HTMLElement): Record<string, string>;
/**
 * Starts handling add-to-cart buttons page-wide (idempotent); also starts the cart. On a
 * WordPress page where WooCommerce's own add-to-cart.js runs (jQuery plus its params global),
 * that script keeps the buttons and our store follows its jQuery events instead, so a click
 * never adds twice.
 */
export declare function installAddToCartButtons({ force }?: {
    force?: boolean | undefined;
}): () => void;
