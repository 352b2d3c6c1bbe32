/**
 * How an upload field's files reach the shop (issue 13; spec §7 "Uploads go through a basic file
 * input, a resumable-upload method or a cloud method, depending on upload_method"):
 *
 * - `tus`: the tus resumable-upload protocol through tus-js-client, in chunks; a broken connection
 *   is retried and resumes at the offset the server has (HEAD), and a file whose upload was
 *   interrupted (even by a reload) resumes from its stored fingerprint.
 * - `cloud`: the shop signs a URL (POST `name`, `type`, `size`; answers `{ url, file_url?,
 *   headers? }`) and the browser PUTs the file there; a failure starts again with a new signature.
 */
import { Upload } from 'tus-js-client/lib.esm/browser/index.js';
import * as z from 'zod/mini';

/** What a transfer reports. */
export interface TransferEvents {
  progress(sent: number, total: number): void;
  /** Bytes the server has confirmed (a failed upload keeps these: tus resumes from there). */
  accepted(bytes: number): void;
  done(url: string): void;
  failed(error: Error): void;
}

/** One file on its way: `start` (again, after a failure) and `abort` (cancel). */
export interface Transfer {
  start(): void;
  /** Stops the transfer; `discard` also asks the server to delete what it has. */
  abort(discard: boolean): void;
}

/** Defaults of the transfers; tests lower them (`configureTransfers`). */
export const transferDefaults = {
  /** tus chunk size: one PATCH per chunk, so an interruption costs at most one chunk. */
  chunkSize: 5 * 1024 * 1024,
  /** tus automatic retries of a failed request before the shopper is asked (ms between tries). */
  retryDelays: [0, 1000, 3000, 5000] as number[],
};

/** Changes the defaults (test seam); returns the function that restores them. */
export function configureTransfers(change: Partial<typeof transferDefaults>): () => void {
  const before = { ...transferDefaults };
  Object.assign(transferDefaults, change);
  return () => Object.assign(transferDefaults, before);
}

/** A tus upload of `file` to `endpoint`. */
export function tusTransfer(file: File, endpoint: string, events: TransferEvents): Transfer {
  let started = false;
  const upload = new Upload(file, {
    endpoint,
    chunkSize: transferDefaults.chunkSize,
    retryDelays: transferDefaults.retryDelays,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => events.progress(sent, total),
    onChunkComplete: (_chunk, accepted) => events.accepted(accepted),
    onSuccess: () => events.done(upload.url ?? ''),
    onError: (error) => events.failed(error),
  });
  return {
    start() {
      if (started) {
        // Again after a failure: tus-js-client asks the server for its offset and goes on from there.
        upload.start();
        return;
      }
      started = true;
      upload.findPreviousUploads().then(
        (previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        },
        () => upload.start(),
      );
    },
    abort(discard) {
      upload.abort(discard).catch(() => {
        // The server may already have forgotten the upload; nothing is left to clean up.
      });
    },
  };
}

const signedUrl = z.object({
  url: z.string().check(z.minLength(1)),
  file_url: z.optional(z.string()),
  headers: z.optional(z.record(z.string(), z.string())),
});

/** A cloud upload: a signed URL from `signEndpoint`, then a PUT of the file there. */
export function cloudTransfer(file: File, signEndpoint: string, events: TransferEvents): Transfer {
  let controller: AbortController | undefined;
  let xhr: XMLHttpRequest | undefined;
  const type = file.type || 'application/octet-stream';
  async function run(signal: AbortSignal): Promise<void> {
    const response = await fetch(signEndpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ name: file.name, type, size: String(file.size) }),
      signal,
    });
    if (!response.ok) throw new Error(`the shop did not sign the upload (status ${response.status})`);
    const parsed = signedUrl.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new Error('the shop answered the signing request with something else');
    const target = new URL(parsed.data.url, location.href);
    if (signal.aborted) return;
    await new Promise<void>((resolve, reject) => {
      const request = new XMLHttpRequest();
      xhr = request;
      request.open('PUT', target.href);
      const headers = { 'content-type': type, ...parsed.data.headers };
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (e) => events.progress(e.loaded, e.lengthComputable ? e.total : file.size);
      request.onload = () =>
        request.status >= 200 && request.status < 300
          ? resolve()
          : reject(new Error(`the upload was refused (status ${request.status})`));
      request.onerror = () => reject(new Error('the upload was interrupted'));
      request.onabort = () => resolve();
      request.send(file);
    });
    if (signal.aborted) return;
    const fileUrl = parsed.data.file_url ?? `${target.origin}${target.pathname}`;
    events.done(new URL(fileUrl, location.href).href);
  }
  return {
    start() {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      events.accepted(0); // a PUT starts again from nothing
      events.progress(0, file.size);
      run(current.signal).catch((error: unknown) => {
        if (!current.signal.aborted) events.failed(error instanceof Error ? error : new Error(String(error)));
      });
    },
    abort() {
      controller?.abort();
      xhr?.abort();
    },
  };
}
