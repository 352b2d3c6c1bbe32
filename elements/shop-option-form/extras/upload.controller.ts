/**
 * The behaviour of an upload field (issue 13), without React: files chosen or dropped become
 * engine items (`FileItem`), the engine applies spec §5's file rules (oversize, undersize and extra
 * files are cleared with their notices; fewer than `min_file_count` blocks; a tus/cloud file not
 * uploaded yet is `uploadPending`, which blocks the submit), and each surviving file is sent by its
 * field's `upload_method`. An upload's state lives beside its engine item (a WeakMap keyed by the
 * item), so it survives re-renders, closed accordions and re-initialisation of the form, and its
 * completion always reaches the form through the latest view's callbacks.
 */
import { fill } from '../../../shared/format/messages.ts';
import type { FieldDef } from '../engine/schema.ts';
import type { FieldValue, FileItem } from '../engine/types.ts';
import { attachFile } from './upload-files.ts';
import { cloudTransfer, type Transfer, type TransferEvents, tusTransfer } from './upload-transfers.ts';

/** Where the demo shop (examples/server/uploads.mjs) answers; a field's `upload_url` overrides. */
export const DEFAULT_ENDPOINTS = { tus: '/wcpa-uploads/tus', cloud: '/wcpa-uploads/sign' } as const;

export type UploadStatus = 'local' | 'uploading' | 'done' | 'failed';

/** The form side of a field: its value now, and how to change it (the field view's props). */
export interface UploadSink {
  current(): FieldValue;
  onValue(value: FieldValue): void;
  announce(text: string): void;
  texts: UploadTexts;
}

/** What the view shows of one file. */
export interface UploadEntry {
  file: File | undefined;
  status: UploadStatus;
  sent: number;
  /** Bytes the server confirmed: what a failed upload still has (the bar shows it then). */
  accepted: number;
  total: number;
  /** Why the last attempt failed (for the console; the shopper sees a plain message). */
  error?: string;
  /** A small data: URL of an image file (data: so it passes a strict CSP's img-src). */
  thumb?: string;
  transfer?: Transfer;
  sink?: UploadSink;
}

/** Visible texts of an upload field; a field's `upload_messages` object overrides any of them. */
export const UPLOAD_TEXTS = {
  choose: 'Choose a file',
  chooseMultiple: 'Choose files',
  drop: 'or drop it here',
  dropMultiple: 'or drop them here',
  allowed: 'Allowed: {types}',
  progress: '{file}: {percent}% uploaded',
  uploading: 'Uploading…',
  uploaded: 'Uploaded',
  attached: 'Sent with the form',
  failed: 'The upload failed.',
  cancel: 'Cancel',
  cancelLabel: 'Cancel the upload of {file}',
  retry: 'Retry',
  retryLabel: 'Retry the upload of {file}',
  remove: 'Remove',
  removeLabel: 'Remove {file}',
  announceUploaded: '{file} uploaded.',
  announceFailed: 'The upload of {file} failed.',
  announceRemoved: '{file} removed.',
  fileTypeError: 'The file {file} is not an allowed type ({types}).',
};
export type UploadTexts = typeof UPLOAD_TEXTS;

/** The field's texts: defaults, then the strings of its `upload_messages`. */
export function uploadTexts(def: FieldDef): UploadTexts {
  const own = (def as Record<string, unknown>).upload_messages;
  const texts = { ...UPLOAD_TEXTS };
  if (own && typeof own === 'object')
    for (const [key, value] of Object.entries(own))
      if (Object.hasOwn(UPLOAD_TEXTS, key) && typeof value === 'string')
        texts[key as keyof UploadTexts] = value;
  return texts;
}

const entries = new WeakMap<FileItem, UploadEntry>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const listener of listeners) listener();
};

/** For `useSyncExternalStore`: every progress, status or thumbnail change. */
export const uploadStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
};

/** The upload state of an item (undefined for items that came with the form, e.g. a cart edit). */
export function entryOf(item: FileItem): UploadEntry | undefined {
  return entries.get(item);
}

const keys = new WeakMap<object, number>();
let nextKey = 0;
/** A stable React key for an item: its upload's, which outlives the item's replacement when done. */
export function keyOf(item: FileItem): number {
  const owner = entries.get(item) ?? item;
  const known = keys.get(owner);
  if (known !== undefined) return known;
  nextKey++;
  keys.set(owner, nextKey);
  return nextKey;
}

/** Gives the items' uploads the latest callbacks of the view that shows them. */
export function bindSink(items: readonly FileItem[], sink: UploadSink): void {
  for (const item of items) {
    const entry = entries.get(item);
    if (entry) entry.sink = sink;
  }
}

export const methodOf = (def: FieldDef): 'basic' | 'tus' | 'cloud' => def.upload_method ?? 'basic';
const isMultiple = (def: FieldDef) => !!def.multiple_upload;

/** `allowedFileTypes` as a list of `.ext` and `type/subtype` (or `type/*`) entries. */
export function allowedTypes(def: FieldDef): string[] {
  const raw = def.allowedFileTypes;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,|]+/u) : [];
  return list
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .map((t) => (t.includes('/') || t.startsWith('.') ? t : `.${t}`));
}

/** Whether `file` is of an allowed type (by extension or MIME type). */
export function typeAllowed(file: File, allowed: readonly string[]): boolean {
  if (!allowed.length) return true;
  const name = file.name.toLowerCase();
  const mime = (file.type || '').toLowerCase();
  return allowed.some((t) =>
    t.startsWith('.') ? name.endsWith(t) : t.endsWith('/*') ? mime.startsWith(t.slice(0, -1)) : mime === t,
  );
}

const itemsOf = (value: FieldValue): FileItem[] => (Array.isArray(value) ? (value as FileItem[]) : []);

/**
 * The shopper chose or dropped `files`: those of a disallowed type are refused (their messages are
 * returned), the rest go to the engine, which clears what breaks the size and count rules; the
 * survivors start uploading. A single-file field replaces its file.
 */
export function chooseFiles(def: FieldDef, files: readonly File[], sink: UploadSink): string[] {
  const allowed = allowedTypes(def);
  const refused: string[] = [];
  let accepted = files.filter((file) => {
    if (typeAllowed(file, allowed)) return true;
    refused.push(fill(sink.texts.fileTypeError, { file: file.name, types: allowed.join(', ') }));
    return false;
  });
  if (!accepted.length) return refused;
  const method = methodOf(def);
  const multiple = isMultiple(def);
  if (!multiple) accepted = accepted.slice(0, 1);
  const added = accepted.map((file): FileItem => {
    const item: FileItem = {
      name: file.name,
      size: file.size,
      type: file.type,
      uploaded: method === 'basic',
    };
    entries.set(item, {
      file,
      status: method === 'basic' ? 'local' : 'uploading',
      sent: 0,
      accepted: 0,
      total: file.size,
      sink,
    });
    if (method === 'basic') attachFile(item, file, multiple);
    return item;
  });
  const before = itemsOf(sink.current());
  if (!multiple) for (const old of before) entries.get(old)?.transfer?.abort(true);
  sink.onValue(multiple ? [...before, ...added] : added);
  const kept = new Set(itemsOf(sink.current()));
  for (const item of added) {
    if (!kept.has(item)) continue; // cleared by the file rules (spec §5)
    const entry = entries.get(item)!;
    if (entry.file?.type.startsWith('image/')) void thumbnail(entry);
    if (method !== 'basic') startUpload(def, item);
  }
  changed();
  return refused;
}

/** Starts (or restarts) the upload of `item`. */
function startUpload(def: FieldDef, item: FileItem): void {
  const entry = entries.get(item);
  if (!entry?.file) return;
  const method = methodOf(def);
  const own = (def as Record<string, unknown>).upload_url;
  // Absolute, so the URL posted with the form (resolved against it) is absolute too.
  const endpoint = new URL(
    typeof own === 'string' && own ? own : DEFAULT_ENDPOINTS[method === 'cloud' ? 'cloud' : 'tus'],
    document.baseURI,
  ).href;
  const events: TransferEvents = {
    progress(sent, total) {
      entry.sent = sent;
      entry.total = total || entry.total;
      changed();
    },
    accepted(bytes) {
      entry.accepted = bytes;
    },
    done(url) {
      entry.status = 'done';
      entry.sent = entry.total;
      entry.transfer = undefined;
      const sink = entry.sink;
      changed();
      if (!sink) return;
      const value = itemsOf(sink.current());
      const at = value.indexOf(item);
      if (at < 0) return; // removed meanwhile
      const done: FileItem = { ...item, url, uploaded: true };
      entries.set(done, entry);
      sink.onValue(value.map((x, i) => (i === at ? done : x)));
      sink.announce(fill(sink.texts.announceUploaded, { file: item.name }));
    },
    failed(error) {
      entry.status = 'failed';
      entry.error = error.message;
      // Sent but not confirmed is lost: the bar falls back to what the server has.
      entry.sent = entry.accepted;
      changed();
      console.warn(`<shop-option-form>: the upload of "${item.name}" failed (${methodOf(def)}).`, error);
      entry.sink?.announce(fill(entry.sink.texts.announceFailed, { file: item.name }));
    },
  };
  entry.status = 'uploading';
  entry.error = undefined;
  entry.transfer ??=
    method === 'cloud'
      ? cloudTransfer(entry.file, endpoint, events)
      : tusTransfer(entry.file, endpoint, events);
  entry.transfer.start();
  changed();
}

/** Tries a failed upload again (tus resumes where the server stopped; cloud signs afresh). */
export function retryUpload(def: FieldDef, item: FileItem): void {
  if (entries.get(item)?.status === 'failed') startUpload(def, item);
}

/** Cancels an upload or removes a file: the transfer stops, the server copy is dropped. */
export function removeFile(item: FileItem, sink: UploadSink): void {
  const entry = entries.get(item);
  entry?.transfer?.abort(true);
  if (entry) entry.transfer = undefined;
  sink.onValue(itemsOf(sink.current()).filter((x) => x !== item));
  sink.announce(fill(sink.texts.announceRemoved, { file: item.name }));
  changed();
}

/** Thumbnail edge in CSS pixels (drawn at twice that for sharp screens). */
const THUMB_PX = 48;
/** Images above this are not decoded for a thumbnail. */
const THUMB_MAX_BYTES = 25 * 1024 * 1024;

async function thumbnail(entry: UploadEntry): Promise<void> {
  const file = entry.file;
  if (!file || file.size > THUMB_MAX_BYTES || typeof createImageBitmap !== 'function') return;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, (THUMB_PX * 2) / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    entry.thumb = canvas.toDataURL('image/png');
    changed();
  } catch {
    // Not an image the browser can decode: the file shows without a thumbnail.
  }
}
