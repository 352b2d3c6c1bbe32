/**
 * The option-form engine: `createFormEngine(definition, product, config)` builds the form once and
 * `update(change)` re-evaluates only the dependants of what changed (spec §4 "Option form
 * submission": any change recomputes logic, repeaters, prices, validation, summary and config).
 * Pure TypeScript: no DOM, no React, no eval. This file wires the modules (README "Modules") over
 * one explicit state object (state.ts).
 */
import { type FormState, formData, formState, stateOf } from './project.ts';
import type { SchemaIssue } from './schema.ts';
import { createState, type EngineOptions } from './state.ts';
import type { Change, FieldState, UpdateResult } from './types.ts';
import { recomputeAll, start, update } from './update.ts';

export type { FormState } from './project.ts';
export type { EngineOptions } from './state.ts';

/** The engine returned by createFormEngine. */
export interface FormEngine {
  /** Problems found in the definition, product and config: bad settings, formulas, cycles. */
  readonly report: readonly SchemaIssue[];
  /** The current state of every field, section, the summary and the blocking errors. */
  state(): FormState;
  /** The state of one field. */
  field(id: string): FieldState | undefined;
  /** Applies a change and returns what changed. Never throws. */
  update(change: Change): UpdateResult;
  /** Re-evaluates every node (the baseline the incremental update is measured against). */
  recomputeAll(): UpdateResult;
  /** The name/value pairs to post with the add-to-cart form (README "Posted form data"). */
  formData(): Array<[string, string]>;
}

/** Builds an option-form engine from raw (unvalidated) input. Never throws. */
export function createFormEngine(
  definition: unknown,
  product: unknown,
  config: unknown,
  options: EngineOptions = {},
): FormEngine {
  const s = createState(definition, product, config, options);
  start(s);
  return {
    report: s.report,
    state: () => formState(s),
    field: (id) => (s.layout.fields.has(id) ? stateOf(s, id) : undefined),
    update: (change) => update(s, change),
    recomputeAll: () => recomputeAll(s),
    formData: () => formData(s),
  };
}
