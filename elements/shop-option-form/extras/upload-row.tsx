/** One file of an upload field: thumbnail, name and size, progress, cancel / retry / remove. */
import { fill } from '../../../shared/format/messages.ts';
import type { FileItem } from '../engine/types.ts';
import type { UploadEntry, UploadTexts } from './upload.controller.ts';

/** Bytes as B, kB, MB (decimal units, as file managers show them) in the page's language. */
export function fileSize(bytes: number, lang = document.documentElement.lang || undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let n = bytes;
  let u = 0;
  while (n >= 1000 && u < units.length - 1) {
    n /= 1000;
    u++;
  }
  try {
    return new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: units[u],
      unitDisplay: 'short',
      maximumFractionDigits: u ? 1 : 0,
    }).format(n);
  } catch {
    return `${Math.round(n)} ${['B', 'kB', 'MB', 'GB'][u]}`;
  }
}

interface RowProps {
  item: FileItem;
  entry: UploadEntry | undefined;
  method: 'basic' | 'tus' | 'cloud';
  texts: UploadTexts;
  disabled: boolean;
  onRetry(): void;
  onRemove(): void;
}

export function FileRow({ item, entry, method, texts, disabled, onRetry, onRemove }: RowProps) {
  const status = entry?.status ?? 'done';
  const total = entry?.total || item.size || 1;
  const percent = status === 'done' ? 100 : Math.min(100, Math.floor(((entry?.sent ?? 0) / total) * 100));
  const file = { file: item.name };
  const uploading = status === 'uploading';
  const state =
    status === 'failed'
      ? texts.failed
      : uploading
        ? texts.uploading
        : status === 'local' || method === 'basic'
          ? texts.attached
          : texts.uploaded;
  return (
    <li className={`upload-file upload-file--${status}`} part={`upload-file upload-file--${status}`}>
      {entry?.thumb ? (
        <img className="upload-thumb" part="upload-thumb" src={entry.thumb} alt="" />
      ) : (
        <span className="upload-thumb" aria-hidden="true" />
      )}
      <div>
        <div className="upload-name">{item.name}</div>
        <div className={`upload-meta${status === 'failed' ? ' upload-meta--failed' : ''}`}>
          {fileSize(item.size)} · {state}
        </div>
      </div>
      <div className="upload-actions">
        {status === 'failed' && (
          <button
            type="button"
            part="upload-retry"
            aria-label={fill(texts.retryLabel, file)}
            disabled={disabled}
            onClick={onRetry}
          >
            {texts.retry}
          </button>
        )}
        <button
          type="button"
          part={uploading ? 'upload-cancel' : 'upload-remove'}
          aria-label={fill(uploading ? texts.cancelLabel : texts.removeLabel, file)}
          disabled={disabled}
          onClick={onRemove}
        >
          {status === 'uploading' ? texts.cancel : texts.remove}
        </button>
      </div>
      {(status === 'uploading' || status === 'failed') && (
        <progress
          className="upload-progress"
          part="upload-progress"
          max={100}
          value={percent}
          aria-label={item.name}
          aria-valuetext={fill(texts.progress, { ...file, percent })}
        />
      )}
    </li>
  );
}
