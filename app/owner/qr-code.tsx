/** A QR code the server drew (`qr-code.server.ts`), shown as an SVG that scales without blurring. */
import type { QrDrawing } from "./qr-code.server";

export function QrCode({ drawing, label }: { drawing: QrDrawing; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="h-64 w-64 max-w-full"
    >
      <rect width={drawing.size} height={drawing.size} fill="#ffffff" />
      <path d={drawing.path} fill="#000000" />
    </svg>
  );
}
