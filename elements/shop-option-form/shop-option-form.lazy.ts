/**
 * The option form's lazy chunks (issue 19): code that only some forms need, loaded when a form's
 * settings ask for it (`lazyModule` of shared/chunk-load.ts). Only types are imported statically from
 * the chunks.
 *
 * - `formulaChunk`: the formula language (`engine/formula.ts` through `shop-option-form.formula.ts`),
 *   for definitions with custom (formula) prices, formula-bound repeaters or quantity, or group
 *   rules with formulas.
 * - `imageChunk`: the product image swap, once an option with a `productImage` is chosen.
 * - `cartChunk`: the ajax add to cart (`shop-option-form.cart.ts`), for forms with `ajax` on (fetched
 *   when they connect); a page that cannot load it submits normally.
 */
import { type LazyModule, lazyModule } from '../../shared/chunk-load.ts';
import type { FormulaRuntime } from './engine/formula.ts';
import type * as Cart from './shop-option-form.cart.ts';
import type * as ProductImage from './shop-option-form.product-image.ts';

export const formulaChunk: LazyModule<FormulaRuntime> = lazyModule(() =>
  import('./shop-option-form.formula.ts').then((module) => module.formulaRuntime),
);

export const cartChunk: LazyModule<typeof Cart> = lazyModule(() => import('./shop-option-form.cart.ts'));

/** The product image swap (`shop-option-form.product-image.ts`), for forms whose chosen option has a `productImage`. */
export const imageChunk: LazyModule<typeof ProductImage> = lazyModule(
  () => import('./shop-option-form.product-image.ts'),
);
