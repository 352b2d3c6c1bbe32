import { logError } from '../log.ts';
import { safeUrl } from '../url.ts';
import {
  type BehaviourOptions,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { LOTTIE_SELECTOR } from './selectors.ts';

export { LOTTIE_SELECTOR } from './selectors.ts';

/**
 * Lottie animations (issue 17; spec §2 Other "lottie animations", §7 Other: the lottie chunk is
 * loaded only where the markup is). Markup: `<div class="lottie" data-lottie="/anim.json"
 * data-loop="true" data-autoplay="true" data-poster="/anim.png" aria-label="…">` (`data-src` is
 * read as well as `data-lottie`; a child `<img>` is kept as the poster).
 *
 * The player is not bundled: `options.loadPlayer` (a dynamic `import()` of a player such as
 * lottie-web, wrapped to the {@link LottiePlayer} shape) is called only when such markup is on
 * the page and motion is allowed, so the player stays in its own lazy chunk. Without a player,
 * under `prefers-reduced-motion`, or when the player fails (one console.error), the poster is
 * shown instead (`data-lottie-state="poster"`); it is never animated under reduced motion.
 */

export interface LottieAnimation {
  path: string;
  loop: boolean;
  autoplay: boolean;
}
/** Plays `animation` in `container`; returns its stop. */
export type LottiePlayer = (container: HTMLElement, animation: LottieAnimation) => { destroy(): void };

export interface LottieOptions extends BehaviourOptions {
  /** Loads the player (a lazy chunk); without it the posters are shown. */
  loadPlayer?: () => Promise<LottiePlayer>;
}

const installed = new WeakMap<PageRoot, () => void>();
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value !== 'false' && value !== '0';

/** Plays the root's lottie animations, or shows their posters. */
export function installLottie(root: PageRoot = document, options: LottieOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const doc = documentOf(root);
    const stops: (() => void)[] = [];
    const seen = new WeakSet<HTMLElement>();
    let player: Promise<LottiePlayer> | undefined;
    let stopped = false;

    const poster = (el: HTMLElement) => {
      el.dataset.lottieState = 'poster';
      if (el.querySelector('img')) return;
      const src = safeUrl(el.dataset.poster);
      if (!src) return;
      const img = doc.createElement('img');
      img.className = 'lottie-poster';
      img.src = src;
      img.alt = el.getAttribute('aria-label') ?? '';
      el.append(img);
      stops.push(() => img.remove());
    };

    const start = (el: HTMLElement) => {
      if (seen.has(el)) return;
      seen.add(el);
      const path = safeUrl(el.dataset.lottie || el.dataset.src);
      if (!path) {
        logError(null, 'lottie: the element has no http(s) data-lottie or data-src; showing its poster.');
        return poster(el);
      }
      if (prefersReducedMotion(options) || !options.loadPlayer) return poster(el);
      player ??= options.loadPlayer();
      el.dataset.lottieState = 'loading';
      player
        .then((play) => {
          if (stopped || !el.isConnected) return;
          const animation = play(el, {
            path,
            loop: flag(el.dataset.loop, true),
            autoplay: flag(el.dataset.autoplay, true),
          });
          el.dataset.lottieState = 'playing';
          el.querySelector(':scope > img')?.setAttribute('hidden', '');
          stops.push(() => animation.destroy());
        })
        .catch((error: unknown) => {
          logError(null, 'lottie: the player could not be loaded or failed; showing the poster.', error);
          if (!stopped) poster(el);
        });
    };

    const stop = enhanceNowAndLater(root, (node) => {
      for (const el of within(node, LOTTIE_SELECTOR)) start(el);
    });
    return () => {
      stopped = true;
      stop();
      for (const s of stops) s();
    };
  });
}
