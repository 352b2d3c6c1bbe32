/**
 * The option-form engine: `createFormEngine(definition, product, config)` builds the form once and
 * `update(change)` re-evaluates only the dependants of what changed (spec §4 "Option form
 * submission": any change recomputes logic, repeaters, prices, validation, summary and config).
 * Pure TypeScript: no DOM, no React, no eval. This file wires the modules (README "Modules") over
 * one explicit state object (state.ts).
 */
import { type FormState, formData, formState, stateOf } from './project.ts';
import type { FormSettings, PageConfig, SchemaIssue } from './schema.ts';
import { createState, type EngineOptions } from './state.ts';
import type { Change, FieldInstance, FieldState, SectionInstance, UpdateResult } from './types.ts';

/** The structure the UI lays out: section instances with rows of field ids, and each field's definition. */
export interface FormLayout {
  /** Sections in form order (clones after their original), each with rows of field instance ids. */
  readonly sections: readonly SectionInstance[];
  /** Field instances by id (definition, posted name, clone data). */
  readonly fields: ReadonlyMap<string, FieldInstance>;
  /** Form-wide settings (accordion mode, texts). */
  readonly settings: FormSettings;
  /** Design settings of the page config (spec §3), read by the UI. */
  readonly design: PageConfig['design'];
  /** `bind_quantity` is on with a formula: the product quantity follows it (spec §3). */
  readonly bindQuantity: boolean;
}

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
  /** The current structure (a new object after clones were added or removed). */
  layout(): FormLayout;
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
  let layout: FormLayout | undefined;
  return {
    layout: () => {
      if (layout?.sections !== s.layout.sections || layout.fields !== s.layout.fields)
        layout = {
          sections: s.layout.sections,
          fields: s.layout.fields,
          settings: s.def.settings,
          design: s.conf.design,
          bindQuantity: s.conf.bind_quantity.enabled && !!s.conf.bind_quantity.formula,
        };
      return layout;
    },
    report: s.report,
    state: () => formState(s),
    field: (id) => (s.layout.fields.has(id) ? stateOf(s, id) : undefined),
    update: (change) => update(s, change),
    recomputeAll: () => recomputeAll(s),
    formData: () => formData(s),
  };
}
