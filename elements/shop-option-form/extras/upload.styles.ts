/**
 * Styles of upload fields (issue 13), adopted into the form's shadow root when the upload chunk
 * first renders. Reads the form's vocabulary (`--_accent`, `--_border-color`, `--_muted`,
 * `--_danger`, `--_radius`).
 */
export const uploadStyles = /* css */ `
.upload { display: grid; gap: .5em; }
/* spec §9 "custom_1 upload style" (the default): a dashed drop zone, centred. */
.upload-drop {
  display: grid; justify-items: center; gap: .25em; padding: 1em; text-align: center; cursor: pointer;
  border: 2px dashed var(--_border-color); border-radius: var(--_radius); color: var(--_muted);
}
/* upload_type "default": a plain input-like line, the button text first. */
.upload--default .upload-drop {
  display: flex; flex-wrap: wrap; gap: .25em .75em; align-items: baseline; text-align: start; padding: .45em .6em;
  border: 1px solid var(--_border-color);
}
.upload-drop--over { border-color: var(--_accent); background: color-mix(in srgb, var(--_accent) 8%, transparent); }
.upload-input:focus-visible + .upload-drop { outline: var(--shop-focus-ring-width, 2px) solid var(--_accent); outline-offset: 2px; }
.upload-input:disabled + .upload-drop { cursor: not-allowed; opacity: .6; }
.upload-choose { color: var(--_accent); font-weight: 600; text-decoration: underline; }
.upload-files { list-style: none; margin: 0; padding: 0; display: grid; gap: .5em; }
.upload-file {
  display: grid; grid-template-columns: 3rem minmax(0, 1fr) auto; align-items: center; gap: .25em .75em;
  padding: .5em; border: 1px solid var(--_border-color); border-radius: var(--_radius);
}
.upload-thumb { width: 3rem; height: 3rem; object-fit: cover; border-radius: var(--_radius); background: var(--_border-color); }
.upload-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.upload-meta { color: var(--_muted); font-size: .875em; }
.upload-meta--failed { color: var(--_danger); }
.upload-progress { grid-column: 2 / -1; width: 100%; height: .5em; accent-color: var(--_accent); }
.upload-actions { display: flex; gap: .5em; }
.upload-actions button {
  font: inherit; color: var(--_accent); background: none; border: 0; padding: .25em; cursor: pointer;
  text-decoration: underline;
}
.upload-notices { margin: 0; padding: 0; list-style: none; color: var(--_danger); }
@media (forced-colors: active) { .upload-drop--over { border-color: Highlight; } }
`;
