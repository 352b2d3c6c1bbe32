/**
 * What `<join-chat>` renders (its controller's `$state`) and the part of it that follows from
 * the settings alone, as pure functions: the bubbles, the opt-in, the QR link, whether the widget
 * shows on this device, and the values that follow from the others on every update. No timers,
 * no DOM; the controller (`join-chat.controller.ts`) decides when the rest changes.
 */
import { safeUrl } from '../../shared/url.ts';
import { buildChatLink } from './join-chat.link.ts';
import type { QrDrawing } from './join-chat.qr.ts';
import { type Bubble, messageHash, parseBubbles, replaceSku } from './join-chat.rules.ts';
import type { JoinChatSettings } from './join-chat.settings.ts';

/** Why the chatbox opened: automatic openings neither move focus nor count as the shopper's. */
export type OpenReason = 'click' | 'trigger' | 'hover' | 'auto' | 'url';

/** A control the view should focus (a new object each time, so the same target can repeat). */
export interface FocusRequest {
  target: 'launcher' | 'close' | 'optin';
}

/** What the view renders. */
export interface JoinChatState {
  /** A telephone is set and the device is allowed (`mobile_only`): the widget renders. */
  enabled: boolean;
  /** Joinchat's mobile test, read once when the controller is made. */
  mobile: boolean;
  /** The message split into bubbles (SKU placeholder replaced). */
  bubbles: readonly Bubble[];
  hasOptin: boolean;
  /** There is a chatbox: a message or an opt-in text. */
  hasChatbox: boolean;
  /** Hovering the launcher opens the chatbox (a chatbox on a non-mobile device). */
  hoverOpens: boolean;
  /** The app link drawn as a QR code (non-mobile with `qr`), else null. */
  qrLink: string | null;
  /**
   * The QR code of `qrLink`, drawn when the chatbox first shows it (the generator loads then,
   * issue 19); null before that, while it loads, when the link is too long for a QR code, or when
   * the generator could not be loaded.
   */
  qr: QrDrawing | null;
  /** When the message was written, or when the chatbox first opened; null before that. */
  messageTime: Date | null;
  /** The button has appeared; `visible` also needs no text field focused on mobile. */
  shown: boolean;
  visible: boolean;
  /** The button appears with an animation (a non-negative `button_delay`). */
  animate: boolean;
  tooltip: boolean;
  /** `in` while the badge shows; `out` once the chatbox opened over it. */
  badge: 'none' | 'in' | 'out';
  open: boolean;
  /** On mobile: a text field outside the widget has focus. */
  fieldFocused: boolean;
  optinChecked: boolean;
  /** The opt-in is required and not checked yet. */
  optinPending: boolean;
  /** Bubbles shown so far while typing (Infinity: all). */
  revealed: number;
  typing: boolean;
  focus: FocusRequest | null;
}

/** The part of the state the settings (with the SKU, the device and the first opening) decide. */
export type DerivedState = Pick<
  JoinChatState,
  'enabled' | 'mobile' | 'bubbles' | 'hasOptin' | 'hasChatbox' | 'hoverOpens' | 'messageTime' | 'qrLink'
>;

/** Everything else, as it is before the widget started. */
export const IDLE_STATE: Omit<JoinChatState, keyof DerivedState> = {
  shown: false,
  visible: false,
  animate: true,
  tooltip: false,
  badge: 'none',
  open: false,
  fieldFocused: false,
  optinChecked: false,
  optinPending: false,
  revealed: Number.POSITIVE_INFINITY,
  typing: false,
  focus: null,
  qr: null,
};

/** The message's hash (spec §4): the settings' own, else one made from the message text. */
export function chatHash(settings: JoinChatSettings): string {
  return settings.message_hash || messageHash(settings.message_text);
}

/** When the message was written (`message_time`), else when the chatbox first opened. */
export function messageTimeOf(settings: JoinChatSettings, firstOpened: Date | null): Date | null {
  const written = settings.message_time;
  return written ? new Date(written) : firstOpened;
}

/**
 * What the settings make of this page, with the SKU in force (`undefined`: the settings name
 * none), on this device, with the chatbox first opened at `firstOpened`.
 */
export function deriveState(
  settings: JoinChatSettings,
  sku: string | undefined,
  mobile: boolean,
  firstOpened: Date | null,
): DerivedState {
  const bubbles = parseBubbles(replaceSku(settings.message_text, sku));
  const hasOptin = settings.optin_text.trim() !== '';
  const hasChatbox = bubbles.length > 0 || hasOptin;
  return {
    enabled: settings.telephone !== '' && (mobile || !settings.mobile_only),
    mobile,
    bubbles,
    hasOptin,
    hasChatbox,
    hoverOpens: hasChatbox && !mobile,
    messageTime: messageTimeOf(settings, firstOpened),
    qrLink:
      settings.qr && !mobile
        ? safeUrl(buildChatLink({ phone: settings.telephone, text: replaceSku(settings.message_send, sku) }))
        : null,
  };
}

/** The same bubbles (text and kind), so a settings update can keep the old list and its typing. */
export function sameBubbles(a: readonly Bubble[], b: readonly Bubble[]): boolean {
  return (
    a.length === b.length && a.every((bubble, i) => bubble.text === b[i].text && bubble.note === b[i].note)
  );
}

/** Sets the values that follow from the others (`visible`, `optinPending`) on `next`. */
export function settle(next: JoinChatState, optinCheck: boolean): JoinChatState {
  next.visible = next.shown && !next.fieldFocused;
  next.optinPending = next.hasOptin && optinCheck && !next.optinChecked;
  return next;
}
