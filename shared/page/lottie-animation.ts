/**
 * What the lottie behaviour (lottie.ts), its triggers (lottie-triggers.ts) and its player
 * (lottie-player.ts, a lazy chunk) share: one animation as the theme asked for it, and the
 * controls of a loaded one. Types only, below all three, so none of them imports another for them.
 */

export type LottieTrigger = 'none' | 'hover' | 'click' | 'scroll' | 'visibility';
export type LottieMouseout = 'none' | 'stop' | 'pause' | 'reverse';

/** One animation as the theme asked for it. */
export interface LottieAnimation {
  path: string;
  loop: boolean;
  autoplay: boolean;
  controls: boolean;
  speed: number;
  direction: 1 | -1;
  /** What starts it ('none': autoplay decides). */
  trigger: LottieTrigger;
  /** What leaving a hover trigger does. */
  mouseout: LottieMouseout;
  /** The segment played, in percent of the animation's frames. */
  start: number;
  end: number;
  /** Scroll trigger: the frame follows the scroll position ('seek') or it plays while in the window ('play'). */
  scrollActionType: 'seek' | 'play';
  /** Scroll trigger window, in percent of the way through the viewport. */
  visibilityStart: number;
  visibilityEnd: number;
}

/** A loaded animation's controls. Nothing plays until asked. */
export interface LottieHandle {
  /** Resolves when the animation is shown (its first frame); rejects when it cannot be loaded. */
  ready: Promise<void>;
  readonly playing: boolean;
  play(): void;
  pause(): void;
  /** Pauses on the segment's first frame (its last when playing backwards). */
  stop(): void;
  /** Shows the frame at `progress` (0…1 of the segment) without playing. */
  seek(progress: number): void;
  setDirection(direction: 1 | -1): void;
  /** The current frame within the segment. */
  frame(): number;
  destroy(): void;
}
/** Loads `animation` into `container`. */
export type LottiePlayer = (container: HTMLElement, animation: LottieAnimation) => LottieHandle;
