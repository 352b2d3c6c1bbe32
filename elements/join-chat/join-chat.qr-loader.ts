/**
 * Loads the QR code generator (qrcode-generator and our drawing code, `join-chat.qr.ts`) only when a
 * chatbox first shows a QR code (issue 19: 7 kB gzip of the chat's chunk). The build gives it a
 * lazy chunk of its own, so phones, chats without `qr` and visitors who never open the chatbox do
 * not download it. Only types are imported statically from the drawing module.
 */
import type { drawQr } from './join-chat.qr.ts';

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
