import { type AddOutcome, addToCart } from '../../shared/cart/actions.ts';
import { shop } from '../../shared/shop/adapter.ts';

/** What an option-form add came to. `unsupported`: the shop adapter has no option-form add. */
export type OptionAddOutcome = AddOutcome | 'unsupported';

/**
 * Adds the product with its options by ajax (spec §7 Option-form add to cart): one call into the
 * cart room's add (`shared/cart/actions.ts`), which sends the pairs to `wcpa_ajax_add_to_cart`
 * through the shop adapter and follows the response rules of every add (`shared/cart/reaction.ts`).
 * A lazy chunk of its own (issue 12 size): only ajax forms fetch it.
 */
export async function addOptionsToCart(
  pairs: ReadonlyArray<readonly [string, string]>,
  source: Element,
): Promise<OptionAddOutcome> {
  if (!shop().addOptionsToCart) return 'unsupported';
  return addToCart(Object.fromEntries(pairs), source, {
    endpoint: 'wcpa_ajax_add_to_cart',
    send: (adapter) => adapter.addOptionsToCart!(pairs),
  });
}
