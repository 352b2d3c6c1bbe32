/**
 * Reference resolution: how rules and formulas read the form. Maps ids inside section clones to the
 * clone's own fields, turns rule sources into graph nodes, and resolves formula placeholders
 * (`{value}`, `{field.x.price}`, `{product_price}`, `{today}`, `{custom.x}`, README "Formula
 * language") against the engine state.
 */
import type { FormulaRef, FormulaValue, RefResolver } from './formula.ts';
import {
  type LogicContext,
  OTHER_MARKER,
  parseDateValue,
  type SourceField,
  type Status,
  specialSource,
} from './logic.ts';
import { isEmptyValue } from './pricing.ts';
import { type EngineState, PRODUCT, QUANTITY, ROLES, sectionOf } from './state.ts';
import type { FieldInstance, FieldValue, FileItem, PlaceValue } from './types.ts';

/** An id map of a section clone (original elementId -> clone field id), or undefined. */
export type IdMap = ReadonlyMap<string, string> | undefined;

/** A field property a placeholder reads (`prop`), optionally its length (`{value.length}`). */
export interface PropRef {
  prop: string;
  length: boolean;
}

/** The id an owner's reference points to: inside a section clone, the clone's own field. */
export const mapId = (idMap: IdMap, id: string) => idMap?.get(id) ?? id;

/** The graph node a rule source reads: a field, or `$quantity` / `$roles` / `$product`. */
export function sourceNode(s: EngineState, idMap: IdMap, source: string): string | undefined {
  const mapped = mapId(idMap, source);
  if (s.layout.fields.has(mapped)) return mapped;
  const special = specialSource(source);
  if (!special) return undefined;
  if (special.kind === 'quantity') return QUANTITY;
  if (special.kind === 'user_roles') return ROLES;
  return PRODUCT;
}

/** The last evaluated status of a field (visible before its first evaluation). */
export function fieldStatus(s: EngineState, id: string): Status {
  return s.computed.get(id)?.status ?? 'visible';
}

/** What conditional logic reads for an owner with this id map. */
export function logicContext(s: EngineState, idMap: IdMap): LogicContext {
  return {
    field(id: string): SourceField | undefined {
      const m = mapId(idMap, id);
      const inst = s.layout.fields.get(m);
      if (!inst) return undefined;
      return { type: inst.def.type, value: s.stored.get(m)?.value, status: fieldStatus(s, m) };
    },
    product: s.prod,
    roles: s.roles,
  };
}

/** A number when the text is one, else the text. */
export function numericOrText(v: string): FormulaValue {
  const t = v.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : v;
}

function pickTexts(value: unknown[]): string[] {
  return value.flatMap((v) =>
    typeof v === 'string'
      ? v.trim() === ''
        ? []
        : [v.startsWith(OTHER_MARKER) ? v.slice(OTHER_MARKER.length) : v]
      : [(v as FileItem).name],
  );
}

/** A field value as formulas read it. */
export function valueForFormula(value: FieldValue): FormulaValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value === '' ? null : numericOrText(value);
  if (Array.isArray(value)) {
    const items = pickTexts(value as unknown[]);
    if (!items.length) return null;
    if (items.length === 1) return numericOrText(items[0]);
    // Several numeric picks add up (e.g. checkbox values 10 and 5 read as 15); text joins.
    return items.every((x) => Number.isFinite(Number(x)) && x.trim() !== '')
      ? items.reduce((sum, x) => sum + Number(x), 0)
      : items.join(', ');
  }
  return (value as PlaceValue).value || null;
}

function firstDate(value: FieldValue): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? parseDateValue(v) : undefined;
}

function quantityProp(s: EngineState, inst: FieldInstance, value: FieldValue): number {
  if (isEmptyValue(value)) return 0;
  const q = s.stored.get(inst.id)?.quantity;
  if (!inst.def.enable_quantity || q === undefined) return 1;
  if (typeof q === 'number') return q;
  const picks = Array.isArray(value)
    ? (value as unknown[]).filter((v): v is string => typeof v === 'string')
    : [];
  return picks.reduce((sum, v) => sum + (Object.hasOwn(q, v) ? q[v] : 1), 0);
}

function countProp(inst: FieldInstance, value: FieldValue): number {
  if (Array.isArray(value))
    return inst.def.picker_mode === 'range' && value.length
      ? 1
      : (value as unknown[]).filter((v) => (typeof v === 'string' ? v.trim() !== '' : !!v)).length;
  return isEmptyValue(value) ? 0 : 1;
}

function timeProp(prop: string, value: FieldValue): number {
  const t = firstDate(value);
  if (t === undefined) return 0;
  return prop === 'unixDays' ? Math.floor(t / 864e5) : prop === 'unixSeconds' ? Math.floor(t / 1000) : t;
}

function daysCount(inst: FieldInstance, value: FieldValue): number {
  if (!Array.isArray(value)) return isEmptyValue(value) ? 0 : 1;
  if (inst.def.picker_mode === 'range' && value.length === 2) {
    const a = parseDateValue(String(value[0]));
    const b = parseDateValue(String(value[1]));
    return a !== undefined && b !== undefined ? Math.round(Math.abs(b - a) / 864e5) + 1 : 0;
  }
  return value.length;
}

function repeaterCount(s: EngineState, inst: FieldInstance): number {
  const section = sectionOf(s, inst.sectionKey);
  const rid = s.layout.repeaters.has(inst.def.elementId)
    ? inst.def.elementId
    : (section?.parentKey ?? section?.key ?? '');
  return (s.counts.get(rid) ?? 0) + 1;
}

/**
 * One property of a field as formulas read it. A hidden field reads as null (0 in arithmetic).
 * For choice fields `optionValue` is the option being priced, in place of `{value}`.
 */
export function fieldProp(
  s: EngineState,
  inst: FieldInstance,
  ref: PropRef,
  optionValue?: string,
): FormulaValue {
  const hidden = fieldStatus(s, inst.id) === 'hidden';
  const value = hidden ? null : (s.stored.get(inst.id)?.value ?? null);
  switch (ref.prop) {
    case 'value': {
      const v = optionValue !== undefined ? numericOrText(optionValue) : valueForFormula(value);
      return ref.length ? Array.from(v === null ? '' : String(v)).length : v;
    }
    case 'quantity':
      return quantityProp(s, inst, value);
    case 'count':
    case 'selected':
      return countProp(inst, value);
    case 'price':
      return hidden ? 0 : (s.computed.get(inst.id)?.price ?? 0);
    case 'unixDays':
    case 'unixSeconds':
    case 'timestamp':
      return timeProp(ref.prop, value);
    case 'daysCount':
      return daysCount(inst, value);
    case 'isClone':
      return inst.isClone ? 1 : 0;
    case 'repeaterCount':
      return repeaterCount(s, inst);
    default:
      return null;
  }
}

/** A product placeholder (`{product_price}`, `{sku}`, ...). */
export function productValue(s: EngineState, key: string): FormulaValue {
  const p = s.prod;
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

/** A date placeholder (`{today}`, `{now.hour}`, ...) read from the update's clock reading. */
export function dateValue(s: EngineState, key: string): number {
  const d = s.today;
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
export function resolverFor(
  s: EngineState,
  self: FieldInstance | undefined,
  idMap: IdMap,
  optionValue?: string,
): RefResolver {
  return (ref: FormulaRef): FormulaValue => {
    switch (ref.kind) {
      case 'self':
        return self ? fieldProp(s, self, ref, ref.prop === 'value' ? optionValue : undefined) : null;
      case 'field': {
        const inst = s.layout.fields.get(mapId(idMap, ref.id));
        return inst ? fieldProp(s, inst, ref) : null;
      }
      case 'product':
        return productValue(s, ref.key);
      case 'date':
        return dateValue(s, ref.key);
      case 'custom': {
        const cf = s.prod.custom_fields;
        return Object.hasOwn(cf, ref.name) ? numericOrText(String(cf[ref.name])) : 0;
      }
    }
  };
}
