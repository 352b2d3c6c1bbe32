import type { Clock } from '../../shared/clock.ts';
import { logError } from '../../shared/log.ts';
import type { PopupTriggers } from './shop-popup.settings.ts';

/** Touch exit intent: an upward scroll of this many px ... */
export const TOUCH_EXIT_DISTANCE_PX = 100;
/** ... within this many ms. */
export const TOUCH_EXIT_WINDOW_MS = 300;
/** Adblock detection: class names ad blockers hide. */
const BAIT_CLASSES = 'adsbox ad-banner adsbygoogle ad-placement pub_300x250';

export type TriggerName =
  | 'page_load'
  | 'scrolling'
  | 'scrolling_to'
  | 'click'
  | 'inactivity'
  | 'exit_intent'
  | 'adblock_detection';

/** Timers on the injected clock, cleared together. */
export class TimerSet {
  readonly #clock: Clock;
  #ids: unknown[] = [];

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  set(ms: number, callback: () => void): void {
    this.#ids.push(this.#clock.setTimeout(callback, ms));
  }

  clear(): void {
    for (const id of this.#ids.splice(0)) this.#clock.clearTimeout(id);
  }
}

/** Listens in the capture phase (passive unless told); returns the undo. */
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  passive = true,
): () => void {
  target.addEventListener(type, handler, { passive, capture: true });
  return () => target.removeEventListener(type, handler, { capture: true });
}

/** What the triggers read and call. */
export interface TriggerEnv {
  win: Window;
  clock: Clock;
  now(): number;
  /** A touch device (exit intent becomes a quick upward scroll or going back). */
  touch(): boolean;
  /** The popup id (marks its history entry). */
  id: string;
  /** A trigger fired (the caller removes them all). */
  fire(trigger: TriggerName): void;
}

type Stop = () => void;

/** Scroll down to `offset` percent of the page, or any upward scroll. */
function scrolling({ direction, offset }: NonNullable<PopupTriggers['scrolling']>, env: TriggerEnv): Stop {
  const { win } = env;
  let lastY = win.scrollY;
  return listen(win, 'scroll', () => {
    const y = win.scrollY;
    const up = y < lastY;
    lastY = y;
    if (direction === 'up' && up) return env.fire('scrolling');
    const range = win.document.documentElement.scrollHeight - win.innerHeight;
    const progress = range <= 0 ? 100 : (y / range) * 100;
    if (direction === 'down' && !up && progress >= offset) env.fire('scrolling');
  });
}

/** The element matching `selector` scrolls into the window. */
function scrollingTo(selector: string, env: TriggerEnv): Stop {
  const { win } = env;
  const query = () => {
    try {
      return win.document.querySelector(selector);
    } catch {
      logError('shop-popup', `triggers.scrolling_to.selector is not a valid selector: ${selector}`);
      return null;
    }
  };
  // Looked for until found: the element may come later.
  let target: Element | null = null;
  return listen(win, 'scroll', () => {
    target ??= query();
    if (target && target.getBoundingClientRect().top <= win.innerHeight) env.fire('scrolling_to');
  });
}

/**
 * Exit intent on touch: a quick upward scroll (towards the address bar), or going back (a
 * same-address history entry is pushed, and going back past it fires instead of leaving the page).
 */
function touchExitIntent(env: TriggerEnv): Stop[] {
  const { win, now } = env;
  let lastY = win.scrollY;
  let start: { y: number; at: number } | null = null;
  const stopScroll = listen(win, 'scroll', () => {
    if (!env.touch()) return;
    const y = win.scrollY;
    const up = y < lastY;
    if (!up || !start || now() - start.at > TOUCH_EXIT_WINDOW_MS) start = { y: lastY, at: now() };
    lastY = y;
    if (up && start.y - y >= TOUCH_EXIT_DISTANCE_PX) env.fire('exit_intent');
  });
  const marker = `${env.id}:${Math.random().toString(36).slice(2)}`;
  win.history.pushState({ shopPopupExitIntent: marker }, '', win.location.href);
  const stopBack = listen(win, 'popstate', (event) => {
    const state = (event as PopStateEvent).state as { shopPopupExitIntent?: string } | null;
    if (state?.shopPopupExitIntent !== marker) env.fire('exit_intent');
  });
  return [stopScroll, stopBack];
}

/** Exit intent with a mouse: the pointer leaves through the top of the window. */
function pointerExitIntent(env: TriggerEnv): Stop[] {
  const doc = env.win.document;
  const leave = (event: Event) => {
    const e = event as MouseEvent;
    if (e.type === 'mouseout' && e.relatedTarget) return;
    if (e.clientY <= 0) env.fire('exit_intent');
  };
  return [listen(doc.documentElement, 'mouseleave', leave), listen(doc, 'mouseout', leave)];
}

/** The shopper clicked `times` times anywhere on the page. */
function clicks(times: number, env: TriggerEnv): Stop {
  let count = 0;
  return listen(env.win.document, 'click', () => {
    count += 1;
    if (count >= times) env.fire('click');
  });
}

/** No pointer, key, scroll or touch for `seconds`. */
function inactivity(seconds: number, env: TriggerEnv): Stop[] {
  const { win } = env;
  const idle = new TimerSet(env.clock);
  const restart = () => {
    idle.clear();
    idle.set(seconds * 1000, () => env.fire('inactivity'));
  };
  restart();
  const types = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'];
  const stops = types.map((type) => listen(type === 'scroll' ? win : win.document, type, restart));
  return [() => idle.clear(), ...stops];
}

/** A bait an ad blocker hides: gone or hidden after `seconds`, the trigger fires. */
function adblockDetection(seconds: number, env: TriggerEnv): Stop {
  const { win } = env;
  const bait = win.document.createElement('div');
  bait.className = BAIT_CLASSES;
  bait.setAttribute('aria-hidden', 'true');
  bait.textContent = '\u00a0';
  win.document.body.append(bait);
  const timer = new TimerSet(env.clock);
  timer.set(seconds * 1000, () => {
    const blocked =
      !bait.isConnected || bait.offsetHeight === 0 || win.getComputedStyle(bait).display === 'none';
    if (blocked) env.fire('adblock_detection');
    else bait.remove();
  });
  return () => {
    timer.clear();
    bait.remove();
  };
}

/** spec §5 "Triggers": installs those that are set; returns what removes them all. */
export function installTriggers(t: PopupTriggers, env: TriggerEnv): Stop {
  const stops: Stop[] = [];
  if (t.page_load) {
    const timer = new TimerSet(env.clock);
    timer.set(t.page_load.delay * 1000, () => env.fire('page_load'));
    stops.push(() => timer.clear());
  }
  if (t.scrolling) stops.push(scrolling(t.scrolling, env));
  if (t.scrolling_to?.selector) stops.push(scrollingTo(t.scrolling_to.selector, env));
  if (t.exit_intent && env.touch()) stops.push(...touchExitIntent(env));
  if (t.click) stops.push(clicks(t.click.times, env));
  if (t.inactivity) stops.push(...inactivity(t.inactivity.time, env));
  if (t.exit_intent) stops.push(...pointerExitIntent(env));
  if (t.adblock_detection) stops.push(adblockDetection(t.adblock_detection.delay, env));
  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}
