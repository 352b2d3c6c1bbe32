/**
 * The chat typing of `<join-chat>`'s chatbox (spec §9 Chat): on the chatbox's first opening the
 * bubbles are typed out one after another, 60 ms a word plus 100-200 ms of dots, then a 400-600 ms
 * pause; notes show without dots, 100 ms before the next. One bubble, or reduced motion, shows
 * at once. One timer at a time, on the injected clock; each step is handed to `commit`, and
 * `stop()` shows every bubble at once (the chatbox closed, or its message changed).
 */
import type { Clock } from '../../shared/clock.ts';
import { type Bubble, revealDelay, TIMING, typingDelay } from './join-chat.rules.ts';
import type { JoinChatState } from './join-chat.state.ts';

/** A step of the typing: the dots shown or not, and how many bubbles are revealed. */
export type TypingStep = Pick<JoinChatState, 'typing' | 'revealed'>;

/** The randomness of the timings, and whether to type at all (the chat's environment). */
export interface TypingEnvironment {
  /** Random numbers in [0, 1). */
  random(): number;
  /** `prefers-reduced-motion: reduce`: every bubble at once. */
  reducedMotion(): boolean;
}

/** Every bubble shown, no dots. */
const ALL_SHOWN: TypingStep = { typing: false, revealed: Number.POSITIVE_INFINITY };

/** One chatbox's typing: `start` on each opening (it types on the first only), `stop` to end it. */
export interface ChatTyping {
  /**
   * Starts typing `bubbles` out on the first opening and returns the first step, for the
   * opening's own update (so the full message never flashes first); `{}` when nothing is typed.
   */
  start(bubbles: readonly Bubble[]): Partial<TypingStep>;
  /** Ends the typing with every bubble shown (nothing when it is not running). */
  stop(): void;
}

/** The typing of one chatbox; `commit` receives each later step (the first is returned by `start`). */
export function chatTyping(
  clock: Clock,
  env: TypingEnvironment,
  commit: (step: TypingStep) => void,
): ChatTyping {
  let timer: unknown;
  let running = false;
  /** The typing happens once, on the first opening. */
  let done = false;
  /** Bubble `index`: its dots (or, for a note, the bubble itself), with the timer of what follows. */
  const step = (bubbles: readonly Bubble[], index: number): TypingStep => {
    running = index < bubbles.length;
    if (!running) return ALL_SHOWN;
    const bubble = bubbles[index];
    const nextAfter = (ms: number) => {
      timer = clock.setTimeout(() => commit(step(bubbles, index + 1)), ms);
    };
    if (bubble.note) {
      nextAfter(TIMING.note);
      return { typing: false, revealed: index + 1 };
    }
    timer = clock.setTimeout(
      () => {
        nextAfter(revealDelay(env.random()));
        commit({ typing: false, revealed: index + 1 });
      },
      typingDelay(bubble.text, env.random()),
    );
    return { typing: true, revealed: index };
  };
  return {
    start(bubbles) {
      if (done) return {};
      done = true;
      return bubbles.length <= 1 || env.reducedMotion() ? {} : step(bubbles, 0);
    },
    stop() {
      if (!running) return;
      clock.clearTimeout(timer);
      running = false;
      commit(ALL_SHOWN);
    },
  };
}
