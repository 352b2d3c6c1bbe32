/**
 * Evaluation and propagation: each graph node (field, section, group rule) computes its status,
 * price and errors from the state; `propagate` runs the dependants of what changed in topological
 * order, only while something they read changed (README "Incremental evaluation"); `fullPass`
 * runs every node. Bindings (bound repeaters, bind_quantity) follow the values afterwards.
 */
import { toNumber } from './coerce.ts';
import type { RefResolver } from './formula.ts';
import { RankQueue } from './graph.ts';
import { conditionalStatus, type Status } from './logic.ts';
import { build, isFeeField } from './model.ts';
import { flatOptions, priceField, priceFormulaOf } from './pricing.ts';
import { fieldProp, fieldStatus, logicContext, mapId, type PropRef, resolverFor } from './references.ts';
import { boundCloneCount } from './repeaters.ts';
import { type GroupRule, OPTION_TYPES } from './schema.ts';
import {
  type Computed,
  type EngineState,
  GROUP,
  type GroupNode,
  QUANTITY,
  SECTION,
  sectionOf,
} from './state.ts';
import {
  BLOCKING_ERRORS,
  type ErrorKey,
  type ErrorMap,
  type FieldInstance,
  type FieldState,
} from './types.ts';
import { mergeErrors, message, validateValue } from './validation.ts';

/** Adds (sign 1) or removes (sign -1) a field's price from the running sums. */
function account(s: EngineState, c: Computed | undefined, sign: 1 | -1) {
  if (!c || c.price === 0) return;
  if (c.isFee) s.sums.fee += sign * c.price;
  else s.sums.options += sign * c.price;
  s.sums.bySection.set(c.sectionKey, (s.sums.bySection.get(c.sectionKey) ?? 0) + sign * c.price);
}

function resum(s: EngineState) {
  s.sums.options = 0;
  s.sums.fee = 0;
  s.sums.bySection.clear();
  for (const id of s.layout.order) account(s, s.computed.get(id), 1);
}

function evalSection(s: EngineState, key: string): boolean {
  const section = sectionOf(s, key);
  if (!section) return false;
  const status = conditionalStatus(section.extra, logicContext(s, section.idMap));
  const changed = s.sectionStatus.get(key) !== status;
  s.sectionStatus.set(key, status);
  return changed;
}

/** A field's own status combined with its section's: hidden beats disabled beats visible. */
function combinedStatus(s: EngineState, inst: FieldInstance): Status {
  const own = conditionalStatus(inst.def, logicContext(s, inst.idMap));
  const sec = s.sectionStatus.get(inst.sectionKey) ?? 'visible';
  if (sec === 'hidden' || own === 'hidden') return 'hidden';
  return sec === 'disable' || own === 'disable' ? 'disable' : 'visible';
}

type FieldPricing = Pick<Computed, 'price' | 'rawPrice' | 'options' | 'formulaError'>;

/** Prices a visible priced field; otherwise lists the picked options at no price. */
function pricingOf(s: EngineState, inst: FieldInstance, status: Status): FieldPricing {
  const fd = inst.def;
  const st = s.stored.get(inst.id)!;
  if (status === 'visible' && fd.enablePrice) {
    const formula = priceFormulaOf(fd, s.conf, s.formulas);
    const p = priceField(fd, st.value, st.quantity, s.prod, s.conf, formula, s.formulas, (ov) =>
      resolverFor(s, inst, inst.idMap, ov),
    );
    return { price: p.price, rawPrice: p.rawPrice, options: p.options, formulaError: p.error };
  }
  let options: FieldState['selectedOptions'] = [];
  if (Array.isArray(st.value) && OPTION_TYPES.has(fd.type)) {
    const all = flatOptions(fd.values);
    options = (st.value as string[]).flatMap((v) => {
      const o = all.find((x) => x.value === v);
      return o ? [{ ...o, price: 0 }] : [];
    });
  }
  return { price: 0, rawPrice: 0, options, formulaError: undefined };
}

/** Evaluates one field: status, price, validation. Returns true when what others read changed. */
function evalField(s: EngineState, id: string): boolean {
  const inst = s.layout.fields.get(id)!;
  const st = s.stored.get(id)!;
  const prev = s.computed.get(id);
  const status = combinedStatus(s, inst);
  const pricing = pricingOf(s, inst, status);
  const errors: ErrorMap =
    status === 'visible'
      ? mergeErrors(st.notices, validateValue(inst.def, st.value, st.quantity, s.texts, s.today))
      : {};
  const blocking = Object.keys(errors).some((k) => BLOCKING_ERRORS.has(k as ErrorKey));
  // spec §4 "A newly shown field is marked new": from hidden/disabled to visible after the start.
  const wasVisible = prev ? prev.status === 'visible' : true;
  const isNew =
    s.initialised && status === 'visible' && !wasVisible
      ? true
      : (prev?.isNew ?? false) && status === 'visible';
  if (isNew && !prev?.isNew) s.newIds.add(id);
  if (blocking) s.blockingIds.add(id);
  else s.blockingIds.delete(id);
  const c: Computed = {
    isFee: isFeeField(s, inst),
    sectionKey: inst.sectionKey,
    status,
    ...pricing,
    errors,
    blocking,
    isNew,
    state: prev?.state,
  };
  account(s, prev, -1);
  account(s, c, 1);
  s.computed.set(id, c);
  return !prev || prev.status !== status || prev.price !== c.price || prev.rawPrice !== c.rawPrice;
}

/** The field property each counting group rule adds up. */
const GROUP_PROPS = new Map<GroupRule['validationType'], PropRef['prop']>([
  ['optionsCount', 'count'],
  ['sumOfValues', 'value'],
  ['totalQuantity', 'quantity'],
]);

/** The number a group rule checks: a formula, or a count/sum/quantity over its visible fields. */
function groupValue(
  s: EngineState,
  g: GroupNode,
  resolve: ReturnType<typeof resolverFor>,
): number | undefined {
  const { section, rule } = g;
  if (rule.validationType === 'customFormula') return formulaNumber(s, rule.formula ?? '', resolve);
  const prop = GROUP_PROPS.get(rule.validationType);
  if (!prop) return 0;
  let value = 0;
  for (const id of rule.fields) {
    const m = mapId(section.idMap, id);
    const inst = s.layout.fields.get(m);
    if (!inst || fieldStatus(s, m) !== 'visible') continue;
    const n = toNumber(fieldProp(s, inst, { prop, length: false }));
    value += prop === 'value' ? n || 0 : n;
  }
  return value;
}

/** A formula's number; undefined when formulas are not loaded (the check it feeds is skipped). */
function formulaNumber(s: EngineState, source: unknown, resolve: RefResolver): number | undefined {
  const compiled = s.formulas.compile(source);
  return compiled.unavailable ? undefined : s.formulas.evaluateNumber(compiled, resolve).value;
}

function groupLimit(
  s: EngineState,
  v: GroupRule['max'],
  resolve: ReturnType<typeof resolverFor>,
): number | undefined {
  if (v === undefined || v === '') return undefined;
  return typeof v === 'number' ? v : formulaNumber(s, v, resolve);
}

/** Checks one section `form_rules` entry (groupMinError / groupMaxError). */
function evalGroup(s: EngineState, node: string): void {
  const g = s.groups.get(node);
  if (!g) return;
  const errors: ErrorMap = {};
  if ((s.sectionStatus.get(g.section.key) ?? 'visible') === 'visible') {
    const resolve = resolverFor(s, undefined, g.section.idMap);
    const value = groupValue(s, g, resolve);
    const max = groupLimit(s, g.rule.max, resolve);
    const min = groupLimit(s, g.rule.min, resolve);
    if (value !== undefined && max !== undefined && value > max)
      errors.groupMaxError = message('groupMaxError', s.texts, { max, value });
    if (value !== undefined && min !== undefined && value < min)
      errors.groupMinError = message('groupMinError', s.texts, { min, value });
  }
  s.groupErrors.set(node, errors);
}

function evalNode(s: EngineState, node: string): boolean {
  if (node.startsWith(SECTION)) return evalSection(s, node.slice(SECTION.length));
  if (node.startsWith(GROUP)) {
    evalGroup(s, node);
    return false;
  }
  if (node.startsWith('$')) return true;
  return evalField(s, node);
}

/** True for the nodes whose state an update reports (fields and sections). */
const reported = (node: string) => !node.startsWith('$') && !node.startsWith(GROUP);

/** Runs nodes in dependency order from `start`, following only what changed. */
export function propagate(
  s: EngineState,
  start: Iterable<string>,
  forced: ReadonlySet<string>,
  touched: Set<string>,
): void {
  const { graph } = s;
  const queue = new RankQueue(graph.order);
  for (const n of start) queue.push(graph.rank.get(n));
  const done = new Set<string>();
  for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
    if (done.has(node)) continue; // a cycle reaching back: each node runs once per update
    done.add(node);
    const changed = evalNode(s, node);
    if (reported(node)) touched.add(node);
    if (changed || forced.has(node))
      for (const d of graph.dependants.get(node) ?? []) queue.push(graph.rank.get(d));
  }
}

/** Evaluates every node in order and recomputes the price sums from scratch. */
export function fullPass(s: EngineState, touched: Set<string>): void {
  for (const node of s.graph.order) {
    evalNode(s, node);
    if (reported(node)) touched.add(node);
  }
  resum(s);
}

/** Rebuilds the structure after a clone count changed, drops what disappeared, re-evaluates all. */
export function rebuildAndRecompute(s: EngineState, touched: Set<string>): void {
  build(s);
  for (const id of [...s.computed.keys()])
    if (!s.layout.fields.has(id)) {
      s.computed.delete(id);
      s.blockingIds.delete(id);
    }
  fullPass(s, touched);
  for (const id of s.layout.order) touched.add(id);
}

function applyBindQuantity(s: EngineState, touched: Set<string>) {
  const { bind_quantity } = s.conf;
  if (!bind_quantity.enabled || !bind_quantity.formula) return;
  const r = s.formulas.evaluateNumber(
    s.formulas.compile(bind_quantity.formula),
    resolverFor(s, undefined, undefined),
  );
  if (!r.error && r.value > 0 && r.value !== s.prod.quantity) {
    s.prod = { ...s.prod, quantity: r.value };
    propagate(s, [QUANTITY], new Set([QUANTITY]), touched);
  }
}

/** Brings bound repeaters and bind_quantity in line; true when the structure changed. */
export function applyBindings(s: EngineState, touched: Set<string>): boolean {
  applyBindQuantity(s, touched);
  let structure = false;
  for (const [id, r] of s.layout.repeaters) {
    if (!r.bind) continue;
    let v = 1;
    if (r.bind === 'quantity') v = s.prod.quantity;
    else if (r.bind === 'field') {
      const inst = s.layout.fields.get(r.bindField ?? '');
      v = inst ? toNumber(fieldProp(s, inst, { prop: 'value', length: false })) : 1;
    } else {
      const bound = formulaNumber(s, r.bindFormula ?? '', resolverFor(s, undefined, undefined));
      // Without the formula runtime the count stays as it is (config.clones) until it arrives.
      if (bound === undefined) continue;
      v = bound;
    }
    const want = boundCloneCount(v, r.max);
    if ((s.counts.get(id) ?? 0) !== want) {
      s.counts.set(id, want);
      structure = true;
    }
  }
  return structure;
}
