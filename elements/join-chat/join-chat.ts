import { defineElement } from '../../shared/define-element.tsx';
import { JoinChatController } from './join-chat.controller.ts';
import { joinChatEnvironment } from './join-chat.env.ts';
import { joinChatSettings } from './join-chat.settings.ts';
import { styles } from './join-chat.styles.ts';
import { JoinChat } from './join-chat.view.tsx';

export { type JoinChatEnvironment, setJoinChatEnvironment } from './join-chat.env.ts';
export type { JoinChatSettings } from './join-chat.settings.ts';

/**
 * Chat button for a messaging app (the WordPress plugin Joinchat's front end, spec §2 and §4
 * Chat widget): a launcher that appears after `button_delay`, an optional tooltip and badge, a
 * chatbox (non-modal dialog) that types out the shop's message and may open by itself after
 * `message_delay` once the shopper has made `message_views` page views, an opt-in, a QR code on
 * desktops, and the WhatsApp link (`wa.me` or `web.whatsapp.com`) in a new window.
 *
 * Settings use Joinchat's snake_case names. Joinchat prints them as `data-settings` JSON; this
 * element reads `data-settings` too (defineElement's `jsonAttributes`: above the `settings`
 * attribute and the child `<script type="application/json">`, like the `settings` property; bad
 * JSON is reported like any invalid settings), so the plugin's markup can be kept. Page elements
 * with class `joinchat_open` / `joinchat_app` / `joinchat_close`, and links to `#joinchat` /
 * `#whatsapp` (optional `data-phone`, `data-message`), open or close it;
 * so do the page address `#joinchat` and `?joinchat=<seconds>`.
 *
 * Storage: `joinchat_views` (count) and `joinchat_hashes` (seen messages) in localStorage, in
 * memory when storage is unavailable. Events go to the data layer / GA4 / Google Ads / Meta
 * Pixel only with consent (`$consent`: statistics, marketing). With a `sku` set, the SKU of the
 * variation the shopper chose (`$product`) replaces `<jc-sku>…</jc-sku>`. The behaviour lives in
 * `join-chat.controller.ts`, which the element creates and connects while it is on the page; the
 * view renders its state.
 *
 * @tagname join-chat
 * @summary Chat button, chatbox and messaging link.
 * @attr {string} settings - JSON matching `joinChatSettings`; invalid fields are reported and their defaults used.
 * @attr {string} data-settings - Joinchat's JSON data attribute; same schema, read like the `settings` property.
 * @attr {string} telephone - Phone number in international format (sets `telephone`).
 * @attr {boolean} mobile-only - Show only on mobile devices (sets `mobile_only`).
 * @attr {boolean} whatsapp-web - Open WhatsApp Web on desktops (sets `whatsapp_web`).
 * @attr {boolean} qr - Show a QR code in the chatbox on desktops (sets `qr`).
 * @attr {'right'|'left'} position - Side of the screen (sets `position`).
 * @event {CustomEvent<{ automatic: boolean }>} join-chat-opened - The chatbox opened; `automatic` when it opened by itself (message delay or page address).
 * @event {CustomEvent<{ url: string }>} join-chat-link-opened - The messaging link was opened in a new window.
 * @csspart root - The fixed-position container.
 * @csspart button - The launcher button.
 * @csspart tooltip - The tooltip beside the launcher.
 * @csspart badge - The notification badge.
 * @csspart chatbox - The chatbox dialog.
 * @csspart header - The chatbox header.
 * @csspart title - The header text.
 * @csspart close-button - The chatbox close button.
 * @csspart chat - The scrolling list of bubbles.
 * @csspart time - The message time.
 * @csspart bubble - A message bubble.
 * @csspart note - A note bubble (also has part `bubble`).
 * @csspart typing - The typing-dots bubble.
 * @csspart optin - The opt-in text and checkbox.
 * @csspart open-button - The button that opens the conversation.
 * @csspart qr - The QR code figure.
 * @cssproperty [--accent=#00785a] - Brand colour of the launcher, header and open button (the default keeps white text at 4.5:1).
 * @cssproperty [--on-accent=#fff] - Text and icon colour on the brand colour.
 * @cssproperty [--surface=var(--shop-color-surface)] - Tooltip background.
 * @cssproperty [--text-color=var(--shop-color-text)] - Text of the tooltip and the chatbox.
 * @cssproperty [--size=60px] - Launcher diameter.
 * @cssproperty [--side=20px] - Distance from the side of the screen.
 * @cssproperty [--bottom=20px] - Distance from the bottom of the screen.
 * @cssproperty [--width=320px] - Chatbox width.
 * @cssproperty [--radius=16px] - Chatbox corner radius.
 * @cssproperty [--z-index=400] - Stacking order.
 * @cssproperty [--chat-background=#efeae2] - Chat area background.
 * @cssproperty [--bubble-background=#fff] - Message bubble background.
 * @cssproperty [--note-background=#fff5c4] - Note bubble background.
 * @cssproperty [--badge-color=#d70015] - Badge background.
 * @cssproperty [--time-color=#54524e] - Message time colour.
 */
export class JoinChatElement extends defineElement(JoinChat, {
  tag: 'join-chat',
  settings: joinChatSettings,
  styles,
  attributes: {
    telephone: { key: 'telephone', type: 'string' },
    'mobile-only': { key: 'mobile_only', type: 'boolean' },
    'whatsapp-web': { key: 'whatsapp_web', type: 'boolean' },
    qr: { key: 'qr', type: 'boolean' },
    position: { key: 'position', type: 'string' },
  },
  jsonAttributes: ['data-settings'],
  // Follows the parsed settings; time is the page's clock, the rest the chat's environment.
  controller: ({ host, settings$ }) =>
    new JoinChatController({ host, settings: settings$, env: joinChatEnvironment() }),
}) {}

JoinChatElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'join-chat': JoinChatElement;
  }
}
