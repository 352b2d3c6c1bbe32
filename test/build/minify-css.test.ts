import { expect } from '@open-wc/testing';
import { CSS_TEMPLATE, minifyCss } from '../../.ci/minify-css.mjs';
import { styles as chat } from '../../elements/join-chat/join-chat.styles.ts';
import { styles as gallery } from '../../elements/product-gallery/product-gallery.styles.ts';
import { styles as search } from '../../elements/shop-live-search/shop-live-search.styles.ts';
import { styles as miniCart } from '../../elements/shop-mini-cart/shop-mini-cart.styles.ts';
import { pickerStyles } from '../../elements/shop-option-form/extras/date-picker.styles.ts';
import { uploadStyles } from '../../elements/shop-option-form/extras/upload.styles.ts';
import { styles as optionForm } from '../../elements/shop-option-form/shop-option-form.styles.ts';
import { styles as popup } from '../../elements/shop-popup/shop-popup.styles.ts';
import { styles as reviews } from '../../elements/shop-reviews/shop-reviews.styles.ts';
import { captionStyles, lightboxStyles } from '../../shared/lightbox/photoswipe.styles.ts';
import { baseStyles } from '../../styles/base.styles.ts';

/** The rules as the browser reads `css` (what an adopted stylesheet holds). */
const rules = (css: string) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return [...sheet.cssRules].map((rule) => rule.cssText);
};

const SHEETS = {
  baseStyles,
  lightboxStyles,
  captionStyles,
  chat,
  gallery,
  pickerStyles,
  uploadStyles,
  search,
  miniCart,
  optionForm,
  popup,
  reviews,
};

describe('build: /* css */ templates minified (.ci/minify-css.mjs)', () => {
  for (const [name, css] of Object.entries(SHEETS))
    it(`leaves ${name} reading the same, in fewer bytes`, () => {
      const minified = minifyCss(css);
      expect(rules(css)).to.not.be.empty;
      expect(rules(minified)).to.deep.equal(rules(css));
      expect(minified.length).to.be.below(css.length);
    });

  it('keeps strings, escapes and the spaces that separate tokens; drops comments', () => {
    const css = `
      /* a comment */
      .a  :hover , .b > .c {
        content: " , ;  { } /* kept */ ";
        margin: 0   auto;
        font-family: 'A B', serif ;
      }
      .d\\:e { width: calc(100% - 2 * var(--x, 1px)); }
      @media (min-width: 600px) and (prefers-reduced-motion: reduce) { .f { color: red; } }
    `;
    expect(minifyCss(css)).to.equal(
      '.a :hover,.b > .c{content:" , ;  { } /* kept */ ";margin:0 auto;font-family:\'A B\',serif}' +
        '.d\\:e{width:calc(100% - 2 * var(--x, 1px))}' +
        '@media (min-width:600px) and (prefers-reduced-motion:reduce){.f{color:red}}',
    );
    expect(rules(minifyCss(css))).to.deep.equal(rules(css));
  });

  it('finds /* css */ templates without substitutions only', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template with a substitution
    const source = 'const a = /* css */ `.a { b: c; }`;\nconst d = /* css */ `.e { f: ${g}; }`;';
    expect([...source.matchAll(CSS_TEMPLATE)].map((m) => m[1])).to.deep.equal(['.a { b: c; }']);
  });
});
