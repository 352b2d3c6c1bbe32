/**
 * What `<join-chat>` reads from or does to the browser outside its shadow root, other than time,
 * in one replaceable object, so tests (and unusual embeddings) can substitute it: the new window,
 * the page address, the device, storage, randomness and the trackers. Time ("now" and the timers)
 * is the one injected `Clock` (shared/clock.ts), as in every controller. Elements read the
 * environment when their controller is made; `setJoinChatEnvironment` returns a function that
 * restores the previous values.
 */
import { local, type SafeStorage } from '../../shared/storage.ts';
import type { TrackerWindow } from './join-chat.analytics.ts';
import { isMobileUserAgent } from './join-chat.rules.ts';

export interface JoinChatEnvironment {
  /** Opens the messaging link in a new window (spec §7 Other). */
  open(url: string): void;
  /** The page address (for the `#joinchat` / `?joinchat=` triggers and event locations). */
  href(): string;
  /** Mobile device (Joinchat's user-agent test): hover, QR and text-field hiding depend on it. */
  isMobile(): boolean;
  /** `prefers-reduced-motion: reduce`: skip the typing animation. */
  reducedMotion(): boolean;
  /** Where `joinchat_views` and `joinchat_hashes` live (never throws). */
  storage: SafeStorage;
  /** Random numbers in [0, 1) for the typing timings. */
  random(): number;
  /** Page globals holding the trackers (`dataLayer`, `gtag`, `fbq`). */
  trackers(): TrackerWindow;
}

const defaults: JoinChatEnvironment = {
  open: (url) => {
    window.open(url, 'joinchat', 'noopener');
  },
  href: () => window.location.href,
  isMobile: () => isMobileUserAgent(navigator.userAgent),
  reducedMotion: () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  storage: local,
  random: () => Math.random(),
  trackers: () => window as unknown as TrackerWindow,
};

const current: JoinChatEnvironment = { ...defaults };

/** The environment in use. */
export function joinChatEnvironment(): JoinChatEnvironment {
  return current;
}

/** Replaces parts of the environment; returns a function that restores what was replaced. */
export function setJoinChatEnvironment(overrides: Partial<JoinChatEnvironment>): () => void {
  const previous = { ...current };
  Object.assign(current, overrides);
  return () => {
    Object.assign(current, previous);
  };
}
