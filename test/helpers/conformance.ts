import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import fc from 'fast-check';
import type { z } from 'zod';
import { captureConsoleErrors, frames, uniqueTag, untilQuiet } from './elements.ts';
import { linkedPages } from './examples.ts';
import { FUZZ_SEED, fuzzElementSettings } from './fuzz.ts';
import { expectStillWhenDriven, preferReducedMotion } from './reduced-motion.ts';

/**
 * The conformance suite (issue 10): what every element of the library promises, checked the same
 * way for each tag, like Shoelace's `runFormControlBaseTests`. test/elements/conformance.test.ts
 * runs it for every tag of `elementLoaders`; call it inside a `describe` or at the top level of a
 * test file, after the element's module has loaded (its class must be defined under `tag`).
 *
 * Elements made with `defineElement` (static `tag`, `define`, `settingsSchema`) get every check;
 * others (a light-DOM element such as `<shop-order-attribution>`) get the ones that apply: static
 * tag and define, moved in the DOM, upgraded late, axe, the example page.
 */

/** Options of {@link runConformanceTests}. */
export interface ConformanceOptions {
  /**
   * Settings every instance starts with (merged under the hostile ones), when the element shows
   * nothing without them, e.g. join-chat's telephone. A hostile value for one of these fields
   * may legitimately leave the shadow root empty.
   */
  settings?: Record<string, unknown>;
  /** Light-DOM children (the server-rendered fallback or the theme's markup the element reads). */
  markup?: string;
  /** Tag of the element's parent, e.g. `form` (default `div`), with `containerAttributes`. */
  container?: string;
  containerAttributes?: Record<string, string>;
  /** fast-check runs of the hostile-settings checks, per way of passing settings (default 15). */
  numRuns?: number;
  /** Runs before each check (e.g. resetting the demo shop). */
  beforeEach?: () => unknown | Promise<unknown>;
  /** Opens or moves it as a shopper would, for the reduced-motion check (default: clicks each trigger, ./reduced-motion.ts). */
  drive?: (el: HTMLElement) => Promise<void>;
}

/** The static surface of every element class. */
interface ElementClass extends CustomElementConstructor {
  readonly tag: string;
  define(tag?: string, registry?: CustomElementRegistry): CustomElementConstructor;
  readonly settingsSchema?: z.ZodType;
}

/** An element made with `defineElement`. */
interface SettingsElement extends HTMLElement {
  settings: unknown;
  readonly settingsErrors: readonly string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Reading the element's own files (.ci/wtr-source-files.mjs)

/** The text of a project file under elements/ or examples/, or null when it does not exist. */
export async function sourceFile(path: string): Promise<string | null> {
  const file = (await executeServerCommand('source-file', { path })) as { exists: boolean; text: string };
  return file.exists ? file.text : null;
}

/** File names in a project folder under elements/ or examples/. */
export async function sourceFiles(dir: string): Promise<string[]> {
  return (await executeServerCommand('source-files', { dir })) as string[];
}

// ---------------------------------------------------------------------------------------------
// Parts: `part` attributes in the views, `@csspart` in the element's JSDoc

/** Index just after the bracket closing the one at `start` (`{`, `(` or `[`), skipping strings. */
function closing(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      i = stringEnd(source, i) - 1;
    } else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return source.length;
}

/** Index just after the string literal starting at `start` (template literals with `${}` too). */
function stringEnd(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (quote === '`' && c === '$' && source[i + 1] === '{') i = closing(source, i + 1) - 1;
    else if (c === quote) return i + 1;
  }
  return source.length;
}

/** Every string literal in a JavaScript expression, template chunks and `${}` contents included. */
export function stringLiterals(expression: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c !== "'" && c !== '"' && c !== '`') continue;
    const end = stringEnd(expression, i);
    const body = expression.slice(i + 1, end - 1);
    if (c === '`') {
      let chunk = '';
      for (let j = 0; j < body.length; j++) {
        if (body[j] === '$' && body[j + 1] === '{') {
          const inner = closing(body, j + 1);
          found.push(...stringLiterals(body.slice(j + 2, inner - 1)));
          found.push(chunk);
          chunk = '';
          j = inner - 1;
        } else chunk += body[j];
      }
      found.push(chunk);
    } else found.push(body);
    i = end - 1;
  }
  return found;
}

const PART_NAME = /^[a-z][a-z0-9_-]*$/i;

/**
 * The part names a view source file uses: `part="a b"` and `part={...}` attributes (every string
 * literal in the expression, so both branches of a conditional count, split on spaces); a
 * `part={name}` naming a local `const`/`let` reads that variable's initialiser.
 */
export function partsUsed(source: string): string[] {
  const names = new Set<string>();
  const add = (texts: string[]) => {
    for (const text of texts) for (const name of text.split(/\s+/)) if (PART_NAME.test(name)) names.add(name);
  };
  // Parts set through the DOM (an extra building its own nodes): `setAttribute('part', 'name')`.
  for (const match of source.matchAll(/setAttribute\(\s*(['"])part\1\s*,\s*(['"])([^'"]+)\2/g))
    add([match[3]]);
  for (const match of source.matchAll(/(?<![\w-])part=/g)) {
    const at = match.index + match[0].length;
    const c = source[at];
    if (c === '"' || c === "'") {
      add([source.slice(at + 1, stringEnd(source, at) - 1)]);
    } else if (c === '{') {
      const expression = source.slice(at + 1, closing(source, at) - 1).trim();
      if (/^[A-Za-z_$][\w$]*$/.test(expression)) {
        const declaration = new RegExp(`\\b(?:const|let)\\s+${expression}\\s*(?::[^=]+)?=`).exec(source);
        if (declaration) add(stringLiterals(initialiser(source, declaration.index + declaration[0].length)));
      } else add(stringLiterals(expression));
    }
  }
  return [...names].sort();
}

/** The expression from `start` to the `;` (or the line end) at bracket depth 0. */
function initialiser(source: string, start: number): string {
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') i = stringEnd(source, i);
    else if (c === '{' || c === '(' || c === '[') i = closing(source, i);
    else if (c === ';') break;
    else i++;
  }
  return source.slice(start, i);
}

/**
 * Whether a part name a view uses covers a documented one: the same name, or a family built from
 * data (`option--type-${type}` reads as `option--type-`), covering each documented member of it.
 */
export function partCovers(used: string, documented: string): boolean {
  return used === documented || (used.endsWith('-') && documented.startsWith(used) && documented !== used);
}

/** The `@csspart` names documented in an element's JSDoc. */
export function partsDocumented(source: string): string[] {
  return [...new Set([...source.matchAll(/@csspart\s+([\w-]+)/g)].map((m) => m[1]))].sort();
}

// ---------------------------------------------------------------------------------------------
// Colours: literals only where a `--_*` custom property is declared (styles/base.styles.ts)

const COLOUR_LITERAL =
  /(?<![\w-])(?:#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\()/i;

/**
 * Lines of a styles module holding a colour literal outside a `--_name:` declaration (each
 * declaration of a line is judged on its own: `:host { --_a: #fff; color: #000 }` is flagged).
 */
export function strayColourLiterals(source: string): string[] {
  // Comments keep their line breaks, so the reported line numbers stay right.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const stray: string[] = [];
  text.split('\n').forEach((line, index) => {
    const declarations = line.split(/[{};]/);
    if (declarations.some((d) => COLOUR_LITERAL.test(d) && !/^\s*--_[\w-]+\s*:/.test(d)))
      stray.push(`line ${index + 1}: ${line.trim()}`);
  });
  return stray;
}

// ---------------------------------------------------------------------------------------------
// Settings fields and hostile values

/** The zod definition behind a schema (zod 4 keeps it on `_zod.def`). */
function defOf(schema: z.ZodType): { type: string; [key: string]: unknown } {
  return (schema as unknown as { _zod: { def: { type: string } } })._zod.def;
}

/** The object schema inside defaults, prefaults, optionals, pipes and the like; null if none. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    current = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return null;
}

/** Every settings field as a path (`mode`, `messages`, `messages.close`), from the schema's shape. */
export function settingsFields(schema: z.ZodType, prefix: string[] = []): string[][] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => [
    [...prefix, key],
    ...settingsFields(field, [...prefix, key]),
  ]);
}

type JsonObject = Record<string, Json>;

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets an own property, even one named `__proto__` (as JSON.parse makes it). */
function own(target: JsonObject, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `target` with `value` at `path` (replacing what was there; objects on the way copied). */
function withValue(target: JsonObject, path: readonly string[], value: Json): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(target)) own(out, key, target[key]);
  const [key, ...rest] = path;
  const inner = Object.hasOwn(out, key) && isObject(out[key]) ? (out[key] as JsonObject) : {};
  own(out, key, rest.length ? withValue(inner, rest, value) : value);
  return out;
}

/** Counts the runs of the hostile markup below, if one ever does (a canary test resets it). */
export const XSS_FLAG = '__conformanceXss';
const xssRuns = () => (window as unknown as Record<string, number | undefined>)[XSS_FLAG] ?? 0;

/** Markup that must stay text: it counts on `window.__conformanceXss` if it ever runs. */
export const HOSTILE_MARKUP = [
  `<img src="data:,x" onerror="window.${XSS_FLAG}=(window.${XSS_FLAG}||0)+1">`,
  `"><script>window.${XSS_FLAG}=(window.${XSS_FLAG}||0)+1</script>`,
  `'><svg onload="window.${XSS_FLAG}=(window.${XSS_FLAG}||0)+1"></svg>`,
  `javascript:window.${XSS_FLAG}=(window.${XSS_FLAG}||0)+1`,
  `<iframe srcdoc="<script>parent.${XSS_FLAG}=1</script>"></iframe>`,
];
const HUGE = 'A'.repeat(20_000);

/** Values of any kind, JSON-safe (settings also travel as the `settings` attribute). */
/** Whether `value` holds a `__proto__`, `constructor` or `prototype` member at any depth. */
const holdsReservedKey = (value: Json): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).some(
    ([key, member]) => /^(__proto__|constructor|prototype)$/.test(key) || holdsReservedKey(member),
  );

const anyValue: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.constant(HUGE),
  fc.constantFrom(...HOSTILE_MARKUP),
  fc.array(fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, {
    maxKeys: 3,
  }),
);
/** Tried in turn when a generated value happens to be valid for the field. */
const FALLBACK_BAD: Json[] = [
  { nested: { garbage: [1, { deeper: null }] } },
  'not valid',
  42,
  true,
  null,
  [],
];

/** One hostile settings object: one field certainly invalid, plus noise. */
export interface HostileCase {
  /** The field whose value is invalid (dotted path). */
  field: string;
  settings: Record<string, Json>;
}

/**
 * Hostile settings for `schema`: one field gets a value of the wrong kind (checked invalid with
 * the schema itself), and the object may also carry `__proto__` and `constructor` keys, unknown
 * keys with nested garbage, and hostile markup or a huge string in other text fields.
 */
export function hostileSettings(
  schema: z.ZodType,
  base: Record<string, Json> = {},
): fc.Arbitrary<HostileCase> {
  const invalid = (path: string[], value: Json) => !schema.safeParse(withValue(base, path, value)).success;
  const fields = settingsFields(schema).filter((path) => FALLBACK_BAD.some((v) => invalid(path, v)));
  if (fields.length === 0) throw new Error('no settings field rejects any value');
  // Hostile text goes only into text fields the base settings do not set (the element keeps what
  // it needs, and the text is shown rather than rejected).
  const free = settingsFields(schema).filter((path) => !(path[0] in base) && !invalid(path, 'some text'));
  // A bad value holding a reserved member (fast-check's keys include `__proto__`) is refused
  // whole by the element, which then names its top-level key, not the field: reserved members are
  // the noise's part below (CI run 17, WebKit: `messages.zoomLoading` holding `__proto__`).
  const badCase = fc.constantFrom(...fields).chain((path) =>
    anyValue
      .filter((value) => !holdsReservedKey(value))
      .map((value) => ({
        path,
        value: invalid(path, value) ? value : FALLBACK_BAD.find((v) => invalid(path, v))!,
      })),
  );
  const noise = fc.record(
    {
      proto: fc.constant({ polluted: 'via __proto__' }),
      ctor: fc.constant({ prototype: { polluted: 'via constructor' } }),
      unknown: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>,
      text: free.length
        ? fc.tuple(fc.constantFrom(...free), fc.constantFrom(HUGE, ...HOSTILE_MARKUP))
        : fc.constant(null),
    },
    { requiredKeys: [] },
  );
  const field = (bad: { path: string[] }) => bad.path.join('.');
  /** Whether `settings` is rejected at the bad field (noise could make a value valid again). */
  const rejectedAt = (settings: JsonObject, path: string) => {
    const result = schema.safeParse(settings);
    const at = (issue: z.core.$ZodIssue) => issue.path.join('.');
    return !result.success && result.error.issues.some((i) => at(i) === path || at(i).startsWith(`${path}.`));
  };
  return fc.tuple(badCase, noise).map(([bad, extra]) => {
    let settings: JsonObject = {};
    for (const key of Object.keys(base)) own(settings, key, base[key]);
    if (extra.text) settings = withValue(settings, extra.text[0], extra.text[1]);
    if (extra.unknown !== undefined) own(settings, 'conformance-unknown-key', extra.unknown);
    if (extra.ctor) own(settings, 'constructor', extra.ctor);
    // An own `__proto__` key, as JSON.parse makes one (a literal would set the prototype).
    if (extra.proto) own(settings, '__proto__', extra.proto);
    let hostile = withValue(settings, bad.path, bad.value);
    if (!rejectedAt(hostile, field(bad))) {
      const fallback = FALLBACK_BAD.find((v) => rejectedAt(withValue(settings, bad.path, v), field(bad)));
      hostile = withValue(settings, bad.path, fallback ?? { nested: 'garbage' });
    }
    return { field: field(bad), settings: hostile };
  });
}

// ---------------------------------------------------------------------------------------------
// Mounting

/** What a mounted element leaves behind. */
interface Mounted<E extends HTMLElement = HTMLElement> {
  el: E;
  container: HTMLElement;
}

const mountedContainers = new Set<HTMLElement>();

/** Everything `el` renders into: its shadow root, or itself for a light-DOM element. */
const renderRoot = (el: Element): Node => el.shadowRoot ?? el;

/** Waits until what `els` render has stopped changing. */
async function quiet(...els: Element[]): Promise<void> {
  await untilQuiet(els.map(renderRoot));
}

/** Longest wait for a first render (React commits on its own schedule; Firefox can take a while). */
const FIRST_RENDER_MS = 3000;

/**
 * Waits for `el` to render something (at most {@link FIRST_RENDER_MS}: an element may rightly
 * show nothing), then until it is quiet.
 */
async function rendered(el: Element): Promise<void> {
  const end = performance.now() + FIRST_RENDER_MS;
  while (renderRoot(el).childNodes.length === 0 && performance.now() < end) await frames(1);
  await quiet(el);
}

/** An empty container as the options describe it, not yet in the document. */
function containerFor(options: ConformanceOptions): HTMLElement {
  const container = document.createElement(options.container ?? 'div');
  for (const [name, value] of Object.entries(options.containerAttributes ?? {}))
    container.setAttribute(name, value);
  mountedContainers.add(container);
  return container;
}

/** A container (not yet in the document) holding `<tag>` with the markup. */
function build(tag: string, options: ConformanceOptions, attributes: Record<string, string> = {}) {
  const container = containerFor(options);
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.innerHTML = options.markup ?? '';
  container.append(el);
  return { el, container };
}

/** Mounts `<tag>` in the page with the base settings (as the `settings` attribute). */
async function mount(tag: string, options: ConformanceOptions): Promise<Mounted> {
  const attributes: Record<string, string> = options.settings
    ? { settings: JSON.stringify(options.settings) }
    : {};
  const mounted = build(tag, options, attributes);
  document.body.append(mounted.container);
  await rendered(mounted.el);
  return mounted;
}

/** Removes every container mounted so far. */
function unmountAll() {
  for (const container of mountedContainers) container.remove();
  mountedContainers.clear();
}

const describeError = (el: Element) =>
  el.hasAttribute('data-shop-error') ? `<${el.localName}> shows its error fallback (data-shop-error)` : '';

// ---------------------------------------------------------------------------------------------
// The checks, one function each (the suite below runs them; a test can run one on a canary)

/** The class registered under `tag`; fails when there is none. */
function classOf(tag: string): ElementClass {
  const Class = customElements.get(tag) as ElementClass | undefined;
  expect(Class, `no class is registered under <${tag}>`).to.exist;
  return Class!;
}

/** The settings schema of an element made with `defineElement`; fails for any other element. */
function schemaOf(tag: string): z.ZodType {
  const schema = classOf(tag).settingsSchema;
  expect(schema, `<${tag}> has no static settingsSchema`).to.exist;
  return schema!;
}

/** Runs `check` and removes whatever it mounted, pass or fail. */
async function cleanly(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } finally {
    unmountAll();
  }
}

/** Renders something (shadow root or light-DOM children). */
const renders = (el: Element) => renderRoot(el).childNodes.length > 0;

/** Checks one hostile case passed through `apply`; fails with what went wrong. */
async function checkHostileCase(
  tag: string,
  options: ConformanceOptions,
  hostile: HostileCase,
  apply: (el: SettingsElement) => void,
  connectFirst: boolean,
): Promise<void> {
  // Set as a property, the hostile settings replace base settings the element already renders
  // with (as a server-printed attribute would give): without them an element that rightly shows
  // nothing (join-chat without a telephone) would make the first wait run its full 3 s.
  const attributes: Record<string, string> =
    connectFirst && options.settings ? { settings: JSON.stringify(options.settings) } : {};
  const { el, container } = build(tag, options, attributes) as {
    el: SettingsElement;
    container: HTMLElement;
  };
  try {
    const errors = await captureConsoleErrors(async () => {
      if (connectFirst) {
        document.body.append(container);
        await rendered(el);
        apply(el);
      } else {
        apply(el);
        document.body.append(container);
      }
      await rendered(el);
    });
    const field = hostile.field;
    const shown = JSON.stringify(errors.map((e) => e.slice(0, 300)));
    expect(errors.length, `one console.error, not ${errors.length}: ${shown}`).to.equal(1);
    expect(errors[0], 'the message names the element').to.contain(`<${tag}>`);
    expect(errors[0], `the message names the bad field ${field}`).to.contain(field);
    expect(el.hasAttribute('data-invalid-settings'), 'data-invalid-settings').to.equal(true);
    expect(describeError(el)).to.equal('');
    // Without a field the element needs (a base setting), showing nothing can be right.
    if (!(field.split('.')[0] in (options.settings ?? {})))
      expect(renders(el), 'still renders after the bad settings').to.equal(true);
    const injected = (renderRoot(el) as ParentNode).querySelectorAll(
      'script, iframe, [onerror], [onload], a[href^="javascript:" i]',
    );
    expect(
      [...injected].map((node) => node.outerHTML.slice(0, 120)),
      'hostile markup became elements',
    ).to.deep.equal([]);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').to.equal(undefined);
    expect(xssRuns(), 'hostile markup ran').to.equal(0);
  } finally {
    container.remove();
    mountedContainers.delete(container);
  }
}

/** How hostile settings reach the element. */
export type SettingsRoute = 'property' | 'attribute';

/** The checks of the suite, by name; each fails (throws) when `tag` breaks the promise. */
export const conformanceChecks = {
  /** `customElements.get(tag)` is a class with static `tag` (equal to `tag`) and `define()`. */
  async staticSurface(tag: string): Promise<void> {
    const Class = classOf(tag);
    expect(Class.tag).to.equal(tag);
    expect(typeof Class.define).to.equal('function');
    expect(Class.define() === Class, 'define() returns the class registered under the tag').to.equal(true);
  },

  /** `settingsSchema.parse({})` succeeds: every field defaulted. */
  async settingsDefaults(tag: string): Promise<void> {
    const schema = schemaOf(tag);
    expect(() => schema.parse({})).not.to.throw();
    expect(settingsFields(schema).length, 'the schema is an object with fields').to.be.at.least(1);
  },

  /** The visible strings live under one `messages` key. */
  async messagesKey(tag: string): Promise<void> {
    const fields = settingsFields(schemaOf(tag)).map((path) => path.join('.'));
    expect(fields).to.include('messages');
  },

  /**
   * Hostile settings (fast-check, `numRuns` cases) through the `settings` property or attribute:
   * one console.error naming the tag and the bad field, `data-invalid-settings`, still rendering
   * (no error fallback), no hostile markup turned into elements or run, no prototype polluted.
   */
  async hostileSettings(tag: string, options: ConformanceOptions, route: SettingsRoute): Promise<void> {
    const schema = schemaOf(tag);
    const base = (options.settings ?? {}) as Record<string, Json>;
    const apply =
      route === 'property'
        ? (settings: Record<string, Json>) => (el: SettingsElement) => {
            el.settings = settings;
          }
        : (settings: Record<string, Json>) => (el: SettingsElement) =>
            el.setAttribute('settings', JSON.stringify(settings));
    await cleanly(async () => {
      try {
        await fc.assert(
          fc.asyncProperty(hostileSettings(schema, base), (hostile) =>
            checkHostileCase(tag, options, hostile, apply(hostile.settings), route === 'property'),
          ),
          // The fixed seed of every fuzz run (./fuzz.ts): the same cases in every engine and run.
          { numRuns: options.numRuns ?? 15, seed: FUZZ_SEED, endOnFailure: true },
        );
      } catch (error) {
        // fast-check keeps the failed assertion as the cause; put its message first, in every
        // engine (Firefox's stack traces, which fast-check would print, carry no message).
        const cause = (error as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message : String(cause ?? '');
        throw new Error(`${reason}\n${error instanceof Error ? error.message : error}`);
      }
    });
  },

  /** Under reduced motion nothing moves, shown or driven by its triggers (./reduced-motion.ts). */
  async reducedMotion(tag: string, options: ConformanceOptions): Promise<void> {
    const { css, undo } = await preferReducedMotion();
    try {
      await cleanly(async () => {
        const { el } = await mount(tag, options);
        await expectStillWhenDriven(el, { css, drive: options.drive });
      });
    } finally {
      await undo();
    }
  },

  /** axe finds nothing in the idle state (with the base settings and markup). */
  async accessibleIdle(tag: string, options: ConformanceOptions): Promise<void> {
    await cleanly(async () => {
      const { container, el } = await mount(tag, options);
      expect(describeError(el)).to.equal('');
      await expect(container).to.be.accessible();
    });
  },

  /** Moved to another parent: no console error, the rendered nodes (React root) and settings kept. */
  async moved(tag: string, options: ConformanceOptions): Promise<void> {
    await cleanly(async () => {
      const { el } = await mount(tag, options);
      const root = renderRoot(el);
      const before = el.shadowRoot ? [...el.shadowRoot.children] : el.innerHTML;
      const settings = JSON.stringify((el as Partial<SettingsElement>).settings ?? null);
      const elsewhere = containerFor(options);
      document.body.append(elsewhere);
      const errors = await captureConsoleErrors(async () => {
        elsewhere.append(el);
        await quiet(el);
      });
      expect(errors, 'console errors after the move').to.deep.equal([]);
      expect(describeError(el)).to.equal('');
      if (Array.isArray(before)) {
        expect(before.length > 0, 'rendered something before the move').to.equal(true);
        expect(
          before.every((node) => node.getRootNode() === root),
          'the rendered nodes are still there (the React root was kept)',
        ).to.equal(true);
      } else {
        expect(el.innerHTML, 'the light DOM it rendered').to.equal(before);
      }
      expect(JSON.stringify((el as Partial<SettingsElement>).settings ?? null)).to.equal(settings);
    });
  },

  /**
   * The element owns its controller (DESIGN §3, shared/define-element.tsx): connected once per
   * connection, not again when the element is moved, stopped when it is removed, and connected
   * again when it is put back; never twice at a time. Counted by wrapping the controller's own
   * `connect` (and the stop it returns) before the element first connects.
   */
  async controllerLifecycle(tag: string, options: ConformanceOptions): Promise<void> {
    await cleanly(async () => {
      const attributes: Record<string, string> = options.settings
        ? { settings: JSON.stringify(options.settings) }
        : {};
      const { el, container } = build(tag, options, attributes);
      const controller = (el as { controller?: { connect(): () => void } }).controller;
      expect(controller, `<${tag}> has a controller (defineElement's \`controller\`)`).to.exist;
      const log: string[] = [];
      let running = 0;
      const connect = controller!.connect.bind(controller);
      // Recorded, not asserted here: an assertion thrown inside connectedCallback would not reach the test.
      controller!.connect = () => {
        running++;
        log.push(running > 1 ? 'connect while connected' : 'connect');
        const stop = connect();
        return () => {
          running--;
          log.push('stop');
          stop();
        };
      };
      document.body.append(container);
      await rendered(el);
      expect(log, 'after the first connection').to.deep.equal(['connect']);
      const elsewhere = containerFor(options);
      document.body.append(elsewhere);
      elsewhere.append(el);
      await quiet(el);
      expect(log, 'after a move within the page').to.deep.equal(['connect']);
      el.remove();
      await frames(1);
      expect(log, 'after removal').to.deep.equal(['connect', 'stop']);
      container.append(el);
      await rendered(el);
      expect(log, 'after being put back').to.deep.equal(['connect', 'stop', 'connect']);
      expect(describeError(el)).to.equal('');
      el.remove();
      await frames(1);
      expect(running, 'stopped at the end').to.equal(0);
    });
  },

  /**
   * In the page before its class is defined, then defined (a subclass under a fresh tag, since a
   * class can be registered only once per registry): upgrades, renders like an element defined
   * from the start, reads its settings attribute, no console error.
   */
  async lateUpgrade(tag: string, options: ConformanceOptions): Promise<void> {
    const Class = classOf(tag);
    await cleanly(async () => {
      const reference = await mount(tag, options);
      const lateTag = uniqueTag(tag);
      const attributes: Record<string, string> = options.settings
        ? { settings: JSON.stringify(options.settings) }
        : {};
      const { el, container } = build(lateTag, options, attributes);
      document.body.append(container);
      expect(el.matches(':defined')).to.equal(false);
      const Late = class extends Class {} as unknown as ElementClass;
      const errors = await captureConsoleErrors(async () => {
        expect(Late.define(lateTag) === Late, 'define(tag) registers the subclass').to.equal(true);
        await rendered(el);
      });
      expect(errors, 'console errors at the upgrade').to.deep.equal([]);
      expect(el instanceof Late, 'upgraded').to.equal(true);
      expect(describeError(el)).to.equal('');
      expect(renders(el), 'renders after the upgrade as when defined first').to.equal(renders(reference.el));
      if (Class.settingsSchema) {
        const late = el as unknown as SettingsElement;
        expect(late.settingsErrors).to.deep.equal([]);
        expect(JSON.stringify(late.settings)).to.equal(
          JSON.stringify((reference.el as unknown as SettingsElement).settings),
        );
      }
    });
  },

  /**
   * A `settings` property set on the element before its class is defined (a framework rendering
   * the page before the script loads) is applied at the upgrade, not left as a plain property
   * that hides the element's own accessor.
   */
  async propertyBeforeUpgrade(tag: string, options: ConformanceOptions): Promise<void> {
    const Class = classOf(tag);
    const schema = schemaOf(tag);
    const messageKey = settingsFields(schema).find(
      (path) => path[0] === 'messages' && path.length === 2,
    )?.[1];
    expect(messageKey, 'a messages field to set').to.be.a('string');
    await cleanly(async () => {
      const lateTag = uniqueTag(tag);
      const { el, container } = build(lateTag, options);
      document.body.append(container);
      const text = 'Set before the upgrade';
      (el as unknown as { settings: unknown }).settings = {
        ...options.settings,
        messages: { [messageKey!]: text },
      };
      const Late = class extends Class {} as unknown as ElementClass;
      const errors = await captureConsoleErrors(async () => {
        Late.define(lateTag);
        await rendered(el);
      });
      expect(errors, 'console errors at the upgrade').to.deep.equal([]);
      expect(Object.hasOwn(el, 'settings'), 'a plain `settings` property still hides the accessor').to.equal(
        false,
      );
      const late = el as unknown as SettingsElement & { settings: { messages: Record<string, string> } };
      expect(late.settings.messages[messageKey!], `messages.${messageKey} after the upgrade`).to.equal(text);
      expect(late.settingsErrors).to.deep.equal([]);
    });
  },

  /** `examples/<tag>.html` exists and examples/index.html links it. */
  async examplePage(tag: string): Promise<void> {
    const page = `/examples/${tag}.html`;
    const res = await fetch(page, { cache: 'no-store' });
    expect(res.status, `${page} exists`).to.equal(200);
    expect(await linkedPages(), 'pages linked from examples/index.html').to.include(page);
  },

  /** Every `part` of `elements/<tag>/*.view.tsx` is a `@csspart` of `<tag>.ts`, and the reverse. */
  async partsDocumented(tag: string): Promise<void> {
    const folder = `elements/${tag}`;
    // The element's views, and those of its lazily loaded extras (`extras/`, e.g. the option
    // form's uploads and date picker): every module but the style sheets, as an extra may build
    // nodes itself (`setAttribute('part', …)`).
    const views: string[] = [];
    for (const dir of [folder, `${folder}/extras`])
      for (const file of await sourceFiles(dir))
        if (/\.tsx?$/.test(file) && !file.endsWith('.styles.ts')) views.push(`${dir}/${file}`);
    const used = new Set<string>();
    for (const view of views) for (const part of partsUsed((await sourceFile(view)) ?? '')) used.add(part);
    const documented = partsDocumented((await sourceFile(`${folder}/${tag}.ts`)) ?? '');
    expect(
      [...used].filter((p) => !documented.some((d) => partCovers(p, d))),
      `parts used in ${folder} (and extras/) but not documented with @csspart in ${tag}.ts`,
    ).to.deep.equal([]);
    expect(
      documented.filter((d) => ![...used].some((p) => partCovers(p, d))),
      `@csspart in ${tag}.ts that no view of ${folder} uses`,
    ).to.deep.equal([]);
  },

  /** Colour literals in `elements/<tag>/*.styles.ts` only on lines declaring a `--_*` property. */
  async colourLiterals(tag: string): Promise<void> {
    const folder = `elements/${tag}`;
    const sheets = (await sourceFiles(folder)).filter((f) => f.endsWith('.styles.ts'));
    const stray: string[] = [];
    for (const sheet of sheets)
      for (const line of strayColourLiterals((await sourceFile(`${folder}/${sheet}`)) ?? ''))
        stray.push(`${folder}/${sheet} ${line}`);
    expect(stray, 'colour literals outside a --_* declaration').to.deep.equal([]);
  },
};

// ---------------------------------------------------------------------------------------------
// The suite

/**
 * Defines the conformance tests of `tag` (see the module comment). The element's class must be
 * registered under `tag` when this runs: which checks apply depends on it.
 */
export function runConformanceTests(tag: string, options: ConformanceOptions = {}): void {
  const Class = customElements.get(tag) as ElementClass | undefined;
  const made = Boolean(Class?.settingsSchema);
  const checks = conformanceChecks;

  describe(`<${tag}> conformance`, () => {
    beforeEach(async () => {
      await options.beforeEach?.();
    });
    afterEach(() => unmountAll());

    it('is defined by its class, which carries static tag and define()', () => checks.staticSurface(tag));
    if (made) {
      it('settingsSchema.parse({}) succeeds (every field defaulted)', () => checks.settingsDefaults(tag));
      it('keeps its visible strings under one `messages` key', () => checks.messagesKey(tag));
      it('reports hostile settings set as the `settings` property once, and keeps rendering', async function () {
        this.timeout(120_000);
        await checks.hostileSettings(tag, options, 'property');
      });
      it('reports hostile settings in the `settings` attribute once, and keeps rendering', async function () {
        this.timeout(120_000);
        await checks.hostileSettings(tag, options, 'attribute');
      });
      it('survives fuzzed settings by attribute, child script and property (./fuzz.ts)', async function () {
        this.timeout(120_000);
        await cleanly(() => fuzzElementSettings(tag, schemaOf(tag), options));
      });
      it('applies a `settings` property set before the upgrade', () =>
        checks.propertyBeforeUpgrade(tag, options));
    }
    it('passes axe in the idle state', () => checks.accessibleIdle(tag, options));
    it('moves nothing under prefers-reduced-motion, also when its triggers are pressed', () =>
      checks.reducedMotion(tag, options));
    it('survives being moved in the DOM (state kept, no error)', () => checks.moved(tag, options));
    if (made)
      it('connects its controller once per connection and stops it on removal', () =>
        checks.controllerLifecycle(tag, options));
    it('upgrades late: in the page before its class is defined', () => checks.lateUpgrade(tag, options));
    it('has its example page, linked from examples/index.html', () => checks.examplePage(tag));
    it('documents every part its views use as @csspart, and uses every documented part', () =>
      checks.partsDocumented(tag));
    it('writes colour literals only in --_* declarations of its styles', () => checks.colourLiterals(tag));
  });
}
