import { expect, fixture, html } from '@open-wc/testing';
import { adoptStyles, sheetFor } from '../../shared/style-sheets.ts';

const CSS = '.style-sheets-test { outline-offset: 7px; }';

describe('shared/style-sheets', () => {
  const added: Array<{ root: Document | ShadowRoot; before: CSSStyleSheet[] }> = [];
  const remember = (root: Document | ShadowRoot) =>
    added.push({ root, before: [...root.adoptedStyleSheets] });
  afterEach(() => {
    for (const { root, before } of added.splice(0)) root.adoptedStyleSheets = before;
    for (const frame of document.querySelectorAll('iframe[data-style-sheets-test]')) frame.remove();
  });

  it('adds a sheet to the shadow root a node is in, once, and styles only that root', async () => {
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p class="style-sheets-test">in the shadow</p>';
    const inside = root.querySelector('p')!;
    remember(root);
    adoptStyles(inside, CSS);
    adoptStyles(root, CSS);
    expect(root.adoptedStyleSheets.filter((s) => s === sheetFor(CSS))).to.have.length(1);
    expect(getComputedStyle(inside).outlineOffset).to.equal('7px');
    const outside = await fixture<HTMLElement>(html`<p class="style-sheets-test">outside</p>`);
    expect(getComputedStyle(outside).outlineOffset).to.equal('0px');
  });

  it('shares one sheet per text between roots, and adds several texts at once', async () => {
    const a = (await fixture<HTMLElement>(html`<div></div>`)).attachShadow({ mode: 'open' });
    const b = (await fixture<HTMLElement>(html`<div></div>`)).attachShadow({ mode: 'open' });
    remember(a);
    remember(b);
    const other = '.style-sheets-test { color: rgb(1, 2, 3); }';
    adoptStyles(a, CSS, other);
    adoptStyles(b, CSS);
    expect(a.adoptedStyleSheets.slice(-2)).to.deep.equal([sheetFor(CSS), sheetFor(other)]);
    expect(b.adoptedStyleSheets.at(-1)).to.equal(a.adoptedStyleSheets.at(-2));
  });

  it("gives a document in an iframe a sheet of its own window (another window's cannot be adopted)", async () => {
    remember(document);
    adoptStyles(document, CSS);
    const frame = document.createElement('iframe');
    frame.dataset.styleSheetsTest = '';
    document.body.append(frame);
    const doc = frame.contentDocument!;
    doc.body.innerHTML = '<p class="style-sheets-test">framed</p>';
    adoptStyles(doc.querySelector('p'), CSS);
    expect(doc.adoptedStyleSheets).to.have.length(1);
    expect(doc.adoptedStyleSheets[0]).to.not.equal(sheetFor(CSS));
    expect(doc.adoptedStyleSheets[0]).to.equal(
      sheetFor(CSS, frame.contentWindow as Window & typeof globalThis),
    );
    expect(frame.contentWindow!.getComputedStyle(doc.querySelector('p')!).outlineOffset).to.equal('7px');
  });

  it('does nothing for a node in no document', () => {
    const loose = document.createElement('p');
    expect(() => adoptStyles(loose, CSS)).to.not.throw();
    expect(() => adoptStyles(null, CSS)).to.not.throw();
  });
});
