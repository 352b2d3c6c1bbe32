import { emit } from '../../shared/events.ts';
import { jqueryWrap, triggerJQuery } from '../../shared/jquery-bridge.ts';
import { navigation } from '../../shared/navigation.ts';
import { shop } from '../../shared/shop/adapter.ts';
import { takeAddedCart } from '../../shared/shop/cart.ts';
import { $cart, cartFailed } from '../../shared/stores/cart.ts';
import { $pageConfig } from '../../shared/stores/page-config.ts';
import { safeUrl } from '../../shared/url.ts';

/** What an option-form add came to. `unsupported`: the shop adapter has no option-form add. */
export type OptionAddOutcome = 'added' | 'cancelled' | 'navigated' | 'failed' | 'unsupported';

/**
 * Adds the product with its options by ajax (spec §7): `wcpa_ajax_add_to_cart` through the shop
 * adapter and into `$cart`, following the response rules: an error with product_url goes there;
 * otherwise the cart page when the shop says so (`cart_redirect_after_add`); otherwise the new
 * fragments replace page parts (the `$cart` reactions) and the caller shows the view-cart link.
 */
export async function addOptionsToCart(
  pairs: ReadonlyArray<readonly [string, string]>,
  source: Element,
): Promise<OptionAddOutcome> {
  const adapter = shop();
  if (!adapter.addOptionsToCart) return 'unsupported';
  const fields = Object.fromEntries(pairs);
  const productId = fields['add-to-cart'] ?? fields.product_id ?? '';
  const quantity = Number(fields.quantity ?? 1) || 1;
  if (!emit(source, 'shop-cart-item-add-request', { productId, quantity, data: fields }, true))
    return 'cancelled';
  triggerJQuery('adding_to_cart', [jqueryWrap(source), fields]);
  $cart.setKey('busy', true);
  try {
    const result = await adapter.addOptionsToCart(pairs);
    if (result.kind === 'error') {
      const productUrl = safeUrl(result.productUrl);
      if (productUrl) {
        navigation.assign(productUrl);
        return 'navigated';
      }
      cartFailed(
        'wcpa_ajax_add_to_cart',
        new Error(`The shop could not add product ${productId} to the cart.`),
      );
      return 'failed';
    }
    const { cartRedirectAfterAdd, cartUrl } = $pageConfig.get();
    if (cartRedirectAfterAdd) {
      navigation.assign(cartUrl);
      return 'navigated';
    }
    await takeAddedCart(result.cart, source, { productId, quantity, data: fields });
    return 'added';
  } catch (error) {
    cartFailed('wcpa_ajax_add_to_cart', error);
    return 'failed';
  } finally {
    $cart.setKey('busy', false);
  }
}
