import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { bool, decimal, integer, oneOf, text } from '../../shared/format/settings.ts';

/**
 * Settings of `<shop-popup>` (spec §3 "Popup settings": open_selector, timing, triggers,
 * entrance_animation, entrance_animation_duration, exit_animation, close_button_delay,
 * close_button_position, close_automatically, prevent_scroll, prevent_close_on_background_click,
 * prevent_close_on_esc_key, avoid_multiple_popups, a11y_navigation, classes). Every field is
 * defaulted (`parse({})` works); visible strings are under `messages`.
 */

/** Seconds, as the page builder writes them (spec §9: "Close button delay in seconds"). */
const seconds = (fallback: number) => decimal(fallback, 0, 86_400);

/** A CSS selector the page can run ('' for none); a bad one is a settings error, not a runtime one. */
/** A rule that is off (null) unless set. */
const off = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);

const selector = z._default(
  z.string().check(
    z.maxLength(500),
    z.refine((value) => {
      if (!value || typeof document === 'undefined') return true;
      try {
        document.createDocumentFragment().querySelector(value);
        return true;
      } catch {
        return false;
      }
    }, 'not a valid CSS selector'),
  ),
  '',
);

/** spec §5 "Popup display checks": each check is off (null) unless set. */
export const timingSchema = z.prefault(
  z.object({
    /** Page views since first seen must reach this count. */
    page_views: off(z.int().check(z.minimum(0), z.maximum(1_000_000))),
    /** Sessions must reach this count. */
    sessions: off(z.int().check(z.minimum(0), z.maximum(1_000_000))),
    /** URL check: the referrer against a substring, or a regex when `regex` is set. */
    url: off(
      z.object({
        value: text('', 2000),
        regex: bool(false),
        /** `show`: display when it matches; `hide`: display when it does not. */
        action: oneOf(['show', 'hide'], 'show'),
      }),
    ),
    /** Sources the visitor may come from. */
    sources: off(z.array(z.enum(['internal', 'external', 'search'])).check(z.maxLength(3))),
    /** The allowed device modes. */
    devices: off(z.array(z.enum(['desktop', 'tablet', 'mobile'])).check(z.maxLength(3))),
    /** The allowed browsers. */
    browsers: off(
      z.array(z.enum(['chrome', 'firefox', 'safari', 'edge', 'opera', 'ie'])).check(z.maxLength(6)),
    ),
    /** Logged-in rule: hidden for all logged-in users, or for the chosen roles. */
    logged_in: off(
      z.object({
        users: oneOf(['all', 'custom'], 'all'),
        roles: z._default(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)), []),
      }),
    ),
    /** Schedule: ISO dates; `site` compares in the site's time (the page's UTC offset). */
    schedule: off(
      z.object({
        start: text('', 40),
        end: text('', 40),
        timezone: oneOf(['site', 'visitor'], 'site'),
      }),
    ),
    /** Impressions must stay under `times` per `period` (spec §9 time frames). */
    times: off(
      z.object({
        times: integer(1, 1, 1_000_000),
        period: oneOf(['session', 'day', 'week', 'month'], 'session'),
      }),
    ),
  }),
  {},
);

/** spec §5 "Triggers": each is off (null / false) unless set. Delays and times in seconds. */
export const triggersSchema = z.prefault(
  z.object({
    page_load: off(z.object({ delay: seconds(0) })),
    /** Scroll down to `offset` percent, or any upward scroll. */
    scrolling: off(
      z.object({
        direction: oneOf(['down', 'up'], 'down'),
        offset: decimal(10, 0, 100),
      }),
    ),
    scrolling_to: off(z.object({ selector })),
    click: off(z.object({ times: integer(1, 1, 1000) })),
    inactivity: off(z.object({ time: seconds(30) })),
    exit_intent: bool(false),
    adblock_detection: off(z.object({ delay: seconds(0) })),
  }),
  {},
);

export const ENTRANCE_ANIMATIONS = [
  'none',
  'fadeIn',
  'zoomIn',
  'slideInUp',
  'slideInDown',
  'slideInLeft',
  'slideInRight',
] as const;
export const EXIT_ANIMATIONS = [
  'none',
  'fadeOut',
  'zoomOut',
  'slideOutUp',
  'slideOutDown',
  'slideOutLeft',
  'slideOutRight',
] as const;

export const popupSettings = z.object({
  /** The popup's id: the key of its storage items and of link actions (`popup:open` with this id). */
  popup_id: text('', 100, /^[\w-]*$/),
  /** Clicking an element matching this selector opens the popup (spec §3). */
  open_selector: selector,
  timing: timingSchema,
  triggers: triggersSchema,
  entrance_animation: oneOf(ENTRANCE_ANIMATIONS, 'fadeIn'),
  /** Seconds; the exit animation uses the same duration. */
  entrance_animation_duration: decimal(1.2, 0, 10),
  exit_animation: oneOf(EXIT_ANIMATIONS, 'fadeOut'),
  /** Seconds before the close button shows (spec §9). */
  close_button_delay: seconds(0),
  close_button_position: oneOf(['inside', 'outside'], 'inside'),
  /** Seconds after opening when the popup closes by itself; 0 never. */
  close_automatically: seconds(0),
  /** The page behind does not scroll while the popup is open. */
  prevent_scroll: bool(false),
  prevent_close_on_background_click: bool(false),
  prevent_close_on_esc_key: bool(false),
  /** Not shown when another popup was already shown on this page. */
  avoid_multiple_popups: bool(false),
  /** Focus moves into the popup after the focus delay (spec §9: 250 ms) and returns on close. */
  a11y_navigation: bool(true),
  /** Extra classes on the host (tokens only). */
  classes: text('', 500, /^[\w\s-]*$/),
  /** A modal dialog (`showModal()`, the page behind inert); false shows it non-modal. */
  modal: bool(true),
  messages: messagesSchema({
    /** The dialog's accessible name. */
    label: 'Popup',
    close: 'Close',
  }),
});

export type PopupSettings = z.infer<typeof popupSettings>;
export type PopupTiming = z.infer<typeof timingSchema>;
export type PopupTriggers = z.infer<typeof triggersSchema>;

/** The popup's id: `popup_id`, else the host's id, else "popup". */
export function popupIdOf(host: HTMLElement, settings: PopupSettings): string {
  return settings.popup_id || host.id || 'popup';
}
