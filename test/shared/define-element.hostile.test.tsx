import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { z } from 'zod';
import { defineElement, type ElementViewProps } from '../../shared/define-element.tsx';
import { captureConsoleErrors, settle, shadowQuery, uniqueTag } from '../helpers/elements.ts';

/**
 * The settings reader's bounds (elements/README.md "Settings"): hostile or broken settings, nested
 * 20,000 levels, over 1e6 characters or carrying `__proto__`, `constructor` or `prototype`
 * members, give one console error naming the tag and the field (or the source), the defaults for
 * what was refused, and an element that renders; its neighbour is unaffected and nothing reaches a
 * prototype.
 */
const schema = z.object({
  label: z.string().default('Hello'),
  count: z.number().int().min(0).default(1),
  extra: z.record(z.string(), z.unknown()).default({}),
  nested: z.object({ color: z.string().default('red') }).prefault({}),
});
type Settings = z.infer<typeof schema>;
type Host = HTMLElement & { settings: Settings | string; settingsErrors: readonly string[] };

function View({ settings }: ElementViewProps<Settings>) {
  return (
    <p>
      <span className="label">{settings.label}</span>
      <span className="count">{settings.count}</span>
      <span className="color">{settings.nested.color}</span>
      <span className="extra">{Object.keys(settings.extra).join(',')}</span>
    </p>
  );
}

const tag = uniqueTag('hostile-settings');
customElements.define(
  tag,
  defineElement(View, { tag, settings: schema, styles: ':host { display: block; }' }),
);

const text = (el: Element, cls: string) => el.shadowRoot!.querySelector(`.${cls}`)?.textContent;
const DEPTH = 20_000;
/** `{"a":{"a":…1…}}`, `levels` deep, as JSON text. */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** The same as an object, built without recursion. */
function deepObject(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** A neighbour with good settings, then the element under test, set up by `prepare`. */
async function pair(prepare: (el: Host) => void): Promise<{ el: Host; neighbour: Host; errors: string[] }> {
  const box = await fixture<HTMLElement>(html`<div></div>`);
  const neighbour = document.createElement(tag) as Host;
  neighbour.setAttribute('settings', '{"label":"Neighbour","count":7}');
  box.append(neighbour);
  await shadowQuery(neighbour, '.label');
  const el = document.createElement(tag) as Host;
  const errors = await captureConsoleErrors(async () => {
    prepare(el);
    box.append(el);
    await shadowQuery(el, '.label');
    await settle();
  });
  return { el, neighbour, errors };
}

function expectWorking(el: Host, neighbour: Host) {
  expect(el.hasAttribute('data-shop-error'), 'no error fallback').to.equal(false);
  expect(el.hasAttribute('data-invalid-settings')).to.equal(true);
  expect(text(el, 'count'), 'the wrong field falls back to its default').to.equal('1');
  expect(text(neighbour, 'label')).to.equal('Neighbour');
  expect(text(neighbour, 'count')).to.equal('7');
  expect(neighbour.hasAttribute('data-invalid-settings')).to.equal(false);
  expect(({} as Record<string, unknown>).label, 'Object.prototype untouched').to.equal(undefined);
}

describe('defineElement: the settings reader bounds hostile input', () => {
  const routes: Array<[string, (el: Host, json: string) => void]> = [
    ['the settings attribute', (el, json) => el.setAttribute('settings', json)],
    [
      'a child script',
      (el, json) => {
        const script = document.createElement('script');
        script.type = 'application/json';
        script.textContent = json;
        el.append(script);
      },
    ],
  ];
  for (const [route, put] of routes) {
    it(`refuses JSON nested ${DEPTH} levels in ${route}, with one error naming it, beside a wrong field`, async () => {
      const json = `{"label":"Kept","count":-5,"deep":${deepJson(DEPTH)}}`;
      const { el, neighbour, errors } = await pair((host) => put(host, json));
      expect(errors.length, errors.join('\n').slice(0, 500)).to.equal(1);
      expect(errors[0]).to.contain(`<${tag}>`);
      // Where the engine's own JSON parser gives up first (too much recursion), the source is
      // named as invalid JSON; otherwise the deep member and the wrong field are.
      if (errors[0].includes('not valid JSON')) expect(errors[0]).to.contain('settings');
      else {
        expect(errors[0]).to.contain('deep').and.contain('count');
        expect(text(el, 'label'), 'the good field is kept').to.equal('Kept');
      }
      expectWorking(el, neighbour);
    });
  }

  it('refuses a property object nested 20,000 levels, and a cycle, with one error each', async () => {
    const { el, neighbour, errors } = await pair((host) => {
      host.settings = { label: 'Kept', count: -5, extra: deepObject(DEPTH) } as unknown as Settings;
    });
    expect(errors.length, errors.join('\n').slice(0, 500)).to.equal(1);
    expect(errors[0]).to.contain(`<${tag}>`).and.contain('extra').and.contain('count');
    expect(text(el, 'label')).to.equal('Kept');
    expectWorking(el, neighbour);

    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const again = await captureConsoleErrors(async () => {
      el.settings = { label: 'Again', extra: cycle } as unknown as Settings;
      await waitUntil(() => text(el, 'label') === 'Again');
    });
    expect(again.length).to.equal(1);
    expect(again[0]).to.contain('extra').and.not.contain('count');
    expect(text(el, 'extra')).to.equal('');
  });

  it('refuses JSON text over 1e6 characters whole, with one error naming the attribute', async () => {
    const json = JSON.stringify({ label: 'x'.repeat(1_000_001), count: -5 });
    const { el, neighbour, errors } = await pair((host) => host.setAttribute('settings', json));
    expect(errors.length).to.equal(1);
    expect(errors[0]).to.contain(`<${tag}>`).and.contain('settings attribute');
    expect(text(el, 'label')).to.equal('Hello');
    expectWorking(el, neighbour);
  });

  for (const member of ['__proto__', 'constructor', 'prototype']) {
    it(`refuses a ${member} member at any depth, reporting it once`, async () => {
      const json = `{"${member}":{"label":"Injected","count":3},"count":-5,"extra":{"ok":1,"inner":{"${member}":{"x":1}}}}`;
      const { el, neighbour, errors } = await pair((host) => host.setAttribute('settings', json));
      expect(errors.length, errors.join('\n')).to.equal(1);
      expect(errors[0]).to.contain(`<${tag}>`).and.contain(member).and.contain('extra');
      expect(text(el, 'label'), `nothing read through ${member}`).to.equal('Hello');
      expect(text(el, 'extra')).to.equal('');
      expectWorking(el, neighbour);
      expect(({} as Record<string, unknown>).x).to.equal(undefined);
    });
  }

  it('reads own members only from the property (an inherited value is not a setting)', async () => {
    const { el, errors } = await pair((host) => {
      host.settings = Object.create({ label: 'Inherited' }, { count: { value: -5, enumerable: true } });
    });
    expect(errors.length).to.equal(1);
    expect(text(el, 'label')).to.equal('Hello');
  });

  it('still reads settings 64 levels deep (a real settings object is far shallower)', async () => {
    // The whole member, `extra` included, is 64 levels: accepted.
    const json = `{"extra":{"a":${deepJson(62)}}}`;
    const { el, errors } = await pair((host) => host.setAttribute('settings', json));
    expect(errors).to.deep.equal([]);
    expect(text(el, 'extra')).to.equal('a');
    const deeper = await captureConsoleErrors(async () => {
      el.setAttribute('settings', `{"extra":{"a":${deepJson(63)}}}`);
      await waitUntil(() => text(el, 'extra') === '');
    });
    expect(deeper.length).to.equal(1);
    expect(deeper[0]).to.contain('extra');
  });
});
