import { map, type ReadableAtom } from 'nanostores';
import { firstFocusable } from '../../../shared/a11y/focus.ts';
import { loadScript as loadPageScript } from '../../../shared/chunk-load.ts';
import { type Clock, pageClock } from '../../../shared/clock.ts';
import { logError } from '../../../shared/log.ts';
import { safeUrl } from '../../../shared/url.ts';
import type { AddonAnswer, SubmitAddon } from '../shop-option-form.addons.ts';
import type { CaptchaConfig } from './captcha.settings.ts';

const TAG = 'shop-option-form';
/** spec §7/§9: rendering is tried up to 10 times at 1 s intervals. */
export const RENDER_TRIES = 10;
export const RENDER_RETRY_MS = 1000;
/** spec §8: a v3 token left unused reveals an error text after 180 s (v3 tokens live 2 minutes). */
export const UNUSED_TOKEN_MS = 180_000;
/** spec §9: compact when the container is at most 300 px wide or the window under 400 px. */
export const COMPACT_CONTAINER_PX = 300;
export const COMPACT_WINDOW_PX = 400;
/** spec §9: tabindex 9999 for the invisible widget. */
export const INVISIBLE_TABINDEX = 9999;
/** The field the provider's token posts as (spec §7). */
export const TOKEN_FIELD = 'g-recaptcha-response';

/** The subset of the provider's `grecaptcha` API this calls (reCAPTCHA v2 and v3). */
export interface Grecaptcha {
  ready?(callback: () => void): void;
  render?(
    container: HTMLElement,
    params: {
      sitekey: string;
      size: 'normal' | 'compact' | 'invisible';
      tabindex?: number;
      callback(token: string): void;
      'expired-callback'(): void;
      'error-callback'(): void;
    },
  ): number;
  getResponse?(id?: number): string;
  reset?(id?: number): void;
  execute?(idOrSiteKey?: number | string, options?: { action: string }): Promise<string> | undefined;
}

/** Where the captcha stands: the view shows the slot and the message of `message`. */
export interface CaptchaState {
  status: 'loading' | 'ready' | 'failed' | 'duplicate' | 'off';
  message: '' | 'required' | 'expired' | 'duplicate' | 'unavailable';
}

export interface CaptchaOptions {
  /** The `<shop-option-form>`; the widget's container is its light-DOM child. */
  host: HTMLElement;
  /** The host form (for the duplicate check). */
  form: HTMLFormElement | null;
  config: CaptchaConfig;
  clock?: Clock;
  /** The provider's API (default: `window.grecaptcha`). */
  provider?(): Grecaptcha | undefined;
  /** Loads the provider script (default: `loadScript` of shared/chunk-load.ts). */
  loadScript?(src: string): Promise<void>;
  /** The window's width (default: `innerWidth`). */
  viewportWidth?(): number;
}

/** Marks our widget containers, so a second one in the same form is refused (spec §5). */
const CONTAINER_ATTR = 'data-shop-captcha';
/** Another captcha already in a form: ours or a page's reCAPTCHA. */
const OTHER_CAPTCHA = `[${CONTAINER_ATTR}], .g-recaptcha, textarea[name="${TOKEN_FIELD}"]`;

/** The provider script's URL for the kind of captcha: `render=explicit` (v2) or the v3 site key. */
export function captchaScriptUrl(config: CaptchaConfig): string | null {
  const url = safeUrl(config.script);
  if (!url) return null;
  const out = new URL(url);
  out.searchParams.set('render', config.version === 'v3' ? config.site_key : 'explicit');
  return out.href;
}

/**
 * The captcha of one option form (spec §2 captcha area, §4 "rendered, then solved, then the form
 * is submitted", §5, §7, §8, §9), as a submit add-on.
 *
 * The widget lives in the LIGHT DOM: a `<div slot="captcha">` child of the host, shown through a
 * slot. reCAPTCHA v2 does not work inside a shadow root (its challenge frame cannot reach the
 * widget frame: "Blocked a frame … from accessing a cross-origin frame", the known shadow-DOM
 * failure), and in the light DOM the provider's own `g-recaptcha-response` field sits in the host
 * form and posts with it, exactly as on a page without components. v3 has no widget: its token is
 * posted through the element's form value.
 */
export class CaptchaController implements SubmitAddon {
  readonly #state = map<CaptchaState>({ status: 'loading', message: '' });
  readonly #host: HTMLElement;
  readonly #form: HTMLFormElement | null;
  readonly #config: CaptchaConfig;
  readonly #clock: Clock;
  readonly #provider: () => Grecaptcha | undefined;
  readonly #loadScript: (src: string) => Promise<void>;
  readonly #viewportWidth: () => number;
  #container: HTMLElement | null = null;
  #widget: number | undefined;
  #token = '';
  #timer: unknown;
  #unusedTimer: unknown;
  #connected = false;
  /** Waiting for the provider (loaded or failed). */
  #settled: Array<() => void> = [];
  /** Waiting for a token (true) or a failure (false). */
  #waiters: Array<(ok: boolean) => void> = [];

  constructor(options: CaptchaOptions) {
    this.#host = options.host;
    this.#form = options.form;
    this.#config = options.config;
    this.#clock = options.clock ?? pageClock;
    this.#provider = options.provider ?? (() => (window as { grecaptcha?: Grecaptcha }).grecaptcha);
    this.#loadScript =
      options.loadScript ??
      ((src) => loadPageScript('captcha', src, { check: () => this.#provider() !== undefined }));
    this.#viewportWidth = options.viewportWidth ?? (() => window.innerWidth);
  }

  get $state(): ReadableAtom<CaptchaState> {
    return this.#state;
  }

  /** The light-DOM container the provider renders into (null before connect or when refused). */
  get container(): HTMLElement | null {
    return this.#container;
  }

  /** Sets up the container, loads the provider and renders; returns the cleanup. */
  connect(): () => void {
    this.#connected = true;
    if (!this.#config.site_key) {
      logError(TAG, 'config.recaptcha.site_key is missing: the captcha is off.');
      this.#state.set({ status: 'off', message: '' });
      return () => this.disconnect();
    }
    const other = this.#form?.querySelector(OTHER_CAPTCHA);
    if (other && !this.#host.contains(other)) {
      logError(TAG, 'two captcha widgets in one form: this one is not shown (spec §5).');
      this.#state.set({ status: 'duplicate', message: 'duplicate' });
      return () => this.disconnect();
    }
    const container = document.createElement('div');
    container.slot = 'captcha';
    container.setAttribute(CONTAINER_ATTR, this.#config.version);
    this.#host.append(container);
    this.#container = container;
    const url = captchaScriptUrl(this.#config);
    const ready = this.#provider() ? Promise.resolve() : url ? this.#loadScript(url) : Promise.reject();
    ready.then(
      () => this.#attempt(1),
      (error: unknown) => this.#fail('the captcha provider script did not load', error),
    );
    return () => this.disconnect();
  }

  disconnect(): void {
    this.#connected = false;
    this.#clock.clearTimeout(this.#timer);
    this.#clock.clearTimeout(this.#unusedTimer);
    this.#container?.remove();
    this.#container = null;
    this.#widget = undefined;
    this.#settle();
    this.#resolveWaiters(false);
  }

  // ---- the submit add-on ----------------------------------------------------------------------

  ready(): AddonAnswer {
    const { status } = this.#state.get();
    if (status === 'off' || status === 'duplicate') return true;
    if (status === 'failed') {
      this.#say('unavailable');
      return false;
    }
    if (status === 'loading')
      return new Promise<boolean>((resolve) =>
        this.#settled.push(() => resolve(this.#state.get().status !== 'loading')),
      );
    if (this.#response()) return true;
    if (this.#config.version === 'v2' && !this.#config.invisible) {
      // spec §5/§8: the submit is blocked and the shopper is asked to do the captcha.
      this.#say('required');
      this.#focusWidget();
      return false;
    }
    return this.#requestToken();
  }

  pairs(): Array<[string, string]> {
    const token = this.#response();
    // v2's own field is in the form and posts itself; v3 (or a provider without one) posts ours.
    if (!token || this.#container?.querySelector(`[name="${TOKEN_FIELD}"]`)) return [];
    return [[TOKEN_FIELD, token]];
  }

  /** A token is single-use: after an ajax add the widget is reset and the next submit gets a new one. */
  sent(): void {
    this.#token = '';
    this.#clock.clearTimeout(this.#unusedTimer);
    if (this.#config.version === 'v2' && this.#widget !== undefined) this.#provider()?.reset?.(this.#widget);
  }

  // ---- internals ------------------------------------------------------------------------------

  /** Try `n` of {@link RENDER_TRIES}: render (v2) or find `execute` (v3); else again in 1 s. */
  #attempt(n: number): void {
    if (!this.#connected || !this.#container) return;
    const api = this.#provider();
    try {
      if (this.#config.version === 'v3') {
        if (typeof api?.execute !== 'function') throw new Error('grecaptcha.execute is not there yet');
        this.#ready();
        this.#prefetch();
        return;
      }
      if (typeof api?.render !== 'function') throw new Error('grecaptcha.render is not there yet');
      this.#widget = api.render(this.#container, this.#params());
      this.#ready();
    } catch (error) {
      if (n >= RENDER_TRIES) {
        this.#fail(`the captcha did not render after ${RENDER_TRIES} tries`, error);
        return;
      }
      const timer = this.#clock.setTimeout(() => this.#attempt(n + 1), RENDER_RETRY_MS);
      this.#timer = timer;
      // The provider's own signal that its API is complete (`grecaptcha.ready`) brings the next
      // try forward; the 1 s tries stay for providers that never call it.
      api?.ready?.(() => {
        if (this.#timer !== timer) return;
        this.#clock.clearTimeout(timer);
        this.#timer = undefined;
        this.#attempt(n + 1);
      });
    }
  }

  #params() {
    const invisible = this.#config.invisible;
    // The width the widget may take: the captcha area it is slotted into (the widget itself is
    // still empty), else the form element.
    const area = this.#container?.assignedSlot?.parentElement ?? this.#host;
    const narrow = area.clientWidth <= COMPACT_CONTAINER_PX || this.#viewportWidth() < COMPACT_WINDOW_PX;
    return {
      sitekey: this.#config.site_key,
      size: invisible ? 'invisible' : narrow ? 'compact' : 'normal',
      ...(invisible ? { tabindex: INVISIBLE_TABINDEX } : {}),
      callback: (token: string) => this.#received(token),
      'expired-callback': () => {
        this.#token = '';
      },
      'error-callback': () => {
        this.#token = '';
        this.#resolveWaiters(false);
      },
    } as const;
  }

  #ready(): void {
    this.#state.set({ status: 'ready', message: '' });
    this.#settle();
  }

  #fail(why: string, error: unknown): void {
    if (!this.#connected) return;
    logError(TAG, `${why}: submitting waits for a captcha that cannot come.`, error);
    this.#state.set({ status: 'failed', message: 'unavailable' });
    this.#settle();
    this.#resolveWaiters(false);
  }

  #settle(): void {
    for (const done of this.#settled.splice(0)) done();
  }

  #resolveWaiters(ok: boolean): void {
    for (const done of this.#waiters.splice(0)) done(ok);
  }

  /** The token to post now: the widget's response (v2) or the last v3 token. */
  #response(): string {
    if (this.#config.version === 'v2' && this.#widget !== undefined) {
      try {
        return this.#provider()?.getResponse?.(this.#widget) || this.#token;
      } catch {
        return this.#token;
      }
    }
    return this.#token;
  }

  #received(token: string): void {
    if (!this.#connected) return;
    this.#token = token;
    const { message } = this.#state.get();
    if (message === 'required' || message === 'expired') this.#say('');
    if (this.#config.version === 'v3') {
      // spec §8: a token nobody used reveals the error text after 180 s; the next submit gets a new one.
      this.#clock.clearTimeout(this.#unusedTimer);
      this.#unusedTimer = this.#clock.setTimeout(() => {
        this.#token = '';
        this.#say('expired');
      }, UNUSED_TOKEN_MS);
    }
    this.#resolveWaiters(true);
  }

  /** v3: a token ready before the shopper submits (spec §7 execute with action submit). */
  #prefetch(): void {
    void this.#execute().catch(() => undefined);
  }

  /** Holds the submit until a token arrives (invisible v2, v3). */
  #requestToken(): Promise<boolean> {
    const waiting = new Promise<boolean>((resolve) => this.#waiters.push(resolve));
    this.#execute().catch((error: unknown) => {
      logError(TAG, 'the captcha could not give a token.', error);
      this.#say('unavailable');
      this.#resolveWaiters(false);
    });
    return waiting;
  }

  async #execute(): Promise<void> {
    const api = this.#provider();
    if (typeof api?.execute !== 'function') throw new Error('grecaptcha.execute is missing');
    if (this.#config.version === 'v3') {
      const token = await api.execute(this.#config.site_key, { action: 'submit' });
      if (typeof token !== 'string' || !token) throw new Error('the provider gave no token');
      this.#received(token);
    } else api.execute(this.#widget); // invisible v2: the token comes to `callback`
  }

  #say(message: CaptchaState['message']): void {
    this.#state.setKey('message', message);
  }

  /** Takes the shopper to the widget (its frame or first control: the kit's first focusable). */
  #focusWidget(): void {
    firstFocusable(this.#container)?.focus();
  }
}
