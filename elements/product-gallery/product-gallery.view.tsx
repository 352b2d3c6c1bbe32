import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { languageOf, plural } from '../../shared/format/messages.ts';
import { createProductGalleryController } from './product-gallery.controller.ts';
import type { ProductGallerySettings } from './product-gallery.settings.ts';

/**
 * The view of `<product-gallery>`: renders the controller's state and forwards the shopper's intents.
 * No timers, requests or page listeners here: they belong in the controller.
 */
export function ProductGallery({ settings, host }: ElementViewProps<ProductGallerySettings>) {
  // One controller per host, reading the live settings; disposed when the element goes away.
  const [controller] = useState(() => createProductGalleryController({ settings: host.settings$ }));
  useEffect(() => () => controller.dispose(), [controller]);
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
