/**
 * Repeatable fields and sections (spec §4: clone, remove with renumbering, up to repeater_max;
 * bound to a field, to quantity or to a formula the clone count follows the value, minimum 1,
 * count = value - 1). Builds the list of field and section instances from the definition and the
 * current clone counts. Ids and names follow WCPA (README "Posted form data"):
 * - field clone n of `f`: elementId `f_cl_n`, name `<name>_cl[n]`;
 * - section clone n of `s`: key `s_cl_n`, its fields `s_cl_n_s_<elementId>`, names `s[n][<name>]`.
 */
import type { FormDefinition } from './schema.ts';
import type { FieldInstance, SectionInstance } from './types.ts';

/** One repeater (a repeatable field or section) and its binding. */
export interface Repeater {
  /** Original field elementId or section key. */
  id: string;
  kind: 'field' | 'section';
  /** Largest number of instances, original included; Infinity when unset. */
  max: number;
  bind?: 'field' | 'quantity' | 'formula';
  bindField?: string;
  bindFormula?: string;
}

/** Field and section instances in document order. */
export interface Layout {
  sections: SectionInstance[];
  fields: Map<string, FieldInstance>;
  order: string[];
  repeaters: Map<string, Repeater>;
}

/** Clone id of the n-th clone of a field. */
export const fieldCloneId = (id: string, n: number) => `${id}_cl_${n}`;
/** Key of the n-th clone of a section. */
export const sectionCloneKey = (key: string, n: number) => `${key}_cl_${n}`;
/** Id of a field inside a section clone. */
export const sectionFieldId = (cloneKey: string, id: string) => `${cloneKey}_s_${id}`;

/** The clone count a bound repeater follows: max(1, value) - 1, capped by repeater_max. */
export function boundCloneCount(value: number, max: number): number {
  const v = Number.isFinite(value) ? Math.floor(value) : 1;
  return clampClones(Math.max(1, v) - 1, max);
}

/** Caps a clone count so original + clones stay within repeater_max. */
export function clampClones(count: number, max: number): number {
  const limit = Number.isFinite(max) && max >= 1 ? max - 1 : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(Math.floor(count), limit));
}

/** Lists the repeaters of a definition. */
export function findRepeaters(def: FormDefinition): Map<string, Repeater> {
  const out = new Map<string, Repeater>();
  const max = (m: number | undefined) => (m !== undefined && m >= 1 ? m : Number.POSITIVE_INFINITY);
  for (const s of def.sections) {
    const x = s.extra;
    if (x.repeater || x.repeater_bind)
      out.set(x.key, {
        id: x.key,
        kind: 'section',
        max: max(x.repeater_max),
        bind: x.repeater_bind,
        bindField: x.repeater_bind_field,
        bindFormula: x.repeater_bind_formula,
      });
    for (const row of s.fields)
      for (const f of row)
        if (f.repeater || f.repeater_bind)
          out.set(f.elementId, {
            id: f.elementId,
            kind: 'field',
            max: max(f.repeater_max),
            bind: f.repeater_bind,
            bindField: f.repeater_bind_field,
            bindFormula: f.repeater_bind_formula,
          });
  }
  return out;
}

/** Builds the instances for the given clone counts (by repeater id). */
export function buildLayout(def: FormDefinition, counts: ReadonlyMap<string, number>): Layout {
  const repeaters = findRepeaters(def);
  const sections: SectionInstance[] = [];
  const fields = new Map<string, FieldInstance>();
  const order: string[] = [];
  const countOf = (id: string) => {
    const r = repeaters.get(id);
    return r ? clampClones(counts.get(id) ?? 0, r.max) : 0;
  };

  const addField = (inst: FieldInstance) => {
    fields.set(inst.id, inst);
    order.push(inst.id);
  };

  for (const s of def.sections) {
    const sectionCopies = 1 + countOf(s.extra.key);
    for (let n = 0; n < sectionCopies; n++) {
      const key = n === 0 ? s.extra.key : sectionCloneKey(s.extra.key, n);
      let idMap: Map<string, string> | undefined;
      if (n > 0) {
        idMap = new Map();
        for (const row of s.fields)
          for (const f of row) idMap.set(f.elementId, sectionFieldId(key, f.elementId));
      }
      const rows: string[][] = [];
      for (const row of s.fields) {
        const ids: string[] = [];
        for (const f of row) {
          const id = idMap?.get(f.elementId) ?? f.elementId;
          const base = f.name ?? f.elementId;
          const name = n === 0 ? base : `${s.extra.key}[${n}][${base}]`;
          addField({
            id,
            def: f,
            name,
            sectionKey: key,
            isClone: n > 0,
            parentId: n > 0 ? f.elementId : undefined,
            cloneIndex: n,
            idMap,
            order: order.length,
          });
          ids.push(id);
          // Field clones sit right after their original.
          const copies = countOf(f.elementId);
          for (let c = 1; c <= copies; c++) {
            const cid = n === 0 ? fieldCloneId(f.elementId, c) : fieldCloneId(id, c);
            addField({
              id: cid,
              def: f,
              name: `${name}_cl[${c}]`,
              sectionKey: key,
              isClone: true,
              parentId: id,
              cloneIndex: c,
              idMap,
              order: order.length,
            });
            ids.push(cid);
          }
        }
        rows.push(ids);
      }
      sections.push({
        key,
        extra: s.extra,
        isClone: n > 0,
        parentKey: n > 0 ? s.extra.key : undefined,
        cloneIndex: n,
        rows,
        idMap,
      });
    }
  }
  return { sections, fields, order, repeaters };
}
