import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef } from 'react';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import { type CaptchaTexts, captchaTexts, readCaptchaConfig } from './captcha.settings.ts';
import { CaptchaController, type CaptchaOptions } from './captcha.ts';

/**
 * The captcha chunk (issue 13): loaded only by forms whose page config has `enable_recaptcha`.
 * `createCaptcha` reads `config.recaptcha` (each bad field `report`ed and defaulted) and makes the
 * add-on; `CaptchaArea` shows its widget (slotted light DOM) and message.
 */
export function createCaptcha(
  options: Omit<CaptchaOptions, 'config'> & {
    recaptcha: unknown;
    report: (field: string, problem: string) => void;
  },
): CaptchaController {
  const { recaptcha, report, ...rest } = options;
  return new CaptchaController({ ...rest, config: readCaptchaConfig(recaptcha, report) });
}

const css = `
.captcha { display: grid; gap: calc(var(--_gap) / 2); justify-items: start; }
.captcha-message { margin: 0; color: var(--_danger); font-weight: 600; }
`;

const TEXT_OF: Record<string, keyof CaptchaTexts> = {
  required: 'captchaRequired',
  expired: 'captchaExpired',
  duplicate: 'captchaDuplicate',
  unavailable: 'captchaUnavailable',
};

/** The captcha area: the provider's widget (light DOM, through the slot) and its message. */
export function CaptchaArea({
  captcha,
  messages,
}: {
  captcha: CaptchaController;
  messages: { captchaUnavailable: string };
}) {
  const state = useStore(captcha.$state);
  const texts = captchaTexts(messages);
  const ref = useRef<HTMLDivElement>(null);
  // The area's styles, adopted into the form's shadow root once.
  useLayoutEffect(() => adoptStyles(ref.current, css), []);
  const key = TEXT_OF[state.message];
  return (
    <div ref={ref} className="captcha" part="captcha" data-status={state.status}>
      {state.status !== 'duplicate' && state.status !== 'off' && <slot name="captcha" />}
      <p className="captcha-message" part="captcha-message" role="alert">
        {key ? texts[key] : ''}
      </p>
    </div>
  );
}
