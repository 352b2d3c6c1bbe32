import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { createElement } from 'react';
import { z } from 'zod';
import { elementLoaders } from '../../elements/autoloader.ts';
import { defineElement } from '../../shared/define-element.tsx';
import { messagesSchema } from '../../shared/format/messages.ts';
import {
  type ConformanceOptions,
  conformanceChecks,
  hostileSettings,
  partCovers,
  partsDocumented,
  partsUsed,
  runConformanceTests,
  strayColourLiterals,
  XSS_FLAG,
} from '../helpers/conformance.ts';
import { idle, uniqueTag } from '../helpers/elements.ts';
import { elementTags } from '../helpers/examples.ts';
import { resetShop } from '../helpers/shop.ts';

/**
 * The conformance suite (test/helpers/conformance.ts) for every element of the autoloader's map,
 * which .ci/check-entries.mjs keeps equal to the element folders: a new element is checked as
 * soon as it is in the map. The options below give an element what it needs to show something;
 * an element without an entry gets the defaults.
 */

/** The theme's search form, as WooCommerce prints it (the live search enhances it). */
const THEME_SEARCH_FORM = `
  <form role="search" method="get" class="searchform woocommerce-product-search" action="/">
    <label class="screen-reader-text" for="conformance-search-field">Search for:</label>
    <input type="search" id="conformance-search-field" class="search-field" name="s" placeholder="Search products…" autocomplete="off">
    <input type="hidden" name="post_type" value="product">
    <button type="submit">Search</button>
  </form>`;

const OPTIONS: Record<string, ConformanceOptions> = {
  // No telephone, no widget; the launcher at once, no chatbox opening by itself.
  'join-chat': { settings: { telephone: '+34 600 112 233', button_delay: -1, message_delay: 0 } },
  // WooCommerce's gallery markup (two images of the demo shop), so the gallery itself is checked.
  'product-gallery': {
    markup: ['beanie', 'cap']
      .map(
        (slug) =>
          `<div data-thumb="/shop-images/${slug}-thumb.svg" class="woocommerce-product-gallery__image"><a href="/shop-images/${slug}.svg"><img src="/shop-images/${slug}.svg" alt="${slug}" data-large_image="/shop-images/${slug}.svg" data-large_image_width="800" data-large_image_height="800"></a></div>`,
      )
      .join(''),
  },
  'shop-live-search': { markup: THEME_SEARCH_FORM },
  'shop-mini-cart': { markup: '<a href="/cart/">Cart</a>', beforeEach: resetShop },
  'shop-order-attribution': { container: 'form', containerAttributes: { 'aria-label': 'Checkout' } },
};

const tags = Object.keys(elementLoaders);
const loaded = await Promise.allSettled(tags.map((tag) => elementLoaders[tag]()));

describe('conformance', () => {
  it('covers every element folder (the autoloader map lists them all)', async () => {
    expect(tags.slice().sort()).to.deep.equal(await elementTags());
  });

  tags.forEach((tag, index) => {
    const outcome = loaded[index];
    if (outcome.status === 'rejected') {
      it(`<${tag}> loads`, () => {
        throw outcome.reason;
      });
      return;
    }
    runConformanceTests(tag, OPTIONS[tag]);
  });
});

/** Runs a check that must fail on a canary; returns its message. */
async function failure(check: () => Promise<void>): Promise<string> {
  try {
    await check();
  } catch (error) {
    return `${error}\n${(error as { cause?: unknown }).cause ?? ''}`;
  }
  throw new Error('the check passed on a canary made to break it');
}

describe('the conformance checks catch what they promise to', () => {
  it('finds parts in attributes, both branches, template literals and a local variable', () => {
    const view = `
      <div part="root panel" data-part="not-this">
        <span part={open ? 'open-button' : "closed-button"} />
        <li part={\`line \${active ? 'line--active' : ''}\`} />
        <p part={parts} />
      </div>`;
    const source = `const parts = ['option', disabled && 'option--disabled'].filter(Boolean).join(' ');\n${view}`;
    expect(partsUsed(source)).to.deep.equal(
      [
        'closed-button',
        'line',
        'line--active',
        'open-button',
        'option',
        'option--disabled',
        'panel',
        'root',
      ].sort(),
    );
    expect(
      partsDocumented(' * @csspart panel - The panel.\n * @csspart close-button - Close.'),
    ).to.deep.equal(['close-button', 'panel']);
    // A part built from data is a family: `option--type-${type}` covers the documented members.
    expect(partsUsed('<li part={`option--type-${type}`} />')).to.deep.equal(['option--type-']);
    expect(partCovers('option--type-', 'option--type-page')).to.equal(true);
    expect(partCovers('option--type-', 'option--typed')).to.equal(false);
    expect(partCovers('option', 'option--active')).to.equal(false);
    // Nodes an extra builds itself.
    expect(
      partsUsed(`box.setAttribute('part', 'image-preview'); box.setAttribute("title", 'x');`),
    ).to.deep.equal(['image-preview']);
  });

  it('flags colour literals outside --_* declarations, not inside them or in comments', () => {
    const css = [
      '/* the default is #fff */',
      ':host { --_accent: var(--accent, #446084); --_x: 1px; }',
      '  --_shadow: 0 1px 2px rgb(0 0 0 / .2);',
      '.a { color: #fff; }',
      '.b { background: hsl(0 0% 50%); }',
      '.c { border-color: var(--_border-color); }',
    ].join('\n');
    expect(strayColourLiterals(css)).to.deep.equal([
      'line 4: .a { color: #fff; }',
      'line 5: .b { background: hsl(0 0% 50%); }',
    ]);
  });

  it('generates settings that the schema rejects at the named field', () => {
    const schema = z.object({
      size: z.number().int().default(1),
      mode: z.enum(['a', 'b']).default('a'),
      messages: messagesSchema({ label: 'Hi' }),
    });
    for (const hostile of fc.sample(hostileSettings(schema), 50)) {
      const result = schema.safeParse(hostile.settings);
      expect(result.success, JSON.stringify(hostile.settings).slice(0, 200)).to.equal(false);
      const paths = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
      expect(paths.some((p) => p === hostile.field || p.startsWith(`${hostile.field}.`))).to.equal(true);
    }
  });

  it('catches an element that renders a setting as markup', async function () {
    this.timeout(60_000);
    const tag = uniqueTag('conformance-leaky');
    const settings = z.object({ size: z.number().default(1), messages: messagesSchema({ label: 'Hi' }) });
    const Leaky = defineElement(
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the canary the markup check must catch
      ({ settings: s }) => createElement('p', { dangerouslySetInnerHTML: { __html: s.messages.label } }),
      { tag, settings, styles: '' },
    );
    Leaky.define();
    const message = await failure(() => conformanceChecks.hostileSettings(tag, { numRuns: 40 }, 'attribute'));
    expect(message).to.match(/hostile markup|ran/);
    await idle(200); // an image error handler may still run
    (window as unknown as Record<string, number>)[XSS_FLAG] = 0;
  });

  it('catches an element that renders again when moved, and one without static define()', async () => {
    const tag = uniqueTag('conformance-rerender');
    class Rerender extends HTMLElement {
      static readonly tag = tag;
      static define() {
        if (!customElements.get(tag)) customElements.define(tag, Rerender);
        return customElements.get(tag)!;
      }
      connectedCallback() {
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        root.replaceChildren(document.createElement('p'));
      }
    }
    Rerender.define();
    expect(await failure(() => conformanceChecks.moved(tag, {}))).to.contain('React root was kept');
    const bare = uniqueTag('conformance-bare');
    customElements.define(bare, class extends HTMLElement {});
    expect(await failure(() => conformanceChecks.staticSurface(bare))).to.contain('expected undefined');
  });

  it('catches an element that animates its panel from a script under reduced motion', async function () {
    this.timeout(20_000);
    const tag = uniqueTag('conformance-restless');
    const settings = z.object({ messages: messagesSchema({ label: 'More' }) });
    defineElement(
      ({ settings: s }) =>
        createElement(
          'button',
          {
            type: 'button',
            'aria-expanded': false,
            onClick: (e: { currentTarget: HTMLElement }) =>
              e.currentTarget.animate([{ opacity: 0 }, { opacity: 1 }], 10_000),
          },
          s.messages.label,
        ),
      { tag, settings, styles: '' },
    ).define();
    expect(await failure(() => conformanceChecks.reducedMotion(tag, {}))).to.contain('after pressing button');
  });

  it('catches a controller connected again on a move and never stopped, and an element without one', async () => {
    const tag = uniqueTag('conformance-leaking-controller');
    class Leaking extends HTMLElement {
      readonly controller = { connect: () => () => {} };
      connectedCallback() {
        // The old shape: connected on every connection, the stop thrown away.
        this.controller.connect();
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        root.replaceChildren(document.createElement('p'));
      }
    }
    customElements.define(tag, Leaking);
    expect(await failure(() => conformanceChecks.controllerLifecycle(tag, {}))).to.contain(
      'after a move within the page',
    );
    const plain = uniqueTag('conformance-no-controller');
    const settings = z.object({ messages: messagesSchema({ label: 'Hi' }) });
    defineElement(({ settings: s }) => createElement('p', null, s.messages.label), {
      tag: plain,
      settings,
      styles: '',
    }).define();
    expect(await failure(() => conformanceChecks.controllerLifecycle(plain, {}))).to.contain(
      'has a controller',
    );
  });
});
