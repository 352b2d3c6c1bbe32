/**
 * Styles of `<shop-popup>`, adopted after styles/base.styles.ts: the dialog box, the close button
 * inside or outside it (spec §3 close_button_position), and the entrance/exit animations, whose
 * duration the view sets as `--_duration` (none under reduced motion: base styles and the
 * controller both skip them).
 */
export const styles = /* css */ `
:host {
  --_width: var(--width, min(32rem, calc(100vw - 2rem)));
  display: contents;
}
.dialog {
  box-sizing: border-box;
  width: var(--_width);
  max-height: calc(100vh - 4rem);
  padding: 0;
  border: 1px solid var(--_border-color);
  border-radius: var(--_radius);
  background: var(--_surface);
  color: var(--_text);
  box-shadow: var(--_shadow);
  overflow: visible;
  animation-duration: var(--_duration, 1.2s);
  animation-fill-mode: both;
}
.dialog:not([open]) {
  display: none;
}
.dialog::backdrop {
  background: var(--_backdrop);
}
.body {
  padding: 1.5em;
  max-height: calc(100vh - 4rem);
  overflow: auto;
  box-sizing: border-box;
}
.close {
  position: absolute;
  top: 0.25em;
  right: 0.25em;
  inline-size: 2.25em;
  block-size: 2.25em;
  font: inherit;
  font-size: 1.1em;
  line-height: 1;
  border: 0;
  border-radius: var(--_radius);
  background: transparent;
  color: inherit;
  cursor: pointer;
}
.close--outside {
  top: -2.5em;
  right: -0.25em;
  background: var(--_surface);
}
.animate--fadeIn { animation-name: fade-in; }
.animate--fadeOut { animation-name: fade-in; animation-direction: reverse; }
.animate--zoomIn { animation-name: zoom-in; }
.animate--zoomOut { animation-name: zoom-in; animation-direction: reverse; }
.animate--slideInUp { animation-name: slide-up; }
.animate--slideOutDown { animation-name: slide-up; animation-direction: reverse; }
.animate--slideInDown { animation-name: slide-down; }
.animate--slideOutUp { animation-name: slide-down; animation-direction: reverse; }
.animate--slideInLeft { animation-name: slide-left; }
.animate--slideOutRight { animation-name: slide-left; animation-direction: reverse; }
.animate--slideInRight { animation-name: slide-right; }
.animate--slideOutLeft { animation-name: slide-right; animation-direction: reverse; }
@keyframes fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes zoom-in { from { opacity: 0; transform: scale(0.6); } to { opacity: 1; transform: none; } }
@keyframes slide-up { from { transform: translateY(100vh); } to { transform: none; } }
@keyframes slide-down { from { transform: translateY(-100vh); } to { transform: none; } }
@keyframes slide-left { from { transform: translateX(-100vw); } to { transform: none; } }
@keyframes slide-right { from { transform: translateX(100vw); } to { transform: none; } }
@media (prefers-reduced-motion: reduce) {
  .dialog { animation: none; }
}
`;
