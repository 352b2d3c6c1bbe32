import type { QrDrawing } from './join-chat.qr.ts';

/**
 * A QR code drawn as one SVG path (black on white, as scanners need). Render only: the controller
 * loads the generator and draws the code when the chatbox first shows it (issue 19); until then,
 * and when the link is too long for a QR code, the chatbox shows none.
 */
export function QrCode({ drawing, caption }: { drawing: QrDrawing; caption: string }) {
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
