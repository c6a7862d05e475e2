/** Test images made with sharp, and files that only pretend to be images. */
import sharp from "sharp";

function canvas(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

/** A phone-like JPEG: larger than the stored size, rotated by EXIF orientation, with a GPS position. */
export function jpegWithGps(width = 3000, height = 2000): Promise<Buffer> {
  return canvas(width, height, "#3b82f6")
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
    .toBuffer();
}

export function smallJpeg(): Promise<Buffer> {
  return canvas(64, 48, "#f97316").jpeg().toBuffer();
}

export function png(): Promise<Buffer> {
  return canvas(800, 600, "#10b981")
    .png()
    .withExif({ IFD0: { Artist: "Someone" } })
    .toBuffer();
}

export function webp(): Promise<Buffer> {
  return canvas(640, 480, "#a855f7").webp().toBuffer();
}

export async function animatedGif(): Promise<Buffer> {
  const frame = (color: string) =>
    sharp({ create: { width: 120, height: 90, channels: 4, background: color } })
      .gif()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

export const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** A JPEG signature followed by padding: large, and refused for its size before anything decodes it. */
export function oversizedJpeg(bytes: number): Buffer {
  const data = Buffer.alloc(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return data;
}

/** Random pixels: a photo that compresses badly, so it stays large after the server re-encodes it. */
export function noisyJpeg(width = 400, height = 300): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
