/**
 * The behaviour of `<join-chat>` (spec §2, §4 Chat widget, §9 Chat) without React: the chatbox's
 * opening and closing, the 600 ms click guard, hover-to-open, following the settings and the
 * product's SKU, and opening the messaging link with its analytics and events. Its parts live
 * beside it: the state and what the settings make of it (`join-chat.state.ts`), the start-up plan
 * (`join-chat.plan.ts`), the chat typing (`join-chat.typing.ts`), the page watchers (triggers and
 * mobile text fields, calling the intents here: `join-chat.watchers.ts`) and the QR code
 * (`join-chat.qr-loader.ts`).
 *
 * The element creates it (`join-chat.ts`) and connects it while it is on the page: `connect()`
 * follows the settings and starts the plan and the watchers, and returns the stop. Time comes
 * from the injected `Clock`; storage, the page address and the trackers from the injected
 * {@link JoinChatEnvironment}. The view renders `$state` and calls the intents.
 */
import { type MapStore, map, type ReadableAtom } from 'nanostores';
import { announce } from '../../shared/a11y/announce.ts';
import { whenNoModal } from '../../shared/a11y/modal-watch.ts';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { emit } from '../../shared/events.ts';
import { logError } from '../../shared/log.ts';
import { type Consent, type ConsentCategory, trackingAllowed } from '../../shared/stores/consent.ts';
import { $product } from '../../shared/stores/product.ts';
import { safeUrl } from '../../shared/url.ts';
import { chatEventParams, sendChatEvent } from './join-chat.analytics.ts';
import { type JoinChatEnvironment, joinChatEnvironment } from './join-chat.env.ts';
import { buildChatLink, parsePhone } from './join-chat.link.ts';
import { type StartupPlan, startupPlan } from './join-chat.plan.ts';
import { type QrDrawings, qrDrawings } from './join-chat.qr-loader.ts';
import { replaceSku, saveHash, TIMING } from './join-chat.rules.ts';
import type { JoinChatSettings } from './join-chat.settings.ts';
import {
  chatHash,
  deriveState,
  IDLE_STATE,
  type JoinChatState,
  messageTimeOf,
  type OpenReason,
  sameBubbles,
  settle,
} from './join-chat.state.ts';
import { type ChatTyping, chatTyping } from './join-chat.typing.ts';
import { watchMobileFields, watchPageTriggers } from './join-chat.watchers.ts';

const TAG = 'join-chat';

const allowed = (category: ConsentCategory) => (trackingAllowed(category) ? 'granted' : 'denied');

export interface JoinChatControllerOptions {
  /** The element: events are emitted on it and `--vh` is set on it. */
  host: HTMLElement;
  /** The settings, followed while connected (the element's parsed settings). */
  settings: ReadableAtom<JoinChatSettings>;
  env?: JoinChatEnvironment;
  /** "Now" (the 600 ms click guard, the chatbox's opening time) and the timers (default: the page's). */
  clock?: Clock;
}

/** The page watchers, each running only while the settings ask for it. */
type Watcher = 'triggers' | 'mobile' | 'product';

/** One `<join-chat>`'s behaviour; `connect()` while its element is on the page. */
export class JoinChatController {
  readonly $state: MapStore<JoinChatState>;
  readonly #host: HTMLElement;
  readonly #settings$: ReadableAtom<JoinChatSettings>;
  readonly #env: JoinChatEnvironment;
  readonly #clock: Clock;
  readonly #typing: ChatTyping;
  readonly #qr: QrDrawings;
  readonly #plan: StartupPlan;
  #settings: JoinChatSettings;
  #hash = '';
  #connected = false;
  #hoverTimer: unknown;
  /** When the chatbox last opened (spec §9: clicks within 600 ms of it are ignored). */
  #openedAt = Number.NEGATIVE_INFINITY;
  /** When the chatbox first opened (the message time when `message_time` is unset). */
  #firstOpened: Date | null = null;
  #productSku = '';
  /** Stops waiting for an open modal to close before the chatbox opens (a no-op when not waiting). */
  #stopWaiting = () => {};
  readonly #watchers = new Map<Watcher, () => void>();

  constructor({ host, settings, env = joinChatEnvironment(), clock = pageClock }: JoinChatControllerOptions) {
    this.#host = host;
    this.#settings$ = settings;
    this.#env = env;
    this.#clock = clock;
    this.#settings = settings.get();
    this.#typing = chatTyping(clock, env, (step) => this.#commit(step));
    this.#qr = qrDrawings(TAG, (qr) => this.#commit({ qr }));
    this.#plan = startupPlan(clock, env, {
      set: (patch) => this.#commit(patch),
      isOpen: () => this.#state.open,
      open: (reason) => this.#openChatbox(reason),
    });
    this.$state = map<JoinChatState>({ ...this.#derive(env.isMobile()), ...IDLE_STATE });
    this.#commit({});
  }

  /**
   * Follows the settings and starts the plan, the page triggers and the watchers they ask for;
   * returns the stop (every timer and listener). A later `connect()` starts again.
   */
  connect(): () => void {
    this.#connected = true;
    this.#settings = this.#settings$.get();
    this.#refresh();
    const stopSettings = this.#settings$.listen((settings) => this.#update(settings));
    return () => {
      stopSettings();
      this.#disconnect();
    };
  }

  /** The current time as a date (for formatting the message time). */
  now(): Date {
    return new Date(this.#clock.now());
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
    this.#clock.clearTimeout(this.#hoverTimer);
    this.#hoverTimer = this.#clock.setTimeout(() => this.#openChatbox('hover'), TIMING.hoverOpen);
  }

  /** The pointer left the launcher. */
  hoverEnded(): void {
    this.#clock.clearTimeout(this.#hoverTimer);
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

  /** On mobile, a page text field outside the widget got focus or lost it: the widget hides meanwhile. */
  setFieldFocused(focused: boolean): void {
    this.#commit({ fieldFocused: focused });
  }

  /**
   * Joinchat's `open(direct)`: the messaging link when asked for directly (and no opt-in is
   * pending) or without a chatbox, else the chatbox.
   */
  openChat(direct: boolean, reason: OpenReason, phone?: string, message?: string): void {
    // A page trigger shows the button too.
    if (reason === 'trigger') this.#commit({ shown: true });
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
    this.#stopWaiting();
    if (!this.#state.open) return;
    this.#typing.stop();
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
    const params = chatEventParams({
      link,
      phone: digits,
      message,
      isMobile: mobile,
      location: this.#env.href(),
      title: document.title,
    });
    // Like analytics (issue 21): without a consent source on the page the trackers decide
    // (Google's consent mode); with one, the visitor's consent gates each tracker.
    const consent: Consent = { statistics: allowed('statistics'), marketing: allowed('marketing') };
    sendChatEvent(this.#env.trackers(), params, settings, consent);
    this.#env.open(link);
    emit(this.#host, 'join-chat-link-opened', { url: link });
  }

  // State.

  get #state(): JoinChatState {
    return this.$state.get();
  }

  /** Applies `patch` and the values that follow from it, in one store update. */
  #commit(patch: Partial<JoinChatState>): void {
    const next = settle({ ...this.#state, ...patch }, this.#settings.optin_check);
    // A drawing belongs to one link: another link (new settings, the variation's SKU) drops it.
    if (next.qr && next.qrLink !== this.#qr.link()) next.qr = null;
    this.$state.set(next);
    if (next.open && next.qrLink) this.#qr.draw(next.qrLink);
  }

  /** The SKU in force: the chosen variation's (`$product`), else the settings'. */
  #sku(): string | undefined {
    const fallback = this.#settings.sku;
    return fallback === undefined ? undefined : this.#productSku || fallback;
  }

  /** What the settings (and the SKU) make of this page. */
  #derive(mobile: boolean) {
    this.#hash = chatHash(this.#settings);
    return deriveState(this.#settings, this.#sku(), mobile, this.#firstOpened);
  }

  /** New settings: derived values follow; the plan restarts only when what it reads changed. */
  #update(settings: JoinChatSettings): void {
    if (settings === this.#settings) return;
    this.#settings = settings;
    this.#refresh();
  }

  /** Re-derives the state and starts or stops what the settings ask for. */
  #refresh(): void {
    const settings = this.#settings;
    if (this.#connected) this.#watchProduct(settings.telephone !== '' && settings.sku !== undefined);
    const before = this.#state.bubbles;
    const derived = this.#derive(this.#state.mobile);
    const same = sameBubbles(before, derived.bubbles);
    // A message that changes while it is being typed shows at once.
    if (!same) this.#typing.stop();
    this.#commit({ ...derived, ...(same ? { bubbles: before } : {}) });
    if (!this.#connected) return;
    this.#watch('triggers', settings.telephone !== '', () => watchPageTriggers(this.#host, this));
    this.#watch('mobile', this.#state.enabled && this.#state.mobile, () =>
      watchMobileFields(this.#host, this.#clock, this),
    );
    const { enabled, hasChatbox } = this.#state;
    this.#plan.follow(enabled ? { ...settings, message_hash: this.#hash, hasChatbox } : null);
  }

  /** Stops every timer and listener (the element left the page). */
  #disconnect(): void {
    this.#connected = false;
    this.#plan.stop();
    for (const stop of this.#watchers.values()) stop();
    this.#watchers.clear();
    this.#clock.clearTimeout(this.#hoverTimer);
    this.#stopWaiting();
    this.#typing.stop();
    // A QR code still loading is not drawn for a widget that went.
    this.#qr.cancel(this.#state.qr !== null);
  }

  /** Starts or stops the watcher `name` so that it runs exactly when `on`. */
  #watch(name: Watcher, on: boolean, start: () => () => void): void {
    const stop = this.#watchers.get(name);
    if (on && !stop) this.#watchers.set(name, start());
    else if (!on && stop) {
      stop();
      this.#watchers.delete(name);
    }
  }

  /** `$product`'s SKU replaces `<jc-sku>` when the settings name a SKU (WooCommerce variations). */
  #watchProduct(on: boolean): void {
    if (!on && this.#watchers.has('product')) this.#productSku = '';
    this.#watch('product', on, () => {
      const stop = $product.listen((product) => {
        this.#productSku = product.sku;
        this.#refresh();
      });
      this.#productSku = $product.get().sku;
      return stop;
    });
  }

  #guarded(): boolean {
    return this.#clock.now() < this.#openedAt + TIMING.clickGuard;
  }

  // Opening.

  /**
   * Opens the chatbox, but never over an open modal (a quick view, a popup, a lightbox): the page
   * behind a modal is inert, and a dialog opened over one can leave Escape closing neither in
   * Chromium. Then it opens when the last modal has closed.
   */
  #openChatbox(reason: OpenReason): void {
    if (!this.#state.hasChatbox || this.#state.open) return;
    this.#stopWaiting();
    this.#stopWaiting = whenNoModal(() => this.#showChatbox(reason), this.#host.ownerDocument);
  }

  #showChatbox(reason: OpenReason): void {
    const state = this.#state;
    if (!state.hasChatbox || state.open) return;
    this.#openedAt = this.#clock.now();
    this.#plan.cancelCallToAction();
    this.#firstOpened ??= this.now();
    // The QR code generator failed to load before: this opening tries again.
    this.#qr.retryAfterFailure(state.qr !== null);
    // One update with the first typing step, so the full message never flashes first.
    this.#commit({
      open: true,
      tooltip: false,
      badge: state.badge === 'in' ? 'out' : state.badge,
      messageTime: messageTimeOf(this.#settings, this.#firstOpened),
      ...(reason === 'click' || reason === 'trigger' ? { focus: { target: 'close' } } : {}),
      ...this.#typing.start(state.bubbles),
    });
    // spec §4: opening the chatbox saves the message hash as seen.
    saveHash(this.#env.storage, this.#hash, this.#settings.message_delay);
    emit(this.#host, 'join-chat-opened', { automatic: reason === 'auto' || reason === 'url' });
  }
}
