/**
 * The files behind basic uploads (issue 13; spec §7 "Uploads go through a basic file input"): the
 * engine keeps plain `FileItem` data, so the upload view attaches each chosen `File` to its item
 * here and the form posts it with the host form beside the engine's pairs (the engine's JSON under
 * the field name, the file itself as `name` or, for `multiple_upload`, `name[]`, as a native file
 * input would). Kept apart from the upload chunk: the controller imports only this.
 */
import type { FieldState, FileItem } from '../engine/types.ts';

const files = new WeakMap<object, { file: File; multiple: boolean }>();

/** Attaches the chosen file to its item (basic uploads only: the others post a URL). */
export function attachFile(item: FileItem, file: File, multiple: boolean): void {
  files.set(item, { file, multiple });
}

/** The file entries to post for the visible file fields of `fields`. */
export function attachedFiles(fields: readonly FieldState[]): Array<[string, File]> {
  const out: Array<[string, File]> = [];
  for (const field of fields) {
    if (field.type !== 'file' || field.status !== 'visible' || !Array.isArray(field.value)) continue;
    for (const item of field.value as unknown[]) {
      const entry = item && typeof item === 'object' ? files.get(item) : undefined;
      if (entry) out.push([entry.multiple ? `${field.name}[]` : field.name, entry.file]);
    }
  }
  return out;
}
