/**
 * Model build: field and section instances from the definition and clone counts, group-rule nodes,
 * first values, and the dependency graph (README "Incremental evaluation"). Rebuilt whenever the
 * structure changes (clones added, removed or bound); reports bad formulas, missing rule sources
 * and cycles once each.
 */
import type { CompiledFormula } from './formula.ts';
import { buildGraph } from './graph.ts';
import { relationSources } from './logic.ts';
import { flatOptions, priceFormulaOf } from './pricing.ts';
import { type IdMap, mapId, sourceNode } from './references.ts';
import { buildLayout, clampClones } from './repeaters.ts';
import { type FieldDef, type GroupRule, OPTION_TYPES, type RelationGroup } from './schema.ts';
import {
  type EngineState,
  groupNode,
  PRODUCT,
  QUANTITY,
  ROLES,
  reportOnce,
  SECTION,
  type Stored,
  sectionNode,
  sectionOf,
} from './state.ts';
import type { FieldInstance, FieldValue, SectionInstance } from './types.ts';
import { correctValue } from './validation.ts';

const SINGLE_CHOICE = new Set(['radio-group']);

/** True for a single-choice field (radio group, select without `multiple`). */
export function isSingleChoice(fd: FieldDef): boolean {
  return SINGLE_CHOICE.has(fd.type) || (fd.type === 'select' && !fd.multiple);
}

/** True when the field's price counts as a fee (`use_as_fee` on the field or its section). */
export function isFeeField(s: EngineState, inst: FieldInstance): boolean {
  return inst.def.use_as_fee || (sectionOf(s, inst.sectionKey)?.extra.use_as_fee ?? false);
}

/** Adds the graph nodes a formula reads to `out`. */
function formulaDeps(s: EngineState, f: CompiledFormula, idMap: IdMap, out: string[]) {
  for (const id of f.fieldRefs) {
    const m = mapId(idMap, id);
    if (s.layout.fields.has(m)) out.push(m);
  }
  if (f.usesProduct) out.push(PRODUCT, QUANTITY);
}

function reportFormula(s: EngineState, owner: string, setting: string, f: CompiledFormula | undefined) {
  if (!f || f.ok || f.unavailable) return;
  reportOnce(s, `${owner}:${setting}`, { elementId: owner, setting, message: `formula error: ${f.error}` });
}

/** The graph nodes read by an owner's conditional logic; reports sources that are nothing. */
function ruleDeps(
  s: EngineState,
  owner: string,
  idMap: IdMap,
  relations: readonly RelationGroup[],
): string[] {
  const out: string[] = [];
  for (const src of relationSources(relations)) {
    const n = sourceNode(s, idMap, src);
    if (n) out.push(n);
    else
      reportOnce(s, `${owner}:cl:${src}`, {
        elementId: owner,
        setting: 'relations',
        message: `rule source "${src}" is not a field or a known product source; the rule is false`,
      });
  }
  return out;
}

function openAtStart(s: EngineState, section: SectionInstance): boolean {
  const mode = s.def.settings.accordion_mode;
  return mode === 'all_opened'
    ? true
    : mode === 'all_closed'
      ? false
      : section.extra.accordionOpen === 'open';
}

function groupDeps(s: EngineState, section: SectionInstance, rule: GroupRule, index: number): string[] {
  const out: string[] = [sectionNode(section.key)];
  for (const id of rule.fields) {
    const m = mapId(section.idMap, id);
    if (s.layout.fields.has(m)) out.push(m);
  }
  for (const [setting, src] of [
    ['formula', rule.formula],
    ['min', rule.min],
    ['max', rule.max],
  ] as const) {
    if (src === undefined || (setting !== 'formula' && typeof src === 'number')) continue;
    const f = s.formulas.compile(src);
    reportFormula(s, section.key, `form_rules.${index}.${setting}`, f);
    formulaDeps(s, f, section.idMap, out);
  }
  return out;
}

/** Adds the nodes of the sections and their group rules. */
function addSections(s: EngineState, nodes: string[], deps: Map<string, string[]>) {
  for (const section of s.layout.sections) {
    const sn = sectionNode(section.key);
    nodes.push(sn);
    deps.set(
      sn,
      section.extra.enableCl ? ruleDeps(s, section.key, section.idMap, section.extra.relations) : [],
    );
    if (!s.sectionOpen.has(section.key)) s.sectionOpen.set(section.key, openAtStart(s, section));
    section.extra.form_rules.forEach((rule, index) => {
      const gn = groupNode(section.key, index);
      s.groups.set(gn, { section, rule, index });
      nodes.push(gn);
      deps.set(gn, groupDeps(s, section, rule, index));
    });
  }
}

function fieldDeps(s: EngineState, inst: FieldInstance): string[] {
  const fd = inst.def;
  const out: string[] = [sectionNode(inst.sectionKey)];
  if (fd.enableCl) out.push(...ruleDeps(s, inst.id, inst.idMap, fd.relations));
  const formula = priceFormulaOf(fd, s.conf, s.formulas);
  if (formula) {
    reportFormula(s, inst.isClone ? (inst.parentId ?? inst.id) : inst.id, 'price', formula);
    // {repeaterCount} changes only with the structure, which rebuilds everything.
    formulaDeps(s, formula, inst.idMap, out);
  }
  if (fd.enablePrice && fd.pricingType === 'percentage') out.push(PRODUCT);
  return out;
}

/** Adds the nodes of the fields and gives new fields their first value. */
function addFields(s: EngineState, nodes: string[], deps: Map<string, string[]>) {
  for (const id of s.layout.order) {
    const inst = s.layout.fields.get(id)!;
    nodes.push(id);
    deps.set(id, fieldDeps(s, inst));
    if (!s.stored.has(id)) s.stored.set(id, initialValue(s, inst.def));
  }
}

function reportCycles(s: EngineState) {
  for (const cycle of s.graph.cycles) {
    const ids = cycle.map((n) => n.replace(SECTION, 'section '));
    reportOnce(s, `cycle:${ids.join('>')}`, {
      elementId: ids[0],
      setting: 'relations',
      message: `dependency cycle: ${ids.join(' -> ')} -> ${ids[0]}`,
    });
  }
}

function reportRepeaterBindings(s: EngineState) {
  for (const [id, r] of s.layout.repeaters) {
    if (r.bind === 'formula')
      reportFormula(s, id, 'repeater_bind_formula', s.formulas.compile(r.bindFormula ?? ''));
    if (r.bind === 'field' && !s.layout.fields.has(r.bindField ?? ''))
      s.report.push({
        elementId: id,
        setting: 'repeater_bind_field',
        message: `field "${r.bindField ?? ''}" does not exist`,
      });
  }
}

/** (Re)builds the layout, group rules and dependency graph for the current clone counts. */
export function build(s: EngineState): void {
  s.layout = buildLayout(s.def, s.counts);
  s.sectionByKey = new Map(s.layout.sections.map((x) => [x.key, x]));
  for (const [id, r] of s.layout.repeaters) s.counts.set(id, clampClones(s.counts.get(id) ?? 0, r.max));
  const deps = new Map<string, string[]>();
  const nodes: string[] = [QUANTITY, PRODUCT, ROLES];
  s.groups = new Map();
  addSections(s, nodes, deps);
  addFields(s, nodes, deps);
  s.graph = buildGraph(nodes, deps);
  reportCycles(s);
  reportRepeaterBindings(s);
}

/** A field's first value: its selected options, default value or empty, corrected (spec §5). */
export function initialValue(s: EngineState, fd: FieldDef): Stored {
  let value: FieldValue = '';
  if (OPTION_TYPES.has(fd.type) || (fd.type === 'checkbox' && fd.values.length)) {
    const picked = flatOptions(fd.values)
      .filter((o) => o.selected)
      .map((o) => o.value);
    value = isSingleChoice(fd) ? picked.slice(0, 1) : picked;
  } else if (fd.type === 'checkbox') value = false;
  else if (fd.type === 'file') value = [];
  else if (fd.value !== undefined) value = Array.isArray(fd.value) ? fd.value : String(fd.value);
  const quantity = fd.enable_quantity ? (OPTION_TYPES.has(fd.type) ? {} : (fd.min_quantity ?? 1)) : undefined;
  const c = correctValue(fd, value, quantity, s.texts, s.today);
  return { value: c.value, quantity: c.quantity, notices: {}, touched: false };
}
