import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrDrawing, type QrDrawing } from "./qr-code.server";

/** Paints the drawing's runs as a reader's camera would see them: black on white, 4 px a module. */
function paint(drawing: QrDrawing, scale = 4): { pixels: Uint8ClampedArray; width: number } {
  const width = drawing.size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x = "0", y = "0", length = "0"] of drawing.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < Number(length) * scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.set([0, 0, 0, 255], at);
      }
  return { pixels, width };
}

describe("the setup link's QR code", () => {
  it("reads back as the link it was drawn for", () => {
    const url = "https://www.causewayhomerepair.example/owner/setup?token=Q2xv_c2VyLXRoYW4tYS1wYXNzd29yZC0xMjM0NTY3";
    const drawing = qrDrawing(url);
    // Nothing but runs: the path is all the SVG draws.
    expect(drawing.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    const { pixels, width } = paint(drawing);
    expect(jsQR(pixels, width, width)?.data).toBe(url);
  });

  it("keeps four modules of white around the code", () => {
    const drawing = qrDrawing("http://localhost:3000/owner/setup?token=abc");
    const coordinates = [...drawing.path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, n]) => [
      Number(x),
      Number(y),
      Number(x) + Number(n),
    ]);
    expect(Math.min(...coordinates.map(([x = 0]) => x))).toBe(4);
    expect(Math.min(...coordinates.map(([, y = 0]) => y))).toBe(4);
    expect(Math.max(...coordinates.map(([, , end = 0]) => end))).toBe(drawing.size - 4);
  });

  it("refuses text it would encode wrongly", () => {
    expect(() => qrDrawing("https://exämple.com/")).toThrow(/ASCII/);
  });
});
