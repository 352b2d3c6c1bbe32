import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { bool, integer, oneOf } from '../../shared/format/settings.ts';

/** Settings of `<shop-mini-cart>`; every field defaulted, English default messages. */
export const miniCartSettings = z.object({
  /** `auto`: dropdown on wide screens, drawer up to `drawerBreakpoint` px (spec §2 Cart and checkout). */
  mode: oneOf(['auto', 'dropdown', 'drawer'], 'auto'),
  /** spec §9: drawer breakpoint 849 px. */
  drawerBreakpoint: integer(849, 0),
  /** spec §9: the dropdown shows for 5000 ms after an add. */
  revealMs: integer(5000, 0, 60_000),
  /** Reveal the cart after an add (the dropdown, or the drawer on narrow screens). */
  revealOnAdd: bool(true),
  /** Quantity steppers on each line (the theme's mini-cart quantity action, spec §7). */
  quantities: bool(true),
  /**
   * Visible strings. `item` and `items` are the plural forms (`one`, `other`) of the item count,
   * chosen with `Intl.PluralRules` in the language of the nearest `lang` attribute.
   */
  messages: messagesSchema({
    label: 'Cart',
    items: '{count} items',
    item: '{count} item',
    title: 'Cart',
    close: 'Close cart',
    empty: 'No products in the cart.',
    subtotal: 'Subtotal:',
    remove: 'Remove {name} from cart',
    quantity: 'Quantity of {name}',
    increase: 'Increase quantity of {name}',
    decrease: 'Decrease quantity of {name}',
    /** A line's quantity where the shop shows no unit price (without the steppers). */
    lineQuantity: 'Qty: {quantity}',
    added: 'Added to cart. The cart now has {items}.',
    removed: '{name} was removed from the cart.',
    updated: 'Cart updated. The cart now has {items}.',
    error: 'The cart could not be updated. Please try again.',
  }),
});

export type MiniCartSettings = z.infer<typeof miniCartSettings>;
/** The visible strings of `<shop-mini-cart>`. */
export type MiniCartMessages = MiniCartSettings['messages'];
