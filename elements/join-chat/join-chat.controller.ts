/**
 * The behaviour of `<join-chat>` (spec §2, §4 Chat widget, §9 Chat) without React: the start-up
 * plan (button delay, tooltip, badge or automatic chatbox, the page address), the chatbox's
 * opening and closing with the typing animation, the 600 ms click guard, hover-to-open, the page
 * triggers, hiding for text fields on mobile, the product's SKU, and opening the messaging link
 * with its analytics and events. Time, storage, the page address and the trackers come from the
 * injected {@link JoinChatEnvironment}; the view renders `$state` and calls the intents.
 */
import { type MapStore, map } from 'nanostores';
import { announce } from '../../shared/a11y/announce.ts';
import { deepActiveElement, matchOnPath } from '../../shared/a11y/focus.ts';
import { emit } from '../../shared/events.ts';
import { logError, logWarning } from '../../shared/log.ts';
import { type ConsentCategory, trackingAllowed } from '../../shared/stores/consent.ts';
import { $product } from '../../shared/stores/product.ts';
import { safeUrl } from '../../shared/url.ts';
import { chatEventParams, sendChatEvent } from './join-chat.analytics.ts';
import { type JoinChatEnvironment, joinChatEnvironment } from './join-chat.env.ts';
import { buildChatLink, parsePhone } from './join-chat.link.ts';
import type { QrDrawing } from './join-chat.qr.ts';
import { loadQrDrawer } from './join-chat.qr-loader.ts';
import {
  type Bubble,
  CLOSE_TRIGGERS,
  DIRECT_TRIGGERS,
  isTextFieldType,
  messageHash,
  OPEN_TRIGGERS,
  parseBubbles,
  replaceSku,
  revealDelay,
  saveHash,
  startFromStorage,
  TIMING,
  typingDelay,
  urlOpening,
} from './join-chat.rules.ts';
import type { JoinChatSettings } from './join-chat.settings.ts';

const TAG = 'join-chat';

const allowed = (category: ConsentCategory) => (trackingAllowed(category) ? 'granted' : 'denied');
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

type Timer = ReturnType<typeof setTimeout>;

export interface JoinChatControllerOptions {
  /** The element: events are emitted on it and `--vh` is set on it. */
  host: HTMLElement;
  settings: JoinChatSettings;
  env?: JoinChatEnvironment;
}

/** One `<join-chat>`'s behaviour; `start()` when the view mounts, `dispose()` when it goes. */
export class JoinChatController {
  readonly $state: MapStore<JoinChatState>;
  readonly #host: HTMLElement;
  readonly #env: JoinChatEnvironment;
  #settings: JoinChatSettings;
  #hash = '';
  #started = false;
  /** The key of the running start-up plan (see `#planKey`). */
  #runningPlan: string | null = null;
  #planTimers: Timer[] = [];
  #ctaTimer: Timer | undefined;
  #hoverTimer: Timer | undefined;
  #typingTimer: Timer | undefined;
  #typedOnce = false;
  /** When the chatbox last opened (spec §9: clicks within 600 ms of it are ignored). */
  #openedAt = Number.NEGATIVE_INFINITY;
  /** When the chatbox first opened (the message time when `message_time` is unset). */
  #firstOpened: Date | null = null;
  #productSku = '';
  #stopProduct: (() => void) | undefined;
  #stopTriggers: (() => void) | undefined;
  #stopMobile: (() => void) | undefined;
  /** The link the QR code in `qr` (or the one being drawn) is of; null: none asked for. */
  #qrFor: string | null = null;
  /** Numbers the QR drawings asked for; an older one's result is dropped. */
  #qrSeq = 0;
  /** The generator failed to load: said once, tried again at the next opening. */
  #qrLoadFailed = false;

  constructor({ host, settings, env = joinChatEnvironment() }: JoinChatControllerOptions) {
    this.#host = host;
    this.#env = env;
    this.#settings = settings;
    this.$state = map<JoinChatState>({
      ...this.#derive(env.isMobile()),
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
    });
    this.#commit({});
  }

  /** Starts the plan, the page triggers and the watchers the settings ask for. */
  start(): void {
    this.#started = true;
    this.#refresh();
  }

  /** Stops every timer and listener (the view unmounted). */
  dispose(): void {
    this.#started = false;
    this.#stopPlan();
    this.#runningPlan = null;
    for (const stop of [this.#stopProduct, this.#stopTriggers, this.#stopMobile]) stop?.();
    this.#stopProduct = this.#stopTriggers = this.#stopMobile = undefined;
    this.#env.clearTimeout(this.#hoverTimer);
    this.#stopTyping();
    // A QR code still loading is not drawn for a widget that went.
    this.#qrSeq += 1;
    if (!this.#state.qr) this.#qrFor = null;
  }

  /** New settings: derived values follow; the plan restarts only when what it reads changed. */
  update(settings: JoinChatSettings): void {
    if (settings === this.#settings) return;
    this.#settings = settings;
    this.#refresh();
  }

  /** The current time as a date (for formatting the message time). */
  now(): Date {
    return new Date(this.#env.now());
  }

  // Intents of the view.

  /** The launcher was clicked: toggles the chatbox, or opens the link when there is none. */
  launcherClicked(): void {
    if (!this.#state.hasChatbox) {
      this.openChat(false, 'click');
      return;
    }
    // The 600 ms guard also keeps a hover-opened chatbox from closing under the same click.
    if (this.#guarded()) return;
    if (this.#state.open) this.close(true);
    else this.openChat(false, 'click');
  }

  /** The pointer entered the launcher: opens the chatbox after 1500 ms (spec §4, non-mobile). */
  hoverStarted(): void {
    if (!this.#state.hoverOpens) return;
    this.#env.clearTimeout(this.#hoverTimer);
    this.#hoverTimer = this.#env.setTimeout(() => this.#openChatbox('hover'), TIMING.hoverOpen);
  }

  /** The pointer left the launcher. */
  hoverEnded(): void {
    this.#env.clearTimeout(this.#hoverTimer);
  }

  /** Escape in the widget: closes an open chatbox and returns focus; true when it did. */
  escape(): boolean {
    if (!this.#state.open) return false;
    this.close(true);
    return true;
  }

  /** The opt-in checkbox changed. */
  setOptinChecked(checked: boolean): void {
    this.#commit({ optinChecked: checked });
  }

  /**
   * Joinchat's `open(direct)`: the messaging link when asked for directly (and no opt-in is
   * pending) or without a chatbox, else the chatbox.
   */
  openChat(direct: boolean, reason: OpenReason, phone?: string, message?: string): void {
    const state = this.#state;
    if ((direct && !state.optinPending) || !state.hasChatbox) {
      // spec §9: a click within 600 ms of the chatbox showing is ignored.
      if (this.#guarded()) return;
      saveHash(this.#env.storage, this.#hash, this.#settings.message_delay);
      this.openLink(phone, message);
    } else if (state.open && direct) {
      // spec §4: opt-in required but unchecked keeps the chatbox; say why.
      this.#commit({ focus: { target: 'optin' } });
      announce(this.#settings.messages.optinRequired);
    } else this.#openChatbox(reason);
  }

  /** Closes the chatbox (spec §4: saving the message as seen); `returnFocus` to the launcher. */
  close(returnFocus: boolean): void {
    if (!this.#state.open) return;
    this.#stopTyping();
    this.#commit({
      open: false,
      tooltip: false,
      badge: this.#state.badge === 'out' ? 'none' : this.#state.badge,
      ...(returnFocus ? { focus: { target: 'launcher' } } : {}),
    });
    saveHash(this.#env.storage, this.#hash, this.#settings.message_delay);
  }

  /** Opens the messaging link (spec §7 Other), sends the chat event and tells the host. */
  openLink(overridePhone?: string, overrideMessage?: string): void {
    const settings = this.#settings;
    const mobile = this.#state.mobile;
    const digits = (overridePhone && parsePhone(overridePhone)) || settings.telephone;
    const message = overrideMessage ?? replaceSku(settings.message_send, this.#sku());
    const link = safeUrl(
      buildChatLink({ phone: digits, text: message, web: settings.whatsapp_web && !mobile }),
    );
    if (!link) {
      logError(TAG, `cannot build a chat link for the telephone "${overridePhone ?? digits}".`);
      return;
    }
    sendChatEvent(
      this.#env.trackers(),
      chatEventParams({
        link,
        phone: digits,
        message,
        isMobile: mobile,
        location: this.#env.href(),
        title: document.title,
      }),
      settings,
      // Like analytics (issue 21): without a consent source on the page the trackers decide
      // (Google's consent mode); with one, the visitor's consent gates each tracker.
      { statistics: allowed('statistics'), marketing: allowed('marketing') },
    );
    this.#env.open(link);
    emit(this.#host, 'join-chat-link-opened', { url: link });
  }

  // State.

  get #state(): JoinChatState {
    return this.$state.get();
  }

  /** Applies `patch` and the values that follow from it, in one store update. */
  #commit(patch: Partial<JoinChatState>): void {
    const next = { ...this.#state, ...patch };
    next.visible = next.shown && !next.fieldFocused;
    next.optinPending = next.hasOptin && this.#settings.optin_check && !next.optinChecked;
    // A drawing belongs to one link: another link (new settings, the variation's SKU) drops it.
    if (next.qr && next.qrLink !== this.#qrFor) next.qr = null;
    this.$state.set(next);
    if (next.open && next.qrLink && next.qrLink !== this.#qrFor) this.#drawQr(next.qrLink);
  }

  /**
   * Loads the QR code generator (a lazy chunk, issue 19) and draws `link` into `qr`. A link too
   * long for any QR code is reported once and left out (issue 22); a generator that cannot be
   * loaded is reported once, the chatbox works on without a code, and the next opening tries again.
   */
  #drawQr(link: string): void {
    this.#qrFor = link;
    const seq = ++this.#qrSeq;
    loadQrDrawer().then(
      (draw) => {
        if (seq !== this.#qrSeq) return;
        const drawing = draw(link);
        if (!drawing)
          logWarning(
            TAG,
            `message_send makes a chat link of ${link.length} characters, too long for a QR code; the QR code is left out.`,
          );
        this.#commit({ qr: drawing });
      },
      (error: unknown) => {
        if (seq !== this.#qrSeq) return;
        if (this.#qrLoadFailed) return;
        this.#qrLoadFailed = true;
        logError(TAG, 'could not load the QR code generator; the chatbox shows no QR code.', error);
      },
    );
  }

  /** The SKU in force: the chosen variation's (`$product`), else the settings'. */
  #sku(): string | undefined {
    const fallback = this.#settings.sku;
    return fallback === undefined ? undefined : this.#productSku || fallback;
  }

  #messageTime(): Date | null {
    const written = this.#settings.message_time;
    return written ? new Date(written) : this.#firstOpened;
  }

  /** What the settings (and the SKU) make of this page. */
  #derive(mobile: boolean) {
    const settings = this.#settings;
    const sku = this.#sku();
    const bubbles = parseBubbles(replaceSku(settings.message_text, sku));
    const hasOptin = settings.optin_text.trim() !== '';
    const hasChatbox = bubbles.length > 0 || hasOptin;
    this.#hash = settings.message_hash || messageHash(settings.message_text);
    return {
      enabled: settings.telephone !== '' && (mobile || !settings.mobile_only),
      mobile,
      bubbles,
      hasOptin,
      hasChatbox,
      hoverOpens: hasChatbox && !mobile,
      messageTime: this.#messageTime(),
      qrLink:
        settings.qr && !mobile
          ? safeUrl(
              buildChatLink({ phone: settings.telephone, text: replaceSku(settings.message_send, sku) }),
            )
          : null,
    };
  }

  /** Re-derives the state and starts or stops what the settings ask for. */
  #refresh(): void {
    const settings = this.#settings;
    if (this.#started) this.#watchProduct(settings.telephone !== '' && settings.sku !== undefined);
    const before = this.#state.bubbles;
    const derived = this.#derive(this.#state.mobile);
    const sameBubbles =
      before.length === derived.bubbles.length &&
      before.every((b, i) => b.text === derived.bubbles[i].text && b.note === derived.bubbles[i].note);
    // A message that changes while it is being typed shows at once.
    if (!sameBubbles) this.#stopTyping();
    this.#commit({
      ...derived,
      ...(sameBubbles ? { bubbles: before } : {}),
    });
    if (!this.#started) return;
    this.#watchTriggers(settings.telephone !== '');
    this.#watchMobile(this.#state.enabled && this.#state.mobile);
    const key = this.#planKey();
    if (key !== this.#runningPlan) {
      this.#stopPlan();
      this.#runningPlan = key;
      if (key !== null) this.#runPlan();
    }
  }

  /** What the start-up plan reads (the plan restarts when it changes); null: no plan. */
  #planKey(): string | null {
    const settings = this.#settings;
    if (!this.#state.enabled) return null;
    return JSON.stringify([
      this.#hash,
      this.#state.hasChatbox,
      settings.button_delay,
      settings.message_delay,
      settings.message_views,
      settings.message_badge,
      settings.cta_viewed,
    ]);
  }

  #guarded(): boolean {
    return this.#env.now() < this.#openedAt + TIMING.clickGuard;
  }

  // The start-up plan (spec §4, §2).

  #runPlan(): void {
    const env = this.#env;
    const plan = startFromStorage({ ...this.#settings, message_hash: this.#hash }, env.storage);
    this.#commit({ animate: plan.animate });
    const show = () => this.#commit({ shown: true, tooltip: plan.tooltip && !this.#state.open });
    if (plan.showAt === 0) show();
    else this.#planTimers.push(env.setTimeout(show, plan.showAt));
    if (plan.cta === 'badge' && this.#state.hasChatbox) {
      this.#ctaTimer = env.setTimeout(() => this.#commit({ badge: 'in' }), plan.ctaAt);
    } else if (plan.cta === 'open') {
      this.#ctaTimer = env.setTimeout(() => this.#openChatbox('auto'), plan.ctaAt);
    }
    const fromUrl = urlOpening(env.href());
    if (fromUrl) {
      if (fromUrl.showAt === 0) this.#commit({ shown: true });
      else this.#planTimers.push(env.setTimeout(() => this.#commit({ shown: true }), fromUrl.showAt));
      this.#planTimers.push(env.setTimeout(() => this.#openChatbox('url'), fromUrl.openAt));
    }
  }

  #stopPlan(): void {
    for (const timer of this.#planTimers) this.#env.clearTimeout(timer);
    this.#planTimers = [];
    this.#env.clearTimeout(this.#ctaTimer);
  }

  // Opening, and the typing animation.

  #openChatbox(reason: OpenReason): void {
    const state = this.#state;
    if (!state.hasChatbox || state.open) return;
    this.#openedAt = this.#env.now();
    this.#env.clearTimeout(this.#ctaTimer);
    this.#firstOpened ??= this.now();
    // The QR code generator failed to load before: this opening tries again.
    if (this.#qrLoadFailed && !state.qr) this.#qrFor = null;
    // One update with the first typing step, so the full message never flashes first.
    this.#commit({
      open: true,
      tooltip: false,
      badge: state.badge === 'in' ? 'out' : state.badge,
      messageTime: this.#messageTime(),
      ...(reason === 'click' || reason === 'trigger' ? { focus: { target: 'close' } } : {}),
      ...this.#startTyping(),
    });
    // spec §4: opening the chatbox saves the message hash as seen.
    saveHash(this.#env.storage, this.#hash, this.#settings.message_delay);
    emit(this.#host, 'join-chat-opened', { automatic: reason === 'auto' || reason === 'url' });
  }

  /**
   * Starts typing the bubbles out on the first opening (spec §9): 60 ms a word plus 100-200 ms
   * of dots, then a 400-600 ms pause; notes without dots. One bubble or reduced motion: at once.
   * Returns the first step, for the opening's own update.
   */
  #startTyping(): Partial<JoinChatState> {
    if (this.#typedOnce) return {};
    this.#typedOnce = true;
    const { bubbles } = this.#state;
    if (bubbles.length <= 1 || this.#env.reducedMotion()) return {};
    const env = this.#env;
    const step = (index: number): Partial<JoinChatState> => {
      if (index >= bubbles.length) {
        this.#typingTimer = undefined;
        return { typing: false, revealed: Number.POSITIVE_INFINITY };
      }
      const bubble = bubbles[index];
      const nextAfter = (ms: number) => {
        this.#typingTimer = env.setTimeout(() => this.#commit(step(index + 1)), ms);
      };
      if (bubble.note) {
        nextAfter(TIMING.note);
        return { typing: false, revealed: index + 1 };
      }
      this.#typingTimer = env.setTimeout(
        () => {
          nextAfter(revealDelay(env.random()));
          this.#commit({ typing: false, revealed: index + 1 });
        },
        typingDelay(bubble.text, env.random()),
      );
      return { typing: true, revealed: index };
    };
    return step(0);
  }

  /** Ends the typing animation with every bubble shown. */
  #stopTyping(): void {
    if (this.#typingTimer === undefined) return;
    this.#env.clearTimeout(this.#typingTimer);
    this.#typingTimer = undefined;
    this.#commit({ typing: false, revealed: Number.POSITIVE_INFINITY });
  }

  // Watchers of the page.

  /** `$product`'s SKU replaces `<jc-sku>` when the settings name a SKU (WooCommerce variations). */
  #watchProduct(on: boolean): void {
    if (on && !this.#stopProduct) {
      this.#stopProduct = $product.listen((product) => {
        this.#productSku = product.sku;
        this.#refresh();
      });
      this.#productSku = $product.get().sku;
    } else if (!on && this.#stopProduct) {
      this.#stopProduct();
      this.#stopProduct = undefined;
      this.#productSku = '';
    }
  }

  /** Page elements and in-page links open or close the chat (spec §2 Chat widget). */
  #watchTriggers(on: boolean): void {
    if (!on) {
      this.#stopTriggers?.();
      this.#stopTriggers = undefined;
      return;
    }
    if (this.#stopTriggers) return;
    const onClick = (event: MouseEvent) => {
      const enabled = this.#state.enabled;
      if (enabled && matchOnPath(event, CLOSE_TRIGGERS)) {
        event.preventDefault();
        this.close(false);
        return;
      }
      const trigger = matchOnPath(event, OPEN_TRIGGERS);
      if (!trigger || this.#host.contains(trigger)) return;
      event.preventDefault();
      const data = (trigger as HTMLElement).dataset ?? {};
      if (!enabled) {
        // Mobile-only chat on a desktop: the triggers still open the conversation.
        this.openLink(data.phone, data.message);
        return;
      }
      this.#commit({ shown: true });
      this.openChat(trigger.matches(DIRECT_TRIGGERS), 'trigger', data.phone, data.message);
    };
    document.addEventListener('click', onClick);
    this.#stopTriggers = () => document.removeEventListener('click', onClick);
  }

  /** Mobile: hide while a page text field has focus (virtual keyboard), keep `--vh` current (spec §4, §9). */
  #watchMobile(on: boolean): void {
    if (!on) {
      this.#stopMobile?.();
      this.#stopMobile = undefined;
      return;
    }
    if (this.#stopMobile) return;
    const env = this.#env;
    const host = this.#host;
    let focusTimer: Timer | undefined;
    let hideTimer: Timer | undefined;
    let resizeTimer: Timer | undefined;
    const check = () => {
      const el = deepActiveElement(document) as HTMLInputElement | null;
      const type = el?.localName === 'textarea' ? 'textarea' : el?.localName === 'input' ? el.type : '';
      env.clearTimeout(hideTimer);
      if (!isTextFieldType(type)) this.#commit({ fieldFocused: false });
      else if (this.#state.open) {
        this.close(false);
        hideTimer = env.setTimeout(() => this.#commit({ fieldFocused: true }), TIMING.hideAfterClose);
      } else this.#commit({ fieldFocused: true });
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.composedPath()[0];
      if (!(target instanceof Element) || !target.matches('input, textarea')) return;
      if (event.composedPath().includes(host)) return;
      env.clearTimeout(focusTimer);
      focusTimer = env.setTimeout(check, TIMING.focusDebounce);
    };
    const setVh = () => host.style.setProperty('--vh', `${window.innerHeight}px`);
    const onResize = () => {
      env.clearTimeout(resizeTimer);
      resizeTimer = env.setTimeout(setVh, TIMING.resizeDebounce);
    };
    setVh();
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    window.addEventListener('resize', onResize);
    this.#stopMobile = () => {
      for (const timer of [focusTimer, hideTimer, resizeTimer]) env.clearTimeout(timer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
      window.removeEventListener('resize', onResize);
    };
  }
}
