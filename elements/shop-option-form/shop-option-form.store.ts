import { logWarning } from '../../shared/log.ts';
import { $moneyFormat } from '../../shared/stores/page-config.ts';
import type { FormulaRuntime } from './engine/formula.ts';
import { NO_FORMULAS } from './engine/state.ts';
import { createFormStore, type FormStore } from './engine/store.ts';
import { formulaChunk } from './shop-option-form.lazy.ts';
import { type OptionFormSettings, TAG } from './shop-option-form.settings.ts';

/**
 * Whether the definition uses the formula language: `none`, `ready` (the lazy chunk was there), or
 * `wanted` (the store was built without it: formula prices are pending until it is loaded and the
 * form rebuilt).
 */
export type FormulaNeed = 'none' | 'ready' | 'wanted';

/**
 * The engine store of the element's settings over `product` (the engine's product data), with the
 * page's one money format (spec §9: the engine reads no store, it is given it) and the formula
 * language if its chunk is there. Problems in the form's settings are warned about, once per build.
 */
export function formStoreFor(settings: OptionFormSettings, product: unknown): [FormStore, FormulaNeed] {
  // The engine asks for the formula language only when the definition uses a formula; without the
  // lazy chunk the form shows at once (formula prices pending) and is rebuilt when it arrives.
  const loaded = formulaChunk.loaded();
  const runtime = loaded ?? NO_FORMULAS;
  let wanted = false;
  const formulas: FormulaRuntime = {
    compile: (source) => {
      wanted = true;
      return runtime.compile(source);
    },
    evaluateNumber: (compiled, resolve) => runtime.evaluateNumber(compiled, resolve),
  };
  const moneyFormat = $moneyFormat.get();
  const store = createFormStore(settings.definition, product, settings.config, { formulas, moneyFormat });
  for (const issue of store.report)
    logWarning(
      TAG,
      `form setting ${issue.elementId}${issue.setting ? `.${issue.setting}` : ''}: ${issue.message}`,
    );
  return [store, !wanted ? 'none' : loaded ? 'ready' : 'wanted'];
}
