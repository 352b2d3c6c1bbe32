/**
 * PhotoSwipe 5's stylesheet (photoswipe/dist/photoswipe.css, MIT, without its comments and the
 * prefixes today's engines do without; its colour variables renamed --_pswp-* for the house colour
 * rule), plus the idle state of spec §4 "Gallery lightbox" (controls hidden after 4000 ms), solid
 * ground under the caption and counter (WCAG 2.2 AA contrast over any image: white on the image
 * itself could be any contrast) and reduced motion (`data-still`, set by the opener from
 * `prefers-reduced-motion`: nothing moves, the loading icon stands still). Adopted by
 * shared/lightbox/photoswipe.ts when a lightbox first opens, into the document (PhotoSwipe renders
 * in the page) or the shadow root of the modal dialog it opens in; loaded lazily only (never part
 * of the shared chunk).
 */
export const lightboxStyles = /* css */ `
.pswp {
  --_pswp-bg: #000;
  --_pswp-placeholder-bg: #222;
  --pswp-root-z-index: 100000;
  --_pswp-preloader-color: rgba(79, 79, 79, 0.4);
  --_pswp-preloader-color-secondary: rgba(255, 255, 255, 0.9);
  --_pswp-icon-color: #fff;
  --_pswp-icon-color-secondary: #4f4f4f;
  --_pswp-icon-stroke-color: #4f4f4f;
  --pswp-icon-stroke-width: 2px;
  --pswp-error-text-color: var(--_pswp-icon-color);
}
.pswp {
  position: fixed;
  top: 0;
  left: 0;
  width: 100%;
  height: 100%;
  z-index: var(--pswp-root-z-index);
  display: none;
  touch-action: none;
  outline: 0;
  opacity: 0.003;
  contain: layout style size;
  -webkit-tap-highlight-color: transparent;
}
.pswp:focus {
  outline: 0;
}
.pswp * {
  box-sizing: border-box;
}
.pswp img {
  max-width: none;
}
.pswp--open {
  display: block;
}
.pswp,
.pswp__bg {
  transform: translateZ(0);
  will-change: opacity;
}
.pswp__bg {
  opacity: 0.005;
  background: var(--_pswp-bg);
}
.pswp,
.pswp__scroll-wrap {
  overflow: hidden;
}
.pswp__scroll-wrap,
.pswp__bg,
.pswp__container,
.pswp__item,
.pswp__content,
.pswp__img,
.pswp__zoom-wrap {
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  height: 100%;
}
.pswp__img,
.pswp__zoom-wrap {
  width: auto;
  height: auto;
}
.pswp--click-to-zoom.pswp--zoom-allowed .pswp__img {
  cursor: zoom-in;
}
.pswp--click-to-zoom.pswp--zoomed-in .pswp__img {
  cursor: move;
  cursor: grab;
}
.pswp--click-to-zoom.pswp--zoomed-in .pswp__img:active {
  cursor: grabbing;
}
.pswp--no-mouse-drag.pswp--zoomed-in .pswp__img,
.pswp--no-mouse-drag.pswp--zoomed-in .pswp__img:active,
.pswp__img {
  cursor: zoom-out;
}
.pswp__container,
.pswp__img,
.pswp__button,
.pswp__counter {
  -webkit-user-select: none;
  user-select: none;
}
.pswp__item {
  z-index: 1;
  overflow: hidden;
}
.pswp__hidden {
  display: none !important;
}
.pswp__content {
  pointer-events: none;
}
.pswp__content > * {
  pointer-events: auto;
}
.pswp__error-msg-container {
  display: grid;
}
.pswp__error-msg {
  margin: auto;
  font-size: 1em;
  line-height: 1;
  color: var(--pswp-error-text-color);
}
.pswp .pswp__hide-on-close {
  opacity: 0.005;
  will-change: opacity;
  transition: opacity var(--pswp-transition-duration) cubic-bezier(0.4, 0, 0.22, 1);
  z-index: 10; 
  pointer-events: none; 
}
.pswp--ui-visible .pswp__hide-on-close {
  opacity: 1;
  pointer-events: auto;
}
.pswp__button {
  position: relative;
  display: block;
  width: 50px;
  height: 60px;
  padding: 0;
  margin: 0;
  overflow: hidden;
  cursor: pointer;
  background: none;
  border: 0;
  box-shadow: none;
  opacity: 0.85;
  -webkit-appearance: none;
  -webkit-touch-callout: none;
}
.pswp__button:hover,
.pswp__button:active,
.pswp__button:focus {
  transition: none;
  padding: 0;
  background: none;
  border: 0;
  box-shadow: none;
  opacity: 1;
}
.pswp__button:disabled {
  opacity: 0.3;
  cursor: auto;
}
.pswp__icn {
  fill: var(--_pswp-icon-color);
  color: var(--_pswp-icon-color-secondary);
}
.pswp__icn {
  position: absolute;
  top: 14px;
  left: 9px;
  width: 32px;
  height: 32px;
  overflow: hidden;
  pointer-events: none;
}
.pswp__icn-shadow {
  stroke: var(--_pswp-icon-stroke-color);
  stroke-width: var(--pswp-icon-stroke-width);
  fill: none;
}
.pswp__icn:focus {
  outline: 0;
}
div.pswp__img--placeholder,
.pswp__img--with-bg {
  background: var(--_pswp-placeholder-bg);
}
.pswp__top-bar {
  position: absolute;
  left: 0;
  top: 0;
  width: 100%;
  height: 60px;
  display: flex;
  flex-direction: row;
  justify-content: flex-end;
  z-index: 10;
  pointer-events: none !important;
}
.pswp__top-bar > * {
  pointer-events: auto;
  will-change: opacity;
}
.pswp__button--close {
  margin-right: 6px;
}
.pswp__button--arrow {
  position: absolute;
  top: 0;
  width: 75px;
  height: 100px;
  top: 50%;
  margin-top: -50px;
}
.pswp__button--arrow:disabled {
  display: none;
  cursor: default;
}
.pswp__button--arrow .pswp__icn {
  top: 50%;
  margin-top: -30px;
  width: 60px;
  height: 60px;
  background: none;
  border-radius: 0;
}
.pswp--one-slide .pswp__button--arrow {
  display: none;
}
.pswp--touch .pswp__button--arrow {
  visibility: hidden;
}
.pswp--has_mouse .pswp__button--arrow {
  visibility: visible;
}
.pswp__button--arrow--prev {
  right: auto;
  left: 0px;
}
.pswp__button--arrow--next {
  right: 0px;
}
.pswp__button--arrow--next .pswp__icn {
  left: auto;
  right: 14px;
  transform: scale(-1, 1);
}
.pswp__button--zoom {
  display: none;
}
.pswp--zoom-allowed .pswp__button--zoom {
  display: block;
}
.pswp--zoomed-in .pswp__zoom-icn-bar-v {
  display: none;
}
.pswp__preloader {
  position: relative;
  overflow: hidden;
  width: 50px;
  height: 60px;
  margin-right: auto;
}
.pswp__preloader .pswp__icn {
  opacity: 0;
  transition: opacity 0.2s linear;
  animation: pswp-clockwise 600ms linear infinite;
}
.pswp__preloader--active .pswp__icn {
  opacity: 0.85;
}
@keyframes pswp-clockwise {
  0% { transform: rotate(0deg); }
  100% { transform: rotate(360deg); }
}
.pswp__counter {
  height: 30px;
  margin-top: 15px;
  margin-inline-start: 20px;
  font-size: 14px;
  line-height: 30px;
  padding: 0 0.5em;
  color: var(--_pswp-icon-color);
  background: var(--_pswp-bg);
}
.pswp--one-slide .pswp__counter {
  display: none;
}
.pswp--ui-idle .pswp__top-bar,
.pswp--ui-idle .pswp__button--arrow {
  opacity: 0;
}
.pswp__error-msg a {
  color: inherit;
}
.pswp[data-still] * {
  transition-duration: 0s !important;
}
.pswp[data-still] .pswp__preloader .pswp__icn {
  animation: none;
}
`;

/** A caption line under the image (gallery items' caption or title, spec §3 "Gallery item"). */
export const captionStyles = /* css */ `
.pswp__caption {
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 0.75em 1em;
  text-align: center;
  color: var(--_pswp-icon-color);
  background: var(--_pswp-bg);
}
.pswp__caption:empty {
  display: none;
}
.pswp--ui-idle .pswp__caption {
  opacity: 0;
}
`;
