import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { PageBehaviour } from '../../../shared/page/define-behaviour.ts';
import { pageBehaviours } from '../../../shared/page/index.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { fuzzBehaviourData } from '../../helpers/fuzz.ts';
import {
  addStylesheets,
  describeAnimation,
  fromCss,
  preferReducedMotion,
  runningAnimations,
} from '../../helpers/reduced-motion.ts';
import { mount } from './helpers.ts';
import { type BehaviourSample, type ConformanceCheck, SAMPLES } from './samples.ts';

/**
 * The conformance suite of the page behaviours (issue 29, shared/page/README.md): for every
 * registration in `pageBehaviours`, with its sample markup from ./samples.ts, that
 * - the loaded behaviour has the registered name and selector, and the sample asks for it;
 * - a second install on the same root is a no-op (the same uninstall, the markup untouched);
 * - uninstalling leaves the markup as it was printed (the root's HTML and attributes, nothing
 *   left in the body);
 * - axe passes on the installed markup;
 * - under reduced motion (the preference, with the theme's styles), installing and pressing every
 *   control starts no animation: none running in the page or its open shadow roots
 *   (test/helpers/reduced-motion.ts), no `Element.animate`, no smooth scroll (`scrollTo`/`scrollBy`/`scrollIntoView` with
 *   `behavior: 'smooth'`), no inline `transition` or `animation`, no running animation in the root;
 * - markup it cannot use gives at most one console error or warning, naming the behaviour, and
 *   never a throw.
 */

/** The stylesheets the theme's pages load for the behaviours (their animations among them). */
const THEME_STYLES = ['/styles/theme.css', '/styles/page-helpers.css'];

/** What a click may press: controls the behaviours make or enhance. */
const CONTROLS = 'button, [role="button"], [role="tab"], [role="radio"], a[href], summary';

/** Everything about the root a behaviour may change: its HTML and its own attributes; and the body's children. */
function snapshot(root: HTMLElement) {
  return {
    // An empty style attribute styles nothing: WebKit may serialise one where an inline style was
    // set and the attribute removed again (field hints: style="" after uninstall, in this suite only).
    html: root.innerHTML.replaceAll(' style=""', ''),
    attributes: [...root.attributes].map((a) => `${a.name}=${a.value}`).join(' '),
    body: document.body.childElementCount,
  };
}

/** The sample with every element that matches `selector` emptied and its data attributes spoilt. */
function spoilt(markup: string, selector: string): string {
  const box = document.createElement('div');
  box.innerHTML = markup;
  for (const el of box.querySelectorAll(selector)) {
    el.replaceChildren();
    for (const attr of [...el.attributes])
      if (attr.name.startsWith('data-')) el.setAttribute(attr.name, '{oops');
  }
  return box.innerHTML;
}

/** Clicks every control under `root` (links do not navigate: the default is prevented at the window). */
function pressEverything(root: HTMLElement): void {
  const stay = (event: Event) => event.preventDefault();
  window.addEventListener('click', stay);
  window.addEventListener('submit', stay);
  try {
    for (const control of root.querySelectorAll<HTMLElement>(CONTROLS))
      if (control.isConnected)
        control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
  } finally {
    window.removeEventListener('click', stay);
    window.removeEventListener('submit', stay);
  }
}

const frames = (n: number): Promise<void> =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
    next(n);
  });

describe('page behaviours: conformance', () => {
  it('every registered behaviour has a sample, and every sample a behaviour', () => {
    const names = pageBehaviours.map((b) => b.name);
    expect(
      names.filter((n) => !SAMPLES[n]),
      'add a sample to test/shared/page/samples.ts',
    ).to.deep.equal([]);
    expect(Object.keys(SAMPLES).filter((n) => !names.includes(n))).to.deep.equal([]);
  });

  for (const registration of pageBehaviours) {
    const sample: BehaviourSample | undefined = SAMPLES[registration.name];
    if (!sample) continue;
    const { name } = registration;
    const skipped = (check: ConformanceCheck) => sample.skip?.[check];
    const test = (check: ConformanceCheck, title: string, fn: () => Promise<void> | void) =>
      skipped(check) ? it.skip(`${title} (skipped: ${skipped(check)})`, fn) : it(title, fn);

    describe(name, () => {
      let install: PageBehaviour;
      let view: ReturnType<typeof mount> | undefined;
      let uninstall = () => {};
      const restores: (() => void)[] = [];
      before(async () => {
        install = (await registration.load()) as unknown as PageBehaviour;
      });
      afterEach(() => {
        uninstall();
        uninstall = () => {};
        view?.remove();
        view = undefined;
        for (const restore of restores.splice(0)) restore();
        sinon.restore();
      });
      const options = (more: Record<string, unknown> = {}) => ({
        clock: fakeClock(),
        reducedMotion: true,
        ...sample.options,
        ...more,
      });

      it('is defined with the name and selector it is registered with, and the sample asks for it', () => {
        expect(install.behaviour?.name).to.equal(name);
        expect(install.behaviour.selector).to.equal(registration.selector);
        view = mount(sample.markup);
        expect(
          view.root.querySelector(registration.selector),
          'the sample matches the selector',
        ).to.not.equal(null);
      });

      test('idempotent', 'a second install on the same root is a no-op', () => {
        view = mount(sample.markup);
        uninstall = install(view.root, options());
        const after = snapshot(view.root);
        expect(install(view.root, options())).to.equal(uninstall);
        expect(snapshot(view.root)).to.deep.equal(after);
      });

      test('uninstall', 'uninstalling leaves the markup as it was', async () => {
        view = mount(sample.markup);
        const before = snapshot(view.root);
        const stop = install(view.root, options());
        await frames(2);
        stop();
        await frames(2); // a dialog puts its content back on its close event
        expect(snapshot(view.root)).to.deep.equal(before);
      });

      test('axe', 'axe passes on the installed markup', async () => {
        view = mount(sample.markup);
        uninstall = install(view.root, options());
        await frames(2);
        await expect(view.root).to.be.accessible();
      });

      test(
        'reducedMotion',
        'under reduced motion nothing animates, also when its controls are pressed',
        async () => {
          view = mount(sample.markup);
          const animate = sinon.spy(Element.prototype, 'animate');
          const smooth: string[] = [];
          const watch = (
            target: object,
            method: 'scrollTo' | 'scrollBy' | 'scrollIntoView',
            label: string,
          ) => {
            const original = (target as Record<string, (...args: unknown[]) => unknown>)[method]!;
            sinon.replace(
              target as Record<string, unknown>,
              method,
              function (this: unknown, ...args: unknown[]) {
                const [first] = args;
                if (first && typeof first === 'object' && (first as ScrollOptions).behavior === 'smooth')
                  smooth.push(label);
                return original.apply(this, args);
              },
            );
          };
          watch(window, 'scrollTo', 'window.scrollTo');
          watch(window, 'scrollBy', 'window.scrollBy');
          watch(Element.prototype, 'scrollTo', 'Element.scrollTo');
          watch(Element.prototype, 'scrollBy', 'Element.scrollBy');
          watch(Element.prototype, 'scrollIntoView', 'Element.scrollIntoView');
          const clock = fakeClock();
          // The preference itself (not the option), with the theme's styles that animate.
          const { css, undo } = await preferReducedMotion();
          // The styles only where their media queries follow the preference.
          const removeStyles = css ? await addStylesheets(THEME_STYLES) : () => {};
          restores.push(removeStyles, () => void undo());
          uninstall = install(view.root, options({ clock, reducedMotion: undefined }));
          pressEverything(view.root);
          clock.tick(5000);
          await frames(2);
          const moving = runningAnimations()
            .filter((animation) => css || !fromCss(animation))
            .map(describeAnimation);
          expect(moving, 'animations and transitions in the page and its shadow roots').to.deep.equal([]);
          expect(animate.callCount, 'Element.animate calls').to.equal(0);
          expect(smooth, 'smooth scrolls').to.deep.equal([]);
          const styled = [view.root, ...view.root.querySelectorAll<HTMLElement>('*')].filter(
            (el) => el instanceof HTMLElement && (el.style.transition || el.style.animation),
          );
          expect(
            styled.map((el) => el.outerHTML.slice(0, 80)),
            'inline transition or animation',
          ).to.deep.equal([]);
          expect(
            view.root.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length,
            'running animations',
          ).to.equal(0);
        },
      );

      test('badMarkup', 'hostile page data (fuzz, ../../helpers/fuzz.ts): at most one clear message', () => {
        const clock = fakeClock();
        const { selector } = registration;
        return fuzzBehaviourData({
          name,
          selector,
          markup: sample.markup,
          install: (root) => install(root, options({ clock })),
          tick: (ms) => clock.tick(ms),
        });
      });

      test('badMarkup', 'markup it cannot use gives at most one clear message, never a throw', async () => {
        view = mount(sample.bad ?? spoilt(sample.markup, registration.selector));
        const error = sinon.stub(console, 'error');
        const warn = sinon.stub(console, 'warn');
        const clock = fakeClock();
        try {
          uninstall = install(view.root, options({ clock }));
          clock.tick(5000);
          await frames(2);
        } finally {
          error.restore();
          warn.restore();
        }
        const messages = [...error.getCalls(), ...warn.getCalls()].map((c) => c.args.map(String).join(' '));
        expect(messages.length, messages.join('\n')).to.be.at.most(1);
        if (messages.length) expect(messages[0]).to.contain(name);
      });
    });
  }
});
