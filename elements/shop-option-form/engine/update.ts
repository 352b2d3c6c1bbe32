/**
 * Applying a change (spec §4 "Option form submission": any change recomputes logic, repeaters,
 * prices, validation, summary and config): store what the shopper did, then re-evaluate only the
 * dependants of what changed (or rebuild after a structure change), follow bindings, and project
 * the result. Accordion moves (open, auto-close, auto-open-next) live here too.
 */
import { addClone, removeClone } from './clones.ts';
import { applyBindings, fullPass, propagate, rebuildAndRecompute } from './evaluate.ts';
import { isEmptyValue } from './pricing.ts';
import { finish } from './project.ts';
import { fieldStatus } from './references.ts';
import { productSchema } from './schema.ts';
import { type EngineState, PRODUCT, QUANTITY, ROLES, sectionOf } from './state.ts';
import type { Change, FieldValue, Quantity, UpdateResult } from './types.ts';
import { correctValue } from './validation.ts';

/** What one update has done so far. */
interface Step {
  /** Nodes whose inputs changed: propagation starts there. */
  start: string[];
  /** Fields and sections that may have a new state. */
  touched: Set<string>;
  /** Sections opened or closed. */
  sectionsTouched: Set<string>;
  structureChanged: boolean;
}

/** Stores a corrected value (spec §5 corrections); false for an unknown field. */
function setValue(
  s: EngineState,
  id: string,
  value: FieldValue,
  quantity: Quantity | undefined,
  hasQuantity: boolean,
): boolean {
  const inst = s.layout.fields.get(id);
  if (!inst) return false;
  const st = s.stored.get(id)!;
  const c = correctValue(inst.def, value, hasQuantity ? quantity : st.quantity, s.texts, s.today);
  s.stored.set(id, { value: c.value, quantity: c.quantity, notices: c.notices, touched: st.touched });
  return true;
}

/** accordion_auto_open_next: opens the next closed visible section once this section's last visible field has a value. */
function autoOpenNext(s: EngineState, id: string, sectionsTouched: Set<string>) {
  if (!s.def.settings.accordion_auto_open_next) return;
  const inst = s.layout.fields.get(id);
  if (!inst || isEmptyValue(s.stored.get(id)?.value)) return;
  const section = sectionOf(s, inst.sectionKey)!;
  const visible = section.rows.flat().filter((fid) => fieldStatus(s, fid) === 'visible');
  if (visible[visible.length - 1] !== id) return;
  const i = s.layout.sections.indexOf(section);
  const next = s.layout.sections
    .slice(i + 1)
    .find((x) => (s.sectionStatus.get(x.key) ?? 'visible') !== 'hidden' && !s.sectionOpen.get(x.key));
  if (!next) return;
  s.sectionOpen.set(next.key, true);
  sectionsTouched.add(next.key);
  if (s.def.settings.accordion_auto_close) {
    s.sectionOpen.set(section.key, false);
    sectionsTouched.add(section.key);
  }
}

/** Opens, closes or toggles a section; accordion_auto_close closes the others. */
function toggleSection(s: EngineState, key: string, open: boolean | undefined, sectionsTouched: Set<string>) {
  if (!sectionOf(s, key)) return;
  const next = open ?? !s.sectionOpen.get(key);
  s.sectionOpen.set(key, next);
  sectionsTouched.add(key);
  if (next && s.def.settings.accordion_auto_close)
    for (const x of s.layout.sections)
      if (x.key !== key && s.sectionOpen.get(x.key)) {
        s.sectionOpen.set(x.key, false);
        sectionsTouched.add(x.key);
      }
}

function setProduct(s: EngineState, product: Record<string, unknown> | undefined, step: Step) {
  const r = productSchema.safeParse({ ...s.prod, ...(product ?? {}) });
  if (r.success) {
    s.prod = r.data;
    step.start.push(PRODUCT, QUANTITY);
  } else
    s.report.push({
      elementId: 'product',
      setting: r.error.issues[0]?.path.join('.') ?? '',
      message: r.error.issues[0]?.message ?? 'invalid',
    });
}

function blur(s: EngineState, id: string, step: Step) {
  const st = s.stored.get(id);
  if (st && !st.touched) {
    s.stored.set(id, { ...st, touched: true });
    step.touched.add(id);
  }
}

/** Records one change in the state; what to re-evaluate goes into `step`. */
function applyChange(s: EngineState, change: Change, step: Step): void {
  switch (change?.type) {
    case 'value':
      if (setValue(s, change.id, change.value ?? null, change.quantity, change.quantity !== undefined))
        step.start.push(change.id);
      break;
    case 'quantity': {
      const st = s.stored.get(change.id);
      if (st && setValue(s, change.id, st.value, change.quantity, true)) step.start.push(change.id);
      break;
    }
    case 'productQuantity':
      if (Number.isFinite(change.quantity) && change.quantity > 0) {
        s.prod = { ...s.prod, quantity: change.quantity };
        step.start.push(QUANTITY);
      }
      break;
    case 'product':
      setProduct(s, change.product, step);
      break;
    case 'roles':
      s.roles = Array.isArray(change.roles) ? change.roles.map(String) : [];
      step.start.push(ROLES);
      break;
    case 'blur':
      blur(s, change.id, step);
      break;
    case 'submit':
      s.submitted = true;
      for (const id of s.layout.order) step.touched.add(id);
      break;
    case 'addClone':
      step.structureChanged = addClone(s, change.id);
      break;
    case 'removeClone':
      step.structureChanged = removeClone(s, change.id);
      break;
    case 'toggleSection':
      toggleSection(s, change.key, change.open, step.sectionsTouched);
      break;
  }
}

/** Applies a change and returns what changed. Never throws. */
export function update(s: EngineState, change: Change): UpdateResult {
  s.today = s.clock();
  const step: Step = { start: [], touched: new Set(), sectionsTouched: new Set(), structureChanged: false };
  try {
    // isNew lasts one update (spec §4 "A newly shown field is marked new").
    for (const id of s.newIds) {
      const c = s.computed.get(id);
      if (c) c.isNew = false;
      step.touched.add(id);
    }
    s.newIds = new Set();
    applyChange(s, change, step);
    if (step.structureChanged) rebuildAndRecompute(s, step.touched);
    else if (step.start.length) propagate(s, step.start, new Set(step.start), step.touched);
    if (applyBindings(s, step.touched)) {
      step.structureChanged = true;
      rebuildAndRecompute(s, step.touched);
      applyBindings(s, step.touched);
    }
    if (change?.type === 'value') autoOpenNext(s, change.id, step.sectionsTouched);
  } catch (e) {
    // The engine must never throw into the page: report and keep the last good state.
    s.report.push({
      elementId: 'form',
      setting: '',
      message: `update failed: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
  return finish(s, step.touched, step.structureChanged, step.sectionsTouched);
}

/** Re-evaluates every node (the baseline the incremental update is measured against). */
export function recomputeAll(s: EngineState): UpdateResult {
  s.today = s.clock();
  const touched = new Set<string>();
  fullPass(s, touched);
  return finish(s, touched, false, new Set());
}

/** Builds the structure and evaluates everything once, at creation. */
export function start(s: EngineState): void {
  rebuildAndRecompute(s, new Set());
  if (applyBindings(s, new Set())) rebuildAndRecompute(s, new Set());
  finish(s, new Set(s.layout.order), false, new Set());
  s.initialised = true;
}
