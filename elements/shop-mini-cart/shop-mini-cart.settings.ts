import { z } from 'zod';

/** Settings of `<shop-mini-cart>`; every field defaulted, English default texts. */
export const miniCartSettings = z.object({
  /** `auto`: dropdown on wide screens, drawer up to `drawerBreakpoint` px (spec §2 Cart and checkout). */
  mode: z.enum(['auto', 'dropdown', 'drawer']).default('auto'),
  /** spec §9: drawer breakpoint 849 px. */
  drawerBreakpoint: z.number().int().min(0).default(849),
  /** spec §9: the dropdown shows for 5000 ms after an add. */
  revealMs: z.number().int().min(0).max(60_000).default(5000),
  /** Reveal the cart after an add (the dropdown, or the drawer on narrow screens). */
  revealOnAdd: z.boolean().default(true),
  /** Quantity steppers on each line (the theme's mini-cart quantity action, spec §7). */
  quantities: z.boolean().default(true),
  texts: z
    .object({
      label: z.string().default('Cart'),
      items: z.string().default('{count} items'),
      item: z.string().default('{count} item'),
      title: z.string().default('Cart'),
      close: z.string().default('Close cart'),
      empty: z.string().default('No products in the cart.'),
      subtotal: z.string().default('Subtotal:'),
      remove: z.string().default('Remove {name} from cart'),
      quantity: z.string().default('Quantity of {name}'),
      increase: z.string().default('Increase quantity of {name}'),
      decrease: z.string().default('Decrease quantity of {name}'),
      added: z.string().default('Added to cart. The cart now has {items}.'),
      removed: z.string().default('{name} was removed from the cart.'),
      updated: z.string().default('Cart updated. The cart now has {items}.'),
      error: z.string().default('The cart could not be updated. Please try again.'),
    })
    .prefault({}),
});

export type MiniCartSettings = z.infer<typeof miniCartSettings>;

/** Fills `{name}` placeholders in a configured text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
