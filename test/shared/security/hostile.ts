/** Hostile shop replies shared by the issue 22 tests. */

/** A WooCommerce mini-cart fragment whose every URL is hostile (issue 22). */
export const HOSTILE_MINI_CART = `<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart cart_list product_list_widget">
<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="https://evil.example/?remove_item=k1" class="remove remove_from_cart_button" aria-label="Remove Beanie" data-product_id="101" data-cart_item_key="k1" data-product_sku="S-101">&times;</a>
<a href="javascript:window.__cartPwned=1"><img src="javascript:window.__cartPwned=2" srcset="/ok.png 1x, javascript:x 2x" alt="">Beanie</a>
<span class="quantity">1 &times; <span class="woocommerce-Price-amount amount"><bdi>$18.00</bdi></span></span>
</li>
<li class="woocommerce-mini-cart-item mini_cart_item">
<a href="javascript:window.__cartPwned=3" class="remove remove_from_cart_button" data-product_id="102" data-cart_item_key="k2">&times;</a>
<a href="data:text/html,x"><img src="data:image/svg+xml,<svg/>" alt="">Belt</a>
<span class="quantity">1 &times; <span class="woocommerce-Price-amount amount"><bdi>$55.00</bdi></span></span>
</li></ul>
<p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> <span class="woocommerce-Price-amount amount">$73.00</span></p>
<p class="woocommerce-mini-cart__buttons buttons"><a href="javascript:alert(1)" class="button wc-forward">View cart</a><a href="/checkout/" class="button checkout wc-forward">Checkout</a></p></div>`;
