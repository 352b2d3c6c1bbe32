/**
 * The `file` field type (issue 13; spec §2 "file upload", §3 uploads, §5 file rules, §7), its own
 * lazy chunk: a keyboard-operable native file input under a drop zone, and one row per file with a
 * thumbnail for images, a progress bar, and cancel / retry / remove. Behaviour lives in
 * `upload.controller.ts`; this view renders it.
 */
import {
  type DragEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { announce } from '../../../shared/a11y/announce.ts';
import { fill } from '../../../shared/format/messages.ts';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import type { FileItem } from '../engine/types.ts';
import type { FieldType, FieldViewProps } from '../shop-option-form.registry.ts';
import {
  allowedTypes,
  bindSink,
  chooseFiles,
  entryOf,
  keyOf,
  methodOf,
  removeFile,
  retryUpload,
  type UploadSink,
  type UploadTexts,
  uploadStore,
  uploadTexts,
} from './upload.controller.ts';
import { uploadStyles } from './upload.styles.ts';
import { FileRow } from './upload-row.tsx';

/** The notice keys of spec §5's file rules, shown with the selection that caused them. */
const RULE_NOTICES = ['maxFileSizeError', 'minFileSizeError', 'maxFileCountError'] as const;

/**
 * An upload field. Its styles are adopted into the shadow root it renders in (once per root). The
 * file rules' notices of the selection just made show under the drop zone (the engine clears them
 * on the next change) unless the field shows them already (after blur or a submit attempt); the
 * offending selection is cleared (spec §5), the list holds what was kept. The drop zone takes a
 * click to open the picker (the input before it is the keyboard's way in).
 */
export function Upload(props: FieldViewProps) {
  const { def, field, inputId, describedBy, invalid, disabled } = props;
  useSyncExternalStore(uploadStore.subscribe, uploadStore.version, uploadStore.version);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => adoptStyles(root.current, uploadStyles), []);
  const basic = methodOf(def) === 'basic';
  // Made multipart when the field shows and again when a file is chosen.
  const multipart = () => {
    if (basic) multipartForm(root.current);
  };
  useLayoutEffect(multipart, [basic]);
  const [refused, setRefused] = useState<string[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const capture = useRef(false);
  const texts = uploadTexts(def);
  const sink: UploadSink = {
    current: props.current,
    onValue: (value) => props.onValue(value),
    announce,
    texts,
  };
  const items = Array.isArray(field.value) ? (field.value as FileItem[]) : [];
  bindSink(items, sink);
  if (capture.current) {
    capture.current = false;
    const now = RULE_NOTICES.map((key) => field.error[key]).filter((m): m is string => !!m);
    if (now.join('\n') !== notices.join('\n')) setNotices(now);
  }
  const multiple = !!def.multiple_upload;
  const types = allowedTypes(def);
  const choose = (files: File[]) => {
    if (!files.length) return;
    capture.current = true;
    multipart();
    setNotices([]);
    setRefused(chooseFiles(def, files, sink));
    if (input.current) input.current.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) choose([...(e.dataTransfer?.files ?? [])]);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || ![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const shownByField = new Set(field.showErrors ? Object.values(field.error) : []);
  const messages = [...refused, ...notices.filter((m) => !shownByField.has(m))];
  const hintId = `${inputId}-hint`;
  return (
    <div
      className={`upload upload--${def.upload_type === 'default' ? 'default' : 'custom_1'}`}
      ref={root}
      part="upload"
    >
      <input
        ref={input}
        id={inputId}
        className="upload-input visually-hidden"
        part="upload-input"
        type="file"
        multiple={multiple}
        accept={types.join(',') || undefined}
        disabled={disabled}
        required={def.required && items.length === 0}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        onChange={(e) => choose([...(e.currentTarget.files ?? [])])}
        onBlur={props.onBlur}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer and drag target; the focusable input before it is the keyboard route */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the native file input handles Enter and Space */}
      <div
        className={`upload-drop${over ? ' upload-drop--over' : ''}`}
        part="upload-drop"
        onClick={() => !disabled && input.current?.click()}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="upload-choose" aria-hidden="true">
          {multiple ? texts.chooseMultiple : texts.choose}
        </span>
        <span id={hintId}>
          {multiple ? texts.dropMultiple : texts.drop}
          {types.length ? <> · {fill(texts.allowed, { types: types.join(', ') })}</> : null}
        </span>
      </div>
      <div className="upload-notices" part="upload-notices" aria-live="polite">
        {messages.map((m) => (
          <p key={m} className="error" part="error">
            {m}
          </p>
        ))}
      </div>
      {items.length > 0 && fileList(items, def, texts, disabled, sink, `${inputId}-list`, input)}
    </div>
  );
}

/** The chosen files, one row each (progress, cancel, retry, remove; a removal focuses `input`). */
function fileList(
  items: FileItem[],
  def: FieldViewProps['def'],
  texts: UploadTexts,
  disabled: boolean,
  sink: UploadSink,
  id: string,
  input: RefObject<HTMLInputElement | null>,
) {
  return (
    <ul className="upload-files" id={id} part="upload-files">
      {items.map((item) => (
        <FileRow
          key={keyOf(item)}
          item={item}
          entry={entryOf(item)}
          method={methodOf(def)}
          texts={texts}
          disabled={disabled}
          onRetry={() => retryUpload(def, item)}
          onRemove={() => {
            removeFile(item, sink);
            input.current?.focus();
          }}
        />
      ))}
    </ul>
  );
}

/**
 * A file input posts its file only in a multipart form (WooCommerce's form.cart is one): the form
 * `root`'s host is in is made one.
 */
function multipartForm(root: Element | null): void {
  const host = (root?.getRootNode() as ShadowRoot | undefined)?.host;
  const form = host?.closest('form');
  if (form && form.enctype !== 'multipart/form-data') form.enctype = 'multipart/form-data';
}

/** The registry entry (`registerLazyFieldType('file', …)` in shop-option-form.ts). */
export const uploadType: FieldType = { view: Upload };
