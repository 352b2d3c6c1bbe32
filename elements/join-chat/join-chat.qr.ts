/**
 * The QR code of the chat link as one SVG path (issue 22), computed from qrcode-generator's module
 * matrix. This module and the generator form a lazy chunk of their own (issue 19): only
 * `join-chat.qr-loader.ts` imports it, with import(), when a chatbox first shows a QR code.
 */
import qrcode from 'qrcode-generator';

/** The quiet zone scanners need around the code, in modules. */
const QUIET = 4;
/** The smallest drawing (the chatbox's former fixed size), in CSS pixels. */
const MIN_PX = 120;
/** Never fewer device-independent pixels per module than this, so a dense code stays scannable. */
const MIN_MODULE_PX = 2;
/** The most bytes any QR code holds (version 40, error correction L, byte mode). */
const MAX_QR_BYTES = 2953;

export interface QrDrawing {
  /** One SVG path of every dark module. */
  d: string;
  /** The side of the drawing in modules, quiet zone included. */
  box: number;
  /** The side in CSS pixels: whole pixels per module, at least `MIN_PX`. */
  px: number;
}

/**
 * The QR code of `text` (error correction M, else L when M cannot hold it), or null when the text
 * is too long for any QR code: qrcode-generator throws "code length overflow" then (issue 22: a
 * long `message_send` must not take the chat widget down).
 */
export function drawQr(text: string): QrDrawing | null {
  // Checked first: the library finds out only after trying every version, slowly for long texts.
  if (new TextEncoder().encode(text).length > MAX_QR_BYTES) return null;
  for (const level of ['M', 'L'] as const) {
    let qr: ReturnType<typeof qrcode>;
    try {
      qr = qrcode(0, level);
      qr.addData(text);
      qr.make();
    } catch {
      continue;
    }
    const size = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++)
        if (qr.isDark(row, col)) d += `M${col + QUIET},${row + QUIET}h1v1h-1z`;
    }
    const box = size + 2 * QUIET;
    return { d, box, px: box * Math.max(MIN_MODULE_PX, Math.ceil(MIN_PX / box)) };
  }
  return null;
}
