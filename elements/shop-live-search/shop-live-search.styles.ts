/**
 * Styles of `<shop-live-search>` (adopted into its shadow root, after the base styles). Shared
 * knobs (`--accent`, `--on-accent`, `--surface`, `--border-color`, `--radius`, `--z-index`) arrive
 * resolved as `--_*` from the base styles; the element's own knobs are declared once below.
 * spec §9: the list is at most 300 px high and sits above other content (z-index 9999).
 */
export const styles = /* css */ `
:host {
  display: block;
  position: relative;
  --_z-index: var(--z-index, 9999);
  --_max-height: var(--max-height, 300px);
  --_active: var(--active-background, color-mix(in srgb, var(--_accent) 12%, var(--_surface)));
  --_image: var(--image-size, 40px);
}
.form {
  display: flex;
  align-items: stretch;
  gap: var(--shop-space-s, 0.5rem);
  margin: 0;
}
.field {
  position: relative;
  flex: 1 1 auto;
  min-width: 0;
}
.input, .category, .button {
  font: inherit;
  color: inherit;
  min-height: 2.5rem;
  border: 1px solid var(--_border-color);
  border-radius: var(--_radius);
  background: var(--_surface);
}
.input {
  inline-size: 100%;
  padding: 0.4rem 0.6rem;
}
.category {
  max-inline-size: 12rem;
  padding: 0.4rem;
}
.button {
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.4rem 0.9rem;
  cursor: pointer;
  background: var(--_accent);
  color: var(--_on-accent);
  border-color: transparent;
}
.button[data-loading] { cursor: progress; }
.spinner {
  inline-size: 1em;
  block-size: 1em;
  border: 2px solid currentColor;
  border-inline-end-color: transparent;
  border-radius: 50%;
  animation: shop-live-search-spin 0.7s linear infinite;
}
@keyframes shop-live-search-spin { to { transform: rotate(360deg); } }

.listbox {
  position: absolute;
  inset-block-start: calc(100% + 2px);
  inset-inline-start: 0;
  min-inline-size: 100%;
  inline-size: max-content; /* names on one line while they fit */
  max-inline-size: min(32rem, 100vw);
  max-block-size: var(--_max-height);
  overflow-y: auto;
  overscroll-behavior: contain;
  z-index: var(--_z-index);
  margin: 0;
  padding: 0.25rem 0;
  list-style: none;
  background: var(--_surface);
  border: 1px solid var(--_border-color);
  border-radius: var(--_radius);
  box-shadow: var(--_shadow);
}
.option {
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0.4rem 0.6rem;
  cursor: pointer;
}
.option:hover, .option[aria-selected='true'] { background: var(--_active); }
.option[aria-selected='true'] {
  outline: 2px solid var(--_focus);
  outline-offset: -2px;
}
.option[aria-disabled='true'] { cursor: default; font-style: italic; }
.option[aria-disabled='true']:hover { background: none; }
.image {
  flex: 0 0 var(--_image);
  inline-size: var(--_image);
  block-size: var(--_image);
  object-fit: cover;
  border-radius: calc(var(--_radius) / 2);
  background: color-mix(in srgb, var(--_border-color) 50%, transparent);
}
.name { flex: 1 1 auto; min-width: 0; }
mark { background: none; color: inherit; font-weight: 700; }
.price { flex: 0 0 auto; white-space: nowrap; }
.price del { margin-inline-end: 0.25em; }
.price ins { text-decoration: none; }
.screen-reader-text {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
}

/* Narrow screens: a full-width panel under the field. */
@media (max-width: 549px) {
  .category { max-inline-size: 7rem; }
  .listbox {
    position: fixed;
    inset-inline: 0;
    inset-block-start: var(--_panel-top, 0);
    min-inline-size: 0;
    inline-size: auto;
    max-inline-size: none;
    max-block-size: min(var(--_max-height), calc(100dvh - var(--_panel-top, 0px)));
    border-radius: 0;
    border-inline: 0;
  }
  .option { padding-block: 0.6rem; }
}
@media (forced-colors: active) {
  .option[aria-selected='true'] { outline-color: Highlight; forced-color-adjust: none; background: Highlight; color: HighlightText; }
}
`;
