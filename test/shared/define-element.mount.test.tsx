// How defineElement mounts its React roots (issue 32): the elements connected in one turn mount
// together in one microtask, their first renders synchronous, so markup holding many elements
// renders in the task that inserted it (one style, layout and paint) instead of one scheduler
// task per element. What must not change: removal, moves and nesting.
import { expect, fixture, html } from '@open-wc/testing';
import { createElement, useEffect } from 'react';
import { z } from 'zod';
import { defineElement, type ElementViewProps } from '../../shared/define-element.tsx';
import { captureConsoleErrors, settle, uniqueTag } from '../helpers/elements.ts';

const schema = z.object({ label: z.string().default('Hello') });
type Settings = z.infer<typeof schema>;

let mounts = 0;
function Probe({ settings }: ElementViewProps<Settings>) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <span className="label">{settings.label}</span>;
}

function define(view = Probe): string {
  const tag = uniqueTag('mount-test');
  customElements.define(tag, defineElement(view, { tag, settings: schema, styles: '' }));
  return tag;
}
/** An element whose view renders another element (`INNER`) in its shadow root. */
const INNER = define();
function Outer(_: ElementViewProps<Settings>) {
  return createElement(INNER, { settings: '{"label":"inner"}' });
}
const label = (el: Element) => el.shadowRoot!.querySelector('.label')?.textContent ?? null;
/** The microtasks queued so far run (the mount's among them), no task, no frame. */
const microtasks = () => Promise.resolve();

describe('defineElement mounting (issue 32)', () => {
  it('renders the elements connected in one turn before the next task, each with its settings', async () => {
    const tag = define();
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.innerHTML = `<${tag} settings='{"label":"a"}'></${tag}>`.repeat(3) + `<${tag}></${tag}>`;
    const elements = [...host.children];
    expect(elements.map(label)).to.deep.equal([null, null, null, null]); // nothing rendered synchronously
    await microtasks();
    expect(elements.map(label)).to.deep.equal(['a', 'a', 'a', 'Hello']);
  });

  it('never mounts an element removed in the turn it was added, and mounts one moved meanwhile once', async () => {
    const tag = define();
    const host = await fixture<HTMLElement>(html`<div><section></section></div>`);
    const before = mounts;
    const errors = await captureConsoleErrors(async () => {
      const gone = document.createElement(tag);
      host.append(gone);
      gone.remove();
      const moved = document.createElement(tag);
      host.append(moved);
      host.querySelector('section')!.append(moved); // a move: disconnect + connect in one turn
      await settle();
      expect(gone.shadowRoot!.childElementCount).to.equal(0);
      expect(label(moved)).to.equal('Hello');
      expect(moved.shadowRoot!.querySelectorAll('.label').length).to.equal(1);
    });
    expect(mounts - before).to.equal(1);
    expect(errors).to.deep.equal([]);
  });

  it("mounts an element its neighbour's view renders, in a batch after that neighbour's", async () => {
    const outer = define(Outer);
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const errors = await captureConsoleErrors(async () => {
      host.innerHTML = `<${outer}></${outer}>`;
      await microtasks();
      const child = host.firstElementChild!.shadowRoot!.firstElementChild!;
      expect(child.localName).to.equal(INNER);
      await microtasks();
      expect(label(child)).to.equal('inner');
    });
    expect(errors).to.deep.equal([]);
  });
});
