/**
 * The messaging link of `<join-chat>` (spec §7 Other: "Chat opens an external messaging link
 * (phone, text query) in a new window"). Joinchat's wire format: `https://wa.me/<phone>?text=…`
 * for the app, `https://web.whatsapp.com/send?phone=<phone>&text=…` for WhatsApp Web.
 * Numbers are parsed into digits and links are built with the URL API and checked after
 * building, never by patching strings together. No DOM.
 */

/** E.164 allows at most 15 digits; shorter than 7 is no reachable number. */
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
const SEPARATORS = new Set([' ', '\u00a0', '-', '.', '(', ')', '/']);

/**
 * Parses a telephone number as written by a shop editor (`+34 600 11-22-33`, `(34) 600.112.233`,
 * `0034600112233`) into its international digits (`34600112233`). Returns null when the text
 * holds anything but digits, one leading `+` and common separators, or a wrong digit count.
 */
export function parsePhone(input: string): string | null {
  const text = input.trim();
  let digits = '';
  let index = 0;
  for (const char of text) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char === '+' && index === 0) {
      // A leading plus is the international prefix.
    } else if (!SEPARATORS.has(char)) return null;
    index += 1;
  }
  // "00" is the international call prefix written out: drop it, like a leading "+".
  if (!text.startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('0')) return null; // a country code never starts with 0
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS ? digits : null;
}

export interface ChatLinkOptions {
  /** Digits from `parsePhone`. */
  phone: string;
  /** Text to prefill (omitted when empty). */
  text?: string;
  /** WhatsApp Web (`web.whatsapp.com/send`) instead of the app link (`wa.me`). */
  web?: boolean;
}

const ALLOWED_HOSTS = new Set(['wa.me', 'web.whatsapp.com']);

/**
 * Builds the messaging link, or returns null when the phone does not parse or the built URL is
 * not an https link to one of WhatsApp's hosts with exactly the expected parameters.
 */
export function buildChatLink({ phone, text = '', web = false }: ChatLinkOptions): string | null {
  const digits = parsePhone(phone);
  if (!digits) return null;
  const url = web ? new URL('https://web.whatsapp.com/send') : new URL('https://wa.me/');
  if (web) url.searchParams.set('phone', digits);
  else url.pathname = `/${digits}`;
  if (text) url.searchParams.set('text', text);
  return isChatLink(url.href) ? url.href : null;
}

/** True for an https link to wa.me/<digits> or web.whatsapp.com/send?phone=<digits>. */
export function isChatLink(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || !ALLOWED_HOSTS.has(url.hostname) || url.username || url.password) {
    return false;
  }
  if (url.port !== '' || url.hash !== '') return false;
  const keys = [...url.searchParams.keys()];
  if (url.hostname === 'wa.me') {
    const phone = url.pathname.slice(1);
    return parsePhone(phone) === phone && keys.every((k) => k === 'text');
  }
  const phone = url.searchParams.get('phone') ?? '';
  return (
    url.pathname === '/send' &&
    parsePhone(phone) === phone &&
    keys.every((k) => k === 'phone' || k === 'text')
  );
}
