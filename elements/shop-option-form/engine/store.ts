/**
 * The option-form engine behind a nanostores store, for the `<shop-option-form>` view: `$state`
 * holds the projected form state and changes (notifying subscribers) only when an update changed
 * something. Prices use the money format the caller passes (the element passes the page's one,
 * `$moneyFormat`, spec §9: the engine reads no page store); a `money` object in the form's own
 * config overrides it field by field, and without either the engine's defaults apply.
 * Not exported from index.ts, which stays free of the DOM.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { MoneyFormat } from '../../../shared/format/money.ts';
import { createFormEngine, type EngineOptions, type FormLayout, type FormState } from './engine.ts';
import type { SchemaIssue } from './schema.ts';
import type { Change, FieldState, UpdateResult } from './types.ts';

/** Options of createFormStore. */
export interface FormStoreOptions extends EngineOptions {
  /**
   * The money format (the page's, from its caller); the config's own `money` wins field by field.
   * Without it the config's `money` or the engine's WooCommerce defaults apply.
   */
  moneyFormat?: MoneyFormat;
}

/** An option form as a store: read `$state`, send changes with `update`. */
export interface FormStore {
  /** The whole form state; a new object only after a change that changed something. */
  readonly $state: ReadableAtom<FormState>;
  /** Problems found in the definition, product and config (the engine's `report`). */
  readonly report: readonly SchemaIssue[];
  /** The state of one field. */
  field(id: string): FieldState | undefined;
  /** Applies a change, publishes the new state when something changed, returns what changed. */
  update(change: Change): UpdateResult;
  /** Re-evaluates every node and publishes the result when something changed. */
  recomputeAll(): UpdateResult;
  /** The name/value pairs to post with the add-to-cart form. */
  formData(): Array<[string, string]>;
  /** The structure to lay out: sections, rows, field definitions (new after clones change). */
  layout(): FormLayout;
  /** Stops publishing: later changes are ignored and subscribers hear nothing more. */
  destroy(): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/**
 * The config with its `money` built on `format`: the config's own money settings win field by
 * field. Input that is not an object is passed on untouched, so the engine reports it.
 */
export function withMoneyFormat(config: unknown, format: MoneyFormat): unknown {
  if (config !== undefined && config !== null && !isRecord(config)) return config;
  const base = config ?? {};
  if (base.money !== undefined && !isRecord(base.money)) return base;
  return { ...base, money: { ...defined({ ...format }), ...defined(base.money ?? {}) } };
}

function unchanged(r: UpdateResult): boolean {
  return !r.fields.length && !r.sections.length && !r.summaryChanged && !r.structureChanged;
}

/** Builds the engine from raw input (never throws) and wraps it in a store. */
export function createFormStore(
  definition: unknown,
  product: unknown,
  config: unknown,
  options: FormStoreOptions = {},
): FormStore {
  const { moneyFormat, ...engineOptions } = options;
  const engine = createFormEngine(
    definition,
    product,
    moneyFormat ? withMoneyFormat(config, moneyFormat) : config,
    engineOptions,
  );
  const $state = atom<FormState>(engine.state());
  let destroyed = false;

  const idle = (): UpdateResult => {
    const { summary, errors } = $state.get();
    return {
      fields: [],
      sections: [],
      summary,
      summaryChanged: false,
      errors,
      structureChanged: false,
      valid: errors.length === 0,
    };
  };
  // Section positions by key, for the layout they were read from.
  let sectionIndex: { layout: FormLayout; at: Map<string, number> } | undefined;
  const sectionAt = (layout: FormLayout) => {
    if (sectionIndex?.layout !== layout)
      sectionIndex = { layout, at: new Map(layout.sections.map((x, i) => [x.key, i])) };
    return sectionIndex.at;
  };
  /**
   * The next state from what the update changed (DESIGN §10, issue 12: a keystroke on a 1,000-field
   * form must not project every field again): the previous arrays with the changed fields and
   * sections put in their places. A structure change (clones) projects the whole form.
   */
  const next = (result: UpdateResult): FormState => {
    if (result.structureChanged) return engine.state();
    const prev = $state.get();
    const layout = engine.layout();
    let fields = prev.fields;
    if (result.fields.length) {
      fields = prev.fields.slice();
      for (const f of result.fields) {
        const at = layout.fields.get(f.elementId)?.order;
        if (at === undefined || fields[at]?.elementId !== f.elementId) return engine.state();
        fields[at] = f;
      }
    }
    let sections = prev.sections;
    if (result.sections.length) {
      const at = sectionAt(layout);
      sections = prev.sections.slice();
      for (const x of result.sections) {
        const i = at.get(x.key);
        if (i === undefined) return engine.state();
        sections[i] = x;
      }
    }
    return { fields, sections, summary: result.summary, errors: result.errors };
  };
  const publish = (result: UpdateResult): UpdateResult => {
    if (!unchanged(result)) $state.set(next(result));
    return result;
  };

  return {
    $state,
    report: engine.report,
    field: (id) => engine.field(id),
    update: (change) => (destroyed ? idle() : publish(engine.update(change))),
    recomputeAll: () => (destroyed ? idle() : publish(engine.recomputeAll())),
    formData: () => engine.formData(),
    layout: () => engine.layout(),
    destroy() {
      destroyed = true;
    },
  };
}
