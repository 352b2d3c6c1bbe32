// @ts-check
// The CSS of our elements is written as `/* css */` template literals (adopted stylesheets, DESIGN
// §3), which the JavaScript minifier keeps byte for byte, indentation and comments included.
// `minifyCss` drops what CSS does not read: comments, runs of whitespace (one space stays where a
// space separates tokens), spaces beside `{ } ;`, beside `,` outside parentheses and after `:`,
// and the last `;` of a block. Quoted strings and escapes are copied as written. The build applies it to every `/* css */` template without
// `${…}` substitutions (`cssTemplates`, vite.config.ts); test/build/minify-css.test.ts checks that
// the browser reads each stylesheet of ours the same before and after.

/** Characters beside which whitespace carries no meaning. */
const TIGHT = new Set(['{', '}', ';', ',']);

/** `css` without comments and needless whitespace. @param {string} css */
export function minifyCss(css) {
  let out = '';
  let space = false;
  /** Open parentheses: within them a comma keeps its spaces (`var(--a, 1px)` is read as written). */
  let depth = 0;
  for (let i = 0; i < css.length; ) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      space = true;
      continue;
    }
    if (/\s/.test(c)) {
      space = true;
      i += 1;
      continue;
    }
    const tight = (char = '') => TIGHT.has(char) && (char !== ',' || depth === 0);
    if (space && out && !tight(out.at(-1)) && out.at(-1) !== ':' && !tight(c)) out += ' ';
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    space = false;
    if (c === '}' && out.endsWith(';')) out = out.slice(0, -1);
    let j = i + 1;
    if (c === '\\') j = i + 2;
    else if (c === '"' || c === "'") {
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      j += 1;
    }
    out += css.slice(i, j);
    i = j;
  }
  return out;
}

/** A `/* css *\/` template literal without substitutions, its text in group 1. */
export const CSS_TEMPLATE = /\/\* css \*\/\s*`((?:[^`\\$]|\\[\s\S]|\$(?!\{))*)`/g;
