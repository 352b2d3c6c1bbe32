import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { definePageBehaviour, PAGE_MESSAGES_KEY } from '../../../shared/page/define-behaviour.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { mount } from './helpers.ts';

/** definePageBehaviour (issue 29): once per root, the clock, reduced motion, messages, one clear report. */
describe('definePageBehaviour', () => {
  let view: ReturnType<typeof mount>;
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    view?.remove();
    sinon.restore();
  });

  /** A behaviour that writes its message into every `.hello` and counts its installs. */
  const hello = (scope?: 'root' | 'document') => {
    const calls = { install: 0, uninstall: 0 };
    const install = definePageBehaviour({
      name: 'hello-test',
      selector: '.hello',
      messages: { greeting: 'Hello', farewell: 'Goodbye' },
      scope,
      install(root, { messages }) {
        calls.install += 1;
        for (const el of root.querySelectorAll('.hello')) el.textContent = messages.greeting;
        return () => {
          calls.uninstall += 1;
        };
      },
    });
    return { install, calls };
  };

  it('carries its name, selector and default messages', () => {
    const { install } = hello();
    expect(install.behaviour).to.deep.equal({
      name: 'hello-test',
      selector: '.hello',
      messages: { greeting: 'Hello', farewell: 'Goodbye' },
    });
  });

  it('installs once per root; uninstalling allows a later install', () => {
    view = mount('<p class="hello"></p>');
    const { install, calls } = hello();
    const uninstall = install(view.root);
    expect(install(view.root)).to.equal(uninstall);
    expect(calls.install).to.equal(1);
    uninstall();
    uninstall();
    expect(calls.uninstall).to.equal(1);
    cleanups.push(install(view.root));
    expect(calls.install).to.equal(2);
  });

  it('with scope "document", once per document whatever the root', () => {
    view = mount('<div id="a"></div><div id="b"></div>');
    const { install, calls } = hello('document');
    const uninstall = install(view.root.querySelector('#a')!);
    cleanups.push(uninstall);
    expect(install(view.root.querySelector('#b')!)).to.equal(uninstall);
    expect(calls.install).to.equal(1);
  });

  it('gives the clock and reduced motion of the options', () => {
    view = mount('');
    const clock = fakeClock();
    let seen: { clock: unknown; reduced: boolean } | undefined;
    const install = definePageBehaviour({
      name: 'clock-test',
      selector: '.x',
      install(_root, context) {
        seen = { clock: context.clock, reduced: context.reducedMotion() };
        return () => {};
      },
    });
    cleanups.push(install(view.root, { clock, reducedMotion: true }));
    expect(seen).to.deep.equal({ clock, reduced: true });
  });

  it('messages: the defaults, else what the page prints in its config script, else the option', () => {
    view = mount('<p class="hello"></p>');
    const { install } = hello();
    const stop = install(view.root);
    expect(view.root.textContent).to.equal('Hello');
    stop();

    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.textContent = JSON.stringify({
      [PAGE_MESSAGES_KEY]: { 'hello-test': { greeting: 'Bonjour', other: 'x' } },
    });
    document.head.append(script);
    cleanups.push(() => script.remove());
    const again = install(view.root);
    expect(view.root.textContent).to.equal('Bonjour');
    again();

    cleanups.push(install(view.root, { messages: { greeting: 'Hallo' } }));
    expect(view.root.textContent).to.equal('Hallo');
  });

  it('messages: a page global of the same name, and only non-empty strings', () => {
    view = mount('<p class="hello"></p>');
    const page = window as unknown as Record<string, unknown>;
    page[PAGE_MESSAGES_KEY] = { 'hello-test': { greeting: '', farewell: 3 } };
    cleanups.push(() => delete page[PAGE_MESSAGES_KEY]);
    const { install } = hello();
    cleanups.push(install(view.root));
    expect(view.root.textContent).to.equal('Hello');
  });

  it('an install that throws is one console error naming the behaviour, never a throw', () => {
    view = mount('');
    const error = sinon.stub(console, 'error');
    const install = definePageBehaviour({
      name: 'broken-test',
      selector: '.x',
      install() {
        throw new Error('bad markup');
      },
    });
    const uninstall = install(view.root);
    expect(uninstall).to.be.a('function');
    expect(install(view.root)).to.equal(uninstall);
    expect(error.callCount).to.equal(1);
    expect(String(error.firstCall.args[0])).to.contain('broken-test');
  });

  it('report: one warning naming the behaviour, once per text and install', () => {
    view = mount('');
    const warn = sinon.stub(console, 'warn');
    const install = definePageBehaviour({
      name: 'report-test',
      selector: '.x',
      install(_root, { report }) {
        report('the .x has no id');
        report('the .x has no id');
        return () => {};
      },
    });
    cleanups.push(install(view.root));
    expect(warn.callCount).to.equal(1);
    expect(String(warn.firstCall.args[0])).to.contain('report-test').and.contain('the .x has no id');
  });

  it("on, each and keep are undone by the uninstall, after the behaviour's own", async () => {
    view = mount('<p class="item" data-state="printed"></p>');
    const order: string[] = [];
    let clicks = 0;
    const seen: Element[] = [];
    const install = definePageBehaviour({
      name: 'undo-test',
      selector: '.item',
      install(root, { on, each, keep }) {
        on(root, 'click', () => {
          clicks += 1;
        });
        each('.item', (el) => {
          seen.push(el);
          keep(el, 'data-state', 'aria-label');
          el.dataset.state = 'enhanced';
          el.setAttribute('aria-label', 'Item');
        });
        // What is undone by itself comes after this: the attributes are still ours here.
        return () => order.push(view.root.querySelector('.item')?.getAttribute('data-state') ?? '');
      },
    });
    const uninstall = install(view.root);
    const later = document.createElement('p');
    later.className = 'item';
    view.root.append(later);
    await new Promise((resolve) => setTimeout(resolve));
    expect(seen).to.have.length(2);
    view.root.click();
    expect(clicks).to.equal(1);

    uninstall();
    expect(order).to.deep.equal(['enhanced']);
    view.root.click();
    expect(clicks).to.equal(1);
    const first = view.root.querySelector('.item');
    expect(first?.getAttribute('data-state')).to.equal('printed');
    expect(first?.hasAttribute('aria-label')).to.equal(false);
    expect(later.hasAttribute('data-state')).to.equal(false);
    view.root.append(document.createElement('p'));
    view.root.lastElementChild?.classList.add('item');
    await new Promise((resolve) => setTimeout(resolve));
    expect(seen).to.have.length(2);
  });

  it('an install that returns nothing has an uninstall all the same', () => {
    view = mount('');
    const install = definePageBehaviour({
      name: 'nothing-test',
      selector: '.x',
      install(_root, { window }) {
        expect(window).to.equal(globalThis.window);
        return undefined;
      },
    });
    const uninstall = install(view.root);
    expect(uninstall).to.be.a('function');
    expect(install(view.root)).to.equal(uninstall);
    uninstall();
  });
});
