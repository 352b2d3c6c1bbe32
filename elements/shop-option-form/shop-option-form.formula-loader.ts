/**
 * Loads the formula language (the parser and interpreter of `engine/formula.ts`, through
 * `shop-option-form.formula.ts`) only for forms
 * whose definition uses formulas: custom (formula) prices, formula-bound repeaters or quantity,
 * group rules with formulas (issue 19: about a sixth of the option form's chunk). The build gives
 * it a lazy chunk of its own; only types are imported statically from it.
 */
import type { FormulaRuntime } from './engine/formula.ts';

const importRuntime = (): Promise<FormulaRuntime> =>
  import('./shop-option-form.formula.ts').then((module) => module.formulaRuntime);

let load: () => Promise<FormulaRuntime> = importRuntime;
let pending: Promise<FormulaRuntime> | undefined;
let loaded: FormulaRuntime | undefined;

/** The runtime once it has arrived (forms built after that use it at once), else undefined. */
export function loadedFormulaRuntime(): FormulaRuntime | undefined {
  return loaded;
}

/** The runtime, loaded on the first call; a failed load is tried again on the next call. */
export function loadFormulaRuntime(): Promise<FormulaRuntime> {
  if (!pending) {
    const attempt = load().then((runtime) => {
      if (pending === attempt) loaded = runtime;
      return runtime;
    });
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = undefined;
    });
  }
  return pending;
}

/**
 * Test seam: replaces how the runtime is loaded (to count loads, delay or fail them); `undefined`
 * restores import(). Returns the restore function. Either way the next call loads afresh.
 */
export function setFormulaLoader(loader?: () => Promise<FormulaRuntime>): () => void {
  const reset = (next: () => Promise<FormulaRuntime>) => {
    load = next;
    pending = undefined;
    loaded = undefined;
  };
  reset(loader ?? importRuntime);
  return () => reset(importRuntime);
}
