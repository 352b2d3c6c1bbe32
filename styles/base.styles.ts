/**
 * Base styles adopted by every element before its own (DESIGN §7): a :host reset that reads the
 * page's `--shop-*` tokens with fallbacks, a visible focus ring, and reduced motion.
 */
export const baseStyles = /* css */ `
:host {
  box-sizing: border-box;
  font-family: var(--shop-font-family, inherit);
  color: var(--shop-color-text, inherit);
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: inherit; }
:focus-visible {
  outline: var(--shop-focus-ring-width, 2px) solid var(--shop-color-focus, #1a73e8);
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
