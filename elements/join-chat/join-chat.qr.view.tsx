import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code of `text` drawn as one SVG path from qrcode-generator's module matrix (black on white, as scanners need). */
export function QrCode({ text, caption }: { text: string; caption: string }) {
  const drawing = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const size = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (qr.isDark(row, col)) d += `M${col + 4},${row + 4}h1v1h-1z`;
    }
    return { d, box: size + 8 };
  }, [text]);
  return (
    <figure part="qr" className="qr">
      <svg
        viewBox={`0 0 ${drawing.box} ${drawing.box}`}
        role="img"
        aria-label={caption}
        shapeRendering="crispEdges"
      >
        <rect width={drawing.box} height={drawing.box} fill="#fff" />
        <path d={drawing.d} fill="#000" />
      </svg>
      <figcaption aria-hidden="true">{caption}</figcaption>
    </figure>
  );
}
