import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import sinon from 'sinon';
import { frames, untilQuiet } from './elements.ts';

/**
 * Reduced motion means nothing moves (DESIGN §7, §8): with `prefers-reduced-motion: reduce`, what
 * an element or a page behaviour does on its usual trigger starts no animation, no transition and
 * no smooth scroll. The conformance suites (test/helpers/conformance.ts for the elements,
 * test/shared/page/conformance.test.ts for the page behaviours) check it with these helpers.
 */

/** The document (or `root`) and every open shadow root under it, nested ones included. */
function* openRoots(root: Document | ShadowRoot): Generator<Document | ShadowRoot> {
  yield root;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) yield* openRoots(el.shadowRoot);
}

/**
 * The animations and transitions that move under `root` (default: the page) and in every open
 * shadow root: running or about to, and lasting more than 1 ms. The base styles' last resort under
 * reduced motion (0.01 ms, styles/base.styles.ts) moves nothing, so it does not count here.
 */
export function runningAnimations(root: Document | ShadowRoot = document): Animation[] {
  const found = new Set<Animation>();
  for (const each of openRoots(root)) for (const animation of each.getAnimations()) found.add(animation);
  return [...found].filter((animation) => {
    if (animation.playState === 'finished' || animation.playState === 'idle') return false;
    const duration = animation.effect?.getComputedTiming().activeDuration ?? 0;
    return Number(duration) > 1;
  });
}

/** Started by a style sheet (CSS animation or transition) rather than by a script (`Element.animate`). */
export const fromCss = (animation: Animation): boolean =>
  ['CSSAnimation', 'CSSTransition'].includes(animation.constructor.name);

/** An animation for a failure message: what moves, and where. */
export function describeAnimation(animation: Animation): string {
  const target = (animation.effect as KeyframeEffect | null)?.target;
  const where = target
    ? `<${target.localName}${target.className ? ` class="${String(target.className)}"` : ''}>`
    : '?';
  const what =
    (animation as CSSAnimation).animationName ??
    (animation as CSSTransition).transitionProperty ??
    animation.constructor.name;
  const root = target?.getRootNode();
  const host = root instanceof ShadowRoot ? ` in <${root.host.localName}>` : '';
  return `${what} on ${where}${host}`;
}

/**
 * Sets `prefers-reduced-motion: reduce` for the page: emulated where the driver can (then CSS
 * media queries follow too), else only `matchMedia` answers so. Returns whether the CSS follows,
 * and the undo.
 */
export async function preferReducedMotion(): Promise<{ css: boolean; undo: () => Promise<void> }> {
  let css = false;
  try {
    await emulateMedia({ reducedMotion: 'reduce' });
    css = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    // not supported by this engine's driver
  }
  const real = window.matchMedia.bind(window);
  const answer = (query: string) =>
    ({
      matches: query.includes('reduce'),
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  const stub = css
    ? null
    : sinon
        .stub(window, 'matchMedia')
        .callsFake((query: string) =>
          query.includes('prefers-reduced-motion') ? answer(query) : real(query),
        );
  return {
    css,
    undo: async () => {
      stub?.restore();
      if (css) await emulateMedia({ reducedMotion: 'no-preference' });
    },
  };
}

/**
 * Records scrolls asked to be smooth (`scrollTo`/`scrollBy`/`scrollIntoView`) until `restore()`;
 * `smooth` lists those since it was last read.
 */
export function watchSmoothScrolls(): { readonly smooth: string[]; restore(): void } {
  const smooth: string[] = [];
  const fakes: sinon.SinonSpy[] = [];
  const watch = (target: object, method: 'scrollTo' | 'scrollBy' | 'scrollIntoView', label: string) => {
    const spy = sinon.spy(target as Record<string, (...args: unknown[]) => void>, method);
    fakes.push(spy);
    let read = 0;
    return () => {
      for (const call of spy.getCalls().slice(read)) {
        read += 1;
        const first = call.args[0];
        if (first && typeof first === 'object' && (first as ScrollOptions).behavior === 'smooth')
          smooth.push(label);
      }
    };
  };
  const reads = [
    watch(window, 'scrollTo', 'window.scrollTo'),
    watch(window, 'scrollBy', 'window.scrollBy'),
    watch(Element.prototype, 'scrollTo', 'Element.scrollTo'),
    watch(Element.prototype, 'scrollBy', 'Element.scrollBy'),
    watch(Element.prototype, 'scrollIntoView', 'Element.scrollIntoView'),
  ];
  return {
    get smooth() {
      smooth.length = 0;
      for (const read of reads) read();
      return smooth;
    },
    restore: () => {
      for (const fake of fakes) fake.restore();
    },
  };
}

/** Adds stylesheets to the test document (a page's own CSS); resolves once loaded, with the remover. */
export async function addStylesheets(hrefs: readonly string[]): Promise<() => void> {
  const links = hrefs.map((href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    return link;
  });
  const loaded = links.map(
    (link) => new Promise((resolve) => link.addEventListener('load', resolve, { once: true })),
  );
  document.head.append(...links);
  await Promise.all(loaded);
  return () => {
    for (const link of links) link.remove();
  };
}

/** Controls that open or move something: disclosure and dialog buttons, tabs, `<summary>`. */
const TRIGGERS = 'button[aria-expanded], button[aria-haspopup], button[aria-controls], [role="tab"], summary';

/**
 * The controls an element offers for opening or moving something, in its shadow root and light
 * DOM (buttons that submit or leave, such as join-chat's link to the app, are not among them).
 */
export function triggersOf(el: Element): HTMLElement[] {
  return [
    ...(el.shadowRoot?.querySelectorAll<HTMLElement>(TRIGGERS) ?? []),
    ...el.querySelectorAll<HTMLElement>(TRIGGERS),
  ];
}

/**
 * The element check (run under {@link preferReducedMotion}, with the element rendered): as it
 * stands, then after each of its triggers is pressed (`drive`, by default a click on each of
 * {@link triggersOf}), nothing moves: no running animation (those of style sheets only when `css`:
 * the engine applies the media query) and no smooth scroll.
 */
export async function expectStillWhenDriven(
  el: HTMLElement,
  { css, drive }: { css: boolean; drive?: (el: HTMLElement) => Promise<void> },
): Promise<void> {
  const scrolls = watchSmoothScrolls();
  const moving: string[] = [];
  const sample = async (when: string) => {
    await frames(1);
    await untilQuiet([el, el.shadowRoot]);
    for (const animation of runningAnimations())
      if (css || !fromCss(animation)) moving.push(`${when}: ${describeAnimation(animation)}`);
    for (const scroll of scrolls.smooth) moving.push(`${when}: smooth ${scroll}`);
  };
  try {
    await sample('shown');
    if (drive) {
      await drive(el);
      await sample('driven');
    } else {
      for (const trigger of triggersOf(el)) {
        if (!trigger.isConnected) continue;
        trigger.click();
        await sample(`after pressing ${trigger.getAttribute('part') ?? trigger.localName}`);
      }
    }
  } finally {
    scrolls.restore();
  }
  expect([...new Set(moving)].join('\n'), 'motion under prefers-reduced-motion').to.equal('');
}
