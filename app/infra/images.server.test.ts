import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  bilevelPng,
  gifWithFrames,
  jpegSegment,
  noise,
  pngChunk,
  withJpegSegments,
  withPngChunks,
} from "../../tests/support/images";
import {
  detectImageFormat,
  ImageDecodeError,
  ImageTooLargeError,
  ImageWouldGrowError,
  inspectImage,
  MAX_ANIMATION_PIXELS,
  MAX_FRAME_PIXELS,
  prepareUploadedImage,
} from "./images.server";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** Whether two images decode to the same pixels (compared as bytes: a deep equality is far slower). */
async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [first, second] = await Promise.all([a, b].map((image) => sharp(image).raw().toBuffer()));
  return first!.equals(second!);
}

describe("uploaded images", () => {
  it("knows a file by its bytes, not its name", async () => {
    expect(
      await detectImageFormat(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    ).toBe("png");
    expect(await detectImageFormat(Buffer.from("%PDF-1.4\n%%EOF\n"))).toBeUndefined();
    expect(await detectImageFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("turns a phone photo upright, shrinks it and drops its EXIF (GPS included)", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#369" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
      .toBuffer();
    const image = await prepareUploadedImage(photo, "jpeg");
    expect([image.width, image.height, image.method]).toEqual([1920, 2560, "reencoded"]);
    const metadata = await sharp(image.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.contentType).toBe("image/jpeg");
  });

  it("leaves small images their size", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#0000" } })
      .webp()
      .toBuffer();
    const image = await prepareUploadedImage(small, "webp");
    expect([image.width, image.height, image.format]).toEqual([300, 200, "webp"]);
  });

  it("refuses bytes that only start like an image", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    await expect(prepareUploadedImage(fake, "jpeg")).rejects.toBeInstanceOf(ImageDecodeError);
  });
});

describe("pixel limits", () => {
  it("refuses a 16383 × 16383 one-bit PNG from its header, well before decoding it would finish", async () => {
    const png = bilevelPng(16383, 16383);
    expect(png.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    const refusal = await prepareUploadedImage(png, "png").catch((error: unknown) => error);
    // Decoding it takes a second or more; reading its header a few milliseconds. The bound is
    // loose so that a busy machine does not fail the test.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refusal).toBeInstanceOf(ImageTooLargeError);
    expect(refusal).toMatchObject({ limit: MAX_FRAME_PIXELS, animation: false, pixels: 16383 * 16383 });
  });

  it("accepts the size of a 64-megapixel phone camera's photo", async () => {
    await expect(inspectImage(bilevelPng(9248, 6936), "png")).resolves.toMatchObject({
      width: 9248,
      frameHeight: 6936,
    });
  });

  it("counts an animation's frames together: many small frames can be too many pixels", async () => {
    // 20 frames of one megapixel: each far below the per-frame limit, together above the total.
    const gif = gifWithFrames(1000, 1000, 20);
    expect(20 * 1000 * 1000).toBeGreaterThan(MAX_ANIMATION_PIXELS);
    await expect(prepareUploadedImage(gif, "gif")).rejects.toMatchObject({
      name: "ImageTooLargeError",
      limit: MAX_ANIMATION_PIXELS,
      animation: true,
      pixels: 20_000_000,
    });
    // The same canvas with fewer frames is an ordinary animation.
    await expect(inspectImage(gifWithFrames(1000, 1000, 3), "gif")).resolves.toMatchObject({ frames: 3 });
  });
});

describe("a stored photo is never larger than its upload", () => {
  it("keeps a palette PNG's own bytes, without its text and trailing payload, when re-encoding would grow it", async () => {
    const original = await noise(400, 300).png({ palette: true, colours: 16 }).toBuffer();
    const upload = withPngChunks(
      original,
      [
        pngChunk("tEXt", latin1("Comment\0secret comment")),
        pngChunk("iTXt", latin1("XML:com.adobe.xmp\0\0\0\0\0secret xmp")),
      ],
      latin1("secret payload"),
    );

    const image = await prepareUploadedImage(upload, "png");

    expect(image.method).toBe("stripped");
    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    expect(image.data.includes("secret")).toBe(false);
    expect([image.width, image.height]).toEqual([400, 300]);
    expect(await samePixels(upload, image.data)).toBe(true);
  });

  it("keeps a JPEG's own coded data, without EXIF, comments or trailing bytes, when re-encoding would grow it", async () => {
    const original = await noise(800, 600).jpeg({ quality: 20 }).toBuffer();
    const upload = withJpegSegments(
      original,
      [jpegSegment(0xe1, latin1("Exif\0\0MM\0*secret exif")), jpegSegment(0xfe, latin1("secret comment"))],
      latin1("secret payload"),
    );

    const image = await prepareUploadedImage(upload, "jpeg");

    expect(image.method).toBe("stripped");
    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    expect(image.data.includes("secret")).toBe(false);
    expect(await samePixels(upload, image.data)).toBe(true);
  });

  it("never strips a JPEG that EXIF rotates: it is re-encoded upright, smaller, without EXIF", async () => {
    const upload = await noise(800, 600)
      .jpeg({ quality: 20 })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 40/1 0/1" } })
      .toBuffer();

    const image = await prepareUploadedImage(upload, "jpeg");

    expect(["compact", "downscaled"]).toContain(image.method);
    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    // Portrait, as the EXIF orientation said, and the width and height reported are the stored ones.
    expect(image.height).toBeGreaterThan(image.width);
    const metadata = await sharp(image.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
    expect(metadata.exif).toBeUndefined();
  });

  it("never strips a PNG with an eXIf chunk", async () => {
    const upload = await noise(200, 150)
      .png({ palette: true, colours: 16 })
      .withExif({ IFD0: { Orientation: "6" } })
      .toBuffer();

    const image = await prepareUploadedImage(upload, "png");

    expect(["compact", "downscaled"]).toContain(image.method);
    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    expect(image.data.includes("eXIf")).toBe(false);
    const metadata = await sharp(image.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
  });

  it("re-encodes a WebP more compactly, then smaller, until it is no larger than the upload", async () => {
    const upload = await noise(400, 300).webp({ quality: 10 }).toBuffer();

    const image = await prepareUploadedImage(upload, "webp");

    expect(["compact", "downscaled"]).toContain(image.method);
    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    const metadata = await sharp(image.data).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", image.width, image.height]);
  });

  it("keeps an animated GIF animated when it has to make it smaller", async () => {
    // Noise in four colours, undithered: our re-encoding's 256 dithered colours come out larger.
    const frames = await Promise.all([60, 120, 180].map((mean) => noise(160, 120, mean).png().toBuffer()));
    const upload = await sharp(frames, { join: { animated: true } })
      .gif({ colours: 4, dither: 0 })
      .toBuffer();

    const image = await prepareUploadedImage(upload, "gif");

    expect(image.data.length).toBeLessThanOrEqual(upload.length);
    const metadata = await sharp(image.data, { animated: true }).metadata();
    expect([metadata.format, metadata.pages, metadata.width, metadata.pageHeight]).toEqual([
      "gif",
      3,
      image.width,
      image.height,
    ]);
  });

  it("refuses a photo that no re-encoding, down to a thumbnail, gets as small as the upload", async () => {
    // A single colour, losslessly: 64 bytes that any re-encoding exceeds.
    const upload = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#123456" } })
      .webp({ lossless: true })
      .toBuffer();
    await expect(prepareUploadedImage(upload, "webp")).rejects.toBeInstanceOf(ImageWouldGrowError);
  });
});

describe("image work", () => {
  it("does not start a photo whose caller has given up while it waited", async () => {
    const giveUp = new AbortController();
    giveUp.abort(new Error("request failed"));
    await expect(prepareUploadedImage(bilevelPng(10, 10), "png", { signal: giveUp.signal })).rejects.toThrow(
      "request failed",
    );
  });
});
