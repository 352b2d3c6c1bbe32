/**
 * Every DOM event the library dispatches, in one typed map (DESIGN §6). Events bubble, are
 * composed, carry a plain-object detail, and are named `shop-<noun>-<past verb>`; cancelable
 * "about to happen" events end in `-request`. `join-chat` events use the element's own name.
 */
export interface ShopEventMap {
  /** Cancelable: an add-to-cart is about to be sent (WooCommerce's `adding_to_cart`). */
  'shop-cart-item-add-request': { productId: string; quantity: number; data: Record<string, string> };
  /** The shop added a product (WooCommerce's `added_to_cart`). */
  'shop-cart-item-added': {
    productId: string;
    quantity: number;
    data: Record<string, string>;
    cartHash: string;
  };
  /** The shop removed a cart line (WooCommerce's `removed_from_cart`). */
  'shop-cart-item-removed': { key: string; productId: string };
  /** A cart line's quantity was changed from the mini-cart. */
  'shop-cart-item-quantity-changed': { key: string; quantity: number };
  /** The cart fragments changed, whatever the cause (WooCommerce's `wc_fragments_refreshed`/`wc_fragments_loaded`). */
  'shop-cart-updated': { cartHash: string; count: number; source: CartUpdateSource };
  /** A cart request failed (WooCommerce's `wc_fragments_ajax_error` for refreshes). */
  'shop-cart-error': { endpoint: string; message: string };
  /** An add-to-cart button changed state (WooCommerce's `wc_cart_button_updated`). */
  'shop-cart-button-updated': { productId: string; state: 'loading' | 'added' | 'normal' };
  /** The shopper submitted a search (Enter or the search button), before navigation. */
  'shop-search-submitted': { query: string; category: string };
  /** The shopper chose a live-search suggestion. */
  'shop-search-selected': { query: string; category: string; id: number; value: string; url: string };
  /** A live-search request failed (network, time-out, a malformed answer); the box keeps working. */
  'shop-search-failed': { query: string; category: string; message: string };
  /** The current product's variant changed (`$product`): WooCommerce's variation script, our swatches, or a reset. */
  'shop-variant-changed': {
    productId: string;
    variationId: string;
    sku: string;
    attributes: Record<string, string>;
    source: 'page' | 'swatches' | 'reset';
  };
  /** Consent for statistics or marketing changed. */
  'shop-consent-changed': { statistics: ConsentState; marketing: ConsentState };
  /** The chatbox of `<join-chat>` opened. */
  'join-chat-opened': { automatic: boolean };
  /** `<join-chat>` opened the messaging link. */
  'join-chat-link-opened': { url: string };
  /** A `<shop-popup>` opened; `trigger` names the trigger that fired (null: a link action or `open_selector`). */
  'shop-popup-opened': { id: string; trigger: string | null };
  /** A `<shop-popup>` closed (after its exit animation; the view was counted). */
  'shop-popup-closed': { id: string };
  /** A loop widget's markup was replaced after a filter change (spec §7 "Loop refresh"). */
  'shop-loop-refreshed': { widgetId: string };
  /** Dispatched on the document by the page: every `<shop-option-form>` re-initialises, keeping what was entered (spec §2 "Option forms" init trigger). */
  'shop-option-form-init-request': Record<string, never>;
}

export type CartUpdateSource = 'loaded' | 'refreshed' | 'added' | 'removed' | 'quantity' | 'external';
export type ConsentState = 'granted' | 'denied';
export type ShopEventName = keyof ShopEventMap;
export type ShopEvent<K extends ShopEventName> = CustomEvent<ShopEventMap[K]>;

/**
 * Dispatches a typed event from `target` (an element's host, or a page button).
 * Returns false when a cancelable event was cancelled.
 */
export function emit<K extends ShopEventName>(
  target: EventTarget,
  type: K,
  detail: ShopEventMap[K],
  cancelable = false,
): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}

/** Typed `addEventListener` for our events; returns the matching remove function. */
export function on<K extends ShopEventName>(
  target: EventTarget,
  type: K,
  listener: (event: ShopEvent<K>) => void,
  options?: AddEventListenerOptions,
): () => void {
  const handler = listener as EventListener;
  target.addEventListener(type, handler, options);
  return () => target.removeEventListener(type, handler, options);
}

declare global {
  interface GlobalEventHandlersEventMap {
    'shop-cart-item-add-request': ShopEvent<'shop-cart-item-add-request'>;
    'shop-cart-item-added': ShopEvent<'shop-cart-item-added'>;
    'shop-cart-item-removed': ShopEvent<'shop-cart-item-removed'>;
    'shop-cart-item-quantity-changed': ShopEvent<'shop-cart-item-quantity-changed'>;
    'shop-cart-updated': ShopEvent<'shop-cart-updated'>;
    'shop-cart-error': ShopEvent<'shop-cart-error'>;
    'shop-cart-button-updated': ShopEvent<'shop-cart-button-updated'>;
    'shop-search-submitted': ShopEvent<'shop-search-submitted'>;
    'shop-search-selected': ShopEvent<'shop-search-selected'>;
    'shop-search-failed': ShopEvent<'shop-search-failed'>;
    'shop-variant-changed': ShopEvent<'shop-variant-changed'>;
    'shop-consent-changed': ShopEvent<'shop-consent-changed'>;
    'shop-popup-opened': ShopEvent<'shop-popup-opened'>;
    'shop-popup-closed': ShopEvent<'shop-popup-closed'>;
    'shop-loop-refreshed': ShopEvent<'shop-loop-refreshed'>;
    'join-chat-opened': ShopEvent<'join-chat-opened'>;
    'join-chat-link-opened': ShopEvent<'join-chat-link-opened'>;
  }
}
