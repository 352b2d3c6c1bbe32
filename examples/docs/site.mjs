// @ts-check
// The documentation site (examples/docs/): a page per element and per page-behaviour family, and
// the guides, rendered from the code itself so that the reference cannot drift from it:
// - each element's description, attributes, properties, events, slots, CSS parts and custom
//   properties come from the custom elements manifest, made here exactly as `npm run manifest`
//   makes it (the analyzer with .ci/custom-elements-manifest.config.mjs, from the elements' JSDoc);
// - each element's settings (name, type, default, description) come from its zod/mini schema
//   (`elements/<tag>/<tag>.settings.ts`, bundled with esbuild and imported): the types from
//   `z.toJSONSchema`, the defaults from `schema.parse({})`, the descriptions from the JSDoc
//   comment above each field;
// - the page behaviours (name, selector, module, messages) come from their one registry,
//   `pageBehaviours` in shared/page/index.ts (read as .ci/check-behaviours.mjs reads it).
// The prose is hand-written: content/*.html (guides, element and family notes) and the live
// examples, content/examples/*.html, each shown running on its page and, below, as its source.
// The demo server (examples/server/index.mjs) serves the pages under /examples/docs/ with the
// strict CSP, for `npm start` and the tests alike; `node .ci/docs.mjs <dir>` writes them out.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CSP } from '../server/csp.mjs';
import { pageConfigJson } from '../server/templates.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTENT = fileURLToPath(new URL('./content/', import.meta.url));
export const DOCS_PREFIX = '/examples/docs/';

/** @typedef {{ name: string, description?: string, type?: { text: string }, default?: string, fieldName?: string }} Item */
/** @typedef {Item & { kind: string, privacy?: string, static?: boolean, parameters?: Item[], return?: { type?: { text: string } } }} Member */
/** @typedef {{ tagName: string, name: string, description?: string, summary?: string, attributes?: Item[], members?: Member[], events?: Item[], slots?: Item[], cssParts?: Item[], cssProperties?: Item[] }} ElementDoc */
/** @typedef {{ key: string, type: string, default: string, description: string }} SettingRow */
/** @typedef {{ name: string, selector: string, file: string, exported: string, description: string, messages: [string, string][] }} Behaviour */
/** @typedef {{ slug: string, title: string, summary: string, names: string[] }} Family */

// ---------------------------------------------------------------------------------------------
// Sources

/** The custom elements manifest, as `npm run manifest` writes it (not written here). */
export async function loadManifest() {
  const { cli } = await import('@custom-elements-manifest/analyzer/cli.js');
  return cli({
    argv: ['analyze', '--config', '.ci/custom-elements-manifest.config.mjs', '--quiet'],
    cwd: ROOT,
    noWrite: true,
  });
}

/** The element declarations of a manifest, by tag. */
export function elementsOf(/** @type {any} */ manifest) {
  /** @type {Map<string, ElementDoc>} */
  const found = new Map();
  for (const mod of manifest.modules ?? [])
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) found.set(d.tagName, d);
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

/** The JSDoc comment written right above `key:` in a source text (first occurrence), as text. */
function fieldComment(/** @type {string} */ source, /** @type {string} */ key) {
  const at = source.search(new RegExp(`\\*/\\s*\\n\\s*${key.replace(/[$]/g, '\\$')}\\s*:`));
  if (at < 0) return '';
  const start = source.lastIndexOf('/**', at);
  return start < 0 ? '' : commentText(source.slice(start, at + 2));
}

/** The text of a `/** ... *\/` comment, its lines joined. */
function commentText(/** @type {string} */ comment) {
  return comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** A JSON-schema node as a short type: `'auto' | 'drawer'`, `integer 0–60000`, `boolean`. */
function typeOf(/** @type {any} */ node) {
  if (!node || typeof node !== 'object' || Object.keys(node).length === 0) return 'any';
  if (node.anyOf) return [...new Set(node.anyOf.map(typeOf))].join(' | ');
  if (node.enum)
    return node.enum.map((/** @type {unknown} */ v) => JSON.stringify(v).replace(/"/g, "'")).join(' | ');
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (Array.isArray(node.type)) return node.type.map((t) => typeOf({ ...node, type: t })).join(' | ');
  const range = (/** @type {string} */ t) => {
    const min = node.minimum ?? node.exclusiveMinimum;
    const max = node.maximum ?? node.exclusiveMaximum;
    const big = (/** @type {number} */ n) => Math.abs(n) >= Number.MAX_SAFE_INTEGER;
    if (min === undefined && (max === undefined || big(max))) return t;
    if (max === undefined || big(max)) return `${t} ≥ ${min}`;
    return `${t} ${min ?? '…'}–${max}`;
  };
  switch (node.type) {
    case 'integer':
      return range('integer');
    case 'number':
      return range('number');
    case 'string':
      return node.maxLength ? `string (≤ ${node.maxLength} characters)` : 'string';
    case 'array': {
      if (!node.items || !Object.keys(node.items).length) return 'array';
      const item = typeOf(node.items);
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object':
      return 'object';
    default:
      return String(node.type ?? 'any');
  }
}

/** A default value as code text. */
function shown(/** @type {unknown} */ value) {
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The settings of every element with a `<tag>.settings.ts`, as table rows: the schema the
 * element's definition names (`settings: <schema>` in `<tag>.ts`), flattened one level into its
 * object fields (`messages.label`). Bundled with esbuild (zod included) into a temporary module.
 */
export async function loadSettings(/** @type {string[]} */ tags) {
  const { build } = await import('esbuild');
  const withSettings = tags.filter((tag) => existsSync(`${ROOT}elements/${tag}/${tag}.settings.ts`));
  const entry = [
    ...withSettings.map((tag, i) => `export * as s${i} from './elements/${tag}/${tag}.settings.ts';`),
    "export { toJSONSchema } from 'zod/mini';",
  ].join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'docs-settings.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
  });
  const file = join(tmpdir(), `storefront-docs-settings-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, out.outputFiles[0].text);
  /** @type {any} */
  let mod;
  try {
    mod = await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
  /** @type {Map<string, SettingRow[]>} */
  const settings = new Map();
  withSettings.forEach((tag, i) => {
    const exports = mod[`s${i}`];
    const element = readFileSync(`${ROOT}elements/${tag}/${tag}.ts`, 'utf8');
    const named = /\bsettings:\s*([A-Za-z_$][\w$]*)\s*,/.exec(element)?.[1];
    const name =
      named && exports[named]
        ? named
        : Object.keys(exports).find((k) => /Settings$/.test(k) && exports[k]?._zod);
    if (!name) throw new Error(`docs: no settings schema found in elements/${tag}/${tag}.settings.ts`);
    const schema = exports[name];
    const json = mod.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    const defaults = schema.parse({});
    const source = readFileSync(`${ROOT}elements/${tag}/${tag}.settings.ts`, 'utf8');
    /** @type {SettingRow[]} */
    const rows = [];
    for (const [key, node] of Object.entries(json.properties ?? {})) {
      const value = defaults[key];
      const inner =
        /** @type {any} */ (node).properties ??
        /** @type {any} */ (node).anyOf?.find((/** @type {any} */ n) => n.properties)?.properties;
      // An object with fields of its own: its defaults are on the rows of its fields.
      rows.push({
        key,
        type: typeOf(node),
        default: inner ? '' : shown(value),
        description: fieldComment(source, key),
      });
      if (inner)
        for (const [sub, subNode] of Object.entries(inner))
          rows.push({
            key: `${key}.${sub}`,
            type: typeOf(subNode),
            default: shown(value && typeof value === 'object' ? value[sub] : undefined),
            description:
              fieldComment(source, sub) ||
              (key === 'messages' ? 'A visible string (the English default).' : ''),
          });
    }
    settings.set(tag, rows);
  });
  return settings;
}

/** The page behaviours of the registry, with what their modules say of themselves. */
export async function loadBehaviours() {
  const { checkBehaviours } = await import(pathToFileURL(`${ROOT}.ci/check-behaviours.mjs`).href);
  /** @type {{ entries: { name: string, selector?: string, file: string, exported: string }[] }} */
  const { entries } = checkBehaviours(ROOT);
  return entries.map((entry) => {
    const source = existsSync(`${ROOT}shared/page/${entry.file}`)
      ? readFileSync(`${ROOT}shared/page/${entry.file}`, 'utf8')
      : '';
    return /** @type {Behaviour} */ ({
      name: entry.name,
      selector: entry.selector ?? '',
      file: entry.file,
      exported: entry.exported,
      description: behaviourDescription(source, entry.exported),
      messages: behaviourMessages(source, entry.exported),
    });
  });
}

/** The first paragraph of the module's first comment of two lines or more, else the definition's. */
function behaviourDescription(/** @type {string} */ source, /** @type {string} */ exported) {
  const comments = [...source.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((m) => commentText(m[0]));
  const long = comments.find((c) => c.split('\n').length > 1);
  const at = source.indexOf(`export const ${exported} =`);
  const before = at < 0 ? '' : source.slice(0, at);
  const own = /\/\*\*[\s\S]*?\*\/\s*$/.exec(before)?.[0];
  const text = long ?? (own ? commentText(own) : '');
  // The first paragraph, at most its first two sentences: a table cell, not the module's manual.
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '').split(/\n\s*[-*] /)[0];
  const first = readerText(paragraph).replace(/\s*\n\s*/g, ' ');
  const sentences = first.split(/(?<=[.!?])\s+(?=[A-Z`])/);
  return sentences.slice(0, 2).join(' ');
}

/** The default messages of a behaviour's definition: `messages: { a: '…' }` or a constant. */
function behaviourMessages(/** @type {string} */ source, /** @type {string} */ exported) {
  const at = source.indexOf(`export const ${exported} =`);
  if (at < 0) return [];
  const definition = source.slice(at, at + 1500);
  const m = /\bmessages:\s*(\{[^}]*\}|[A-Za-z_$][\w$]*)/.exec(definition);
  if (!m) return [];
  let body = m[1];
  if (!body.startsWith('{')) {
    const constant = new RegExp(`const ${body}\\b[^=]*=\\s*(\\{[\\s\\S]*?\\n\\})`).exec(source);
    body = constant?.[1] ?? '';
  }
  return [...body.matchAll(/(\w+):\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)].map(
    ([, key, value]) => /** @type {[string, string]} */ ([key, value.slice(1, -1).replace(/\\'/g, "'")]),
  );
}

/**
 * Text written for maintainers, made fit for a reader: without the tracker's references
 * ("issue 16") and the specification's section numbers ("spec §2 Other").
 */
export function readerText(/** @type {string} */ text) {
  const REFERENCE = /\b(?:issues? \d+|spec §|§\d)/;
  // Parentheticals that hold a reference go whole, nested brackets and all.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      if (j < text.length && REFERENCE.test(text.slice(i, j + 1))) {
        out = out.replace(/[ \t]+$/, '');
        i = j;
        continue;
      }
    }
    out += text[i];
  }
  return out
    .replace(/;?\s*\bissues? \d+(?:[,§ \d]*)/g, '')
    .replace(/\s*\bspec §[\d.]+(?: [A-Z][\w-]*(?: [a-z][\w-]*)*)?/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/[ \t]+([.,;:])/g, '$1')
    .replace(/:\s*$/, '.')
    .replace(/^\s*[:;,]\s*/, '')
    .replace(/^[a-z]/, (c) => c.toUpperCase())
    .trim();
}

// ---------------------------------------------------------------------------------------------
// HTML helpers

const esc = (/** @type {unknown} */ s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** JSDoc prose as HTML: escaped, `code` spans, **bold**, paragraphs and `- ` lists. */
function prose(/** @type {string} */ text) {
  const inline = (/** @type {string} */ s) =>
    esc(s)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/\{@link ([^}]+)\}/g, '<code>$1</code>');
  return readerText(text)
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => {
      const lines = p.split('\n');
      if (lines.every((l) => /^\s*[-*] |^\s{2,}\S/.test(l)) && /^\s*[-*] /.test(lines[0])) {
        const items = p.split(/\n\s*[-*] /).map((i) => i.replace(/^\s*[-*] /, '').replace(/\s*\n\s*/g, ' '));
        return `<ul>${items.map((i) => `<li>${inline(i)}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(p.replace(/\s*\n\s*/g, ' '))}</p>`;
    })
    .join('\n');
}

/** One-line prose (table cells). */
const cell = (/** @type {string | undefined} */ text) =>
  text
    ? prose(text)
        .replace(/^<p>|<\/p>$/g, '')
        .replace(/<\/p>\n<p>/g, ' ')
    : '';

/**
 * A table with a caption, column headers and row headers (the first column).
 * @param {string} caption @param {string[]} head @param {string[][]} rows HTML cells
 */
function table(caption, head, rows) {
  // A column empty in every row (no attribute with a default, say) is left out.
  const keep = head.map((_h, i) => i === 0 || rows.some((row) => row[i]));
  head = head.filter((_h, i) => keep[i]);
  rows = rows.map((row) => row.filter((_c, i) => keep[i]));
  const label = caption
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  // A region of its own, focusable, so that a table wider than the page scrolls by keyboard too.
  return `<div class="table-wrap" role="region" tabindex="0" aria-label="${esc(label)}"><table>
<caption>${caption}</caption>
<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>
<tbody>
${rows.map(([first, ...rest]) => `<tr><th scope="row">${first}</th>${rest.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table></div>`;
}

/** A code block. */
const code = (/** @type {string} */ text, /** @type {string} */ lang = 'html') =>
  `<pre><code class="language-${lang}">${esc(text.replace(/^\n+|\s+$/g, ''))}</code></pre>`;

/** A content fragment (content/<name>.html), or '' when there is none. */
function fragment(/** @type {string} */ name) {
  const file = `${CONTENT}${name}.html`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

// ---------------------------------------------------------------------------------------------
// Site structure

/** The page-behaviour families: the registry's behaviours, by name, as a theme author meets them. */
const FAMILIES = /** @type {Family[]} */ ([
  {
    slug: 'storefront-helpers',
    title: 'Storefront helpers',
    summary:
      'Store notice, password toggle, field hints, notices, result count, back to top, coming-soon banner.',
    names: [
      'store-notice',
      'password-toggle',
      'coming-soon',
      'field-hints',
      'back-to-top',
      'notices',
      'result-count',
      'catalog-ordering',
    ],
  },
  {
    slug: 'product-page',
    title: 'Product page',
    summary:
      'Swatches, quantity buttons, product tabs, sticky add to cart, buy now, quick view, review and comment forms.',
    names: [
      'swatches',
      'quantity-buttons',
      'product-tabs',
      'sticky-add-to-cart',
      'buy-now',
      'quick-view',
      'review-form',
      'comment-form',
      'wishlist',
      'equal-height',
    ],
  },
  {
    slug: 'cart-and-account',
    title: 'Cart, checkout and account',
    summary: 'Cart page updates, the terms dialog at checkout, the orders table and the login popup.',
    names: ['cart-page', 'checkout-terms', 'orders-table', 'login-popup'],
  },
  {
    slug: 'theme',
    title: 'Theme',
    summary:
      'Tabs, accordions, dropdown menus, sticky header, scroll-to, count-up, carousels, sliding menus, lottie and more.',
    names: [
      'tabs',
      'accordion',
      'dropdown-menu',
      'sticky-header',
      'scroll-to',
      'count-up',
      'animate-on-scroll',
      'carousel',
      'sliding-menu',
      'parallax',
      'lottie',
      'instagram',
      'editor-links',
    ],
  },
  {
    slug: 'page-builder',
    title: 'Page builder',
    summary: 'Popup and lightbox link actions and product-loop filtering.',
    names: ['link-actions', 'loop-filter'],
  },
  {
    slug: 'tracking',
    title: 'Tracking',
    summary: 'Consent, order attribution, analytics events and link prefetch.',
    names: [],
  },
]);

/** The guides, in reading order: content/guide-<slug>.html, whose <h1> is the title. */
const GUIDES = [
  'getting-started',
  'wordpress',
  'react-and-vue',
  'strict-csp',
  'theming',
  'shop-adapters',
  'performance',
  'security',
  'contributing',
];

/** Everything the pages are made from. */
export async function loadSources() {
  const manifest = await loadManifest();
  const elements = elementsOf(manifest);
  const [settings, behaviours] = await Promise.all([loadSettings([...elements.keys()]), loadBehaviours()]);
  return { manifest, elements, settings, behaviours };
}

/** @typedef {Awaited<ReturnType<typeof loadSources>>} Sources */

/** The families with their behaviours; registered behaviours no family names go to the last one. */
function families(/** @type {Behaviour[]} */ behaviours) {
  const named = new Set(FAMILIES.flatMap((f) => f.names));
  const rest = behaviours.filter((b) => !named.has(b.name)).map((b) => b.name);
  const list = FAMILIES.map((f) => ({ ...f }));
  if (rest.length)
    list.push({
      slug: 'more-behaviours',
      title: 'More behaviours',
      summary: 'Behaviours of other kinds.',
      names: rest,
    });
  return list.map((f) => ({
    ...f,
    behaviours: f.names.map((n) => behaviours.find((b) => b.name === n)).filter((b) => b !== undefined),
  }));
}

/** The title of a guide: its fragment's <h1>. */
function guideTitle(/** @type {string} */ name) {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(fragment(`guide-${name}`));
  return m ? m[1].replace(/<[^>]+>/g, '').trim() : name;
}

/** The site navigation; `current` is the page's file name. */
function nav(/** @type {Sources} */ src, /** @type {string} */ current) {
  const link = (/** @type {string} */ href, /** @type {string} */ text) =>
    `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${text}</a></li>`;
  return `<nav class="docs-nav" aria-label="Documentation">
<ul class="nav-top">${link('index.html', 'Overview')}</ul>
<h2 id="nav-guides">Guides</h2>
<ul aria-labelledby="nav-guides">
${GUIDES.map((g) => link(`${g}.html`, esc(guideTitle(g)))).join('\n')}
</ul>
<h2 id="nav-elements">Elements</h2>
<ul aria-labelledby="nav-elements">
${[...src.elements.keys()].map((tag) => link(`${tag}.html`, `<code>&lt;${tag}&gt;</code>`)).join('\n')}
</ul>
<h2 id="nav-behaviours">Page behaviours</h2>
<ul aria-labelledby="nav-behaviours">
${families(src.behaviours)
  .map((f) => link(`behaviours-${f.slug}.html`, esc(f.title)))
  .join('\n')}
</ul>
<ul class="nav-out"><li><a href="/examples/">Example pages</a></li><li><a href="/shop/">Demo shop</a></li></ul>
</nav>`;
}

/**
 * A whole page. `live` pages load the autoloader and the demo shop's page configuration, so
 * their live examples run as on a shop.
 * @param {Sources} src
 * @param {{ file: string, title: string, description: string, body: string, live?: boolean, styles?: string[] }} page
 */
function layout(src, { file, title, description, body, live = false, styles = [] }) {
  return `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/examples/favicon.svg" type="image/svg+xml">
<title>${esc(title)} – Storefront elements</title>
<meta name="description" content="${esc(description)}">
<link rel="stylesheet" href="/styles/tokens.css">
<link rel="stylesheet" href="/examples/demo.css">
${styles.map((href) => `<link rel="stylesheet" href="${href}">\n`).join('')}<link rel="stylesheet" href="/examples/docs/docs.css">
${
  live
    ? `<script type="application/json" id="shop-config">${pageConfigJson()}</script>
<script type="module" src="/elements/autoloader.ts"></script>
`
    : ''
}</head>
<body>
<a class="skip-link" href="#main">Skip to the content</a>
<header class="docs-header">
<a class="docs-title" href="index.html">Storefront elements</a>
<span class="docs-tagline">documentation</span>
</header>
<div class="docs-layout">
${nav(src, file)}
<main id="main" class="docs-main">
${body.replace(/<pre>/g, '<pre tabindex="0">')}
</main>
</div>
<footer class="docs-footer"><p>Storefront elements. The reference tables on these pages are generated from the elements&rsquo; source.</p></footer>
</body>
</html>
`;
}

/** A live example (content/examples/<name>.html): running, then its markup. */
function liveExample(/** @type {string} */ name, /** @type {string} */ heading = 'Live example') {
  const markup = fragment(`examples/${name}`);
  if (!markup) return '';
  const shown = markup.replace(/<!--[\s\S]*?-->\n?/g, '');
  return `<section aria-labelledby="live">
<h2 id="live">${heading}</h2>
<p class="note">Running against the demo shop. The markup below is exactly what is on this page.</p>
<div class="live-example">
${markup}
</div>
<details class="markup"><summary>Markup of the example</summary>
${code(shown)}
</details>
</section>`;
}

/** How to use an element from plain HTML, WordPress, React and Vue, written for its API. */
function usage(/** @type {ElementDoc} */ el) {
  const tag = el.tagName;
  const event = el.events?.[0]?.name;
  const pascal = tag.replace(/(^|-)([a-z])/g, (_m, _d, c) => c.toUpperCase());
  const react = `import 'storefront-elements/${tag}';

export function ${pascal}() {
  return (
    <${tag}
      settings={{ /* fields you leave out keep their defaults */ }}${event ? `\n      on${event}={(event) => console.log(event.detail)}` : ''}
    />
  );
}`;
  const vue = `<script setup>
import 'storefront-elements/${tag}';
const settings = { /* fields you leave out keep their defaults */ };
</script>

<template>
  <${tag} :settings="settings"${event ? ` @${event}="(event) => console.log(event.detail)"` : ''} />
</template>`;
  return `<section aria-labelledby="usage">
<h2 id="usage">Use it</h2>
<h3 id="usage-html">Plain HTML</h3>
<p>One script loads each element&rsquo;s code when its tag appears on the page. Settings go in the <code>settings</code> attribute as JSON, in a child <code>&lt;script type="application/json"&gt;</code> (the way to go under a strict CSP), in the <code>settings</code> property, or in the individual attributes listed below.</p>
${code(`<script type="module" async src="/path/to/dist/autoloader.js"></script>
<${tag}>
  <script type="application/json">{ }</script>
</${tag}>`)}
<h3 id="usage-wordpress">WordPress and WooCommerce</h3>
<p>Enqueue the autoloader once as a module script, then print the tag in a template, a block or a shortcode. See <a href="wordpress.html">WordPress and WooCommerce</a>.</p>
${code(
  `<?php
add_action( 'wp_enqueue_scripts', function () {
  wp_enqueue_script_module( 'storefront-elements', get_theme_file_uri( 'dist/autoloader.js' ) );
} );
// in a template:
echo '<${tag}></${tag}>';`,
  'php',
)}
<h3 id="usage-react">React 19</h3>
<p>Import the element&rsquo;s module before rendering; React sets <code>settings</code> as a property and listens with <code>on</code> + the exact event name. See <a href="react-and-vue.html">React and Vue</a>.</p>
${code(react, 'tsx')}
<h3 id="usage-vue">Vue 3</h3>
<p>Tell the compiler that the tag is a custom element (<code>isCustomElement</code>), then bind <code>:settings</code> and listen with <code>@</code> + the event name.</p>
${code(vue, 'vue')}
</section>`;
}

/** The API tables of an element. */
function apiTables(/** @type {ElementDoc} */ el, /** @type {SettingRow[] | undefined} */ settings) {
  const tag = esc(`<${el.tagName}>`);
  const c = (/** @type {string | undefined} */ s) => (s ? `<code>${esc(s)}</code>` : '');
  const none = (/** @type {string} */ what) => `<p class="none">${tag} has no ${what}.</p>`;
  const section = (/** @type {string} */ id, /** @type {string} */ title, /** @type {string} */ content) =>
    `<section aria-labelledby="${id}">\n<h2 id="${id}">${title}</h2>\n${content}\n</section>`;
  const attrs = el.attributes ?? [];
  const members = (el.members ?? []).filter(
    (m) => m.privacy !== 'private' && m.privacy !== 'protected' && !m.name.startsWith('#') && !m.static,
  );
  const events = el.events ?? [];
  const slots = el.slots ?? [];
  const parts = el.cssParts ?? [];
  const props = el.cssProperties ?? [];
  return [
    section(
      'attributes',
      'Attributes',
      attrs.length
        ? table(
            `Attributes of ${tag}`,
            ['Attribute', 'Type', 'Default', 'Description'],
            attrs.map((a) => [c(a.name), c(a.type?.text), c(a.default), cell(a.description)]),
          )
        : none('attributes'),
    ),
    section(
      'properties',
      'Properties and methods',
      members.length
        ? table(
            `Properties and methods of ${tag}`,
            ['Name', 'Kind', 'Type', 'Description'],
            members.map((m) => [
              c(
                m.kind === 'method'
                  ? `${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})`
                  : m.name,
              ),
              m.kind === 'method' ? 'method' : 'property',
              c(m.kind === 'method' ? m.return?.type?.text : m.type?.text),
              cell(m.description),
            ]),
          ) +
            '\n<p>Every element also has the <code>settings</code> property (the parsed settings, typed) and <code>settingsErrors</code> (the fields that were invalid and replaced by their defaults).</p>'
        : '<p>Besides its attributes, every element has the <code>settings</code> property (the parsed settings, typed) and <code>settingsErrors</code> (the fields that were invalid and replaced by their defaults).</p>',
    ),
    section(
      'settings',
      'Settings',
      settings?.length
        ? `<p>Give them as JSON in the <code>settings</code> attribute or a child <code>&lt;script type="application/json"&gt;</code>, or as an object in the <code>settings</code> property. Every field has a default; an invalid field is reported once in the console, naming ${tag} and the field, and its default is used.</p>\n` +
            table(
              `Settings of ${tag}`,
              ['Setting', 'Type', 'Default', 'Description'],
              settings.map((s) => [c(s.key), c(s.type), c(s.default), cell(s.description)]),
            )
        : none('settings'),
    ),
    section(
      'events',
      'Events',
      events.length
        ? table(
            `Events of ${tag}`,
            ['Event', 'Detail', 'Description'],
            events.map((e) => [c(e.name), c(e.type?.text), cell(e.description)]),
          )
        : none('events'),
    ),
    section(
      'slots',
      'Slots',
      slots.length
        ? table(
            `Slots of ${tag}`,
            ['Slot', 'Description'],
            slots.map((s) => [s.name ? c(s.name) : '(default)', cell(s.description)]),
          )
        : none('slots'),
    ),
    section(
      'parts',
      'CSS parts',
      parts.length
        ? `<p>Style them from the page with <code>${esc(el.tagName)}::part(name)</code>.</p>\n` +
            table(
              `CSS parts of ${tag}`,
              ['Part', 'Description'],
              parts.map((p) => [c(p.name), cell(p.description)]),
            )
        : none('CSS parts'),
    ),
    section(
      'custom-properties',
      'CSS custom properties',
      props.length
        ? `<p>Set them on the element (or any ancestor). Their defaults fall back to the shared <a href="theming.html">design tokens</a>.</p>\n` +
            table(
              `CSS custom properties of ${tag}`,
              ['Property', 'Default', 'Description'],
              props.map((p) => [c(p.name), c(p.default), cell(p.description)]),
            )
        : none('CSS custom properties'),
    ),
  ].join('\n');
}

/** An element's description: its first paragraph as the lead, the rest folded under "More". */
function lead(/** @type {string} */ description) {
  const [first = '', ...rest] = description.split(/\n\s*\n/);
  const more = rest.join('\n\n').trim();
  return `<div class="lead">${prose(first)}</div>${
    more
      ? `\n<details class="more-about"><summary>More about this element</summary>\n${prose(more)}\n</details>`
      : ''
  }`;
}

/** The page of one element. */
function elementPage(/** @type {Sources} */ src, /** @type {string} */ tag) {
  const el = /** @type {ElementDoc} */ (src.elements.get(tag));
  const description = el.description ?? el.summary ?? '';
  const first = readerText(description).split(/(?<=\.)\s/)[0] ?? '';
  const body = `<h1><code>&lt;${esc(tag)}&gt;</code></h1>
${lead(description)}
<nav class="toc" aria-label="On this page"><ul>
${fragment(`examples/${tag}`) ? '<li><a href="#live">Live example</a></li>' : ''}<li><a href="#usage">Use it</a></li><li><a href="#attributes">Attributes</a></li><li><a href="#properties">Properties and methods</a></li><li><a href="#settings">Settings</a></li><li><a href="#events">Events</a></li><li><a href="#slots">Slots</a></li><li><a href="#parts">CSS parts</a></li><li><a href="#custom-properties">CSS custom properties</a></li>
</ul></nav>
${liveExample(tag)}
${fragment(`element-${tag}`)}
${usage(el)}
${apiTables(el, src.settings.get(tag))}
<p class="more">The full example page: <a href="/examples/${esc(tag)}.html">${esc(tag)} example</a>.</p>`;
  return layout(src, {
    file: `${tag}.html`,
    title: `<${tag}>`,
    description: first.replace(/`/g, '') || `The ${tag} element.`,
    body,
    live: true,
  });
}

/** The page of one behaviour family. */
function familyPage(/** @type {Sources} */ src, /** @type {ReturnType<typeof families>[number]} */ family) {
  const rows = family.behaviours.map((b) => [
    `<code>${esc(b.name)}</code>`,
    b.selector ? `<code class="selector">${esc(b.selector)}</code>` : '',
    cell(b.description),
    b.messages.length
      ? `<ul class="plain">${b.messages.map(([k, v]) => `<li><code>${esc(k)}</code>: ${esc(v)}</li>`).join('')}</ul>`
      : 'none',
  ]);
  const body = `<h1>${esc(family.title)}</h1>
<p class="lead">${esc(family.summary)}</p>
${fragment(`family-${family.slug}`)}
${liveExample(`family-${family.slug}`)}
${
  rows.length
    ? `<section aria-labelledby="behaviours">
<h2 id="behaviours">The behaviours</h2>
<p>Each is installed by the autoloader only where its markup is on the page (now or when it arrives later), from a small chunk of its own. Its visible strings can be replaced per behaviour under <code>page_behaviour_messages</code> in the page configuration (see <a href="wordpress.html#messages">translating messages</a>).</p>
${table(`Page behaviours: ${esc(family.title)}`, ['Behaviour', 'Markup that installs it', 'What it does', 'Messages (defaults)'], rows)}
</section>`
    : ''
}`;
  return layout(src, {
    file: `behaviours-${family.slug}.html`,
    title: `${family.title} behaviours`,
    description: family.summary,
    body,
    live: true,
    styles: ['/styles/page-helpers.css', '/styles/swatches.css', '/styles/theme.css'],
  });
}

/** A guide page. */
function guidePage(/** @type {Sources} */ src, /** @type {string} */ name) {
  const body = fragment(`guide-${name}`);
  const lead = /<p[^>]*>([\s\S]*?)<\/p>/.exec(body)?.[1].replace(/<[^>]+>/g, '') ?? '';
  return layout(src, {
    file: `${name}.html`,
    title: guideTitle(name),
    description: lead.replace(/\s+/g, ' ').slice(0, 160),
    body,
    live: body.includes('class="live-example"'),
  });
}

/** The overview page. */
function indexPage(/** @type {Sources} */ src) {
  const elements = [...src.elements.values()]
    .map(
      (el) =>
        `<li><a href="${el.tagName}.html"><code>&lt;${esc(el.tagName)}&gt;</code></a>: ${cell(readerText(el.description ?? '').split(/(?<=\.)\s/)[0])}</li>`,
    )
    .join('\n');
  const fams = families(src.behaviours)
    .map((f) => `<li><a href="behaviours-${f.slug}.html">${esc(f.title)}</a>: ${esc(f.summary)}</li>`)
    .join('\n');
  const guides = GUIDES.map((g) => `<li><a href="${g}.html">${esc(guideTitle(g))}</a></li>`).join('\n');
  const body = `${fragment('index')}
<h2 id="elements">Elements</h2>
<ul class="cards">
${elements}
</ul>
<h2 id="behaviours">Page behaviours</h2>
<p>Behaviours make markup the theme already prints work better: tabs, swatches, quantity buttons, notices. They render nothing of their own and need no tag: the autoloader installs each one where its markup is.</p>
<ul class="cards">
${fams}
</ul>
<h2 id="guides">Guides</h2>
<ul>
${guides}
</ul>`;
  return layout(src, {
    file: 'index.html',
    title: 'Overview',
    description: 'The widgets of an online shop as standard custom elements: reference and guides.',
    body,
  });
}

/** Every page of the site: file name -> HTML. */
export function renderSite(/** @type {Sources} */ src) {
  /** @type {Map<string, string>} */
  const pages = new Map();
  pages.set('index.html', indexPage(src));
  for (const g of GUIDES) pages.set(`${g}.html`, guidePage(src, g));
  for (const tag of src.elements.keys()) pages.set(`${tag}.html`, elementPage(src, tag));
  for (const f of families(src.behaviours)) pages.set(`behaviours-${f.slug}.html`, familyPage(src, f));
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Serving

/** @type {Promise<{ pages: Map<string, string>, manifest: unknown, stamp: string }> | undefined} */
let cache;

/** A fingerprint of the sources' modification times: the site is made again when one changes. */
async function stamp() {
  const { readdirSync, statSync } = await import('node:fs');
  let latest = 0;
  const walk = (/** @type {string} */ dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, d.name);
      if (d.isDirectory()) walk(path);
      else latest = Math.max(latest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['elements', 'shared/page', 'examples/docs']) walk(`${ROOT}${dir}`);
  return String(latest);
}

/** The site, made once and again whenever a source file changed. */
export async function site() {
  const now = await stamp();
  const current = cache;
  if (current) {
    const made = await current.catch(() => undefined);
    if (made && made.stamp === now) return made;
  }
  cache = (async () => {
    const src = await loadSources();
    return { pages: renderSite(src), manifest: src.manifest, stamp: now };
  })();
  return cache;
}

/**
 * Answers a request under /examples/docs/: a page (with the strict CSP), the manifest the pages
 * were made from (`custom-elements.json`, for the docs test), and the static files (docs.css).
 * @param {string} pathname @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>} false for a path it does not own
 */
export async function serveDocs(pathname, res) {
  const name = pathname.slice(DOCS_PREFIX.length) || 'index.html';
  if (name === 'docs.css') return false; // a static file: the dev server's
  if (name !== 'custom-elements.json' && !/^[a-z0-9-]+\.html$/.test(name)) return false;
  let made;
  try {
    made = await site();
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`The documentation could not be made: ${error instanceof Error ? error.stack : String(error)}`);
    return true;
  }
  if (name === 'custom-elements.json') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(made.manifest));
    return true;
  }
  const page = made.pages.get(name);
  res.writeHead(page ? 200 : 404, {
    'content-type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CSP,
    'cache-control': 'no-store',
  });
  res.end(page ?? 'Not found');
  return true;
}
