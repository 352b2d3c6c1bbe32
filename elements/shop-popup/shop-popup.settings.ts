import { z } from 'zod';
import { messagesSchema } from '../../shared/format/messages.ts';

/**
 * Settings of `<shop-popup>` (spec §3 "Popup settings": open_selector, timing, triggers,
 * entrance_animation, entrance_animation_duration, exit_animation, close_button_delay,
 * close_button_position, close_automatically, prevent_scroll, prevent_close_on_background_click,
 * prevent_close_on_esc_key, avoid_multiple_popups, a11y_navigation, classes). Every field is
 * defaulted (`parse({})` works); visible strings are under `messages`.
 */

/** Seconds, as the page builder writes them (spec §9: "Close button delay in seconds"). */
const seconds = (fallback: number) => z.number().min(0).max(86_400).default(fallback);

/** A CSS selector the page can run ('' for none); a bad one is a settings error, not a runtime one. */
const selector = z
  .string()
  .max(500)
  .refine((value) => {
    if (!value || typeof document === 'undefined') return true;
    try {
      document.createDocumentFragment().querySelector(value);
      return true;
    } catch {
      return false;
    }
  }, 'not a valid CSS selector')
  .default('');

/** spec §5 "Popup display checks": each check is off (null) unless set. */
export const timingSchema = z
  .object({
    /** Page views since first seen must reach this count. */
    page_views: z.number().int().min(0).max(1_000_000).nullable().default(null),
    /** Sessions must reach this count. */
    sessions: z.number().int().min(0).max(1_000_000).nullable().default(null),
    /** URL check: the referrer against a substring, or a regex when `regex` is set. */
    url: z
      .object({
        value: z.string().max(2000).default(''),
        regex: z.boolean().default(false),
        /** `show`: display when it matches; `hide`: display when it does not. */
        action: z.enum(['show', 'hide']).default('show'),
      })
      .nullable()
      .default(null),
    /** Sources the visitor may come from. */
    sources: z
      .array(z.enum(['internal', 'external', 'search']))
      .max(3)
      .nullable()
      .default(null),
    /** The allowed device modes. */
    devices: z
      .array(z.enum(['desktop', 'tablet', 'mobile']))
      .max(3)
      .nullable()
      .default(null),
    /** The allowed browsers. */
    browsers: z
      .array(z.enum(['chrome', 'firefox', 'safari', 'edge', 'opera', 'ie']))
      .max(6)
      .nullable()
      .default(null),
    /** Logged-in rule: hidden for all logged-in users, or for the chosen roles. */
    logged_in: z
      .object({
        users: z.enum(['all', 'custom']).default('all'),
        roles: z.array(z.string().max(100)).max(50).default([]),
      })
      .nullable()
      .default(null),
    /** Schedule: ISO dates; `site` compares in the site's time (the page's UTC offset). */
    schedule: z
      .object({
        start: z.string().max(40).default(''),
        end: z.string().max(40).default(''),
        timezone: z.enum(['site', 'visitor']).default('site'),
      })
      .nullable()
      .default(null),
    /** Impressions must stay under `times` per `period` (spec §9 time frames). */
    times: z
      .object({
        times: z.number().int().min(1).max(1_000_000).default(1),
        period: z.enum(['session', 'day', 'week', 'month']).default('session'),
      })
      .nullable()
      .default(null),
  })
  .prefault({});

/** spec §5 "Triggers": each is off (null / false) unless set. Delays and times in seconds. */
export const triggersSchema = z
  .object({
    page_load: z
      .object({ delay: seconds(0) })
      .nullable()
      .default(null),
    /** Scroll down to `offset` percent, or any upward scroll. */
    scrolling: z
      .object({
        direction: z.enum(['down', 'up']).default('down'),
        offset: z.number().min(0).max(100).default(10),
      })
      .nullable()
      .default(null),
    scrolling_to: z.object({ selector }).nullable().default(null),
    click: z
      .object({ times: z.number().int().min(1).max(1000).default(1) })
      .nullable()
      .default(null),
    inactivity: z
      .object({ time: seconds(30) })
      .nullable()
      .default(null),
    exit_intent: z.boolean().default(false),
    adblock_detection: z
      .object({ delay: seconds(0) })
      .nullable()
      .default(null),
  })
  .prefault({});

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
  popup_id: z
    .string()
    .max(100)
    .regex(/^[\w-]*$/)
    .default(''),
  /** Clicking an element matching this selector opens the popup (spec §3). */
  open_selector: selector,
  timing: timingSchema,
  triggers: triggersSchema,
  entrance_animation: z.enum(ENTRANCE_ANIMATIONS).default('fadeIn'),
  /** Seconds; the exit animation uses the same duration. */
  entrance_animation_duration: z.number().min(0).max(10).default(1.2),
  exit_animation: z.enum(EXIT_ANIMATIONS).default('fadeOut'),
  /** Seconds before the close button shows (spec §9). */
  close_button_delay: seconds(0),
  close_button_position: z.enum(['inside', 'outside']).default('inside'),
  /** Seconds after opening when the popup closes by itself; 0 never. */
  close_automatically: seconds(0),
  /** The page behind does not scroll while the popup is open. */
  prevent_scroll: z.boolean().default(false),
  prevent_close_on_background_click: z.boolean().default(false),
  prevent_close_on_esc_key: z.boolean().default(false),
  /** Not shown when another popup was already shown on this page. */
  avoid_multiple_popups: z.boolean().default(false),
  /** Focus moves into the popup after the focus delay (spec §9: 250 ms) and returns on close. */
  a11y_navigation: z.boolean().default(true),
  /** Extra classes on the host (tokens only). */
  classes: z
    .string()
    .max(500)
    .regex(/^[\w\s-]*$/)
    .default(''),
  /** A modal dialog (`showModal()`, the page behind inert); false shows it non-modal. */
  modal: z.boolean().default(true),
  messages: messagesSchema({
    /** The dialog's accessible name. */
    label: 'Popup',
    close: 'Close',
  }),
});

export type PopupSettings = z.infer<typeof popupSettings>;
export type PopupTiming = z.infer<typeof timingSchema>;
export type PopupTriggers = z.infer<typeof triggersSchema>;
