import { atom, type ReadableAtom } from 'nanostores';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { logError } from '../../shared/log.ts';
import { pageContext } from './shop-popup.context.ts';
import { markClosed, markShown, otherPopupShown } from './shop-popup.registry.ts';
import { type DisplayContext, failingCheck } from './shop-popup.rules.ts';
import type { PopupSettings } from './shop-popup.settings.ts';
import { type PopupStorage, popupStorage } from './shop-popup.storage.ts';
import { installTriggers, listen, TimerSet, type TriggerName } from './shop-popup.triggers.ts';

/** spec §9: focus moves into a popup after 250 ms. */
export const POPUP_FOCUS_DELAY_MS = 250;

export type PopupPhase = 'hidden' | 'entering' | 'shown' | 'leaving';

/** What the view renders (spec §4 "Popups": hidden, shown, hidden again). */
export interface PopupState {
  phase: PopupPhase;
  /** The close button is shown once `close_button_delay` has passed. */
  closeButton: boolean;
  /** Animations run (false under prefers-reduced-motion). */
  animate: boolean;
  /** Increases each time the view should move focus into the popup. */
  focusRequest: number;
}

const HIDDEN: PopupState = { phase: 'hidden', closeButton: false, animate: true, focusRequest: 0 };

export interface PopupControllerOptions {
  settings: ReadableAtom<PopupSettings>;
  /** The popup id (storage key, link-action id), or how to read it when it is needed. */
  id: string | (() => string);
  clock?: Clock;
  /** The time the display checks read (default: the clock's). */
  now?: () => number;
  storage?: PopupStorage;
  win?: Window;
  /** Reads the visitor and the page for the display checks. */
  context?: () => Omit<DisplayContext, 'pageViews' | 'sessions' | 'impressions' | 'now'>;
  reducedMotion?: () => boolean;
  /** A touch device (exit intent becomes a quick upward scroll). */
  touch?: () => boolean;
  /** Called when the popup opens or closes (events). */
  onChange?: (open: boolean, trigger: TriggerName | null) => void;
}

const mediaMatches = (win: Window, query: string) => {
  try {
    return win.matchMedia(query).matches;
  } catch {
    return false;
  }
};

/**
 * The behaviour of `<shop-popup>` (DESIGN §3, the one controller protocol): display checks,
 * triggers, opening and closing, timers. `connect()` counts the page view and installs the
 * `open_selector` click and the triggers (when the display checks pass); its stop removes them,
 * every timer and the scroll lock, and leaves the popup hidden. `open()` while not connected
 * opens it on the next connection (the element's `open()` before it is on the page).
 */
export class PopupController {
  readonly #state = atom<PopupState>(HIDDEN);
  readonly #settings: ReadableAtom<PopupSettings>;
  readonly #id: () => string;
  readonly #clock: Clock;
  readonly #now: () => number;
  readonly #storage: PopupStorage;
  readonly #win: Window;
  readonly #context: NonNullable<PopupControllerOptions['context']>;
  readonly #reducedMotion: () => boolean;
  readonly #touch: () => boolean;
  readonly #onChange: NonNullable<PopupControllerOptions['onChange']>;
  /** The timers of the current opening or closing. */
  readonly #phaseTimers: TimerSet;
  #firedBy: TriggerName | null = null;
  #connected = false;
  #openOnConnect = false;
  #removeTriggers: () => void = () => {};
  #removeOpenSelector: () => void = () => {};
  #savedOverflow: string | null = null;

  constructor(options: PopupControllerOptions) {
    const { id, win = window } = options;
    this.#settings = options.settings;
    this.#id = typeof id === 'string' ? () => id : id;
    this.#clock = options.clock ?? pageClock;
    this.#now = options.now ?? (() => this.#clock.now());
    this.#storage = options.storage ?? popupStorage();
    this.#win = win;
    this.#context = options.context ?? (() => pageContext(win));
    this.#reducedMotion =
      options.reducedMotion ?? (() => mediaMatches(win, '(prefers-reduced-motion: reduce)'));
    this.#touch = options.touch ?? (() => mediaMatches(win, '(pointer: coarse)'));
    this.#onChange = options.onChange ?? (() => {});
    this.#phaseTimers = new TimerSet(this.#clock);
  }

  /** What the view renders. */
  get $state(): ReadableAtom<PopupState> {
    return this.#state;
  }

  /** The popup id (storage key, link-action id). */
  get id(): string {
    return this.#id();
  }

  /** The trigger that opened the popup, if one did. */
  get firedBy(): TriggerName | null {
    return this.#firedBy;
  }

  /** Counts the page view, installs `open_selector` and, when the display checks pass, the triggers. */
  connect(): () => void {
    this.#connected = true;
    this.#storage.countPageView();
    this.#installOpenSelector();
    if (this.#displayAllowed()) this.#installTriggers();
    if (this.#openOnConnect) {
      this.#openOnConnect = false;
      this.open();
    }
    return () => this.#stop();
  }

  /** Opens the popup (link actions, `open_selector`): no display checks, unless disabled. */
  open(): void {
    if (!this.#connected) {
      this.#openOnConnect = true;
      return;
    }
    if (this.#storage.disabled(this.id)) return;
    this.#removeTriggers();
    this.#show(null);
  }

  /** Closes it (exit animation, then the view is counted); `doNotShowAgain` sets the disable flag. */
  close({ doNotShowAgain = false }: { doNotShowAgain?: boolean } = {}): void {
    this.#openOnConnect = false;
    const id = this.id;
    if (doNotShowAgain) this.#storage.disable(id);
    const { phase } = this.#state.get();
    if (phase === 'hidden' || phase === 'leaving') return;
    this.#phaseTimers.clear();
    const reduced = this.#reducedMotion();
    const animate = !reduced && this.#settings.get().exit_animation !== 'none';
    this.#patch({ phase: 'leaving', animate: !reduced });
    this.#phaseTimers.set(animate ? this.#durationMs() : 0, () => {
      this.#patch({ phase: 'hidden', closeButton: false });
      this.#restoreScroll();
      markClosed(id);
      // spec §4 "Popups": on close it counts the view.
      this.#storage.countImpression(id);
      this.#onChange(false, this.#firedBy);
    });
  }

  #stop(): void {
    this.#connected = false;
    this.#removeTriggers();
    this.#phaseTimers.clear();
    this.#removeOpenSelector();
    this.#restoreScroll();
    markClosed(this.id);
    // Put back on the page, it starts over, as a popup seen for the first time on this page view.
    this.#state.set(HIDDEN);
    this.#firedBy = null;
  }

  #patch(next: Partial<PopupState>): void {
    this.#state.set({ ...this.#state.get(), ...next });
  }

  /** spec §5: every display check must pass, and the shopper has not turned the popup off. */
  #displayAllowed(): boolean {
    const id = this.id;
    if (this.#storage.disabled(id)) return false;
    const failed = failingCheck(this.#settings.get().timing, {
      ...this.#context(),
      pageViews: this.#storage.pageViews(),
      sessions: this.#storage.sessions(),
      now: this.#now(),
      impressions: (period) => this.#storage.impressions(id, period),
    });
    return failed === null;
  }

  #durationMs(): number {
    return this.#reducedMotion() ? 0 : Math.round(this.#settings.get().entrance_animation_duration * 1000);
  }

  #show(trigger: TriggerName | null): void {
    if (this.#state.get().phase !== 'hidden' || !this.#connected) return;
    const s = this.#settings.get();
    this.#firedBy = trigger;
    markShown(this.id);
    const animate = !this.#reducedMotion();
    this.#patch({ phase: 'entering', closeButton: s.close_button_delay === 0, animate });
    const timers = this.#phaseTimers;
    timers.set(animate && s.entrance_animation !== 'none' ? this.#durationMs() : 0, () =>
      this.#patch({ phase: 'shown' }),
    );
    if (s.close_button_delay > 0)
      timers.set(s.close_button_delay * 1000, () => this.#patch({ closeButton: true }));
    if (s.close_automatically > 0) timers.set(s.close_automatically * 1000, () => this.close());
    // spec §9: focus delay 250 ms for popups.
    timers.set(POPUP_FOCUS_DELAY_MS, () => this.#patch({ focusRequest: this.#state.get().focusRequest + 1 }));
    if (s.prevent_scroll) this.#lockScroll();
    this.#onChange(true, trigger);
  }

  #lockScroll(): void {
    const root = this.#win.document.documentElement;
    this.#savedOverflow = root.style.getPropertyValue('overflow');
    root.style.setProperty('overflow', 'hidden');
  }

  #restoreScroll(): void {
    if (this.#savedOverflow === null) return;
    const root = this.#win.document.documentElement;
    if (this.#savedOverflow) root.style.setProperty('overflow', this.#savedOverflow);
    else root.style.removeProperty('overflow');
    this.#savedOverflow = null;
  }

  /** spec §5 "Triggers". Once one fires, all are removed. */
  #installTriggers(): void {
    const stop = installTriggers(this.#settings.get().triggers, {
      win: this.#win,
      clock: this.#clock,
      now: this.#now,
      touch: this.#touch,
      id: this.id,
      fire: (trigger) => this.#fire(trigger),
    });
    this.#removeTriggers = () => {
      stop();
      this.#removeTriggers = () => {};
    };
  }

  #fire(trigger: TriggerName): void {
    this.#removeTriggers();
    if (this.#settings.get().avoid_multiple_popups && otherPopupShown(this.id)) return;
    if (!this.#displayAllowed()) return;
    this.#show(trigger);
  }

  /** spec §3 `open_selector`: a click on a matching element (through shadow roots) opens it. */
  #installOpenSelector(): void {
    const selector = this.#settings.get().open_selector;
    const doc = this.#win.document;
    if (!selector) return;
    try {
      doc.querySelector(selector);
    } catch {
      logError('shop-popup', `open_selector is not a valid selector: ${selector}`);
      return;
    }
    const stop = listen(
      doc,
      'click',
      (event) => {
        const hit = event.composedPath().some((node) => node instanceof Element && node.matches(selector));
        if (!hit) return;
        event.preventDefault();
        this.open();
      },
      false,
    );
    this.#removeOpenSelector = () => {
      stop();
      this.#removeOpenSelector = () => {};
    };
  }
}
