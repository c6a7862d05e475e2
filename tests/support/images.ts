/** Test images made with sharp or written by hand, and files that only pretend to be images. */
import zlib from "node:zlib";
import sharp from "sharp";

function canvas(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

/**
 * Random pixels around a mean grey level. They compress badly, so re-encoding them at a higher
 * quality or with more colours than the upload used makes the file larger.
 */
export function noise(width: number, height: number, mean = 128) {
  // `background` is required by sharp's types but unused when noise is asked for.
  return sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean, sigma: 40 } },
  });
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

/** A PNG chunk with its length and CRC, for building and altering PNGs by hand. */
export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `png` with `chunks` inserted right after IHDR and `trailer` appended after IEND. */
export function withPngChunks(png: Buffer, chunks: readonly Buffer[], trailer: Buffer = Buffer.alloc(0)): Buffer {
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks, png.subarray(afterIhdr), trailer]);
}

/**
 * A one-bit greyscale PNG, all black, written by hand: a few tens of kilobytes whatever its size
 * in pixels, which is what makes such a file a cheap way to ask for seconds of decoding.
 */
export function bilevelPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte and the packed bits, all zero.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    pngChunk("IEND"),
  ]);
}

/**
 * An animated GIF written by hand: `frames` frames on a `width` × `height` canvas, each drawing a
 * single pixel. Tiny on disk, but a decoder renders every frame at the canvas size.
 */
export function gifWithFrames(width: number, height: number, frames: number): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const screen = [...u16(width), ...u16(height), 0x80, 0, 0]; // two-colour global palette
  const palette = [0x00, 0x00, 0x00, 0xff, 0xff, 0xff];
  const loop = [0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00];
  // Graphic control (10/100 s delay), a 1 × 1 image at the top left, and its LZW data: clear code,
  // colour index `frame % 2`, end code, in 3-bit codes.
  const frame = (index: number) => [
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00],
    ...[0x02, 0x02, 0x04 | ((index % 2) << 3) | (1 << 6), 0x01, 0x00],
  ];
  return Buffer.from([
    ...Buffer.from("GIF89a"),
    ...screen,
    ...palette,
    ...loop,
    ...Array.from({ length: frames }, (_, index) => frame(index)).flat(),
    0x3b,
  ]);
}

/** A JPEG segment: marker, length and payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** `jpeg` with `segments` inserted right after its start-of-image marker and `trailer` appended. */
export function withJpegSegments(jpeg: Buffer, segments: readonly Buffer[], trailer: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2), trailer]);
}

/**
 * A 16 × 16 grey baseline JPEG with a restart marker after every block, written by hand because
 * sharp cannot write restart markers. One-code Huffman tables: every block is "DC unchanged, end
 * of block", two bits padded to a byte with ones.
 */
export function jpegWithRestartMarkers(): Buffer {
  const oneCodeTable = (tableClass: number) =>
    jpegSegment(0xc4, Buffer.from([tableClass << 4, 1, ...Array<number>(15).fill(0), 0x00]));
  const data = [0x3f, 0xff, 0xd0, 0x3f, 0xff, 0xd1, 0x3f, 0xff, 0xd2, 0x3f];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xdb, Buffer.from([0x00, ...Array<number>(64).fill(1)])),
    jpegSegment(0xc0, Buffer.from([8, 0, 16, 0, 16, 1, 1, 0x11, 0])),
    oneCodeTable(0),
    oneCodeTable(1),
    jpegSegment(0xdd, Buffer.from([0, 1])),
    jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.from(data),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A camera's JPEG: its clock in EXIF (DateTimeOriginal, with the offset when given) and a GPS
 * position, as a phone writes them.
 */
export function cameraJpeg(dateTimeOriginal: string, offset?: string, width = 1200, height = 900): Promise<Buffer> {
  return canvas(width, height, "#64748b")
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera" },
      IFD2: { DateTimeOriginal: dateTimeOriginal, ...(offset ? { OffsetTimeOriginal: offset } : {}) },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "74/1 8/1 0/1" },
    })
    .toBuffer();
}
