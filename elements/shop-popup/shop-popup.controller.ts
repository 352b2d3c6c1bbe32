import { atom, type ReadableAtom } from 'nanostores';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { logError } from '../../shared/log.ts';
import { pageContext } from './shop-popup.context.ts';
import { markClosed, markShown, otherPopupShown } from './shop-popup.registry.ts';
import { type DisplayContext, failingCheck } from './shop-popup.rules.ts';
import type { PopupSettings } from './shop-popup.settings.ts';
import { type PopupStorage, popupStorage } from './shop-popup.storage.ts';

/** spec §9: focus moves into a popup after 250 ms. */
export const POPUP_FOCUS_DELAY_MS = 250;
/** Touch exit intent: an upward scroll of this many px ... */
export const TOUCH_EXIT_DISTANCE_PX = 100;
/** ... within this many ms. */
export const TOUCH_EXIT_WINDOW_MS = 300;
/** Adblock detection: class names ad blockers hide. */
const BAIT_CLASSES = 'adsbox ad-banner adsbygoogle ad-placement pub_300x250';

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

export type TriggerName =
  | 'page_load'
  | 'scrolling'
  | 'scrolling_to'
  | 'click'
  | 'inactivity'
  | 'exit_intent'
  | 'adblock_detection';

export interface PopupController {
  readonly $state: ReadableAtom<PopupState>;
  /** The popup id (storage key, link-action id). */
  readonly id: string;
  /** Counts the page view, and installs the triggers when the display checks pass. */
  start(): void;
  /** The trigger that opened the popup, if one did. */
  readonly firedBy: TriggerName | null;
  /** Opens the popup (link actions, `open_selector`): no display checks, unless disabled. */
  open(): void;
  /** Closes it (exit animation, then the view is counted); `doNotShowAgain` sets the disable flag. */
  close(options?: { doNotShowAgain?: boolean }): void;
  /** Stops every timer and listener. */
  dispose(): void;
}

export interface PopupControllerOptions {
  settings: ReadableAtom<PopupSettings>;
  id: string;
  clock?: Clock;
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

/** The behaviour of `<shop-popup>`: display checks, triggers, opening and closing, timers. */
export function createPopupController({
  settings,
  id,
  clock = pageClock,
  now = () => Date.now(),
  storage = popupStorage(),
  win = window,
  context = () => pageContext(win),
  reducedMotion = () => mediaMatches(win, '(prefers-reduced-motion: reduce)'),
  touch = () => mediaMatches(win, '(pointer: coarse)'),
  onChange = () => {},
}: PopupControllerOptions): PopupController {
  const doc = win.document;
  const $state = atom<PopupState>({ phase: 'hidden', closeButton: false, animate: true, focusRequest: 0 });
  const patch = (next: Partial<PopupState>) => $state.set({ ...$state.get(), ...next });
  let firedBy: TriggerName | null = null;
  let removeTriggers: Array<() => void> = [];
  let openTimers: unknown[] = [];
  let removeOpenSelector = () => {};
  let savedOverflow: string | null = null;
  let disposed = false;

  const listen = (target: EventTarget, type: string, handler: (event: Event) => void, passive = true) => {
    target.addEventListener(type, handler, { passive, capture: true });
    return () => target.removeEventListener(type, handler, { capture: true });
  };
  const later = (ms: number, callback: () => void, bucket: unknown[]) => {
    const timer = clock.setTimeout(callback, ms);
    bucket.push(timer);
    return timer;
  };
  const clearAll = (bucket: unknown[]) => {
    for (const timer of bucket) clock.clearTimeout(timer);
    bucket.length = 0;
  };
  const uninstallTriggers = () => {
    for (const remove of removeTriggers) remove();
    removeTriggers = [];
  };

  /** spec §5: every display check must pass, and the shopper has not turned the popup off. */
  const displayAllowed = () => {
    if (storage.disabled(id)) return false;
    const s = settings.get();
    const failed = failingCheck(s.timing, {
      ...context(),
      pageViews: storage.pageViews(),
      sessions: storage.sessions(),
      now: now(),
      impressions: (period) => storage.impressions(id, period),
    });
    return failed === null;
  };

  const durationMs = () =>
    reducedMotion() ? 0 : Math.round(settings.get().entrance_animation_duration * 1000);

  const show = (trigger: TriggerName | null) => {
    if ($state.get().phase !== 'hidden' || disposed) return;
    const s = settings.get();
    firedBy = trigger;
    markShown(id);
    const animate = !reducedMotion();
    patch({ phase: 'entering', closeButton: s.close_button_delay === 0, animate });
    const timers: unknown[] = [];
    openTimers = timers;
    later(
      animate && s.entrance_animation !== 'none' ? durationMs() : 0,
      () => patch({ phase: 'shown' }),
      timers,
    );
    if (s.close_button_delay > 0)
      later(s.close_button_delay * 1000, () => patch({ closeButton: true }), timers);
    if (s.close_automatically > 0) later(s.close_automatically * 1000, () => close(), timers);
    // spec §9: focus delay 250 ms for popups.
    later(POPUP_FOCUS_DELAY_MS, () => patch({ focusRequest: $state.get().focusRequest + 1 }), timers);
    if (s.prevent_scroll) {
      const root = doc.documentElement;
      savedOverflow = root.style.getPropertyValue('overflow');
      root.style.setProperty('overflow', 'hidden');
    }
    onChange(true, trigger);
  };

  const restoreScroll = () => {
    if (savedOverflow === null) return;
    const root = doc.documentElement;
    if (savedOverflow) root.style.setProperty('overflow', savedOverflow);
    else root.style.removeProperty('overflow');
    savedOverflow = null;
  };

  const close = ({ doNotShowAgain = false }: { doNotShowAgain?: boolean } = {}) => {
    if (doNotShowAgain) storage.disable(id);
    const { phase } = $state.get();
    if (phase === 'hidden' || phase === 'leaving') return;
    clearAll(openTimers);
    const s = settings.get();
    const animate = !reducedMotion() && s.exit_animation !== 'none';
    patch({ phase: 'leaving', animate: !reducedMotion() });
    const timers: unknown[] = [];
    openTimers = timers;
    later(
      animate ? durationMs() : 0,
      () => {
        patch({ phase: 'hidden', closeButton: false });
        restoreScroll();
        markClosed(id);
        // spec §4 "Popups": on close it counts the view.
        storage.countImpression(id);
        onChange(false, firedBy);
      },
      timers,
    );
  };

  const fire = (trigger: TriggerName) => {
    uninstallTriggers();
    const s = settings.get();
    if (s.avoid_multiple_popups && otherPopupShown(id)) return;
    if (!displayAllowed()) return;
    show(trigger);
  };

  const query = (selector: string) => {
    try {
      return doc.querySelector(selector);
    } catch {
      logError('shop-popup', `triggers.scrolling_to.selector is not a valid selector: ${selector}`);
      return null;
    }
  };

  const scrollProgress = () => {
    const root = doc.documentElement;
    const range = root.scrollHeight - win.innerHeight;
    return range <= 0 ? 100 : (win.scrollY / range) * 100;
  };

  /** spec §5 "Triggers". Once one fires, all are removed. */
  const installTriggers = () => {
    const t = settings.get().triggers;
    const timers: unknown[] = [];
    removeTriggers.push(() => clearAll(timers));
    if (t.page_load) later(t.page_load.delay * 1000, () => fire('page_load'), timers);

    let lastY = win.scrollY;
    let touchStart: { y: number; at: number } | null = null;
    const scrollTo = t.scrolling_to?.selector ? t.scrolling_to.selector : '';
    let target: Element | null | undefined;
    if (t.scrolling || scrollTo || (t.exit_intent && touch())) {
      removeTriggers.push(
        listen(win, 'scroll', () => {
          const y = win.scrollY;
          const up = y < lastY;
          if (t.scrolling?.direction === 'up' && up) return fire('scrolling');
          if (t.scrolling?.direction === 'down' && !up && scrollProgress() >= t.scrolling.offset)
            return fire('scrolling');
          if (scrollTo) {
            target ??= query(scrollTo);
            if (target && target.getBoundingClientRect().top <= win.innerHeight) return fire('scrolling_to');
          }
          if (t.exit_intent && touch()) {
            // Touch exit intent: a quick upward scroll (towards the address bar).
            if (!up || !touchStart || now() - touchStart.at > TOUCH_EXIT_WINDOW_MS)
              touchStart = { y: lastY, at: now() };
            if (up && touchStart.y - y >= TOUCH_EXIT_DISTANCE_PX) return fire('exit_intent');
          }
          lastY = y;
        }),
      );
    }
    if (t.exit_intent && touch()) {
      // Touch exit intent, back-navigation: a same-address entry is pushed, and going back past it
      // (the back gesture or button) fires the trigger instead of leaving the page.
      const marker = { shopPopupExitIntent: `${id}:${Math.random().toString(36).slice(2)}` };
      win.history.pushState(marker, '', win.location.href);
      removeTriggers.push(
        listen(win, 'popstate', (event) => {
          const state = (event as PopStateEvent).state as { shopPopupExitIntent?: string } | null;
          if (state?.shopPopupExitIntent !== marker.shopPopupExitIntent) fire('exit_intent');
        }),
      );
    }
    if (t.click) {
      let clicks = 0;
      const times = t.click.times;
      removeTriggers.push(
        listen(doc, 'click', () => {
          clicks += 1;
          if (clicks >= times) fire('click');
        }),
      );
    }
    if (t.inactivity) {
      const ms = t.inactivity.time * 1000;
      const idle: unknown[] = [];
      const restart = () => {
        clearAll(idle);
        later(ms, () => fire('inactivity'), idle);
      };
      restart();
      removeTriggers.push(() => clearAll(idle));
      for (const type of ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'])
        removeTriggers.push(listen(type === 'scroll' ? win : doc, type, restart));
    }
    if (t.exit_intent) {
      // The pointer leaves through the top of the window.
      const leave = (event: Event) => {
        const e = event as MouseEvent;
        if (e.type === 'mouseout' && e.relatedTarget) return;
        if (e.clientY <= 0) fire('exit_intent');
      };
      removeTriggers.push(listen(doc.documentElement, 'mouseleave', leave), listen(doc, 'mouseout', leave));
    }
    if (t.adblock_detection) {
      const bait = doc.createElement('div');
      bait.className = BAIT_CLASSES;
      bait.setAttribute('aria-hidden', 'true');
      bait.textContent = '\u00a0';
      doc.body.append(bait);
      removeTriggers.push(() => bait.remove());
      later(
        t.adblock_detection.delay * 1000,
        () => {
          const blocked =
            !bait.isConnected || bait.offsetHeight === 0 || win.getComputedStyle(bait).display === 'none';
          if (blocked) fire('adblock_detection');
          else bait.remove();
        },
        timers,
      );
    }
  };

  const installOpenSelector = () => {
    const selector = settings.get().open_selector;
    if (!selector) return;
    try {
      doc.querySelector(selector);
    } catch {
      logError('shop-popup', `open_selector is not a valid selector: ${selector}`);
      return;
    }
    removeOpenSelector = listen(
      doc,
      'click',
      (event) => {
        const hit = event.composedPath().some((node) => node instanceof Element && node.matches(selector));
        if (!hit) return;
        event.preventDefault();
        open();
      },
      false,
    );
  };

  const open = () => {
    if (storage.disabled(id)) return;
    uninstallTriggers();
    show(null);
  };

  return {
    $state,
    id,
    get firedBy() {
      return firedBy;
    },
    start() {
      disposed = false;
      storage.countPageView();
      installOpenSelector();
      if (displayAllowed()) installTriggers();
    },
    open,
    close,
    dispose() {
      disposed = true;
      uninstallTriggers();
      clearAll(openTimers);
      removeOpenSelector();
      restoreScroll();
      markClosed(id);
    },
  };
}
