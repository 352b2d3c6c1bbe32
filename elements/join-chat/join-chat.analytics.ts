/**
 * Chat events (spec §7 Chat events, §5 Chat event text truncation), in Joinchat's wire format:
 * a Google Tag Manager push `{ event: 'JoinChat', event_label, event_action, chat_channel,
 * chat_id, chat_message, is_mobile, page_location, page_title }` on the configured data layer,
 * a GA4 event (`ga_event`, default `generate_lead`) per GA4 tag found on the page with the
 * parameters truncated, a Google Ads `conversion` to `gads`, and a Meta Pixel `trackCustom`.
 *
 * Consent (`$consent`): statistics allows the data layer push and the GA4 events; marketing
 * allows the Google Ads conversion and the Meta Pixel event. Nothing is sent or defined on the
 * page (not even `window.gtag`) without the matching consent.
 */
import type { Consent } from '../../shared/stores/consent.ts';

/** spec §5 Chat event text truncation. */
export const TRUNCATION = { page_location: 1000, page_referrer: 420, page_title: 300, other: 100 } as const;

const cut = (text: string, max: number) => {
  const chars = Array.from(text); // never split a surrogate pair
  return chars.length > max ? chars.slice(0, max).join('') : text;
};

/** Truncates every string parameter to GA4's limits; other values pass through. */
export function truncateParams<T extends Record<string, unknown>>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') out[key] = value;
    else if (key === 'page_location') out[key] = cut(value, TRUNCATION.page_location);
    else if (key === 'page_referrer') out[key] = cut(value, TRUNCATION.page_referrer);
    else if (key === 'page_title') out[key] = cut(value, TRUNCATION.page_title);
    else out[key] = cut(value, TRUNCATION.other);
  }
  return out as T;
}

/** The parameters of one chat event (Joinchat's `send_event` params). */
export interface ChatEventParams {
  event_category: string;
  event_label: string;
  event_action: string;
  chat_channel: string;
  chat_id: string;
  chat_message: string;
  is_mobile: 'yes' | 'no';
  page_location: string;
  page_title: string;
  [key: string]: unknown;
}

/** Builds the event parameters for opening `link` to `phone` with `message`. */
export function chatEventParams(input: {
  link: string;
  phone: string;
  message: string;
  isMobile: boolean;
  location: string;
  title: string;
}): ChatEventParams {
  return {
    event_category: 'JoinChat',
    event_label: input.link,
    event_action: `whatsapp: ${input.phone}`,
    chat_channel: 'whatsapp',
    chat_id: input.phone,
    chat_message: input.message,
    is_mobile: input.isMobile ? 'yes' : 'no',
    page_location: input.location,
    page_title: input.title || 'no title',
  };
}

/** The page globals the trackers live in. */
export type TrackerWindow = Record<string, unknown> & {
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
  gtm4wp_datalayer_name?: string;
  google_tag_data?: { tidr?: { destination?: Record<string, unknown> } };
};

export interface SendOptions {
  data_layer: string;
  ga_event: string;
  gads: string;
}

type DataLayer = unknown[] & { push(...items: unknown[]): number };

function findDataLayer(win: TrackerWindow, name: string): DataLayer | undefined {
  const candidates = [
    win[name],
    win.gtm4wp_datalayer_name ? win[win.gtm4wp_datalayer_name] : undefined,
    win.dataLayer,
  ];
  return candidates.find((c): c is DataLayer => Array.isArray(c));
}

/** What was sent (for tests and debugging). */
export interface SendReport {
  dataLayer: boolean;
  ga4Tags: string[];
  gads: boolean;
  pixel: boolean;
}

/** Sends one chat event to every configured tracker that consent allows. */
export function sendChatEvent(
  win: TrackerWindow,
  params: ChatEventParams,
  options: SendOptions,
  consent: Consent,
): SendReport {
  const report: SendReport = { dataLayer: false, ga4Tags: [], gads: false, pixel: false };
  const statistics = consent.statistics === 'granted';
  const marketing = consent.marketing === 'granted';
  const dataLayer = findDataLayer(win, options.data_layer);
  const { event_category, ...rest } = params;

  if (dataLayer && (statistics || marketing)) {
    if (typeof win.gtag !== 'function') {
      // gtag.js queues the arguments object itself; an array would not be read as a command.
      win.gtag = function gtag() {
        // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object
        dataLayer.push(arguments);
      };
    }
    const gtag = win.gtag;
    if (statistics) {
      const ga4Params = truncateParams({ transport_type: 'beacon', ...params });
      const send = (tag: string) => {
        if (report.ga4Tags.includes(tag) || !(tag.startsWith('G-') || tag.startsWith('GT-'))) return;
        report.ga4Tags.push(tag);
        gtag('event', options.ga_event, { send_to: tag, ...ga4Params });
      };
      for (const tag of Object.keys(win.google_tag_data?.tidr?.destination ?? {})) send(tag);
      for (const item of [...dataLayer]) {
        const entry = item as ArrayLike<unknown> | null;
        if (entry && typeof entry === 'object' && entry[0] === 'config' && typeof entry[1] === 'string') {
          send(entry[1]);
        }
      }
    }
    if (marketing && options.gads) {
      gtag('event', 'conversion', { send_to: options.gads });
      report.gads = true;
    }
    if (statistics) {
      dataLayer.push({ event: event_category, ...rest });
      report.dataLayer = true;
    }
  }
  if (marketing && typeof win.fbq === 'function') {
    win.fbq('trackCustom', event_category, rest);
    report.pixel = true;
  }
  return report;
}
