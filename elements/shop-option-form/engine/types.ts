/** Runtime types shared by the engine modules and its callers (spec §3 "Field runtime state"). */
import type { Status } from './logic.ts';
import type { FieldDef, OptionValue, SchemaIssue, SectionExtra } from './schema.ts';

export type { Status } from './logic.ts';

/** One file of an upload field. `uploaded` is false while a tus/cloud upload is still running. */
export interface FileItem {
  name: string;
  /** Size in bytes. */
  size: number;
  type?: string;
  url?: string;
  uploaded: boolean;
}

/** A place selector value: the formatted address plus its parts and coordinates. */
export interface PlaceValue {
  value: string;
  split?: Record<string, string>;
  cords?: { lat: number; lng: number };
}

/**
 * A field value. Text-like types hold a string; choice types a string[] of selected option values
 * (the 'other' option as `WCPAOTH <text>`); a checkbox without options a boolean; file a FileItem[];
 * date with picker_mode multiple a string[], range a [start, end] pair; placeselector a PlaceValue.
 */
export type FieldValue = string | string[] | boolean | FileItem[] | PlaceValue | null;

/** A quantity: one number, or one per selected option value for choice types. */
export type Quantity = number | Record<string, number>;

/** Error keys of spec §5 "Option field validation", in check order. */
export const ERROR_KEYS = [
  'validNumberError',
  'allowedCharsError',
  'maxlengthError',
  'minlengthError',
  'maxValueError',
  'minValueError',
  'maxFieldsError',
  'minFieldsError',
  'otherFieldError',
  'validEmailError',
  'validUrlError',
  'requiredError',
  'patternError',
  'minQuantityError',
  'maxQuantityError',
  'uploadPending',
  'maxFileSizeError',
  'minFileSizeError',
  'maxFileCountError',
  'minFileCountError',
  'groupMaxError',
  'groupMinError',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** The errors that stop submission; every other key is a notice (spec §5 "marked blocking"). */
export const BLOCKING_ERRORS: ReadonlySet<ErrorKey> = new Set<ErrorKey>([
  'validNumberError',
  'minlengthError',
  'minValueError',
  'minFieldsError',
  'otherFieldError',
  'requiredError',
  'uploadPending',
  'minFileCountError',
  'groupMaxError',
  'groupMinError',
]);

/** Error messages by key. */
export type ErrorMap = Partial<Record<ErrorKey, string>>;

/** A field instance: an original field or a clone made by a repeater. */
export interface FieldInstance {
  id: string;
  def: FieldDef;
  /** Posted name (see README "Posted form data"). */
  name: string;
  sectionKey: string;
  isClone: boolean;
  /** elementId of the original for clones. */
  parentId?: string;
  /** 0 for the original, n for the n-th clone. */
  cloneIndex: number;
  /** Maps original elementIds to this instance's siblings (section clones). */
  idMap?: ReadonlyMap<string, string>;
  /** Position in the form (document order). */
  order: number;
}

/** A section instance. */
export interface SectionInstance {
  key: string;
  extra: SectionExtra;
  isClone: boolean;
  parentKey?: string;
  cloneIndex: number;
  /** Rows of field instance ids. */
  rows: string[][];
  idMap?: ReadonlyMap<string, string>;
}

/** The state of one field as the UI renders it (spec §3 "Field runtime state"). */
export interface FieldState {
  type: string;
  elementId: string;
  name: string;
  value: FieldValue;
  quantity: Quantity | undefined;
  /** Error messages by key, in spec §5 order (only for visible fields in visible sections). */
  error: ErrorMap;
  /** True when one of the errors blocks submission. */
  blocking: boolean;
  /** True once the shopper left the field or tried to submit: the UI shows errors then. */
  showErrors: boolean;
  status: Status;
  /** Rounded price of the field (0 when hidden or empty). */
  price: number;
  /** Price before rounding. */
  rawPrice: number;
  /** Price formatted with the shop's money format ('' when zero prices are hidden). */
  viewPrice: string;
  /** The selected options of choice fields, with their computed prices. */
  selectedOptions: Array<OptionValue & { price: number; quantity?: number }>;
  /** Incremented each time this state object is replaced. */
  updated: number;
  /** True in the update in which the field became visible again. */
  isNew: boolean;
  /** Clones of this repeater (originals only). */
  clonedCount: number;
  isClone: boolean;
  parentId?: string;
  sectionKey: string;
  /** True when the price counts as a fee (section or field use_as_fee). */
  isFee: boolean;
  /** Attributes for the input: required, min, max (dates from the picker config), maxlength, step. */
  inputAttrs: Record<string, string | number | boolean>;
  /** Characters left when charleft and maxlength are set. */
  charLeft?: number;
  /** Formula problem of this field's price, if any. */
  formulaError?: string;
}

/** The state of one section. */
export interface SectionState {
  key: string;
  status: Status;
  open: boolean;
  price: number;
  viewPrice: string;
  clonedCount: number;
  isClone: boolean;
  parentKey?: string;
  /** Group rule errors of this section. */
  error: ErrorMap;
}

/** The price summary (spec §9 "Price rules"). */
export interface PriceSummary {
  /** Sum of option prices for one product (fees excluded). */
  optionsPrice: number;
  /** Option prices times quantity when change-price-with-quantity is on. */
  optionsTotal: number;
  fee: number;
  discount: number;
  /** Product price times quantity, after price_override. */
  productPrice: number;
  total: number;
  quantity: number;
  priceIncludingTax: number;
  priceExcludingTax: number;
  /** The price suffix with its tax placeholders filled in. */
  suffix: string;
  formatted: { optionsTotal: string; fee: string; discount: string; productPrice: string; total: string };
}

/** One blocking error, for the form error and scroll-to-first-invalid. */
export interface BlockingError {
  /** Field elementId, or section key for group rules. */
  id: string;
  key: ErrorKey;
  message: string;
}

/** A problem found while building the form: bad settings, formula errors, dependency cycles. */
export type ReportItem = SchemaIssue;

/** A change the UI sends to the engine. */
export type Change =
  | { type: 'value'; id: string; value: FieldValue; quantity?: Quantity }
  | { type: 'quantity'; id: string; quantity: Quantity }
  | { type: 'productQuantity'; quantity: number }
  | { type: 'product'; product: Record<string, unknown> }
  | { type: 'roles'; roles: string[] }
  | { type: 'blur'; id: string }
  | { type: 'submit' }
  | { type: 'addClone'; id: string }
  | { type: 'removeClone'; id: string }
  | { type: 'toggleSection'; key: string; open?: boolean };

/** What one update changed. */
export interface UpdateResult {
  /** New state objects of the fields that changed. */
  fields: FieldState[];
  /** New state objects of the sections that changed. */
  sections: SectionState[];
  summary: PriceSummary;
  summaryChanged: boolean;
  /** All blocking errors of visible fields, in form order. */
  errors: BlockingError[];
  /** True when clones were added or removed (the field list changed). */
  structureChanged: boolean;
  /** For `submit`: true when nothing blocks. */
  valid: boolean;
}
