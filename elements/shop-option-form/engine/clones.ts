/**
 * Clones of repeatable fields and sections (spec §4: add a clone up to repeater_max; remove one and
 * renumber the rest). Changes only clone counts and stored values; the caller rebuilds the model.
 * Bound repeaters ignore manual adds and removes (their count follows a value, see evaluate.ts).
 */
import { clampClones, fieldCloneId, sectionCloneKey, sectionFieldId } from './repeaters.ts';
import { type EngineState, sectionOf } from './state.ts';

/** The repeater an id belongs to, and which instance it is (0 = the original). */
export interface CloneTarget {
  repeater: string;
  index: number;
}

/** Finds the repeater of a field, field clone, section or section clone. */
export function cloneTarget(s: EngineState, id: string): CloneTarget | undefined {
  if (s.layout.repeaters.has(id)) return { repeater: id, index: 0 };
  const inst = s.layout.fields.get(id);
  if (inst?.isClone && inst.parentId && s.layout.repeaters.has(inst.parentId))
    return { repeater: inst.parentId, index: inst.cloneIndex };
  const section = sectionOf(s, id);
  if (section?.isClone && section.parentKey)
    return { repeater: section.parentKey, index: section.cloneIndex };
  return undefined;
}

/** The field ids of the n-th instance of a repeater. */
function instanceIds(s: EngineState, repeater: string, n: number): string[] {
  const r = s.layout.repeaters.get(repeater)!;
  if (r.kind === 'field') return [fieldCloneId(repeater, n)];
  const key = sectionCloneKey(repeater, n);
  return s.def.sections
    .find((x) => x.extra.key === repeater)!
    .fields.flat()
    .map((f) => sectionFieldId(key, f.elementId));
}

/** Moves the values of clones after `index` one place down (spec §4: renumber the rest). */
function renumberAfterRemoval(s: EngineState, repeater: string, index: number): void {
  const isSection = s.layout.repeaters.get(repeater)!.kind === 'section';
  const count = s.counts.get(repeater) ?? 0;
  for (let n = index; n < count; n++) {
    const to = instanceIds(s, repeater, n);
    const from = instanceIds(s, repeater, n + 1);
    to.forEach((id, i) => {
      const v = s.stored.get(from[i]);
      if (v) s.stored.set(id, v);
    });
    if (isSection)
      s.sectionOpen.set(
        sectionCloneKey(repeater, n),
        s.sectionOpen.get(sectionCloneKey(repeater, n + 1)) ?? true,
      );
  }
  for (const id of instanceIds(s, repeater, count)) {
    s.stored.delete(id);
    s.computed.delete(id);
  }
  if (isSection) s.sectionOpen.delete(sectionCloneKey(repeater, count));
}

/** Adds a clone to the repeater of `id`; true when the count changed. */
export function addClone(s: EngineState, id: string): boolean {
  const t = cloneTarget(s, id);
  const r = t && s.layout.repeaters.get(t.repeater);
  if (!r || r.bind) return false;
  const before = s.counts.get(r.id) ?? 0;
  s.counts.set(r.id, clampClones(before + 1, r.max));
  return s.counts.get(r.id) !== before;
}

/** Removes the clone `id` (never the original) and renumbers the later ones; true when removed. */
export function removeClone(s: EngineState, id: string): boolean {
  const t = cloneTarget(s, id);
  const r = t && s.layout.repeaters.get(t.repeater);
  if (!r || r.bind || t.index <= 0) return false;
  renumberAfterRemoval(s, r.id, t.index);
  s.counts.set(r.id, (s.counts.get(r.id) ?? 1) - 1);
  return true;
}
