/**
 * Styles of `<shop-option-form>` (adopted after the base styles; knobs documented on the element
 * class). Fields sit on a 6-column grid (spec §2 layout: `col` 1–6, default the whole row);
 * label positions above/left/hidden; accordion headers; the summary. Reads the base vocabulary
 * (`--_accent`, `--_text`, `--_muted`, `--_border-color`, `--_danger`, `--_radius`) and declares
 * the gap and the swatch size.
 */
export const styles = /* css */ `
:host {
  --_gap: var(--gap, .75rem);
  --_swatch: var(--swatch-size, 1.75rem);
  --_z-index: var(--z-index, var(--shop-z-index, 9999));
  display: block;
  color: var(--_text);
}
.form { display: grid; gap: var(--_gap); }
.section { display: grid; gap: var(--_gap); }
/* Long forms (issue 12, 1,000 fields): a section off screen is neither laid out nor painted until it
   comes near the viewport; its content stays in the accessibility tree and in find-in-page. A
   section holding focus or an open popup (listbox, tooltip) is left uncontained, so nothing clips it.
   The first three sections are always laid out: Chromium shows a section at its guessed size
   (contain-intrinsic-size) in the first frame even when it is on screen, then at its own, which
   moved everything under the form at the upgrade (issue 32: no layout shift); the first sections
   are the ones on screen when a form renders. */
.section:nth-child(n + 4) { content-visibility: auto; }
.section:focus-within, .section:has(.listbox:not([hidden]), .listbox--empty, .tooltip:not([hidden])) {
  content-visibility: visible;
}
.section--disabled { opacity: .6; }
.section-title { margin: 0; font-size: 1.1em; }
.section-toggle {
  display: flex; width: 100%; align-items: center; gap: .5em; font: inherit; color: inherit;
  background: none; border: 0; border-bottom: 1px solid var(--_border-color); padding: .5em 0;
  cursor: pointer; text-align: start;
}
.chevron { margin-inline-start: auto; width: .6em; height: .6em; border: solid currentColor;
  border-width: 0 2px 2px 0; transform: rotate(45deg); transition: transform 150ms; }
.section-toggle[aria-expanded="true"] .chevron { transform: rotate(-135deg); }
.section-body { display: grid; gap: var(--_gap); }
.section-body[hidden] { display: none; }
.row { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: var(--_gap); }
.col-1 { grid-column: span 1; } .col-2 { grid-column: span 2; } .col-3 { grid-column: span 3; }
.col-4 { grid-column: span 4; } .col-5 { grid-column: span 5; } .col-6 { grid-column: span 6; }
@media (max-width: 600px) { .row > .field { grid-column: span 6; } }
.field[hidden] { display: none; }
.field { color: var(--_text); }
.group { border: 0; margin: 0; padding: 0; min-width: 0; }
.control { display: grid; gap: .25em; }
.control.label-left { grid-template-columns: minmax(6em, 1fr) 2fr; align-items: start; }
.label { font-weight: 600; padding: 0; }
.label--hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.required { color: var(--_danger); }
.field-price, .option-price, .section-price { color: var(--_muted); font-weight: normal; }
.input {
  box-sizing: border-box; width: 100%; font: inherit; color: inherit; background: var(--_surface);
  border: 1px solid var(--_border-color); border-radius: var(--_radius); padding: .45em .6em;
}
input[type="color"].input { padding: .1em; height: 2.4em; }
.input[aria-invalid="true"] { border-color: var(--_danger); }
.quantity { width: 6em; }
.description, .counter { margin: .25em 0 0; color: var(--_muted); font-size: .9em; }
.errors:empty { display: none; }
.error { margin: .25em 0 0; color: var(--_danger); font-size: .9em; }
.options { display: grid; gap: .35em; }
.options--inline .option-group { display: flex; flex-wrap: wrap; gap: .5em 1em; }
.option-group { display: grid; gap: .35em; }
.option-group-label { font-weight: 600; color: var(--_muted); }
.option-row { display: flex; align-items: center; gap: .5em; flex-wrap: wrap; }
.option { display: inline-flex; align-items: center; gap: .45em; cursor: pointer; }
.swatch { display: inline-block; width: var(--_swatch); height: var(--_swatch); border-radius: 50%;
  border: 1px solid var(--_border-color); }

.option--checked .swatch, .option--checked .option-image { outline: 2px solid var(--_accent); outline-offset: 2px; }
.option-image { width: var(--_image, 4rem); height: var(--_image, 4rem); object-fit: cover; border-radius: var(--_radius); }
.option-stock { color: var(--_muted); font-size: .9em; }
.option-description { flex-basis: 100%; color: var(--_muted); font-size: .9em; }
.link-button { justify-self: start; font: inherit; color: var(--_accent); background: none; border: 0;
  padding: .25em 0; text-decoration: underline; cursor: pointer; }
.separator { border: 0; border-top: 1px solid var(--_border-color); margin: .5em 0; }
.header { margin: .5em 0 0; }
.summary { display: grid; gap: .25em; margin: 0; padding: .75em 0 0; border-top: 1px solid var(--_border-color); }
.summary-row { display: flex; justify-content: space-between; gap: 1em; }
.summary-row dd { margin: 0; }
.summary-row--total { font-weight: 700; }
.suffix { font-weight: normal; color: var(--_muted); }
.form-error { margin: 0; color: var(--_danger); font-weight: 600; }

.label-row { display: flex; align-items: center; gap: .4em; }
.tooltip-holder { display: inline-block; }
.tooltip-button { font: inherit; font-size: .8em; width: 1.6em; height: 1.6em; border-radius: 50%;
  border: 1px solid var(--_border-color); background: var(--_surface); color: var(--_muted); cursor: help; padding: 0; }
.tooltip { position: fixed; left: 0; top: 0; z-index: var(--_z-index); max-width: 18rem; padding: .4em .6em;
  border-radius: var(--_radius); background: var(--_text); color: var(--_surface); font-size: .85em; box-shadow: var(--_shadow); }
.tooltip[hidden] { display: none; }
/* The image popup's button beside an option image (issue 13). */
.image-open { display: inline-grid; place-items: center; width: 1.9em; height: 1.9em; padding: 0; font: inherit;
  border: 1px solid var(--_border-color); border-radius: var(--_radius); background: var(--_surface);
  color: var(--_accent); cursor: zoom-in; }
.image-open svg { fill: currentColor; }
.combo { position: relative; }
.listbox { position: absolute; inset-inline: 0; z-index: var(--_z-index); max-height: 300px; overflow: auto;
  margin-top: 2px; background: var(--_surface); border: 1px solid var(--_border-color); border-radius: var(--_radius); }
.listbox[hidden] { display: none; }
.listbox-option, .listbox--empty, .listbox .option-group-label { padding: .35em .6em; }
.listbox-option { cursor: pointer; }
.listbox-option[aria-selected="true"] { font-weight: 600; }
.listbox-option--active { background: var(--_accent); color: var(--_on-accent); }
.listbox-option[aria-disabled="true"] { opacity: .55; cursor: not-allowed; }
.listbox[aria-multiselectable="true"] .listbox-option::before { content: "" / ""; display: inline-block; width: 1.2em; }
.listbox[aria-multiselectable="true"] .listbox-option[aria-selected="true"]::before { content: "✓" / ""; }
.tokens { display: flex; flex-wrap: wrap; gap: .3em; margin: 0 0 .3em; padding: 0; list-style: none; }
.token { display: inline-flex; align-items: center; gap: .35em; font: inherit; font-size: .9em; padding: .15em .5em;
  color: var(--_text); background: var(--_surface); border: 1px solid var(--_border-color); border-radius: var(--_radius); cursor: pointer; }
.token:hover .token-remove { color: var(--_danger); }
@media (prefers-reduced-motion: reduce) { .chevron { transition: none; } }
`;
