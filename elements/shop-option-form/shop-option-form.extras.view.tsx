import { useLayoutEffect, useState } from 'react';
import { type LazyModule, lazyModule, loadChunk } from '../../shared/chunk-load.ts';
import { logError } from '../../shared/log.ts';
import type { CaptchaController } from './extras/captcha.ts';
import type { AddonAnswer, SubmitAddon } from './shop-option-form.addons.ts';
import type { OptionFormController } from './shop-option-form.controller.ts';
import { type OptionFormSettings, TAG } from './shop-option-form.settings.ts';

/** A WordPress-style switch in the page config: true, 1, '1', 'yes', 'on', 'true'. */
function isOn(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && /^(1|yes|on|true)$/i.test(value));
}

/** The captcha (issue 13), a lazy chunk loaded only by forms with `config.enable_recaptcha`. */
export const captchaChunk = lazyModule(() => import('./extras/captcha.view.tsx'));
/** The spam tracker (issue 13), a lazy chunk loaded only by forms with `config.spam_tracker`. */
export const spamTrackerChunk = lazyModule(() => import('../../shared/spam-tracker.ts'));

/**
 * A submit add-on whose code is still on its way: a submit meanwhile waits for it (then asks it),
 * or, when its chunk failed, gets `failed` (the captcha blocks, the tracker lets the form post).
 */
function lazyAddon(
  start: () => Promise<SubmitAddon>,
  failed: boolean,
): { addon: SubmitAddon; loading: Promise<void> } {
  let real: SubmitAddon | undefined;
  let broken = false;
  const loading = start().then(
    (addon) => {
      real = addon;
    },
    () => {
      broken = true;
    },
  );
  const addon: SubmitAddon = {
    ready: (): AddonAnswer =>
      real ? real.ready() : broken ? failed : loading.then(() => Boolean(real) || failed),
    pairs: () => real?.pairs?.() ?? [],
    sent: () => real?.sent?.(),
  };
  return { addon, loading };
}

function load<T>(name: string, chunk: LazyModule<T>): Promise<T> {
  return loadChunk(name, () => chunk.load()).catch((error: unknown) => {
    logError(TAG, `the ${name} chunk did not load.`, error);
    throw error;
  });
}

type CaptchaModule = typeof import('./extras/captcha.view.tsx');

interface Props {
  controller: OptionFormController;
  settings: OptionFormSettings;
  host: HTMLElement;
  internals: ElementInternals | null;
}

/**
 * The option form's extras that act on the whole form (issue 13; spec §2 "a captcha area", §7 the
 * spam tracker): each is a lazy chunk loaded when the form's config turns it on, plugged into the
 * controller as a submit add-on; the captcha's area renders here.
 */
export function FormExtras({ controller, settings, host, internals }: Props) {
  const { config } = settings;
  const captchaOn = isOn(config.enable_recaptcha);
  const captchaKey = captchaOn ? JSON.stringify(config.recaptcha ?? null) : '';
  const trackerOn = isOn(config.spam_tracker);
  const [captcha, setCaptcha] = useState<
    { module: CaptchaModule; captcha: CaptchaController } | 'failed' | null
  >(null);

  useLayoutEffect(() => {
    if (!captchaKey) return;
    const form = internals?.form ?? host.closest('form');
    const recaptcha: unknown = JSON.parse(captchaKey);
    const report = (field: string, problem: string) =>
      logError(TAG, `${field}: ${problem}; its default is used.`);
    let stop: (() => void) | undefined;
    let live = true;
    const { addon } = lazyAddon(
      () =>
        load('captcha', captchaChunk).then((module) => {
          const made = module.createCaptcha({ host, form, recaptcha, report });
          if (live) {
            stop = made.connect();
            setCaptcha({ module, captcha: made });
          }
          return made;
        }),
      false,
    );
    const remove = controller.addSubmitAddon(addon);
    captchaChunk.load().catch(() => live && setCaptcha('failed'));
    return () => {
      live = false;
      remove();
      stop?.();
      setCaptcha(null);
    };
  }, [captchaKey, controller, host, internals]);

  useLayoutEffect(() => {
    const form = internals?.form ?? host.closest('form');
    if (!trackerOn || !form) return;
    let stop: (() => void) | undefined;
    let live = true;
    const { addon } = lazyAddon(
      () =>
        load('spam-tracker', spamTrackerChunk).then((module) => {
          const tracker = module.trackSpam({ form });
          if (live) stop = tracker.stop;
          else tracker.stop();
          return tracker.addon;
        }),
      true,
    );
    const remove = controller.addSubmitAddon(addon);
    return () => {
      live = false;
      remove();
      stop?.();
    };
  }, [trackerOn, controller, host, internals]);

  if (!captchaOn || !captcha) return null;
  if (captcha === 'failed')
    return (
      <p className="captcha-message" part="captcha-message" role="alert">
        {settings.messages.captchaUnavailable}
      </p>
    );
  const { CaptchaArea } = captcha.module;
  return <CaptchaArea captcha={captcha.captcha} messages={settings.messages} />;
}
