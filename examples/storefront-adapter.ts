// The storefront page's adapter switch (issue 18): the header's small form sends `?shop=` (a GET,
// so it works without script too); this script, before the autoloader runs anything, puts the
// choice on the autoloader's script as `data-shop-adapter`, which the library reads once.
import { SHOP_ADAPTERS } from '../shared/shop/choice.ts';

const wanted = new URLSearchParams(location.search).get('shop') ?? '';
const choice = (SHOP_ADAPTERS as readonly string[]).includes(wanted) ? wanted : 'woocommerce';
const autoloader = document.querySelector<HTMLScriptElement>('script[src$="/elements/autoloader.ts"]');
if (autoloader && choice !== 'woocommerce') autoloader.dataset.shopAdapter = choice;
const select = document.querySelector<HTMLSelectElement>('#shop-adapter');
if (select) select.value = choice;
