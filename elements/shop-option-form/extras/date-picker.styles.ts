/**
 * Styles of the date picker (react-day-picker's `rdp-*` class names), adopted into the option
 * form's shadow root by the picker chunk itself (no `<style>`, so the strict CSP holds). Reads the
 * form's resolved knobs (`--_accent`, `--_on-accent`, `--_surface`, `--_border-color`, `--_muted`,
 * `--_radius`, `--_shadow`, `--_backdrop`).
 */
export const pickerStyles = /* css */ `
.date-picker { display: grid; gap: .35em; }
.date-row { display: flex; gap: .35em; align-items: stretch; flex-wrap: wrap; }
.date-text { flex: 1 1 10em; min-width: 0; }
.date-text[readonly] { cursor: pointer; }
.date-button, .date-done {
  display: inline-flex; align-items: center; justify-content: center; gap: .3em; min-width: 2.5em;
  font: inherit; color: var(--_text); background: var(--_surface);
  border: 1px solid var(--_border-color); border-radius: var(--_radius); cursor: pointer; padding: .35em .6em;
}
.date-button:hover, .date-done:hover { border-color: var(--_accent); }
.time-select { flex: 0 1 9em; }
.date-dialog {
  border: 1px solid var(--_border-color); border-radius: var(--_radius); background: var(--_surface);
  color: var(--_text); box-shadow: var(--_shadow); padding: .75em; max-width: calc(100vw - 1em);
}
.date-dialog::backdrop { background: var(--_backdrop); }
.date-done { margin-top: .5em; width: 100%; }
.date-problem:empty { display: none; }
.rdp-root { --_cell: 2.4em; position: relative; width: max-content; max-width: 100%; }
.rdp-months { display: flex; flex-wrap: wrap; gap: 1em; }
.rdp-month_caption { display: flex; align-items: center; height: var(--_cell); font-weight: 600; padding-inline-end: 5.2em; }
.rdp-nav { position: absolute; inset-block-start: 0; inset-inline-end: 0; display: flex; gap: .2em; }
.rdp-button_previous, .rdp-button_next {
  display: inline-flex; align-items: center; justify-content: center; width: var(--_cell); height: var(--_cell);
  background: none; border: 0; border-radius: var(--_radius); color: var(--_accent); cursor: pointer; padding: 0;
}
.rdp-button_previous[aria-disabled="true"], .rdp-button_next[aria-disabled="true"] { color: var(--_muted); cursor: default; }
.rdp-chevron { fill: currentColor; }
:dir(rtl) .rdp-chevron { transform: scaleX(-1); }
.rdp-month_grid { border-collapse: collapse; }
.rdp-weekday { font-size: .8em; font-weight: 600; color: var(--_muted); height: 2em; text-align: center; }
.rdp-day { width: var(--_cell); height: var(--_cell); padding: 0; text-align: center; }
.rdp-day_button {
  width: 100%; height: 100%; font: inherit; color: inherit; background: none; border: 2px solid transparent;
  border-radius: 50%; cursor: pointer; padding: 0;
}
.rdp-day_button:hover { border-color: var(--_border-color); }
.rdp-today .rdp-day_button { font-weight: 700; color: var(--_accent); }
.rdp-selected .rdp-day_button { background: var(--_accent); color: var(--_on-accent); }
.rdp-range_middle .rdp-day_button { border-radius: 0; }
.rdp-disabled .rdp-day_button { color: var(--_muted); text-decoration: line-through; cursor: not-allowed; border-color: transparent; }
.rdp-outside { opacity: .55; }
.rdp-hidden { visibility: hidden; }
@media (forced-colors: active) {
  .rdp-selected .rdp-day_button { forced-color-adjust: none; background: Highlight; color: HighlightText; }
}
`;
