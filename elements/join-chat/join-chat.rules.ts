/**
 * The rules of `<join-chat>` as pure functions (spec §4 Chat widget, §9 Chat): when the button,
 * tooltip, badge and automatic chatbox appear, what the view counter and the seen-message list
 * in client storage say, the typing timings, and the opening triggers. No DOM, no React.
 */
import type { SafeStorage } from '../../shared/storage.ts';

/** Client storage keys, as Joinchat names them (spec §3 Chat widget settings). */
export const VIEWS_KEY = 'joinchat_views';
export const HASHES_KEY = 'joinchat_hashes';

/** spec §9 Chat. */
export const TIMING = {
  /** A click this soon after the chatbox was shown is ignored. */
  clickGuard: 600,
  /** Hovering the button this long opens the chatbox (non-mobile). */
  hoverOpen: 1500,
  /** Typing: per word, plus a random 100-200 ms. */
  typingPerWord: 60,
  typingExtra: [100, 200] as const,
  /** Pause after a bubble is revealed before the next one starts. */
  reveal: [400, 600] as const,
  /** Note bubbles appear without typing, this long before the next. */
  note: 100,
  /** Debounce of the text-field focus check and of resize (mobile). */
  focusDebounce: 200,
  resizeDebounce: 200,
  /** The URL trigger opens the chatbox this long after showing the button. */
  urlOpen: 700,
  /** On mobile, after closing the chatbox for a focused text field, hide the button after this. */
  hideAfterClose: 400,
} as const;

/** The part of the settings the start-up rules read. */
export interface PlanInput {
  button_delay: number;
  message_delay: number;
  message_views: number;
  message_badge: boolean;
  message_hash: string;
  cta_viewed?: boolean | undefined;
}

/** What happens after start-up, with delays in milliseconds from start. */
export interface StartPlan {
  /** When the button appears (0 with `animate: false` for a negative button_delay). */
  showAt: number;
  animate: boolean;
  /** The tooltip shows with the button. */
  tooltip: boolean;
  /** At `ctaAt`: show the badge, open the chatbox automatically, or nothing. */
  cta: 'badge' | 'open' | 'none';
  ctaAt: number;
  /** Count this page view (only while the threshold is not reached and a delay is set). */
  countView: boolean;
  /** The message was already seen. */
  ctaViewed: boolean;
}

/** Splits the stored comma list of seen message hashes. */
export function readHashes(storage: SafeStorage): string[] {
  return (storage.get(HASHES_KEY) ?? '').split(',').filter(Boolean);
}

/** The stored view count (a missing or unreadable value counts as `fallback`). */
export function readViews(storage: SafeStorage, fallback: number): number {
  const n = Number.parseInt(storage.get(VIEWS_KEY) ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
}

/** Decides the start-up behaviour from the settings and what storage remembers (spec §4 Chat widget). */
export function planStart(settings: PlanInput, views: number, hashes: readonly string[]): StartPlan {
  const buttonDelay = settings.button_delay * 1000;
  const chatDelay = Math.max(0, settings.message_delay * 1000);
  const hasCta = settings.message_hash !== '';
  const hasPageviews = views >= settings.message_views;
  const ctaViewed = settings.cta_viewed ?? hashes.includes(settings.message_hash || 'none');
  // spec §4 Chat widget: the tooltip shows when the call to action is unseen and one of: badge
  // enabled, no message hash, no message delay, or the view threshold reached.
  const tooltip = !ctaViewed && (settings.message_badge || !hasCta || chatDelay === 0 || hasPageviews);
  let cta: StartPlan['cta'] = 'none';
  if (hasCta && !ctaViewed && chatDelay > 0) {
    if (settings.message_badge) cta = 'badge';
    else if (hasPageviews) cta = 'open';
  }
  const showAt = Math.max(0, buttonDelay);
  return {
    showAt,
    animate: buttonDelay >= 0,
    tooltip,
    cta,
    ctaAt: showAt + chatDelay,
    countView: chatDelay > 0 && !hasPageviews,
    ctaViewed,
  };
}

/** Reads storage and plans; counts this view when the plan says so. */
export function startFromStorage(settings: PlanInput, storage: SafeStorage): StartPlan {
  // An unset counter counts as the first view (Joinchat reads `views || 1`).
  const plan = planStart(settings, readViews(storage, 1), readHashes(storage));
  if (plan.countView) storage.set(VIEWS_KEY, String(readViews(storage, 0) + 1));
  return plan;
}

/**
 * Remembers the message as seen (spec §4: opening the chatbox saves the message hash). Like
 * Joinchat, nothing is saved without a message hash, nor for a negative message delay (a message
 * that never opens by itself) unless `force`.
 */
export function saveHash(storage: SafeStorage, hash: string, messageDelay: number, force = false): void {
  if (!hash) return;
  if (messageDelay < 0 && !force) return;
  const hashes = readHashes(storage);
  if (hashes.includes(hash)) return;
  hashes.push(hash);
  storage.set(HASHES_KEY, hashes.join(','));
}

/** `Math.round(random * (max - min) + min)`, Joinchat's `random(min, max)`. */
export function between([min, max]: readonly [number, number], random: number): number {
  return Math.round(random * (max - min) + min);
}

/** Words in a bubble (at least one). */
export function countWords(text: string): number {
  return Math.max(1, text.trim().split(/\s+/).filter(Boolean).length);
}

/** How long the typing dots show before a bubble appears: 60 ms a word plus 100-200 ms. */
export function typingDelay(text: string, random: number): number {
  return countWords(text) * TIMING.typingPerWord + between(TIMING.typingExtra, random);
}

/** Pause after a revealed bubble: 400-600 ms. */
export function revealDelay(random: number): number {
  return between(TIMING.reveal, random);
}

/** One chat bubble. */
export interface Bubble {
  text: string;
  /** Notes (lines after `>>>`) show without typing dots. */
  note: boolean;
}

/**
 * Splits the chatbox message into bubbles the way Joinchat's editor does: a line of three or
 * more `=` starts a new bubble, and a line of three or more `>` starts a note bubble.
 */
export function parseBubbles(message: string): Bubble[] {
  const bubbles: Bubble[] = [];
  let lines: string[] = [];
  let note = false;
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) bubbles.push({ text, note });
    lines = [];
  };
  for (const line of message.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*={3,}\s*$/.test(line)) {
      flush();
      note = false;
    } else if (/^\s*>{3,}\s*$/.test(line)) {
      flush();
      note = true;
    } else lines.push(line);
  }
  flush();
  return bubbles;
}

/**
 * The opening asked for by the page address (spec §2 Chat widget): `#joinchat`, or a `joinchat`
 * query parameter whose value is a delay in seconds. Null when neither is present.
 */
export function urlOpening(href: string): { showAt: number; openAt: number } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.hash !== '#joinchat' && !url.searchParams.has('joinchat')) return null;
  const seconds = Number.parseInt(url.searchParams.get('joinchat') ?? '', 10);
  const showAt = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return { showAt, openAt: showAt + TIMING.urlOpen };
}

/** Page elements that open the chat (spec §2): classes and in-page links. */
export const OPEN_TRIGGERS = '.joinchat_open, .joinchat_app, a[href="#joinchat"], a[href="#whatsapp"]';
/** Triggers that go straight to the messaging app (when no opt-in is pending). */
export const DIRECT_TRIGGERS = '.joinchat_app, a[href="#whatsapp"]';
/** Page elements that close the chatbox. */
export const CLOSE_TRIGGERS = '.joinchat_close';

/** Input types that raise a virtual keyboard (spec §4: on mobile the widget hides meanwhile). */
const TEXT_TYPES = new Set([
  'date',
  'datetime',
  'datetime-local',
  'email',
  'month',
  'number',
  'password',
  'search',
  'tel',
  'text',
  'textarea',
  'time',
  'url',
  'week',
]);

/** True when a focused control of this `type` is a text field. */
export function isTextFieldType(type: string | null | undefined): boolean {
  return TEXT_TYPES.has((type ?? '').toLowerCase());
}

/** Joinchat's mobile test on the user agent. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Mobile|Android|iPhone|iPad/i.test(userAgent);
}

/** Replaces Joinchat's `<jc-sku>…</jc-sku>` placeholder with the product SKU. */
export function replaceSku(text: string, sku: string | undefined): string {
  if (sku === undefined) return text;
  return text.replace(/<jc-sku>.*?<\/jc-sku>/g, () => sku);
}

/** CRC-32 (IEEE) of a string's UTF-8 bytes, as hex without leading zeros (a stand-in message hash). */
export function messageHash(text: string): string {
  if (!text) return '';
  let crc = ~0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (~crc >>> 0).toString(16).replace(/^0+/, '');
}
