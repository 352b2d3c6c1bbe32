import { useStore } from '@nanostores/react';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { atom, onMount } from 'nanostores';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { defineElement, type ElementViewProps, parseSettings } from '../../shared/define-element.tsx';
import { captureConsoleErrors, resizeViewport, settle, shadowQuery, uniqueTag } from '../helpers/elements.ts';

const schema = z.object({
  label: z.string().default('Hello'),
  count: z.number().int().min(0).default(1),
  open: z.boolean().default(false),
  nested: z.object({ color: z.string().default('red') }).prefault({}),
});
type Settings = z.infer<typeof schema>;

let mounts = 0;
let unmounts = 0;
function Probe({ settings }: ElementViewProps<Settings>) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    mounts += 1;
    return () => {
      unmounts += 1;
    };
  }, []);
  return (
    <button type="button" part="button" onClick={() => setClicks((c) => c + 1)}>
      <span className="label">{settings.label}</span>
      <span className="count">{settings.count}</span>
      <span className="open">{String(settings.open)}</span>
      <span className="color">{settings.nested.color}</span>
      <span className="clicks">{clicks}</span>
    </button>
  );
}

function Field({ internals }: ElementViewProps<Settings>) {
  useEffect(() => {
    internals!.setFormValue('chosen');
    internals!.setValidity({});
  }, [internals]);
  return <button type="button">field</button>;
}

/** A store with a lifecycle, read by a view only through `useStore` (the `stores` test). */
const $count = atom(0);
let starts = 0;
let stops = 0;
onMount($count, () => {
  starts++;
  return () => {
    stops++;
  };
});
function StoreReader() {
  return <p>{useStore($count)}</p>;
}

function define(view = Probe, extra: { formAssociated?: boolean } = {}) {
  const tag = uniqueTag();
  const Cls = defineElement(view, {
    tag,
    settings: schema,
    styles: ':host { display: block; } .label { color: rgb(1, 2, 3); }',
    attributes: {
      open: { key: 'open', type: 'boolean' },
      label: { key: 'label', type: 'string' },
      count: { key: 'count', type: 'number' },
    },
    ...extra,
  });
  customElements.define(tag, Cls);
  return tag;
}

async function make(
  tag: string,
  markup = '',
): Promise<HTMLElement & { settings: Settings; settingsErrors: string[] }> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  host.innerHTML = `<${tag} ${markup}></${tag}>`;
  const el = host.firstElementChild as HTMLElement & { settings: Settings; settingsErrors: string[] };
  await shadowQuery(el, 'button');
  return el;
}
const text = (el: Element, cls: string) => el.shadowRoot!.querySelector(`.${cls}`)!.textContent;

/** A controller that logs its lifecycle, for the controller tests. */
class Counter {
  readonly $count = atom(0);
  constructor(readonly log: string[]) {}
  connect() {
    this.log.push('connect');
    return () => this.log.push('stop');
  }
}

const CounterView = ({ controller }: ElementViewProps<z.infer<typeof schema>, Counter>) => (
  <output>{useStore(controller.$count)}</output>
);

describe('defineElement', () => {
  describe('rendering', () => {
    it('renders the view into an open shadow root with an adopted stylesheet and no <style> tag', async () => {
      const el = await make(define());
      expect(el.shadowRoot!.mode).to.equal('open');
      expect(el.shadowRoot!.querySelector('style')).to.equal(null);
      expect(el.shadowRoot!.adoptedStyleSheets.length).to.equal(2);
      expect(getComputedStyle(el.shadowRoot!.querySelector('.label')!).color).to.equal('rgb(1, 2, 3)');
      expect(text(el, 'label')).to.equal('Hello');
    });

    it('shares one stylesheet object between instances', async () => {
      const tag = define();
      const a = await make(tag);
      const b = await make(tag);
      expect(a.shadowRoot!.adoptedStyleSheets[1]).to.equal(b.shadowRoot!.adoptedStyleSheets[1]);
    });

    it('upgrades markup that was on the page before the definition loaded', async () => {
      const tag = uniqueTag();
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = `<${tag} label="Early"></${tag}>`;
      const el = host.firstElementChild as HTMLElement;
      expect(el.shadowRoot).to.equal(null);
      customElements.define(
        tag,
        defineElement(Probe, {
          tag,
          settings: schema,
          styles: '',
          attributes: { label: { key: 'label', type: 'string' } },
        }),
      );
      await shadowQuery(el, 'button');
      expect(text(el, 'label')).to.equal('Early');
    });

    it('applies its @media rules again when the viewport crosses them', async () => {
      // WebKit kept the answer a shared sheet had before a resize (shared/define-element.tsx).
      const tag = uniqueTag();
      const styles =
        '.label { position: absolute; } @media (max-width: 549px) { .label { position: fixed; } }';
      customElements.define(tag, defineElement(Probe, { tag, settings: schema, styles }));
      const position = (el: Element) => getComputedStyle(el.shadowRoot!.querySelector('.label')!).position;
      const before = await make(tag);
      expect(position(before)).to.equal('absolute');
      before.remove(); // no instance on the page while the viewport changes
      try {
        await resizeViewport({ width: 400, height: 700 });
        await waitUntil(() => matchMedia('(max-width: 549px)').matches, 'the viewport did not narrow');
        const narrow = await make(tag);
        await waitUntil(() => position(narrow) === 'fixed', 'the narrow-screen rule was not applied');
      } finally {
        await resizeViewport({ width: 1024, height: 768 });
      }
      const wide = await make(tag);
      await waitUntil(() => position(wide) === 'absolute', 'the wide-screen rule was not applied again');
    });

    it('renders many instances', async () => {
      const tag = define();
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = Array.from({ length: 100 }, (_, i) => `<${tag} count="${i}"></${tag}>`).join('');
      await waitUntil(() => [...host.children].every((c) => c.shadowRoot?.querySelector('.count')));
      expect(text(host.children[99], 'count')).to.equal('99');
    });
  });

  describe('settings', () => {
    it('reads the settings attribute, a child JSON script, the property and individual attributes in that order', async () => {
      const tag = define();
      const el = await make(tag, `settings='{"label":"FromAttr","count":4}'`);
      expect(text(el, 'label')).to.equal('FromAttr');
      expect(text(el, 'count')).to.equal('4');

      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = `<${tag}><script type="application/json">{"label":"FromScript","nested":{"color":"blue"}}</script></${tag}>`;
      const scripted = host.firstElementChild!;
      await shadowQuery(scripted, 'button');
      expect(text(scripted, 'label')).to.equal('FromScript');
      expect(text(scripted, 'color')).to.equal('blue');

      el.settings = { label: 'FromProperty' } as Settings;
      await waitUntil(() => text(el, 'label') === 'FromProperty');
      el.setAttribute('label', 'FromLabelAttribute');
      await waitUntil(() => text(el, 'label') === 'FromLabelAttribute');
      el.setAttribute('count', '7');
      await waitUntil(() => text(el, 'count') === '7');
    });

    it('reports a bad field once, naming the tag and the field, and keeps the good fields', async () => {
      const tag = define();
      let el!: Awaited<ReturnType<typeof make>>;
      const errors = await captureConsoleErrors(async () => {
        el = await make(tag, `settings='{"label":"Kept","count":-3,"nested":{"color":5}}'`);
      });
      expect(errors.length).to.equal(1);
      expect(errors[0]).to.contain(`<${tag}>`);
      expect(errors[0]).to.contain('count');
      expect(errors[0]).to.contain('nested.color');
      expect(text(el, 'label')).to.equal('Kept');
      expect(text(el, 'count')).to.equal('1');
      expect(text(el, 'color')).to.equal('red');
      expect(el.settingsErrors.length).to.equal(2);
      expect(el.hasAttribute('data-invalid-settings')).to.equal(true);
    });

    it('falls back to defaults on malformed JSON without throwing', async () => {
      const tag = define();
      let el!: Awaited<ReturnType<typeof make>>;
      const errors = await captureConsoleErrors(async () => {
        el = await make(tag, `settings='{"label": oops'`);
      });
      expect(errors.join('\n')).to.contain(`<${tag}>`).and.contain('not valid JSON');
      expect(text(el, 'label')).to.equal('Hello');
      el.setAttribute('settings', '{"label":"Fixed"}');
      await waitUntil(() => text(el, 'label') === 'Fixed');
      expect(el.hasAttribute('data-invalid-settings')).to.equal(false);
    });

    it('a non-numeric number attribute is reported and defaulted', async () => {
      const tag = define();
      let el!: Awaited<ReturnType<typeof make>>;
      const errors = await captureConsoleErrors(async () => {
        el = await make(tag, 'count="many"');
      });
      expect(errors[0]).to.contain('count');
      expect(text(el, 'count')).to.equal('1');
    });

    it('handles HTML boolean attributes', async () => {
      const tag = define();
      const el = await make(tag, 'open');
      expect(text(el, 'open')).to.equal('true');
      el.removeAttribute('open');
      await waitUntil(() => text(el, 'open') === 'false');
      el.setAttribute('open', '');
      await waitUntil(() => text(el, 'open') === 'true');
      el.setAttribute('open', 'false');
      await waitUntil(() => text(el, 'open') === 'false');
    });

    it('parseSettings keeps valid fields and defaults the rest', () => {
      const { value, errors } = parseSettings(schema, { label: 3, count: 2 });
      expect(value).to.deep.equal({ label: 'Hello', count: 2, open: false, nested: { color: 'red' } });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('label');
      expect(parseSettings(schema, 'nonsense').value.label).to.equal('Hello');
    });
  });

  describe('lifecycle', () => {
    it('keeps its React root and state when moved, and unmounts when removed', async () => {
      const tag = define();
      const el = await make(tag);
      el.shadowRoot!.querySelector('button')!.click();
      await waitUntil(() => text(el, 'clicks') === '1');
      const before = { mounts, unmounts };
      const other = await fixture<HTMLElement>(html`<section></section>`);
      other.append(el); // a move: disconnect + connect in one task
      await settle();
      expect(text(el, 'clicks')).to.equal('1');
      expect(el.shadowRoot!.querySelectorAll('button').length).to.equal(1);
      expect(mounts - before.mounts).to.equal(0);

      el.remove();
      await settle();
      expect(unmounts - before.unmounts).to.equal(1);
      expect(el.shadowRoot!.childElementCount).to.equal(0);

      other.append(el); // re-added later: one fresh root
      await shadowQuery(el, 'button');
      expect(el.shadowRoot!.querySelectorAll('button').length).to.equal(1);
      expect(mounts - before.mounts).to.equal(1);
    });
    it("keeps its definition's stores started while on the page, listened to before the first render", async () => {
      const tag = uniqueTag();
      customElements.define(
        tag,
        defineElement(StoreReader, { tag, settings: schema, styles: '', stores: [$count] }),
      );
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const el = document.createElement(tag);
      host.append(el);
      // Before React renders: a render-time read cannot start and stop the store by itself.
      expect($count.lc).to.equal(1);
      expect(starts).to.equal(1);
      await shadowQuery(el, 'p');
      const other = await fixture<HTMLElement>(html`<section></section>`);
      other.append(el); // a move keeps it started
      await settle();
      expect([starts, stops]).to.deep.equal([1, 0]);
      el.remove();
      await settle();
      expect($count.lc).to.equal(0);
      // The store's own delayed unmount (nanostores: 1 s) then stops it.
      await waitUntil(() => stops === 1, 'the store never stopped', { timeout: 3000 });
      expect(starts).to.equal(1);
    });
    it('creates its controller once, hands it to the view, connects it per connection and stops it on removal', async () => {
      const tag = uniqueTag();
      const log: string[] = [];
      customElements.define(
        tag,
        defineElement(CounterView, { tag, settings: schema, styles: '', controller: () => new Counter(log) }),
      );
      const el = document.createElement(tag) as HTMLElement & { controller: Counter };
      const controller = el.controller;
      expect(el.controller, 'one controller per element').to.equal(controller);
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.append(el);
      expect(log, 'connected before the first render').to.deep.equal(['connect']);
      controller.$count.set(3);
      await waitUntil(
        () => el.shadowRoot?.querySelector('output')?.textContent === '3',
        'the view renders its state',
      );
      const other = await fixture<HTMLElement>(html`<section></section>`);
      other.append(el);
      await settle();
      expect(log, 'a move keeps it connected').to.deep.equal(['connect']);
      el.remove();
      await settle();
      expect(log).to.deep.equal(['connect', 'stop']);
      host.append(el);
      expect(log).to.deep.equal(['connect', 'stop', 'connect']);
      expect(el.controller).to.equal(controller);
      el.remove();
      await settle();
    });
  });

  describe('errors', () => {
    it('an element whose view throws shows its light DOM fallback and leaves its neighbours working', async () => {
      const broken = uniqueTag();
      customElements.define(
        broken,
        defineElement(
          () => {
            throw new Error('boom');
          },
          { tag: broken, settings: schema, styles: '' },
        ),
      );
      const good = define();
      const host = await fixture<HTMLElement>(html`<div></div>`);
      let errors: string[] = [];
      errors = await captureConsoleErrors(async () => {
        host.innerHTML = `<${broken}><a href="/cart/">Cart</a></${broken}><${good}></${good}>`;
        await waitUntil(() => host.firstElementChild?.shadowRoot?.querySelector('slot'));
      });
      const brokenEl = host.firstElementChild!;
      expect(brokenEl.hasAttribute('data-shop-error')).to.equal(true);
      expect((brokenEl.querySelector('a') as HTMLElement).offsetHeight).to.be.greaterThan(0);
      expect(errors.some((e) => e.includes(`<${broken}>: failed to render`))).to.equal(true);
      await shadowQuery(host.lastElementChild!, 'button');
    });

    it('a controller that fails to start is reported once, naming the tag; the element still renders', async () => {
      const tag = uniqueTag();
      customElements.define(
        tag,
        defineElement(() => <p>shown</p>, {
          tag,
          settings: schema,
          styles: '',
          controller: () => ({
            connect(): () => void {
              throw new Error('no start');
            },
          }),
        }),
      );
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const errors = await captureConsoleErrors(async () => {
        host.innerHTML = `<${tag}></${tag}>`;
        await shadowQuery(host.firstElementChild!, 'p');
      });
      expect(errors.filter((e) => e.includes(`<${tag}>: failed to start its controller`))).to.have.length(1);
      expect(host.firstElementChild!.hasAttribute('data-shop-error')).to.equal(true);
      host.firstElementChild!.remove(); // no stop to call: nothing throws
      await settle();
    });
  });

  describe('forms', () => {
    it('a form-associated element contributes its value and validity', async () => {
      const tag = uniqueTag();
      customElements.define(
        tag,
        defineElement(Field, { tag, settings: schema, styles: '', formAssociated: true }),
      );
      const form = await fixture<HTMLFormElement>(html`<form></form>`);
      form.innerHTML = `<input name="plain" value="p"><${tag} name="extra"></${tag}>`;
      const el = form.lastElementChild as HTMLElement & { form: HTMLFormElement; checkValidity(): boolean };
      await shadowQuery(el, 'button');
      await waitUntil(() => new FormData(form).get('extra') === 'chosen');
      expect(el.form).to.equal(form);
      expect(el.checkValidity()).to.equal(true);
    });
  });
});
