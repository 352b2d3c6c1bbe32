/**
 * Zod schemas of everything the option-form engine reads: the form definition (sections of rows of
 * columns of fields), product data and page config (spec §3 "Custom option field", "Section",
 * "Product data used by formulas and conditions", "Page config for option forms").
 *
 * Parsing is lenient on purpose: a bad setting is reported (naming the field's elementId and the
 * setting) and dropped so its default applies; an unknown field type is reported and the field is
 * left out. The rest of the form keeps working.
 */
import '../../../shared/zod-config.ts';
import * as z from 'zod/mini';

/** The 19 field types of spec §3 "Custom option field". */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'select',
  'checkbox',
  'checkbox-group',
  'radio-group',
  'image-group',
  'color-group',
  'productGroup',
  'file',
  'date',
  'datetime-local',
  'time',
  'placeselector',
  'hidden',
  'color',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * Display types of spec §2 "Option forms" (issue 12): they show text or group errors, hold no
 * value, are never priced, validated or posted, and still follow conditional logic. `content`
 * carries its (sanitised) HTML in `value`, moved to `content` when parsed; `header` shows its
 * `label` as a heading (`subtype` h1–h6); `groupValidation` shows its section's group errors.
 */
export const DISPLAY_TYPES = ['content', 'header', 'separator', 'groupValidation'] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];
const DISPLAY_SET: ReadonlySet<string> = new Set(DISPLAY_TYPES);
/** True for the display types, which hold no value. */
export const isDisplayType = (type: string): boolean => DISPLAY_SET.has(type);

/** Types whose value is a choice among `values` (spec §3 "Option values"). */
export const OPTION_TYPES: ReadonlySet<string> = new Set([
  'select',
  'checkbox-group',
  'radio-group',
  'image-group',
  'color-group',
  'productGroup',
]);

/** The 20 relations of spec §4 "Conditional status of option fields and sections". */
export const RELATIONS = [
  'is',
  'is_not',
  'is_in',
  'is_not_in',
  'is_empty',
  'is_not_empty',
  'is_visible',
  'is_not_visible',
  'is_greater',
  'is_greater_or_equal',
  'is_lessthan',
  'is_lessthan_or_equal',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'year_is',
  'month_is',
  'month_day_is',
  'week_day_is',
] as const;
export type Relation = (typeof RELATIONS)[number];

// ---- lenient primitives: WordPress stores most settings as strings ("10", "1", "") ----
// zod/mini (issue 19): the functional API tree-shakes and minifies; `pre(fn, schema)` is classic
// zod's `preprocess`, and the messages are classic zod's English ones (shared/zod-config.ts).

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Classic zod's `preprocess`: `fn` runs on the raw input, then `schema` checks the result. */
const pre = <T extends z.ZodMiniType>(fn: (v: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema);
/** A value with a fallback for unset: `schema`'s output, or `fallback` when undefined. */
const or = <T>(schema: z.ZodMiniType<T | undefined>, fallback: T) =>
  z.pipe(
    schema,
    z.transform((v: T | undefined) => v ?? fallback),
  );
/** An optional value after blank-to-undefined. */
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(schema);
/** An enum setting: '' and null mean unset, so the default applies. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  pre(blankToUndefined, z._default(z.enum(values), fallback as never));
const numOrStr = () => opt(z.union([z.number(), z.string()]));
const nonEmpty = () => z.string().check(z.minLength(1));
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

/** Optional finite number; accepts numeric strings, treats '' and null as unset. */
const num = () =>
  pre((v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b.trim()) : b;
  }, opt(z.number()));

/** Boolean that accepts WordPress-style '1'/'0'/'on'/'yes'/'true'. */
const bool = (fallback = false) =>
  pre(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase());
      if (typeof v === 'number') return v !== 0;
      return v;
    },
    z._default(z.boolean(), fallback),
  );

/** Optional string; numbers are accepted and turned into strings. */
const str = () => pre((v) => (typeof v === 'number' ? String(v) : (v ?? undefined)), opt(z.string()));

/** A compilable regular expression source (a bad one is reported, not thrown later). */
const regexSource = () =>
  str().check(z.refine((v) => v === undefined || isRegExpSource(v), 'is not a valid regular expression'));

/** True when `source` compiles as a RegExp. */
export function isRegExpSource(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** One option of a choice field (spec §3 "Option values"); `options` nests an option group. */
export interface OptionValue {
  label: string;
  value: string;
  price?: number | string;
  selected: boolean;
  image?: string;
  thumb_src?: string;
  color?: string;
  tooltip?: string;
  description?: string;
  stock_status?: string;
  productImage?: string;
  options?: OptionValue[];
}

const optionValueSchema: z.ZodMiniType<OptionValue> = z.lazy(() =>
  z.looseObject({
    label: or(str(), ''),
    value: or(str(), ''),
    price: numOrStr(),
    selected: bool(),
    image: str(),
    thumb_src: str(),
    color: str(),
    tooltip: str(),
    description: str(),
    stock_status: str(),
    productImage: str(),
    options: opt(z.array(optionValueSchema)),
  }),
) as unknown as z.ZodMiniType<OptionValue>;

const joiner = () => pre(lower, z._default(z.enum(['and', 'or']), 'and'));

/** One condition: a source (field elementId or a product source), a relation and a compared value. */
const clRuleSchema = pre(
  // WCPA nests the condition as { rules: { cl_field, ... }, operator }: flatten it.
  (v) =>
    v && typeof v === 'object' && 'rules' in v && typeof (v as { rules: unknown }).rules === 'object'
      ? { ...((v as { rules: object }).rules as object), operator: (v as { operator?: unknown }).operator }
      : v,
  z.object({
    cl_field: nonEmpty(),
    cl_relation: z.enum(RELATIONS),
    cl_val: opt(z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])),
    operator: joiner(),
  }),
);
export type ClRule = z.infer<typeof clRuleSchema>;

const relationGroupSchema = z.object({
  rules: z._default(z.array(clRuleSchema), []),
  operator: joiner(),
});
export type RelationGroup = z.infer<typeof relationGroupSchema>;

const strings = () => z.array(z.string());

/** Conditional-logic settings shared by fields and sections (spec §3 "Conditional logic"). */
const conditionalShape = {
  enableCl: bool(),
  cl_dependency: opt(strings()),
  relations: z._default(z.array(relationGroupSchema), []),
  cl_rule: z._default(z.enum(['show', 'hide', 'disable']), 'show'),
};

/** Repeater settings shared by fields and sections (spec §3 "Repeater flags and labels"). */
const repeaterShape = {
  repeater: bool(),
  /** What drives the clone count: '' (shopper), 'field', 'quantity' or 'formula'. */
  repeater_bind: pre(blankToUndefined, opt(z.enum(['field', 'quantity', 'formula']))),
  repeater_bind_field: str(),
  repeater_bind_formula: str(),
  repeater_max: num(),
  repeater_add_label: str(),
  repeater_remove_label: str(),
};

/** A custom option field definition (spec §3 "Custom option field"). */
export const fieldSchema = z.looseObject({
  type: z.enum([...FIELD_TYPES, ...DISPLAY_TYPES]),
  elementId: nonEmpty(),
  name: str(),
  label: str(),
  description: str(),
  tooltip: str(),
  required: bool(),
  value: opt(z.union([z.string(), z.number(), strings()])),
  values: z._default(z.array(optionValueSchema), []),
  multiple: bool(),
  placeholder: str(),
  dropdown_type: str(),
  other: bool(),
  other_text: str(),
  // Text limits
  minlength: num(),
  maxlength: num(),
  allowed_chars: str().check(
    z.refine((v) => v === undefined || isRegExpSource(`[^${v}]`), 'is not a valid character list'),
  ),
  pattern: regexSource(),
  min: num(),
  max: num(),
  charleft: bool(),
  rows: num(),
  step: num(),
  subtype: str(),
  // Selection limits
  min_options: num(),
  max_options: num(),
  enableClearSelection: bool(),
  // Quantity
  enable_quantity: bool(),
  quantity_label: str(),
  min_quantity: num(),
  max_quantity: num(),
  quantity_step: num(),
  quantity_decimal: bool(),
  allow_multiple: bool(),
  // Uploads
  upload_type: str(),
  multiple_upload: bool(),
  allowedFileTypes: opt(z.union([strings(), z.string()])),
  uploadSize: num(),
  minUploadSize: num(),
  max_file_count: num(),
  min_file_count: num(),
  upload_method: choice(['tus', 'cloud', 'basic'], 'basic'),
  // Layout
  col: num(),
  className: str(),
  inline: bool(),
  label_position: str(),
  desc_position: str(),
  picker_type: str(),
  color_picker_type: str(),
  showmap: bool(),
  map_height: num(),
  /** The field's own design colours and sizes (spec §3): `primary_color` … `swatch_size`, `image_size`. */
  design: opt(z.record(z.string(), z.union([z.string(), z.number()]))),
  ...repeaterShape,
  // Pricing
  enablePrice: bool(),
  price: numOrStr(),
  pricingType: choice(['fixed', 'multiply', 'percentage', 'per_car', 'custom'], 'fixed'),
  priceOptions: choice(['same_for_all', 'different_for_all'], 'same_for_all'),
  use_as_fee: bool(),
  price_dependency: opt(strings()),
  option_price_format: str(),
  hasFormula: bool(),
  formulaId: str(),
  excl_chars_frm_length: str(),
  excl_chars_frm_length_is_regex: bool(),
  // Conditional logic
  ...conditionalShape,
  // Dates and times
  min_date: str(),
  max_date: str(),
  picker_mode: choice(['single', 'multiple', 'range'], 'single'),
  disabled_dates: z._default(strings(), []),
  enabled_dates: z._default(strings(), []),
  disabled_weekdays: z._default(z.array(z.number()), []),
  min_time: str(),
  max_time: str(),
  time_layout: str(),
  time_step: num(),
  date_pic_conf: opt(z.looseObject({ minDate: str(), maxDate: str(), minTime: str(), maxTime: str() })),
  disable_manual_input: bool(),
  /** Display types: the HTML of a `content` field (taken from its `value`). */
  content: str(),
});
export type FieldDef = z.infer<typeof fieldSchema>;

/** A group validation rule over several fields (spec §5 "Group rules"). */
export const groupRuleSchema = z.object({
  id: str(),
  validationType: z.enum(['customFormula', 'optionsCount', 'sumOfValues', 'totalQuantity']),
  fields: z._default(strings(), []),
  formula: str(),
  /** A number, or a formula giving one. */
  min: numOrStr(),
  max: numOrStr(),
});
export type GroupRule = z.infer<typeof groupRuleSchema>;

/** Section extra settings (spec §3 "Section"). */
export const sectionExtraSchema = z.looseObject({
  key: nonEmpty(),
  section_id: str(),
  form_id: numOrStr(),
  name: str(),
  show_title: bool(true),
  title_tag: str(),
  showPrice: bool(),
  className: str(),
  layout_option: str(),
  /** Initial accordion state of this section: open or closed. */
  accordionOpen: choice(['open', 'closed'], 'open'),
  use_as_fee: bool(),
  form_rules: z._default(z.array(groupRuleSchema), []),
  ...repeaterShape,
  ...conditionalShape,
});
export type SectionExtra = z.infer<typeof sectionExtraSchema>;

/** A parsed section: settings plus rows of columns of fields. */
export interface SectionDef {
  extra: SectionExtra;
  fields: FieldDef[][];
}

/** A nested settings object whose own fields take their defaults when it is absent (`prefault`). */
const nested = <T extends z.core.$ZodLooseShape>(shape: T) => z.prefault(z.object(shape), {} as never);
const record = <T extends z.ZodMiniType>(value: T) => z._default(z.record(z.string(), value), {});

/** Form-wide settings: texts, accordion behaviour. */
export const formSettingsSchema = z.object({
  /** Error and label texts keyed by error key (spec §5); English defaults apply. */
  texts: record(z.string()),
  /** default: each section's accordionOpen; all_opened / all_closed override it. */
  accordion_mode: choice(['default', 'all_opened', 'all_closed'], 'default'),
  /** Opening one accordion closes the others (spec §4 "Accordions"). */
  accordion_auto_close: bool(),
  /** After the last visible field of a section is answered, open the next closed one. */
  accordion_auto_open_next: bool(),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** Product data used by formulas and conditions (spec §3). */
export const productSchema = z.object({
  quantity: or(num(), 1),
  product_price: or(num(), 0),
  original_product_price: num(),
  price_including_tax: num(),
  price_excluding_tax: num(),
  name: or(str(), ''),
  stock_status: str(),
  stock_quantity: num(),
  product_id: numOrStr(),
  parent_id: numOrStr(),
  variation_id: numOrStr(),
  parent_sku: str(),
  sku: str(),
  is_variable: bool(),
  /** WooCommerce products are taxable unless the shop says otherwise (`is_taxable: false`). */
  is_taxable: bool(true),
  custom_fields: record(z.union([z.string(), z.number()])),
  product_attributes: record(z.union([z.string(), strings()])),
});
export type ProductData = z.infer<typeof productSchema>;

/** Page config for option forms (spec §3), plus the shop's money format (spec §9). */
export const configSchema = z.object({
  discount: nested({ fixed: or(num(), 0), percentage: or(num(), 0) }),
  tax_rate: or(num(), 0),
  tax_rate_real: or(num(), 0),
  /** Whether the shop's prices are entered including tax (WooCommerce `prices_include_tax`). */
  prices_include_tax: bool(),
  price_override: pre(blankToUndefined, opt(z.enum(['maximum', 'if_gt_zero', 'always']))),
  bind_quantity: nested({ enabled: bool(), formula: str() }),
  enable_recaptcha: bool(),
  design: record(z.unknown()),
  /** Saved clone counts by field elementId or section key (e.g. when editing a cart item). */
  clones: record(z.number()),
  /** Named formula templates, used by fields through `formulaId`. */
  formulas: record(z.string()),
  cartKey: str(),
  user_roles: z._default(strings(), []),
  /** Quantity multiplies the option prices (spec §9 "Price rules"). */
  change_price_with_quantity: bool(true),
  price_suffix: str(),
  money: nested({
    decimals: or(num(), 2),
    decimalSeparator: or(str(), '.'),
    thousandSeparator: or(str(), ','),
    currencySymbol: or(str(), '$'),
    position: choice(['left', 'right', 'left_space', 'right_space'], 'left'),
    hideZero: bool(),
  }),
});
export type PageConfig = z.infer<typeof configSchema>;

/** One problem found while reading the definition, product or config. */
export interface SchemaIssue {
  /** Field elementId, section key, 'product', 'config' or 'form'. */
  elementId: string;
  /** The setting at fault, as a dotted path ('values.2.price'), or '' for the whole item. */
  setting: string;
  message: string;
}

/** The parsed definition the engine runs on. */
export interface FormDefinition {
  sections: SectionDef[];
  settings: FormSettings;
}

/**
 * Parses with `schema`; on failure drops each offending setting (reporting it) and tries again,
 * so one bad setting falls back to its default instead of losing the whole item.
 */
export function parseLenient<T>(
  schema: z.ZodMiniType<T>,
  input: unknown,
  owner: string,
  report: SchemaIssue[],
  keep: readonly string[] = [],
): T | undefined {
  // Input nested past any real form (options 5,000 deep, given straight to the engine; the
  // element's settings reader refuses such settings first) would overflow the parser's stack in
  // some engines: the item is skipped, reported once, the same in every engine.
  if (!shallow(input)) {
    report.push({ elementId: owner, setting: '', message: `is nested over ${MAX_DEPTH} levels; skipped` });
    return undefined;
  }
  return parseDropping(schema, input, owner, report, keep);
}

/** Nesting a real definition never reaches (a field is a dozen levels deep at most). */
const MAX_DEPTH = 64;

/** Whether `value` is nested at most `depth` levels (walks no deeper than that). */
const shallow = (value: unknown, depth = MAX_DEPTH): boolean =>
  typeof value !== 'object' ||
  value === null ||
  (depth > 0 && Object.values(value).every((v) => shallow(v, depth - 1)));

function parseDropping<T>(
  schema: z.ZodMiniType<T>,
  input: unknown,
  owner: string,
  report: SchemaIssue[],
  keep: readonly string[],
): T | undefined {
  const current: unknown = input && typeof input === 'object' ? structuredCloneSafe(input) : input;
  for (let attempt = 0; attempt < 25; attempt++) {
    const result = schema.safeParse(current);
    if (result.success) return result.data;
    let removed = false;
    for (const issue of result.error.issues) {
      const setting = issue.path.map(String).join('.');
      if (issue.path.length === 0 || keep.includes(String(issue.path[0]))) {
        report.push({ elementId: owner, setting, message: issue.message });
        return undefined;
      }
      report.push({ elementId: owner, setting, message: issue.message });
      removed = deleteAt(current, issue.path as PropertyKey[]) || removed;
    }
    if (!removed) return undefined;
  }
  return undefined;
}

function deleteAt(root: unknown, path: PropertyKey[]): boolean {
  let node = root as Record<PropertyKey, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const next = node?.[path[i]];
    if (!next || typeof next !== 'object') return false;
    node = next as Record<PropertyKey, unknown>;
  }
  const last = path[path.length - 1];
  if (!node || !Object.hasOwn(node, last)) return false;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return true;
}

function structuredCloneSafe<T>(v: T): T {
  try {
    return structuredClone(v);
  } catch {
    return JSON.parse(JSON.stringify(v)) as T;
  }
}

/**
 * Reads a raw form definition: an array of sections, `{ sections, settings }`, or WCPA's object
 * keyed by section key. Never throws; problems land in `report`.
 */
export function parseDefinition(input: unknown, report: SchemaIssue[] = []): FormDefinition {
  const raw = (input ?? {}) as Record<string, unknown>;
  let rawSections: unknown[] = [];
  let rawSettings: unknown = {};
  if (Array.isArray(input)) rawSections = input;
  else if (raw && typeof raw === 'object' && Array.isArray(raw.sections)) {
    rawSections = raw.sections;
    rawSettings = raw.settings ?? {};
  } else if (raw && typeof raw === 'object') {
    rawSections = Object.entries(raw).map(([key, s]) =>
      s && typeof s === 'object'
        ? { ...(s as object), extra: { key, ...((s as { extra?: object }).extra ?? {}) } }
        : s,
    );
  } else
    report.push({ elementId: 'form', setting: '', message: 'form definition is not an object or array' });

  const settings =
    parseLenient(formSettingsSchema, rawSettings, 'form', report) ?? formSettingsSchema.parse({});
  const seen = new Set<string>();
  const sections: SectionDef[] = [];
  rawSections.forEach((rawSection, i) => {
    const s = (rawSection ?? {}) as { extra?: unknown; fields?: unknown };
    const extraIn = { key: `sec_${i}`, ...((s.extra as object) ?? {}) };
    const owner = String((extraIn as { key?: unknown }).key ?? `sec_${i}`);
    const extra = parseLenient(sectionExtraSchema, extraIn, owner, report, ['key']);
    if (!extra) return;
    const rows: FieldDef[][] = [];
    const rawRows = Array.isArray(s.fields) ? s.fields : [];
    if (s.fields !== undefined && !Array.isArray(s.fields))
      report.push({ elementId: owner, setting: 'fields', message: 'must be an array of rows' });
    for (const rawRow of rawRows) {
      const row: FieldDef[] = [];
      // A row is an array of columns; a bare field object is accepted as a row of one.
      for (const rawField of Array.isArray(rawRow) ? rawRow : [rawRow]) {
        const field = parseField(rawField, report);
        if (!field) continue;
        if (seen.has(field.elementId)) {
          report.push({
            elementId: field.elementId,
            setting: 'elementId',
            message: 'is used by more than one field',
          });
          continue;
        }
        seen.add(field.elementId);
        row.push(field);
      }
      if (row.length) rows.push(row);
    }
    sections.push({ extra, fields: rows });
  });
  return { sections, settings };
}

/** Parses one field; unknown types and missing elementIds are reported and give undefined. */
export function parseField(rawField: unknown, report: SchemaIssue[]): FieldDef | undefined {
  const f = (rawField ?? {}) as Record<string, unknown>;
  const id = typeof f.elementId === 'string' && f.elementId ? f.elementId : undefined;
  if (!id) {
    report.push({
      elementId: String(f.name ?? '?'),
      setting: 'elementId',
      message: 'is missing; field skipped',
    });
    return undefined;
  }
  if (
    typeof f.type !== 'string' ||
    !((FIELD_TYPES as readonly string[]).includes(f.type) || isDisplayType(f.type))
  ) {
    report.push({
      elementId: id,
      setting: 'type',
      message: `unknown field type "${String(f.type)}"; field skipped`,
    });
    return undefined;
  }
  const parsed = parseLenient(fieldSchema, f, id, report, ['type', 'elementId']);
  if (parsed && !parsed.name) parsed.name = parsed.elementId;
  if (parsed && isDisplayType(parsed.type)) {
    // Nothing to enter, price, validate or repeat: only the text and the conditional logic stay.
    if (parsed.content === undefined && typeof parsed.value === 'string') parsed.content = parsed.value;
    parsed.value = undefined;
    parsed.values = [];
    parsed.required = false;
    parsed.enablePrice = false;
    parsed.repeater = false;
    parsed.enable_quantity = false;
  }
  return parsed;
}

/** Parses product data, reporting bad keys under 'product'. */
export function parseProduct(input: unknown, report: SchemaIssue[] = []): ProductData {
  return parseLenient(productSchema, input ?? {}, 'product', report) ?? productSchema.parse({});
}

/** Parses page config, reporting bad keys under 'config'. */
export function parseConfig(input: unknown, report: SchemaIssue[] = []): PageConfig {
  return parseLenient(configSchema, input ?? {}, 'config', report) ?? configSchema.parse({});
}
