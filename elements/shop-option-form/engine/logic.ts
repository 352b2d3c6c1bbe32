/**
 * Conditional status of option fields and sections (spec §4 "Conditional status of option fields
 * and sections"): the 20 relations, and/or combination, the actions show / hide / disable with the
 * inversion rule, and rule sources beyond fields (quantity, attributes, roles, ids, skus, custom
 * fields, stock). An evaluation failure yields false.
 */
import type { ClRule, ProductData, RelationGroup } from './schema.ts';

/** The conditional status of a field or section. */
export type Status = 'visible' | 'hidden' | 'disable';

/** The marker WCPA puts before the text of the 'other' option (spec §5 "'other' option"). */
export const OTHER_MARKER = 'WCPAOTH ';

/** Special rule sources a `cl_field` may name when no field has that elementId. */
export type SpecialSource =
  | { kind: 'quantity' }
  | { kind: 'stock_quantity' }
  | { kind: 'stock_status' }
  | { kind: 'product_id' }
  | { kind: 'sku' }
  | { kind: 'user_roles' }
  | { kind: 'attribute'; name: string }
  | { kind: 'custom_field'; name: string };

/** Reads `cl_field` names like `attribute_pa_color`, `custom_field.width`, `user_roles`. */
export function specialSource(clField: string): SpecialSource | undefined {
  const f = clField.trim();
  switch (f) {
    case 'quantity':
    case 'product_quantity':
      return { kind: 'quantity' };
    case 'stock_quantity':
      return { kind: 'stock_quantity' };
    case 'stock_status':
      return { kind: 'stock_status' };
    case 'product_id':
    case 'product_ids':
      return { kind: 'product_id' };
    case 'sku':
    case 'product_sku':
      return { kind: 'sku' };
    case 'user_roles':
    case 'user_role':
      return { kind: 'user_roles' };
  }
  for (const p of ['attribute_', 'attribute.'])
    if (f.startsWith(p)) return { kind: 'attribute', name: f.slice(p.length) };
  for (const p of ['custom_field.', 'custom_field_', 'wcpa_pcf_'])
    if (f.startsWith(p)) return { kind: 'custom_field', name: f.slice(p.length) };
  return undefined;
}

/** What a rule needs to know about a source field. */
export interface SourceField {
  type: string;
  value: unknown;
  status: Status;
}

/** Everything rule evaluation reads. */
export interface LogicContext {
  /** The source field by elementId (already mapped for clones), if it exists. */
  field(id: string): SourceField | undefined;
  product: ProductData;
  roles: readonly string[];
}

class RuleFailure extends Error {}

const DATE_TYPES = new Set(['date', 'datetime-local', 'time']);

/** The comparable text values of a field value; a hidden field reads as empty. */
export function valueList(value: unknown, forText = false): string[] {
  if (value === null || value === undefined || value === false) return [];
  if (value === true) return ['1'];
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value === 'string') return value === '' ? [] : [otherText(value, forText)];
  if (Array.isArray(value))
    return value.flatMap((v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? []
          : [otherText(v, forText)]
        : v && typeof v === 'object' && 'name' in v
          ? [String((v as { name: unknown }).name)]
          : valueList(v, forText),
    );
  if (typeof value === 'object' && 'value' in (value as object))
    return valueList((value as { value: unknown }).value, forText);
  return [];
}

function otherText(v: string, forText: boolean): string {
  // For is / is_in the 'other' option compares as 'other'; text relations look at what was typed.
  if (v.startsWith(OTHER_MARKER) || v === OTHER_MARKER.trim())
    return forText ? v.slice(OTHER_MARKER.length) : 'other';
  return v;
}

function sourceValues(
  rule: ClRule,
  ctx: LogicContext,
  forText: boolean,
): { values: string[]; type?: string; field?: SourceField } {
  const field = ctx.field(rule.cl_field);
  if (field)
    return {
      values: field.status === 'hidden' ? [] : valueList(field.value, forText),
      type: field.type,
      field,
    };
  const special = specialSource(rule.cl_field);
  if (!special) throw new RuleFailure(`unknown rule source "${rule.cl_field}"`);
  const p = ctx.product;
  const list = (...xs: unknown[]) => xs.filter((x) => x !== undefined && x !== null && x !== '').map(String);
  switch (special.kind) {
    case 'quantity':
      return { values: list(p.quantity) };
    case 'stock_quantity':
      return { values: list(p.stock_quantity) };
    case 'stock_status':
      return { values: list(p.stock_status) };
    case 'product_id':
      return { values: list(p.product_id, p.parent_id, p.variation_id) };
    case 'sku':
      return { values: list(p.sku, p.parent_sku) };
    case 'user_roles':
      return { values: [...ctx.roles] };
    case 'attribute': {
      const attrs = p.product_attributes;
      const key = [special.name, `pa_${special.name}`, special.name.replace(/^pa_/u, '')].find((k) =>
        Object.hasOwn(attrs, k),
      );
      const v = key === undefined ? undefined : attrs[key];
      return { values: Array.isArray(v) ? v : list(v) };
    }
    case 'custom_field': {
      const cf = p.custom_fields;
      return { values: Object.hasOwn(cf, special.name) ? list(cf[special.name]) : [] };
    }
  }
}

function expected(rule: ClRule, split: boolean): string[] {
  const v = rule.cl_val;
  if (Array.isArray(v)) return v.map((x) => String(x).trim().toLowerCase());
  if (v === undefined || v === null) return [''];
  const s = String(v).trim().toLowerCase();
  return split
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [s];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Parses 'YYYY-MM-DD[ T]HH:MM' or 'HH:MM' as a UTC timestamp in ms (no time-zone shift). */
export function parseDateValue(s: string): number | undefined {
  const d = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?/u.exec(s.trim());
  if (d) return Date.UTC(+d[1], +d[2] - 1, +d[3], +(d[4] ?? 0), +(d[5] ?? 0), +(d[6] ?? 0));
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/iu.exec(s.trim());
  if (t) {
    let h = +t[1] % (t[4] ? 12 : 24);
    if (t[4]?.toLowerCase() === 'pm') h += 12;
    return ((h * 60 + +t[2]) * 60 + +(t[3] ?? 0)) * 1000;
  }
  return undefined;
}

function toNum(s: string, asDate: boolean): number {
  const x = asDate ? parseDateValue(s) : s.trim() === '' ? Number.NaN : Number(s);
  if (x === undefined || !Number.isFinite(x))
    throw new RuleFailure(`"${s}" is not ${asDate ? 'a date' : 'a number'}`);
  return x;
}

function datePart(s: string, part: 'year' | 'month' | 'day' | 'weekday'): number {
  const t = parseDateValue(s);
  if (t === undefined || !/^\d{4}-/u.test(s.trim())) throw new RuleFailure(`"${s}" is not a date`);
  const d = new Date(t);
  if (part === 'year') return d.getUTCFullYear();
  if (part === 'month') return d.getUTCMonth() + 1;
  if (part === 'day') return d.getUTCDate();
  return d.getUTCDay();
}

function namedNumber(s: string, names: string[], offset: number): number {
  const i = names.indexOf(s.slice(0, 3));
  return i >= 0 && /^[a-z]/u.test(s) ? i + offset : Number(s);
}

/** Evaluates one rule. Throws RuleFailure on bad input; use evaluateRuleSafe for the spec's false. */
function evaluateRule(rule: ClRule, ctx: LogicContext): boolean {
  const r = rule.cl_relation;
  const textual = r === 'contains' || r === 'not_contains' || r === 'starts_with' || r === 'ends_with';
  const src = sourceValues(rule, ctx, textual);
  const values = src.values.map((v) => v.trim().toLowerCase());
  switch (r) {
    case 'is':
      return expected(rule, false).some((e) => values.includes(e));
    case 'is_not':
      return !expected(rule, false).some((e) => values.includes(e));
    case 'is_in':
      return expected(rule, true).some((e) => values.includes(e));
    case 'is_not_in':
      return !expected(rule, true).some((e) => values.includes(e));
    case 'is_empty':
      return values.length === 0;
    case 'is_not_empty':
      return values.length > 0;
    case 'is_visible':
    case 'is_not_visible': {
      if (!src.field) throw new RuleFailure('visibility needs a field source');
      return (src.field.status === 'visible') === (r === 'is_visible');
    }
    case 'is_greater':
    case 'is_greater_or_equal':
    case 'is_lessthan':
    case 'is_lessthan_or_equal': {
      const asDate = src.type !== undefined && DATE_TYPES.has(src.type);
      const target = toNum(expected(rule, false)[0], asDate);
      if (values.length === 0) return false;
      return values.some((v) => {
        const x = toNum(v, asDate);
        if (r === 'is_greater') return x > target;
        if (r === 'is_greater_or_equal') return x >= target;
        if (r === 'is_lessthan') return x < target;
        return x <= target;
      });
    }
    case 'contains':
      return values.some((v) => v.includes(expected(rule, false)[0]));
    case 'not_contains':
      return !values.some((v) => v.includes(expected(rule, false)[0]));
    case 'starts_with':
      return values.some((v) => v.startsWith(expected(rule, false)[0]));
    case 'ends_with':
      return values.some((v) => v.endsWith(expected(rule, false)[0]));
    case 'year_is':
      return values.some((v) => expected(rule, true).map(Number).includes(datePart(v, 'year')));
    case 'month_is':
      return values.some((v) =>
        expected(rule, true)
          .map((e) => namedNumber(e, MONTHS, 1))
          .includes(datePart(v, 'month')),
      );
    case 'month_day_is':
      return values.some((v) => expected(rule, true).map(Number).includes(datePart(v, 'day')));
    case 'week_day_is':
      return values.some((v) =>
        expected(rule, true)
          .map((e) => namedNumber(e, WEEKDAYS, 0))
          .includes(datePart(v, 'weekday')),
      );
  }
}

/** Evaluates one rule; any failure (unknown source, non-number, bad date) yields false (spec §4). */
export function evaluateRuleSafe(rule: ClRule, ctx: LogicContext): boolean {
  try {
    return evaluateRule(rule, ctx);
  } catch {
    return false;
  }
}

/**
 * Combines rules and groups left to right: each rule's (or group's) `operator` joins it to the one
 * before it, as in the WCPA form builder where the and/or selector sits between rows.
 */
export function evaluateRelations(groups: readonly RelationGroup[], ctx: LogicContext): boolean {
  let result = true;
  groups.forEach((group, gi) => {
    let g = true;
    group.rules.forEach((rule, ri) => {
      const v = evaluateRuleSafe(rule, ctx);
      g = ri === 0 ? v : rule.operator === 'or' ? g || v : g && v;
    });
    result = gi === 0 ? g : group.operator === 'or' ? result || g : result && g;
  });
  return result;
}

/** The action applied to the rule result, with the inversion rule: a false result inverts it. */
export function statusFor(action: 'show' | 'hide' | 'disable', result: boolean): Status {
  if (action === 'show') return result ? 'visible' : 'hidden';
  if (action === 'hide') return result ? 'hidden' : 'visible';
  return result ? 'disable' : 'visible';
}

/** Status of a field or section from its conditional settings; no rules means visible. */
export function conditionalStatus(
  item: { enableCl: boolean; relations: readonly RelationGroup[]; cl_rule: 'show' | 'hide' | 'disable' },
  ctx: LogicContext,
): Status {
  if (!item.enableCl || item.relations.every((g) => g.rules.length === 0)) return 'visible';
  return statusFor(item.cl_rule, evaluateRelations(item.relations, ctx));
}

/** Source names a set of relation groups reads: field ids plus special sources. */
export function relationSources(groups: readonly RelationGroup[]): string[] {
  const out = new Set<string>();
  for (const g of groups) for (const r of g.rules) out.add(r.cl_field);
  return [...out];
}
