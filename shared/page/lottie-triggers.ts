import type { LottieAnimation, LottieHandle } from './lottie-animation.ts';

/**
 * What starts and stops a lottie animation (issue 17; Flatsome's lottie element: `trigger`,
 * `mouseout`, `scrollActionType`, `visibilityStart`/`visibilityEnd`, `controls`):
 * - none: plays at once when `autoplay`, else shows its first frame;
 * - visibility: plays while on screen, pauses off screen;
 * - hover: plays while the pointer is over it (or focus is in its link); on leaving, `mouseout`
 *   stops it on its first frame, pauses it, plays it backwards, or (none) lets it run on;
 * - click: a click (or Enter/Space: the player is a button when no link holds it) plays it from
 *   the start;
 * - scroll: its frame follows its way through the viewport between `visibilityStart` and
 *   `visibilityEnd` percent ('seek'), or it plays while inside that window ('play').
 * With `controls`, a pause/play button follows it (and stops every trigger while paused).
 * Nothing starts while `still()` (reduced motion).
 */

export const LOTTIE_TEXTS = {
  play: 'Play animation',
  pause: 'Pause animation',
};

export interface LottieWiring {
  win: Window;
  /** Whether motion must be avoided now. */
  still: () => boolean;
  texts: typeof LOTTIE_TEXTS;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * How far an element has travelled through the viewport: 0 while its top is at the viewport's
 * bottom edge (or below), 1 once its bottom has reached the top edge.
 */
export function viewportProgress(rect: { top: number; height: number }, viewportHeight: number): number {
  return clamp((viewportHeight - rect.top) / (viewportHeight + rect.height));
}

/** The share of the scroll window `[start, end]` (percent) that `progress` (0…1) has covered. */
export function windowProgress(progress: number, start: number, end: number): number {
  return clamp((progress * 100 - start) / (end - start));
}

/** Adds a listener that the unwire removes. */
type On = <K extends keyof HTMLElementEventMap>(
  target: HTMLElement | Window,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
) => void;

/** `hover`: plays while the pointer or focus is on the element's box; leaving does the `mouseout`. */
function hoverTrigger(
  el: HTMLElement,
  handle: LottieHandle,
  animation: LottieAnimation,
  on: On,
  play: () => void,
  free: () => boolean,
): void {
  const target = el.closest<HTMLElement>('.ux-lottie') ?? el;
  const leave = () => {
    if (animation.mouseout === 'stop') handle.stop();
    else if (animation.mouseout === 'pause') handle.pause();
    else if (animation.mouseout === 'reverse' && free()) {
      handle.setDirection(animation.direction === 1 ? -1 : 1);
      handle.play();
    }
  };
  on(target, 'pointerenter', play);
  on(target, 'pointerleave', leave);
  on(target, 'focusin', play);
  on(target, 'focusout', (event) => {
    if (!target.contains(event.relatedTarget as Node | null)) leave();
  });
}

/** `click`: a press on the link or button around it (else on the element, made a button) plays it from the start. */
function clickTrigger(
  el: HTMLElement,
  handle: LottieHandle,
  on: On,
  play: () => void,
  free: () => boolean,
  label: string,
): void {
  const restart = () => {
    if (!free()) return;
    handle.stop();
    play();
  };
  const control = el.closest<HTMLElement>('a[href], button');
  if (!control) {
    el.setAttribute('role', 'button');
    el.tabIndex = 0;
    if (!el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby'))
      el.setAttribute('aria-label', label);
    on(el, 'keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      restart();
    });
  }
  on(control ?? el, 'click', restart);
}

/** `scroll`: the frame follows the scroll position through the window ('seek'), or it plays while in it. */
function scrollTrigger(
  el: HTMLElement,
  handle: LottieHandle,
  animation: LottieAnimation,
  on: On,
  play: () => void,
  paused: () => boolean,
  win: Window,
): void {
  const update = () => {
    const rect = el.getBoundingClientRect();
    const progress = windowProgress(
      viewportProgress(rect, win.innerHeight),
      animation.visibilityStart,
      animation.visibilityEnd,
    );
    if (animation.scrollActionType === 'seek') {
      if (!paused()) handle.seek(progress);
    } else if (progress > 0 && progress < 1) play();
    else handle.pause();
  };
  on(win, 'scroll', update, { passive: true });
  on(win, 'resize', update, { passive: true });
  update();
}

/** Wires `animation`'s trigger for `el`; returns the unwire. */
export function wireLottie(
  el: HTMLElement,
  handle: LottieHandle,
  animation: LottieAnimation,
  { win, still, texts }: LottieWiring,
): () => void {
  const offs: (() => void)[] = [];
  const on: On = (target, type, listener, options) => {
    target.addEventListener(type, listener as EventListener, options);
    offs.push(() => target.removeEventListener(type, listener as EventListener, options));
  };
  let userPaused = false;
  const play = () => {
    if (!free()) return;
    handle.setDirection(animation.direction);
    handle.play();
  };

  /** Whether it may play now: motion allowed and not paused by the user. */
  const free = () => !still() && !userPaused;
  switch (animation.trigger) {
    case 'none':
      if (animation.autoplay) play();
      break;
    case 'visibility': {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) (entry.isIntersecting ? play : handle.pause)();
      });
      observer.observe(el);
      offs.push(() => observer.disconnect());
      break;
    }
    case 'hover':
      hoverTrigger(el, handle, animation, on, play, free);
      break;
    case 'click':
      clickTrigger(el, handle, on, play, free, texts.play);
      break;
    case 'scroll':
      scrollTrigger(el, handle, animation, on, play, () => userPaused, win);
      break;
  }

  if (animation.controls) {
    const doc = el.ownerDocument;
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'lottie-control';
    // The label says what a press does ("Pause animation" / "Play animation"); no aria-pressed,
    // which would read "Pause animation, pressed" for a paused animation.
    const toggle = () => {
      userPaused = !userPaused;
      if (userPaused) handle.pause();
      else if (animation.trigger === 'none' || animation.trigger === 'visibility') play();
      button.textContent = userPaused ? texts.play : texts.pause;
    };
    // Not started by itself: the button starts it.
    if (animation.trigger === 'none' && !animation.autoplay) userPaused = true;
    button.textContent = userPaused ? texts.play : texts.pause;
    on(button, 'click', toggle);
    el.after(button);
    offs.push(() => button.remove());
  }

  return () => {
    for (const off of offs) off();
  };
}
