/**
 * The start-up plan of `<join-chat>` on the clock (spec §2, §4 Chat widget): the button appears
 * after `button_delay` (with the tooltip the rules allow), then the badge shows or the chatbox
 * opens by itself after `message_delay` once the shopper made `message_views` page views; the page
 * address (`#joinchat`, `?joinchat=<seconds>`) shows the button and opens the chatbox too. The
 * rules themselves are pure (`planStart` in `join-chat.rules.ts`); this runs them once per plan,
 * counting the page view, and restarts only when what they read changes.
 */
import type { Clock } from '../../shared/clock.ts';
import type { SafeStorage } from '../../shared/storage.ts';
import { type PlanInput, startFromStorage, urlOpening } from './join-chat.rules.ts';
import type { JoinChatState } from './join-chat.state.ts';

/** What the plan does to the widget, as the controller carries it out. */
export interface PlanActions {
  /** Applies a change of the launcher (its animation, appearance, tooltip or badge). */
  set(patch: Partial<Pick<JoinChatState, 'animate' | 'shown' | 'tooltip' | 'badge'>>): void;
  /** The chatbox is open (the tooltip does not show over it). */
  isOpen(): boolean;
  /** Opens the chatbox by itself. */
  open(reason: 'auto' | 'url'): void;
}

/** What a plan reads: the rules' settings (with the message hash in force) and the chatbox. */
export type PlanSettings = PlanInput & { hasChatbox: boolean };

/** The start-up plan of one widget ({@link startupPlan}). */
export interface StartupPlan {
  /**
   * Runs the plan of `settings` (null: none, the widget does not render), unless the plan running
   * read the same: a change of anything else (the header, say) neither restarts it nor counts
   * another page view.
   */
  follow(settings: PlanSettings | null): void;
  /** Stops the plan; the next `follow` runs one afresh. */
  stop(): void;
  /** The chatbox opened: the badge or the automatic opening no longer comes. */
  cancelCallToAction(): void;
}

/** The start-up plan of one widget, on `clock`, reading storage and the page address from `env`. */
export function startupPlan(
  clock: Clock,
  env: { storage: SafeStorage; href(): string },
  actions: PlanActions,
): StartupPlan {
  /** What the running plan read; null: none runs. */
  let running: string | null = null;
  let timers: unknown[] = [];
  let ctaTimer: unknown;
  const later = (callback: () => void, ms: number) => void timers.push(clock.setTimeout(callback, ms));
  const clear = () => {
    for (const timer of timers) clock.clearTimeout(timer);
    timers = [];
    clock.clearTimeout(ctaTimer);
  };
  const run = (settings: PlanSettings) => {
    const plan = startFromStorage(settings, env.storage);
    actions.set({ animate: plan.animate });
    const show = () => actions.set({ shown: true, tooltip: plan.tooltip && !actions.isOpen() });
    if (plan.showAt === 0) show();
    else later(show, plan.showAt);
    if (plan.cta === 'badge' && settings.hasChatbox) {
      ctaTimer = clock.setTimeout(() => actions.set({ badge: 'in' }), plan.ctaAt);
    } else if (plan.cta === 'open') {
      ctaTimer = clock.setTimeout(() => actions.open('auto'), plan.ctaAt);
    }
    const fromUrl = urlOpening(env.href());
    if (fromUrl) {
      if (fromUrl.showAt === 0) actions.set({ shown: true });
      else later(() => actions.set({ shown: true }), fromUrl.showAt);
      later(() => actions.open('url'), fromUrl.openAt);
    }
  };
  return {
    follow(settings) {
      const key =
        settings &&
        JSON.stringify([
          settings.message_hash,
          settings.hasChatbox,
          settings.button_delay,
          settings.message_delay,
          settings.message_views,
          settings.message_badge,
          settings.cta_viewed,
        ]);
      if (key === running) return;
      clear();
      running = key;
      if (settings) run(settings);
    },
    stop() {
      clear();
      running = null;
    },
    cancelCallToAction: () => clock.clearTimeout(ctaTimer),
  };
}
