/**
 * The engine's state, in one explicit object that every engine module reads and writes: the
 * parsed input, what the shopper entered (`stored`), what evaluation derived (`computed`), the
 * current structure (layout, dependency graph, group rules) and the running price sums.
 */
import type { FormulaRuntime } from './formula.ts';
import type { DependencyGraph } from './graph.ts';
import type { Status } from './logic.ts';
import type { Layout } from './repeaters.ts';
import {
  type FormDefinition,
  type GroupRule,
  type PageConfig,
  type ProductData,
  parseConfig,
  parseDefinition,
  parseProduct,
  type SchemaIssue,
} from './schema.ts';
import type {
  ErrorMap,
  FieldState,
  FieldValue,
  PriceSummary,
  Quantity,
  SectionInstance,
  SectionState,
} from './types.ts';

/** Options for tests and servers. */
export interface EngineOptions {
  /** The clock used by date placeholders and relative date limits. */
  now?: () => Date;
  /**
   * The formula language (`formula.ts` `formulaRuntime`; `index.ts` passes it by default). Without
   * it every formula is unavailable: formula prices are 0 with a `formulaError`, group rules and
   * bound repeater counts that need a formula are left as they are, and nothing is reported.
   */
  formulas?: FormulaRuntime;
}

const UNAVAILABLE = 'formulas are not loaded';

/** The formula runtime used when none is given: every formula is unavailable (see EngineOptions). */
export const NO_FORMULAS: FormulaRuntime = {
  compile: (source) => ({
    source: typeof source === 'string' ? source : String(source ?? ''),
    ok: false,
    unavailable: true,
    error: UNAVAILABLE,
    fieldRefs: [],
    usesSelf: false,
    usesProduct: false,
  }),
  evaluateNumber: (compiled) => ({ value: 0, error: compiled.error ?? UNAVAILABLE }),
};

/** What the shopper entered in one field. */
export interface Stored {
  value: FieldValue;
  quantity: Quantity | undefined;
  notices: ErrorMap;
  touched: boolean;
}

/** What evaluation derived for one field, plus its last projected state. */
export interface Computed {
  isFee: boolean;
  sectionKey: string;
  status: Status;
  price: number;
  rawPrice: number;
  options: FieldState['selectedOptions'];
  errors: ErrorMap;
  blocking: boolean;
  formulaError?: string;
  isNew: boolean;
  state?: FieldState;
}

/** One section `form_rules` entry as a graph node. */
export interface GroupNode {
  section: SectionInstance;
  rule: GroupRule;
  index: number;
}

/** Graph node name prefixes and the non-field sources. */
export const SECTION = '§';
export const GROUP = '#';
export const QUANTITY = '$quantity';
export const PRODUCT = '$product';
export const ROLES = '$roles';

/** Graph node of a section. */
export const sectionNode = (key: string) => SECTION + key;
/** Graph node of the index-th group rule of a section. */
export const groupNode = (key: string, index: number) => `${GROUP}${key}#${index}`;

/** Running price sums, adjusted by each field evaluation (recomputed from scratch on full passes). */
export interface Sums {
  options: number;
  fee: number;
  bySection: Map<string, number>;
}

/** The whole mutable state of one engine. */
export interface EngineState {
  /** The formula language, or {@link NO_FORMULAS}. */
  formulas: FormulaRuntime;
  /** Problems found in the definition, product and config, and later update failures. */
  readonly report: SchemaIssue[];
  readonly def: FormDefinition;
  prod: ProductData;
  readonly conf: PageConfig;
  readonly texts: FormDefinition['settings']['texts'];
  readonly clock: () => Date;
  /** One reading of the clock per update: cheaper, and every field sees the same "today". */
  today: Date;
  roles: string[];
  /** Clone count per repeater id. */
  readonly counts: Map<string, number>;
  readonly stored: Map<string, Stored>;
  readonly computed: Map<string, Computed>;
  readonly sectionStatus: Map<string, Status>;
  readonly sectionOpen: Map<string, boolean>;
  readonly sectionStates: Map<string, SectionState>;
  readonly groupErrors: Map<string, ErrorMap>;
  layout: Layout;
  sectionByKey: Map<string, SectionInstance>;
  graph: DependencyGraph;
  groups: Map<string, GroupNode>;
  summary: PriceSummary | undefined;
  /** The inputs of the last summary, to re-summarise (and re-format) only when one moved. */
  summaryInputs: string;
  readonly sums: Sums;
  /** Fields with a blocking error, for collecting errors without a full scan. */
  readonly blockingIds: Set<string>;
  submitted: boolean;
  initialised: boolean;
  /** Fields marked new in the last update (spec §4: the mark lasts one update). */
  newIds: Set<string>;
  /** Report keys already written, so each problem is reported once. */
  readonly reported: Set<string>;
}

/** Parses the raw input into a fresh state with an empty structure (see model.ts `build`). */
export function createState(
  definition: unknown,
  product: unknown,
  config: unknown,
  options: EngineOptions = {},
): EngineState {
  const report: SchemaIssue[] = [];
  const def = parseDefinition(definition, report);
  const prod = parseProduct(product, report);
  const conf = parseConfig(config, report);
  const clock = options.now ?? (() => new Date());
  return {
    formulas: options.formulas ?? NO_FORMULAS,
    report,
    def,
    prod,
    conf,
    texts: def.settings.texts,
    clock,
    today: clock(),
    roles: [...conf.user_roles],
    counts: new Map(Object.entries(conf.clones)),
    stored: new Map(),
    computed: new Map(),
    sectionStatus: new Map(),
    sectionOpen: new Map(),
    sectionStates: new Map(),
    groupErrors: new Map(),
    layout: { sections: [], fields: new Map(), order: [], repeaters: new Map() },
    sectionByKey: new Map(),
    graph: { order: [], rank: new Map(), dependants: new Map(), cycles: [] },
    groups: new Map(),
    summary: undefined,
    summaryInputs: '',
    sums: { options: 0, fee: 0, bySection: new Map() },
    blockingIds: new Set(),
    submitted: false,
    initialised: false,
    newIds: new Set(),
    reported: new Set(),
  };
}

/** The section instance with this key. */
export function sectionOf(s: EngineState, key: string): SectionInstance | undefined {
  return s.sectionByKey.get(key);
}

/** Adds one report entry unless the same key was reported before. */
export function reportOnce(s: EngineState, key: string, issue: SchemaIssue): void {
  if (s.reported.has(key)) return;
  s.reported.add(key);
  s.report.push(issue);
}
