/**
 * Loads the QR code generator (qrcode-generator and our drawing code, `join-chat.qr.ts`) only when a
 * chatbox first shows a QR code (issue 19: 7 kB gzip of the chat's chunk), and draws one widget's
 * code with it ({@link QrDrawings}). The build gives the generator a lazy chunk of its own, so
 * phones, chats without `qr` and visitors who never open the chatbox do not download it. Only
 * types are imported statically from the drawing module.
 */
import { logError, logWarning } from '../../shared/log.ts';
import type { drawQr, QrDrawing } from './join-chat.qr.ts';

/** Draws the QR code of a text (null when no QR code holds it). */
export type DrawQr = typeof drawQr;

const importDrawer = (): Promise<DrawQr> => import('./join-chat.qr.ts').then((module) => module.drawQr);

let load: () => Promise<DrawQr> = importDrawer;
let pending: Promise<DrawQr> | undefined;

/** The drawing function, loaded on the first call; a failed load is tried again on the next call. */
export function loadQrDrawer(): Promise<DrawQr> {
  if (!pending) {
    const attempt = load();
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = undefined;
    });
  }
  return pending;
}

/**
 * Test seam: replaces how the generator is loaded (to count loads or make one fail); `undefined`
 * restores import(). Returns the restore function. Either way the next call loads afresh.
 */
export function setQrLoader(loader?: () => Promise<DrawQr>): () => void {
  load = loader ?? importDrawer;
  pending = undefined;
  return () => {
    load = importDrawer;
    pending = undefined;
  };
}

/** One widget's QR code ({@link qrDrawings}). */
export interface QrDrawings {
  /** The link drawn or being drawn; null when none was asked for. */
  link(): string | null;
  /** Draws `link`, unless it is drawn already or being drawn. */
  draw(link: string): void;
  /** The generator failed to load before and no code shows (`hasDrawing` false): the next `draw` tries again. */
  retryAfterFailure(hasDrawing: boolean): void;
  /** Drops the drawing in flight; without a drawing shown the link is asked for again later. */
  cancel(hasDrawing: boolean): void;
}

/**
 * One widget's QR code: draws the link its chatbox shows, loading the generator on the first
 * drawing, and hands each finished drawing to `drawn` (null: the link is too long for a QR code,
 * reported once and left out, issue 22). A generator that cannot be loaded is reported once, the
 * chatbox works on without a code, and the next opening tries again (`retryAfterFailure`). A
 * drawing that finishes after `cancel()` or after a newer one was asked for is dropped.
 */
export function qrDrawings(tag: string, drawn: (drawing: QrDrawing | null) => void): QrDrawings {
  /** The link the drawing (or the one being drawn) is of; null: none asked for. */
  let drawing: string | null = null;
  /** Numbers the drawings asked for; an older one's result is dropped. */
  let seq = 0;
  /** The generator failed to load: said once, tried again at the next opening. */
  let loadFailed = false;
  return {
    link: () => drawing,
    draw(link) {
      if (link === drawing) return;
      drawing = link;
      const mine = ++seq;
      loadQrDrawer().then(
        (draw) => {
          if (mine !== seq) return;
          const qr = draw(link);
          if (!qr)
            logWarning(
              tag,
              `message_send makes a chat link of ${link.length} characters, too long for a QR code; the QR code is left out.`,
            );
          drawn(qr);
        },
        (error: unknown) => {
          if (mine !== seq || loadFailed) return;
          loadFailed = true;
          logError(tag, 'could not load the QR code generator; the chatbox shows no QR code.', error);
        },
      );
    },
    retryAfterFailure(hasDrawing) {
      if (loadFailed && !hasDrawing) drawing = null;
    },
    cancel(hasDrawing) {
      seq += 1;
      if (!hasDrawing) drawing = null;
    },
  };
}
