/**
 * Option field validation (spec §5 "Option field validation"), checked in the spec's order with the
 * spec's error keys. Corrections (strip characters, truncate, clamp, remove the last pick, clear the
 * offending files) are applied by `correctValue` when a value arrives; `validateValue` then reports
 * what still fails. Messages come from the form's texts with English defaults.
 */
import { fill } from '../../../shared/format/messages.ts';
import { toNumber } from './coerce.ts';
import { OTHER_MARKER, parseDateValue } from './logic.ts';
import { isEmptyValue } from './pricing.ts';
import type { FieldDef } from './schema.ts';
import {
  ERROR_KEYS,
  type ErrorKey,
  type ErrorMap,
  type FieldValue,
  type FileItem,
  type Quantity,
} from './types.ts';

/** English default messages; `{placeholders}` are filled from the field's settings. */
export const DEFAULT_TEXTS: Readonly<Record<ErrorKey, string>> = {
  validNumberError: 'Please enter a valid number.',
  allowedCharsError: 'Some characters are not allowed and were removed: {characters}',
  maxlengthError: 'Maximum {maxlength} characters allowed.',
  minlengthError: 'Please enter at least {minlength} characters.',
  maxValueError: 'The value must be at most {max}.',
  minValueError: 'The value must be at least {min}.',
  maxFieldsError: 'Select at most {max_options} options.',
  minFieldsError: 'Select at least {min_options} options.',
  otherFieldError: 'Please enter a value for the other option.',
  validEmailError: 'Please enter a valid email address.',
  validUrlError: 'Please enter a valid URL.',
  requiredError: 'This field is required.',
  patternError: 'Please match the requested format.',
  minQuantityError: 'The quantity must be at least {min_quantity}.',
  maxQuantityError: 'The quantity must be at most {max_quantity}.',
  uploadPending: 'Please wait until the upload has finished.',
  maxFileSizeError: 'The file {file} is larger than {size} MB.',
  minFileSizeError: 'The file {file} is smaller than {size} MB.',
  maxFileCountError: 'You can upload at most {count} files.',
  minFileCountError: 'Please upload at least {count} files.',
  groupMaxError: 'The total must be at most {max}.',
  groupMinError: 'The total must be at least {min}.',
};

/** Fills a message template: form texts first, English default otherwise. */
export function message(
  key: ErrorKey,
  texts: Readonly<Record<string, string>>,
  vars: Record<string, unknown> = {},
): string {
  // `fill` writes each value with String(), whatever its type.
  return fill(Object.hasOwn(texts, key) ? texts[key] : DEFAULT_TEXTS[key], vars as Record<string, string>);
}

const TEXT_LIMIT_TYPES = new Set(['text', 'textarea', 'email', 'url']);
const GROUP_TYPES = new Set(['checkbox-group', 'image-group', 'color-group', 'productGroup', 'select']);
const DATE_TYPES = new Set(['date', 'datetime-local', 'time']);
const EMAIL_RE = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/u;
const URL_RE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}(?::\d+)?(?:[/?#]\S*)?$/iu;
const MB = 1024 * 1024;

/** A corrected value with the notices the corrections produced. */
export interface Correction {
  value: FieldValue;
  quantity: Quantity | undefined;
  notices: ErrorMap;
}

function isGroup(def: FieldDef): boolean {
  return GROUP_TYPES.has(def.type) && (def.type !== 'select' || def.multiple);
}

/** Picker limits for date, time and datetime inputs (spec §5: "min and max from the picker config"). */
export function dateLimits(def: FieldDef, today: Date): { min?: string; max?: string } {
  if (!DATE_TYPES.has(def.type)) return {};
  const conf = def.date_pic_conf;
  const resolve = (v: string | undefined): string | undefined => {
    if (!v) return undefined;
    const s = v.trim();
    if (def.type === 'time') return s;
    // Relative limits: 'today', '+N' / '-N' days from today.
    const rel = /^(today|[+-]\d+)$/u.exec(s);
    if (rel) {
      const d = new Date(
        Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) +
          (rel[1] === 'today' ? 0 : Number(rel[1])) * 864e5,
      );
      return d.toISOString().slice(0, 10);
    }
    return s;
  };
  if (def.type === 'time')
    return { min: resolve(conf?.minTime ?? def.min_time), max: resolve(conf?.maxTime ?? def.max_time) };
  return { min: resolve(conf?.minDate ?? def.min_date), max: resolve(conf?.maxDate ?? def.max_date) };
}

/** Attributes the UI passes to the input (spec §5: "The required flag is passed to inputs"). */
export function inputAttrs(def: FieldDef, today: Date): Record<string, string | number | boolean> {
  const a: Record<string, string | number | boolean> = { required: def.required };
  if (def.maxlength !== undefined && TEXT_LIMIT_TYPES.has(def.type)) a.maxlength = def.maxlength;
  if (def.minlength !== undefined && TEXT_LIMIT_TYPES.has(def.type)) a.minlength = def.minlength;
  if (def.type === 'number') {
    if (def.min !== undefined) a.min = def.min;
    if (def.max !== undefined) a.max = def.max;
    if (def.step !== undefined) a.step = def.step;
  }
  const lim = dateLimits(def, today);
  if (lim.min) a.min = lim.min;
  if (lim.max) a.max = lim.max;
  if (def.type === 'time') a.step = (def.time_step ?? 15) * 60; // spec §9: default time step 15 minutes
  if (def.pattern && (def.type === 'text' || def.type === 'number')) a.pattern = def.pattern;
  return a;
}

/**
 * Applies the corrections of spec §5 to a value that just arrived and returns the notices they
 * produced: allowed_chars strip, maxlength truncate, number max reset, max_options drop the last
 * pick, max_quantity clamp, oversize / undersize / extra files cleared.
 */
export function correctValue(
  def: FieldDef,
  value: FieldValue,
  quantity: Quantity | undefined,
  texts: Readonly<Record<string, string>>,
  today: Date,
): Correction {
  const notices: ErrorMap = {};
  let v = value;
  let q = quantity;
  if (typeof v === 'string' && (def.type === 'text' || def.type === 'textarea') && def.allowed_chars) {
    const re = new RegExp(`[^${def.allowed_chars}]`, 'gu');
    const removed = [...new Set(v.match(re) ?? [])];
    if (removed.length) {
      v = v.replace(re, '');
      notices.allowedCharsError = message('allowedCharsError', texts, { characters: removed.join(' ') });
    }
  }
  if (
    typeof v === 'string' &&
    TEXT_LIMIT_TYPES.has(def.type) &&
    def.maxlength !== undefined &&
    def.maxlength >= 0
  ) {
    const chars = Array.from(v);
    if (chars.length > def.maxlength) {
      v = chars.slice(0, def.maxlength).join('');
      notices.maxlengthError = message('maxlengthError', texts, { maxlength: def.maxlength });
    }
  }
  if (typeof v === 'string' && def.type === 'number' && def.max !== undefined && v.trim() !== '') {
    const x = Number(v);
    if (Number.isFinite(x) && x > def.max) {
      v = String(def.max);
      notices.maxValueError = message('maxValueError', texts, { max: def.max });
    }
  }
  if (typeof v === 'string' && DATE_TYPES.has(def.type) && v) {
    const max = dateLimits(def, today).max;
    const t = parseDateValue(v);
    const m = max ? parseDateValue(max) : undefined;
    if (t !== undefined && m !== undefined && t > m) {
      v = max!;
      notices.maxValueError = message('maxValueError', texts, { max });
    }
  }
  if (Array.isArray(v) && isGroup(def) && def.max_options !== undefined && def.max_options > 0) {
    const picks = (v as string[]).filter((x) => typeof x === 'string' && x.trim() !== '');
    if (picks.length > def.max_options) {
      // The shopper's latest pick is last in the list: remove it (spec §5).
      v = picks.slice(0, def.max_options);
      notices.maxFieldsError = message('maxFieldsError', texts, { max_options: def.max_options });
    }
  }
  if (def.enable_quantity && q !== undefined && def.max_quantity !== undefined) {
    const max = def.max_quantity;
    if (typeof q === 'number' && q > max) {
      q = max;
      notices.maxQuantityError = message('maxQuantityError', texts, { max_quantity: max });
    } else if (typeof q === 'object') {
      const over = Object.values(q).some((x) => x > max);
      if (over) {
        q = Object.fromEntries(Object.entries(q).map(([k, x]) => [k, Math.min(x, max)]));
        notices.maxQuantityError = message('maxQuantityError', texts, { max_quantity: max });
      }
    }
  }
  if (def.type === 'file' && Array.isArray(v)) {
    let files = (v as unknown[]).filter((f): f is FileItem => !!f && typeof f === 'object' && 'name' in f);
    if (def.uploadSize !== undefined && def.uploadSize > 0) {
      const big = files.filter((f) => f.size > def.uploadSize! * MB);
      if (big.length) {
        files = files.filter((f) => !big.includes(f));
        notices.maxFileSizeError = message('maxFileSizeError', texts, {
          size: def.uploadSize,
          file: big[0].name,
        });
      }
    }
    if (def.minUploadSize !== undefined && def.minUploadSize > 0) {
      const small = files.filter((f) => f.size < def.minUploadSize! * MB);
      if (small.length) {
        files = files.filter((f) => !small.includes(f));
        notices.minFileSizeError = message('minFileSizeError', texts, {
          size: def.minUploadSize,
          file: small[0].name,
        });
      }
    }
    if (def.max_file_count !== undefined && def.max_file_count > 0 && files.length > def.max_file_count) {
      files = files.slice(0, def.max_file_count);
      notices.maxFileCountError = message('maxFileCountError', texts, { count: def.max_file_count });
    }
    v = files;
  }
  return { value: v, quantity: q, notices };
}

/** The blocking and non-corrective checks of spec §5, on an already corrected value. */
export function validateValue(
  def: FieldDef,
  value: FieldValue,
  quantity: Quantity | undefined,
  texts: Readonly<Record<string, string>>,
  today: Date,
): ErrorMap {
  const e: ErrorMap = {};
  const str = typeof value === 'string' ? value : undefined;
  if (def.type === 'number' && str !== undefined && str.trim() !== '' && !Number.isFinite(Number(str)))
    e.validNumberError = message('validNumberError', texts);
  if (
    str !== undefined &&
    TEXT_LIMIT_TYPES.has(def.type) &&
    def.minlength !== undefined &&
    str !== '' &&
    Array.from(str).length < def.minlength
  )
    e.minlengthError = message('minlengthError', texts, { minlength: def.minlength });
  if (
    def.type === 'number' &&
    str !== undefined &&
    str.trim() !== '' &&
    def.min !== undefined &&
    Number(str) < def.min
  )
    e.minValueError = message('minValueError', texts, { min: def.min });
  if (str && DATE_TYPES.has(def.type)) {
    const min = dateLimits(def, today).min;
    const t = parseDateValue(str);
    const m = min ? parseDateValue(min) : undefined;
    if (t !== undefined && m !== undefined && t < m)
      e.minValueError = message('minValueError', texts, { min });
  }
  if (Array.isArray(value) && isGroup(def) && def.min_options !== undefined && def.min_options > 0) {
    const n = (value as unknown[]).filter((x) => typeof x === 'string' && x.trim() !== '').length;
    if (n > 0 && n < def.min_options)
      e.minFieldsError = message('minFieldsError', texts, { min_options: def.min_options });
  }
  const values = Array.isArray(value) ? value : str !== undefined ? [str] : [];
  if (
    values.some(
      (x) =>
        typeof x === 'string' &&
        (x === OTHER_MARKER.trim() ||
          (x.startsWith(OTHER_MARKER) && x.slice(OTHER_MARKER.length).trim() === '')),
    )
  )
    e.otherFieldError = message('otherFieldError', texts);
  if (str && (def.type === 'email' || def.type === 'url')) {
    const parts = def.allow_multiple ? str.split(/[\s,]+/u).filter(Boolean) : [str.trim()];
    const re = def.type === 'email' ? EMAIL_RE : URL_RE;
    if (parts.length === 0 || !parts.every((p) => re.test(p)))
      e[def.type === 'email' ? 'validEmailError' : 'validUrlError'] = message(
        def.type === 'email' ? 'validEmailError' : 'validUrlError',
        texts,
      );
  }
  if (def.required && isEmptyValue(value)) e.requiredError = message('requiredError', texts);
  if (str && def.pattern && (def.type === 'text' || def.type === 'number')) {
    try {
      if (!new RegExp(`^(?:${def.pattern})$`, 'u').test(str)) e.patternError = message('patternError', texts);
    } catch {
      // A bad pattern was already reported by the schema; it cannot fail the shopper.
    }
  }
  if (def.enable_quantity && !isEmptyValue(value) && quantity !== undefined) {
    const min = def.min_quantity ?? 1; // spec §5: the minimum defaults to 1
    const qs = typeof quantity === 'number' ? [quantity] : selectedQuantities(value, quantity);
    if (qs.some((x) => toNumber(x) < min))
      e.minQuantityError = message('minQuantityError', texts, { min_quantity: min });
  }
  if (def.type === 'file' && Array.isArray(value)) {
    const files = value as FileItem[];
    if (def.upload_method !== 'basic' && files.some((f) => f && !f.uploaded))
      e.uploadPending = message('uploadPending', texts);
    if (
      def.min_file_count !== undefined &&
      def.min_file_count > 0 &&
      files.length < def.min_file_count &&
      (files.length > 0 || def.required)
    )
      e.minFileCountError = message('minFileCountError', texts, { count: def.min_file_count });
  }
  return e;
}

function selectedQuantities(value: FieldValue, quantity: Record<string, number>): number[] {
  if (!Array.isArray(value)) return Object.values(quantity);
  return (value as unknown[])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => (Object.hasOwn(quantity, v) ? quantity[v] : 1));
}

/** Merges notices and validation errors in spec §5 order. */
export function mergeErrors(notices: ErrorMap, errors: ErrorMap): ErrorMap {
  // Fast paths: most fields have no notices, and often no errors at all.
  let hasNotices = false;
  for (const _ in notices) {
    hasNotices = true;
    break;
  }
  if (!hasNotices) return errors;
  const out: ErrorMap = {};
  for (const k of ERROR_KEYS) {
    const m = errors[k] ?? notices[k];
    if (m !== undefined) out[k] = m;
  }
  return out;
}
