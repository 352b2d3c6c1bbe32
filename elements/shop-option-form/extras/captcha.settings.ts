import * as z from 'zod/mini';
import { textsFrom } from '../../../shared/format/messages.ts';

/**
 * The captcha of an option form (spec §2 "captcha area", §3 page config `enable_recaptcha`, §5,
 * §7, §8, §9). It is on when the form's page config says `enable_recaptcha`; `config.recaptcha`
 * says which provider key and kind:
 *
 * ```json
 * "config": { "enable_recaptcha": true,
 *             "recaptcha": { "site_key": "6Lc…", "version": "v2", "invisible": false } }
 * ```
 */
export const DEFAULT_CAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

export const captchaConfigSchema = z.object({
  /** The provider's site key; without one there is no captcha (reported once). */
  site_key: z._default(z.string().check(z.maxLength(200)), ''),
  /** v2: a widget (checkbox, or invisible); v3: a score, `execute` with action `submit` (spec §7). */
  version: z._default(z.enum(['v2', 'v3']), 'v2'),
  /** v2 only: the invisible widget (a badge; the check runs on submit), tabindex 9999 (spec §9). */
  invisible: z._default(z.boolean(), false),
  /** The provider script (loaded on demand; `?render=` is added). Same origin or https. */
  script: z._default(z.string().check(z.maxLength(2000)), DEFAULT_CAPTCHA_SCRIPT),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/**
 * The captcha's visible strings: the element's `messages` (these are the defaults, in the captcha
 * chunk; `captchaUnavailable`, shown when this chunk fails, is the settings schema's own).
 */
export const CAPTCHA_TEXTS = {
  /** spec §8 "Captcha v2 not done". */
  captchaRequired: 'Choose Captcha',
  /** spec §8 "Captcha v3 token unused: an error text is revealed after 180 seconds". */
  captchaExpired: 'The captcha check has expired. It runs again when you add to cart.',
  /** spec §8 "Duplicate captcha widgets: a configured duplicate-widget error". */
  captchaDuplicate: 'This form already has a captcha; only one can be used.',
};
export type CaptchaTexts = typeof CAPTCHA_TEXTS & { captchaUnavailable: string };

/** The texts in use: the element's `messages` where they set one, else the defaults. */
export function captchaTexts(messages: { captchaUnavailable: string }): CaptchaTexts {
  return { ...textsFrom(CAPTCHA_TEXTS, messages), captchaUnavailable: messages.captchaUnavailable };
}

/**
 * Reads `config.recaptcha` field by field: a bad field is reported (naming the tag and the field)
 * and defaulted, the rest is kept.
 */
export function readCaptchaConfig(
  raw: unknown,
  report: (field: string, problem: string) => void,
): CaptchaConfig {
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (raw !== undefined && input !== raw) report('config.recaptcha', 'expected an object');
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(captchaConfigSchema.def.shape)) {
    const parsed = z.safeParse(schema, input[key]);
    if (parsed.success) out[key] = parsed.data;
    else {
      report(`config.recaptcha.${key}`, parsed.error.issues[0]?.message ?? 'invalid');
      out[key] = z.parse(schema, undefined);
    }
  }
  return out as CaptchaConfig;
}
