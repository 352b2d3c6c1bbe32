import '../../../shared/zod-config.ts';

/**
 * Public API of the option-form engine (issue 3). Pure TypeScript, no DOM, no React: the
 * `<shop-option-form>` element renders what this computes. See README.md.
 */
export {
  createFormEngine,
  type EngineOptions,
  type FormEngine,
  type FormLayout,
  type FormState,
} from './engine.ts';
export {
  type CompiledFormula,
  compileFormula,
  evaluateFormula,
  evaluateNumber,
  type FormulaRef,
  type FormulaResult,
  type FormulaValue,
  FUNCTIONS,
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
export * from './types.ts';
export { DEFAULT_TEXTS } from './validation.ts';
