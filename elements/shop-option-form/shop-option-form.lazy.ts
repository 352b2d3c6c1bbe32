/**
 * The option form's lazy chunks (issue 19): code that only some forms need, loaded when a form's
 * settings ask for it. Only types are imported statically from the chunks.
 *
 * - `formulaChunk`: the formula language (`engine/formula.ts` through `shop-option-form.formula.ts`),
 *   for definitions with custom (formula) prices, formula-bound repeaters or quantity, or group
 *   rules with formulas.
 * - `cartChunk`: the ajax add to cart (`shop-option-form.cart.ts`), for forms with `ajax` on (fetched
 *   when they connect); a page that cannot load it submits normally.
 */
import type { FormulaRuntime } from './engine/formula.ts';
import type * as Cart from './shop-option-form.cart.ts';

/** A lazily imported value: loaded once, a failed load is tried again on the next call. */
export interface LazyChunk<T> {
  /** The value, loaded on the first call. */
  load(): Promise<T>;
  /** The value once it has arrived, else undefined. */
  loaded(): T | undefined;
  /**
   * Test seam: replaces how the chunk is loaded (to count loads, delay or fail them); `undefined`
   * restores import(). Returns the restore function. Either way the next call loads afresh.
   */
  setLoader(loader?: () => Promise<T>): () => void;
}

export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let load = importer;
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const reset = (next: () => Promise<T>) => {
    load = next;
    pending = undefined;
    value = undefined;
  };
  return {
    load() {
      if (!pending) {
        const attempt = load().then((loaded) => {
          if (pending === attempt) value = loaded;
          return loaded;
        });
        pending = attempt;
        attempt.catch(() => {
          if (pending === attempt) pending = undefined;
        });
      }
      return pending;
    },
    loaded: () => value,
    setLoader(loader) {
      reset(loader ?? importer);
      return () => reset(importer);
    },
  };
}

export const formulaChunk: LazyChunk<FormulaRuntime> = lazyChunk(() =>
  import('./shop-option-form.formula.ts').then((module) => module.formulaRuntime),
);

export const cartChunk: LazyChunk<typeof Cart> = lazyChunk(() => import('./shop-option-form.cart.ts'));
