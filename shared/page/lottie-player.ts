import type { AnimationItem } from 'lottie-web';
import lottie from 'lottie-web/build/player/esm/lottie_light.min.js';
import type { LottieHandle, LottiePlayer } from './lottie-animation.ts';

/**
 * The lottie player (issue 17; spec §7 Other "lazy loads of script chunks (… lottie …)"): a lazy
 * chunk of its own, imported by `lottie.ts` only when lottie markup is on the page and motion is
 * allowed. It is lottie-web's *light* build: the SVG renderer without expressions. The full build
 * evaluates expressions with `eval` and dotlottie-web needs `'wasm-unsafe-eval'`; both break the
 * strict CSP (`script-src 'self'`). The light build has no `eval`/`new Function`, sets styles
 * through CSSOM only, and its web worker (a blob: URL) stays off (lottie-web's default).
 *
 * The animation JSON is fetched here (same-origin or an allowed origin, `connect-src`), so a 404 or
 * a file that is not a Lottie animation rejects `ready` with a clear error instead of lottie-web's
 * silent failure; lottie-web gets the parsed data. Limits of the light build: no expressions (an
 * animation that uses them plays its keyframes only), no text layers with `fOrigin: "p"` fonts
 * (lottie-web would add a `<style>`, which the CSP blocks).
 */

/** The parts of a Lottie file checked before it is handed to lottie-web. */
interface LottieData {
  w: number;
  h: number;
  ip: number;
  op: number;
  layers: unknown[];
}

function isLottieData(data: unknown): data is LottieData {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    ['w', 'h', 'ip', 'op'].every((key) => typeof d[key] === 'number' && Number.isFinite(d[key])) &&
    (d.op as number) > (d.ip as number) &&
    Array.isArray(d.layers)
  );
}

/** Loads `animation.path` into `container` (SVG) and returns its controls; nothing plays until asked. */
export const playLottie: LottiePlayer = (container, animation) => {
  const aborter = new AbortController();
  let item: AnimationItem | undefined;
  let destroyed = false;
  let frames = 0;
  /** Requests made before the data arrived (play, seek…), applied in order once it is loaded. */
  const pending: ((item: AnimationItem) => void)[] = [];
  const act = (fn: (item: AnimationItem) => void) => {
    if (destroyed) return;
    if (item?.isLoaded) fn(item);
    else pending.push(fn);
  };

  const ready = fetch(animation.path, { credentials: 'same-origin', signal: aborter.signal })
    .then(async (response) => {
      if (!response.ok) throw new Error(`lottie: ${animation.path} answered ${response.status}.`);
      const data: unknown = await response.json().catch(() => undefined);
      if (!isLottieData(data))
        throw new Error(
          `lottie: ${animation.path} is not a Lottie animation (JSON with w, h, ip, op, layers).`,
        );
      return data;
    })
    .then(
      (data) =>
        new Promise<void>((resolve, reject) => {
          if (destroyed) return resolve();
          const loaded = lottie.loadAnimation({
            container,
            renderer: 'svg',
            animationData: data,
            loop: animation.loop,
            autoplay: false,
            rendererSettings: { preserveAspectRatio: 'xMidYMid meet', focusable: false },
          });
          item = loaded;
          loaded.addEventListener('data_failed', () =>
            reject(new Error(`lottie: ${animation.path} failed to load.`)),
          );
          loaded.addEventListener('DOMLoaded', () => {
            // The segment in percent of the animation's frames (Flatsome's start and end).
            const total = data.op - data.ip;
            const first = Math.round((total * animation.start) / 100);
            const last = Math.max(first + 1, Math.round((total * animation.end) / 100));
            loaded.setSegment(data.ip + first, data.ip + last);
            frames = last - first;
            loaded.setSpeed(animation.speed);
            loaded.setDirection(animation.direction);
            // The container carries the accessible name (or hides it); the SVG is its picture.
            loaded.renderer?.svgElement?.setAttribute('aria-hidden', 'true');
            loaded.goToAndStop(animation.direction === -1 ? frames - 1 : 0, true);
            for (const fn of pending.splice(0)) fn(loaded);
            resolve();
          });
        }),
    );

  const handle: LottieHandle = {
    ready,
    get playing() {
      return !!item && item.isLoaded && !item.isPaused;
    },
    play: () => act((it) => it.play()),
    pause: () => act((it) => it.pause()),
    stop: () => act((it) => it.goToAndStop(it.playDirection === -1 ? frames - 1 : 0, true)),
    seek: (progress) =>
      act((it) =>
        it.goToAndStop(Math.min(frames - 1, Math.max(0, Math.round(progress * (frames - 1)))), true),
      ),
    setDirection: (direction) => act((it) => it.setDirection(direction)),
    frame: () => (item?.isLoaded ? item.currentFrame : 0),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      aborter.abort();
      item?.destroy();
      item = undefined;
    },
  };
  // A failure is reported by the behaviour (lottie.ts), which awaits `ready`.
  return handle;
};
