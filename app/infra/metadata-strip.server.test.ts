import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  jpegSegment,
  jpegWithRestartMarkers,
  noise,
  pngChunk,
  withJpegSegments,
  withPngChunks,
} from "../../tests/support/images";
import { pngChunkTypes, stripJpegMetadata, stripPngMetadata } from "./metadata-strip.server";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * Whether two images decode to the same pixels, compared as bytes (a deep equality is far slower).
 * Warnings count as failures: a damaged file must not pass.
 */
async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [first, second] = await Promise.all(
    [a, b].map((image) => sharp(image, { failOn: "warning" }).raw().toBuffer()),
  );
  return first!.equals(second!);
}

/** A palette PNG from sharp without the pHYs (print size) chunk sharp adds, which a strip drops. */
async function palettePng(width: number, height: number, colours: number): Promise<Buffer> {
  const png = await noise(width, height).ensureAlpha(0.5).png({ palette: true, colours }).toBuffer();
  const at = png.indexOf("pHYs") - 4;
  return at < 0 ? png : Buffer.concat([png.subarray(0, at), png.subarray(at + 12 + png.readUInt32BE(at))]);
}

describe("stripping a PNG", () => {
  it("keeps the picture and drops text, EXIF, time, private chunks and whatever follows IEND", async () => {
    const original = await palettePng(120, 80, 16);
    expect(pngChunkTypes(original)).toEqual(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);
    const tagged = withPngChunks(
      original,
      [
        pngChunk("tEXt", latin1("Comment\0secret comment")),
        pngChunk("iTXt", latin1("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>secret xmp</x:xmpmeta>")),
        pngChunk("eXIf", latin1("MM\0*secret exif")),
        pngChunk("tIME", Buffer.from([0x07, 0xe8, 1, 2, 3, 4, 5])),
        pngChunk("prVt", latin1("secret private chunk")),
      ],
      latin1("secret payload after IEND"),
    );

    const stripped = stripPngMetadata(tagged);

    expect(stripped).toBeDefined();
    expect(stripped!.includes("secret")).toBe(false);
    expect(pngChunkTypes(stripped!)).toEqual(pngChunkTypes(original));
    expect(await samePixels(stripped!, original)).toBe(true);
  });

  it("keeps the chunks that decide colours and transparency", async () => {
    const original = await palettePng(40, 30, 8);
    const gamma = Buffer.alloc(4);
    gamma.writeUInt32BE(45455);
    const colourChunks = [
      pngChunk("gAMA", gamma),
      pngChunk("sRGB", Buffer.from([0])),
      pngChunk("sBIT", Buffer.from([5, 6, 5])),
    ];

    const stripped = stripPngMetadata(withPngChunks(original, [...colourChunks, pngChunk("tEXt", latin1("a\0b"))]));

    expect(stripped?.equals(withPngChunks(original, colourChunks))).toBe(true);
  });

  it("leaves alone a PNG with a critical chunk it does not know, or one cut short", async () => {
    const original = await noise(40, 30).png().toBuffer();
    expect(stripPngMetadata(withPngChunks(original, [pngChunk("ZZZZ", latin1("must be understood"))]))).toBeUndefined();
    expect(stripPngMetadata(original.subarray(0, original.length - 20))).toBeUndefined();
  });
});

describe("stripping a JPEG", () => {
  it("walks a progressive JPEG's scans and tables and drops EXIF, XMP, comments, Photoshop data, MPF and trailing bytes", async () => {
    const original = await noise(200, 150).jpeg({ quality: 80, progressive: true }).toBuffer();
    const tagged = withJpegSegments(
      original,
      [
        jpegSegment(0xe1, latin1("Exif\0\0MM\0*secret exif")),
        jpegSegment(0xe1, latin1("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret xmp</x:xmpmeta>")),
        jpegSegment(0xed, latin1("Photoshop 3.0\x008BIMsecret iptc")),
        jpegSegment(0xe2, latin1("MPF\0secret second picture index")),
        jpegSegment(0xef, latin1("secret vendor data")),
        jpegSegment(0xfe, latin1("secret comment")),
      ],
      latin1("secret payload after the end of the image"),
    );
    // Scans with their own Huffman tables in between, and stuffed FF bytes in the coded data, so
    // that the walk through the coded data is really exercised.
    expect(original.indexOf(Buffer.from([0xff, 0xc4]), original.indexOf(Buffer.from([0xff, 0xda])))).toBeGreaterThan(0);
    expect(original.includes(Buffer.from([0xff, 0x00]))).toBe(true);

    const stripped = stripJpegMetadata(tagged);

    // sharp writes nothing a strip removes, so the strip gives back exactly what sharp wrote.
    expect(stripped?.equals(original)).toBe(true);
    expect(await samePixels(stripped!, tagged)).toBe(true);
  });

  it("keeps the ICC profile", async () => {
    const original = await noise(64, 48).jpeg().withIccProfile("p3").toBuffer();
    const stripped = stripJpegMetadata(withJpegSegments(original, [jpegSegment(0xfe, latin1("comment"))]));
    expect(stripped?.equals(original)).toBe(true);
    expect((await sharp(stripped!).metadata()).icc).toEqual((await sharp(original).metadata()).icc);
  });

  it("keeps the JFIF header but not its thumbnail", async () => {
    const original = await noise(64, 48).jpeg().toBuffer();
    const jfif = (thumbnail: number[]) =>
      jpegSegment(0xe0, Buffer.from([...latin1("JFIF\0"), 1, 2, 1, 0, 72, 0, 72, ...thumbnail]));
    const withThumbnail = jfif([2, 1, ...latin1("secret")]);
    // Everything after sharp's own JFIF segment, if it wrote one, so that ours is the only one.
    const body = original[3] === 0xe0 ? original.subarray(4 + original.readUInt16BE(4)) : original.subarray(2);

    const stripped = stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd8]), withThumbnail, body]));

    expect(stripped?.equals(Buffer.concat([Buffer.from([0xff, 0xd8]), jfif([0, 0]), body]))).toBe(true);
  });

  it("copies restart markers inside the coded data and drops fill bytes before markers", async () => {
    const original = jpegWithRestartMarkers();
    const withFill = Buffer.concat([original.subarray(0, -2), Buffer.from([0xff, 0xff, 0xff, 0xd9])]);
    const tagged = withJpegSegments(withFill, [jpegSegment(0xe1, latin1("Exif\0\0secret"))], latin1("secret"));

    const stripped = stripJpegMetadata(tagged);

    expect(stripped?.equals(original)).toBe(true);
    expect(await samePixels(stripped!, original)).toBe(true);
  });

  it("leaves alone a JPEG cut off before its end, or one without a frame", async () => {
    const original = await noise(64, 48).jpeg().toBuffer();
    expect(stripJpegMetadata(original.subarray(0, original.length - 100))).toBeUndefined();
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  });
});
