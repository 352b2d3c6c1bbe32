import { safeUrl } from '../../../shared/url.ts';
import type { FieldDef, OptionValue } from '../engine/schema.ts';

/**
 * The large image of an option (what the image popup and the hover preview show, issue 13), as a
 * safe URL. Its own module: the choice views (the form's chunk) and the popup (a lazy chunk) both
 * read it without importing each other.
 */
export function largeImageOf(def: FieldDef, option: OptionValue): string | null {
  const src =
    def.type === 'image-group'
      ? (option.image ?? option.thumb_src)
      : def.type === 'productGroup'
        ? option.productImage
        : undefined;
  return src ? safeUrl(src, document.baseURI) : null;
}
