import '../../../shared/zod-config.ts';

/**
 * Public API of the option-form engine (issue 3). Pure TypeScript, no DOM, no React: the
 * `<shop-option-form>` element renders what this computes. See README.md.
 */
import { createFormEngine as createEngine, type EngineOptions, type FormEngine } from './engine.ts';
import { formulaRuntime } from './formula.ts';

/**
 * Builds an option-form engine from raw (unvalidated) input with the formula language included
 * (`options.formulas` overrides it). Never throws.
 */
export function createFormEngine(
  definition: unknown,
  product: unknown,
  config: unknown,
  options: EngineOptions = {},
): FormEngine {
  return createEngine(definition, product, config, {
    ...options,
    formulas: options.formulas ?? formulaRuntime,
  });
}

export type {
  EngineOptions,
  FormEngine,
  FormLayout,
  FormState,
} from './engine.ts';
export {
  type CompiledFormula,
  compileFormula,
  evaluateFormula,
  evaluateNumber,
  type FormulaRef,
  type FormulaResult,
  type FormulaRuntime,
  type FormulaValue,
  FUNCTIONS,
  formulaRuntime,
} from './formula.ts';
export { buildGraph, type DependencyGraph } from './graph.ts';
export { conditionalStatus, evaluateRelations, OTHER_MARKER, statusFor } from './logic.ts';
export { countedLength, summarize } from './pricing.ts';
export { boundCloneCount } from './repeaters.ts';
export {
  DISPLAY_TYPES,
  FIELD_TYPES,
  type FieldDef,
  type FormDefinition,
  isDisplayType,
  type PageConfig,
  type ProductData,
  parseConfig,
  parseDefinition,
  parseProduct,
  RELATIONS,
  type SchemaIssue,
} from './schema.ts';
export { NO_FORMULAS } from './state.ts';
export * from './types.ts';
export { DEFAULT_TEXTS } from './validation.ts';
