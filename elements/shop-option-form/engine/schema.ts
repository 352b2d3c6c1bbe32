/**
 * Zod schemas of everything the option-form engine reads: the form definition (sections of rows of
 * columns of fields), product data and page config (spec §3 "Custom option field", "Section",
 * "Product data used by formulas and conditions", "Page config for option forms").
 *
 * Parsing is lenient on purpose: a bad setting is reported (naming the field's elementId and the
 * setting) and dropped so its default applies; an unknown field type is reported and the field is
 * left out. The rest of the form keeps working.
 */
import { z } from 'zod';

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

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Optional finite number; accepts numeric strings, treats '' and null as unset. */
const num = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b.trim()) : b;
  }, z.number().optional());

/** Boolean that accepts WordPress-style '1'/'0'/'on'/'yes'/'true'. */
const bool = (fallback = false) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase());
    if (typeof v === 'number') return v !== 0;
    return v;
  }, z.boolean().default(fallback));

/** Optional string; numbers are accepted and turned into strings. */
const str = () =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : (v ?? undefined)), z.string().optional());

/** A compilable regular expression source (a bad one is reported, not thrown later). */
const regexSource = () =>
  str().refine((v) => v === undefined || isRegExpSource(v), { message: 'is not a valid regular expression' });

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

const optionValueSchema: z.ZodType<OptionValue> = z.lazy(() =>
  z.looseObject({
    label: str().transform((v) => v ?? ''),
    value: str().transform((v) => v ?? ''),
    price: z.union([z.number(), z.string()]).optional(),
    selected: bool(),
    image: str(),
    thumb_src: str(),
    color: str(),
    tooltip: str(),
    description: str(),
    stock_status: str(),
    productImage: str(),
    options: z.array(optionValueSchema).optional(),
  }),
) as z.ZodType<OptionValue>;

/** One condition: a source (field elementId or a product source), a relation and a compared value. */
const clRuleSchema = z.preprocess(
  // WCPA nests the condition as { rules: { cl_field, ... }, operator }: flatten it.
  (v) =>
    v && typeof v === 'object' && 'rules' in v && typeof (v as { rules: unknown }).rules === 'object'
      ? { ...((v as { rules: object }).rules as object), operator: (v as { operator?: unknown }).operator }
      : v,
  z.object({
    cl_field: z.string().min(1),
    cl_relation: z.enum(RELATIONS),
    cl_val: z
      .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
      .optional(),
    operator: z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['and', 'or']).default('and'),
    ),
  }),
);
export type ClRule = z.infer<typeof clRuleSchema>;

const relationGroupSchema = z.object({
  rules: z.array(clRuleSchema).default([]),
  operator: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(['and', 'or']).default('and'),
  ),
});
export type RelationGroup = z.infer<typeof relationGroupSchema>;

/** Conditional-logic settings shared by fields and sections (spec §3 "Conditional logic"). */
const conditionalShape = {
  enableCl: bool(),
  cl_dependency: z.array(z.string()).optional(),
  relations: z.array(relationGroupSchema).default([]),
  cl_rule: z.enum(['show', 'hide', 'disable']).default('show'),
};

/** Repeater settings shared by fields and sections (spec §3 "Repeater flags and labels"). */
const repeaterShape = {
  repeater: bool(),
  /** What drives the clone count: '' (shopper), 'field', 'quantity' or 'formula'. */
  repeater_bind: z.preprocess(blankToUndefined, z.enum(['field', 'quantity', 'formula']).optional()),
  repeater_bind_field: str(),
  repeater_bind_formula: str(),
  repeater_max: num(),
  repeater_add_label: str(),
  repeater_remove_label: str(),
};

/** A custom option field definition (spec §3 "Custom option field"). */
export const fieldSchema = z.looseObject({
  type: z.enum([...FIELD_TYPES, ...DISPLAY_TYPES]),
  elementId: z.string().min(1),
  name: str(),
  label: str(),
  description: str(),
  tooltip: str(),
  required: bool(),
  value: z.union([z.string(), z.number(), z.array(z.string())]).optional(),
  values: z.array(optionValueSchema).default([]),
  multiple: bool(),
  placeholder: str(),
  dropdown_type: str(),
  other: bool(),
  other_text: str(),
  // Text limits
  minlength: num(),
  maxlength: num(),
  allowed_chars: str().refine((v) => v === undefined || isRegExpSource(`[^${v}]`), {
    message: 'is not a valid character list',
  }),
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
  allowedFileTypes: z.union([z.array(z.string()), z.string()]).optional(),
  uploadSize: num(),
  minUploadSize: num(),
  max_file_count: num(),
  min_file_count: num(),
  upload_method: z.preprocess(blankToUndefined, z.enum(['tus', 'cloud', 'basic']).default('basic')),
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
  ...repeaterShape,
  // Pricing
  enablePrice: bool(),
  price: z.union([z.number(), z.string()]).optional(),
  pricingType: z.preprocess(
    blankToUndefined,
    z.enum(['fixed', 'multiply', 'percentage', 'per_car', 'custom']).default('fixed'),
  ),
  priceOptions: z.preprocess(
    blankToUndefined,
    z.enum(['same_for_all', 'different_for_all']).default('same_for_all'),
  ),
  use_as_fee: bool(),
  price_dependency: z.array(z.string()).optional(),
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
  picker_mode: z.preprocess(blankToUndefined, z.enum(['single', 'multiple', 'range']).default('single')),
  disabled_dates: z.array(z.string()).default([]),
  enabled_dates: z.array(z.string()).default([]),
  disabled_weekdays: z.array(z.number()).default([]),
  min_time: str(),
  max_time: str(),
  time_layout: str(),
  time_step: num(),
  date_pic_conf: z.looseObject({ minDate: str(), maxDate: str(), minTime: str(), maxTime: str() }).optional(),
  disable_manual_input: bool(),
  /** Display types: the HTML of a `content` field (taken from its `value`). */
  content: str(),
});
export type FieldDef = z.infer<typeof fieldSchema>;

/** A group validation rule over several fields (spec §5 "Group rules"). */
export const groupRuleSchema = z.object({
  id: str(),
  validationType: z.enum(['customFormula', 'optionsCount', 'sumOfValues', 'totalQuantity']),
  fields: z.array(z.string()).default([]),
  formula: str(),
  /** A number, or a formula giving one. */
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
});
export type GroupRule = z.infer<typeof groupRuleSchema>;

/** Section extra settings (spec §3 "Section"). */
export const sectionExtraSchema = z.looseObject({
  key: z.string().min(1),
  section_id: str(),
  form_id: z.union([z.string(), z.number()]).optional(),
  name: str(),
  show_title: bool(true),
  title_tag: str(),
  showPrice: bool(),
  className: str(),
  layout_option: str(),
  /** Initial accordion state of this section: open or closed. */
  accordionOpen: z.preprocess(blankToUndefined, z.enum(['open', 'closed']).default('open')),
  use_as_fee: bool(),
  form_rules: z.array(groupRuleSchema).default([]),
  ...repeaterShape,
  ...conditionalShape,
});
export type SectionExtra = z.infer<typeof sectionExtraSchema>;

/** A parsed section: settings plus rows of columns of fields. */
export interface SectionDef {
  extra: SectionExtra;
  fields: FieldDef[][];
}

/** Form-wide settings: texts, accordion behaviour. */
export const formSettingsSchema = z.object({
  /** Error and label texts keyed by error key (spec §5); English defaults apply. */
  texts: z.record(z.string(), z.string()).default({}),
  /** default: each section's accordionOpen; all_opened / all_closed override it. */
  accordion_mode: z.preprocess(
    blankToUndefined,
    z.enum(['default', 'all_opened', 'all_closed']).default('default'),
  ),
  /** Opening one accordion closes the others (spec §4 "Accordions"). */
  accordion_auto_close: bool(),
  /** After the last visible field of a section is answered, open the next closed one. */
  accordion_auto_open_next: bool(),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** Product data used by formulas and conditions (spec §3). */
export const productSchema = z.object({
  quantity: num().transform((v) => v ?? 1),
  product_price: num().transform((v) => v ?? 0),
  original_product_price: num(),
  price_including_tax: num(),
  price_excluding_tax: num(),
  name: str().transform((v) => v ?? ''),
  stock_status: str(),
  stock_quantity: num(),
  product_id: z.union([z.number(), z.string()]).optional(),
  parent_id: z.union([z.number(), z.string()]).optional(),
  variation_id: z.union([z.number(), z.string()]).optional(),
  parent_sku: str(),
  sku: str(),
  is_variable: bool(),
  is_taxable: bool(),
  custom_fields: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  product_attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});
export type ProductData = z.infer<typeof productSchema>;

/** Page config for option forms (spec §3), plus the shop's money format (spec §9). */
export const configSchema = z.object({
  discount: z
    .object({ fixed: num().transform((v) => v ?? 0), percentage: num().transform((v) => v ?? 0) })
    .prefault({}),
  tax_rate: num().transform((v) => v ?? 0),
  tax_rate_real: num().transform((v) => v ?? 0),
  /** Whether the shop's prices are entered including tax (WooCommerce `prices_include_tax`). */
  prices_include_tax: bool(),
  price_override: z.preprocess(blankToUndefined, z.enum(['maximum', 'if_gt_zero', 'always']).optional()),
  bind_quantity: z.object({ enabled: bool(), formula: str() }).prefault({}),
  enable_recaptcha: bool(),
  design: z.record(z.string(), z.unknown()).default({}),
  /** Saved clone counts by field elementId or section key (e.g. when editing a cart item). */
  clones: z.record(z.string(), z.number()).default({}),
  /** Named formula templates, used by fields through `formulaId`. */
  formulas: z.record(z.string(), z.string()).default({}),
  cartKey: str(),
  user_roles: z.array(z.string()).default([]),
  /** Quantity multiplies the option prices (spec §9 "Price rules"). */
  change_price_with_quantity: bool(true),
  price_suffix: str(),
  money: z
    .object({
      decimals: num().transform((v) => v ?? 2),
      decimalSeparator: str().transform((v) => v ?? '.'),
      thousandSeparator: str().transform((v) => v ?? ','),
      currencySymbol: str().transform((v) => v ?? '$'),
      position: z.preprocess(
        blankToUndefined,
        z.enum(['left', 'right', 'left_space', 'right_space']).default('left'),
      ),
      hideZero: bool(),
    })
    .prefault({}),
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
  schema: z.ZodType<T>,
  input: unknown,
  owner: string,
  report: SchemaIssue[],
  keep: readonly string[] = [],
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
