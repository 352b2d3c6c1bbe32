import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { oneOf, text } from '../../shared/format/settings.ts';
import { parsePhone } from './join-chat.link.ts';

/**
 * Settings of `<join-chat>`: Joinchat's front-end JSON (spec §3 Chat widget settings) under
 * Joinchat's own snake_case names, so the plugin's `data-settings` object can be passed as is,
 * plus the visible texts the plugin renders on the server (message, button text, tooltip,
 * header, opt-in, QR caption) and the widget's own strings under `messages`. Every field has a default;
 * `joinChatSettings.parse({})` gives a widget that stays hidden until a telephone is set.
 */

/** Seconds as a number, or a numeric string as WordPress options often are. */
const seconds = (fallback: number) =>
  z._default(
    z.pipe(
      z.union([z.number(), z.pipe(z.string().check(z.regex(/^\s*-?\d+(\.\d+)?\s*$/)), z.transform(Number))]),
      z.number().check(z.minimum(-86_400), z.maximum(86_400)),
    ),
    fallback,
  );

/** Joinchat passes booleans; WordPress options may still say 'yes'/'no'. */
const flag = (fallback: boolean) =>
  z._default(
    z.union([
      z.boolean(),
      z.pipe(
        z.enum(['yes', 'no']),
        z.transform((v) => v === 'yes'),
      ),
    ]),
    fallback,
  );

/**
 * Visible strings of the widget itself (DESIGN §8): `button` names the launcher, `dialog` names
 * the chatbox when there is no header text, `close` names the close button, `badge` is added to
 * the launcher's name while the badge shows, `log` names the message list (a scrolling region
 * the keyboard reaches), `typing` is read while the typing dots show, and
 * `optinRequired` is announced when "open" is pressed while the required opt-in is unchecked.
 * Joinchat's own content fields (`button_tip`, `message_text`, ...) stay under their own names.
 */
export const joinChatMessages = messagesSchema({
  button: 'Open chat',
  dialog: 'Chat',
  close: 'Close chat',
  badge: '1 new message',
  log: 'Messages',
  typing: 'Typing…',
  optinRequired: 'Please accept the conditions first.',
});

export const joinChatSettings = z.object({
  /** Phone number in international format (`+34 600 112 233`); parsed to digits. No number, no widget. */
  telephone: z._default(
    z.pipe(
      z.string().check(
        z.refine((v) => v.trim() === '' || parsePhone(v) !== null, {
          message: 'not an international telephone number (7 to 15 digits, optional leading +)',
        }),
      ),
      z.transform((v) => (v.trim() === '' ? '' : (parsePhone(v) as string))),
    ),
    '',
  ),
  /** Show only on mobile devices (elsewhere the page triggers open the link directly). */
  mobile_only: flag(false),
  /** Seconds before the button appears; negative shows it at once without animation. */
  button_delay: seconds(3),
  /** Seconds after the button before the badge or automatic chatbox; 0 never; negative never and not remembered. */
  message_delay: seconds(10),
  /** Page views before the chatbox may open by itself. */
  message_views: z._default(
    z.pipe(
      z.union([z.number(), z.pipe(z.string().check(z.regex(/^\s*\d+\s*$/)), z.transform(Number))]),
      z.int().check(z.minimum(1), z.maximum(1000)),
    ),
    1,
  ),
  /** Identifies the message for `joinchat_hashes`; derived from `message_text` when empty. */
  message_hash: text('', 64),
  /** Show a notification badge instead of opening the chatbox by itself. */
  message_badge: flag(false),
  /** Text prefilled in the messaging app (may hold `<jc-sku>…</jc-sku>`). */
  message_send: text('', 2000),
  /** Open WhatsApp Web on desktop instead of the app link. */
  whatsapp_web: flag(false),
  /** Show a QR code of the link in the chatbox (non-mobile only). */
  qr: flag(false),
  /** Name of the data layer array (GTM4WP's name and `dataLayer` are tried next). */
  data_layer: text('dataLayer', undefined, /^[A-Za-z_$][\w$]*$/),
  /** GA4 event name. */
  ga_event: text('generate_lead', undefined, /^[A-Za-z][\w]{0,39}$/),
  /** Google Ads conversion (`AW-123456789/label`); empty sends none. */
  gads: text('', undefined, /^(AW-[\w-]+\/[\w-]+)?$/),
  /** Forces the message as seen (true) or unseen (false); unset reads `joinchat_hashes`. */
  cta_viewed: z.optional(z.boolean()),
  /** Product SKU replacing `<jc-sku>…</jc-sku>`; follows WooCommerce variations when jQuery is present. */
  sku: z.optional(z.union([z.string(), z.pipe(z.number(), z.transform(String))])),

  /** The chatbox message (Joinchat's call to action). A line `===` starts a new bubble, `>>>` a note. Empty: no chatbox. */
  message_text: text('', 5000),
  /** Text of the button that opens the conversation. */
  message_start: text('Open chat'),
  /** Tooltip next to the button. */
  button_tip: text(''),
  /** Chatbox header text. */
  header: text(''),
  /** Opt-in text shown under the message. */
  optin_text: text(''),
  /** The opt-in must be checked before the conversation opens. */
  optin_check: flag(false),
  /** Caption of the QR code. */
  qr_text: text('Scan the code'),
  /** When the message was written (ISO date); unset: when the chatbox first opens. */
  message_time: z.optional(
    z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), { message: 'not a date' })),
  ),
  /** Side of the screen. */
  position: oneOf(['right', 'left'], 'right'),
  messages: joinChatMessages,
});

export type JoinChatSettings = z.infer<typeof joinChatSettings>;
