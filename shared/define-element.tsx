import './zod-config.ts';
import { useStore } from '@nanostores/react';
import r2wc from '@r2wc/react-to-web-component';
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { baseStyles } from '../styles/base.styles.ts';
import { sheetFor } from './style-sheets.ts';

/**
 * The one wrapper over @r2wc/react-to-web-component (DESIGN §3). Everything else in the library
 * defines elements through `defineElement` and never sees r2wc.
 *
 * r2wc gives us: an open shadow root, a React root mounted on connect and rendering the view.
 * We add: one adopted constructable stylesheet per element class (CSP-safe, no <style>);
 * settings from a `settings` attribute, a child `<script type="application/json">`, individual
 * attributes or the `settings` property, parsed with zod (bad fields reported once and replaced
 * by their defaults, never thrown); HTML boolean attributes that work; an error boundary that
 * falls back to the server-rendered light DOM; optional form association; a deferred unmount so
 * moving an element keeps its React root and state (r2wc unmounts synchronously); the mounts of
 * the elements connected in one turn, made together in one microtask (issue 32, {@link flushMounts});
 * and the element's controller, connected while the element is on the page ({@link ElementController}).
 */

/** How an individual attribute maps onto a settings key. */
export interface AttributeSpec {
  /** Settings key the attribute sets (camelCase). */
  key: string;
  type: 'string' | 'number' | 'boolean';
}

export interface ElementDefinition<
  S extends core.$ZodType,
  C extends ElementController | undefined = undefined,
> {
  /** The tag, used in error messages. */
  tag: string;
  /** zod schema of the settings; `schema.parse({})` must succeed (every field defaulted). */
  settings: S;
  /** The element's CSS (adopted after the shared base styles). */
  styles: string;
  /** Individual attributes that set settings keys, e.g. `{ open: { key: 'open', type: 'boolean' } }`. */
  attributes?: Record<string, AttributeSpec>;
  /**
   * Attributes holding a JSON settings object of their own, e.g. Joinchat's `data-settings`.
   * Read like the `settings` property (above the `settings` attribute and the child script).
   */
  jsonAttributes?: readonly string[];
  /** Participates in forms through ElementInternals. */
  formAssociated?: boolean;
  /**
   * Shared stores the element keeps started while it is on the page (`$cart`): listened to from
   * `connectedCallback`, before the first render, until the element leaves. A view reading a store
   * only through `useStore` starts it in render (nanostores' `get()`) and stops listening at once,
   * so a delayed unmount still pending from an earlier element could stop it again before React
   * subscribes, and it would start twice (the cart: its first refresh aborted, a second sent).
   */
  stores?: ReadonlyArray<ReadableAtom<unknown>>;
  /**
   * Creates the element's controller (its behaviour: timers, requests, listeners, state), once
   * per element, on first use. The element connects it on every connection (not on a move within
   * the page), stops it on the final disconnect, and hands it to the view and to its own public
   * methods (`this.controller`). See {@link ElementController}.
   */
  controller?: (context: ControllerContext<z.infer<S>>) => C;
}

/**
 * The one controller protocol (DESIGN §3; the shape of Lit's reactive controllers and GitHub's
 * auto-complete-element): `connect()` starts what the controller does while its element is on the
 * page (listeners, timers, subscriptions) and returns the function that stops all of it. The
 * element calls it once per connection and calls the stop on removal, so a controller is
 * connected at most once at a time and may be connected again after a stop (the element put back).
 * Everything else is intents (`open()`, `remove(key)`) and stores the view subscribes to. The
 * view never creates, connects or disposes of it. Time comes from one injected `Clock`
 * (shared/clock.ts: `now()` and timers). Worked example: elements/shop-mini-cart/.
 */
export interface ElementController {
  connect(): () => void;
}

/** What a controller factory receives. */
export interface ControllerContext<T> {
  host: ShopElement<T>;
  /** The parsed settings as a store; the defaults until the element first connects. */
  settings$: ReadableAtom<T>;
  internals: ElementInternals | null;
}

/** What every view receives. */
export interface ElementViewProps<T, C = undefined> {
  settings: T;
  host: ShopElement<T>;
  internals: ElementInternals | null;
  /** The element's controller (`undefined` for an element defined without one). */
  controller: C;
}

/** The public surface every element shares. */
export interface ShopElement<T = unknown> extends HTMLElement {
  /** The parsed settings in use (defaults filled in). Setting it takes an object or a JSON string. */
  settings: T;
  /** Messages about settings that were rejected and replaced by defaults (empty when all is well). */
  readonly settingsErrors: readonly string[];
  /** The settings as a store (views subscribe to it). */
  readonly settings$: ReadableAtom<T>;
}

/** What every element offers as a form control (meaningful with `formAssociated`). */
export interface ShopFormControl {
  readonly form: HTMLFormElement | null;
  readonly validity: ValidityState | undefined;
  readonly validationMessage: string;
  checkValidity(): boolean;
  reportValidity(): boolean;
}

/** The custom element callbacks the class implements (subclasses may extend them). */
export interface ShopElementCallbacks {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

/**
 * The class {@link defineElement} returns. Named, so TypeScript can write declaration files for
 * the element classes that extend it (the class itself is anonymous and has #private members).
 */
export interface ShopElementConstructor<T, C = undefined> {
  new (): ShopElement<T> & ShopFormControl & ShopElementCallbacks & ElementWithController<C>;
  /** The element's tag, written once in its definition. */
  readonly tag: string;
  /**
   * Registers the class under `tag` (default: its own) in `registry` (default: the page's), once;
   * a tag already taken is left as it is. Returns the class registered under that tag.
   */
  define(tag?: string, registry?: CustomElementRegistry): CustomElementConstructor;
  /** The settings schema (for the conformance suite, docs and host apps). */
  readonly settingsSchema: core.$ZodType<T>;
  readonly formAssociated: boolean;
  readonly observedAttributes: string[];
  readonly prototype: ShopElement<T> & ShopFormControl & ShopElementCallbacks & ElementWithController<C>;
}

/** The controller as the element's own methods (and tests) reach it. */
export interface ElementWithController<C> {
  /** The element's controller, created on first use (`undefined` for an element without one). */
  readonly controller: C;
}

type Source = Record<string, unknown>;

function isPlainObject(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a settings member is safe to read (hostile or broken markup): at most 64 levels deep and
 * without a `__proto__`, `constructor` or `prototype` member at any depth. A real settings object
 * is never nested more than a dozen levels; deeper nesting (or a cycle, through the property) is
 * refused before structuredClone or zod recurse into it and overflow the stack. JSON text over
 * 1e6 characters (a few dozen kB is a big form) is refused whole, as invalid.
 */
const safe = (value: unknown, depth = 64): boolean =>
  typeof value !== 'object' ||
  !value ||
  (depth > 0 &&
    Object.entries(value).every(
      ([k, v]) => !/^(__proto__|constructor|prototype)$/.test(k) && safe(v, depth - 1),
    ));

function deletePath(target: unknown, path: readonly PropertyKey[]): boolean {
  let node = target as Record<PropertyKey, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[key] as typeof node;
  const last = path[path.length - 1];
  if (typeof node !== 'object' || !node || last === undefined) return false;
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else delete node[last];
  return true;
}

/**
 * Parses `input` with `schema`. Invalid fields are dropped (so their defaults apply) and
 * reported; the rest is kept. Falls back to `schema.parse({})` if nothing else works.
 */
export function parseSettings<S extends core.$ZodType>(
  schema: S,
  input: unknown,
): { value: z.infer<S>; errors: string[] } {
  let result = z.safeParse(schema, input);
  if (result.success) return { value: result.data, errors: [] };
  const errors = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}`,
  );
  // Bounded by the reader (`safe`), so the clone never overflows the stack.
  const current: unknown = structuredClone(input);
  for (let attempt = 0; attempt < 20 && !result.success; attempt++) {
    const removed = result.error.issues.map((issue) => deletePath(current, issue.path)).some(Boolean);
    result = z.safeParse(schema, removed ? current : {});
    if (!removed) break;
  }
  return { value: result.success ? result.data : z.parse(schema, {}), errors };
}

function attributeValue(spec: AttributeSpec, raw: string | null): unknown {
  // An absent attribute leaves the JSON settings or the default in force.
  if (raw === null) return undefined;
  if (spec.type === 'boolean') return raw !== 'false';
  if (spec.type === 'number') {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw; // let zod name the bad value
  }
  return raw;
}

interface BoundaryProps {
  tag: string;
  host: HTMLElement;
  children: ReactNode;
}

/**
 * One element failed (its render, or its controller's start): the `data-shop-error` marker and one
 * message, `<tag>: failed to <what>.`; the page and the element's neighbours go on.
 */
function failed(host: HTMLElement, tag: string, what: string, ...details: unknown[]) {
  host.setAttribute('data-shop-error', '');
  console.error(`<${tag}>: failed to ${what}.`, ...details);
}

/** Keeps one broken element from breaking any other; shows the light DOM fallback instead. */
class ElementErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    failed(
      this.props.host,
      this.props.tag,
      'render and shows its fallback content',
      error,
      info.componentStack,
    );
  }
  override render() {
    return this.state.failed ? <slot /> : this.props.children;
  }
}

const HOST_STATE = Symbol('shop-element-state');

/** Mounts of the elements connected since the last flush, in connection order. */
const pendingMounts: Array<() => void> = [];

/**
 * Mounts every element connected in this turn together, in one microtask (issue 32): their first
 * renders are synchronous (`flushSync`), so 200 elements parsed or inserted at once render in that
 * task and paint in the next frame, instead of one scheduler task per element spread over several
 * frames, each with its own style, layout and paint. A microtask, never inside the caller's own
 * code: an element connected while a host React app commits mounts after that commit, not in it.
 */
function flushMounts() {
  const mounts = pendingMounts.splice(0);
  flushSync(() => {
    for (const mount of mounts) {
      try {
        mount();
      } catch (error) {
        reportError(error); // one element's failure leaves the others mounted
      }
    }
  });
}

interface HostState<T> {
  settings$: WritableAtom<T>;
  internals: ElementInternals | null;
}

/** Defines the custom element class for `View`. The caller registers it with `customElements.define`. */
export function defineElement<S extends core.$ZodType, C extends ElementController | undefined = undefined>(
  View: ComponentType<ElementViewProps<z.infer<S>, C>>,
  definition: ElementDefinition<S, C>,
): ShopElementConstructor<z.infer<S>, C> {
  type T = z.infer<S>;
  const {
    tag,
    settings: schema,
    styles,
    attributes = {},
    jsonAttributes = [],
    formAssociated = false,
    stores = [],
    controller: createController,
  } = definition;
  const attributeNames = Object.keys(attributes);

  function Root({ container }: { container?: ShadowRoot }) {
    const host = container!.host as ShopElementClass;
    const state = host[HOST_STATE];
    const settings = useStore(state.settings$);
    return (
      <ElementErrorBoundary tag={tag} host={host}>
        <View settings={settings} host={host} internals={state.internals} controller={host.controller} />
      </ElementErrorBoundary>
    );
  }

  const Base = r2wc(Root, { shadow: 'open', props: {} }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
  };

  class ShopElementClass extends Base implements ShopElement<T> {
    static formAssociated = formAssociated;
    static readonly tag = tag;
    static readonly settingsSchema = schema as unknown as core.$ZodType<T>;
    static get observedAttributes() {
      return ['settings', ...jsonAttributes, ...attributeNames];
    }
    static define(name: string = tag, registry: CustomElementRegistry = customElements) {
      // `this`, not the base class: `ShopMiniCartElement.define()` registers the subclass.
      // biome-ignore lint/complexity/noThisInStatic: the subclass that calls define() is the one to register
      if (!registry.get(name)) registry.define(name, this);
      return registry.get(name)!;
    }

    [HOST_STATE]: HostState<T>;
    #propertySettings: Source | undefined;
    #errors: string[] = [];
    #lastReported = '';
    #childObserver: MutationObserver | undefined;
    #unmountScheduled = false;
    /** Stops what runs while connected: the controller (first), the definition's `stores`. */
    #stops: Array<(() => void) | undefined> = [];
    #controller: C | undefined;

    constructor() {
      super();
      const internals = formAssociated ? this.attachInternals() : null;
      this[HOST_STATE] = { settings$: atom(z.parse(schema, {}) as T), internals };
      this.shadowRoot!.adoptedStyleSheets = [sheetFor(baseStyles), sheetFor(styles)];
    }

    get controller(): C {
      // The host state is the context's settings$ and internals.
      this.#controller ??= createController?.({ host: this, ...this[HOST_STATE] });
      return this.#controller as C;
    }

    get settings$(): ReadableAtom<T> {
      return this[HOST_STATE].settings$;
    }
    get settings(): T {
      return this[HOST_STATE].settings$.get();
    }
    set settings(value: T | string) {
      if (typeof value === 'string') {
        this.setAttribute('settings', value);
        return;
      }
      this.#propertySettings = isPlainObject(value) ? value : undefined;
      this.#update();
    }
    get settingsErrors(): readonly string[] {
      return this.#errors;
    }

    /** Collects every settings source, lowest precedence first. */
    #collect(): Source {
      const merged: Source = {};
      // Own members only, each checked before it is copied (never Object.assign: a JSON
      // `__proto__` member would become the prototype of the merged settings).
      const add = (source: Source) => {
        for (const [key, value] of Object.entries(source))
          if (safe({ [key]: value })) merged[key] = value;
          else this.#errors.push(`${key}: refused (too deep or reserved)`);
      };
      const readJson = (text: string | null | undefined, where: string) => {
        if (!text?.trim()) return;
        try {
          const parsed: unknown = JSON.parse(text.length > 1e6 ? '' : text);
          // Not an object (an array, a number): as unreadable as broken JSON.
          if (!isPlainObject(parsed)) throw parsed;
          add(parsed);
        } catch {
          this.#errors.push(`${where}: not valid JSON`);
        }
      };
      readJson(
        this.querySelector(':scope > script[type="application/json"]')?.textContent,
        'settings script',
      );
      readJson(this.getAttribute('settings'), 'settings attribute');
      for (const name of jsonAttributes) readJson(this.getAttribute(name), `${name} attribute`);
      if (this.#propertySettings) add(this.#propertySettings);
      for (const name of attributeNames) {
        const value = attributeValue(attributes[name], this.getAttribute(name));
        if (value !== undefined) merged[attributes[name].key] = value;
      }
      return merged;
    }

    #update() {
      this.#errors = [];
      const { value, errors } = parseSettings(schema, this.#collect());
      this.#errors.push(...errors);
      // One clear message per distinct problem, however often the settings are re-read.
      const message = this.#errors.length
        ? `<${tag}>: invalid settings (${this.#errors.map((e) => e.split(':')[0]).join(', ')}); ` +
          `using the defaults for those fields.${this.#errors.map((e) => `\n✖ ${e}`).join('')}`
        : '';
      if (message && message !== this.#lastReported) console.error(message);
      this.#lastReported = message;
      this.toggleAttribute('data-invalid-settings', this.#errors.length > 0);
      this[HOST_STATE].settings$.set(value);
    }

    attributeChangedCallback(_name: string, oldValue: string | null, newValue: string | null) {
      // Before connection the settings are read once in connectedCallback.
      if (oldValue !== newValue && this.isConnected) this.#update();
    }

    override connectedCallback() {
      // A `settings` property set before the element was upgraded (a framework rendering the
      // tag before its chunk loaded) is an own property shadowing our setter: take it over.
      if (Object.hasOwn(this, 'settings')) {
        const early = (this as { settings?: unknown }).settings;
        delete (this as { settings?: unknown }).settings;
        this.#propertySettings = isPlainObject(early) ? early : undefined;
        if (typeof early === 'string') this.setAttribute('settings', early);
      }
      if (this.#unmountScheduled) {
        // Moved within the page: keep the mounted root and its state.
        this.#unmountScheduled = false;
        return;
      }
      this.#stops = stores.map((store) => store.listen(() => {}));
      this.#update();
      // Children parsed after the upgrade (or replaced later) may carry the settings script.
      this.#childObserver = new MutationObserver((records) => {
        if (records.some((r) => [...r.addedNodes, ...r.removedNodes].some((n) => n.nodeName === 'SCRIPT'))) {
          this.#update();
        }
      });
      this.#childObserver.observe(this, { childList: true });
      // Connected with the settings parsed, before the view first renders.
      try {
        this.#stops.unshift(this.controller?.connect());
      } catch (error) {
        // Like a failed render.
        failed(this, tag, 'start its controller', error);
      }
      if (!pendingMounts.length) queueMicrotask(flushMounts);
      pendingMounts.push(() => {
        // Removed before the mount (its unmount is queued behind): nothing to mount.
        if (this.isConnected) super.connectedCallback();
      });
    }

    override disconnectedCallback() {
      this.#unmountScheduled = true;
      queueMicrotask(() => {
        if (!this.#unmountScheduled) return;
        this.#unmountScheduled = false;
        this.#childObserver?.disconnect();
        this.#childObserver = undefined;
        super.disconnectedCallback();
        for (const stop of this.#stops.splice(0)) stop?.();
      });
    }

    // Form-associated elements behave like native form controls.
    get form() {
      return this[HOST_STATE].internals?.form ?? null;
    }
    get validity() {
      return this[HOST_STATE].internals?.validity;
    }
    get validationMessage() {
      return this[HOST_STATE].internals?.validationMessage ?? '';
    }
    checkValidity() {
      return this[HOST_STATE].internals?.checkValidity() ?? true;
    }
    reportValidity() {
      return this[HOST_STATE].internals?.reportValidity() ?? true;
    }
  }

  return ShopElementClass;
}
