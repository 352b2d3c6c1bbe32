/** The example pages: each must exist, be linked from index.html and hold to the strict CSP. */
export const EXAMPLE_PAGES = [
  '/examples/index.html',
  '/examples/shop-mini-cart.html',
  '/examples/shop-live-search.html',
  '/examples/join-chat.html',
  '/examples/shop-order-attribution.html',
  '/examples/tracking.html',
  '/examples/storefront.html',
];
