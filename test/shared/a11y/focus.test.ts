import { expect, fixture, html } from '@open-wc/testing';
import { firstFocusable, isFocusable } from '../../../shared/a11y/focus.ts';

/** The kit's first-focusable helper (WAI-ARIA APG dialog: focus goes to the first focusable element). */
describe('firstFocusable (shared/a11y/focus.ts)', () => {
  it('finds the first element the Tab key reaches, in document order', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <p>Text</p>
        <a>No href</a>
        <button disabled>Disabled</button>
        <input type="hidden" name="h" />
        <span tabindex="-1">Programmatic only</span>
        <button hidden>Hidden</button>
        <div inert><button>Inert</button></div>
        <textarea aria-hidden="true" style="display: none"></textarea>
        <a id="first" href="#x">First</a>
        <button>Second</button>
      </div>
    `);
    expect(firstFocusable(root)?.id).to.equal('first');
  });

  it('takes a root that is focusable itself, several roots (a slot’s elements), and nothing', async () => {
    const root = await fixture<HTMLElement>(html`
      <div><p id="a">Text</p><button id="b">B</button><input id="c" /></div>
    `);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => root.querySelector(`#${id}`)!);
    expect(firstFocusable(c)).to.equal(c);
    expect(firstFocusable([a, c, b])).to.equal(c);
    expect(firstFocusable([a])).to.equal(null);
    expect(firstFocusable(null)).to.equal(null);
    expect(firstFocusable(undefined)).to.equal(null);
  });

  it('knows frames and elements given a tabindex', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <iframe title="Widget"></iframe>
        <div tabindex="0">Tabbable</div>
        <div tabindex="-2">Not tabbable</div>
        <div>Plain</div>
      </div>
    `);
    expect([...root.children].map(isFocusable)).to.deep.equal([true, true, false, false]);
  });
});
