import DOMPurify from 'dompurify';

/**
 * HTML the shop sends on purpose (cart fragments, price HTML, quick view) goes through
 * DOMPurify before it is inserted (DESIGN §9). Results are DocumentFragments, never strings
 * assigned to innerHTML. Forms and inputs are kept (fragments hold quantity inputs).
 */
const CONFIG = {
  ADD_TAGS: ['bdi'],
  ADD_ATTR: ['target', 'data-product_id', 'data-cart_item_key', 'data-product_sku', 'data-quantity'],
  FORBID_TAGS: ['style'],
  FORBID_ATTR: ['style'],
};

/** Sanitises `html` into a fragment owned by `doc`. */
export function sanitizeToFragment(html: string, doc: Document = document): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  return doc === document ? fragment : (doc.importNode(fragment, true) as DocumentFragment);
}

/** Sanitised HTML as a string, for places that need markup (a sanitised string is safe to insert). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}
