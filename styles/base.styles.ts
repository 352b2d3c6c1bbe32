/**
 * Base styles adopted by every element before its own (DESIGN §7): a :host reset that reads the
 * page's `--shop-*` tokens with fallbacks, a visible focus ring, and reduced motion.
 *
 * The knob vocabulary (issue 10): every element offers the same short custom properties on its
 * host, each defaulting to a page token; element styles read only the resolved `--_*` names, so
 * the literal fallback colours live here and nowhere else.
 *   --accent        buttons, badges, selected states   (--shop-color-accent)
 *   --on-accent     text and icons on the accent       (--shop-color-accent-text)
 *   --surface       panels, dropdowns, dialogs         (--shop-color-surface)
 *   --text-color    text inside panels                 (--shop-color-text)
 *   --muted-color   secondary text                     (--shop-color-muted)
 *   --border-color  hairlines and input borders        (--shop-color-border)
 *   --danger-color  errors, removal, badges that warn  (--shop-color-sale)
 *   --radius        corner radius                      (--shop-radius)
 *   --width         panel or dialog width              (element default)
 *   --z-index       stacking order of floating parts   (--shop-z-index)
 * Colour literals appear only as the last fallback of a `--_*` declaration (here, or an
 * element's own knob such as the chat's bubble colour); rules use `var(--_*)` (checked by the
 * conformance suite).
 */
export const baseStyles = /* css */ `
:host {
  --_accent: var(--accent, var(--shop-color-accent, #446084));
  --_on-accent: var(--on-accent, var(--shop-color-accent-text, #fff));
  --_surface: var(--surface, var(--shop-color-surface, #fff));
  --_text: var(--text-color, var(--shop-color-text, #1e1e24));
  --_muted: var(--muted-color, var(--shop-color-muted, #5d5d66));
  --_border-color: var(--border-color, var(--shop-color-border, #c8c8c8));
  --_danger: var(--danger-color, var(--shop-color-sale, #b3261e));
  --_radius: var(--radius, var(--shop-radius, 4px));
  --_z-index: var(--z-index, var(--shop-z-index, 100));
  --_focus: var(--shop-color-focus, #1a73e8);
  --_shadow: var(--shop-shadow, 0 8px 24px rgb(0 0 0 / 0.18));
  --_backdrop: var(--shop-backdrop, rgb(0 0 0 / 0.5));
  box-sizing: border-box;
  font-family: var(--shop-font-family, inherit);
  color: var(--shop-color-text, inherit);
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: inherit; }
:focus-visible {
  outline: var(--shop-focus-ring-width, 2px) solid var(--_focus);
  outline-offset: 2px;
}
[hidden] { display: none !important; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    scroll-behavior: auto !important;
  }
}
@media (forced-colors: active) {
  :focus-visible { outline-color: Highlight; }
}
`;
