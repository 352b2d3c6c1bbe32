/** `css` without comments and needless whitespace (see minify-css.mjs). */
export function minifyCss(css: string): string;
/** A `/* css *\/` template literal without substitutions, its text in group 1. */
export const CSS_TEMPLATE: RegExp;
