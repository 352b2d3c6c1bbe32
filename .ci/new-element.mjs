// @ts-check
// `npm run new-element <tag>`: scaffolds a working element in the house anatomy
// (elements/README.md): the element, view, controller, settings and styles files, its element and
// controller tests, an example page linked from examples/index.html, the autoloader entry and
// the package.json export. The new element then passes the conformance suite and
// .ci/check-entries.mjs as it is; rename and grow it from there.
//
//   node .ci/new-element.mjs <tag> [--root <dir>]
//
// --root writes into (and reads package.json, elements/autoloader.ts, examples/index.html from)
// another copy of the project; .ci/check-scaffold.mjs uses it to prove the scaffold works.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './element-tags.mjs';

/** Names the HTML spec reserves; they contain a hyphen but cannot be custom elements. */
const RESERVED = [
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
];

/** Why `tag` cannot be a new element's tag, or '' when it can. @param {string} tag */
export function tagProblem(tag) {
  if (!tag) return 'give the tag of the new element, e.g. `npm run new-element shop-wish-list`.';
  if (tag !== tag.toLowerCase()) return `"${tag}" has capitals; tags are lowercase: ${tag.toLowerCase()}.`;
  if (!tag.includes('-')) return `"${tag}" has no hyphen; custom element tags need one, e.g. shop-wish-list.`;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(tag))
    return `"${tag}" is not a tag: lowercase letters and digits in words joined by single hyphens, starting with a letter.`;
  if (RESERVED.includes(tag)) return `"${tag}" is reserved by HTML.`;
  return '';
}

/** `shop-wish-list` -> `ShopWishList`. @param {string} tag */
const pascal = (tag) => tag.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

/** Names derived from the tag (STYLE.md "Names"). @param {string} tag */
export function namesFor(tag) {
  const bare = tag.startsWith('shop-') ? tag.slice(5) : tag;
  const view = pascal(bare); // views are PascalCase without the shop- prefix (MiniCart)
  const camel = view[0].toLowerCase() + view.slice(1);
  const words = bare.replace(/-/g, ' ');
  return {
    tag,
    className: `${pascal(tag)}Element`,
    view,
    settings: `${camel}Settings`,
    settingsType: `${view}Settings`,
    state: `${view}State`,
    controller: `${view}Controller`,
    title: words[0].toUpperCase() + words.slice(1),
  };
}

/** The files of a new element, by path relative to the project root. @param {string} tag */
export function elementFiles(tag) {
  const n = namesFor(tag);
  return {
    [`elements/${tag}/${tag}.ts`]: `import { defineElement } from '../../shared/define-element.tsx';
import { ${n.controller} } from './${tag}.controller.ts';
import { ${n.settings} } from './${tag}.settings.ts';
import { styles } from './${tag}.styles.ts';
import { ${n.view} } from './${tag}.view.tsx';

/**
 * ${n.title}: say in a paragraph what the shopper sees and does, with the spec section it
 * implements (spec §…). Light-DOM content is the no-JavaScript fallback, shown if rendering fails.
 *
 * @tagname ${tag}
 * @summary ${n.title} (one line for the docs).
 * @attr {string} settings - JSON matching \`${n.settings}\`; invalid fields are reported and their defaults used.
 * @csspart button - The button.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Button background.
 * @cssproperty [--on-accent=var(--shop-color-accent-text, #fff)] - Button text.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Button corner radius.
 */
export class ${n.className} extends defineElement(${n.view}, {
  tag: '${tag}',
  settings: ${n.settings},
  styles,
  // Created once per element; connected while it is on the page (shared/define-element.tsx).
  controller: ({ settings$ }) => new ${n.controller}({ settings: settings$ }),
}) {}

${n.className}.define();

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': ${n.className};
  }
}
`,

    [`elements/${tag}/${tag}.view.tsx`]: `import { useStore } from '@nanostores/react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { languageOf, plural } from '../../shared/format/messages.ts';
import type { ${n.controller} } from './${tag}.controller.ts';
import type { ${n.settingsType} } from './${tag}.settings.ts';

/**
 * The view of \`<${tag}>\`: renders the controller's state and forwards the shopper's intents.
 * No timers, requests or page listeners here: they belong in the controller, which the element
 * creates and connects (the view never does).
 */
export function ${n.view}({ settings, host, controller }: ElementViewProps<${n.settingsType}, ${n.controller}>) {
  const { count } = useStore(controller.$state);
  const { messages } = settings;
  const status =
    count > 0 ? plural(languageOf(host), count, { one: messages.pressedOne, other: messages.pressed }) : '';
  return (
    <>
      <button type="button" part="button" className="button" onClick={controller.press}>
        {messages.button}
      </button>
      <p className="message" role="status">
        {status}
      </p>
    </>
  );
}
`,

    [`elements/${tag}/${tag}.controller.ts`]: `import { atom, type ReadableAtom } from 'nanostores';
import type { ${n.settingsType} } from './${tag}.settings.ts';

/** What the view renders. */
export interface ${n.state} {
  /** How often the button was pressed (at most \`settings.max\`). */
  count: number;
}

export interface ${n.controller}Options {
  /** The element's settings (\`settings$\` from defineElement, or an atom in a test). */
  settings: ReadableAtom<Pick<${n.settingsType}, 'max'>>;
}

/**
 * The behaviour of \`<${tag}>\`, without React: state as stores, one method per intent, and
 * \`connect()\`, which starts what runs while the element is on the page and returns its stop
 * (shared/define-element.tsx, \`ElementController\`). When it needs time, storage or the shop,
 * take them as options with the page's as defaults (\`clock = pageClock\` from shared/clock.ts,
 * as shop-mini-cart.controller.ts does), so tests pass a fake clock or a test double.
 */
export class ${n.controller} {
  readonly #state = atom<${n.state}>({ count: 0 });
  readonly #settings: ${n.controller}Options['settings'];

  constructor({ settings }: ${n.controller}Options) {
    this.#settings = settings;
  }

  /** The state the view subscribes to. */
  get $state(): ReadableAtom<${n.state}> {
    return this.#state;
  }

  /** While connected, a lower \`max\` lowers the count with it. Returns the stop. */
  connect(): () => void {
    return this.#settings.subscribe(({ max }) => {
      if (this.#state.get().count > max) this.#state.set({ count: max });
    });
  }

  /** Intent: the shopper pressed the button. */
  readonly press = (): void => {
    const { count } = this.#state.get();
    if (count < this.#settings.get().max) this.#state.set({ count: count + 1 });
  };
}
`,

    [`elements/${tag}/${tag}.settings.ts`]: `import { z } from 'zod';
import { messagesSchema } from '../../shared/format/messages.ts';

/** Settings of \`<${tag}>\`: every field defaulted (\`parse({})\` works), visible strings under \`messages\`. */
export const ${n.settings} = z.object({
  /** Most presses counted. */
  max: z.number().int().min(1).max(1000).default(10),
  /** Visible strings; \`pressedOne\`/\`pressed\` are the plural forms (one/other) of the count. */
  messages: messagesSchema({
    button: 'Press me',
    pressedOne: 'Pressed once.',
    pressed: 'Pressed {count} times.',
  }),
});

export type ${n.settingsType} = z.infer<typeof ${n.settings}>;
`,

    [`elements/${tag}/${tag}.styles.ts`]: `/**
 * Styles of \`<${tag}>\`, adopted after styles/base.styles.ts. Read the knob vocabulary
 * (\`var(--_accent)\`, \`var(--_radius)\`, ...); a knob of the element's own is declared once at the
 * top of :host as \`--_name: var(--name, <fallback>)\`, the only place a colour literal may appear.
 */
export const styles = /* css */ \`
:host {
  display: inline-block;
}
.button {
  font: inherit;
  padding: 0.5em 1em;
  border: 1px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_accent);
  color: var(--_on-accent);
  cursor: pointer;
}
.message {
  margin: 0.5em 0 0;
  min-height: 1.5em;
}
\`;
`,

    [`test/elements/${tag}/${tag}.test.ts`]: `import { expect, fixture, html } from '@open-wc/testing';
import type { ${n.className} } from '../../../elements/${tag}/${tag}.ts';
import '../../../elements/${tag}/${tag}.ts';
import { captureConsoleErrors, shadowQuery, untilQuiet } from '../../helpers/elements.ts';

/** Presses the button and waits for the view to commit. */
async function press(el: ${n.className}) {
  (await shadowQuery<HTMLButtonElement>(el, 'button')).click();
  await untilQuiet([el.shadowRoot]);
}

const message = (el: ${n.className}) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;

describe('${tag}', () => {
  describe('rendering', () => {
    it('renders the button; pressing it counts in the page language', async () => {
      const el = await fixture<${n.className}>(html\`<${tag}></${tag}>\`);
      const button = await shadowQuery<HTMLButtonElement>(el, '[part="button"]');
      expect(button.textContent).to.equal('Press me');
      expect(message(el)).to.equal('');
      await press(el);
      expect(message(el)).to.equal('Pressed once.');
      await press(el);
      expect(message(el)).to.equal('Pressed 2 times.');
    });
  });

  describe('settings', () => {
    it('takes messages and max from the settings attribute', async () => {
      const el = await fixture<${n.className}>(
        html\`<${tag} settings='{"max":1,"messages":{"button":"Try","pressedOne":"Done."}}'></${tag}>\`,
      );
      expect((await shadowQuery(el, 'button')).textContent).to.equal('Try');
      await press(el);
      await press(el);
      expect(message(el)).to.equal('Done.');
    });

    it('reports bad input once, naming the field, and renders with the default', async () => {
      let el: ${n.className} | undefined;
      const errors = await captureConsoleErrors(async () => {
        el = await fixture<${n.className}>(html\`<${tag} settings='{"max":"lots"}'></${tag}>\`);
        await untilQuiet([el.shadowRoot]);
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<${tag}>').and.to.contain('max');
      expect(el!.hasAttribute('data-invalid-settings')).to.equal(true);
      expect(el!.settings.max).to.equal(10);
      expect((await shadowQuery(el!, 'button')).textContent).to.equal('Press me');
    });
  });

  describe('accessibility', () => {
    it('passes axe, before and after a press', async () => {
      const el = await fixture<${n.className}>(html\`<${tag}></${tag}>\`);
      await shadowQuery(el, 'button');
      await expect(el).to.be.accessible();
      await press(el);
      await expect(el).to.be.accessible();
    });
  });
});
`,

    [`test/elements/${tag}/${tag}.controller.test.ts`]: `import { expect } from '@open-wc/testing';
import { atom } from 'nanostores';
import { ${n.controller} } from '../../../elements/${tag}/${tag}.controller.ts';

describe('${tag} controller', () => {
  it('counts presses up to max, and follows a change of max', () => {
    const settings = atom({ max: 2 });
    const controller = new ${n.controller}({ settings });
    controller.press();
    controller.press();
    controller.press();
    expect(controller.$state.get().count).to.equal(2);
    settings.set({ max: 3 });
    controller.press();
    expect(controller.$state.get().count).to.equal(3);
  });

  it('lowers the count with max while connected, and not after its stop', () => {
    const settings = atom({ max: 3 });
    const controller = new ${n.controller}({ settings });
    const stop = controller.connect();
    controller.press();
    controller.press();
    settings.set({ max: 1 });
    expect(controller.$state.get().count).to.equal(1);
    stop();
    settings.set({ max: 5 });
    controller.press();
    settings.set({ max: 0 });
    expect(controller.$state.get().count).to.equal(2);
  });
});
`,

    [`examples/${tag}.html`]: `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/examples/favicon.svg" type="image/svg+xml">
<title>${n.title} &ndash; Storefront elements examples</title>
<meta name="description" content="The ${tag} element.">
<link rel="stylesheet" href="/styles/tokens.css">
<link rel="stylesheet" href="/examples/demo.css">
<!-- Page configuration as JSON (strict CSP: no inline script globals). -->
<script type="application/json" id="shop-config">{"wc_add_to_cart_params":{"cart_url":"/cart/"}}</script>
<!-- One script for the whole page: it loads each element's code when its tag is on the page. -->
<script type="module" src="/elements/autoloader.ts"></script>
</head>
<body>
<header class="site-header">
<div class="site-branding"><a class="site-title" href="/examples/" rel="home">Storefront elements</a></div>
<nav class="site-nav" aria-label="Primary"><a href="/examples/">Examples</a><a href="/shop/">Demo shop</a><a href="/cart/">Cart</a></nav>
</header>
<main id="main" class="site-main">
<h1 class="page-title">${n.title}</h1>
<p><code>&lt;${tag}&gt;</code> with its defaults:</p>
<${tag}></${tag}>
<p>The same element with its texts and limit set through the <code>settings</code> attribute:</p>
<${tag} settings='{"max":3,"messages":{"button":"Try me","pressed":"Tried {count} times."}}'></${tag}>
</main>
<footer class="site-footer"><p>Storefront elements &mdash; examples over the demo shop; nothing here is for sale.</p></footer>
</body>
</html>
`,
  };
}

/** Inserts the autoloader line of `tag` in sorted place. @param {string} source @param {string} tag */
export function withLoader(source, tag) {
  const entry = /^ {2}'([^']+)': \(\) => import\('\.\/[^']+'\),$/gm;
  const entries = [...source.matchAll(entry)];
  if (entries.length === 0) throw new Error('elements/autoloader.ts: found no elementLoaders entries');
  const line = `  '${tag}': () => import('./${tag}/${tag}.ts'),`;
  const after = entries.filter((m) => m[1] < tag).at(-1);
  const at = after ? (after.index ?? 0) + after[0].length + 1 : (entries[0].index ?? 0);
  return `${source.slice(0, at)}${line}\n${source.slice(at)}`;
}

/** package.json with `exports["./<tag>"]`, among the elements in sorted place. @param {string} text @param {string} tag */
export function withExport(text, tag) {
  const pkg = JSON.parse(text);
  const fixed = ['.', './autoloader', './custom-elements.json'];
  /** @type {[string, unknown][]} */
  const entries = Object.entries(pkg.exports);
  const elements = entries.filter(([key]) => !fixed.includes(key));
  elements.push([`./${tag}`, { types: `./dist/types/${tag}.d.ts`, default: `./dist/${tag}.js` }]);
  elements.sort(([a], [b]) => (a < b ? -1 : 1));
  pkg.exports = Object.fromEntries([
    ...entries.filter(([key]) => key === '.' || key === './autoloader'),
    ...elements,
    ...entries.filter(([key]) => key === './custom-elements.json'),
  ]);
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** examples/index.html with a link to the new page at the end of the Elements list. @param {string} html @param {string} tag */
export function withIndexLink(html, tag) {
  const heading = html.indexOf('<h2>Elements</h2>');
  const end = heading < 0 ? -1 : html.indexOf('</ul>', heading);
  if (end < 0) throw new Error('examples/index.html: found no <h2>Elements</h2> list');
  const { title } = namesFor(tag);
  const item = `<li><a href="/examples/${tag}.html">${title}</a> &mdash; <code>&lt;${tag}&gt;</code>: a button that counts (replace with what the element does).</li>\n`;
  return html.slice(0, end) + item + html.slice(end);
}

/** Scaffolds `tag` under `root`; returns the paths written or changed. @param {string} tag @param {string} root */
export function scaffold(tag, root = ROOT) {
  const problem = tagProblem(tag);
  if (problem) throw new Error(problem);
  const loaderPath = join(root, 'elements/autoloader.ts');
  const pkgPath = join(root, 'package.json');
  const indexPath = join(root, 'examples/index.html');
  const loader = readFileSync(loaderPath, 'utf8');
  const pkgText = readFileSync(pkgPath, 'utf8');
  const files = elementFiles(tag);
  const taken = [
    existsSync(join(root, 'elements', tag)) && `elements/${tag}/ exists`,
    loader.includes(`'${tag}':`) && `elements/autoloader.ts already loads '${tag}'`,
    `./${tag}` in JSON.parse(pkgText).exports && `package.json already exports ./${tag}`,
    ...Object.keys(files).map((path) => existsSync(join(root, path)) && `${path} exists`),
  ].filter(Boolean);
  if (taken.length) {
    const more = taken.length > 2 ? `, and ${taken.length - 2} more` : '';
    throw new Error(`<${tag}> exists already (${taken.slice(0, 2).join('; ')}${more}); pick another tag.`);
  }

  const index = readFileSync(indexPath, 'utf8');
  const changes = {
    ...files,
    'elements/autoloader.ts': withLoader(loader, tag),
    'package.json': withExport(pkgText, tag),
    'examples/index.html': withIndexLink(index, tag),
  };
  for (const [path, text] of Object.entries(changes)) {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  // Line breaks depend on the length of the names: let the project's formatter place them.
  const code = Object.keys(files).filter((path) => /\.tsx?$/.test(path));
  execFileSync(
    join(ROOT, 'node_modules/.bin/biome'),
    [
      'format',
      '--write',
      '--config-path',
      join(ROOT, '.ci/lint.json'),
      '--vcs-enabled=false',
      ...code.map((p) => join(root, p)),
    ],
    { stdio: 'pipe' },
  );
  return Object.keys(changes);
}

// Command line
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? join(resolve(args[rootAt + 1] ?? '.'), '/') : ROOT;
  const tag = (rootAt >= 0 ? args.filter((_, i) => i !== rootAt && i !== rootAt + 1) : args)[0] ?? '';
  try {
    const written = scaffold(tag, root);
    console.log(`<${tag}> scaffolded:\n${written.map((p) => `  ${p}`).join('\n')}`);
    console.log(
      `\nNext: fill in the JSDoc of elements/${tag}/${tag}.ts, then\n` +
        `  npx tsc -p .\n  BROWSERS=chromium npx web-test-runner "test/elements/${tag}/**/*.test.ts" test/elements/conformance.test.ts\n` +
        'and read elements/README.md ("How to add an element").',
    );
  } catch (error) {
    console.error(`new-element: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
