import { type Clock, pageClock } from '../clock.ts';
import { logError, logWarning } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';

/**
 * One way to write a page behaviour (issue 29; shared/page/README.md): a behaviour is JavaScript
 * that makes markup the theme printed behave (an element is markup we render). Its module says
 * `definePageBehaviour({ name, selector, messages, install })` once; what every behaviour needs
 * comes from here, not from copies:
 *
 * - **idempotency per root**: a second install on the same root returns the first's uninstall and
 *   does nothing else; uninstalling allows a later install;
 * - **the clock** (`context.clock`, a fake one in tests) and **reduced motion**
 *   (`context.reducedMotion()`, the option or the user's `prefers-reduced-motion`, read live);
 * - **page-printed messages**: the visible English strings are the defaults in `messages`; the page
 *   overrides them per behaviour under `page_behaviour_messages` (a global, or that key in
 *   `<script type="application/json" id="shop-config">`), e.g.
 *   `{"page_behaviour_messages": {"checkout-terms": {"dialog": "Conditions générales"}}}`;
 *   an option `messages` (tests, host apps) wins over both;
 * - **one clear report**: `context.report(problem)` is one console warning naming the behaviour (once
 *   per text and install), and an install that throws is one console error naming it, never a throw
 *   into the page;
 * - **an uninstall that undoes by itself** what every behaviour does: listeners added with
 *   `context.on`, markup followed with `context.each`, printed attributes kept with `context.keep`
 *   (after the behaviour's own uninstall, if it returns one).
 *
 * The behaviour is registered once, in `pageBehaviours` (`shared/page/index.ts`), with its name,
 * selector and loader; `.ci/check-behaviours.mjs` checks the list against this folder.
 */

/*
 * The core every behaviour shares lives here: the root and the options, installing once, the
 * clock and reduced motion, finding and following markup, keeping printed attributes.
 * behaviour.ts (the helpers) passes them on and so takes this module along into the registry's
 * chunk (page.js, which every behaviour's chunk imports anyway): the definition costs no chunk
 * and no import of its own.
 */

/** Where a behaviour is installed: the document, or a part of it (tests, ajax-loaded content). */
export type PageRoot = Document | Element;

/** Options every `install<Name>()` takes. */
export interface BehaviourOptions {
  /** Timers (a fake clock in tests); the browser's by default. */
  clock?: Clock;
  /** Overrides the page's `prefers-reduced-motion` (tests); read from the media query by default. */
  reducedMotion?: boolean;
}

/** The document a root belongs to. */
export function documentOf(root: PageRoot): Document {
  return root instanceof Document ? root : root.ownerDocument;
}

/** Whether motion should be avoided: the option, else the user's `prefers-reduced-motion`. */
export function prefersReducedMotion(options: BehaviourOptions = {}): boolean {
  return (
    options.reducedMotion ?? globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  );
}

/** The clock of the options, else the page's. */
export function clockOf(options: BehaviourOptions = {}): Clock {
  return options.clock ?? pageClock;
}

/**
 * Installs once per root: a second call on the same root returns the first call's uninstall
 * function and does nothing else. Uninstalling allows a later install. Behaviours get this from
 * `definePageBehaviour`; call it directly only for something that is not a behaviour (the registry).
 */
export function installOnce(
  registry: WeakMap<PageRoot, () => void>,
  root: PageRoot,
  install: () => () => void,
): () => void {
  const existing = registry.get(root);
  if (existing) return existing;
  const stop = install();
  const uninstall = () => {
    if (registry.get(root) !== uninstall) return;
    registry.delete(root);
    stop();
  };
  registry.set(root, uninstall);
  return uninstall;
}

/**
 * Remembers attributes as the theme printed them, before a behaviour changes them, and puts them
 * back on uninstall (the conformance suite's "uninstall leaves the markup as it was"). `keep` the
 * attributes of an element before the first change; later calls for the same attribute keep the
 * first value. Every behaviour has one as `context.keep`; use this one for markup of its own lifetime.
 */
export function attributeKeeper(): { keep(el: Element, ...names: string[]): void; restore(): void } {
  const kept = new Map<Element, Map<string, string | null>>();
  return {
    keep(el, ...names) {
      const own = kept.get(el) ?? new Map<string, string | null>();
      kept.set(el, own);
      for (const name of names) if (!own.has(name)) own.set(name, el.getAttribute(name));
    },
    restore() {
      for (const [el, own] of kept)
        for (const [name, value] of own) {
          if (value === null) el.removeAttribute(name);
          else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
        }
      kept.clear();
    },
  };
}

/** Elements under (or being) `root` that match `selector`. */
export function within<T extends Element = HTMLElement>(root: PageRoot, selector: string): T[] {
  const own = root instanceof Element && root.matches(selector) ? [root as unknown as T] : [];
  return [...own, ...root.querySelectorAll<T & Element>(selector)];
}

/** Calls `enhance` for the root now and for every element added under it later; returns the stop function. */
export function enhanceNowAndLater(root: PageRoot, enhance: (node: PageRoot) => void): () => void {
  enhance(root);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element) enhance(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** The key of the page's message overrides: `{ [behaviour name]: { [message key]: text } }`. */
export const PAGE_MESSAGES_KEY = 'page_behaviour_messages';

/** Visible strings of a behaviour, by key. */
export type Messages = Readonly<Record<string, string>>;

/** What a behaviour's `install` gets besides the root. */
export interface BehaviourContext<
  M extends Messages = Messages,
  O extends BehaviourOptions = BehaviourOptions,
> {
  /** The behaviour's name (for messages to the console). */
  readonly name: string;
  /** The document the root belongs to. */
  readonly document: Document;
  /** Its window. */
  readonly window: Window;
  /** Timers: the option's (a fake clock in tests), else the browser's. */
  readonly clock: Clock;
  /** Whether motion should be avoided now: the option, else the user's `prefers-reduced-motion`. */
  reducedMotion(): boolean;
  /** The visible strings: the defaults, overridden by what the page prints and by the option. */
  readonly messages: M;
  /** The options as given (a behaviour's own ones, and to pass on to helpers such as scrollWindowTo). */
  readonly options: O;
  /** Reports markup the behaviour cannot use: one console warning naming it (once per text and install). */
  report(problem: string, ...details: unknown[]): void;
  /** Adds an event listener that the uninstall removes (after the behaviour's own undo). */
  on<K extends keyof PageEvents>(
    target: EventTarget,
    type: K,
    listener: (event: PageEvents[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  on(
    target: EventTarget,
    type: string,
    listener: (event: Event) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  /**
   * Calls `enhance` for every element matching `selector` under (or being) the root, now and as
   * such markup is added later (ajax), until the uninstall.
   */
  each<E extends Element = HTMLElement>(selector: string, enhance: (el: E) => void): void;
  /**
   * Keeps attributes of `el` as the theme printed them, before the behaviour first changes them;
   * the uninstall puts them back (after the behaviour's own undo), so uninstalling leaves the
   * markup as it was.
   */
  keep(el: Element, ...names: string[]): void;
}

/** The events of the targets a behaviour listens to (elements, the document, the window). */
type PageEvents = HTMLElementEventMap & DocumentEventMap & WindowEventMap;

/** What a behaviour module declares. */
export interface PageBehaviourDefinition<M extends Messages, O extends BehaviourOptions> {
  /** Lowercase words joined by hyphens, as registered in `pageBehaviours` (shared/page/index.ts). */
  name: string;
  /** The markup that asks for it (the same string as its registration). */
  selector: string;
  /** Its visible English strings, the defaults the page may override. */
  messages?: M;
  /**
   * What "once" is per: each root (the default), or the root's document, for a behaviour whose
   * state is the page's own (the address, one lightbox): installing on a second root of the same
   * document then returns the first install's uninstall.
   */
  scope?: 'root' | 'document';
  /**
   * Enhances the markup under (or being) `root`; returns what undoes it (nothing when the
   * listeners of `context.on` and the attributes of `context.keep` are all there is to undo).
   */
  install(root: PageRoot, context: BehaviourContext<M, O>): (() => void) | undefined;
}

/** What a behaviour is, for the registry, the conformance suite and the console. */
export interface PageBehaviourInfo<M extends Messages = Messages> {
  readonly name: string;
  readonly selector: string;
  /** The default messages. */
  readonly messages: M;
}

/** Options every behaviour takes, besides its own. */
export interface InstallOptions<M extends Messages = Messages> extends BehaviourOptions {
  /** Message overrides (tests, host apps); win over the page's. */
  messages?: Partial<M>;
}

/** A defined behaviour: installs on a root (the document by default), returns its uninstall. */
export type PageBehaviour<M extends Messages = Messages, O extends BehaviourOptions = BehaviourOptions> = ((
  root?: PageRoot,
  options?: O & InstallOptions<M>,
) => () => void) & { readonly behaviour: PageBehaviourInfo<M> };

/**
 * The messages of behaviour `name` on `doc`: the defaults, each replaced by the page's (see
 * {@link PAGE_MESSAGES_KEY}), then by `given`; only non-empty strings for keys the defaults have.
 */
export function behaviourMessages<M extends Messages>(
  name: string,
  defaults: M,
  doc: Document,
  given?: Partial<M>,
): M {
  const page = readPageData(PAGE_MESSAGES_KEY, doc) as Record<string, unknown> | null | undefined;
  const out: Record<string, string> = { ...defaults };
  for (const key of Object.keys(defaults))
    for (const source of [page?.[name], given]) {
      const text = (source as Record<string, unknown> | null | undefined)?.[key];
      if (typeof text === 'string' && text) out[key] = text;
    }
  return out as M;
}

/** Defines a page behaviour (see the top of this file and shared/page/README.md). */
export function definePageBehaviour<
  M extends Messages = Record<never, string>,
  O extends BehaviourOptions = BehaviourOptions,
>(definition: PageBehaviourDefinition<M, O>): PageBehaviour<M, O> {
  const { name, selector } = definition;
  const defaults = (definition.messages ?? {}) as M;
  const installed = new WeakMap<PageRoot, () => void>();
  const install = (root: PageRoot = document, options: O & InstallOptions<M> = {} as O) =>
    installOnce(installed, definition.scope === 'document' ? documentOf(root) : root, () => {
      const doc = documentOf(root);
      const reported = new Set<string>();
      const undo: (() => void)[] = [];
      const printed = attributeKeeper();
      const context: BehaviourContext<M, O> = {
        name,
        document: doc,
        window: doc.defaultView ?? window,
        clock: clockOf(options),
        reducedMotion: () => prefersReducedMotion(options),
        messages: behaviourMessages(name, defaults, doc, options.messages),
        options,
        report(problem, ...details) {
          if (reported.has(problem)) return;
          reported.add(problem);
          logWarning(null, `the ${name} page behaviour: ${problem}`, ...details);
        },
        on(
          target: EventTarget,
          type: string,
          listener: (event: Event) => void,
          options?: boolean | AddEventListenerOptions,
        ) {
          target.addEventListener(type, listener, options);
          undo.push(() => target.removeEventListener(type, listener, options));
        },
        each(selector, enhance) {
          undo.push(
            enhanceNowAndLater(root, (node) => {
              for (const el of within(node, selector)) enhance(el as never);
            }),
          );
        },
        keep: printed.keep,
      };
      try {
        const stop = definition.install(root, context);
        if (stop) undo.unshift(stop);
      } catch (error) {
        logError(null, `the ${name} page behaviour failed to install.`, error);
      }
      return () => {
        for (const step of undo) step();
        printed.restore();
      };
    });
  return Object.assign(install, { behaviour: { name, selector, messages: defaults } });
}
