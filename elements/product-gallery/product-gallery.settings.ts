import { z } from 'zod';
import { messagesSchema } from '../../shared/format/messages.ts';

/** Settings of `<product-gallery>`: every field defaulted (`parse({})` works), visible strings under `messages`. */
export const productGallerySettings = z.object({
  /** Most presses counted. */
  max: z.number().int().min(1).max(1000).default(10),
  /** Visible strings; `pressedOne`/`pressed` are the plural forms (one/other) of the count. */
  messages: messagesSchema({
    button: 'Press me',
    pressedOne: 'Pressed once.',
    pressed: 'Pressed {count} times.',
  }),
});

export type ProductGallerySettings = z.infer<typeof productGallerySettings>;
