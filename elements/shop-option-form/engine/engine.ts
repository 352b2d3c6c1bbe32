/**
 * The option-form engine: `createFormEngine(definition, product, config)` builds the form once and
 * `update(change)` re-evaluates only the dependants of what changed (spec §4 "Option form
 * submission": any change recomputes logic, repeaters, prices, validation, summary and config).
 * Pure TypeScript: no DOM, no React, no eval.
 */
import { roundMoney } from '../../../shared/format/money.ts';
import {
  type CompiledFormula,
  compileFormula,
  evaluateNumber,
  type FormulaRef,
  type FormulaValue,
  type RefResolver,
  toNumber,
} from './formula.ts';
import { buildGraph, type DependencyGraph, RankQueue } from './graph.ts';
import {
  conditionalStatus,
  type LogicContext,
  OTHER_MARKER,
  parseDateValue,
  relationSources,
  type SourceField,
  type Status,
  specialSource,
} from './logic.ts';
import {
  flatOptions,
  isEmptyValue,
  priceField,
  priceFormulaOf,
  scalarText,
  summarize,
  viewPrice,
} from './pricing.ts';
import {
  boundCloneCount,
  buildLayout,
  clampClones,
  fieldCloneId,
  type Layout,
  sectionCloneKey,
  sectionFieldId,
} from './repeaters.ts';
import {
  type FieldDef,
  type FormDefinition,
  type GroupRule,
  OPTION_TYPES,
  type PageConfig,
  type ProductData,
  parseConfig,
  parseDefinition,
  parseProduct,
  productSchema,
  type SchemaIssue,
} from './schema.ts';
import {
  BLOCKING_ERRORS,
  type BlockingError,
  type Change,
  type ErrorKey,
  type ErrorMap,
  type FieldInstance,
  type FieldState,
  type FieldValue,
  type FileItem,
  type PlaceValue,
  type PriceSummary,
  type Quantity,
  type SectionInstance,
  type SectionState,
  type UpdateResult,
} from './types.ts';
import { correctValue, inputAttrs, mergeErrors, message, validateValue } from './validation.ts';

/** Options for tests and servers. */
export interface EngineOptions {
  /** The clock used by date placeholders and relative date limits. */
  now?: () => Date;
}

/** The whole form state. */
export interface FormState {
  fields: FieldState[];
  sections: SectionState[];
  summary: PriceSummary;
  errors: BlockingError[];
}

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

interface Stored {
  value: FieldValue;
  quantity: Quantity | undefined;
  notices: ErrorMap;
  touched: boolean;
}

interface Computed {
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

interface GroupNode {
  section: SectionInstance;
  rule: GroupRule;
  index: number;
}

const SECTION = '§';
const GROUP = '#';
const QUANTITY = '$quantity';
const PRODUCT = '$product';
const ROLES = '$roles';
const DATE_FIELD_TYPES = new Set(['date', 'datetime-local', 'time']);
const SINGLE_CHOICE = new Set(['radio-group']);

/** Builds an option-form engine from raw (unvalidated) input. Never throws. */
export function createFormEngine(
  definition: unknown,
  product: unknown,
  config: unknown,
  options: EngineOptions = {},
): FormEngine {
  const report: SchemaIssue[] = [];
  const def: FormDefinition = parseDefinition(definition, report);
  let prod: ProductData = parseProduct(product, report);
  const conf: PageConfig = parseConfig(config, report);
  const clock = options.now ?? (() => new Date());
  // One reading of the clock per update: cheaper, and every field sees the same "today".
  let today = clock();
  const now = () => today;
  const texts = def.settings.texts;
  let roles: string[] = [...conf.user_roles];

  const counts = new Map<string, number>(Object.entries(conf.clones));
  const stored = new Map<string, Stored>();
  const computed = new Map<string, Computed>();
  const sectionStatus = new Map<string, Status>();
  const sectionOpen = new Map<string, boolean>();
  const sectionStates = new Map<string, SectionState>();
  const groupErrors = new Map<string, ErrorMap>();
  let layout!: Layout;
  let graph!: DependencyGraph;
  let groups = new Map<string, GroupNode>();
  let summary!: PriceSummary;
  let summaryInputs = '';
  // Running price sums, adjusted by each field evaluation (recomputed from scratch on full passes).
  let optionsSum = 0;
  let feeSum = 0;
  const sectionSum = new Map<string, number>();
  function account(c: Computed | undefined, sign: 1 | -1) {
    if (!c || c.price === 0) return;
    if (c.isFee) feeSum += sign * c.price;
    else optionsSum += sign * c.price;
    sectionSum.set(c.sectionKey, (sectionSum.get(c.sectionKey) ?? 0) + sign * c.price);
  }
  function resum() {
    optionsSum = 0;
    feeSum = 0;
    sectionSum.clear();
    for (const id of layout.order) account(computed.get(id), 1);
  }
  /** Fields with a blocking error, for collectErrors without a full scan. */
  const blockingIds = new Set<string>();
  let submitted = false;
  let initialised = false;
  let newIds = new Set<string>();
  const formulaReported = new Set<string>();

  // ------------------------------------------------------------------ structure

  const mapId = (idMap: ReadonlyMap<string, string> | undefined, id: string) => idMap?.get(id) ?? id;

  function sourceNode(idMap: ReadonlyMap<string, string> | undefined, source: string): string | undefined {
    const mapped = mapId(idMap, source);
    if (layout.fields.has(mapped)) return mapped;
    const special = specialSource(source);
    if (!special) return undefined;
    if (special.kind === 'quantity') return QUANTITY;
    if (special.kind === 'user_roles') return ROLES;
    return PRODUCT;
  }

  function formulaDeps(f: CompiledFormula, idMap: ReadonlyMap<string, string> | undefined, out: string[]) {
    for (const id of f.fieldRefs) {
      const m = mapId(idMap, id);
      if (layout.fields.has(m)) out.push(m);
    }
    if (f.usesProduct) out.push(PRODUCT, QUANTITY);
  }

  function reportFormula(owner: string, setting: string, f: CompiledFormula | undefined) {
    if (!f || f.ok || formulaReported.has(`${owner}:${setting}`)) return;
    formulaReported.add(`${owner}:${setting}`);
    report.push({ elementId: owner, setting, message: `formula error: ${f.error}` });
  }

  function reportMissingSources(
    owner: string,
    idMap: ReadonlyMap<string, string> | undefined,
    sources: string[],
  ) {
    for (const s of sources)
      if (!sourceNode(idMap, s) && !formulaReported.has(`${owner}:cl:${s}`)) {
        formulaReported.add(`${owner}:cl:${s}`);
        report.push({
          elementId: owner,
          setting: 'relations',
          message: `rule source "${s}" is not a field or a known product source; the rule is false`,
        });
      }
  }

  function build() {
    layout = buildLayout(def, counts);
    sectionByKey = new Map(layout.sections.map((s) => [s.key, s]));
    for (const [id, r] of layout.repeaters) counts.set(id, clampClones(counts.get(id) ?? 0, r.max));
    const deps = new Map<string, string[]>();
    const nodes: string[] = [QUANTITY, PRODUCT, ROLES];
    groups = new Map();
    for (const s of layout.sections) {
      const sn = SECTION + s.key;
      nodes.push(sn);
      const d: string[] = [];
      if (s.extra.enableCl) {
        const sources = relationSources(s.extra.relations);
        reportMissingSources(s.key, s.idMap, sources);
        for (const src of sources) {
          const n = sourceNode(s.idMap, src);
          if (n) d.push(n);
        }
      }
      deps.set(sn, d);
      if (!sectionOpen.has(s.key)) {
        const mode = def.settings.accordion_mode;
        sectionOpen.set(
          s.key,
          mode === 'all_opened' ? true : mode === 'all_closed' ? false : s.extra.accordionOpen === 'open',
        );
      }
      s.extra.form_rules.forEach((rule, index) => {
        const gn = `${GROUP}${s.key}#${index}`;
        groups.set(gn, { section: s, rule, index });
        nodes.push(gn);
        const gd: string[] = [sn];
        for (const id of rule.fields) {
          const m = mapId(s.idMap, id);
          if (layout.fields.has(m)) gd.push(m);
        }
        for (const [setting, src] of [
          ['formula', rule.formula],
          ['min', rule.min],
          ['max', rule.max],
        ] as const) {
          if (src === undefined || (setting !== 'formula' && typeof src === 'number')) continue;
          const f = compileFormula(src);
          reportFormula(s.key, `form_rules.${index}.${setting}`, f);
          formulaDeps(f, s.idMap, gd);
        }
        deps.set(gn, gd);
      });
    }
    for (const id of layout.order) {
      const inst = layout.fields.get(id)!;
      nodes.push(id);
      const d: string[] = [SECTION + inst.sectionKey];
      const fd = inst.def;
      if (fd.enableCl) {
        const sources = relationSources(fd.relations);
        reportMissingSources(inst.id, inst.idMap, sources);
        for (const src of sources) {
          const n = sourceNode(inst.idMap, src);
          if (n) d.push(n);
        }
      }
      const formula = priceFormulaOf(fd, conf);
      if (formula) {
        reportFormula(inst.isClone ? (inst.parentId ?? inst.id) : inst.id, 'price', formula);
        formulaDeps(formula, inst.idMap, d);
        if (formula.usesSelf) d.push(...repeaterCountDeps(inst));
      }
      if (fd.enablePrice && fd.pricingType === 'percentage') d.push(PRODUCT);
      deps.set(id, d);
      if (!stored.has(id)) stored.set(id, initialValue(fd));
    }
    graph = buildGraph(nodes, deps);
    for (const cycle of graph.cycles) {
      const ids = cycle.map((n) => n.replace(SECTION, 'section '));
      const key = `cycle:${ids.join('>')}`;
      if (formulaReported.has(key)) continue;
      formulaReported.add(key);
      report.push({
        elementId: ids[0],
        setting: 'relations',
        message: `dependency cycle: ${ids.join(' -> ')} -> ${ids[0]}`,
      });
    }
    for (const [id, r] of layout.repeaters) {
      if (r.bind === 'formula')
        reportFormula(id, 'repeater_bind_formula', compileFormula(r.bindFormula ?? ''));
      if (r.bind === 'field' && !layout.fields.has(r.bindField ?? ''))
        report.push({
          elementId: id,
          setting: 'repeater_bind_field',
          message: `field "${r.bindField ?? ''}" does not exist`,
        });
    }
  }

  function repeaterCountDeps(_inst: FieldInstance): string[] {
    // {repeaterCount} changes only with the structure, which rebuilds everything.
    return [];
  }

  function initialValue(fd: FieldDef): Stored {
    let value: FieldValue = '';
    if (OPTION_TYPES.has(fd.type) || (fd.type === 'checkbox' && fd.values.length)) {
      const picked = flatOptions(fd.values)
        .filter((o) => o.selected)
        .map((o) => o.value);
      value =
        SINGLE_CHOICE.has(fd.type) || (fd.type === 'select' && !fd.multiple) ? picked.slice(0, 1) : picked;
    } else if (fd.type === 'checkbox') value = false;
    else if (fd.type === 'file') value = [];
    else if (fd.value !== undefined) value = Array.isArray(fd.value) ? fd.value : String(fd.value);
    const quantity = fd.enable_quantity
      ? OPTION_TYPES.has(fd.type)
        ? {}
        : (fd.min_quantity ?? 1)
      : undefined;
    const c = correctValue(fd, value, quantity, texts, now());
    return { value: c.value, quantity: c.quantity, notices: {}, touched: false };
  }

  // ------------------------------------------------------------------ reading state

  function fieldStatus(id: string): Status {
    return computed.get(id)?.status ?? 'visible';
  }

  function logicContext(idMap: ReadonlyMap<string, string> | undefined): LogicContext {
    return {
      field(id: string): SourceField | undefined {
        const m = mapId(idMap, id);
        const inst = layout.fields.get(m);
        if (!inst) return undefined;
        return { type: inst.def.type, value: stored.get(m)?.value, status: fieldStatus(m) };
      },
      product: prod,
      roles,
    };
  }

  function numericOrText(v: string): FormulaValue {
    const t = v.trim();
    return t !== '' && Number.isFinite(Number(t)) ? Number(t) : v;
  }

  function valueForFormula(value: FieldValue): FormulaValue {
    if (value === null || value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'string') return value === '' ? null : numericOrText(value);
    if (Array.isArray(value)) {
      const items = (value as unknown[]).flatMap((v) =>
        typeof v === 'string'
          ? v.trim() === ''
            ? []
            : [v.startsWith(OTHER_MARKER) ? v.slice(OTHER_MARKER.length) : v]
          : [(v as FileItem).name],
      );
      if (!items.length) return null;
      if (items.length === 1) return numericOrText(items[0]);
      // Several numeric picks add up (e.g. checkbox values 10 and 5 read as 15); text joins.
      return items.every((x) => Number.isFinite(Number(x)) && x.trim() !== '')
        ? items.reduce((s, x) => s + Number(x), 0)
        : items.join(', ');
    }
    return (value as PlaceValue).value || null;
  }

  function firstDate(value: FieldValue): number | undefined {
    const s = Array.isArray(value) ? value[0] : value;
    return typeof s === 'string' ? parseDateValue(s) : undefined;
  }

  function fieldProp(
    inst: FieldInstance,
    ref: { prop: string; length: boolean },
    optionValue?: string,
  ): FormulaValue {
    const st = stored.get(inst.id);
    const hidden = fieldStatus(inst.id) === 'hidden';
    const value = hidden ? null : (st?.value ?? null);
    switch (ref.prop) {
      case 'value': {
        const v = optionValue !== undefined ? numericOrText(optionValue) : valueForFormula(value);
        return ref.length ? Array.from(v === null ? '' : String(v)).length : v;
      }
      case 'quantity': {
        if (isEmptyValue(value)) return 0;
        const q = st?.quantity;
        if (!inst.def.enable_quantity || q === undefined) return 1;
        if (typeof q === 'number') return q;
        const picks = Array.isArray(value)
          ? (value as unknown[]).filter((v): v is string => typeof v === 'string')
          : [];
        return picks.reduce((s, v) => s + (Object.hasOwn(q, v) ? q[v] : 1), 0);
      }
      case 'count':
      case 'selected':
        if (Array.isArray(value))
          return inst.def.picker_mode === 'range' && value.length
            ? 1
            : (value as unknown[]).filter((v) => (typeof v === 'string' ? v.trim() !== '' : !!v)).length;
        return isEmptyValue(value) ? 0 : 1;
      case 'price':
        return hidden ? 0 : (computed.get(inst.id)?.price ?? 0);
      case 'unixDays':
      case 'unixSeconds':
      case 'timestamp': {
        const t = firstDate(value);
        if (t === undefined) return 0;
        return ref.prop === 'unixDays'
          ? Math.floor(t / 864e5)
          : ref.prop === 'unixSeconds'
            ? Math.floor(t / 1000)
            : t;
      }
      case 'daysCount': {
        if (!Array.isArray(value)) return isEmptyValue(value) ? 0 : 1;
        if (inst.def.picker_mode === 'range' && value.length === 2) {
          const a = parseDateValue(String(value[0]));
          const b = parseDateValue(String(value[1]));
          return a !== undefined && b !== undefined ? Math.round(Math.abs(b - a) / 864e5) + 1 : 0;
        }
        return value.length;
      }
      case 'isClone':
        return inst.isClone ? 1 : 0;
      case 'repeaterCount': {
        const section = sectionOf(inst.sectionKey);
        const rid = layout.repeaters.has(inst.def.elementId)
          ? inst.def.elementId
          : (section?.parentKey ?? section?.key ?? '');
        return (counts.get(rid) ?? 0) + 1;
      }
      default:
        return null;
    }
  }

  function productValue(key: string): FormulaValue {
    const p = prod;
    switch (key) {
      case 'quantity':
        return p.quantity;
      case 'product_price':
        return p.product_price;
      case 'original_product_price':
      case 'product_price_regular':
        return p.original_product_price ?? p.product_price;
      case 'price_including_tax':
      case 'product_price_including_tax':
        return p.price_including_tax ?? p.product_price;
      case 'price_excluding_tax':
      case 'product_price_excluding_tax':
        return p.price_excluding_tax ?? p.product_price;
      case 'product_name':
        return p.name;
      case 'stock_quantity':
        return p.stock_quantity ?? null;
      case 'stock_status':
        return p.stock_status ?? null;
      case 'sku':
        return p.sku ?? null;
      case 'product_id':
        return p.product_id === undefined ? null : numericOrText(String(p.product_id));
      default:
        return null;
    }
  }

  function dateValue(key: string): number {
    const d = now();
    switch (key) {
      case 'today.unixDays':
        return Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 864e5);
      case 'today.unixSeconds':
        return Math.floor(d.getTime() / 1000);
      case 'now.year':
        return d.getFullYear();
      case 'now.month':
        return d.getMonth() + 1;
      case 'now.date':
        return d.getDate();
      case 'now.day':
        return d.getDay() + 1; // 1 = Sunday, as WCPA
      case 'now.hour':
        return d.getHours();
      default:
        return d.getMinutes();
    }
  }

  /** Resolves placeholders for a formula owned by `self` (undefined for form-level formulas). */
  function resolverFor(
    self: FieldInstance | undefined,
    idMap: ReadonlyMap<string, string> | undefined,
    optionValue?: string,
  ): RefResolver {
    return (ref: FormulaRef): FormulaValue => {
      switch (ref.kind) {
        case 'self':
          return self ? fieldProp(self, ref, ref.prop === 'value' ? optionValue : undefined) : null;
        case 'field': {
          const inst = layout.fields.get(mapId(idMap, ref.id));
          return inst ? fieldProp(inst, ref) : null;
        }
        case 'product':
          return productValue(ref.key);
        case 'date':
          return dateValue(ref.key);
        case 'custom': {
          const cf = prod.custom_fields;
          return Object.hasOwn(cf, ref.name) ? numericOrText(String(cf[ref.name])) : 0;
        }
      }
    };
  }

  // ------------------------------------------------------------------ evaluation

  let sectionByKey = new Map<string, SectionInstance>();
  function sectionOf(key: string): SectionInstance | undefined {
    return sectionByKey.get(key);
  }

  function evalSection(key: string): boolean {
    const s = sectionOf(key);
    if (!s) return false;
    const status = conditionalStatus(s.extra, logicContext(s.idMap));
    const changed = sectionStatus.get(key) !== status;
    sectionStatus.set(key, status);
    return changed;
  }

  /** Evaluates one field: status, price, validation. Returns true when what others read changed. */
  function evalField(id: string): boolean {
    const inst = layout.fields.get(id)!;
    const fd = inst.def;
    const st = stored.get(id)!;
    const prev = computed.get(id);
    const own = conditionalStatus(fd, logicContext(inst.idMap));
    // A field in a hidden section counts as hidden; in a disabled section it is disabled.
    const sec = sectionStatus.get(inst.sectionKey) ?? 'visible';
    const status: Status =
      sec === 'hidden' || own === 'hidden'
        ? 'hidden'
        : sec === 'disable' || own === 'disable'
          ? 'disable'
          : 'visible';
    let price = 0;
    let rawPrice = 0;
    let opts: FieldState['selectedOptions'] = [];
    let formulaError: string | undefined;
    if (status === 'visible' && fd.enablePrice) {
      const formula = priceFormulaOf(fd, conf);
      const p = priceField(fd, st.value, st.quantity, prod, conf, formula, (ov) =>
        resolverFor(inst, inst.idMap, ov),
      );
      price = p.price;
      rawPrice = p.rawPrice;
      opts = p.options;
      formulaError = p.error;
    } else if (Array.isArray(st.value) && OPTION_TYPES.has(fd.type)) {
      const all = flatOptions(fd.values);
      opts = (st.value as string[]).flatMap((v) => {
        const o = all.find((x) => x.value === v);
        return o ? [{ ...o, price: 0 }] : [];
      });
    }
    let errors: ErrorMap = {};
    if (status === 'visible')
      errors = mergeErrors(st.notices, validateValue(fd, st.value, st.quantity, texts, now()));
    const blocking = Object.keys(errors).some((k) => BLOCKING_ERRORS.has(k as ErrorKey));
    const wasVisible = prev ? prev.status === 'visible' : true;
    const isNew =
      initialised && status === 'visible' && !wasVisible
        ? true
        : (prev?.isNew ?? false) && status === 'visible';
    if (isNew && !prev?.isNew) newIds.add(id);
    if (blocking) blockingIds.add(id);
    else blockingIds.delete(id);
    const c: Computed = {
      isFee: isFeeField(inst),
      sectionKey: inst.sectionKey,
      status,
      price,
      rawPrice,
      options: opts,
      errors,
      blocking,
      formulaError,
      isNew,
      state: prev?.state,
    };
    account(prev, -1);
    account(c, 1);
    computed.set(id, c);
    return !prev || prev.status !== status || prev.price !== price || prev.rawPrice !== rawPrice;
  }

  function evalGroup(node: string): void {
    const g = groups.get(node);
    if (!g) return;
    const { section, rule } = g;
    const errors: ErrorMap = {};
    if ((sectionStatus.get(section.key) ?? 'visible') === 'visible') {
      const resolve = resolverFor(undefined, section.idMap);
      const ids = rule.fields
        .map((id) => mapId(section.idMap, id))
        .filter((id) => layout.fields.has(id) && fieldStatus(id) === 'visible');
      let value = 0;
      switch (rule.validationType) {
        case 'customFormula':
          value = evaluateNumber(compileFormula(rule.formula ?? ''), resolve).value;
          break;
        case 'optionsCount':
          for (const id of ids)
            value += toNumber(fieldProp(layout.fields.get(id)!, { prop: 'count', length: false }));
          break;
        case 'sumOfValues':
          for (const id of ids)
            value += toNumber(fieldProp(layout.fields.get(id)!, { prop: 'value', length: false })) || 0;
          break;
        case 'totalQuantity':
          for (const id of ids)
            value += toNumber(fieldProp(layout.fields.get(id)!, { prop: 'quantity', length: false }));
          break;
      }
      const limit = (v: number | string | undefined) =>
        v === undefined || v === ''
          ? undefined
          : typeof v === 'number'
            ? v
            : evaluateNumber(compileFormula(v), resolve).value;
      const max = limit(rule.max);
      const min = limit(rule.min);
      if (max !== undefined && value > max)
        errors.groupMaxError = message('groupMaxError', texts, { max, value });
      if (min !== undefined && value < min)
        errors.groupMinError = message('groupMinError', texts, { min, value });
    }
    groupErrors.set(node, errors);
  }

  function evalNode(node: string): boolean {
    if (node.startsWith(SECTION)) return evalSection(node.slice(SECTION.length));
    if (node.startsWith(GROUP)) {
      evalGroup(node);
      return false;
    }
    if (node.startsWith('$')) return true;
    return evalField(node);
  }

  /** Runs nodes in dependency order from `start`, following only what changed. */
  function propagate(start: Iterable<string>, forced: ReadonlySet<string>, touched: Set<string>) {
    const queue = new RankQueue(graph.order);
    for (const n of start) queue.push(graph.rank.get(n));
    const done = new Set<string>();
    for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
      if (done.has(node)) continue; // a cycle reaching back: each node runs once per update
      done.add(node);
      const changed = evalNode(node);
      if (!node.startsWith('$') && !node.startsWith(GROUP)) touched.add(node);
      if (changed || forced.has(node))
        for (const d of graph.dependants.get(node) ?? []) queue.push(graph.rank.get(d));
    }
  }

  function fullPass(touched: Set<string>) {
    for (const node of graph.order) {
      evalNode(node);
      if (!node.startsWith('$') && !node.startsWith(GROUP)) touched.add(node);
    }
    resum();
  }

  // ------------------------------------------------------------------ repeaters and bindings

  /** Brings bound repeaters and bind_quantity in line; true when the structure changed. */
  function applyBindings(touched: Set<string>): boolean {
    let structure = false;
    if (conf.bind_quantity.enabled && conf.bind_quantity.formula) {
      const r = evaluateNumber(compileFormula(conf.bind_quantity.formula), resolverFor(undefined, undefined));
      if (!r.error && r.value > 0 && r.value !== prod.quantity) {
        prod = { ...prod, quantity: r.value };
        propagate([QUANTITY], new Set([QUANTITY]), touched);
      }
    }
    for (const [id, r] of layout.repeaters) {
      if (!r.bind) continue;
      let v = 1;
      if (r.bind === 'quantity') v = prod.quantity;
      else if (r.bind === 'field') {
        const inst = layout.fields.get(r.bindField ?? '');
        v = inst ? toNumber(fieldProp(inst, { prop: 'value', length: false })) : 1;
      } else v = evaluateNumber(compileFormula(r.bindFormula ?? ''), resolverFor(undefined, undefined)).value;
      const want = boundCloneCount(v, r.max);
      if ((counts.get(id) ?? 0) !== want) {
        counts.set(id, want);
        structure = true;
      }
    }
    return structure;
  }

  function cloneTarget(id: string): { repeater: string; index: number } | undefined {
    if (layout.repeaters.has(id)) return { repeater: id, index: 0 };
    const inst = layout.fields.get(id);
    if (inst?.isClone && inst.parentId && layout.repeaters.has(inst.parentId))
      return { repeater: inst.parentId, index: inst.cloneIndex };
    const s = sectionOf(id);
    if (s?.isClone && s.parentKey) return { repeater: s.parentKey, index: s.cloneIndex };
    return undefined;
  }

  /** Moves the values of clones after `index` one place down (spec §4: renumber the rest). */
  function renumberAfterRemoval(repeater: string, index: number) {
    const r = layout.repeaters.get(repeater)!;
    const count = counts.get(repeater) ?? 0;
    const idsOf = (n: number): string[] => {
      if (r.kind === 'field') return [fieldCloneId(repeater, n)];
      const key = sectionCloneKey(repeater, n);
      return def.sections
        .find((s) => s.extra.key === repeater)!
        .fields.flat()
        .map((f) => sectionFieldId(key, f.elementId));
    };
    for (let n = index; n < count; n++) {
      const to = idsOf(n);
      const from = idsOf(n + 1);
      to.forEach((id, i) => {
        const v = stored.get(from[i]);
        if (v) stored.set(id, v);
      });
      if (r.kind === 'section')
        sectionOpen.set(
          sectionCloneKey(repeater, n),
          sectionOpen.get(sectionCloneKey(repeater, n + 1)) ?? true,
        );
    }
    for (const id of idsOf(count)) {
      stored.delete(id);
      computed.delete(id);
    }
    if (r.kind === 'section') sectionOpen.delete(sectionCloneKey(repeater, count));
  }

  // ------------------------------------------------------------------ outputs

  const emptyErrors: ErrorMap = {};

  function sameErrors(a: ErrorMap, b: ErrorMap): boolean {
    const ka = Object.keys(a) as ErrorKey[];
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
  }

  /** Returns a new state object when something differs, else the previous one (identity = unchanged). */
  function stateOf(id: string): FieldState {
    const inst = layout.fields.get(id)!;
    const fd = inst.def;
    const st = stored.get(id)!;
    const c = computed.get(id)!;
    const prev = c.state;
    const clonedCount =
      !inst.isClone && layout.repeaters.has(fd.elementId) ? (counts.get(fd.elementId) ?? 0) : 0;
    const showErrors = st.touched || submitted;
    const errors = Object.keys(c.errors).length ? c.errors : emptyErrors;
    if (
      prev &&
      prev.value === st.value &&
      prev.quantity === st.quantity &&
      prev.status === c.status &&
      prev.price === c.price &&
      prev.rawPrice === c.rawPrice &&
      prev.isNew === c.isNew &&
      prev.showErrors === showErrors &&
      prev.clonedCount === clonedCount &&
      prev.name === inst.name &&
      prev.formulaError === c.formulaError &&
      sameErrors(prev.error, errors)
    )
      return prev;
    const text = typeof st.value === 'string' ? st.value : '';
    const state: FieldState = {
      type: fd.type,
      elementId: id,
      name: inst.name,
      value: st.value,
      quantity: st.quantity,
      error: errors,
      blocking: c.blocking,
      showErrors,
      status: c.status,
      price: c.price,
      rawPrice: c.rawPrice,
      viewPrice: fd.enablePrice ? viewPrice(c.price, conf) : '',
      selectedOptions: c.options,
      updated: (prev?.updated ?? -1) + 1,
      isNew: c.isNew,
      clonedCount,
      isClone: inst.isClone,
      parentId: inst.parentId,
      sectionKey: inst.sectionKey,
      isFee: fd.use_as_fee || (sectionOf(inst.sectionKey)?.extra.use_as_fee ?? false),
      inputAttrs: prev?.inputAttrs ?? inputAttrs(fd, now()),
      charLeft:
        fd.charleft && fd.maxlength !== undefined
          ? Math.max(0, fd.maxlength - Array.from(text).length)
          : undefined,
      formulaError: c.formulaError,
    };
    c.state = state;
    return state;
  }

  function sectionStateOf(s: SectionInstance, price: number): SectionState {
    const prev = sectionStates.get(s.key);
    const status = sectionStatus.get(s.key) ?? 'visible';
    const open = sectionOpen.get(s.key) ?? true;
    const clonedCount = s.isClone ? 0 : (counts.get(s.key) ?? 0);
    const errs: ErrorMap = {};
    s.extra.form_rules.forEach((_r, i) => {
      Object.assign(errs, groupErrors.get(`${GROUP}${s.key}#${i}`));
    });
    if (
      prev &&
      prev.status === status &&
      prev.open === open &&
      prev.price === price &&
      prev.clonedCount === clonedCount &&
      sameErrors(prev.error, errs)
    )
      return prev;
    const st: SectionState = {
      key: s.key,
      status,
      open,
      price,
      viewPrice: viewPrice(price, conf),
      clonedCount,
      isClone: s.isClone,
      parentKey: s.parentKey,
      error: errs,
    };
    sectionStates.set(s.key, st);
    return st;
  }

  function isFeeField(inst: FieldInstance): boolean {
    return inst.def.use_as_fee || (sectionOf(inst.sectionKey)?.extra.use_as_fee ?? false);
  }

  function collectErrors(): BlockingError[] {
    const out: BlockingError[] = [];
    const ids = [...blockingIds].filter((id) => layout.fields.has(id));
    ids.sort((a, b) => layout.fields.get(a)!.order - layout.fields.get(b)!.order);
    for (const id of ids) {
      const c = computed.get(id);
      if (!c?.blocking) continue;
      for (const [k, m] of Object.entries(c.errors))
        if (BLOCKING_ERRORS.has(k as ErrorKey)) out.push({ id, key: k as ErrorKey, message: m });
    }
    for (const [node, errs] of groupErrors) {
      const g = groups.get(node);
      if (g)
        for (const [k, m] of Object.entries(errs))
          out.push({ id: g.section.key, key: k as ErrorKey, message: m });
    }
    return out;
  }

  function finish(
    touched: Set<string>,
    structureChanged: boolean,
    sectionsTouched: Set<string>,
  ): UpdateResult {
    const fields: FieldState[] = [];
    for (const id of touched) {
      if (!layout.fields.has(id)) continue;
      const prev = computed.get(id)?.state;
      const st = stateOf(id);
      if (st !== prev) fields.push(st);
    }
    fields.sort((a, b) => layout.fields.get(a.elementId)!.order - layout.fields.get(b.elementId)!.order);
    const options = optionsSum;
    const fee = feeSum;
    // Re-summarise (and re-format) only when one of its inputs moved.
    const inputs = `${options}|${fee}|${prod.product_price}|${prod.quantity}`;
    const summaryChanged = !summary || inputs !== summaryInputs;
    if (summaryChanged) {
      summary = summarize(
        [
          { price: options, isFee: false },
          { price: fee, isFee: true },
        ],
        prod,
        conf,
      );
      summaryInputs = inputs;
    }
    const sections: SectionState[] = [];
    for (const s of layout.sections) {
      const prev = sectionStates.get(s.key);
      const st = sectionStateOf(s, roundMoney(sectionSum.get(s.key) ?? 0, conf.money.decimals));
      if (st !== prev || sectionsTouched.has(s.key)) sections.push(st);
    }
    const errors = collectErrors();
    return {
      fields,
      sections,
      summary,
      summaryChanged,
      errors,
      structureChanged,
      valid: errors.length === 0,
    };
  }

  function rebuildAndRecompute(touched: Set<string>) {
    build();
    for (const id of [...computed.keys()])
      if (!layout.fields.has(id)) {
        computed.delete(id);
        blockingIds.delete(id);
      }
    fullPass(touched);
    for (const id of layout.order) touched.add(id);
  }

  // ------------------------------------------------------------------ update

  function setValue(
    id: string,
    value: FieldValue,
    quantity: Quantity | undefined,
    hasQuantity: boolean,
  ): boolean {
    const inst = layout.fields.get(id);
    if (!inst) return false;
    const st = stored.get(id)!;
    const c = correctValue(inst.def, value, hasQuantity ? quantity : st.quantity, texts, now());
    stored.set(id, { value: c.value, quantity: c.quantity, notices: c.notices, touched: st.touched });
    return true;
  }

  function autoOpenNext(id: string, sectionsTouched: Set<string>) {
    if (!def.settings.accordion_auto_open_next) return;
    const inst = layout.fields.get(id);
    if (!inst || isEmptyValue(stored.get(id)?.value)) return;
    const s = sectionOf(inst.sectionKey)!;
    const visible = s.rows.flat().filter((fid) => fieldStatus(fid) === 'visible');
    if (visible[visible.length - 1] !== id) return;
    const i = layout.sections.indexOf(s);
    const next = layout.sections
      .slice(i + 1)
      .find((x) => (sectionStatus.get(x.key) ?? 'visible') !== 'hidden' && !sectionOpen.get(x.key));
    if (!next) return;
    sectionOpen.set(next.key, true);
    sectionsTouched.add(next.key);
    if (def.settings.accordion_auto_close) {
      sectionOpen.set(s.key, false);
      sectionsTouched.add(s.key);
    }
  }

  function toggleSection(key: string, open: boolean | undefined, sectionsTouched: Set<string>) {
    if (!sectionOf(key)) return;
    const next = open ?? !sectionOpen.get(key);
    sectionOpen.set(key, next);
    sectionsTouched.add(key);
    if (next && def.settings.accordion_auto_close)
      for (const s of layout.sections)
        if (s.key !== key && sectionOpen.get(s.key)) {
          sectionOpen.set(s.key, false);
          sectionsTouched.add(s.key);
        }
  }

  function update(change: Change): UpdateResult {
    today = clock();
    const touched = new Set<string>();
    const sectionsTouched = new Set<string>();
    let structureChanged = false;
    try {
      // isNew lasts one update (spec §4 "A newly shown field is marked new").
      for (const id of newIds) {
        const c = computed.get(id);
        if (c) c.isNew = false;
        touched.add(id);
      }
      newIds = new Set();
      const start: string[] = [];
      switch (change?.type) {
        case 'value':
          if (setValue(change.id, change.value ?? null, change.quantity, change.quantity !== undefined))
            start.push(change.id);
          break;
        case 'quantity': {
          const st = stored.get(change.id);
          if (st && setValue(change.id, st.value, change.quantity, true)) start.push(change.id);
          break;
        }
        case 'productQuantity':
          if (Number.isFinite(change.quantity) && change.quantity > 0) {
            prod = { ...prod, quantity: change.quantity };
            start.push(QUANTITY);
          }
          break;
        case 'product': {
          const r = productSchema.safeParse({ ...prod, ...(change.product ?? {}) });
          if (r.success) {
            prod = r.data;
            start.push(PRODUCT, QUANTITY);
          } else
            report.push({
              elementId: 'product',
              setting: r.error.issues[0]?.path.join('.') ?? '',
              message: r.error.issues[0]?.message ?? 'invalid',
            });
          break;
        }
        case 'roles':
          roles = Array.isArray(change.roles) ? change.roles.map(String) : [];
          start.push(ROLES);
          break;
        case 'blur': {
          const st = stored.get(change.id);
          if (st && !st.touched) {
            stored.set(change.id, { ...st, touched: true });
            touched.add(change.id);
          }
          break;
        }
        case 'submit':
          submitted = true;
          for (const id of layout.order) touched.add(id);
          break;
        case 'addClone': {
          const t = cloneTarget(change.id);
          const r = t && layout.repeaters.get(t.repeater);
          if (r && !r.bind) {
            const before = counts.get(r.id) ?? 0;
            counts.set(r.id, clampClones(before + 1, r.max));
            structureChanged = counts.get(r.id) !== before;
          }
          break;
        }
        case 'removeClone': {
          const t = cloneTarget(change.id);
          const r = t && layout.repeaters.get(t.repeater);
          if (r && !r.bind && t.index > 0) {
            renumberAfterRemoval(r.id, t.index);
            counts.set(r.id, (counts.get(r.id) ?? 1) - 1);
            structureChanged = true;
          }
          break;
        }
        case 'toggleSection':
          toggleSection(change.key, change.open, sectionsTouched);
          break;
      }
      if (structureChanged) rebuildAndRecompute(touched);
      else if (start.length) propagate(start, new Set(start), touched);
      if (applyBindings(touched)) {
        structureChanged = true;
        rebuildAndRecompute(touched);
        applyBindings(touched);
      }
      if (change?.type === 'value') autoOpenNext(change.id, sectionsTouched);
    } catch (e) {
      // The engine must never throw into the page: report and keep the last good state.
      report.push({
        elementId: 'form',
        setting: '',
        message: `update failed: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
    return finish(touched, structureChanged, sectionsTouched);
  }

  function recomputeAll(): UpdateResult {
    today = clock();
    const touched = new Set<string>();
    fullPass(touched);
    return finish(touched, false, new Set());
  }

  // ------------------------------------------------------------------ form data

  function quantityName(name: string): string {
    // WCPA adds the suffix to the last real name part: a[1][b] -> a[1][b_quantity].
    return name.endsWith(']') ? name.replace(/\[([^[\]]*)\]$/u, '[$1_quantity]') : `${name}_quantity`;
  }

  function formData(): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    for (const id of layout.order) {
      const inst = layout.fields.get(id)!;
      const fd = inst.def;
      if (fieldStatus(id) !== 'visible') continue; // hidden and disabled fields are not posted
      const { value, quantity } = stored.get(id)!;
      if (isEmptyValue(value)) continue;
      const name = inst.name;
      if (fd.type === 'file') {
        const files = (value as FileItem[]).map((f) => ({
          file_name: f.name,
          url: f.url ?? '',
          type: f.type ?? '',
          size: f.size,
        }));
        out.push([name, JSON.stringify(files)]);
      } else if (fd.type === 'placeselector' && value && typeof value === 'object' && !Array.isArray(value)) {
        const p = value as PlaceValue;
        out.push([`${name}[value]`, p.value]);
        for (const [k, v] of Object.entries(p.split ?? {})) out.push([`${name}[split][${k}]`, v]);
        if (p.cords)
          out.push(
            [`${name}[cords][lat]`, String(p.cords.lat)],
            [`${name}[cords][lng]`, String(p.cords.lng)],
          );
      } else if (Array.isArray(value)) {
        const picks = (value as string[]).filter((v) => typeof v === 'string' && v.trim() !== '');
        if (DATE_FIELD_TYPES.has(fd.type) && fd.picker_mode === 'range') {
          out.push([`${name}[start]`, picks[0] ?? ''], [`${name}[end]`, picks[1] ?? picks[0] ?? '']);
          continue;
        }
        const single = SINGLE_CHOICE.has(fd.type) || (fd.type === 'select' && !fd.multiple);
        const all = flatOptions(fd.values);
        for (const v of single ? picks.slice(0, 1) : picks) {
          out.push([single ? name : `${name}[]`, v]);
          if (fd.enable_quantity) {
            const i = v.startsWith(OTHER_MARKER) ? 'other' : String(all.findIndex((o) => o.value === v));
            const q =
              typeof quantity === 'object' && quantity && Object.hasOwn(quantity, v) ? quantity[v] : 1;
            out.push([`${quantityName(name)}[${i}]`, String(q)]);
          }
        }
      } else {
        out.push([name, value === true ? '1' : scalarText(value)]);
        if (fd.enable_quantity && typeof quantity === 'number')
          out.push([quantityName(name), String(quantity)]);
      }
    }
    const clones = Object.fromEntries([...counts].filter(([, n]) => n > 0));
    if (Object.keys(clones).length) out.push(['wcpa_clones', JSON.stringify(clones)]);
    if (conf.cartKey) out.push(['wcpa_cart_item_key', conf.cartKey]);
    return out;
  }

  // ------------------------------------------------------------------ start

  build();
  fullPass(new Set());
  applyBindings(new Set()) && rebuildAndRecompute(new Set());
  finish(new Set(layout.order), false, new Set());
  initialised = true;

  return {
    report,
    state(): FormState {
      return {
        fields: layout.order.map((id) => stateOf(id)),
        sections: layout.sections.map((s) => sectionStates.get(s.key)!),
        summary,
        errors: collectErrors(),
      };
    },
    field(id: string) {
      return layout.fields.has(id) ? stateOf(id) : undefined;
    },
    update,
    recomputeAll,
    formData,
  };
}
