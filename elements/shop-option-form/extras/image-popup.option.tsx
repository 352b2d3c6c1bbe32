import { useState } from 'react';
import { lazyModule } from '../../../shared/chunk-load.ts';
import { fill } from '../../../shared/format/messages.ts';
import { logError } from '../../../shared/log.ts';
import type { FieldDef, OptionValue } from '../engine/schema.ts';
import type { FieldViewProps } from '../shop-option-form.registry.ts';
import { largeImageOf } from './image-popup.large.ts';

/**
 * The hooks of the image popup and hover preview in the choice views (issue 13), in the form's own
 * chunk; the behaviour is the lazy `image-popup` chunk, loaded on the first hover or open.
 *
 * Turned on per field in the definition: `image_popup` (a button beside each option image opens
 * the field's images in a popup), `image_preview` (hovering an option image shows it larger, up to
 * 600 px wide), `image_preview_disable_mobile` (no preview in a window 600 px wide or less).
 */
export const imagePopupChunk = lazyModule(() => import('./image-popup.ts'));

const TAG = 'shop-option-form';
/** Option images the pointer is on now (a preview whose chunk arrives late shows only if still so). */
const hovered = new WeakSet<Element>();
const on = (value: unknown) => value === true || value === 1 || value === '1' || value === 'yes';

/** An option image (the thumbnail); with `image_preview`, hovering it shows the large image. */
export function OptionImage({ def, option, src }: { def: FieldDef; option: OptionValue; src: string }) {
  const img = <img className="option-image" part="option-image" src={src} alt="" loading="lazy" />;
  if (!on(def.image_preview)) return img;
  const large = largeImageOf(def, option) ?? src;
  return (
    <img
      className="option-image"
      part="option-image"
      src={src}
      alt=""
      loading="lazy"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return; // touch: a tap chooses, it does not preview
        const over = e.currentTarget;
        hovered.add(over);
        imagePopupChunk.load().then(
          (chunk) =>
            chunk.showPreview(over, large, {
              disableOnMobile: on(def.image_preview_disable_mobile),
              hovered: () => hovered.has(over),
            }),
          (error: unknown) => logError(TAG, 'the image preview chunk did not load.', error),
        );
      }}
      onPointerLeave={(e) => {
        hovered.delete(e.currentTarget);
        imagePopupChunk.loaded()?.hidePreview(e.currentTarget);
      }}
    />
  );
}

/** With `image_popup`: a button beside an option's image that opens the field's images there. */
export function ImagePopupButton(props: FieldViewProps & { option: OptionValue }) {
  const { def, option, messages } = props;
  const [busy, setBusy] = useState(false);
  if (!on(def.image_popup) || !largeImageOf(def, option)) return null;
  const open = (opener: HTMLButtonElement) => {
    setBusy(true);
    imagePopupChunk
      .load()
      .then((chunk) => chunk.openOptionImages({ def, option, opener, messages }))
      .catch((error: unknown) => logError(TAG, 'the image popup could not be opened.', error))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className="image-open"
      part="image-open-button"
      aria-label={fill(messages.imageOpen, { label: option.label })}
      aria-busy={busy || undefined}
      disabled={props.disabled}
      onClick={(e) => open(e.currentTarget)}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M6.5 1a5.5 5.5 0 0 1 4.38 8.83l3.9 3.9-1.06 1.06-3.9-3.9A5.5 5.5 0 1 1 6.5 1zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM5.75 4.5h1.5v1.25H8.5v1.5H7.25V8.5h-1.5V7.25H4.5v-1.5h1.25z" />
      </svg>
    </button>
  );
}
