import { create } from 'qrcode';

/**
 * The phones' viewer link as the TV shows it: a QR code drawn by the kept
 * `qrcode` library (only its encoder: the SVG is drawn by Vue, so nothing is
 * injected as HTML and the CSP has nothing to allow), and a shorter text to
 * type (no scheme, the page's name left to the listener, which serves the
 * phone page at `/`).
 */

export interface QrDrawing {
  /** Modules a side, without the quiet zone. */
  size: number;
  /** One SVG path of every dark module, in module units. */
  path: string;
}

/** The QR code of `text`: medium error correction (a TV's glare, a phone held at an angle). */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      // A run of dark modules in a row is one rectangle: a shorter path, the same picture.
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < size && modules.get(row, end + 1)) end++;
      path += `M${col} ${row}h${end - col + 1}v1h-${end - col + 1}z`;
      col = end;
    }
  }
  return { size, path };
}

// The short link has its own module, so the console (which shows only the text) does not load the QR encoder.
export { /** @internal */ shortPhoneLink } from './phoneAddress';
