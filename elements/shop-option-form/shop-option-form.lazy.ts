/**
 * The option form's lazy chunks (issue 19): code that only some forms need, loaded when a form's
 * settings ask for it (`lazyModule` of shared/chunk-load.ts). Only types are imported statically from
 * the chunks.
 *
 * - `formulaChunk`: the formula language (`engine/formula.ts` through `shop-option-form.formula.ts`),
 *   for definitions with custom (formula) prices, formula-bound repeaters or quantity, or group
 *   rules with formulas.
 * - `cartChunk`: the ajax add to cart (`shop-option-form.cart.ts`), for forms with `ajax` on (fetched
 *   when they connect); a page that cannot load it submits normally.
 */
import { type LazyModule, lazyModule } from '../../shared/chunk-load.ts';
import type { FormulaRuntime } from './engine/formula.ts';
import type * as Cart from './shop-option-form.cart.ts';

export const formulaChunk: LazyModule<FormulaRuntime> = lazyModule(() =>
  import('./shop-option-form.formula.ts').then((module) => module.formulaRuntime),
);

export const cartChunk: LazyModule<typeof Cart> = lazyModule(() => import('./shop-option-form.cart.ts'));
