/**
 * The formula language of option forms (custom pricing, repeater and quantity binding, group
 * rules), in the spirit of WCPA's custom formulas. See README.md "Formula language".
 *
 * Security (DESIGN §9): formulas are tokenised and parsed into an AST by the small parser below and
 * interpreted over a whitelist. There is no eval, no `new Function`, no member access at all: names
 * are either whitelisted functions (looked up in a Map, never on an object's prototype chain) or
 * placeholders in braces that the caller resolves through a closed set of reference kinds.
 * Errors never throw to the caller: they give a message and a defined value (0 for numbers).
 */

import type { FormulaValue } from './coerce.ts';

export type { FormulaValue } from './coerce.ts';

/**
 * Converts a value to a number: '' and null are 0, non-numeric text is NaN. The same as
 * `coerce.ts` `toNumber` (a test checks they agree), copied so that this lazily loaded module
 * shares no module with the option form's chunk (the build would split it into a chunk of its own).
 */
export function toNumber(v: FormulaValue | undefined): number {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number(v.trim());
}

/** Field properties a placeholder may read (`{field.<id>.<prop>}`). */
export const FIELD_PROPS = [
  'value',
  'quantity',
  'count',
  'selected',
  'price',
  'unixDays',
  'unixSeconds',
  'timestamp',
  'daysCount',
  'isClone',
  'repeaterCount',
] as const;
export type FieldProp = (typeof FIELD_PROPS)[number];
const FIELD_PROP_BY_LOWER = new Map<string, FieldProp>(FIELD_PROPS.map((p) => [p.toLowerCase(), p]));

/** Product-level placeholders (spec §3 "Product data used by formulas and conditions"). */
export const PRODUCT_KEYS = [
  'quantity',
  'product_price',
  'original_product_price',
  'product_price_regular',
  'price_including_tax',
  'price_excluding_tax',
  'product_price_including_tax',
  'product_price_excluding_tax',
  'product_name',
  'stock_quantity',
  'stock_status',
  'sku',
  'product_id',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];
const PRODUCT_KEY_SET: ReadonlySet<string> = new Set(PRODUCT_KEYS);

/** Date placeholders: the current date and time. */
export const DATE_KEYS = [
  'today.unixDays',
  'today.unixSeconds',
  'now.year',
  'now.month',
  'now.date',
  'now.day',
  'now.hour',
  'now.minute',
] as const;
export type DateKey = (typeof DATE_KEYS)[number];
const DATE_KEY_SET: ReadonlySet<string> = new Set(DATE_KEYS);

/** What a placeholder in braces refers to, after parsing. */
export type FormulaRef =
  | { kind: 'self'; prop: FieldProp; length: boolean }
  | { kind: 'field'; id: string; prop: FieldProp; length: boolean }
  | { kind: 'product'; key: ProductKey }
  | { kind: 'date'; key: DateKey }
  | { kind: 'custom'; name: string };

type Node =
  | { t: 'lit'; v: FormulaValue }
  | { t: 'ref'; ref: FormulaRef }
  | { t: 'un'; op: '-' | '+' | '!'; a: Node }
  | { t: 'bin'; op: string; a: Node; b: Node }
  | { t: 'and' | 'or'; a: Node; b: Node }
  | { t: 'cond'; c: Node; a: Node; b: Node }
  | { t: 'call'; fn: string; args: Node[] };

/** A parsed formula: parse once, evaluate many times. */
export interface CompiledFormula {
  source: string;
  ok: boolean;
  /** Parse error message, when `ok` is false. */
  error?: string;
  /** Field elementIds the formula reads (for the dependency graph). */
  fieldRefs: string[];
  /** Reads the field it belongs to ({value}, {this.count}, ...). */
  usesSelf: boolean;
  /** Reads product data or the quantity. */
  usesProduct: boolean;
  /** The formula was not read because no formula runtime is loaded (see {@link FormulaRuntime}). */
  unavailable?: boolean;
  ast?: Node;
}

/** Resolves placeholders to values; supplied by the engine. */
export type RefResolver = (ref: FormulaRef) => FormulaValue;

/** Result of an evaluation: always a defined value, plus an error message when something failed. */
export interface FormulaResult<T = FormulaValue> {
  value: T;
  error?: string;
}

const MAX_SOURCE = 4000;
const MAX_DEPTH = 60;
const MAX_STRING = 10000;

class FormulaError extends Error {}

// ---------------------------------------------------------------- functions (the whitelist)

type Fn = { min: number; max: number; call: (args: FormulaValue[]) => FormulaValue };
const n = (v: FormulaValue) => toNumber(v);
const math1 = (f: (x: number) => number): Fn => ({ min: 1, max: 1, call: ([a]) => f(n(a)) });

/** Whitelisted functions by name. A Map, so names like `constructor` can never reach a prototype. */
export const FUNCTIONS: ReadonlyMap<string, Fn> = new Map<string, Fn>([
  [
    'round',
    {
      min: 1,
      max: 2,
      call: ([a, d]) => {
        const f = 10 ** Math.max(0, Math.min(10, Math.trunc(n(d ?? 0))));
        const x = n(a);
        return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
      },
    },
  ],
  ['ceil', math1(Math.ceil)],
  ['floor', math1(Math.floor)],
  ['trunc', math1(Math.trunc)],
  ['abs', math1(Math.abs)],
  ['sqrt', math1(Math.sqrt)],
  ['cbrt', math1(Math.cbrt)],
  ['log', math1(Math.log)],
  ['log10', math1(Math.log10)],
  ['exp', math1(Math.exp)],
  ['sin', math1(Math.sin)],
  ['cos', math1(Math.cos)],
  ['tan', math1(Math.tan)],
  ['sign', math1(Math.sign)],
  ['pow', { min: 2, max: 2, call: ([a, b]) => n(a) ** n(b) }],
  ['min', { min: 1, max: 100, call: (args) => Math.min(...args.map(n)) }],
  ['max', { min: 1, max: 100, call: (args) => Math.max(...args.map(n)) }],
  ['sum', { min: 1, max: 100, call: (args) => args.reduce<number>((s, a) => s + n(a), 0) }],
  ['length', { min: 1, max: 1, call: ([a]) => Array.from(toText(a)).length }],
  ['wordCount', { min: 1, max: 1, call: ([a]) => wordCount(toText(a)) }],
  ['number', { min: 1, max: 1, call: ([a]) => n(a) }],
  ['if', { min: 3, max: 3, call: ([c, a, b]) => (truthy(c) ? a : b) }],
  [
    'contains',
    { min: 2, max: 2, call: ([a, b]) => toText(a).toLowerCase().includes(toText(b).toLowerCase()) },
  ],
  ['lower', { min: 1, max: 1, call: ([a]) => toText(a).toLowerCase() }],
  ['upper', { min: 1, max: 1, call: ([a]) => toText(a).toUpperCase() }],
]);
/** Aliases accepted for WCPA compatibility (`Math.round`, `word_count`, ...). */
const ALIASES = new Map<string, string>([
  ['words', 'wordCount'],
  ['word_count', 'wordCount'],
  ['wordcount', 'wordCount'],
  ['len', 'length'],
  ['strlen', 'length'],
]);
for (const name of [
  'round',
  'ceil',
  'floor',
  'trunc',
  'abs',
  'sqrt',
  'cbrt',
  'log',
  'log10',
  'exp',
  'sin',
  'cos',
  'tan',
])
  ALIASES.set(`Math.${name}`, name);
for (const name of ['sign', 'pow', 'min', 'max']) ALIASES.set(`Math.${name}`, name);

function lookupFunction(name: string): string | undefined {
  const canonical = ALIASES.get(name) ?? name;
  return FUNCTIONS.has(canonical) ? canonical : undefined;
}

// ---------------------------------------------------------------- coercions (JS-like, total)

function toText(v: FormulaValue | undefined): string {
  if (v === null || v === undefined) return '';
  return String(v);
}

function truthy(v: FormulaValue): boolean {
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return Boolean(v);
}

/** Counts words separated by whitespace. */
export function wordCount(s: string): number {
  const t = s.trim();
  return t ? t.split(/\s+/u).length : 0;
}

// ---------------------------------------------------------------- tokenizer

type Tok =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'name'; v: string }
  | { k: 'ref'; v: string }
  | { k: 'op'; v: string }
  | { k: 'end' };

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '(',
  ')',
  ',',
];

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/u.test(c)) {
      i++;
      continue;
    }
    if (/[0-9.]/u.test(c)) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/u.exec(src.slice(i));
      if (!m) throw new FormulaError(`unexpected "${c}" at ${i + 1}`);
      toks.push({ k: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let out = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          out += src[j + 1];
          j += 2;
        } else out += src[j++];
      }
      if (j >= src.length) throw new FormulaError(`unterminated string starting at ${i + 1}`);
      toks.push({ k: 'str', v: out });
      i = j + 1;
      continue;
    }
    if (c === '{') {
      const j = src.indexOf('}', i);
      if (j < 0) throw new FormulaError(`unclosed "{" at ${i + 1}`);
      toks.push({ k: 'ref', v: src.slice(i + 1, j).trim() });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/u.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/u.exec(src.slice(i));
      // Only `Math.<fn>` may contain a dot; anything else with a dot is member access: refused.
      const word = m![0];
      if (word.includes('.') && !word.startsWith('Math.'))
        throw new FormulaError(`property access "${word}" is not allowed`);
      toks.push({ k: 'name', v: word });
      i += word.length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new FormulaError(`unexpected "${c}" at ${i + 1}`);
    toks.push({ k: 'op', v: op });
    i += op.length;
  }
  toks.push({ k: 'end' });
  return toks;
}

// ---------------------------------------------------------------- placeholders

/** Parses the inside of `{...}` into a reference, or throws a FormulaError naming it. */
export function parseRef(raw: string): FormulaRef {
  const path = raw.replace(/\s+/gu, '');
  if (PRODUCT_KEY_SET.has(path)) return { kind: 'product', key: path as ProductKey };
  if (DATE_KEY_SET.has(path)) return { kind: 'date', key: path as DateKey };
  if (path === 'today') return { kind: 'date', key: 'today.unixDays' };
  if (path.startsWith('wcpa_pcf_') && path.length > 9) return { kind: 'custom', name: path.slice(9) };
  if (path.startsWith('custom.') && path.length > 7) return { kind: 'custom', name: path.slice(7) };
  const parts = path.split('.');
  // Own field: {value}, {this.value}, {value.length}, {this.count}, {count}, {unixDays} ...
  const selfParts = parts[0] === 'this' ? parts.slice(1) : parts;
  const selfProp = selfParts.length ? FIELD_PROP_BY_LOWER.get(selfParts[0].toLowerCase()) : undefined;
  if (
    selfProp &&
    selfParts.length <= 2 &&
    parts[0] !== 'field' &&
    (selfParts.length === 1 || selfParts[1] === 'length')
  )
    if (parts[0] === 'this' || selfProp !== 'quantity')
      return { kind: 'self', prop: selfProp, length: selfParts[1] === 'length' };
  // Another field: {field.<id>.<prop>[.length]} or {<id>.<prop>[.length]}
  const fieldParts = parts[0] === 'field' ? parts.slice(1) : parts;
  if (fieldParts.length >= 2 && fieldParts.length <= 3) {
    const [id, p, extra] = fieldParts;
    const prop = FIELD_PROP_BY_LOWER.get(p.toLowerCase());
    if (id && prop && (extra === undefined || extra === 'length'))
      return { kind: 'field', id, prop, length: extra === 'length' };
    throw new FormulaError(
      `unknown placeholder {${raw}}: "${p}" is not a field property (${FIELD_PROPS.join(', ')})`,
    );
  }
  throw new FormulaError(`unknown placeholder {${raw}}`);
}

// ---------------------------------------------------------------- parser (recursive descent)

class Parser {
  private pos = 0;
  private depth = 0;
  readonly fieldRefs = new Set<string>();
  usesSelf = false;
  usesProduct = false;
  constructor(private readonly toks: Tok[]) {}

  parse(): Node {
    const node = this.ternary();
    const t = this.peek();
    if (t.k !== 'end') throw new FormulaError(`unexpected ${describe(t)}`);
    return node;
  }
  private peek(): Tok {
    return this.toks[this.pos];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.v === v;
  }
  private expectOp(v: string): void {
    if (!this.isOp(v)) throw new FormulaError(`expected "${v}" but found ${describe(this.peek())}`);
    this.pos++;
  }
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new FormulaError('formula is nested too deeply');
  }
  private ternary(): Node {
    this.enter();
    const c = this.or();
    let node = c;
    if (this.isOp('?')) {
      this.pos++;
      const a = this.ternary();
      this.expectOp(':');
      const b = this.ternary();
      node = { t: 'cond', c, a, b };
    }
    this.depth--;
    return node;
  }
  private or(): Node {
    let a = this.and();
    while (this.isOp('||')) {
      this.pos++;
      a = { t: 'or', a, b: this.and() };
    }
    return a;
  }
  private and(): Node {
    let a = this.binary(0);
    while (this.isOp('&&')) {
      this.pos++;
      a = { t: 'and', a, b: this.binary(0) };
    }
    return a;
  }
  private static readonly LEVELS = [
    ['==', '!=', '===', '!=='],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];
  private binary(level: number): Node {
    if (level >= Parser.LEVELS.length) return this.unary();
    let a = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.k !== 'op' || !Parser.LEVELS[level].includes(t.v)) return a;
      this.pos++;
      a = { t: 'bin', op: t.v, a, b: this.binary(level + 1) };
    }
  }
  private unary(): Node {
    const t = this.peek();
    if (t.k === 'op' && (t.v === '-' || t.v === '+' || t.v === '!')) {
      this.pos++;
      this.enter();
      const node: Node = { t: 'un', op: t.v, a: this.unary() };
      this.depth--;
      return node;
    }
    return this.primary();
  }
  private primary(): Node {
    const t = this.peek();
    this.pos++;
    switch (t.k) {
      case 'num':
        return { t: 'lit', v: t.v };
      case 'str':
        return { t: 'lit', v: t.v };
      case 'ref': {
        const ref = parseRef(t.v);
        if (ref.kind === 'field') this.fieldRefs.add(ref.id);
        if (ref.kind === 'self') this.usesSelf = true;
        if (ref.kind === 'product') this.usesProduct = true;
        return { t: 'ref', ref };
      }
      case 'name': {
        if (t.v === 'true' || t.v === 'false') return { t: 'lit', v: t.v === 'true' };
        if (t.v === 'null') return { t: 'lit', v: null };
        if (t.v === 'PI' || t.v === 'Math.PI') return { t: 'lit', v: Math.PI };
        const fn = lookupFunction(t.v);
        if (!fn)
          throw new FormulaError(
            `unknown name "${t.v}" (allowed functions: ${[...FUNCTIONS.keys()].join(', ')})`,
          );
        this.expectOp('(');
        const args: Node[] = [];
        if (!this.isOp(')')) {
          do {
            args.push(this.ternary());
          } while (this.isOp(',') && ++this.pos);
        }
        this.expectOp(')');
        const spec = FUNCTIONS.get(fn)!;
        if (args.length < spec.min || args.length > spec.max)
          throw new FormulaError(
            `${fn}() takes ${spec.min === spec.max ? spec.min : `${spec.min} to ${spec.max}`} arguments`,
          );
        return { t: 'call', fn, args };
      }
      case 'op':
        if (t.v === '(') {
          const inner = this.ternary();
          this.expectOp(')');
          return inner;
        }
        throw new FormulaError(`unexpected "${t.v}"`);
      default:
        throw new FormulaError('unexpected end of formula');
    }
  }
}

function describe(t: Tok): string {
  if (t.k === 'end') return 'end of formula';
  if (t.k === 'ref') return `{${t.v}}`;
  return `"${String(t.v)}"`;
}

const cache = new Map<string, CompiledFormula>();

/** Parses a formula once (results are cached by source). Never throws. */
export function compileFormula(source: unknown): CompiledFormula {
  const src = typeof source === 'number' ? String(source) : typeof source === 'string' ? source : '';
  const hit = cache.get(src);
  if (hit) return hit;
  let compiled: CompiledFormula;
  try {
    if (src.length > MAX_SOURCE) throw new FormulaError(`formula is longer than ${MAX_SOURCE} characters`);
    if (!src.trim()) throw new FormulaError('formula is empty');
    const parser = new Parser(tokenize(src));
    const ast = parser.parse();
    compiled = {
      source: src,
      ok: true,
      ast,
      fieldRefs: [...parser.fieldRefs],
      usesSelf: parser.usesSelf,
      usesProduct: parser.usesProduct,
    };
  } catch (e) {
    const message = e instanceof FormulaError ? e.message : 'formula could not be read';
    compiled = { source: src, ok: false, error: message, fieldRefs: [], usesSelf: false, usesProduct: false };
  }
  if (cache.size > 5000) cache.clear();
  cache.set(src, compiled);
  return compiled;
}

// ---------------------------------------------------------------- interpreter

function evalNode(node: Node, resolve: RefResolver): FormulaValue {
  switch (node.t) {
    case 'lit':
      return node.v;
    case 'ref': {
      const v = resolve(node.ref);
      // Only primitives may enter the interpreter, whatever a resolver returns.
      return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
    }
    case 'un': {
      const a = evalNode(node.a, resolve);
      if (node.op === '!') return !truthy(a);
      return node.op === '-' ? -toNumber(a) : toNumber(a);
    }
    case 'and': {
      const a = evalNode(node.a, resolve);
      return truthy(a) ? evalNode(node.b, resolve) : a;
    }
    case 'or': {
      const a = evalNode(node.a, resolve);
      return truthy(a) ? a : evalNode(node.b, resolve);
    }
    case 'cond':
      return truthy(evalNode(node.c, resolve)) ? evalNode(node.a, resolve) : evalNode(node.b, resolve);
    case 'call': {
      const fn = FUNCTIONS.get(node.fn)!;
      return fn.call(node.args.map((a) => evalNode(a, resolve)));
    }
    case 'bin':
      return binary(node.op, evalNode(node.a, resolve), evalNode(node.b, resolve));
  }
}

function binary(op: string, a: FormulaValue, b: FormulaValue): FormulaValue {
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        const s = toText(a) + toText(b);
        if (s.length > MAX_STRING) throw new FormulaError('text result is too long');
        return s;
      }
      return toNumber(a) + toNumber(b);
    case '-':
      return toNumber(a) - toNumber(b);
    case '*':
      return toNumber(a) * toNumber(b);
    case '/': {
      const d = toNumber(b);
      if (d === 0) throw new FormulaError('division by zero');
      return toNumber(a) / d;
    }
    case '%': {
      const d = toNumber(b);
      if (d === 0) throw new FormulaError('division by zero');
      return toNumber(a) % d;
    }
    case '==':
    case '===':
      return looseEquals(a, b);
    case '!=':
    case '!==':
      return !looseEquals(a, b);
    default: {
      // Comparisons: numeric when both sides read as numbers, text otherwise.
      const na = toNumber(a);
      const nb = toNumber(b);
      const numeric = !Number.isNaN(na) && !Number.isNaN(nb);
      const x: number | string = numeric ? na : toText(a);
      const y: number | string = numeric ? nb : toText(b);
      if (op === '<') return x < y;
      if (op === '<=') return x <= y;
      if (op === '>') return x > y;
      return x >= y;
    }
  }
}

function looseEquals(a: FormulaValue, b: FormulaValue): boolean {
  if (a === b) return true;
  const na = toNumber(a);
  const nb = toNumber(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && (typeof a !== 'string' || typeof b !== 'string'))
    return na === nb;
  return toText(a).toLowerCase() === toText(b).toLowerCase();
}

/** Evaluates a compiled formula. Never throws: failures give `value: null` and an error. */
export function evaluateFormula(compiled: CompiledFormula, resolve: RefResolver): FormulaResult {
  if (!compiled.ok || !compiled.ast) return { value: null, error: compiled.error ?? 'formula is invalid' };
  try {
    return { value: evalNode(compiled.ast, resolve) };
  } catch (e) {
    return { value: null, error: e instanceof FormulaError ? e.message : `formula failed: ${errorText(e)}` };
  }
}

/** Evaluates to a finite number; anything else gives 0 and an error message. Never throws. */
export function evaluateNumber(compiled: CompiledFormula, resolve: RefResolver): FormulaResult<number> {
  const r = evaluateFormula(compiled, resolve);
  if (r.error) return { value: 0, error: r.error };
  const x = toNumber(r.value);
  if (!Number.isFinite(x)) return { value: 0, error: `result "${String(r.value)}" is not a finite number` };
  return { value: x };
}

function errorText(e: unknown): string {
  try {
    return e instanceof Error ? e.message : 'unknown error';
  } catch {
    return 'unknown error';
  }
}

/**
 * What the engine needs of the formula language. The engine takes it as an option
 * (`EngineOptions.formulas`), so the element can load this module lazily for forms that use
 * formulas; `index.ts` passes {@link formulaRuntime} by default.
 */
export interface FormulaRuntime {
  compile(source: unknown): CompiledFormula;
  evaluateNumber(compiled: CompiledFormula, resolve: RefResolver): FormulaResult<number>;
}

/** The formula language: parser and interpreter of this module. */
export const formulaRuntime: FormulaRuntime = { compile: compileFormula, evaluateNumber };
