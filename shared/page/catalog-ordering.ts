import { definePageBehaviour } from './define-behaviour.ts';

/** The markup that asks for this behaviour (the same string as its registration in index.ts). */
export const CATALOG_ORDERING_SELECTOR = 'form.woocommerce-ordering select.orderby';

/**
 * The listing's sort dropdown (spec §2 Listing "Products grid, result count … and sort dropdown"),
 * as WooCommerce prints it above the products (templates/loop/orderby.php):
 *
 *   <form class="woocommerce-ordering" method="get">
 *     <select name="orderby" class="orderby" aria-label="Shop order">
 *       <option value="menu_order" selected="selected">Default sorting</option>
 *       <option value="price">Sort by price: low to high</option> …
 *     </select>
 *     <input type="hidden" name="paged" value="1">
 *   </form>
 *
 * The form has no submit button: choosing an order submits it, as WooCommerce's woocommerce.js
 * does (`change` on `select.orderby` submits its form). `requestSubmit()` fires the form's submit
 * event first, so a page's own submit handler (or an ajax listing) still sees it.
 */
export const installCatalogOrdering = definePageBehaviour({
  name: 'catalog-ordering',
  selector: CATALOG_ORDERING_SELECTOR,
  install(root, { on }) {
    on(root, 'change', (event: Event) => {
      const select = event.target instanceof Element ? event.target : null;
      if (!select?.matches(CATALOG_ORDERING_SELECTOR)) return;
      (select as HTMLSelectElement).form?.requestSubmit();
    });
  },
});
