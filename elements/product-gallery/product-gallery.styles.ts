/**
 * Styles of `<product-gallery>`, adopted after styles/base.styles.ts. Read the knob vocabulary
 * (`var(--_accent)`, `var(--_radius)`, ...); a knob of the element's own is declared once at the
 * top of :host as `--_name: var(--name, <fallback>)`, the only place a colour literal may appear.
 */
export const styles = /* css */ `
:host {
  display: inline-block;
}
.button {
  font: inherit;
  padding: 0.5em 1em;
  border: 1px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_accent);
  color: var(--_on-accent);
  cursor: pointer;
}
.message {
  margin: 0.5em 0 0;
  min-height: 1.5em;
}
`;
