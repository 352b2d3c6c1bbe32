// lottie-web ships types for its UMD builds only; its ES build of the light player (SVG renderer,
// no expressions, so no eval) has the same API.
declare module 'lottie-web/build/player/esm/lottie_light.min.js' {
  import type { LottiePlayer } from 'lottie-web';

  const lottie: LottiePlayer;
  export default lottie;
}
