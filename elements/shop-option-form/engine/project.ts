/**
 * State projection: the field, section and summary objects the UI renders, the blocking errors, the
 * result of an update, and the name/value pairs to post (README "Posted form data"). A projected
 * object is rebuilt only when something in it differs, so identity means "unchanged".
 */
import { roundMoney } from '../../../shared/format/money.ts';
import { OTHER_MARKER } from './logic.ts';
import { isFeeField, isSingleChoice } from './model.ts';
import { flatOptions, isEmptyValue, scalarText, summarize, viewPrice } from './pricing.ts';
import { fieldStatus } from './references.ts';
import { type FieldDef, isDisplayType } from './schema.ts';
import { type EngineState, groupNode } from './state.ts';
import {
  BLOCKING_ERRORS,
  type BlockingError,
  type ErrorKey,
  type ErrorMap,
  type FieldState,
  type FileItem,
  type PlaceValue,
  type PriceSummary,
  type Quantity,
  type SectionInstance,
  type SectionState,
  type UpdateResult,
} from './types.ts';
import { inputAttrs } from './validation.ts';

/** The whole form state. */
export interface FormState {
  fields: FieldState[];
  sections: SectionState[];
  summary: PriceSummary;
  errors: BlockingError[];
}

const emptyErrors: ErrorMap = {};
const DATE_FIELD_TYPES = new Set(['date', 'datetime-local', 'time']);

function sameErrors(a: ErrorMap, b: ErrorMap): boolean {
  const ka = Object.keys(a) as ErrorKey[];
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}

/** Returns a new state object when something differs, else the previous one (identity = unchanged). */
export function stateOf(s: EngineState, id: string): FieldState {
  const inst = s.layout.fields.get(id)!;
  const fd = inst.def;
  const st = s.stored.get(id)!;
  const c = s.computed.get(id)!;
  const prev = c.state;
  const clonedCount =
    !inst.isClone && s.layout.repeaters.has(fd.elementId) ? (s.counts.get(fd.elementId) ?? 0) : 0;
  const showErrors = st.touched || s.submitted;
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
    viewPrice: fd.enablePrice ? viewPrice(c.price, s.conf) : '',
    selectedOptions: c.options,
    updated: (prev?.updated ?? -1) + 1,
    isNew: c.isNew,
    clonedCount,
    isClone: inst.isClone,
    parentId: inst.parentId,
    sectionKey: inst.sectionKey,
    isFee: isFeeField(s, inst),
    inputAttrs: prev?.inputAttrs ?? inputAttrs(fd, s.today),
    charLeft:
      fd.charleft && fd.maxlength !== undefined
        ? Math.max(0, fd.maxlength - Array.from(text).length)
        : undefined,
    formulaError: c.formulaError,
  };
  c.state = state;
  return state;
}

/** A section's state, rebuilt only when something in it differs. */
function sectionStateOf(s: EngineState, section: SectionInstance, price: number): SectionState {
  const prev = s.sectionStates.get(section.key);
  const status = s.sectionStatus.get(section.key) ?? 'visible';
  const open = s.sectionOpen.get(section.key) ?? true;
  const clonedCount = section.isClone ? 0 : (s.counts.get(section.key) ?? 0);
  const errs: ErrorMap = {};
  section.extra.form_rules.forEach((_r, i) => {
    Object.assign(errs, s.groupErrors.get(groupNode(section.key, i)));
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
    key: section.key,
    status,
    open,
    price,
    viewPrice: viewPrice(price, s.conf),
    clonedCount,
    isClone: section.isClone,
    parentKey: section.parentKey,
    error: errs,
  };
  s.sectionStates.set(section.key, st);
  return st;
}

/** The blocking errors of fields (in form order), then of group rules. */
export function collectErrors(s: EngineState): BlockingError[] {
  const out: BlockingError[] = [];
  const { fields } = s.layout;
  const ids = [...s.blockingIds].filter((id) => fields.has(id));
  ids.sort((a, b) => fields.get(a)!.order - fields.get(b)!.order);
  for (const id of ids) {
    const c = s.computed.get(id);
    if (!c?.blocking) continue;
    for (const [k, m] of Object.entries(c.errors))
      if (BLOCKING_ERRORS.has(k as ErrorKey)) out.push({ id, key: k as ErrorKey, message: m });
  }
  for (const [node, errs] of s.groupErrors) {
    const g = s.groups.get(node);
    if (g)
      for (const [k, m] of Object.entries(errs))
        out.push({ id: g.section.key, key: k as ErrorKey, message: m });
  }
  return out;
}

function changedFields(s: EngineState, touched: Set<string>): FieldState[] {
  const { fields } = s.layout;
  const out: FieldState[] = [];
  for (const id of touched) {
    if (!fields.has(id)) continue;
    const prev = s.computed.get(id)?.state;
    const st = stateOf(s, id);
    if (st !== prev) out.push(st);
  }
  return out.sort((a, b) => fields.get(a.elementId)!.order - fields.get(b.elementId)!.order);
}

/** Re-summarises (and re-formats) only when one of the summary's inputs moved; true when it did. */
function refreshSummary(s: EngineState): boolean {
  const inputs = `${s.sums.options}|${s.sums.fee}|${s.prod.product_price}|${s.prod.quantity}`;
  if (s.summary && inputs === s.summaryInputs) return false;
  s.summary = summarize(
    [
      { price: s.sums.options, isFee: false },
      { price: s.sums.fee, isFee: true },
    ],
    s.prod,
    s.conf,
  );
  s.summaryInputs = inputs;
  return true;
}

function changedSections(s: EngineState, sectionsTouched: Set<string>): SectionState[] {
  const out: SectionState[] = [];
  for (const section of s.layout.sections) {
    const prev = s.sectionStates.get(section.key);
    const price = roundMoney(s.sums.bySection.get(section.key) ?? 0, s.conf.money.decimals);
    const st = sectionStateOf(s, section, price);
    if (st !== prev || sectionsTouched.has(section.key)) out.push(st);
  }
  return out;
}

/** Projects what an update touched into its result. */
export function finish(
  s: EngineState,
  touched: Set<string>,
  structureChanged: boolean,
  sectionsTouched: Set<string>,
): UpdateResult {
  const fields = changedFields(s, touched);
  const summaryChanged = refreshSummary(s);
  const sections = changedSections(s, sectionsTouched);
  const errors = collectErrors(s);
  return {
    fields,
    sections,
    summary: s.summary!,
    summaryChanged,
    errors,
    structureChanged,
    valid: errors.length === 0,
  };
}

/** The whole form state (each object the same as last time when unchanged). */
export function formState(s: EngineState): FormState {
  return {
    fields: s.layout.order.map((id) => stateOf(s, id)),
    sections: s.layout.sections.map((x) => s.sectionStates.get(x.key)!),
    summary: s.summary!,
    errors: collectErrors(s),
  };
}

// ------------------------------------------------------------------ form data

type Pairs = Array<[string, string]>;

function quantityName(name: string): string {
  // WCPA adds the suffix to the last real name part: a[1][b] -> a[1][b_quantity].
  return name.endsWith(']') ? name.replace(/\[([^[\]]*)\]$/u, '[$1_quantity]') : `${name}_quantity`;
}

function filePairs(name: string, value: FileItem[]): Pairs {
  const files = value.map((f) => ({ file_name: f.name, url: f.url ?? '', type: f.type ?? '', size: f.size }));
  return [[name, JSON.stringify(files)]];
}

function placePairs(name: string, p: PlaceValue): Pairs {
  const out: Pairs = [[`${name}[value]`, p.value]];
  for (const [k, v] of Object.entries(p.split ?? {})) out.push([`${name}[split][${k}]`, v]);
  if (p.cords)
    out.push([`${name}[cords][lat]`, String(p.cords.lat)], [`${name}[cords][lng]`, String(p.cords.lng)]);
  return out;
}

function pickPairs(fd: FieldDef, name: string, value: unknown[], quantity: Quantity | undefined): Pairs {
  const picks = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (DATE_FIELD_TYPES.has(fd.type) && fd.picker_mode === 'range')
    return [
      [`${name}[start]`, picks[0] ?? ''],
      [`${name}[end]`, picks[1] ?? picks[0] ?? ''],
    ];
  const single = isSingleChoice(fd);
  const all = flatOptions(fd.values);
  const out: Pairs = [];
  for (const v of single ? picks.slice(0, 1) : picks) {
    out.push([single ? name : `${name}[]`, v]);
    if (fd.enable_quantity) {
      const i = v.startsWith(OTHER_MARKER) ? 'other' : String(all.findIndex((o) => o.value === v));
      const q = typeof quantity === 'object' && quantity && Object.hasOwn(quantity, v) ? quantity[v] : 1;
      out.push([`${quantityName(name)}[${i}]`, String(q)]);
    }
  }
  return out;
}

function fieldPairs(s: EngineState, id: string): Pairs {
  const inst = s.layout.fields.get(id)!;
  const fd = inst.def;
  const { value, quantity } = s.stored.get(id)!;
  const name = inst.name;
  if (fd.type === 'file') return filePairs(name, value as FileItem[]);
  if (fd.type === 'placeselector' && value && typeof value === 'object' && !Array.isArray(value))
    return placePairs(name, value as PlaceValue);
  if (Array.isArray(value)) return pickPairs(fd, name, value, quantity);
  const out: Pairs = [[name, value === true ? '1' : scalarText(value)]];
  if (fd.enable_quantity && typeof quantity === 'number') out.push([quantityName(name), String(quantity)]);
  return out;
}

/** The name/value pairs to post with the add-to-cart form (README "Posted form data"). */
export function formData(s: EngineState): Pairs {
  const out: Pairs = [];
  for (const id of s.layout.order) {
    if (fieldStatus(s, id) !== 'visible') continue; // hidden and disabled fields are not posted
    if (isDisplayType(s.layout.fields.get(id)!.def.type)) continue; // display types hold nothing
    if (isEmptyValue(s.stored.get(id)!.value)) continue;
    out.push(...fieldPairs(s, id));
  }
  const clones = Object.fromEntries([...s.counts].filter(([, n]) => n > 0));
  if (Object.keys(clones).length) out.push(['wcpa_clones', JSON.stringify(clones)]);
  if (s.conf.cartKey) out.push(['wcpa_cart_item_key', s.conf.cartKey]);
  return out;
}
