import qrcode from 'qrcode-generator';
import { useEffect, useMemo } from 'react';
import { logWarning } from '../../shared/log.ts';

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

/** The last text drawn and its drawing, so reopening the chatbox does not draw again. */
let last: { text: string; drawing: QrDrawing | null } | undefined;
const cachedDrawing = (text: string) => {
  if (last?.text !== text) last = { text, drawing: drawQr(text) };
  return last.drawing;
};

/**
 * A QR code of `text` drawn as one SVG path from qrcode-generator's module matrix (black on
 * white, as scanners need). Nothing is computed until the chatbox is `shown`; a text too long
 * to encode shows no code (the launcher and chatbox stay) and is reported once.
 */
export function QrCode({ text, caption, shown }: { text: string; caption: string; shown: boolean }) {
  return shown ? <QrFigure text={text} caption={caption} /> : null;
}

function QrFigure({ text, caption }: { text: string; caption: string }) {
  const drawing = useMemo(() => cachedDrawing(text), [text]);
  useEffect(() => {
    if (!drawing)
      logWarning(
        'join-chat',
        `message_send makes a chat link of ${text.length} characters, too long for a QR code; the QR code is left out.`,
      );
  }, [drawing, text]);
  if (!drawing) return null;
  return (
    <figure part="qr" className="qr">
      <svg
        viewBox={`0 0 ${drawing.box} ${drawing.box}`}
        role="img"
        aria-label={caption}
        shapeRendering="crispEdges"
        // CSSOM, not a style attribute string (strict CSP): the size follows the module count.
        style={{ width: `${drawing.px}px`, height: 'auto', maxWidth: '100%' }}
      >
        <rect width={drawing.box} height={drawing.box} fill="#fff" />
        <path d={drawing.d} fill="#000" />
      </svg>
      <figcaption aria-hidden="true">{caption}</figcaption>
    </figure>
  );
}
