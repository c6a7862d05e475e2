/**
 * A QR code drawn on the server as an SVG path, so a setup link can go from a laptop's screen to
 * a phone's camera without a third-party service ever seeing the link. The encoding itself is
 * qrcode-generator's; this turns its modules into one path of horizontal runs.
 */
import qrcode from "qrcode-generator";

/** Modules of white around the code, which readers need to find it (the standard asks for 4). */
const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Width and height in modules, quiet zone included: the SVG's viewBox. */
  size: number;
  /** The dark modules, as runs `M x y h n v 1 h -n z`. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  // The library writes each character as one byte: only ASCII is what it seems.
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error("a QR code is drawn for ASCII text only (a URL)");
  // Level M: a code that still reads with part of a smudged or glaring screen.
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const count = qr.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col++;
      const length = col - start;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`);
    }
  }
  return { size: count + 2 * QUIET_ZONE, path: runs.join("") };
}
